// A pitch's slots: generation's reads and writes, and the one join of slots with their live booking.
import { and, between, eq, inArray, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { LIVE_STATUSES } from '../../../contracts/bookings';
import type { Db } from './client';
import { bookings, slots } from './schema';
import { isLive, qualified } from './sql';

export type NewSlot = typeof slots.$inferInsert;

const slotFields = {
  id: slots.id,
  documentId: slots.documentId,
  date: slots.date,
  startTime: slots.startTime,
  endTime: slots.endTime,
  startsAt: slots.startsAt,
  price: slots.price,
  // Only a live booking is joined (below), so its status is pending or approved.
  bookingStatus: sql<(typeof LIVE_STATUSES)[number] | null>`${bookings.status}`,
  customerName: bookings.customerName,
  isSubscriber: bookings.isSubscriber,
};

/**
 * The slots of [from, to] with the live booking holding each (00 §2): the public calendar, the panel's calendar (with
 * `extra` booking columns) and the create answer all read this one join. Batchable.
 */
export function liveSlots<E extends Record<string, SQL.Aliased | SQL | AnySQLiteColumn>>(
  db: Db,
  facilityId: number | SQL<number>,
  from: string | Placeholder<string, string>,
  to: string | Placeholder<string, string>,
  extra?: E,
) {
  return db
    .select({ ...slotFields, ...(extra ?? ({} as E)) })
    .from(slots)
    .leftJoin(bookings, and(eq(bookings.slotId, slots.id), isLive(bookings.status)))
    .where(and(eq(slots.facilityId, facilityId), between(slots.date, from, to)))
    .orderBy(slots.date, slots.startsAt);
}

export type SlotRow = Awaited<ReturnType<typeof liveSlots<Record<never, never>>>>[number];

/** The existing slots of a range and whether a live booking holds each: what generation may replace. */
export function existingSlots(db: Db, facilityId: number, from: string, to: string) {
  return db
    .select({
      id: slots.id,
      date: slots.date,
      startTime: slots.startTime,
      booked: qualified(
        sql<number>`exists(select 1 from ${bookings} where ${bookings.slotId} = ${slots.id} and ${isLive(bookings.status)})`,
      ).mapWith(Boolean),
    })
    .from(slots)
    .where(and(eq(slots.facilityId, facilityId), between(slots.date, from, to)))
    .all();
}

// D1 accepts at most 100 bound parameters per statement; 8 columns a row → 12 rows a statement.
const ROWS_PER_INSERT = 12;
const IDS_PER_DELETE = 90;

/** Deletes and inserts slots in one atomic batch; an insert that meets an existing (pitch, date, time) is skipped. */
export async function replaceSlots(db: Db, removed: number[], added: NewSlot[]): Promise<void> {
  const statements = [];
  for (let i = 0; i < removed.length; i += IDS_PER_DELETE) {
    statements.push(db.delete(slots).where(inArray(slots.id, removed.slice(i, i + IDS_PER_DELETE))));
  }
  for (let i = 0; i < added.length; i += ROWS_PER_INSERT) {
    statements.push(
      db
        .insert(slots)
        .values(added.slice(i, i + ROWS_PER_INSERT))
        .onConflictDoNothing({ target: [slots.facilityId, slots.date, slots.startTime] }),
    );
  }
  const [first, ...rest] = statements;
  if (first) await db.batch([first, ...rest]);
}
