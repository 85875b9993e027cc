// The customer list and detail: filters, sorts and pages over customer_stats, the per-customer figures that
// migration 0006's triggers (redefined by 0022) keep in step with every booking write, so no request aggregates the
// bookings table. Figures that change with the clock are recomputed first, for the rows whose moment has come. Also
// the from-scratch recomputation of those figures (window functions over every booking) that the tests hold the
// triggers to.
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import {
  ACTIVE_DAYS,
  type ActivityStatus,
  INACTIVE_DAYS,
  NO_SHOW_WEIGHT,
  WARNING_MIN_CONSECUTIVE,
} from '../../../contracts/customer-risk';
import type { CustomerSort } from '../../../contracts/customers';
import { facilityMsg } from '../../../contracts/facility-form';
import { addDays } from '../lib/time';
import type { Db } from './client';
import { bookings, customerStats, customers, facilities } from './schema';
import { quoted } from './sql';

export interface CustomerFilter {
  customerType?: 'subscriber' | 'standard' | 'all';
  warningsOnly: boolean;
  hasTransportation: boolean;
  /** Already in the form search_key keeps: folded text, or a phone's digits. */
  search?: string;
  dateFrom?: string;
  dateTo?: string;
  minBookings?: number;
  maxBookings?: number;
  minCancellationRate?: number;
  maxCancellationRate?: number;
  activityStatus?: ActivityStatus | 'all';
}

/*
 * Values go into the SQL as literals, as in booking-list.ts (SQLite plans the index reads far better with them): dates
 * passed the YYYY-MM-DD schema, numbers are finite, and the search text is quoted with its single quotes doubled.
 */
const literal = (v: string | number) => sql.raw(typeof v === 'number' ? String(v) : quoted(v.replace(/\0/g, '')));

/** Every customer, subscriber or not, is warned by the same run of cancellations the risk label reads. */
const isWarned = sql`(${customerStats.consecutiveCancellations} >= ${literal(WARNING_MIN_CONSECUTIVE)})`;

/** SQLite's clock in epoch milliseconds, like starts_at: the same expression migration 0022's triggers use. */
const sqlNow = sql.raw(`CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)`);

/**
 * Marks every row whose clock-dependent figures are due (a pending or approved booking's hour has passed since they
 * were computed); the customer_stats_refresh trigger (migration 0022) recomputes each one in the same statement. Every
 * read of customer_stats runs this first, in its batch, so the list, its filters and counts, the detail and the exports
 * read figures as of now. Usually it touches no row: an index seek on next_change_at.
 */
export const refreshDueStats = (db: Db) =>
  db.update(customerStats).set({ nextChangeAt: -1 }).where(sql`${customerStats.nextChangeAt} <= ${sqlNow}`);
const isActive = (today: string) => sql`${customerStats.lastBookingDate} >= ${literal(addDays(today, -ACTIVE_DAYS))}`;

