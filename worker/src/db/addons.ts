// A pitch's paid add-ons (Saha Servisleri).
import { and, asc, eq, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { ADDONS_MAX } from '../../../contracts/addons';
import type { Db } from './client';
import type { AddonRow } from './facilities';
import { facilityAddons } from './schema';
import { rowOf } from './sql';

export type AddonValues = Pick<
  typeof facilityAddons.$inferInsert,
  'name' | 'nameKey' | 'description' | 'price' | 'unit' | 'isActive' | 'stockPerSlot'
>;

export function addonsOfFacility(db: Db, facilityId: number): Promise<AddonRow[]> {
  return db
    .select()
    .from(facilityAddons)
    .where(eq(facilityAddons.facilityId, facilityId))
    .orderBy(asc(facilityAddons.sortOrder), asc(facilityAddons.id))
    .all();
}

const countOf = (facilityId: number) =>
  sql`(select count(*) from ${facilityAddons} where ${facilityAddons.facilityId} = ${facilityId})`;

/**
 * Adds an add-on at the end of the pitch's list, unless the list is full: the count and the insert are one statement,
 * so two staff adding at once cannot pass the cap. Returns the new row, or undefined when the list was full.
 */
export async function insertAddon(
  db: Db,
  facilityId: number,
  values: AddonValues,
  now: number,
  audit: BatchItem<'sqlite'>,
) {
  const row = rowOf(facilityAddons, {
    ...values,
    facilityId,
    sortOrder: sql`coalesce((select max(${facilityAddons.sortOrder}) from ${facilityAddons} where ${facilityAddons.facilityId} = ${facilityId}), -1) + 1`,
    createdAt: now,
    updatedAt: now,
  });
  const [inserted] = await db.batch([
    db
      .insert(facilityAddons)
      .select(
        db
          .select(row)
          .from(sql`(select 1)`)
          .where(sql`${countOf(facilityId)} < ${ADDONS_MAX}`),
      )
      .returning(),
    audit,
  ]);
  return inserted[0];
}

export async function updateAddon(
  db: Db,
  facilityId: number,
  id: number,
  values: AddonValues,
  now: number,
  audit: BatchItem<'sqlite'>,
) {
  const [rows] = await db.batch([
    db
      .update(facilityAddons)
      .set({ ...values, updatedAt: now })
      .where(and(eq(facilityAddons.facilityId, facilityId), eq(facilityAddons.id, id)))
      .returning(),
    audit,
  ]);
  return rows[0];
}

export async function addonById(db: Db, facilityId: number, id: number): Promise<AddonRow | undefined> {
  return db
    .select()
    .from(facilityAddons)
    .where(and(eq(facilityAddons.facilityId, facilityId), eq(facilityAddons.id, id)))
    .get();
}

export async function deleteAddon(db: Db, facilityId: number, id: number, audit: BatchItem<'sqlite'>) {
  const [rows] = await db.batch([
    db
      .delete(facilityAddons)
      .where(and(eq(facilityAddons.facilityId, facilityId), eq(facilityAddons.id, id)))
      .returning({ id: facilityAddons.id }),
    audit,
  ]);
  return rows.length > 0;
}

/** Puts the pitch's add-ons in the order of `ids` (ids of other pitches are ignored), in one batch. */
export async function reorderAddons(db: Db, facilityId: number, ids: number[], now: number): Promise<void> {
  const updates = ids.map((id, i) =>
    db
      .update(facilityAddons)
      .set({ sortOrder: i, updatedAt: now })
      .where(and(eq(facilityAddons.facilityId, facilityId), eq(facilityAddons.id, id))),
  );
  const [first, ...rest] = updates;
  if (first) await db.batch([first, ...rest]);
}
