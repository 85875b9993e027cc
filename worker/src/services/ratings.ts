// Verified ratings (docs/behaviour.md#ratings). Only the holder of a booking, proving it with the full number, may rate
// its pitch, once, after the approved match was really played (its real end passed, not marked 'Gelmedi'), within
// RATING_WINDOW_DAYS of that end. Staff hide or show a comment, audited; nobody changes a score. Pages show a pitch's
// average and count only from RATINGS_SHOWN_FROM ratings on.
import type { PublicUser } from '../../../contracts/auth';
import { istanbulToday } from '../../../contracts/dates';
import { slotEndInstant } from '../../../contracts/ics';
import { msg } from '../../../contracts/messages';
import type { RateInput } from '../../../contracts/rating-input';
import {
  type BookingRatingWire,
  type PublicRatingCommentWire,
  RATING_WINDOW_DAYS,
  ratingMsg,
  ratingSummary,
  STAFF_RATINGS_PAGE_SIZE,
  type StaffRatingWire,
} from '../../../contracts/ratings';
import { actorName, recordAudit } from '../db/audit';
import type { Db } from '../db/client';
import * as store from '../db/ratings';
import { conflict, notFound } from '../lib/errors';
import { isoInstant } from '../lib/time';

const DAY_MS = 86_400_000;

type RatedBooking = {
  status: string;
  attendance: string | null;
  startsAt: number;
  startTime: string;
  endTime: string;
};

/** Why the booking cannot be rated now, or null when it can. */
export function ratingRefusal(b: RatedBooking, now: number): string | null {
  if (b.status !== 'approved') return ratingMsg.notApproved;
  if (b.attendance === 'no_show') return ratingMsg.noShow;
  const end = slotEndInstant(b.startsAt, b.startTime, b.endTime);
  if (now < end) return ratingMsg.notPlayedYet;
  if (now > end + RATING_WINDOW_DAYS * DAY_MS) return ratingMsg.windowClosed;
  return null;
}

/** The last moment the booking may be rated. */
const ratingUntil = (b: RatedBooking) =>
  slotEndInstant(b.startsAt, b.startTime, b.endTime) + RATING_WINDOW_DAYS * DAY_MS;

type GivenRow = { score: number; comment: string | null; hiddenAt: number | null; createdAt: number };

const givenToWire = (r: GivenRow): BookingRatingWire => ({
  state: 'given',
  score: r.score,
  comment: r.comment,
  commentHidden: r.hiddenAt !== null,
  createdAt: isoInstant(r.createdAt)!,
});

/** Tracking's view: the rating given, else the form while rating is open, else nothing. */
export function ratingState(b: RatedBooking, given: GivenRow | undefined, now: number): BookingRatingWire | null {
  if (given) return givenToWire(given);
  return ratingRefusal(b, now) === null ? { state: 'open', until: isoInstant(ratingUntil(b))! } : null;
}

/** The holder rates the booking's pitch: the rating as tracking then shows it. */
export async function rateBooking(db: Db, bookingNumber: string, input: RateInput, now: number) {
  const { booking, rating } = await store.bookingForRating(db, bookingNumber);
  if (!booking) throw notFound(msg.bookingNotFound);
  if (rating) throw conflict(ratingMsg.alreadyRated);
  const refusal = ratingRefusal(booking, now);
  if (refusal) throw conflict(refusal);
  const id = await store.insertRating(db, booking.id, input.score, input.comment, now);
  if (id === null) {
    // Another try won the race (the unique booking id), or staff changed the booking in between.
    const again = await store.bookingForRating(db, bookingNumber);
    if (again.rating) throw conflict(ratingMsg.alreadyRated);
    throw conflict(again.booking ? (ratingRefusal(again.booking, now) ?? ratingMsg.notApproved) : msg.bookingNotFound);
  }
  return givenToWire({ score: input.score, comment: input.comment, hiddenAt: null, createdAt: now });
}

/** The pitch page's latest comments anyone may read: stars, the day and the text, nothing about who wrote them. */
export async function latestComments(db: Db, facilityId: number): Promise<PublicRatingCommentWire[]> {
  return (await store.publicComments(db, facilityId)).map((r) => ({
    score: r.score,
    comment: r.comment ?? '',
    date: istanbulToday(r.createdAt),
  }));
}

const staffName = (r: {
  hiddenByUsername: string | null;
  hiddenByFirst: string | null;
  hiddenByLast: string | null;
}) =>
  r.hiddenByUsername === null
    ? null
    : actorName({ username: r.hiddenByUsername, firstName: r.hiddenByFirst, lastName: r.hiddenByLast });

const staffToWire = (r: store.StaffRatingRow): StaffRatingWire => ({
  id: r.id,
  score: r.score,
  comment: r.comment,
  hidden: r.hiddenAt !== null,
  hiddenAt: isoInstant(r.hiddenAt),
  hiddenBy: r.hiddenAt === null ? null : staffName(r),
  createdAt: isoInstant(r.createdAt)!,
  bookingNumber: r.bookingNumber,
  date: r.date,
  startTime: r.startTime,
  startsAt: isoInstant(r.startsAt)!,
});

/** A pitch's ratings for staff, newest first, with the exact count and mean (shown to staff at any count). */
export async function staffRatings(db: Db, facilityId: number, page: number) {
  const size = STAFF_RATINGS_PAGE_SIZE;
  const { rows, total, sum } = await store.staffRatingsPage(db, facilityId, size, (page - 1) * size);
  return {
    data: rows.map(staffToWire),
    meta: {
      pagination: { page, pageSize: size, pageCount: Math.max(1, Math.ceil(total / size)), total },
      count: total,
      average: total ? Math.round((sum / total) * 10) / 10 : null,
      /** What the public pages show: null under 3 ratings. */
      publicSummary: ratingSummary(total, sum),
    },
  };
}

/** Staff hide or show a rating's comment, audited in the same batch; the score is never touched. */
export async function setCommentHidden(
  db: Db,
  id: number,
  hidden: boolean,
  actor: PublicUser,
  now: number,
): Promise<StaffRatingWire> {
  const r = await store.ratingById(db, id);
  if (!r) throw notFound(ratingMsg.ratingNotFound);
  if ((r.hiddenAt !== null) !== hidden) {
    await db.batch([
      store.setRatingHidden(db, id, hidden, actor.id, now),
      recordAudit(
        db,
        {
          at: now,
          actor,
          entityId: String(id),
          event: {
            kind: hidden ? 'rating.hide' : 'rating.show',
            label: r.bookingNumber,
            facts: {
              facilityName: r.facilityName,
              date: r.date,
              startTime: r.startTime,
              startsAt: r.startsAt,
              score: r.score,
            },
          },
        },
        { whenChanged: true },
      ),
    ]);
  }
  const row = await store.staffRatingOne(db, id);
  if (!row) throw notFound(ratingMsg.ratingNotFound);
  return staffToWire(row);
}
