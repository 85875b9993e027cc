// Finding a pitch by what a URL or a form names it: its slug, its documentId, or (all digits) its numeric id.
import { and, desc, eq, isNull, or, type Placeholder, sql } from 'drizzle-orm';
import type { Db } from './client';
import { facilities } from './schema';
import { qualified } from './sql';

/** `ref` may be a placeholder, for statements rendered once (see db/sql.ts renderedBatch). */
type Ref = string | Placeholder<string, string>;

/** A deleted pitch (soft delete, migration 0004) is no longer there for any reference. */
export const notDeleted = isNull(facilities.deletedAt);

const matches = (ref: Ref) =>
  and(
    notDeleted,
    or(
      eq(facilities.slug, ref),
      eq(facilities.documentId, ref),
      and(sql`${ref} <> ''`, sql`${ref} not glob '*[^0-9]*'`, sql`${facilities.id} = cast(${ref} as integer)`),
    ),
  );

/** The id of the pitch `ref` names, as a subquery; an exact slug or documentId wins over a numeric id. */
export const facilityIdOf = (db: Db, ref: Ref) =>
  qualified(
    sql<number>`(${db
      .select({ id: facilities.id })
      .from(facilities)
      .where(matches(ref))
      .orderBy(desc(or(eq(facilities.slug, ref), eq(facilities.documentId, ref))!))
      .limit(1)})`,
  );

export function facilityRef(db: Db, ref: string) {
  return db
    .select({
      id: facilities.id,
      isActive: facilities.isActive,
      documentId: facilities.documentId,
      name: facilities.name,
    })
    .from(facilities)
    .where(eq(facilities.id, facilityIdOf(db, ref)))
    .get();
}

export function activeFacilityIds(db: Db) {
  return db
    .select({ id: facilities.id })
    .from(facilities)
    .where(and(eq(facilities.isActive, true), notDeleted))
    .all();
}
