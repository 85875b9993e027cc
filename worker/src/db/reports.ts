// Raporlar (issue 12): every report of one date range (and optionally one pitch) in one D1 batch. Each reads the bookings
// of the range through bookings_date_time / bookings_facility_date (play date), the occupancy the pitch's slots through
// booking_slots_facility_date_time, so the cost follows the range, not the table.
import { and, between, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { ReportBucket } from '../../../contracts/reports';
import type { Db } from './client';
import { bookings, slots } from './schema';

const approved = eq(bookings.status, 'approved');

function bucketOf(bucket: ReportBucket): SQL<string> {
  if (bucket === 'month') return sql<string>`strftime('%Y-%m-01', ${bookings.date})`;
  // The week's Monday: SQLite's %w is 0 for Sunday.
  if (bucket === 'week')
    return sql<string>`date(${bookings.date}, '-' || ((cast(strftime('%w', ${bookings.date}) as integer) + 6) % 7) || ' days')`;
  return sql<string>`${bookings.date}`;
}

const sumOf = (e: SQL | typeof bookings.totalPrice) => sql<number>`coalesce(sum(${e}), 0)`;

export async function reportRows(db: Db, from: string, to: string, facilityId: number | null, bucket: ReportBucket) {
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

  return db.batch([
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
        phone: bookings.customerPhone,
        // The name of the customer's latest booking in the range.
        name: sql<string>`(select b2.customer_name from ${bookings} b2 where b2.customer_phone = ${bookings.customerPhone} order by b2.date desc, b2.start_time desc limit 1)`,
        bookings: sql<number>`count(*)`,
        revenue: sumOf(bookings.totalPrice),
      })
      .from(bookings)
      .where(and(inRange, approved))
      .groupBy(bookings.customerPhone)
      .orderBy(desc(sql`4`), desc(sql`3`))
      .limit(10),
    db
      .select({
        weekday: sql<number>`((cast(strftime('%w', ${slots.date}) as integer) + 6) % 7) + 1`,
        hour: sql<string>`substr(${slots.startTime}, 1, 2) || ':00'`,
        generated: sql<number>`count(*)`,
        booked: sql<number>`count(${bookings.id})`,
      })
      .from(slots)
      .leftJoin(bookings, and(eq(bookings.slotId, slots.id), approved))
      .where(slotsInRange)
      .groupBy(sql`1`, sql`2`)
      .orderBy(sql`1`, sql`2`),
  ]);
}