function whereOf(f: CustomerFilter, today: string): SQL | undefined {
  const w: SQL[] = [];
  const s = customerStats;
  if (f.customerType === 'subscriber') w.push(sql`${s.isSubscriber} = 1`);
  if (f.customerType === 'standard') w.push(sql`${s.isSubscriber} = 0`);
  if (f.warningsOnly) w.push(isWarned);
  if (f.hasTransportation) w.push(sql`${s.transportationBookings} > 0`);
  // instr, not LIKE (see booking-list.ts): no 50-byte pattern cap, no wildcard characters to escape.
  if (f.search) w.push(sql`instr(${s.searchKey}, ${literal(f.search)}) > 0`);
  if (f.minBookings !== undefined) w.push(sql`${s.totalBookings} >= ${literal(f.minBookings)}`);
  if (f.maxBookings !== undefined) w.push(sql`${s.totalBookings} <= ${literal(f.maxBookings)}`);
  if (f.minCancellationRate !== undefined) w.push(sql`${s.cancellationRate} >= ${literal(f.minCancellationRate)}`);
  if (f.maxCancellationRate !== undefined) w.push(sql`${s.cancellationRate} <= ${literal(f.maxCancellationRate)}`);
  if (f.activityStatus === 'active') w.push(isActive(today));
  if (f.activityStatus === 'inactive') {
    w.push(sql`${s.lastBookingDate} < ${literal(addDays(today, -ACTIVE_DAYS))}`);
    w.push(sql`${s.lastBookingDate} >= ${literal(addDays(today, -INACTIVE_DAYS))}`);
  }
  if (f.activityStatus === 'dormant')
    w.push(sql`(${s.lastBookingDate} is null or ${s.lastBookingDate} < ${literal(addDays(today, -INACTIVE_DAYS))})`);
  // A booking played in the range (by business day), read through bookings_phone_date for each candidate; the other
  // filters above narrow the candidates first.
  if (f.dateFrom || f.dateTo) {
    const range = [
      f.dateFrom ? sql`${bookings.date} >= ${literal(f.dateFrom)}` : undefined,
      f.dateTo ? sql`${bookings.date} <= ${literal(f.dateTo)}` : undefined,
    ].filter((x) => x !== undefined);
    w.push(
      sql`exists (select 1 from ${bookings} where ${bookings.customerPhone} = ${customers.phone} and ${and(...range)})`,
    );
  }
  return w.length ? and(...w) : undefined;
}

const SORT_COLUMNS = {
  lastBookingDate: customerStats.lastBookingDate,
  name: customerStats.nameKey,
  totalBookings: customerStats.totalBookings,
  cancellationRate: customerStats.cancellationRate,
  approvalRate: customerStats.approvalRate,
  consecutiveCancellations: customerStats.consecutiveCancellations,
} satisfies Record<CustomerSort, unknown>;

const rowFields = {
  id: customers.id,
  name: customers.name,
  phone: customers.phone,
  email: customers.email,
  createdAt: customers.createdAt,
  isSubscriber: customerStats.isSubscriber,
  totalBookings: customerStats.totalBookings,
  approvedBookings: customerStats.approvedBookings,
  cancelledBookings: customerStats.cancelledBookings,
  pendingBookings: customerStats.pendingBookings,
  rejectedBookings: customerStats.rejectedBookings,
  expiredBookings: customerStats.expiredBookings,
  transportationBookings: customerStats.transportationBookings,
  consecutiveCancellations: customerStats.consecutiveCancellations,
  cancellationRate: customerStats.cancellationRate,
  approvalRate: customerStats.approvalRate,
  firstBookingDate: customerStats.firstBookingDate,
  lastBookingDate: customerStats.lastBookingDate,
  lastActualBookingDate: customerStats.lastActualBookingDate,
  favoriteFacilityId: customerStats.favoriteFacilityId,
  favoriteDay: customerStats.favoriteDay,
  favoriteHour: customerStats.favoriteHour,
  totalSpent: customerStats.totalSpent,
  plannedSpent: customerStats.plannedSpent,
  playedBookings: customerStats.playedBookings,
  noShowBookings: customerStats.noShowBookings,
  facilityUsage: customerStats.facilityUsage,
};
export type CustomerStatsRecord = Awaited<ReturnType<typeof listCustomerRows>>['rows'][number];

/**
 * One page, the filtered set's counts and every pitch's name (for favourites and usage), in one round trip. The summary
 * counts the filtered set: the same customers pagination.total counts.
 */
export async function listCustomerRows(
  db: Db,
  f: CustomerFilter,
  sort: { by: CustomerSort; order: 'asc' | 'desc' },
  page: { limit: number; offset: number },
  today: string,
) {
  const where = whereOf(f, today);
  const dir = sort.order === 'asc' ? asc : desc;
  const needsCustomer = Boolean(f.dateFrom || f.dateTo);
  const summary = db
    .select({
      total: count(),
      subscribers: sql<number>`coalesce(sum(${customerStats.isSubscriber}), 0)`,
      warned: sql<number>`coalesce(sum(${isWarned}), 0)`,
      active: sql<number>`coalesce(sum(${isActive(today)}), 0)`,
    })
    .from(customerStats);
  const [, rows, counts, facilityNames] = await db.batch([
    refreshDueStats(db),
    db
      .select(rowFields)
      .from(customerStats)
      .innerJoin(customers, eq(customers.id, customerStats.customerId))
      .where(where)
      .orderBy(dir(SORT_COLUMNS[sort.by]), dir(customerStats.customerId))
      .limit(page.limit)
      .offset(page.offset),
    (needsCustomer ? summary.innerJoin(customers, eq(customers.id, customerStats.customerId)) : summary).where(where),
    db.select({ id: facilities.id, name: facilities.name, documentId: facilities.documentId }).from(facilities),
  ]);
  return { rows, counts: counts[0], facilityNames };
}

