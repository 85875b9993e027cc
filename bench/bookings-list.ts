// The panel at scale (issues 4 and 11): 100,000 bookings in a private D1, then the bookings screen's one list call (a
// filtered, sorted page with the tab counts), the dashboard's GET /api/bookings/stats (every pitch and one pitch) and the
// weekly calendar (GET /api/facilities/:ref/calendar for this week), each timed request by request.
//   npm run bench:panel            (BENCH_BOOKINGS=100000, BENCH_REQUESTS=300 per scenario)
// Prints p50/p95/p99 and the payload size per scenario against issue 11's targets: list p95 ≤ 20 ms for every filter,
// dashboard p95 ≤ 30 ms, calendar p95 ≤ 30 ms, and payload ≤ 50 KB.
import { startLocalServer } from '../scripts/lib/local-server';
import { newDocumentId } from '../worker/src/lib/ids';
import { addDays, istanbulToday } from '../worker/src/lib/time';
import { benchSession, benchStaffSql } from './lib/staff';

const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const PITCHES = 5;
/** p95 targets (issue 11, 'Panel at 100,000 bookings'). */
const TARGET_MS = { list: 20, dashboard: 30, calendar: 30 } as const;
const PAYLOAD_TARGET_BYTES = 50 * 1024;

const DAY_OPEN = { isOpen: true, start: '09:00', end: '00:00' };
const HOURS = {
  monday: DAY_OPEN,
  tuesday: DAY_OPEN,
  wednesday: DAY_OPEN,
  thursday: DAY_OPEN,
  friday: DAY_OPEN,
  saturday: DAY_OPEN,
  sunday: DAY_OPEN,
};
const q = (v: string) => `'${v.replace(/'/g, "''")}'`;

/**
 * Generated inside SQLite with a recursive CTE (a few hundred bytes of SQL instead of tens of megabytes): bookings
 * spread over two years around today, every status, names with Turkish letters, subscribers and shuttle riders.
 */
