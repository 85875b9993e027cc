// Raporlar's oracle (issue 12): the seven report statements as they were before migration 0016, GROUP BYs over the
// bookings and slots themselves. reports.consistency.test.ts checks that the summary-backed statements of
// worker/src/db/reports.ts answer exactly what these answer.
import { and, between, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { ReportBucket } from '../../contracts/reports';
import type { Db } from '../../worker/src/db/client';
import { bookings, slots } from '../../worker/src/db/schema';
import { isLive } from '../../worker/src/db/sql';

// Literal, never bound: SQLite uses a partial index only when the query's own term names the same constant.
const approved = sql`${bookings.status} = 'approved'`;

function bucketOf(bucket: ReportBucket): SQL<string> {
  if (bucket === 'month') return sql<string>`strftime('%Y-%m-01', ${bookings.date})`;
  // The week's Monday: SQLite's %w is 0 for Sunday.
  if (bucket === 'week')
    return sql<string>`date(${bookings.date}, '-' || ((cast(strftime('%w', ${bookings.date}) as integer) + 6) % 7) || ' days')`;
  return sql<string>`${bookings.date}`;
}

const sumOf = (e: SQL | typeof bookings.totalPrice) => sql<number>`coalesce(sum(${e}), 0)`;

/** The reports as GROUP BYs over bookings and slots, exactly as db/reports.ts read them before migration 0016. */
export function rawReportStatements(db: Db, from: string, to: string, facilityId: number | null, bucket: ReportBucket) {
  const inRange = and(
    between(bookings.date, from, to),
    facilityId === null ? undefined : eq(bookings.facilityId, facilityId),
  );
  const bucketKey = bucketOf(bucket);
  const reasonOf = sql<string>`coalesce(nullif(trim(case ${bookings.status} when 'cancelled' then ${bookings.cancellationReason} else ${bookings.rejectionReason} end), ''), '')`;
  const slotsInRange = and(
    between(slots.date, from, to),
    facilityId === null ? undefined : eq(slots.facilityId, facilityId),
  );
  const addon = sql`json_each(${bookings.addons})`;
  const top = db
    .select({
      phone: sql<string>`${bookings.customerPhone}`.as('phone'),
      bookings: sql<number>`count(*)`.as('bookings'),
      revenue: sql<number>`sum(${bookings.totalPrice})`.as('revenue'),
    })
    .from(bookings)
    .where(and(inRange, approved))
    .groupBy(bookings.customerPhone)
    .orderBy(desc(sql`revenue`), desc(sql`bookings`))
    .limit(10)
    .as('top');

  return [
    db
      .select({
        start: bucketKey,
        bookings: sql<number>`count(*)`,
        revenue: sumOf(bookings.totalPrice),
        deposits: sumOf(sql`${bookings.depositAmount}`),
        slot: sumOf(sql`${bookings.slotPrice}`),
        shuttle: sumOf(sql`${bookings.transportationPrice}`),
        addons: sumOf(sql`${bookings.addonsPrice}`),
      })
      .from(bookings)
      .where(and(inRange, approved))
      .groupBy(bucketKey)
      .orderBy(bucketKey),
    db
      .select({ status: bookings.status, count: sql<number>`count(*)` })
      .from(bookings)
      .where(inRange)
      .groupBy(bookings.status),
    db
      .select({ status: bookings.status, reason: reasonOf, count: sql<number>`count(*)` })
      .from(bookings)
      .where(and(inRange, sql`${bookings.status} in ('cancelled', 'rejected')`))
      .groupBy(bookings.status, reasonOf)
      .orderBy(desc(sql`count(*)`))
      .limit(20),
    db
      .select({
        subscriberBookings: sumOf(sql`${bookings.isSubscriber}`),
        subscriberRevenue: sumOf(sql`case when ${bookings.isSubscriber} then ${bookings.totalPrice} end`),
        shuttleBookings: sumOf(sql`${bookings.includesTransportation}`),
        shuttleRevenue: sumOf(sql`${bookings.transportationPrice}`),
      })
      .from(bookings)
      .where(and(inRange, approved)),
    db
      .select({
        name: sql<string>`json_extract(value, '$.name')`,
        bookings: sql<number>`count(*)`,
        quantity: sumOf(sql`json_extract(value, '$.quantity')`),
        revenue: sumOf(sql`json_extract(value, '$.total')`),
      })
      .from(bookings)
      .innerJoin(addon, sql`true`)
      .where(and(inRange, approved, sql`${bookings.addonsPrice} > 0`))
      .groupBy(sql`json_extract(value, '$.name')`)
      .orderBy(desc(sql`4`)),
    db
      .select({
        phone: top.phone,
        // The name of the customer's latest booking, read for the ten only.
        name: sql<string>`(select b2.customer_name from ${bookings} b2 where b2.customer_phone = ${top.phone} order by b2.date desc, b2.start_time desc limit 1)`,
        bookings: top.bookings,
        revenue: top.revenue,
      })
      .from(top)
      .orderBy(desc(top.revenue), desc(top.bookings)),
    db
      .select({
        weekday: sql<number>`((cast(strftime('%w', ${slots.date}) as integer) + 6) % 7) + 1`,
        hour: sql<string>`substr(${slots.startTime}, 1, 2) || ':00'`,
        generated: sql<number>`count(*)`,
        booked: sql<number>`count(case when ${bookings.status} = 'approved' then 1 end)`,
      })
      .from(slots)
      // The join names the live-booking index's own condition (bookings_one_live_per_slot); approved ones are counted.
      .leftJoin(bookings, and(eq(bookings.slotId, slots.id), isLive(bookings.status)))
      .where(slotsInRange)
      .groupBy(sql`1`, sql`2`)
      .orderBy(sql`1`, sql`2`),
  ] as const;
}
