// Raporlar at scale: 100,000 bookings over two years on 5 pitches, each pitch's slots for every day (09–23),
// the live bookings linked to them, every 5th approved booking with a 'Maç videosu' add-on; then GET /api/reports for
// the screen's usual ranges, request by request.
//   npm run bench:reports          (BENCH_BOOKINGS=100000, BENCH_REQUESTS=100 per scenario)
// Prints p50/p95/p99 and the payload per scenario against the issue's target: each report p95 ≤ 100 ms.
import { startLocalServer } from '../scripts/lib/local-server';
import { addDays, istanbulToday } from '../worker/src/lib/time';
import { timeGets } from './lib/measure';
import { facilitiesSql, panelBookingsSql, q } from './lib/seed';
import { benchSession, benchStaffSql } from './lib/staff';

const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
const FACILITIES = 5;
const TARGET_MS = 100;

/** Every pitch's slots over the bookings' two years, the live bookings linked as the public create does, add-ons. */
function slotsAndAddonsSql(): string {
  const today = istanbulToday();
  const day = `date(${q(today)}, printf('%+d days', i - 600))`;
  const instant = (hours: string) =>
    `(cast(julianday(${day}) - 2440587.5 as integer) * 86400 + (${hours}) * 3600) * 1000`;
  return `
    with recursive days(i) as (select 0 union all select i + 1 from days where i < 729),
      hours(h) as (select 9 union all select h + 1 from hours where h < 23),
      pitches(p) as (select 1 union all select p + 1 from pitches where p < ${FACILITIES})
    insert into booking_slots (document_id, facility_id, date, start_time, end_time, starts_at, ends_at, price)
    select 'bench-slot-' || p || '-' || i || '-' || h, p, ${day}, printf('%02d:00', h), printf('%02d:00', (h + 1) % 24),
      ${instant('h - 3')}, ${instant('h - 2')}, 150000
    from pitches, days, hours;
    update bookings set slot_id = (select s.id from booking_slots s where s.facility_id = bookings.facility_id
        and s.date = bookings.date and s.start_time = bookings.start_time)
      where id in (select min(b.id) from bookings b join booking_slots s on s.facility_id = b.facility_id
        and s.date = b.date and s.start_time = b.start_time where b.status in ('pending', 'approved') group by s.id);
    update bookings set addons = '[{"addonId":1,"name":"Maç videosu","unit":"booking","unitPrice":30000,"quantity":1,"total":30000}]',
        addons_price = 30000, total_price = total_price + 30000
      where status = 'approved' and id % 5 = 0;`;
}

async function seedSql(): Promise<string> {
  return [
    await benchStaffSql(1),
    facilitiesSql(FACILITIES),
    panelBookingsSql({ bookings: BOOKINGS, facilities: FACILITIES }),
    slotsAndAddonsSql(),
  ].join('\n');
}

function scenarios() {
  const today = istanbulToday();
  const range = (days: number) => `from=${addDays(today, -days + 1)}&to=${today}`;
  return [
    { name: 'bare route (GET /api/health)', path: '/api/health', bare: true },
    { name: 'last 7 days, every pitch', path: `/api/reports?${range(7)}` },
    { name: 'last 30 days, every pitch', path: `/api/reports?${range(30)}` },
    { name: 'last 30 days, one pitch', path: `/api/reports?${range(30)}&facility=1` },
    { name: 'last 90 days by week', path: `/api/reports?${range(90)}&bucket=week` },
    { name: 'last 365 days by month', path: `/api/reports?${range(365)}&bucket=month` },
    { name: 'last 365 days, one pitch, month', path: `/api/reports?${range(365)}&facility=1&bucket=month` },
    { name: 'bare route, again', path: '/api/health', bare: true },
  ];
}

async function main() {
  console.log(`bench:reports: building and seeding ${BOOKINGS.toLocaleString('en')} bookings into a private state …`);
  const t0 = Date.now();
  const server = await startLocalServer({ seed: { sql: await seedSql() } });
  console.log(`  ready in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  try {
    const headers = { cookie: await benchSession(server.origin) };
    console.log(
      `${REQUESTS} sequential requests per scenario after 20 warm-up requests; loopback; wrangler dev (workerd); ${new Date().toISOString()}\n`,
    );
    console.log('scenario                           p50 ms  p95 ms  p99 ms    bytes  approved  target');
    let allMet = true;
    for (const s of scenarios()) {
      const t = await timeGets(`${server.origin}${s.path}`, headers, REQUESTS);
      const body = t.body as { data?: { revenue?: { total: { bookings: number } } } };
      const met = s.bare || t.p95 <= TARGET_MS;
      allMet &&= met;
      console.log(
        `${s.name.padEnd(33)} ${t.p50.toFixed(1).padStart(7)} ${t.p95.toFixed(1).padStart(7)} ${t.p99.toFixed(1).padStart(7)} ${String(t.bytes).padStart(8)} ${String(body.data?.revenue?.total.bookings ?? '—').padStart(9)}  ${s.bare ? '—' : `≤${TARGET_MS} ms ${met ? 'met' : 'MISSED'}`}`,
      );
    }
    console.log(`\n${allMet ? 'all report targets met' : 'some report targets MISSED'}`);
  } finally {
    await server.stop();
  }
}

await main();