async function seedSql(): Promise<string> {
  const today = istanbulToday();
  const lines = [await benchStaffSql(1)];
  for (let p = 1; p <= PITCHES; p++) {
    lines.push(
      `insert into facilities (id, document_id, slug, name, hourly_price, deposit_amount, working_hours) values (${p}, ${q(newDocumentId())}, 'bench-saha-${p}', 'Bench Saha ${p}', 150000, 30000, ${q(JSON.stringify(HOURS))});`,
    );
  }
  const names = [
    'Ahmet Yılmaz',
    'Ayşe Kaya',
    'Mehmet Öztürk',
    'Işık Çelik',
    'Şule Demir',
    'Can Güneş',
    'Ümit Aydın',
    'Gökhan Şahin',
    'Elif Arslan',
    'Burak Doğan',
    'Zeynep Koç',
    'Emre Kurt',
  ];
  const nameCase = names.map((n, i) => `when ${i} then ${q(n)}`).join(' ');
  // Slot dates from today − 600 to today + 129 days; hours 09–23; created 0–30 days before the slot. Pitch and status
  // vary independently of the date (a spread of n, not n modulo a divisor of 730), so every pitch has bookings of every
  // status on most days: the dashboard's summary table gets the size a real two years would give it.
  lines.push(`
    with recursive seq(n) as (select 1 union all select n + 1 from seq where n < ${BOOKINGS})
    insert into bookings (document_id, booking_number, facility_id, customer_name, customer_phone, date, start_time, end_time,
      starts_at, slot_price, includes_transportation, transportation_price, status, payment_status, total_price, deposit_amount,
      is_subscriber, created_at, updated_at)
    select 'bench-' || n,
      'HSR' || substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', 1 + (n / 1048576) % 32, 1) || substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', 1 + (n / 32768) % 32, 1)
        || substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', 1 + (n / 1024) % 32, 1) || substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', 1 + (n / 32) % 32, 1)
        || substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', 1 + n % 32, 1) || 'BNCH',
      1 + (n / 730) % ${PITCHES},
      case n % ${names.length} ${nameCase} end,
      '05' || printf('%09d', (n * 7919) % 1000000000),
      d, printf('%02d:00', h), printf('%02d:00', h + 1),
      (cast(julianday(d) - 2440587.5 as integer) * 86400 + (h - 3) * 3600) * 1000,
      150000, n % 7 = 0, case when n % 7 = 0 then 5000 else 0 end,
      case when s < 5 then 'approved' when s < 7 then 'pending' when s = 7 then 'rejected' when s = 8 then 'cancelled' else 'expired' end,
      case when s < 5 then 'paid' else 'pending' end,
      150000 + case when n % 7 = 0 then 5000 else 0 end, 30000,
      n % 13 = 0,
      min((cast(julianday(d) - 2440587.5 as integer) * 86400 - (n % 30) * 86400) * 1000 + n, ${Date.now()} - n),
      min((cast(julianday(d) - 2440587.5 as integer) * 86400) * 1000, ${Date.now()})
    from (select n, date(${q(today)}, printf('%+d days', (n * 37) % 730 - 600)) as d, 9 + n % 15 as h,
      ((n * 1103515245 + 12345) / 65536) % 10 as s from seq);`);
  // The weekly calendar's week (Monday to Sunday around today) on pitch 1: a slot an hour from 09 to 23, each holding
  // one of the bookings above that is live at that hour, as the public create would have linked it.
  const monday = calendarWeek().from;
  lines.push(`
    with recursive days(i) as (select 0 union all select i + 1 from days where i < 6),
      hours(h) as (select 9 union all select h + 1 from hours where h < 23)
    insert into booking_slots (document_id, facility_id, date, start_time, end_time, starts_at, ends_at, price)
    select 'bench-slot-' || i || '-' || h, 1, date(${q(monday)}, printf('+%d days', i)), printf('%02d:00', h),
      printf('%02d:00', (h + 1) % 24),
      (cast(julianday(date(${q(monday)}, printf('+%d days', i))) - 2440587.5 as integer) * 86400 + (h - 3) * 3600) * 1000,
      (cast(julianday(date(${q(monday)}, printf('+%d days', i))) - 2440587.5 as integer) * 86400 + (h - 2) * 3600) * 1000,
      150000
    from days, hours;
    update bookings set slot_id = (select s.id from booking_slots s where s.facility_id = bookings.facility_id
        and s.date = bookings.date and s.start_time = bookings.start_time)
      where id in (select min(b.id) from bookings b join booking_slots s on s.facility_id = b.facility_id
        and s.date = b.date and s.start_time = b.start_time where b.status in ('pending', 'approved') group by s.id);`);
  return lines.join('\n');
}

/** The Monday-to-Sunday week around today (Istanbul): the range the panel's weekly calendar asks for. */
function calendarWeek(): { from: string; to: string } {
  const today = istanbulToday();
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7; // 0 = Monday
  const from = addDays(today, -weekday);
  return { from, to: addDays(from, 6) };
}

interface Scenario {
  name: string;
  /** 'bare' is GET /api/health, first and last: the floor of a request on this box in this run (no target). */
  kind: keyof typeof TARGET_MS | 'bare';
  path: string;
  /** What the answer holds, for the table's rows / total columns. */
  // never: each scenario narrows the parsed JSON to its own answer shape.
  shape: (body: never) => { rows: number; total: number };
}

const listShape = (b: { data: unknown[]; meta: { pagination: { total: number } } }) => ({
  rows: b.data.length,
  total: b.meta.pagination.total,
});

