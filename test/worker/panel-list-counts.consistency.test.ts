// The panel list's tab counts and pages against plain queries over the bookings table: for every combination
// of pitch, Aboneler, Servisli, date range and search, GET /api/bookings answers the counts a GROUP BY over bookings
// gives (the query the list ran before its counts came from the summary tables), and for every tab and sort the page a
// plain ORDER BY … LIMIT gives, whichever index the list walks. The bookings span the days around today at every hour,
// overnight slots included, in every status, so Bugün and Gelecek meet their edges (yesterday's after-midnight slots,
// today's past and future hours).
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_SORTS, BOOKING_TABS } from '../../contracts/panel';
import { searchPattern } from '../../worker/src/services/staff-bookings';
import {
  addDays,
  api,
  type BookingListAnswer,
  createFacility,
  createStaff,
  istanbulToday,
  json,
  tokenFor,
} from './fixtures';

let token: string;
let pitches: Awaited<ReturnType<typeof createFacility>>[];
const STATUSES = ['pending', 'approved', 'rejected', 'cancelled', 'expired'] as const;
const NAMES = ['Işık Tan', 'Ayşe Kaya', 'Ümit Şahin', 'Can Işıklı', 'Elif Doğan', 'Gökhan Öz'];
const ROWS = 360;

/** Istanbul is UTC+3 all year: a business date's midnight as an instant. */
const midnight = (date: string) => Date.parse(`${date}T00:00:00Z`) - 3 * 3_600_000;

