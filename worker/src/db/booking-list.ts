// The panel's bookings list and dashboard (02 §2): each page through an index chosen per filter, tab and sort (pagePlan),
// the tab counts and the dashboard's figures from the trigger-kept summary tables (migrations 0007, 0008).
import { and, count, desc, eq, getTableName, type SQL, Subquery, sql } from 'drizzle-orm';
import { BOOKING_STATUSES } from '../../../contracts/bookings';
import { facilityDocumentId, pending } from './booking-columns';
import type { Db } from './client';
import { facilityIdOf } from './facility-ref';
import { bookingDayStats, bookingStatusStats, bookings, facilities } from './schema';
import { isLive, isOneOf, quoted } from './sql';

/** One row of the panel's list: the booking's own columns and its pitch's name (02 §2). */
const listFields = {
  id: bookings.id,
  documentId: bookings.documentId,
  bookingNumber: bookings.bookingNumber,
  customerName: bookings.customerName,
  customerPhone: bookings.customerPhone,
  customerEmail: bookings.customerEmail,
  status: bookings.status,
  paymentStatus: bookings.paymentStatus,
  date: bookings.date,
  startTime: bookings.startTime,
  endTime: bookings.endTime,
  startsAt: bookings.startsAt,
  totalPrice: bookings.totalPrice,
  depositAmount: bookings.depositAmount,
  transportationPrice: bookings.transportationPrice,
  isSubscriber: bookings.isSubscriber,
  includesTransportation: bookings.includesTransportation,
  addons: bookings.addons,
  addonsPrice: bookings.addonsPrice,
  createdAt: bookings.createdAt,
  facility: { documentId: facilityDocumentId, name: facilities.name, slug: facilities.slug },
};

export interface ListFilter {
  /** Already in the form bookings.search_key keeps: folded text, or a phone's digits. */
  search?: string;
  subscribers?: boolean;
  transport?: boolean;
  from?: string;
  to?: string;
  facilityId: number | null;
}
export type ListTab = 'all' | 'today' | 'upcoming' | 'pending' | 'approved' | 'rejected' | 'cancelled';
export type ListSort = 'createdAt:desc' | 'createdAt:asc' | 'date:asc' | 'date:desc';

/*
 * The panel list's values (and the page's limit and offset) go into the SQL as literals, not bound parameters:
 * measured in workerd at 100k bookings, SQLite plans the covering-index page query in ~8–13 ms with literals and
 * 125–190 ms with the same values bound. Each is safe as a literal: dates passed the YYYY-MM-DD schema, numbers are
 * integers, tabs come from an enum, and the search text is quoted with its single quotes doubled.
 */
const literal = (v: string | number) => sql.raw(typeof v === 'number' ? String(Math.trunc(v)) : quoted(v));

/**
 * Every filter but the tab: the tab counts are taken under these. Every column they name is in the covering index
 * bookings_panel_list, so a filtered list reads that index, never every row.
 */
function baseWhere(f: ListFilter): SQL[] {
  const w: SQL[] = [];
  // instr, not LIKE: D1 caps LIKE patterns at 50 bytes ('pattern too complex' for 49+ characters), and a NUL would cut
  // the literal short; neither limit applies here, and the match is the same substring test.
  if (f.search) w.push(sql`instr(${bookings.searchKey}, ${literal(f.search.replace(/\0/g, ''))}) > 0`);
  if (f.subscribers) w.push(sql`${bookings.isSubscriber} = 1`);
  if (f.transport) w.push(sql`${bookings.includesTransportation} = 1`);
  if (f.from) w.push(sql`${bookings.date} >= ${literal(f.from)}`);
  if (f.to) w.push(sql`${bookings.date} <= ${literal(f.to)}`);
  if (f.facilityId !== null) w.push(sql`${bookings.facilityId} = ${literal(f.facilityId)}`);
  return w;
}

/** Gelecek = still to be played and still live; İptal gathers customer cancels and expired holds. */
function tabWhere(tab: ListTab, today: string, yesterday: string, now: number): SQL[] {
  switch (tab) {
    case 'all':
      return [];
    case 'today':
      return [sql`${bookings.date} = ${literal(today)}`];
    case 'upcoming':
      // date >= yesterday narrows the index range; starts_at decides (an overnight slot of yesterday may be ahead).
      return [
        isLive(bookings.status),
        sql`${bookings.date} >= ${literal(yesterday)}`,
        sql`${bookings.startsAt} > ${literal(now)}`,
      ];
    case 'cancelled':
      return [sql`${bookings.status} in ('cancelled', 'expired')`];
    default:
      return [sql`${bookings.status} = ${literal(tab)}`];
  }
}