/** One customer's figures, their latest bookings by play time and every pitch's name, in one round trip. */
export async function customerDetailRows(db: Db, id: number, historySize: number) {
  const [, found, history, facilityNames] = await db.batch([
    refreshDueStats(db),
    db
      .select(rowFields)
      .from(customerStats)
      .innerJoin(customers, eq(customers.id, customerStats.customerId))
      .where(eq(customers.id, id)),
    db
      .select({
        documentId: bookings.documentId,
        bookingNumber: bookings.bookingNumber,
        status: bookings.status,
        paymentStatus: bookings.paymentStatus,
        date: bookings.date,
        startTime: bookings.startTime,
        endTime: bookings.endTime,
        startsAt: bookings.startsAt,
        // Named apart: D1 answers a batch's rows as objects, where two columns of one name would collide.
        facilityDocumentId: sql<string>`${facilities.documentId}`.as('facility_document_id'),
        facilityName: facilities.name,
        totalPrice: bookings.totalPrice,
        includesTransportation: bookings.includesTransportation,
        isSubscriber: bookings.isSubscriber,
        rejectionReason: bookings.rejectionReason,
        cancellationReason: bookings.cancellationReason,
        createdAt: bookings.createdAt,
      })
      .from(bookings)
      .innerJoin(facilities, eq(facilities.id, bookings.facilityId))
      .where(
        eq(
          bookings.customerPhone,
          sql`(select ${customers.phone} from ${customers} where ${customers.id} = ${literal(Math.trunc(id))})`,
        ),
      )
      .orderBy(desc(bookings.startsAt), desc(bookings.id))
      .limit(historySize),
    db.select({ id: facilities.id, name: facilities.name, documentId: facilities.documentId }).from(facilities),
  ]);
  return found[0] ? { row: found[0], history, facilityNames } : null;
}

export type CustomerHistoryRow = NonNullable<Awaited<ReturnType<typeof customerDetailRows>>>['history'][number];

/** The stored figures of every customer, by id: what the triggers keep (the due rows recomputed first). */
export async function storedStats(db: Db) {
  const [, rows] = await db.batch([
    refreshDueStats(db),
    db.select().from(customerStats).orderBy(customerStats.customerId),
  ]);
  return rows;
}

/**
 * Every customer's figures computed from scratch over all bookings, with window functions — a second, independent
 * formulation of migration 0006's triggers, in the shape of customer_stats (tests compare the two after every kind of
 * write). The cancellation run is read over the bookings already decided (cancelled, rejected, expired) or whose hour
 * has passed: a pending or approved booking still ahead neither counts nor ends it. A cancellation weighs 1 and a
 * no-show (approved, marked 'Gelmedi') NO_SHOW_WEIGHT; a booking cancelled because its pitch was deleted
 * (facilityMsg.forceCancelReason) is skipped; every other booking ends the run (docs/behaviour.md#states-and-transitions).
 * Spent and the last played date count approved bookings whose hour has passed, played those of them not marked
 * 'Gelmedi'; planned the approved ones still ahead.
 */
