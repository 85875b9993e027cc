// Reads of the pitch aggregate: the pitch, its images, amenities, pickup points and add-ons, and the slots of its calendar.
import { and, asc, count, eq, gt, gte, inArray, lt, lte, max, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { RATINGS_SHOWN_FROM } from '../../../contracts/ratings';
import type { Db } from './client';
import { facilityIdOf, notDeleted } from './facility-ref';
import {
  amenities,
  type Facility,
  facilities,
  facilityAddons,
  facilityImages,
  facilityRatingStats,
  pickupPoints,
  slots,
} from './schema';
import { liveSlots } from './slots';
import { folded, renderedBatch } from './sql';

export type FacilityRow = Facility;
export type ImageRow = typeof facilityImages.$inferSelect;
export type AmenityRow = typeof amenities.$inferSelect;
export type PickupPointRow = typeof pickupPoints.$inferSelect;
export type AddonRow = typeof facilityAddons.$inferSelect;
export type RatingStatsRow = typeof facilityRatingStats.$inferSelect;

export interface FacilityParts {
  images: ImageRow[];
  amenities: AmenityRow[];
  pickupPoints: PickupPointRow[];
  /** Every add-on of the pitch, active or not (the public answer keeps the active ones). */
  addons: AddonRow[];
  /** The pitches' rating summaries (docs/behaviour.md#ratings); a pitch nobody rated has none. */
  ratingStats: RatingStatsRow[];
}
export interface FacilityBundle extends FacilityParts {
  facility: FacilityRow;
}

const imagesOf = (db: Db, facilityId: number[] | SQLWrapper) =>
  db
    .select()
    .from(facilityImages)
    .where(idIn(facilityImages.facilityId, facilityId))
    .orderBy(asc(facilityImages.sortOrder), asc(facilityImages.id));
const amenitiesOf = (db: Db, facilityId: number[] | SQLWrapper) =>
  db
    .select()
    .from(amenities)
    .where(idIn(amenities.facilityId, facilityId))
    .orderBy(asc(amenities.sortOrder), asc(amenities.id));
const pickupPointsOf = (db: Db, facilityId: number[] | SQLWrapper) =>
  db
    .select()
    .from(pickupPoints)
    .where(idIn(pickupPoints.facilityId, facilityId))
    .orderBy(asc(pickupPoints.sortOrder), asc(pickupPoints.id));

const addonsOf = (db: Db, facilityId: number[] | SQLWrapper) =>
  db
    .select()
    .from(facilityAddons)
    .where(idIn(facilityAddons.facilityId, facilityId))
    .orderBy(asc(facilityAddons.sortOrder), asc(facilityAddons.id));

const ratingStatsOf = (db: Db, facilityId: number[] | SQLWrapper) =>
  db.select().from(facilityRatingStats).where(idIn(facilityRatingStats.facilityId, facilityId));

function idIn(column: AnySQLiteColumn, ids: number[] | SQLWrapper): SQL {
  return Array.isArray(ids) ? inArray(column, ids) : eq(column, ids);
}

/** The parts of the given pitches, each list in its display order. */
export async function partsOfFacilities(db: Db, ids: number[]): Promise<FacilityParts> {
  if (ids.length === 0) return { images: [], amenities: [], pickupPoints: [], addons: [], ratingStats: [] };
  const [images, ams, pps, ads, stats] = await db.batch([
    imagesOf(db, ids),
    amenitiesOf(db, ids),
    pickupPointsOf(db, ids),
    addonsOf(db, ids),
    ratingStatsOf(db, ids),
  ]);
  return { images, amenities: ams, pickupPoints: pps, addons: ads, ratingStats: stats };
}

/** The pitches with these ids and their parts, in one round trip. */
export async function facilitiesWithParts(db: Db, ids: number[]): Promise<{ rows: FacilityRow[] } & FacilityParts> {
  if (ids.length === 0) return { rows: [], images: [], amenities: [], pickupPoints: [], addons: [], ratingStats: [] };
  const [rows, images, ams, pps, ads, stats] = await db.batch([
    db
      .select()
      .from(facilities)
      .where(and(inArray(facilities.id, ids), notDeleted)),
    imagesOf(db, ids),
    amenitiesOf(db, ids),
    pickupPointsOf(db, ids),
    addonsOf(db, ids),
    ratingStatsOf(db, ids),
  ]);
  return { rows, images, amenities: ams, pickupPoints: pps, addons: ads, ratingStats: stats };
}

/** One pitch by reference with its parts, in one round trip; undefined when no pitch matches. */
export async function facilityWithPartsByRef(db: Db, ref: string): Promise<FacilityBundle | undefined> {
  return facilityWithParts(db, facilityIdOf(db, ref));
}

/** One pitch by its numeric id with its parts, in one round trip (for callers that hold the id, not a reference). */
export async function facilityWithPartsById(db: Db, id: number): Promise<FacilityBundle | undefined> {
  return facilityWithParts(db, sql`${id}`);
}

async function facilityWithParts(db: Db, id: SQLWrapper): Promise<FacilityBundle | undefined> {
  const [rows, images, ams, pps, ads, stats] = await db.batch([
    db.select().from(facilities).where(eq(facilities.id, id)),
    imagesOf(db, id),
    amenitiesOf(db, id),
    pickupPointsOf(db, id),
    addonsOf(db, id),
    ratingStatsOf(db, id),
  ]);
  return rows[0]
    ? { facility: rows[0], images, amenities: ams, pickupPoints: pps, addons: ads, ratingStats: stats }
    : undefined;
}

export async function facilityByRef(db: Db, ref: string): Promise<FacilityRow | undefined> {
  return db
    .select()
    .from(facilities)
    .where(eq(facilities.id, facilityIdOf(db, ref)))
    .get();
}

export async function activeFacilityRows(db: Db): Promise<FacilityRow[]> {
  return db
    .select()
    .from(facilities)
    .where(and(eq(facilities.isActive, true), notDeleted))
    .all();
}

/** What the sitemap needs of each active pitch. */
export async function activeFacilityPaths(db: Db): Promise<Array<{ slug: string; updatedAt: number }>> {
  return db
    .select({ slug: facilities.slug, updatedAt: facilities.updatedAt })
    .from(facilities)
    .where(and(eq(facilities.isActive, true), notDeleted))
    .all();
}

/** Every pitch, active or not (a deleted one is gone). */
export async function facilityTotal(db: Db): Promise<number> {
  return (await db.select({ n: count() }).from(facilities).where(notDeleted).get())?.n ?? 0;
}

const contains = (column: AnySQLiteColumn, foldedNeedle: string) => sql`instr(${folded(column)}, ${foldedNeedle}) > 0`;

/** List filters with needles already folded (foldSearch) and prices in kuruş. */
export interface FacilityFilter {
  activeOnly: boolean;
  isActive?: boolean;
  slug?: string;
  name?: string;
  address?: string;
  search?: string;
  price: { gte?: number; lte?: number; gt?: number; lt?: number };
}

export type FacilitySortKeys = Pick<FacilityRow, 'id' | 'name' | 'priority' | 'hourlyPrice' | 'createdAt'> & {
  /** The average players gave, null under the count the pages show it from (contracts/ratings.ts). */
  rating: number | null;
};

/**
 * The sort keys of every pitch the filter lets through, in id order (the order the list kept before it was filtered
 * here, which the stable sort keeps for pitches that compare equal).
 */
export async function filteredFacilityKeys(db: Db, f: FacilityFilter): Promise<FacilitySortKeys[]> {
  const conds: Array<SQL | undefined> = [
    notDeleted,
    f.activeOnly ? eq(facilities.isActive, true) : undefined,
    f.isActive === undefined ? undefined : eq(facilities.isActive, f.isActive),
    f.slug ? eq(facilities.slug, f.slug) : undefined,
    f.name ? contains(facilities.name, f.name) : undefined,
    f.address ? contains(facilities.address, f.address) : undefined,
    f.search ? or(contains(facilities.name, f.search), contains(facilities.address, f.search)) : undefined,
    f.price.gte === undefined ? undefined : gte(facilities.hourlyPrice, f.price.gte),
    f.price.lte === undefined ? undefined : lte(facilities.hourlyPrice, f.price.lte),
    f.price.gt === undefined ? undefined : gt(facilities.hourlyPrice, f.price.gt),
    f.price.lt === undefined ? undefined : lt(facilities.hourlyPrice, f.price.lt),
  ];
  return db
    .select({
      id: facilities.id,
      name: facilities.name,
      priority: facilities.priority,
      hourlyPrice: facilities.hourlyPrice,
      createdAt: facilities.createdAt,
      rating: sql<number | null>`case when ${facilityRatingStats.ratings} >= ${RATINGS_SHOWN_FROM}
        then round(1.0 * ${facilityRatingStats.scoreSum} / ${facilityRatingStats.ratings}, 1) end`,
    })
    .from(facilities)
    .leftJoin(facilityRatingStats, eq(facilityRatingStats.facilityId, facilities.id))
    .where(and(...conds))
    .orderBy(asc(facilities.id))
    .all();
}

/**
 * A pitch's calendar for [from, to] in one round trip: the pitch, its slots each with its live booking if any, and the
 * last date it has slots for.
 */
export async function facilityCalendarByRef(db: Db, ref: string, from: string, to: string) {
  // The public calendar is the hottest read: its statements are rendered once per isolate (db/sql.ts renderedBatch).
  const [facilityRows, slotRows, last] = await renderedBatch(
    db,
    'facility-calendar',
    () => {
      const id = facilityIdOf(db, sql.placeholder('ref'));
      return [
        db
          .select({
            id: facilities.id,
            documentId: facilities.documentId,
            slug: facilities.slug,
            name: facilities.name,
            isActive: facilities.isActive,
            hourlyPrice: facilities.hourlyPrice,
            depositAmount: facilities.depositAmount,
            workingHours: facilities.workingHours,
            bookingTimeType: facilities.bookingTimeType,
            startTimeOffset: facilities.startTimeOffset,
            matchLengths: facilities.matchLengths,
            halfHourStarts: facilities.halfHourStarts,
            depositPerHour: facilities.depositPerHour,
          })
          .from(facilities)
          .where(eq(facilities.id, id)),
        liveSlots(db, id, sql.placeholder('from'), sql.placeholder('to')),
        db
          .select({ last: max(slots.date) })
          .from(slots)
          .where(eq(slots.facilityId, id)),
      ] as const;
    },
    { ref, from, to },
  );
  return { facility: facilityRows[0], slots: slotRows, lastSlotDate: last[0]?.last ?? null };
}