// By slot: starts_at is the real instant, which orders a business day's after-midnight slots after its 23:00 ones,
// exactly as (date, start) does for the business date, and it has an index of its own.
const ORDER: Record<ListSort, SQL> = {
  'createdAt:desc': sql`${bookings.createdAt} desc, ${bookings.id} desc`,
  'createdAt:asc': sql`${bookings.createdAt} asc, ${bookings.id} asc`,
  'date:asc': sql`${bookings.startsAt} asc, ${bookings.id} asc`,
  'date:desc': sql`${bookings.startsAt} desc, ${bookings.id} desc`,
};

/**
 * The covering index a filtered list reads: the Aboneler / Servisli views have partial copies of bookings_panel_list
 * holding only their bookings (migration 0008), so they read entries in proportion to what they show.
 */
const coveringIndex = (f: ListFilter) =>
  sql.raw(f.subscribers ? 'bookings_subscriber_list' : f.transport ? 'bookings_shuttle_list' : 'bookings_panel_list');

const whereAll = (parts: SQL[]) => (parts.length ? sql`where ${sql.join(parts, sql` and `)}` : sql``);

/**
 * bookings read through a named index: a subquery SQLite flattens into the outer query, keeping the hint, under the
 * table's own name so the outer query's column references still point at it.
 */
const through = (index: WalkIndex) =>
  new Subquery(sql`select * from ${bookings} indexed by ${sql.raw(index)}`, {}, getTableName(bookings));

type WalkIndex =
  | 'bookings_created'
  | 'bookings_status_created'
  | 'bookings_facility_created'
  | 'bookings_starts_at'
  | 'bookings_facility_starts';

export interface PageSpec {
  tab: ListTab;
  sort: ListSort;
  page: number;
  pageSize: number;
  today: string;
  yesterday: string;
  now: number;
}

const SINGLE_STATUS_TABS: ListTab[] = ['pending', 'approved', 'rejected'];

/**
 * How a page is found (every choice's plan is checked in test/worker/panel-list-plans.test.ts):
 * - 'covering': the page is picked and sorted inside the covering index bookings_panel_list (status, date, starts_at,
 *   flags, pitch, search_key, created_at), then only its rows are read. Bounded by the filter when the matches are a
 *   range of that index: a date range, Bugün, Gelecek by creation time. A search (a substring of search_key, which no
 *   index can range over) and the Aboneler / Servisli flags without a date range pass over the whole index, or over
 *   one status's part of it: never the rows, but a cost that grows with the table (bench:growth shows it).
 * - an index name: every other list (any tab, any sort, one pitch or all) walks an index already in the page's order
 *   (creation time or play time, of one pitch or of one status) and stops after the page; the tab is tested on the rows
 *   walked, and every tab holds a sizeable share of the bookings, so the cost is about the page's position.
 */
export function pagePlan(f: ListFilter, p: Pick<PageSpec, 'tab' | 'sort'>): 'covering' | WalkIndex {
  const byDate = p.sort === 'date:asc' || p.sort === 'date:desc';
  if (f.search || f.subscribers || f.transport || f.from || f.to) return 'covering';
  if (p.tab === 'today' || (p.tab === 'upcoming' && !byDate)) return 'covering';
  if (byDate) return f.facilityId !== null ? 'bookings_facility_starts' : 'bookings_starts_at';
  if (f.facilityId !== null) return 'bookings_facility_created';
  return SINGLE_STATUS_TABS.includes(p.tab) ? 'bookings_status_created' : 'bookings_created';
}

