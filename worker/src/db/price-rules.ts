// A pitch's price rules and the re-pricing of its free slots.
import { and, asc, between, eq, gt, notExists, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from './client';
import { bookingSlotClaims, priceRules, slots } from './schema';

export type PriceRuleRow = typeof priceRules.$inferSelect;
export type NewPriceRule = Omit<typeof priceRules.$inferInsert, 'id' | 'facilityId' | 'sortOrder'>;

/** A pitch's rules in their order, which breaks priority ties (contracts/pricing.ts). */
export function rulesOf(db: Db, facilityId: number): Promise<PriceRuleRow[]> {
  return db
    .select()
    .from(priceRules)
    .where(eq(priceRules.facilityId, facilityId))
    .orderBy(asc(priceRules.sortOrder), asc(priceRules.id))
    .all();
}

/**
 * Replaces a pitch's whole rule set, and writes its audit row, in one atomic batch: a failed save leaves the old set
 * whole and records nothing.
 */
export async function replaceRules(
  db: Db,
  facilityId: number,
  rules: NewPriceRule[],
  now: number,
  audit: BatchItem<'sqlite'>,
): Promise<void> {
  const remove = db.delete(priceRules).where(eq(priceRules.facilityId, facilityId));
  if (rules.length === 0) {
    await db.batch([remove, audit]);
    return;
  }
  const insert = db
    .insert(priceRules)
    .values(rules.map((r, i) => ({ ...r, facilityId, sortOrder: i, createdAt: now, updatedAt: now })));
  await db.batch([remove, insert, audit]);
}

/** The free slots of [from, to] still ahead: the only ones re-pricing may touch. */
export function freeSlotsAhead(db: Db, facilityId: number, from: string, to: string, now: number) {
  return db
    .select({ id: slots.id, date: slots.date, startTime: slots.startTime, price: slots.price })
    .from(slots)
    .where(
      and(
        eq(slots.facilityId, facilityId),
        between(slots.date, from, to),
        gt(slots.startsAt, now),
        notExists(db.select({ one: sql`1` }).from(bookingSlotClaims).where(eq(bookingSlotClaims.slotId, slots.id))),
      ),
    )
    .all();
}

/** Booked slots (a live booking holds them) in [from, to] still ahead: reported, never re-priced. */
export async function bookedSlotsAhead(db: Db, facilityId: number, from: string, to: string, now: number) {
  const row = await db
    .select({ n: sql<number>`count(*)` })
    .from(slots)
    .innerJoin(bookingSlotClaims, eq(bookingSlotClaims.slotId, slots.id))
    .where(and(eq(slots.facilityId, facilityId), between(slots.date, from, to), gt(slots.startsAt, now)))
    .get();
  return row?.n ?? 0;
}

// One JSON parameter of [id, price] pairs a statement (D1 allows 100 bound parameters), like replaceSlots.
const PAIRS_PER_STATEMENT = 1500;

/**
 * Sets new prices on free slots in one atomic batch. The statement itself re-checks that no live booking holds the slot,
 * so even a path outside the pitch's object could never re-price a booked slot. `also` (the audit row) lands
 * in the same batch.
 */
export async function setSlotPrices(
  db: Db,
  changes: Array<{ id: number; price: number }>,
  also: BatchItem<'sqlite'>[] = [],
): Promise<void> {
  const statements: BatchItem<'sqlite'>[] = [];
  for (let i = 0; i < changes.length; i += PAIRS_PER_STATEMENT) {
    const pairs = JSON.stringify(changes.slice(i, i + PAIRS_PER_STATEMENT).map((c) => [c.id, c.price]));
    const priceOf = sql`(select json_extract(value, '$[1]') from json_each(${pairs}) where json_extract(value, '$[0]') = ${slots.id})`;
    statements.push(
      db
        .update(slots)
        .set({ price: sql`${priceOf}` })
        .where(
          and(
            sql`${slots.id} in (select json_extract(value, '$[0]') from json_each(${pairs}))`,
            notExists(db.select({ one: sql`1` }).from(bookingSlotClaims).where(eq(bookingSlotClaims.slotId, slots.id))),
          ),
        ),
    );
  }
  statements.push(...also);
  const [first, ...rest] = statements;
  if (first) await db.batch([first, ...rest]);
}