beforeAll(async () => {
  token = await tokenFor(await createStaff('admin'), 'admin');
  pitches = [await createFacility(), await createFacility(), await createFacility()];
  const today = istanbulToday();
  const base = Date.now();
  const insert = env.DB.prepare(
    `insert into bookings (document_id, booking_number, facility_id, customer_name, customer_phone, date, start_time,
       end_time, starts_at, slot_price, total_price, status, is_subscriber, includes_transportation, transportation_price,
       created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, 150000, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const rows = Array.from({ length: ROWS }, (_, i) => {
    const date = addDays(today, ((i * 7) % 12) - 4); // four days back to seven ahead
    const hour = 9 + ((i * 5) % 17); // 09 … 25: from 24 on, after midnight of the business day
    const start = `${String(hour % 24).padStart(2, '0')}:17`;
    const startsAt = midnight(date) + hour * 3_600_000 + 17 * 60_000 + 13_000;
    const shuttle = i % 3 === 0;
    // Creation times repeat (every 40th row shares one): the id breaks the tie in both directions.
    const createdAt = base - 86_400_000 + ((i * 7919) % 40) * 60_000;
    return insert.bind(
      `consistency-${i}`,
      `HSRC${String(i).padStart(6, '0')}`,
      pitches[i % 3].id,
      NAMES[i % NAMES.length],
      `0555${String(i).padStart(7, '0')}`,
      date,
      start,
      `${String((hour + 1) % 24).padStart(2, '0')}:17`,
      startsAt,
      150000 + (shuttle ? 5000 : 0),
      STATUSES[(i * 3 + Math.floor(i / 5)) % 5],
      i % 4 === 0 ? 1 : 0,
      shuttle ? 1 : 0,
      shuttle ? 5000 : 0,
      createdAt,
      createdAt,
    );
  });
  await env.DB.batch(rows);
});

interface Filter {
  pitch?: number;
  subscribers?: boolean;
  transport?: boolean;
  range?: boolean;
  q?: string;
}

function filters(): Filter[] {
  const out: Filter[] = [];
  for (const pitch of [undefined, 1])
    for (const subscribers of [undefined, true])
      for (const transport of [undefined, true])
        for (const range of [undefined, true])
          for (const q of [undefined, 'isik', '0555 000 01']) out.push({ pitch, subscribers, transport, range, q });
  return out;
}

function queryOf(f: Filter, today: string): string {
  const p = new URLSearchParams();
  if (f.pitch !== undefined) p.set('facility', pitches[f.pitch].documentId);
  if (f.subscribers) p.set('subscribers', 'true');
  if (f.transport) p.set('transport', 'true');
  if (f.range) {
    p.set('from', addDays(today, -1));
    p.set('to', addDays(today, 2));
  }
  if (f.q) p.set('q', f.q);
  return p.toString();
}

/** The filter as plain SQL over bookings, with its binds. */
function whereOf(f: Filter, today: string): { sql: string[]; binds: unknown[] } {
  const sql: string[] = ['true'];
  const binds: unknown[] = [];
  if (f.pitch !== undefined) sql.push('facility_id = ?') && binds.push(pitches[f.pitch].id);
  if (f.subscribers) sql.push('is_subscriber = 1');
  if (f.transport) sql.push('includes_transportation = 1');
  if (f.range) sql.push('date between ? and ?') && binds.push(addDays(today, -1), addDays(today, 2));
  if (f.q) sql.push('instr(search_key, ?) > 0') && binds.push(searchPattern(f.q));
  return { sql, binds };
}

/** The counts as the list computed them before migration 0008: one GROUP BY over the bookings that match. */
async function groupByCounts(f: Filter, today: string, now: number) {
  const w = whereOf(f, today);
  const { results } = await env.DB.prepare(
    `select status, count(*) as n, sum(date = ?) as today, sum(starts_at > ?) as ahead
     from bookings where ${w.sql.join(' and ')} group by status`,
  )
    .bind(today, now, ...w.binds)
    .all<{ status: (typeof STATUSES)[number]; n: number; today: number; ahead: number }>();
  const counts = { all: 0, today: 0, upcoming: 0, pending: 0, approved: 0, rejected: 0, cancelled: 0 };
  for (const g of results) {
    counts.all += g.n;
    counts.today += g.today;
    if (g.status === 'pending' || g.status === 'approved') counts.upcoming += g.ahead;
    if (g.status === 'cancelled' || g.status === 'expired') counts.cancelled += g.n;
    else counts[g.status] += g.n;
  }
  return counts;
}

const TAB_SQL: Record<(typeof BOOKING_TABS)[number], (today: string, now: number) => [string, ...unknown[]]> = {
  all: () => ['true'],
  today: (today) => ['date = ?', today],
  upcoming: (_, now) => ["status in ('pending', 'approved') and starts_at > ?", now],
  pending: () => ["status = 'pending'"],
  approved: () => ["status = 'approved'"],
  rejected: () => ["status = 'rejected'"],
  cancelled: () => ["status in ('cancelled', 'expired')"],
};
const SORT_SQL: Record<(typeof BOOKING_SORTS)[number], string> = {
  'createdAt:desc': 'created_at desc, id desc',
  'createdAt:asc': 'created_at asc, id asc',
  'date:asc': 'starts_at asc, id asc',
  'date:desc': 'starts_at desc, id desc',
};

/** The page as a plain ORDER BY … LIMIT over bookings gives it. */
async function plainPage(f: Filter, tab: (typeof BOOKING_TABS)[number], sort: string, today: string, now: number) {
  const w = whereOf(f, today);
  const [tabSql, ...tabBinds] = TAB_SQL[tab](today, now);
  const { results } = await env.DB.prepare(
    `select document_id from bookings where ${tabSql} and ${w.sql.join(' and ')}
     order by ${SORT_SQL[sort as keyof typeof SORT_SQL]} limit 4 offset 4`,
  )
    .bind(...tabBinds, ...w.binds)
    .all<{ document_id: string }>();
  return results.map((r) => r.document_id);
}

describe('the panel list against plain queries over bookings', () => {
  it('every filter combination: the tab counts equal a GROUP BY over the matching bookings', async () => {
    const today = istanbulToday();
    let withToday = 0;
    let withUpcoming = 0;
    for (const f of filters()) {
      const now = Date.now();
      const res = await api(`/api/bookings?${queryOf(f, today)}&pageSize=1`, { token });
      expect(res.status).toBe(200);
      const body = await json<BookingListAnswer>(res);
      const expected = await groupByCounts(f, today, now);
      expect({ f, counts: body.meta.counts }).toEqual({ f, counts: expected });
      expect(body.meta.pagination.total).toBe(expected.all);
      if (expected.today > 0) withToday++;
      if (expected.upcoming > 0) withUpcoming++;
    }
    // The data reach every count, whatever the hour the test runs at: today's rows are never shuttle rows (i ≡ 4 mod 12),
    // so at most half the combinations can have bookings today; live bookings still ahead come from the days after
    // today at any hour (late in the evening today's own rows have passed).
    expect(withToday).toBeGreaterThanOrEqual(filters().length / 4);
    expect(withUpcoming).toBeGreaterThanOrEqual(filters().length / 4);
  });

  it('every filter, tab and sort: the page and its total equal a plain ORDER BY … LIMIT', async () => {
    const today = istanbulToday();
    let pages = 0;
    // Two of the four sorts per filter, alternating: every (pitch, flags, tab, sort) still meets, in half the requests.
    for (const [n, f] of filters().entries()) {
      for (const tab of BOOKING_TABS)
        for (const sort of BOOKING_SORTS.filter((_, k) => (k + n) % 2 === 0)) {
          const now = Date.now();
          const res = await api(`/api/bookings?${queryOf(f, today)}&tab=${tab}&sort=${sort}&page=2&pageSize=4`, {
            token,
          });
          expect(res.status).toBe(200);
          const body = await json<BookingListAnswer>(res);
          const ids = body.data.map((b) => b.documentId);
          expect({ f, tab, sort, ids }).toEqual({ f, tab, sort, ids: await plainPage(f, tab, sort, today, now) });
          expect(body.meta.pagination.total).toBe(tab === 'all' ? body.meta.counts.all : body.meta.counts[tab]);
          if (ids.length === 4) pages++;
        }
    }
    // Most of these pages are full: the comparison is over real rows, not empty lists.
    expect(pages).toBeGreaterThan(100);
    // Several hundred requests in a row: a sweep, not a timing (on a loaded 2-core machine it passes 30 s).
  }, 120_000);
});
