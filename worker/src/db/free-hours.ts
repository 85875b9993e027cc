// 'Boş saat bul' in one statement: the free starts of one business day's window across every active pitch
// (docs/behaviour.md#boş-saat-bul).
import { and, asc, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { HourWindow } from '../../../contracts/free-hours';
import { COVERED_AMENITY } from '../../../contracts/free-hours';
import { foldSearch } from '../../../contracts/search';
import type { Db } from './client';
import { notDeleted } from './facility-ref';
import { bookings, facilities, slots } from './schema';
import { folded, isLive, quoted } from './sql';

export interface FreeHoursFilter {
  date: string;
  window: Pick<HourWindow, 'from' | 'to' | 'crossesMidnight'>;
  /** Only starts after this instant (ms): today's past starts are not free. */
  after: number;
  shuttle: boolean;
  covered: boolean;
  floodlit: boolean;
}

/** An available amenity of the pitch whose folded name is one of `names` (the pitch form's presets). */
const hasAmenity = (names: string[]): SQL<number> =>
  sql<number>`exists(select 1 from facility_amenities a where a.facility_id = ${facilities.id} and a.available = 1 and ${folded(sql`a.name`)} in ${sql.raw(`(${names.map((n) => quoted(foldSearch(n))).join(', ')})`)})`;

const COVERED = hasAmenity([COVERED_AMENITY, 'Kapalı', 'Üstü Kapalı']);
const FLOODLIT = hasAmenity(['Gece Aydınlatma', 'Aydınlatma', 'Işıklandırma']);

/**
 * Every free start of `date` in the window, one row per start with its pitch, pitches by the public list's order
 * (priority, then name), starts by their real instant. Free is the public calendar's own rule (services/slots.ts
 * slotToWire): no live booking holds the slot and it has not started. Index-bound: the active pitches from
 * facilities_listing, each pitch's window from the (pitch, date, start) unique index, each slot's live booking from
 * bookings_slot; so the cost follows the pitches and the window's slots, never the number of bookings.
 */
export function freeStarts(db: Db, f: FreeHoursFilter) {
  const w = f.window;
  const window = w.crossesMidnight
    ? sql`(${slots.startTime} >= ${w.from} or ${slots.startTime} < ${w.to})`
    : and(sql`${slots.startTime} >= ${w.from}`, sql`${slots.startTime} < ${w.to}`);
  return db
    .select({
      facilityId: facilities.id,
      slug: facilities.slug,
      name: facilities.name,
      location: facilities.location,
      address: facilities.address,
      shuttle: facilities.transportIsActive,
      covered: sql<number>`${COVERED}`.mapWith(Boolean),
      floodlit: sql<number>`${FLOODLIT}`.mapWith(Boolean),
      image: sql<
        string | null
      >`(select i.r2_key from facility_images i where i.facility_id = ${facilities.id} order by i.sort_order, i.id limit 1)`,
      id: slots.id,
      documentId: slots.documentId,
      date: slots.date,
      startTime: slots.startTime,
      endTime: slots.endTime,
      startsAt: slots.startsAt,
      endsAt: slots.endsAt,
      price: slots.price,
      // Null on every row (the where clause keeps only slots no live booking holds): the public rule reads it.
      bookingStatus: sql<'pending' | 'approved' | null>`${bookings.status}`,
    })
    .from(facilities)
    .innerJoin(slots, and(eq(slots.facilityId, facilities.id), eq(slots.date, f.date), window))
    .leftJoin(bookings, and(eq(bookings.slotId, slots.id), isLive(bookings.status)))
    .where(
      and(
        eq(facilities.isActive, true),
        notDeleted,
        // Unary plus: the start instant is a filter on the day's window, never the index to walk (SQLite would otherwise
        // take (pitch, starts_at > now), every slot still ahead to the horizon, over the day's (pitch, date, start)).
        sql`+${slots.startsAt} > ${f.after}`,
        isNull(bookings.id),
        f.shuttle ? eq(facilities.transportIsActive, true) : undefined,
        f.covered ? COVERED : undefined,
        f.floodlit ? FLOODLIT : undefined,
      ),
    )
    .orderBy(desc(facilities.priority), asc(facilities.name), asc(facilities.id), asc(slots.startsAt));
}

export type FreeStartRow = Awaited<ReturnType<typeof freeStarts>>[number];
