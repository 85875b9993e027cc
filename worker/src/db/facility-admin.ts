// Staff writes to the pitch aggregate: create, update, toggle, soft delete. Every change is one D1 batch, so
// a pitch and its amenities, pickup points and images change together or not at all.
import { and, eq, gt, gte, inArray, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { changedBooking } from './bookings';
import type { Db } from './client';
import { notifyEvent, recordHistory } from './events';
import { notDeleted } from './facility-ref';
import { amenities, bookings, facilities, facilityImages, pickupPoints } from './schema';
import { isLive } from './sql';

export type FacilityValues = Omit<typeof facilities.$inferInsert, 'id' | 'documentId' | 'slug' | 'createdAt'>;
export type AmenityValues = Omit<typeof amenities.$inferInsert, 'id' | 'facilityId'>;
export type PickupPointValues = Omit<typeof pickupPoints.$inferInsert, 'facilityId'>;
export type ImageValues = Omit<typeof facilityImages.$inferInsert, 'id' | 'facilityId' | 'createdAt'>;

/** Slugs already taken by `base` or `base-N`, deleted pitches included (the column is unique). */
export async function slugsLike(db: Db, base: string): Promise<Set<string>> {
  const rows = await db
    .select({ slug: facilities.slug })
    .from(facilities)
    // `base-…` as a range ('.' follows '-'): a LIKE pattern over a long slug is 'too complex' for D1.
    .where(or(eq(facilities.slug, base), and(gte(facilities.slug, `${base}-`), lt(facilities.slug, `${base}.`))))
    .all();
  return new Set(rows.map((r) => r.slug));
}

/** Which of these pickup point ids belong to a pitch other than `facilityId` (ids are global). */
export async function pickupIdsOfOthers(db: Db, ids: string[], facilityId: number | null): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: pickupPoints.id })
    .from(pickupPoints)
    .where(
      facilityId === null
        ? inArray(pickupPoints.id, ids)
        : and(inArray(pickupPoints.id, ids), ne(pickupPoints.facilityId, facilityId)),
    )
    .all();
  return new Set(rows.map((r) => r.id));
}

const idOfDocument = (documentId: string) =>
  sql<number>`(select ${facilities.id} from ${facilities} where ${facilities.documentId} = ${documentId})`;

/** The new pitch with its parts, in one batch; returns its id. */
export async function insertFacility(
  db: Db,
  row: FacilityValues & { documentId: string; slug: string; createdAt: number },
  parts: { amenities: AmenityValues[]; pickupPoints: PickupPointValues[]; images: ImageValues[] },
  audit?: BatchItem<'sqlite'>,
): Promise<number> {
  const fid = idOfDocument(row.documentId);
  const [inserted] = await db.batch([
    db.insert(facilities).values(row).returning({ id: facilities.id }),
    ...partInserts(db, fid, parts),
    ...(audit ? [audit] : []),
  ]);
  return inserted[0].id;
}

function partInserts(
  db: Db,
  fid: SQL<number> | number,
  parts: { amenities: AmenityValues[]; pickupPoints: PickupPointValues[]; images: ImageValues[] },
) {
  const out = [];
  if (parts.amenities.length)
    out.push(db.insert(amenities).values(parts.amenities.map((a) => ({ ...a, facilityId: fid }))));
  if (parts.pickupPoints.length)
    out.push(db.insert(pickupPoints).values(parts.pickupPoints.map((p) => ({ ...p, facilityId: fid }))));
  if (parts.images.length)
    out.push(db.insert(facilityImages).values(parts.images.map((i) => ({ ...i, facilityId: fid }))));
  return out;
}

/**
 * The pitch's fields, its amenities and pickup points replaced as sent, images added and removed, in one batch. A
 * booking keeps its pickup point's name, address and time in its own columns, so removing a point loses nothing
 * already booked.
 */