export async function recomputedStats(db: Db) {
  const b = bookings;
  const forced = literal(facilityMsg.forceCancelReason);
  const noShow = sql`(${b.status} = 'approved' and coalesce(${b.attendance}, '') = 'no_show')`;
  // Every booking but a cancellation or a no-show ends the run.
  const breaks = sql`(${b.status} <> 'cancelled' and not ${noShow})`;
  const mode = (expr: SQL, name: string) => sql`(select ${sql.raw(name)} from (
      select ${expr} as ${sql.raw(name)}, row_number() over (order by count(*) desc, max(${b.startsAt}) desc) as rn
      from ${b} where ${b.customerPhone} = c.phone group by 1) where rn = 1)`;
  const result = await db.all<Record<string, unknown>>(sql`
    with runs as (
      select ${b.customerPhone} as phone, ${b.status} as status,
        case when ${b.status} = 'cancelled' then 1 when ${noShow} then ${literal(NO_SHOW_WEIGHT)} else 0 end as weight,
        sum(${breaks}) over (partition by ${b.customerPhone}
          order by ${b.startsAt} desc, (${breaks}) desc rows unbounded preceding) as broken
      from ${b}
      where not (${b.status} = 'cancelled' and coalesce(${b.cancellationReason}, '') = ${forced})
        and (${b.status} not in ('pending', 'approved') or ${b.startsAt} <= ${sqlNow})
    ),
    agg as (
      select ${b.customerPhone} as phone, count(*) as total,
        count(*) filter (where ${b.status} = 'approved') as approved,
        count(*) filter (where ${b.status} = 'cancelled') as cancelled,
        count(*) filter (where ${b.status} = 'pending') as pending,
        count(*) filter (where ${b.status} = 'rejected') as rejected,
        count(*) filter (where ${b.status} = 'expired') as expired,
        count(*) filter (where ${b.includesTransportation} = 1) as transport,
        min(${b.date}) as first_date, max(${b.date}) as last_date,
        max(${b.date}) filter (where ${b.status} = 'approved' and ${b.startsAt} <= ${sqlNow}) as last_actual,
        coalesce(sum(${b.totalPrice}) filter (where ${b.status} = 'approved' and ${b.startsAt} <= ${sqlNow}), 0) as spent,
        coalesce(sum(${b.totalPrice}) filter (where ${b.status} = 'approved' and ${b.startsAt} > ${sqlNow}), 0) as planned,
        count(*) filter (where ${b.status} = 'approved' and ${b.startsAt} <= ${sqlNow} and not ${noShow}) as played,
        count(*) filter (where ${noShow}) as no_show,
        min(${b.startsAt}) filter (where ${b.status} in ('pending', 'approved') and ${b.startsAt} > ${sqlNow}) as next_change
      from ${b} group by ${b.customerPhone}
    )
    select c.id as customer_id, c.name as name, c.email as email, c.phone as phone, c.is_subscriber as is_subscriber,
      coalesce(a.total, 0) as total_bookings, coalesce(a.approved, 0) as approved_bookings,
      coalesce(a.cancelled, 0) as cancelled_bookings, coalesce(a.pending, 0) as pending_bookings,
      coalesce(a.rejected, 0) as rejected_bookings, coalesce(a.expired, 0) as expired_bookings,
      coalesce(a.transport, 0) as transportation_bookings,
      (select coalesce(sum(r.weight), 0) from runs r where r.phone = c.phone and r.broken = 0) as consecutive_cancellations,
      a.first_date as first_booking_date, a.last_date as last_booking_date, a.last_actual as last_actual_booking_date,
      ${mode(sql`${b.facilityId}`, 'facility')} as favorite_facility_id,
      ${mode(sql`cast(strftime('%w', ${b.date}) as integer)`, 'weekday')} as favorite_day,
      ${mode(sql`${b.startTime}`, 'hour')} as favorite_hour,
      coalesce(a.spent, 0) as total_spent, coalesce(a.planned, 0) as planned_spent,
      coalesce(a.played, 0) as played_bookings, coalesce(a.no_show, 0) as no_show_bookings,
      a.next_change as next_change_at,
      (select json_group_object(facility_id, n) from (select ${b.facilityId} as facility_id, count(*) as n from ${b}
        where ${b.customerPhone} = c.phone group by 1 order by 1)) as facility_usage
    from ${customers} c left join agg a on a.phone = c.phone
    order by c.id`);
  return result;
}
