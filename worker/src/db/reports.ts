// Raporlar: every report of one date range (and optionally one pitch) in one D1 batch. All but the top
// customers read summaries the triggers of migration 0016 keep in the same statement as every booking and slot write,
// each keyed by play date first, so a year of every pitch reads a few thousand small rows, not 100,000 bookings:
// - revenue, statuses and the subscriber / shuttle shares: booking_day_stats (a row per day, pitch, status and the two
//   customer flags, with the price parts summed); week and month buckets are grouped from its days here;
// - reasons: booking_reason_stats; add-ons: booking_addon_stats (day, pitch, name);
// - occupancy: slot_hour_stats (pitch, day, hour), whose facility_id 0 rows hold every pitch's slots per day and hour;
// - top customers: the approved bookings of the range through the covering index bookings_report (phone and price),
//   summed per phone: a summary per phone would be as large as the bookings when most customers book once.
// test/worker/reports.consistency.test.ts checks each against the GROUP BYs over bookings and slots they replace.
import { type AnyColumn, and, between, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { ReportBucket } from '../../../contracts/reports';
import type { Db } from './client';
import { bookingAddonStats, bookingDayStats, bookingReasonStats, bookings, slotHourStats } from './schema';

/** slot_hour_stats' key for every pitch. */
const EVERY_FACILITY = 0;

// Literal, never bound: SQLite uses a partial index only when the query's own term names the same constant.
const approved = sql`${bookings.status} = 'approved'`;
const dayApproved = sql`${bookingDayStats.status} = 'approved'`;

function bucketOf(bucket: ReportBucket, date: AnyColumn): SQL<string> {
  if (bucket === 'month') return sql<string>`strftime('%Y-%m-01', ${date})`;
  // The week's Monday: SQLite's %w is 0 for Sunday.
  if (bucket === 'week')
    return sql<string>`date(${date}, '-' || ((cast(strftime('%w', ${date}) as integer) + 6) % 7) || ' days')`;
  return sql<string>`${date}`;
}

const sumOf = (e: SQL | AnyColumn) => sql<number>`coalesce(sum(${e}), 0)`;

type Keyed = typeof bookingDayStats | typeof bookingReasonStats | typeof bookingAddonStats | typeof bookings;

/** The range (and pitch) on a table keyed by date and facility_id. */
const rangeOf = (t: Keyed, from: string, to: string, facilityId: number | null) =>
  and(between(t.date, from, to), facilityId === null ? undefined : eq(t.facilityId, facilityId));

/** The statements of one report, in the order `reportRows` answers them (the plan test explains each). */
export function reportStatements(db: Db, from: string, to: string, facilityId: number | null, bucket: ReportBucket) {
  const d = bookingDayStats;
  const bucketKey = bucketOf(bucket, d.date);
  const top = db
    .select({
      phone: sql<string>`${bookings.customerPhone}`.as('phone'),
      bookings: sql<number>`count(*)`.as('bookings'),
      revenue: sql<number>`sum(${bookings.totalPrice})`.as('revenue'),
    })
    .from(bookings)
    .where(and(rangeOf(bookings, from, to, facilityId), approved))
    .groupBy(bookings.customerPhone)
    .orderBy(desc(sql`revenue`), desc(sql`bookings`), sql`phone`)
    .limit(10)
    .as('top');
  const occupancyDay = slotHourStats.date;

  return [
    db
      .select({
        start: bucketKey,
        bookings: sumOf(d.bookings),
        revenue: sumOf(d.totalPrice),
        deposits: sumOf(d.depositAmount),
        slot: sumOf(d.slotPrice),
        shuttle: sumOf(d.transportationPrice),
        addons: sumOf(d.addonsPrice),
      })
      .from(d)
      .where(and(rangeOf(d, from, to, facilityId), dayApproved))
      .groupBy(bucketKey)
      .orderBy(bucketKey),
    db
      .select({ status: d.status, count: sumOf(d.bookings) })
      .from(d)
      .where(rangeOf(d, from, to, facilityId))
      .groupBy(d.status),
    db
      .select({
        status: bookingReasonStats.status,
        reason: bookingReasonStats.reason,
        count: sumOf(bookingReasonStats.bookings),
      })
      .from(bookingReasonStats)
      .where(rangeOf(bookingReasonStats, from, to, facilityId))
      .groupBy(bookingReasonStats.status, bookingReasonStats.reason)
      .orderBy(desc(sql`3`), bookingReasonStats.status, bookingReasonStats.reason)
      .limit(20),
    db
      .select({
        subscriberBookings: sumOf(sql`case when ${d.isSubscriber} then ${d.bookings} end`),
        subscriberRevenue: sumOf(sql`case when ${d.isSubscriber} then ${d.totalPrice} end`),
        shuttleBookings: sumOf(sql`case when ${d.includesTransportation} then ${d.bookings} end`),
        shuttleRevenue: sumOf(d.transportationPrice),
      })
      .from(d)
      .where(and(rangeOf(d, from, to, facilityId), dayApproved)),
    db
      .select({
        name: bookingAddonStats.name,
        bookings: sumOf(bookingAddonStats.bookings),
        quantity: sumOf(bookingAddonStats.quantity),
        revenue: sumOf(bookingAddonStats.revenue),
      })
      .from(bookingAddonStats)
      .where(rangeOf(bookingAddonStats, from, to, facilityId))
      .groupBy(bookingAddonStats.name)
      .orderBy(desc(sql`4`), bookingAddonStats.name),
    db
      .select({
        phone: top.phone,
        // The name of the customer's latest booking, read for the ten only: the latest date is one seek of
        // bookings_phone_date, then that day's bookings of the phone (not every booking the phone ever made).
        name: sql<string>`(select b2.customer_name from ${bookings} b2 indexed by bookings_phone_date
          where b2.customer_phone = ${top.phone}
            and b2.date = (select max(b3.date) from ${bookings} b3 where b3.customer_phone = ${top.phone})
          order by b2.start_time desc limit 1)`,
        bookings: top.bookings,
        revenue: top.revenue,
      })
      .from(top)
      .orderBy(desc(top.revenue), desc(top.bookings), sql`${top.phone}`),
    db
      .select({
        weekday: sql<number>`((cast(strftime('%w', ${occupancyDay}) as integer) + 6) % 7) + 1`,
        hour: slotHourStats.hour,
        // Capacity: the slots generated less those a closure holds closed (docs/behaviour.md#closures).
        generated: sumOf(sql`${slotHourStats.generated} - ${slotHourStats.closed}`),
        booked: sumOf(slotHourStats.booked),
      })
      .from(slotHourStats)
      .where(and(eq(slotHourStats.facilityId, facilityId ?? EVERY_FACILITY), between(occupancyDay, from, to)))
      .groupBy(sql`1`, sql`2`)
      .orderBy(sql`1`, sql`2`),
  ] as const;
}

export async function reportRows(db: Db, from: string, to: string, facilityId: number | null, bucket: ReportBucket) {
  return db.batch(reportStatements(db, from, to, facilityId, bucket));
}
