// 'Boş saat bul' in one statement: the free starts of one business day's window across every active pitch
// (docs/behaviour.md#boş-saat-bul).
import { and, asc, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { HourWindow } from '../../../contracts/free-hours';
import { COVERED_AMENITY } from '../../../contracts/free-hours';
import { MATCH_LENGTH_MAX } from '../../../contracts/match-length';
import { foldSearch } from '../../../contracts/search';
import type { Db } from './client';
import { notDeleted } from './facility-ref';
import { bookingSlotClaims, facilities, slots } from './schema';
import { folded, quoted } from './sql';

export interface FreeHoursFilter {
  date: string;
  window: Pick<HourWindow, 'from' | 'to' | 'crossesMidnight'>;
  /** Only starts after this instant (ms): today's past starts are not free. */
  after: number;
  shuttle: boolean;
  covered: boolean;
  floodlit: boolean;
  /** A match length (minutes): only starts from which the pitch offers and fits it (docs/behaviour.md#match-length). */
  minutes?: number;
}

/** An available amenity of the pitch whose folded name is one of `names` (the pitch form's presets). */
const hasAmenity = (names: string[]): SQL<number> =>
  sql<number>`exists(select 1 from facility_amenities a where a.facility_id = ${facilities.id} and a.available = 1 and ${folded(sql`a.name`)} in ${sql.raw(`(${names.map((n) => quoted(foldSearch(n))).join(', ')})`)})`;

const COVERED = hasAmenity([COVERED_AMENITY, 'Kapalı', 'Üstü Kapalı']);

/**
 * A match of `minutes` from the slot (docs/behaviour.md#match-length), as contracts/match-length.ts and the booking write
 * judge it: the pitch offers the length (its list's valid entries, else one slot), may start a match there, and the
 * covered slots (walked by booking_slots_facility_starts) tile the match on the slot's business day, none claimed.
 * Also the match's end time and price, for the answer.
 */
function matchFrom(minutes: number) {
  const slotLength = sql`(case ${facilities.bookingTimeType} when 'half-hourly' then 30 else 60 end)`;
  const end = sql`${slots.startsAt} + ${minutes * 60_000}`;
  const covered = sql`from booking_slots s2 where s2.facility_id = ${slots.facilityId} and s2.starts_at >= ${slots.startsAt}
    and s2.starts_at < ${end}`;
  const validLength = (v: SQL) => sql`${v} % ${slotLength} = 0 and ${v} between ${slotLength} and ${MATCH_LENGTH_MAX}`;
  return {
    fits: and(
      sql`${minutes} % ${slotLength} = 0`,
      sql`(exists (select 1 from json_each(${facilities.matchLengths}) j where j.value = ${minutes})
        or (${minutes} = ${slotLength} and not exists (select 1 from json_each(${facilities.matchLengths}) j
          where ${validLength(sql`j.value`)})))`,
      sql`(${facilities.bookingTimeType} = 'hourly' or ${facilities.halfHourStarts} = 1
        or substr(${slots.startTime}, 4, 2) = case ${facilities.startTimeOffset} when 'half_hour' then '30' else '00' end)`,
      sql`(select coalesce(sum(s2.ends_at - s2.starts_at), 0) ${covered} and s2.date = ${slots.date}
        and s2.ends_at <= ${end}) = ${minutes * 60_000}`,
      sql`not exists (select 1 from booking_slots s2 join ${bookingSlotClaims} c on c.slot_id = s2.id
        where s2.facility_id = ${slots.facilityId} and s2.starts_at >= ${slots.startsAt} and s2.starts_at < ${end})`,
      // No covered slot is closed (docs/behaviour.md#closures).
      sql`not exists (select 1 ${covered} and s2.closure_id is not null)`,
    ),
    endTime: sql<string>`(select s2.end_time ${covered} order by s2.starts_at desc limit 1)`,
    endsAt: sql<number>`${end}`,
    price: sql<number>`(select sum(s2.price) ${covered})`,
  };
}
const FLOODLIT = hasAmenity(['Gece Aydınlatma', 'Aydınlatma', 'Işıklandırma']);

/**
 * Every free start of `date` in the window, one row per start with its pitch, pitches by the public list's order
 * (priority, then name), starts by their real instant. Free is the public calendar's own rule (services/slots.ts
 * slotToWire): no live booking covers the slot (its claim) and it has not started; with `minutes`, a match of that
 * length fits from it. Index-bound: the active pitches from facilities_listing, each pitch's window from the (pitch,
 * date, start) unique index, each slot's claim by its primary key (a match's covered slots by the (pitch, start) index);
 * so the cost follows the pitches and the window's slots, never the number of bookings.
 */
export function freeStarts(db: Db, f: FreeHoursFilter) {
  const w = f.window;
  const match = f.minutes === undefined ? null : matchFrom(f.minutes);
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
      endTime: match ? match.endTime : slots.endTime,
      startsAt: slots.startsAt,
      endsAt: match ? match.endsAt : slots.endsAt,
      price: match ? match.price : slots.price,
      // Null on every row (the where clause keeps only slots no live booking covers): the public rule reads it.
      bookingStatus: sql<'pending' | 'approved' | null>`null`,
    })
    .from(facilities)
    .innerJoin(slots, and(eq(slots.facilityId, facilities.id), eq(slots.date, f.date), window))
    .leftJoin(bookingSlotClaims, eq(bookingSlotClaims.slotId, slots.id))
    .where(
      and(
        eq(facilities.isActive, true),
        notDeleted,
        // Unary plus: the start instant is a filter on the day's window, never the index to walk (SQLite would otherwise
        // take (pitch, starts_at > now), every slot still ahead to the horizon, over the day's (pitch, date, start)).
        sql`+${slots.startsAt} > ${f.after}`,
        isNull(bookingSlotClaims.slotId),
        // A closed slot is never offered (docs/behaviour.md#closures).
        isNull(slots.closureId),
        // A slot held for a waiting player is not free (docs/behaviour.md#waitlist).
        sql`not exists (select 1 from waitlist_entries w where w.status = 'offered' and w.offer_facility_id = ${slots.facilityId}
          and w.offer_starts_at <= ${slots.startsAt} and w.offer_ends_at > ${slots.startsAt} and w.offer_expires_at > ${f.after})`,
        match?.fits,
        f.shuttle ? eq(facilities.transportIsActive, true) : undefined,
        f.covered ? COVERED : undefined,
        f.floodlit ? FLOODLIT : undefined,
      ),
    )
    .orderBy(desc(facilities.priority), asc(facilities.name), asc(facilities.id), asc(slots.startsAt));
}

