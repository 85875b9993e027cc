// The panel's bookings list and dashboard (behaviour.md#management-panel): each page through an index chosen per filter, tab and sort (pagePlan),
// the tab counts and the dashboard's figures from the trigger-kept summary tables (migrations 0007, 0008).
import { and, count, desc, eq, getTableName, type SQL, Subquery, sql } from 'drizzle-orm';
import { BOOKING_STATUSES, type BookingStatus, LIVE_STATUSES } from '../../../contracts/bookings';
import { facilityDocumentId, pending } from './booking-columns';
import type { Db } from './client';
import { facilityIdOf } from './facility-ref';
import { bookingDayStats, bookingStatusStats, bookings, facilities } from './schema';
import { isLive, isOneOf, quoted } from './sql';

/** One row of the panel's list: the booking's own columns and its pitch's name (behaviour.md#management-panel). */
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

/** The search text as instr and the index see it: a NUL would end the SQL literal early, so it is dropped. */
const fragment = (search: string) => search.replace(/\0/g, '');

/**
 * The trigram index (migration 0017) answers fragments of 3 or more characters (code points); a shorter one has no
 * trigram to look up and keeps the substring test over the covering index.
 */
export const TRIGRAM_MIN = 3;
/**
 * How many matches a search may have and still be read by id (measured at 100k bookings: reading a match by id costs
 * about ten times what testing one index entry does, so up to a few thousand matches the id list beats the pass over
 * the covering index, and the bounded count that decides costs < 1 ms).
 */
export const FEW_MATCHES = 2000;

/**
 * 'few': at most FEW_MATCHES bookings hold the fragment, and the page and the counts read those bookings by id.
 * 'many': more do; the page walks an index in the list's order testing the fragment on the way (more than FEW_MATCHES
 * matches is over 2 % of 100k bookings, so page 1 is found within a few hundred rows), and the counts come from the
 * index grouped by status (matchCounts) unless a date range is set (then from the pass over that range).
 * Without a reach (a short fragment, or no count taken) a search is the pass over the covering index.
 */
export type SearchReach = 'few' | 'many';

export const usesTrigrams = (search: string | undefined): search is string =>
  search !== undefined && [...fragment(search)].length >= TRIGRAM_MIN;

/** The fragment as one FTS5 string ("…", inner double quotes doubled), so no character of it is query syntax. */
const ftsPhrase = (search: string) => literal(`"${fragment(search).replace(/"/g, '""')}"`);

/**
 * The trigram index's rowid carries, above the booking's id (40 bits), what the list filters and counts by (migration
 * 0017): pitch << 45 | subscriber << 44 | shuttle << 43 | status code << 40 | id, the code being the status's place in
 * BOOKING_STATUSES from 1. A pitch's matches are a range of rowids, and each match tells its status and flags.
 */
const ROWID = { status: 40, shuttle: 43, subscriber: 44, facility: 45 } as const;
const ID_MASK = 2 ** ROWID.status - 1;
const statusOfRowid = sql.raw(
  `case (rowid >> ${ROWID.status}) & 7 ${BOOKING_STATUSES.map((s, i) => `when ${i + 1} then ${quoted(s)}`).join(' ')} end`,
);

/** The statuses each tab shows (tabWhere): Tümü and Bugün every one. */
const TAB_STATUSES: Record<ListTab, readonly BookingStatus[]> = {
  all: BOOKING_STATUSES,
  today: BOOKING_STATUSES,
  upcoming: LIVE_STATUSES,
  pending: ['pending'],
  approved: ['approved'],
  rejected: ['rejected'],
  cancelled: ['cancelled', 'expired'],
};

/**
 * The index's entries holding the fragment, under the list's pitch and flag filters (not its date range) and, for a
 * page, its tab's statuses.
 */
