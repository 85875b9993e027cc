// Player ratings (docs/behaviour.md#ratings): the only reader and writer of ratings. facility_rating_stats is kept by
// triggers (migration 0029) and read with the pitches (db/facilities.ts).
import { and, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { PUBLIC_COMMENTS } from '../../../contracts/ratings';
import type { Db } from './client';
import { bookings, facilities, ratings, users } from './schema';

export type RatingRow = typeof ratings.$inferSelect;

/** What decides whether the booking a number names may be rated, and its rating if it has one. */
export async function bookingForRating(db: Db, bookingNumber: string) {
  const [booking, rating] = await db.batch([
    db
      .select({
        id: bookings.id,
        status: bookings.status,
        attendance: bookings.attendance,
        startsAt: bookings.startsAt,
        startTime: bookings.startTime,
        endTime: bookings.endTime,
      })
      .from(bookings)
      .where(eq(bookings.bookingNumber, bookingNumber)),
    ratingOfNumber(db, bookingNumber),
  ]);
  return { booking: booking[0], rating: rating[0] };
}

/** The rating of the booking a number names (tracking reads it beside the booking). */
export const ratingOfNumber = (db: Db, bookingNumber: string) =>
  db
    .select({
      score: ratings.score,
      comment: ratings.comment,
      hiddenAt: ratings.hiddenAt,
      createdAt: ratings.createdAt,
    })
    .from(ratings)
    .innerJoin(bookings, eq(bookings.id, ratings.bookingId))
    .where(eq(bookings.bookingNumber, bookingNumber));

/**
 * The rating, in one statement that checks again what the caller checked (approved, not marked 'Gelmedi') and leaves a
 * booking that has one as it is: the unique booking id decides between two racing tries. Null when nothing was written.
 */
export async function insertRating(
  db: Db,
  bookingId: number,
  score: number,
  comment: string | null,
  now: number,
): Promise<number | null> {
  const rows = await db.all<{ id: number }>(sql`
    insert into ${ratings} (booking_id, facility_id, score, comment, created_at)
    select b.id, b.facility_id, ${score}, ${comment}, ${now}
    from ${bookings} b
    where b.id = ${bookingId} and b.status = 'approved' and (b.attendance is null or b.attendance <> 'no_show')
    on conflict (booking_id) do nothing
    returning id`);
  return rows[0]?.id ?? null;
}

/** The pitch page's latest comments anyone may read, newest first (the partial index ratings_public_comments). */
export const publicComments = (db: Db, facilityId: number, limit = PUBLIC_COMMENTS) =>
  db
    .select({ score: ratings.score, comment: ratings.comment, createdAt: ratings.createdAt })
    .from(ratings)
    .where(and(eq(ratings.facilityId, facilityId), isNotNull(ratings.comment), isNull(ratings.hiddenAt)))
    .orderBy(desc(ratings.createdAt), desc(ratings.id))
    .limit(limit)
    .all();

/** A rating as staff read it: with the booking it rates and who hid its comment. */
const staffRatingSelect = (db: Db) =>
  db
    .select({
      id: ratings.id,
      score: ratings.score,
      comment: ratings.comment,
      hiddenAt: ratings.hiddenAt,
      hiddenByUsername: users.username,
      hiddenByFirst: users.firstName,
      hiddenByLast: users.lastName,
      createdAt: ratings.createdAt,
      bookingNumber: bookings.bookingNumber,
      date: bookings.date,
      startTime: bookings.startTime,
      startsAt: bookings.startsAt,
    })
    .from(ratings)
    .innerJoin(bookings, eq(bookings.id, ratings.bookingId))
    .leftJoin(users, eq(users.id, ratings.hiddenById));

/** One page of a pitch's ratings for staff, newest first, with the pitch's count and score sum. */
export async function staffRatingsPage(db: Db, facilityId: number, limit: number, offset: number) {
  const [rows, total] = await db.batch([
    staffRatingSelect(db)
      .where(eq(ratings.facilityId, facilityId))
      .orderBy(desc(ratings.createdAt), desc(ratings.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count(), sum: sql<number>`coalesce(sum(${ratings.score}), 0)` })
      .from(ratings)
      .where(eq(ratings.facilityId, facilityId)),
  ]);
  return { rows, total: total[0]?.n ?? 0, sum: total[0]?.sum ?? 0 };
}

export const staffRatingOne = (db: Db, id: number) => staffRatingSelect(db).where(eq(ratings.id, id)).get();

export type StaffRatingRow = Awaited<ReturnType<typeof staffRatingsPage>>['rows'][number];

/** A rating with the pitch and booking facts its audit row names. */
export const ratingById = (db: Db, id: number) =>
  db
    .select({
      id: ratings.id,
      facilityId: ratings.facilityId,
      score: ratings.score,
      hiddenAt: ratings.hiddenAt,
      facilityName: facilities.name,
      bookingNumber: bookings.bookingNumber,
      date: bookings.date,
      startTime: bookings.startTime,
      startsAt: bookings.startsAt,
    })
    .from(ratings)
    .innerJoin(bookings, eq(bookings.id, ratings.bookingId))
    .innerJoin(facilities, eq(facilities.id, ratings.facilityId))
    .where(eq(ratings.id, id))
    .get();

/** Hides or shows the comment; only the visibility columns change (a trigger refuses any change of the score). */
export const setRatingHidden = (db: Db, id: number, hidden: boolean, staffId: number, now: number) =>
  db
    .update(ratings)
    .set(hidden ? { hiddenAt: now, hiddenById: staffId } : { hiddenAt: null, hiddenById: null })
    .where(eq(ratings.id, id));

/** KVKK erasure: the comments on the phone's bookings, in the erasure's batch, while the phone still finds them. */
export const eraseCommentsOfPhone = (db: Db, phone: string) =>
  db
    .update(ratings)
    .set({ comment: null })
    .where(
      inArray(
        ratings.bookingId,
        db.select({ id: bookings.id }).from(bookings).where(eq(bookings.customerPhone, phone)),
      ),
    );
