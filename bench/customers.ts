// The customer list at scale: 20,000 customers with 200,000 bookings in a private D1, then the screen's
// list call (GET /api/bookings/customers/stats: a filtered, sorted page with its summary) timed request by request.
//   npm run bench:customers      (BENCH_CUSTOMERS=20000, BENCH_BOOKINGS_PER_CUSTOMER=10, BENCH_REQUESTS=200)
// Prints p50/p95/p99 and the payload per case against the target p95 ≤ 100 ms.
import { startLocalServer } from '../scripts/lib/local-server';
import { addDays, istanbulToday } from '../worker/src/lib/time';
import { timeGets } from './lib/measure';
import { bookingNumberSql, facilitiesSql, nameSql, phoneSql, q } from './lib/seed';
import { benchSession, benchStaffSql } from './lib/staff';

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 20_000);
const PER_CUSTOMER = Number(process.env.BENCH_BOOKINGS_PER_CUSTOMER ?? 10);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const FACILITIES = 5;
const P95_TARGET_MS = 100;

/**
 * Generated inside SQLite with recursive CTEs. Bookings go in first and customers after them, so the stats triggers of
 * migration 0006 compute each customer once from their 10 bookings (the other order recomputes a customer on each of
 * their bookings: the same result, ten times the work). Customer k's booking j is played at a step of 20–69 days
 * after the one before, from about 600 days ago: last bookings range from a year ago to months ahead, so every
 * activity status occurs. Every tenth customer ends on a run of 0–5 cancellations; every eighth is a subscriber.
 */
async function seedSql(): Promise<string> {
  const today = istanbulToday();
  const total = CUSTOMERS * PER_CUSTOMER;
  const lines = [await benchStaffSql(1), facilitiesSql(FACILITIES)];
  lines.push(`
    with recursive seq(n) as (select 0 union all select n + 1 from seq where n < ${total - 1})
    insert into bookings (document_id, booking_number, facility_id, customer_name, customer_phone, date, start_time, end_time,
      starts_at, slot_price, includes_transportation, transportation_price, status, payment_status, total_price, deposit_amount,
      is_subscriber, created_at, updated_at)
    select 'bench-' || n,
      ${bookingNumberSql('n')},
      1 + (k + j) % ${FACILITIES}, ${nameSql('k')} || ' ' || k, ${phoneSql('k')},
      d, printf('%02d:00', h), printf('%02d:00', h + 1),
      (cast(julianday(d) - 2440587.5 as integer) * 86400 + (h - 3) * 3600) * 1000,
      150000, (k * (j + 1)) % 7 = 0, case when (k * (j + 1)) % 7 = 0 then 5000 else 0 end,
      st, case when st = 'approved' then 'paid' else 'pending' end,
      150000 + case when (k * (j + 1)) % 7 = 0 then 5000 else 0 end, 30000, k % 8 = 0,
      ${Date.now()} - n, ${Date.now()} - n
    from (
      select n, k, j, d, h,
        case when k % 10 = 0 and j >= ${PER_CUSTOMER} - (k / 10) % 6 then 'cancelled'
          when (k + j) % 10 < 5 then 'approved' when (k + j) % 10 < 7 then 'pending' when (k + j) % 10 = 7 then 'rejected'
          when (k + j) % 10 = 8 then 'cancelled' else 'expired' end as st
      from (
        select n, n % ${CUSTOMERS} as k, n / ${CUSTOMERS} as j,
          date(${q(today)}, printf('%+d days', -600 + (n % ${CUSTOMERS}) * 37 % 180 + (n / ${CUSTOMERS}) * (20 + (n % ${CUSTOMERS}) % 50))) as d,
          9 + ((n % ${CUSTOMERS}) + (n / ${CUSTOMERS}) * 3) % 15 as h
        from seq
      )
    );`);
  lines.push(`
    with recursive seq(k) as (select 0 union all select k + 1 from seq where k < ${CUSTOMERS - 1})
    insert into customers (phone, name, email, is_subscriber, created_at, updated_at)
    select ${phoneSql('k')}, ${nameSql('k')} || ' ' || k,
      case when k % 3 = 0 then 'musteri' || k || '@example.com' end, k % 8 = 0, ${Date.now()}, ${Date.now()}
    from seq;`);
  return lines.join('\n');
}