function matching(search: string, f: ListFilter, tab: ListTab = 'all') {
  const w = [sql`bookings_search match ${ftsPhrase(search)}`];
  const statuses = TAB_STATUSES[tab];
  if (statuses.length < BOOKING_STATUSES.length) {
    const codes = statuses.map((s) => BOOKING_STATUSES.indexOf(s) + 1);
    w.push(sql.raw(`(rowid >> ${ROWID.status}) & 7 in (${codes.join(', ')})`));
  }
  // Shifted in SQL: a pitch id << 45 passes 2^53, past what a JavaScript number holds exactly.
  const facilityRowid = (id: number) => sql.raw(`(${Math.trunc(id)} << ${ROWID.facility})`);
  if (f.facilityId !== null)
    w.push(sql`rowid >= ${facilityRowid(f.facilityId)} and rowid < ${facilityRowid(f.facilityId + 1)}`);
  if (f.subscribers) w.push(sql.raw(`(rowid >> ${ROWID.subscriber}) & 1 = 1`));
  if (f.transport) w.push(sql.raw(`(rowid >> ${ROWID.shuttle}) & 1 = 1`));
  return sql`from bookings_search where ${sql.join(w, sql` and `)}`;
}

/** The ids of the bookings whose search_key holds the fragment (under the pitch, flags, tab), from the trigram index. */
const searchMatches = (search: string, f: ListFilter, tab: ListTab) =>
  sql`select rowid & ${literal(ID_MASK)} ${matching(search, f, tab)}`;

/**
 * Whether a search has few matches or many, for the counts (every status) and for the page (its tab's statuses, so a
 * tab holding few of a common fragment's matches reads those by id instead of walking the tab to its end): counts the
 * index's matches under the pitch and flag filters up to FEW_MATCHES + 1, no further.
 */
export async function searchReach(
  db: Db,
  f: ListFilter,
  tab: ListTab = 'all',
): Promise<{ counts: SearchReach; page: SearchReach } | undefined> {
  if (!usesTrigrams(f.search)) return undefined;
  const bounded = (t: ListTab) =>
    sql`(select count(*) from (select rowid ${matching(f.search as string, f, t)} limit ${literal(FEW_MATCHES + 1)}))`;
  const [row] = await db.all<{ n: number; inTab: number }>(
    sql`select ${bounded('all')} as n, ${TAB_STATUSES[tab] === BOOKING_STATUSES ? sql`null` : bounded(tab)} as inTab`,
  );
  const reach = (n: number) => (n > FEW_MATCHES ? 'many' : 'few');
  return { counts: reach(row.n), page: reach(row.inTab ?? row.n) };
}

/**
 * Every filter but the tab: the tab counts are taken under these. Every column they name is in the covering index
 * bookings_panel_list, so a filtered list reads that index, never every row.
 */