function scenarios(): Scenario[] {
  const today = istanbulToday();
  const list = (name: string, query: string): Scenario => ({
    name,
    kind: 'list',
    path: `/api/bookings?${query}`,
    shape: listShape,
  });
  const week = calendarWeek();
  const bare = (name: string): Scenario => ({
    name,
    kind: 'bare',
    path: '/api/health',
    shape: () => ({ rows: 0, total: 0 }),
  });
  return [
    bare('bare route (GET /api/health)'),
    list('default page (Tümü, newest)', 'tab=all&page=1&pageSize=10'),
    list('Bekleyen tab', 'tab=pending&page=1&pageSize=10'),
    list('Bugün tab', 'tab=today&page=1&pageSize=10'),
    list('Gelecek, by date', 'tab=upcoming&sort=date:asc&page=1&pageSize=10'),
    list('search name "isik"', 'tab=all&q=isik&page=1&pageSize=10'),
    list('search phone prefix', 'tab=all&q=0500&page=1&pageSize=10'),
    list('Aboneler+Servisli', 'tab=approved&subscribers=true&transport=true&page=1&pageSize=10'),
    list('date range, page 20', `tab=all&from=${addDays(today, -90)}&to=${today}&page=20&pageSize=10`),
    ...[
      ['dashboard, every pitch', '/api/bookings/stats'],
      ['dashboard, one pitch', '/api/bookings/stats?facilityId=bench-saha-1'],
    ].map(
      ([name, path]): Scenario => ({
        name,
        kind: 'dashboard',
        path,
        shape: (b: { data: { latest: unknown[]; total: number } }) => ({
          rows: b.data.latest.length,
          total: b.data.total,
        }),
      }),
    ),
    {
      name: 'weekly calendar, one pitch',
      kind: 'calendar',
      path: `/api/facilities/bench-saha-1/calendar?from=${week.from}&to=${week.to}`,
      shape: (b: { data: { slots: { booking: unknown }[] } }) => ({
        rows: b.data.slots.length,
        total: b.data.slots.filter((x) => x.booking !== null).length,
      }),
    },
    // The box drifts during a run (and is shared): the floor again at the end.
    bare('bare route, again'),
  ];
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function main() {
  console.log(`bench:panel: building and seeding ${BOOKINGS.toLocaleString('en')} bookings into a private state …`);
  const t0 = Date.now();
  const server = await startLocalServer({ seed: { sql: await seedSql() } });
  console.log(`  ready in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  try {
    const session = await benchSession(server.origin);
    const headers = { cookie: session };
    const total = (
      (await (await fetch(`${server.origin}/api/bookings?pageSize=1`, { headers })).json()) as {
        meta: { counts: { all: number } };
      }
    ).meta.counts.all;
    console.log(`  bookings in the database: ${total.toLocaleString('en')}\n`);
    console.log(
      `${REQUESTS} sequential requests per scenario after 20 warm-up requests; loopback; wrangler dev (workerd); ${new Date().toISOString()}`,
    );
    console.log('rows/total: list = page rows / matches; dashboard = latest / bookings; calendar = slots / booked\n');
    console.log(
      'scenario                          p50 ms  p95 ms  p99 ms   bytes   rows  total   target     p95   ≤50KB',
    );
    let allMet = true;
    for (const s of scenarios()) {
      const url = `${server.origin}${s.path}`;
      for (let i = 0; i < 20; i++) await (await fetch(url, { headers })).arrayBuffer();
      const times: number[] = [];
      let bytes = 0;
      let shape = { rows: 0, total: 0 };
      for (let i = 0; i < REQUESTS; i++) {
        const start = performance.now();
        const res = await fetch(url, { headers });
        const body = await res.arrayBuffer();
        times.push(performance.now() - start);
        if (res.status !== 200) throw new Error(`${s.name}: HTTP ${res.status} ${new TextDecoder().decode(body)}`);
        bytes = body.byteLength;
        shape = s.shape(JSON.parse(new TextDecoder().decode(body)) as never);
      }
      times.sort((a, b) => a - b);
      const p95 = pct(times, 95);
      const target = s.kind === 'bare' ? undefined : TARGET_MS[s.kind];
      const fast = target === undefined || p95 <= target;
      const small = bytes <= PAYLOAD_TARGET_BYTES;
      allMet &&= fast && small;
      const verdict =
        target === undefined ? '—'.padEnd(14) : `≤${String(target).padStart(2)} ms    ${fast ? 'ok  ' : 'MISS'}`;
      console.log(
        `${s.name.padEnd(32)} ${pct(times, 50).toFixed(1).padStart(7)} ${p95.toFixed(1).padStart(7)} ${pct(times, 99).toFixed(1).padStart(7)} ${String(bytes).padStart(7)} ${String(shape.rows).padStart(6)} ${String(shape.total).padStart(6)}   ${verdict}    ${small ? 'ok' : 'MISS'}`,
      );
    }
    console.log(`\n${allMet ? 'all targets met' : 'some targets missed'}`);
  } finally {
    await server.stop();
  }
}

if (process.env.BENCH_SQL_ONLY) process.stdout.write(await seedSql());
else await main();