/** The page: see pagePlan for how each kind of list finds it. */
export function bookingsPage(db: Db, f: ListFilter, p: PageSpec) {
  const parts = [...baseWhere(f), ...tabWhere(p.tab, p.today, p.yesterday, p.now)];
  const order = ORDER[p.sort];
  const window = sql`limit ${literal(p.pageSize)} offset ${literal((p.page - 1) * p.pageSize)}`;
  const plan = pagePlan(f, p);
  if (plan === 'covering') {
    // Every status named when the tab names none: the status column leads the covering index, so SQLite then seeks the
    // date range once per status instead of passing over the whole index (D1 keeps no statistics to find that itself).
    if (p.tab === 'all' || p.tab === 'today') parts.unshift(isOneOf(bookings.status, BOOKING_STATUSES));
    const ids = sql`select ${bookings.id} from ${bookings} indexed by ${coveringIndex(f)} ${whereAll(parts)} order by ${order} ${window}`;
    return db
      .select(listFields)
      .from(sql`(${ids}) as page`)
      .innerJoin(bookings, sql`${bookings.id} = page.id`)
      .innerJoin(facilities, eq(facilities.id, bookings.facilityId))
      .orderBy(order);
  }
  return (
    db
      .select(listFields)
      .from(through(plan))
      .innerJoin(facilities, eq(facilities.id, bookings.facilityId))
      .where(and(...parts))
      // The literal limit and offset (above) ride on the order clause: drizzle's own .limit() would bind them.
      .orderBy(sql`${order} ${window}`)
  );
}

export type ListRow = Awaited<ReturnType<typeof bookingsPage>>[number];

/** Rows of the tab counts: per status, its bookings, those of today and those still ahead (live ones only). */
const countColumns = {
  // Typed through mapWith: drizzle does not type a column of a table it does not see in from().
  status: sql`status`.mapWith(bookings.status),
  n: sql<number>`sum(n)`.mapWith(Number),
  today: sql<number>`sum(today)`.mapWith(Number),
  ahead: sql<number>`sum(ahead)`.mapWith(Number),
};

/**
 * The tab counts under a search: the search text is a substring of search_key, which no index can range over, so this
 * one scan of the covering index (grouped by status alone, it follows the index order: no sort) is the cost of a
 * search. It is also the reference the summary-based counts are tested against (panel-list-counts.consistency.test.ts).
 */
export function scannedCounts(db: Db, f: ListFilter, p: Pick<PageSpec, 'today' | 'now'>) {
  return db
    .select({
      status: sql`${bookings.status}`.mapWith(bookings.status),
      n: count(),
      today: sql<number>`sum(${bookings.date} = ${literal(p.today)})`.mapWith(Number),
      ahead: sql<number>`sum(${bookings.startsAt} > ${literal(p.now)})`.mapWith(Number),
    })
    .from(sql`${bookings} indexed by ${coveringIndex(f)}`)
    .where(and(...baseWhere(f)))
    .groupBy(bookings.status);
}

/**
 * The tab counts without a search, from the summary tables (migrations 0007, 0008), whatever else is filtered (pitch,
 * Aboneler, Servisli, a date range): each part reads a range of a key, so its cost follows the pitches and the days
 * asked for, never the number of bookings.
 * - every status: booking_status_stats (≤ 20 rows a pitch), or booking_day_stats over the date range when one is set;
 * - Bugün: today's rows of booking_day_stats;
 * - Gelecek (live, starting after now): live rows of booking_day_stats after today, plus the live bookings of yesterday
 *   and today that start after now, read from bookings_panel_list (status, date, starts_at lead it). A slot of a later
 *   business day starts after today's midnight, so after now; one of a day before yesterday has started (an overnight
 *   slot belongs to the day before the night), so the two parts are exact.
 * The triggers keep the tables in the same statement as each booking write, so the counts are those of one moment.
 */
function summaryCounts(db: Db, f: ListFilter, p: PageSpec) {
  const d = bookingDayStats;
  const keyed = (t: typeof bookingDayStats | typeof bookingStatusStats): SQL[] => [
    ...(f.facilityId !== null ? [sql`${t.facilityId} = ${literal(f.facilityId)}`] : []),
    ...(f.subscribers ? [sql`${t.isSubscriber} = 1`] : []),
    ...(f.transport ? [sql`${t.includesTransportation} = 1`] : []),
  ];
  const days = [
    ...(f.from ? [sql`${d.date} >= ${literal(f.from)}`] : []),
    ...(f.to ? [sql`${d.date} <= ${literal(f.to)}`] : []),
    ...keyed(d),
  ];
  const where = (parts: SQL[]) => whereAll(parts);
  const t = bookingStatusStats;
  const everyStatus =
    f.from || f.to
      ? sql`select ${d.status} as status, ${d.bookings} as n, 0 as today, 0 as ahead from ${d} ${where(days)}`
      : sql`select ${t.status} as status, ${t.bookings} as n, 0 as today, 0 as ahead from ${t} ${where(keyed(t))}`;
  const today = sql`select ${d.status}, 0, ${d.bookings}, 0 from ${d} ${where([sql`${d.date} = ${literal(p.today)}`, ...days])}`;
  const laterDays = sql`select ${d.status}, 0, 0, ${d.bookings} from ${d} ${where([
    sql`${d.date} > ${literal(p.today)}`,
    isLive(d.status),
    ...days,
  ])}`;
  const startingSoon = sql`select ${bookings.status}, 0, 0, 1 from ${bookings} indexed by ${coveringIndex(f)} ${where([
    isLive(bookings.status),
    sql`${bookings.date} between ${literal(p.yesterday)} and ${literal(p.today)}`,
    sql`${bookings.startsAt} > ${literal(p.now)}`,
    ...baseWhere(f),
  ])}`;
  return db
    .select(countColumns)
    .from(sql`(${everyStatus} union all ${today} union all ${laterDays} union all ${startingSoon}) as parts`)
    .groupBy(sql`status`);
}

