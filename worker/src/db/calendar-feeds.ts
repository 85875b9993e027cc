// The calendar entries' reads and the subscription feeds (migration 0027, calendar_feeds): a booking by its number for
// 'Takvime ekle', a feed's bookings by its token in one indexed read, and the staff's create, renew and revoke, each
// with its audit row in the same batch.
import { and, asc, eq, gte, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { type AuditEntry, recordAudit } from './audit';
import type { Db } from './client';
import { bookings, calendarFeeds, facilities } from './schema';

/** What a calendar entry shows of a booking. */
export const icsBookingFields = {
  documentId: bookings.documentId,
  bookingNumber: bookings.bookingNumber,
  status: bookings.status,
  date: bookings.date,
  startTime: bookings.startTime,
  endTime: bookings.endTime,
  startsAt: bookings.startsAt,
  // The match's real end (docs/behaviour.md#match-length): DTEND.
  endsAt: bookings.endsAt,
  totalPrice: bookings.totalPrice,
  depositAmount: bookings.depositAmount,
  collected: bookings.collected,
  updatedAt: bookings.updatedAt,
};

/** What a calendar entry shows of the pitch: where to go. */
export const icsPitchFields = {
  name: facilities.name,
  address: facilities.address,
  latitude: facilities.latitude,
  longitude: facilities.longitude,
  googleMapsLocation: facilities.googleMapsLocation,
};

/** One booking by its full number, with its pitch (the unique index on booking_number). */
export function icsBookingByNumber(db: Db, bookingNumber: string) {
  return db
    .select({ booking: icsBookingFields, pitch: icsPitchFields })
    .from(bookings)
    .innerJoin(facilities, eq(facilities.id, bookings.facilityId))
    .where(eq(bookings.bookingNumber, bookingNumber))
    .get();
}

/**
 * A live feed's bookings from `from` (ms) on, in start order, in one read: the token's unique index, then the group's
 * bookings by bookings_recurring_group. A live token with no such booking answers one row with `booking` null; a revoked
 * or unknown one answers none.
 */
export function feedBookings(db: Db, token: string, from: number) {
  return db
    .select({ groupId: calendarFeeds.recurringGroupId, booking: icsBookingFields, pitch: icsPitchFields })
    .from(calendarFeeds)
    .leftJoin(
      bookings,
      and(eq(bookings.recurringGroupId, calendarFeeds.recurringGroupId), gte(bookings.startsAt, from)),
    )
    .leftJoin(facilities, eq(facilities.id, bookings.facilityId))
    .where(and(eq(calendarFeeds.token, token), isNull(calendarFeeds.revokedAt)))
    .orderBy(asc(bookings.startsAt))
    .all();
}

const live = (groupId: string) => and(eq(calendarFeeds.recurringGroupId, groupId), isNull(calendarFeeds.revokedAt));

/** The subscription's first booking (what its audit rows name) and its live feed, if any. */
export async function groupAndFeed(db: Db, groupId: string) {
  const [first, feed] = await db.batch([
    db
      .select({
        bookingNumber: bookings.bookingNumber,
        facilityName: facilities.name,
        date: bookings.date,
        startTime: bookings.startTime,
        startsAt: bookings.startsAt,
      })
      .from(bookings)
      .innerJoin(facilities, eq(facilities.id, bookings.facilityId))
      .where(eq(bookings.recurringGroupId, groupId))
      .orderBy(asc(bookings.startsAt))
      .limit(1),
    db.select().from(calendarFeeds).where(live(groupId)),
  ]);
  return { first: first[0], feed: feed[0] };
}

export type FeedRow = typeof calendarFeeds.$inferSelect;

/** A new live feed (the partial unique index refuses a second one), with its audit row. */
export async function insertFeed(
  db: Db,
  row: { token: string; recurringGroupId: string; createdById: number; createdAt: number },
  audit: AuditEntry,
  { revokeLive = false } = {},
) {
  const revoke = db.update(calendarFeeds).set({ revokedAt: row.createdAt }).where(live(row.recurringGroupId));
  const insert = db.insert(calendarFeeds).values(row);
  const log = recordAudit(db, audit);
  if (revokeLive) await db.batch([revoke, insert, log]);
  else await db.batch([insert, log]);
}

/** Revokes the live feed, if there is one; the audit row only then. */
export async function revokeFeed(db: Db, groupId: string, now: number, audit: AuditEntry) {
  await db.batch([
    db.update(calendarFeeds).set({ revokedAt: now }).where(live(groupId)),
    recordAudit(db, audit, { whenChanged: true }),
  ]);
}

/**
 * KVKK erasure: every live feed of a subscription the phone holds bookings in is revoked, in the erasure's batch
 * (before the bookings lose the phone).
 */
export function revokeFeedsOfPhone(db: Db, phone: string, now: number) {
  return db
    .update(calendarFeeds)
    .set({ revokedAt: now })
    .where(
      and(
        isNull(calendarFeeds.revokedAt),
        inArray(
          calendarFeeds.recurringGroupId,
          db
            .select({ id: sql<string>`${bookings.recurringGroupId}` })
            .from(bookings)
            .where(and(eq(bookings.customerPhone, phone), isNotNull(bookings.recurringGroupId))),
        ),
      ),
    );
}
