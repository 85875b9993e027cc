// A pitch's slots: generation's reads and writes, and the one join of slots with their live booking.
import { and, between, eq, gte, inArray, lt, max, min, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { LIVE_STATUSES } from '../../../contracts/bookings';
import type { Db } from './client';
import { bookingSlotClaims, bookings, closures, slots } from './schema';
import { qualified, rowOf } from './sql';

export type NewSlot = typeof slots.$inferInsert;

const slotFields = {
  id: slots.id,
  documentId: slots.documentId,
  date: slots.date,
  startTime: slots.startTime,
  endTime: slots.endTime,
  startsAt: slots.startsAt,
  price: slots.price,
  // Only a live booking claims a slot (booking_slot_claims, migration 0032), so its status is pending or approved.
  bookingStatus: sql<(typeof LIVE_STATUSES)[number] | null>`${bookings.status}`,
  customerName: bookings.customerName,
  isSubscriber: bookings.isSubscriber,
  // Held for a waiting player's claim (docs/behaviour.md#waitlist): a running offer's range covers the slot.
  held: sql<number>`exists (select 1 from waitlist_entries w where w.status = 'offered'
    and w.offer_facility_id = ${slots.facilityId} and w.offer_starts_at <= ${slots.startsAt}
    and w.offer_ends_at > ${slots.startsAt} and w.offer_expires_at > cast(unixepoch('subsec') * 1000 as integer))`,
  // Closed by a closure (docs/behaviour.md#closures): its reason and public note, and its documentId for staff. Aliased:
  // in a D1 batch drizzle matches columns by name.
  closureReason: sql<(typeof closures.$inferSelect)['reason'] | null>`${closures.reason}`.as('closure_reason'),
  closureNote: sql<string | null>`${closures.note}`.as('closure_note'),
  closureDocumentId: sql<string | null>`${closures.documentId}`.as('closure_document_id'),
};

/**
 * The slots of [from, to] with the live booking holding each (behaviour.md#slots): the public calendar, the panel's calendar (with
 * `extra` booking columns) and the create answer all read this one join. A slot is held when a live booking covers it
 * (its claim, docs/behaviour.md#match-length): every slot of a longer match reads as taken as its first does. Batchable.
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
    .leftJoin(bookingSlotClaims, eq(bookingSlotClaims.slotId, slots.id))
    .leftJoin(bookings, eq(bookings.id, bookingSlotClaims.bookingId))
    .leftJoin(closures, eq(closures.id, slots.closureId))
    .where(and(eq(slots.facilityId, facilityId), between(slots.date, from, to)))
    .orderBy(slots.date, slots.startsAt);
}

/**
 * The slots of a pitch starting in [startsAt, endsAt) with the live booking holding each: what a booking covers, as the
 * live watchers are told of it after a change (docs/behaviour.md#match-length). Walks booking_slots_facility_starts.
 */
export function slotsInRange(db: Db, facilityId: number, startsAt: number, endsAt: number) {
  return db
    .select(slotFields)
    .from(slots)
    .leftJoin(bookingSlotClaims, eq(bookingSlotClaims.slotId, slots.id))
    .leftJoin(bookings, eq(bookings.id, bookingSlotClaims.bookingId))
    .leftJoin(closures, eq(closures.id, slots.closureId))
    .where(and(eq(slots.facilityId, facilityId), gte(slots.startsAt, startsAt), lt(slots.startsAt, endsAt)))
    .orderBy(slots.startsAt)
    .all();
}

export type SlotRow = Awaited<ReturnType<typeof liveSlots<Record<never, never>>>>[number];

/** The lowest and highest slot price of [from, to] (kuruş; null when none): a range scan of the (pitch, date) index. */
export function slotPriceSpan(db: Db, facilityId: number, from: string, to: string) {
  return db
    .select({ min: min(slots.price), max: max(slots.price) })
    .from(slots)
    .where(and(eq(slots.facilityId, facilityId), between(slots.date, from, to)))
    .get();
}

/**
 * The lowest and highest slot price of [from, to] for each of several pitches (kuruş), one row per pitch that has
 * slots there: a range scan of the (pitch, date) index per pitch (the cards of / and /sahalar).
 */
export function slotPriceSpans(db: Db, facilityIds: number[], from: string, to: string) {
  return db
    .select({ facilityId: slots.facilityId, min: min(slots.price), max: max(slots.price) })
    .from(slots)
    .where(and(inArray(slots.facilityId, facilityIds), between(slots.date, from, to)))
    .groupBy(slots.facilityId)
    .all();
}

/** The existing slots of a range and whether a live booking covers each (its claim): what generation may replace. */
export function existingSlots(db: Db, facilityId: number, from: string, to: string) {
  return db
    .select({
      id: slots.id,
      date: slots.date,
      startTime: slots.startTime,
      booked: qualified(
        sql<number>`exists(select 1 from ${bookingSlotClaims} where ${bookingSlotClaims.slotId} = ${slots.id})`,
      ).mapWith(Boolean),
    })
    .from(slots)
    .where(and(eq(slots.facilityId, facilityId), between(slots.date, from, to)))
    .all();
}

/**
 * The dates of [from, to] on which the pitch has slots, one index seek a date (a skip scan of
 * booking_slots_facility_date_time): about one row read a day where reading the slots reads every slot of the range.
 */
export async function generatedDates(db: Db, facilityId: number, from: string, to: string): Promise<string[]> {
  const next = (after: SQL) =>
    sql`(select min(${slots.date}) from ${slots} where ${slots.facilityId} = ${facilityId} and ${slots.date} ${after} and ${slots.date} <= ${to})`;
  const rows = await db.all<{ date: string }>(sql`
    with recursive d(date) as (
      select ${next(sql`>= ${from}`)}
      union all
      select ${next(sql`> d.date`)} from d where d.date is not null
    )
    select date from d where date is not null`);
  return rows.map((r) => r.date);
}

// D1 accepts at most 100 bound parameters a statement, which allowed 12 rows an insert; three months of ten pitches
// took ~1,900 statements. The rows travel as one JSON parameter instead, read back with json_each: a few statements.
const ROWS_PER_STATEMENT = 1500;

const SLOT_COLUMNS = [
  ['documentId', slots.documentId],
  ['facilityId', slots.facilityId],
  ['date', slots.date],
  ['startTime', slots.startTime],
  ['endTime', slots.endTime],
  ['startsAt', slots.startsAt],
  ['endsAt', slots.endsAt],
  ['price', slots.price],
] as const;

/** `insert into booking_slots select … from json_each(?)`, skipping a row that meets an existing (pitch, date, time). */
function insertFromJson(db: Db, rows: NewSlot[]) {
  const payload = JSON.stringify(rows.map((r) => SLOT_COLUMNS.map(([key]) => r[key])));
  const values = Object.fromEntries(
    SLOT_COLUMNS.map(([key], i) => [key, sql`json_extract(value, ${sql.raw(`'$[${i}]'`)})`]),
  ) as Record<(typeof SLOT_COLUMNS)[number][0], SQL>;
  return (
    db
      .insert(slots)
      // `where true` keeps SQLite from reading ON CONFLICT as part of the select (its documented parsing ambiguity).
      .select(db.select(rowOf(slots, values)).from(sql`json_each(${payload})`).where(sql`true`))
      .onConflictDoNothing({ target: [slots.facilityId, slots.date, slots.startTime] })
  );
}

/**
 * Deletes and inserts slots in one atomic batch; an insert that meets an existing (pitch, date, time) is skipped.
 * `also` (the audit row of a staff generation) lands in the same batch: with the slots or not at all.
 */
export async function replaceSlots(
  db: Db,
  removed: number[],
  added: NewSlot[],
  also: BatchItem<'sqlite'>[] = [],
): Promise<void> {
  const statements: BatchItem<'sqlite'>[] = [];
  for (let i = 0; i < removed.length; i += ROWS_PER_STATEMENT) {
    const ids = JSON.stringify(removed.slice(i, i + ROWS_PER_STATEMENT));
    statements.push(db.delete(slots).where(sql`${slots.id} in (select value from json_each(${ids}))`));
  }
  for (let i = 0; i < added.length; i += ROWS_PER_STATEMENT) {
    statements.push(insertFromJson(db, added.slice(i, i + ROWS_PER_STATEMENT)));
  }
  statements.push(...also);
  const [first, ...rest] = statements;
  if (first) await db.batch([first, ...rest]);
}