function baseWhere(f: ListFilter, reach?: SearchReach, tab: ListTab = 'all'): SQL[] {
  const w: SQL[] = [];
  // A search with few matches is the id list of the trigram index (migration 0017); any other, the substring test.
  // instr, not LIKE: D1 caps LIKE patterns at 50 bytes ('pattern too complex' for 49+ characters), and a NUL would cut
  // the literal short; neither limit applies here, and the match is the same substring test.
  if (f.search && reach === 'few') w.push(sql`${bookings.id} in (${searchMatches(f.search, f, tab)})`);
  else if (f.search) w.push(sql`instr(${bookings.searchKey}, ${literal(fragment(f.search))}) > 0`);
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

export type PagePlan = 'covering' | 'matches' | WalkIndex;

/**
 * How a page is found (every choice's plan is checked in test/worker/panel-list-plans.test.ts):
 * - 'matches': a search with few matches in the tab (see SearchReach): its bookings are read by id from the trigram
 *   index's answer (already narrowed to the pitch, flags and the tab's statuses), the rest tested on them, and sorted;
 *   the cost follows the matches.
 * - 'covering': the page is picked and sorted inside the covering index bookings_panel_list (status, date, starts_at,
 *   flags, pitch, search_key, created_at), then only its rows are read. Bounded by the filter when the matches are a
 *   range of that index: a date range, Bugün, Gelecek by creation time. A search not answered by the trigram index (a
 *   fragment under 3 characters) and the Aboneler / Servisli flags without a date range pass over the whole index, or
 *   over one status's part of it: never the rows, but a cost that grows with the table (bench:growth shows it).
 * - an index name: every other list (any tab, any sort, one pitch or all; a search with many matches too) walks an
 *   index already in the page's order (creation time or play time, of one pitch or of one status) and stops after the
 *   page; the tab and the search are tested on the rows walked. Every tab holds a sizeable share of the bookings, and
 *   a search with many matches in the tab a share of over FEW_MATCHES in 100k, so the cost is about the page's position
 *   (a pitch or flag filter thins the matches the walk meets: the slow case is a deep page of such a list).
 */
export function pagePlan(f: ListFilter, p: Pick<PageSpec, 'tab' | 'sort'>, reach?: SearchReach): PagePlan {
  const byDate = p.sort === 'date:asc' || p.sort === 'date:desc';
  if (f.search && reach === 'few') return 'matches';
  if ((f.search && reach !== 'many') || f.subscribers || f.transport || f.from || f.to) return 'covering';
  if (p.tab === 'today' || (p.tab === 'upcoming' && !byDate)) return 'covering';
  if (byDate) return f.facilityId !== null ? 'bookings_facility_starts' : 'bookings_starts_at';
  if (f.facilityId !== null) return 'bookings_facility_created';
  return SINGLE_STATUS_TABS.includes(p.tab) ? 'bookings_status_created' : 'bookings_created';
}

/**
 * Where the counts and a 'matches' page read bookings: a search with few matches reads them by id (not indexed: only
 * the rowid look-ups, so SQLite cannot prefer walking an index and testing each row against the id list); any other
 * list reads the covering index.
 */
const listSource = (f: ListFilter, reach?: SearchReach) =>
  f.search && reach === 'few' ? sql`${bookings} not indexed` : sql`${bookings} indexed by ${coveringIndex(f)}`;

/** The page: see pagePlan for how each kind of list finds it; a search's reach comes from searchReach. */
export function bookingsPage(db: Db, f: ListFilter, p: PageSpec, reach?: SearchReach) {
  const parts = [...baseWhere(f, reach, p.tab), ...tabWhere(p.tab, p.today, p.yesterday, p.now)];
  const order = ORDER[p.sort];
  const window = sql`limit ${literal(p.pageSize)} offset ${literal((p.page - 1) * p.pageSize)}`;
  const plan = pagePlan(f, p, reach);
  if (plan === 'covering' || plan === 'matches') {
    // Every status named when the tab names none: the status column leads the covering index, so SQLite then seeks the
    // date range once per status instead of passing over the whole index (D1 keeps no statistics to find that itself).
    if (plan === 'covering' && (p.tab === 'all' || p.tab === 'today'))
      parts.unshift(isOneOf(bookings.status, BOOKING_STATUSES));
    const ids = sql`select ${bookings.id} from ${listSource(f, reach)} ${whereAll(parts)} order by ${order} ${window}`;
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
 * The tab counts under a search. With few matches (reach 'few'), from those bookings read by id. Otherwise the search
 * text is a substring of search_key, which no index can range over, so one scan of the covering index (grouped by status
 * alone, it follows the index order: no sort) is the cost of a search: a fragment of 1–2 characters, or a common one
 * under a date range (a pass over that range of the index, sought once per status). Without a search, the scan is the
 * reference the summary-based counts are tested against (panel-list-counts.consistency.test.ts).
 */
/**
 * A pass under a date range names every status, as the covering page does: status leads the covering indexes, so SQLite
 * then seeks the range once per status instead of passing over the whole index.
 */
const passesDateRange = (f: ListFilter, reach?: SearchReach) =>
  Boolean(f.from || f.to) && !(f.search && reach === 'few');

export function scannedCounts(db: Db, f: ListFilter, p: Pick<PageSpec, 'today' | 'now'>, reach?: SearchReach) {
  return db
    .select({
      status: sql`${bookings.status}`.mapWith(bookings.status),
      n: count(),
      today: sql<number>`sum(${bookings.date} = ${literal(p.today)})`.mapWith(Number),
      ahead: sql<number>`sum(${bookings.startsAt} > ${literal(p.now)})`.mapWith(Number),
    })
    .from(listSource(f, reach))
    .where(
      and(...(passesDateRange(f, reach) ? [isOneOf(bookings.status, BOOKING_STATUSES)] : []), ...baseWhere(f, reach)),
    )
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

/**
 * The tab counts of a search with many matches and no date range, without the pass over every booking: each status's
 * matches counted in the trigram index under the pitch and flags (its rowids carry them, so this reads the matches'
 * entries, ~1 ms for 8,000 at 100k bookings), today's matches from today's range of the covering index (status and date
 * lead it), and the live ones still ahead from the range from yesterday on, as summaryCounts bounds them (Gelecek counts
 * live bookings only, so 'ahead' is left 0 for the other statuses).
 */
function matchCounts(db: Db, search: string, f: ListFilter, p: PageSpec) {
  const index = coveringIndex(f);
  const filters = baseWhere(f, 'many');
  const perStatus = sql`select ${statusOfRowid} as status, count(*) as n, 0 as today, 0 as ahead ${matching(search, f)} group by 1`;
  const today = sql`select ${bookings.status}, 0, count(*), 0 from ${bookings} indexed by ${index} ${whereAll([
    isOneOf(bookings.status, BOOKING_STATUSES),
    sql`${bookings.date} = ${literal(p.today)}`,
    ...filters,
  ])} group by ${bookings.status}`;
  const ahead = sql`select ${bookings.status}, 0, 0, count(*) from ${bookings} indexed by ${index} ${whereAll([
    isLive(bookings.status),
    sql`${bookings.date} >= ${literal(p.yesterday)}`,
    sql`${bookings.startsAt} > ${literal(p.now)}`,
    ...filters,
  ])} group by ${bookings.status}`;
  return db
    .select(countColumns)
    .from(sql`(${perStatus} union all ${today} union all ${ahead}) as parts`)
    .groupBy(sql`status`);
}

/**
 * The tab counts (grouped by status) under every filter but the tab: from the summaries unless a search is set; a
 * search with many matches and no date range from the trigram index (matchCounts), any other from scannedCounts.
 */
export const tabCounts = (db: Db, f: ListFilter, p: PageSpec, reach?: SearchReach) => {
  if (!f.search) return summaryCounts(db, f, p);
  return reach === 'many' && usesTrigrams(f.search) && !f.from && !f.to
    ? matchCounts(db, f.search, f, p)
    : scannedCounts(db, f, p, reach);
};

/**
 * One filtered, sorted page and the tab counts, in one D1 round trip; a search of 3 or more characters takes one more
 * before it, the bounded count of its matches (searchReach) that chooses how both are read.
 */
export async function bookingsPageWithCounts(db: Db, f: ListFilter, p: PageSpec) {
  const reach = await searchReach(db, f, p.tab);
  const [grouped, page] = await db.batch([tabCounts(db, f, p, reach?.counts), bookingsPage(db, f, p, reach?.page)]);
  return { grouped, page };
}

/**
 * Figures of behaviour.md#management-panel 'Dashboard' and api.md 'GET /bookings/stats' (revenue per #constants-and-limits: approved totals, shuttle included), summed
 * from the summary tables of migration 0007 (kept by triggers on bookings) rather than from every booking: the all-time
 * figures from booking_status_stats (≤ 5 rows a pitch), today and this month from one month of booking_day_stats (a
 * range of its key). The two 'latest 5' lists stay index reads (bookings_status_created and bookings_created for every
 * pitch, bookings_facility_created for one).
 */
export async function dashboardRows(
  db: Db,
  facilityRef: string | undefined,
  month: { today: string; start: string; end: string },
) {
  // The pitch a filter names is looked up inside the same batch (a subquery in each statement, and one statement that
  // tells whether it exists), not in a round trip of its own before it.
  const facilityId = facilityRef === undefined ? null : facilityIdOf(db, facilityRef);
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
