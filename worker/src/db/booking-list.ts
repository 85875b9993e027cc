// The panel's bookings list and dashboard (02 §2): hand-tuned queries over the covering index bookings_panel_list.
import { and, count, desc, eq, getTableName, type SQL, Subquery, sql } from 'drizzle-orm';
import { facilityDocumentId, pending } from './booking-columns';
import type { Db } from './client';
import { bookingDayStats, bookingStatusStats, bookings, facilities } from './schema';
import { isLive, quoted } from './sql';

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

const whereAll = (parts: SQL[]) => (parts.length ? sql`where ${sql.join(parts, sql` and `)}` : sql``);

/**
 * bookings read through bookings_starts_at: a subquery SQLite flattens into the outer query, keeping the hint, under the
 * table's own name so the outer query's column references still point at it.
 */
const byStartsAt = new Subquery(
  sql`select * from ${bookings} indexed by bookings_starts_at`,
  {},
  getTableName(bookings),
);

export interface PageSpec {
  tab: ListTab;
  sort: ListSort;
  page: number;
  pageSize: number;
  today: string;
  yesterday: string;
  now: number;
}

/**
 * The page. A filtered list picks its page inside the covering index and reads only those rows; an unfiltered one walks
 * the created_at or starts_at index in order and stops after the page. Gelecek by play time (issue 7 §3) unfiltered
 * walks bookings_starts_at from now on (named, as the planner otherwise picks the covering index and sorts every
 * upcoming entry); filtered, the covering index narrows the rows before the sort.
 */
export function bookingsPage(db: Db, f: ListFilter, p: PageSpec) {
  const base = baseWhere(f);
  const parts = [...base, ...tabWhere(p.tab, p.today, p.yesterday, p.now)];
  const order = ORDER[p.sort];
  const window = sql`limit ${literal(p.pageSize)} offset ${literal((p.page - 1) * p.pageSize)}`;
  if (base.length > 0) {
    const ids = sql`select ${bookings.id} from ${bookings} indexed by bookings_panel_list ${whereAll(parts)} order by ${order} ${window}`;
    return db
      .select(listFields)
      .from(sql`(${ids}) as page`)
      .innerJoin(bookings, sql`${bookings.id} = page.id`)
      .innerJoin(facilities, eq(facilities.id, bookings.facilityId))
      .orderBy(order);
  }
  const hinted = p.tab === 'upcoming' && p.sort === 'date:asc';
  return (
    db
      .select(listFields)
      .from(hinted ? byStartsAt : bookings)
      .innerJoin(facilities, eq(facilities.id, bookings.facilityId))
      .where(and(...parts))
      // The literal limit and offset (above) ride on the order clause: drizzle's own .limit() would bind them.
      .orderBy(sql`${order} ${window}`)
  );
}

export type ListRow = Awaited<ReturnType<typeof bookingsPage>>[number];

/**
 * One filtered, sorted page and the tab counts, in one D1 round trip. Every count comes from one scan of the covering
 * index grouped by status (with today and still-ahead summed alongside), so rows are read only for the page itself.
 */
export async function bookingsPageWithCounts(db: Db, f: ListFilter, p: PageSpec) {
  const [grouped, page] = await db.batch([
    // Grouped by status alone the scan follows the index order: no sort of 100k entries.
    db
      .select({
        // Typed through mapWith: drizzle does not type a column of a table it does not see in from() (the hinted one).
        status: sql`${bookings.status}`.mapWith(bookings.status),
        n: count(),
        today: sql<number>`sum(${bookings.date} = ${p.today})`,
        ahead: sql<number>`sum(${bookings.startsAt} > ${p.now})`,
      })
      .from(sql`${bookings} indexed by bookings_panel_list`)
      .where(and(...baseWhere(f)))
      .groupBy(bookings.status),
    bookingsPage(db, f, p),
  ]);
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
  facilityId: number | null,
  month: { today: string; start: string; end: string },
) {
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
  const [[allTime], [inMonth], pendingFirst, newest] = await db.batch([
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
  return { figures: { ...allTime, ...inMonth }, pendingFirst, newest };
}
