// The panel's bookings screen at scale (issue 4): 100,000 bookings in a private D1, then the screen's one list call
// (a filtered, sorted page with the tab counts) timed request by request.
//   npm run bench:panel            (BENCH_BOOKINGS=100000, BENCH_REQUESTS=300 per scenario)
// Prints p50/p95/p99 and the payload size per scenario against the targets p95 ≤ 50 ms and payload ≤ 50 KB.
import { startLocalServer } from '../scripts/lib/local-server';
import { newDocumentId } from '../worker/src/lib/ids';
import { addDays, istanbulToday } from '../worker/src/lib/time';
import { benchSession, benchStaffSql } from './lib/staff';

const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const PITCHES = 5;
const P95_TARGET_MS = 50;
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
  // Slot dates from today − 600 to today + 129 days; hours 09–23; created 0–30 days before the slot.
  lines.push(`
    with recursive seq(n) as (select 1 union all select n + 1 from seq where n < ${BOOKINGS})
    insert into bookings (document_id, booking_number, facility_id, customer_name, customer_phone, date, start_time, end_time,
      starts_at, slot_price, includes_transportation, transportation_price, status, payment_status, total_price, deposit_amount,
      is_subscriber, created_at, updated_at)
    select 'bench-' || n,
      'HSR' || substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', 1 + (n / 1048576) % 32, 1) || substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', 1 + (n / 32768) % 32, 1)
        || substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', 1 + (n / 1024) % 32, 1) || substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', 1 + (n / 32) % 32, 1)
        || substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', 1 + n % 32, 1) || 'BNCH',
      1 + n % ${PITCHES},
      case n % ${names.length} ${nameCase} end,
      '05' || printf('%09d', (n * 7919) % 1000000000),
      d, printf('%02d:00', h), printf('%02d:00', h + 1),
      (cast(julianday(d) - 2440587.5 as integer) * 86400 + (h - 3) * 3600) * 1000,
      150000, n % 7 = 0, case when n % 7 = 0 then 5000 else 0 end,
      case when n % 10 < 5 then 'approved' when n % 10 < 7 then 'pending' when n % 10 = 7 then 'rejected' when n % 10 = 8 then 'cancelled' else 'expired' end,
      case when n % 10 < 5 then 'paid' else 'pending' end,
      150000 + case when n % 7 = 0 then 5000 else 0 end, 30000,
      n % 13 = 0,
      min((cast(julianday(d) - 2440587.5 as integer) * 86400 - (n % 30) * 86400) * 1000 + n, ${Date.now()} - n),
      min((cast(julianday(d) - 2440587.5 as integer) * 86400) * 1000, ${Date.now()})
    from (select n, date(${q(today)}, printf('%+d days', (n * 37) % 730 - 600)) as d, 9 + n % 15 as h from seq);`);
  return lines.join('\n');
}

interface Scenario {
  name: string;
  query: string;
}

function scenarios(): Scenario[] {
  const today = istanbulToday();
  return [
    { name: 'default page (Tümü, newest)', query: 'tab=all&page=1&pageSize=10' },
    { name: 'Bekleyen tab', query: 'tab=pending&page=1&pageSize=10' },
    { name: 'Bugün tab', query: 'tab=today&page=1&pageSize=10' },
    { name: 'Gelecek, by date', query: 'tab=upcoming&sort=date:asc&page=1&pageSize=10' },
    { name: 'search name "isik"', query: 'tab=all&q=isik&page=1&pageSize=10' },
    { name: 'search phone prefix', query: 'tab=all&q=0500&page=1&pageSize=10' },
    { name: 'Aboneler+Servisli', query: 'tab=approved&subscribers=true&transport=true&page=1&pageSize=10' },
    { name: 'date range, page 20', query: `tab=all&from=${addDays(today, -90)}&to=${today}&page=20&pageSize=10` },
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
    console.log('scenario                          p50 ms  p95 ms  p99 ms   bytes   rows  total     p95≤50ms  ≤50KB');
    let allMet = true;
    for (const s of scenarios()) {
      const url = `${server.origin}/api/bookings?${s.query}`;
      for (let i = 0; i < 20; i++) await (await fetch(url, { headers })).arrayBuffer();
      const times: number[] = [];
      let bytes = 0;
      let rows = 0;
      let matched = 0;
      for (let i = 0; i < REQUESTS; i++) {
        const start = performance.now();
        const res = await fetch(url, { headers });
        const body = await res.arrayBuffer();
        times.push(performance.now() - start);
        if (res.status !== 200) throw new Error(`${s.name}: HTTP ${res.status} ${new TextDecoder().decode(body)}`);
        bytes = body.byteLength;
        const parsed = JSON.parse(new TextDecoder().decode(body)) as {
          data: unknown[];
          meta: { pagination: { total: number } };
        };
        rows = parsed.data.length;
        matched = parsed.meta.pagination.total;
      }
      times.sort((a, b) => a - b);
      const p95 = pct(times, 95);
      const fast = p95 <= P95_TARGET_MS;
      const small = bytes <= PAYLOAD_TARGET_BYTES;
      allMet &&= fast && small;
      console.log(
        `${s.name.padEnd(32)} ${pct(times, 50).toFixed(1).padStart(7)} ${p95.toFixed(1).padStart(7)} ${pct(times, 99).toFixed(1).padStart(7)} ${String(bytes).padStart(7)} ${String(rows).padStart(6)} ${String(matched).padStart(6)}     ${fast ? 'met ' : 'MISS'}      ${small ? 'met' : 'MISS'}`,
      );
    }
    console.log(`\n${allMet ? 'all targets met' : 'some targets missed'}`);
  } finally {
    await server.stop();
  }
}

if (process.env.BENCH_SQL_ONLY) process.stdout.write(await seedSql());
else await main();