/** The tab counts (grouped by status) under every filter but the tab: from the summaries unless a search is set. */
export const tabCounts = (db: Db, f: ListFilter, p: PageSpec) =>
  f.search ? scannedCounts(db, f, p) : summaryCounts(db, f, p);

/** One filtered, sorted page and the tab counts, in one D1 round trip. */
export async function bookingsPageWithCounts(db: Db, f: ListFilter, p: PageSpec) {
  const [grouped, page] = await db.batch([tabCounts(db, f, p), bookingsPage(db, f, p)]);
  return { grouped, page };
}

/**
 * Figures of 02 §2 'Dashboard' and §7 'GET /bookings/stats' (revenue per §9: approved totals, shuttle included), summed
 * from the summary tables of migration 0007 (kept by triggers on bookings) rather than from every booking: the all-time
 * figures from booking_status_stats (≤ 5 rows a pitch), today and this month from one month of booking_day_stats (a
 * range of its key). The two 'latest 5' lists stay index reads (bookings_status_created and bookings_created for every
 * pitch, bookings_facility_created for one).
 */
export async function dashboardRows(
  db: Db,
  pitch: string | undefined,
  month: { today: string; start: string; end: string },
) {
  // The pitch a filter names is looked up inside the same batch (a subquery in each statement, and one statement that
  // tells whether it exists), not in a round trip of its own before it.
  const facilityId = pitch === undefined ? null : facilityIdOf(db, pitch);
  const d = bookingDayStats;
  const t = bookingStatusStats;
  type Counted = typeof d.bookings | typeof d.totalPrice | typeof t.bookings | typeof t.totalPrice;
  const sum = (value: Counted, cond?: SQL) =>
    sql<number>`coalesce(sum(${cond ? sql`case when ${cond} then ${value} end` : value}), 0)`;
  const isToday = sql`${d.date} = ${month.today}`;
  const latest = (status: SQL) =>
    db
      .select(listFields)
      .from(bookings)
      .innerJoin(facilities, eq(facilities.id, bookings.facilityId))
      .where(and(facilityId === null ? undefined : eq(bookings.facilityId, facilityId), status))
      .orderBy(desc(bookings.createdAt), desc(bookings.id))
      .limit(5);
  const [scope, [allTime], [inMonth], pendingFirst, newest] = await db.batch([
    db
      .select({ id: facilities.id })
      .from(facilities)
      .where(facilityId === null ? sql`false` : eq(facilities.id, facilityId)),
    db
      .select({
        total: sum(t.bookings),
        pending: sum(t.bookings, sql`${t.status} = 'pending'`),
        revenue: sum(t.totalPrice, sql`${t.status} = 'approved'`),
      })
      .from(t)
      .where(facilityId === null ? undefined : eq(t.facilityId, facilityId)),
    db
      .select({
        todayTotal: sum(d.bookings, isToday),
        todayPending: sum(d.bookings, sql`${isToday} and ${d.status} = 'pending'`),
        todayApproved: sum(d.bookings, sql`${isToday} and ${d.status} = 'approved'`),
        monthTotal: sum(d.bookings),
        monthApproved: sum(d.bookings, sql`${d.status} = 'approved'`),
        monthRevenue: sum(d.totalPrice, sql`${d.status} = 'approved'`),
      })
      .from(d)
      .where(
        and(
          sql`${d.date} between ${month.start} and ${month.end}`,
          facilityId === null ? undefined : eq(d.facilityId, facilityId),
        ),
      ),
    latest(pending),
    latest(sql`${bookings.status} != 'pending'`),
  ]);
  return { found: facilityId === null || scope.length > 0, figures: { ...allTime, ...inMonth }, pendingFirst, newest };
}