export type FreeStartRow = Awaited<ReturnType<typeof freeStarts>>[number];

/**
 * The active pitches a 'Boş saat bul' search of `date` and `window` looks at, whatever is free (the waitlist's window
 * entry waits at these; docs/behaviour.md#waitlist): those with a slot in the window still ahead, by the search's filters.
 */
export function windowPitches(db: Db, f: FreeHoursFilter) {
  const w = f.window;
  const window = w.crossesMidnight
    ? sql`(${slots.startTime} >= ${w.from} or ${slots.startTime} < ${w.to})`
    : and(sql`${slots.startTime} >= ${w.from}`, sql`${slots.startTime} < ${w.to}`);
  return db
    .selectDistinct({
      facilityId: facilities.id,
      slug: facilities.slug,
      name: facilities.name,
      location: facilities.location,
      address: facilities.address,
    })
    .from(facilities)
    .innerJoin(slots, and(eq(slots.facilityId, facilities.id), eq(slots.date, f.date), window))
    .where(
      and(
        eq(facilities.isActive, true),
        notDeleted,
        sql`+${slots.startsAt} > ${f.after}`,
        f.shuttle ? eq(facilities.transportIsActive, true) : undefined,
        f.covered ? COVERED : undefined,
        f.floodlit ? FLOODLIT : undefined,
      ),
    );
}