interface Case {
  name: string;
  query: string;
}

function cases(): Case[] {
  const today = istanbulToday();
  return [
    { name: 'default (last booking, desc)', query: '' },
    { name: 'sort name asc', query: 'sortBy=name&sortOrder=asc' },
    { name: 'sort totalBookings desc', query: 'sortBy=totalBookings&sortOrder=desc' },
    { name: 'sort cancellationRate desc', query: 'sortBy=cancellationRate&sortOrder=desc' },
    { name: 'sort approvalRate asc', query: 'sortBy=approvalRate&sortOrder=asc' },
    { name: 'sort consecutive desc', query: 'sortBy=consecutiveCancellations&sortOrder=desc' },
    { name: 'warningsOnly', query: 'warningsOnly=true' },
    { name: 'subscribers by name', query: 'customerType=subscriber&sortBy=name&sortOrder=asc' },
    { name: 'search name "isik"', query: 'search=isik' },
    { name: 'search phone digits', query: 'search=0500' },
    { name: 'search e-mail', query: 'search=musteri12' },
    { name: 'activity active', query: 'activityStatus=active' },
    { name: 'activity dormant, page 5', query: 'activityStatus=dormant&page=5' },
    { name: 'date range 30 days', query: `dateFrom=${addDays(today, -30)}&dateTo=${today}` },
    { name: 'date range 1 year, min 3', query: `dateFrom=${addDays(today, -365)}&dateTo=${today}&minBookings=3` },
    { name: 'cancel 20–60 %, shuttle', query: 'minCancellationRate=20&maxCancellationRate=60&hasTransportation=true' },
    {
      name: 'standard, inactive, rate asc',
      query: 'customerType=standard&activityStatus=inactive&sortBy=approvalRate',
    },
    { name: 'pageSize 500, page 10', query: 'pageSize=500&page=10' },
  ];
}

async function main() {
  console.log(
    `bench:customers: building and seeding ${CUSTOMERS.toLocaleString('en')} customers and ${(CUSTOMERS * PER_CUSTOMER).toLocaleString('en')} bookings into a private state …`,
  );
  const t0 = Date.now();
  const server = await startLocalServer({ seed: { sql: await seedSql() } });
  console.log(`  ready in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  try {
    const session = await benchSession(server.origin);
    const headers = { cookie: session };
    const first = (await (await fetch(`${server.origin}/api/bookings/customers/stats`, { headers })).json()) as {
      meta: { summary: Record<string, number> };
    };
    console.log(`  summary over every customer: ${JSON.stringify(first.meta.summary)}\n`);
    console.log(
      `${REQUESTS} sequential requests per case after 20 warm-up requests; page size 50 unless named; loopback; wrangler dev (workerd); ${new Date().toISOString()}`,
    );
    console.log('case                              p50 ms  p95 ms  p99 ms   bytes  rows   total  target p95 ≤ 100 ms');
    let allMet = true;
    for (const c of cases()) {
      const url = `${server.origin}/api/bookings/customers/stats${c.query ? `?${c.query}` : ''}`;
      const t = await timeGets(url, headers, REQUESTS);
      const parsed = t.body as { data: unknown[]; meta: { pagination: { total: number } } };
      const [rows, matched, bytes, p95] = [parsed.data.length, parsed.meta.pagination.total, t.bytes, t.p95];
      const met = p95 <= P95_TARGET_MS;
      allMet &&= met;
      console.log(
        `${c.name.padEnd(32)} ${t.p50.toFixed(1).padStart(7)} ${p95.toFixed(1).padStart(7)} ${t.p99.toFixed(1).padStart(7)} ${String(bytes).padStart(7)} ${String(rows).padStart(5)} ${String(matched).padStart(7)}  target p95 ≤ 100 ms: ${met ? 'met' : 'MISS'}`,
      );
    }
    console.log(`\n${allMet ? 'all targets met' : 'some targets missed'}`);
  } finally {
    await server.stop();
  }
}

if (process.env.BENCH_SQL_ONLY) process.stdout.write(await seedSql());
else await main();