export async function updateFacilityRow(
  db: Db,
  facilityId: number,
  set: FacilityValues,
  parts: {
    amenities: AmenityValues[];
    pickupPoints: PickupPointValues[];
    images: ImageValues[];
    deleteImageIds: number[];
  },
  /** The audit row, written right after the update and only if it changed the pitch. */
  audit?: BatchItem<'sqlite'>,
): Promise<boolean> {
  const [updated] = await db.batch([
    db
      .update(facilities)
      .set(set)
      .where(and(eq(facilities.id, facilityId), notDeleted))
      .returning({ id: facilities.id }),
    ...(audit ? [audit] : []),
    db.delete(amenities).where(eq(amenities.facilityId, facilityId)),
    db.delete(pickupPoints).where(eq(pickupPoints.facilityId, facilityId)),
    db
      .delete(facilityImages)
      .where(
        and(
          eq(facilityImages.facilityId, facilityId),
          inArray(facilityImages.id, parts.deleteImageIds.length ? parts.deleteImageIds : [-1]),
        ),
      ),
    ...partInserts(db, facilityId, parts),
  ]);
  return updated.length > 0;
}

export async function setFacilityActive(
  db: Db,
  facilityId: number,
  isActive: boolean,
  now: number,
  audit?: BatchItem<'sqlite'>,
) {
  const [rows] = await db.batch([
    db
      .update(facilities)
      .set({ isActive, updatedAt: now })
      .where(and(eq(facilities.id, facilityId), notDeleted))
      .returning({ id: facilities.id }),
    ...(audit ? [audit] : []),
  ]);
  return rows[0];
}

/** Pending or approved bookings of the pitch whose slot has not started yet. */
const activeBookingsOf = (facilityId: number, now: number) =>
  and(eq(bookings.facilityId, facilityId), isLive(bookings.status), gt(bookings.startsAt, now))!;

/** The active bookings holding money (kuruş collected): a forced delete's deposit decision applies to them. */
export function heldActiveBookings(db: Db, facilityId: number, now: number) {
  return db
    .select({
      id: bookings.id,
      bookingNumber: bookings.bookingNumber,
      date: bookings.date,
      startTime: bookings.startTime,
      startsAt: bookings.startsAt,
      collected: bookings.collected,
    })
    .from(bookings)
    .where(and(activeBookingsOf(facilityId, now), gt(bookings.collected, 0)))
    .all();
}

export async function activeBookingCount(db: Db, facilityId: number, now: number): Promise<number> {
  const row = await db
    .select({ n: sql<number>`count(*)` })
    .from(bookings)
    .where(activeBookingsOf(facilityId, now))
    .get();
  return row?.n ?? 0;
}

/**
 * Cancels the pitch's active bookings (a history row and a staff notification each, through db/events.ts; money
 * collected stays received unless `also` refunds or keeps it) and soft-deletes the pitch, in one batch. Runs inside the pitch's Durable Object lock.
 */
export async function retireFacility(
  db: Db,
  facilityId: number,
  now: number,
  event: {
    reason: string;
    actorUserId: number;
    actorLabel: string;
  },
  /** The audit row, written right after the soft delete and only if it changed the pitch. */
  audit: BatchItem<'sqlite'>,
  /** More statements after it (the deposit decision's payment rows). */
  also: BatchItem<'sqlite'>[] = [],
) {
  const due = activeBookingsOf(facilityId, now);
  const [, notified, cancelled, retired] = await db.batch([
    recordHistory(db, due, {
      bookingId: bookings.id,
      fromStatus: bookings.status,
      toStatus: 'cancelled',
      reason: event.reason,
      actorType: 'staff',
      actorUserId: event.actorUserId,
      actorLabel: event.actorLabel,
      createdAt: now,
    }),
    notifyEvent(db, due, {
      kind: 'booking_cancelled_by_staff',
      documentId: sql`lower(hex(randomblob(12)))`,
      actorUserId: event.actorUserId,
      createdAt: now,
      facts: { actorLabel: event.actorLabel },
    }),
    db
      .update(bookings)
      .set({
        status: 'cancelled',
        cancellationReason: event.reason,
        cancelledAt: now,
        expiresAt: null,
        updatedAt: now,
      })
      .where(due)
      .returning(changedBooking),
    db
      .update(facilities)
      .set({ deletedAt: now, updatedAt: now })
      .where(and(eq(facilities.id, facilityId), notDeleted))
      .returning({ id: facilities.id }),
    audit,
    ...also,
  ]);
  return { cancelled, notifications: notified, deleted: retired.length > 0 };
}
