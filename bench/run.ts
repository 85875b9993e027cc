// Load benchmark of the public API against one local worker (the real build, wrangler dev, its own D1 state).
//   npm run bench                      (BENCH_DURATION=10 seconds per route, BENCH_CONNECTIONS=10)
// Prints req/s, p50 and p99 per route and each route's req/s as a share of the bare route, with the issue's targets,
// then where each route's time goes: the server runs with SERVER_TIMING = "1", and a profile pass of 10 concurrent
// clients per route averages the steps of the Server-Timing header (worker/src/lib/timing.ts).
import autocannon from 'autocannon';
import { startLocalServer } from '../scripts/lib/local-server';
import type { WorkingHours } from '../worker/src/db/schema';
import { newBookingNumber, newDocumentId } from '../worker/src/lib/ids';
import { addDays, istanbulToday } from '../worker/src/lib/time';
import { planDay } from '../worker/src/services/slots';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** BENCH_TIMING=0: the server without Server-Timing and no step profile (to see what the timing itself costs). */
const TIMING = process.env.BENCH_TIMING !== '0';
let base = '';

const PITCHES = 4;
const DAYS = 30;
const TRACKED = 500;
const allDay = (): WorkingHours => {
  const d = { isOpen: true, start: '00:00', end: '00:00' };
  return { monday: d, tuesday: d, wednesday: d, thursday: d, friday: d, saturday: d, sunday: d };
};
const q = (v: unknown) =>
  v === null ? 'NULL' : typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`;

interface BenchData {
  slugs: string[];
  freeSlots: Array<{ facility: string; slot: string }>;
  bookingNumbers: string[];
}

/** Pitches open round the clock, 30 days of hourly slots each, and bookings to track on one more pitch. */
function seedSql(): { sql: string; data: BenchData } {
  const today = istanbulToday();
  const lines: string[] = [];
  const data: BenchData = { slugs: [], freeSlots: [], bookingNumbers: [] };
  for (let p = 1; p <= PITCHES + 1; p++) {
    const documentId = newDocumentId();
    const slug = `bench-saha-${p}`;
    const hours = allDay();
    lines.push(
      `insert into facilities (id, document_id, slug, name, hourly_price, deposit_amount, working_hours) values (${p}, ${q(documentId)}, ${q(slug)}, ${q(`Bench Saha ${p}`)}, 150000, 30000, ${q(JSON.stringify(hours))});`,
    );
    if (p <= PITCHES) data.slugs.push(slug);
    const rows: string[] = [];
    for (let d = 1; d <= DAYS; d++) {
      for (const s of planDay(
        { workingHours: hours, bookingTimeType: 'hourly', startTimeOffset: 'full_hour' },
        addDays(today, d),
      )) {
        const slotDoc = newDocumentId();
        rows.push(
          `(${q(slotDoc)}, ${p}, ${q(s.date)}, ${q(s.startTime)}, ${q(s.endTime)}, ${s.startsAt}, ${s.endsAt}, 150000)`,
        );
        if (p <= PITCHES) data.freeSlots.push({ facility: documentId, slot: slotDoc });
        else if (data.bookingNumbers.length < TRACKED) {
          const n = newBookingNumber();
          data.bookingNumbers.push(n);
          lines.push(`insert into bookings (document_id, booking_number, facility_id, customer_name, customer_phone, date, start_time, end_time, starts_at, slot_price, total_price, deposit_amount, status)
            values (${q(newDocumentId())}, ${q(n)}, ${p}, 'Bench Müşteri', ${q(`0555${String(data.bookingNumbers.length).padStart(7, '0')}`)}, ${q(s.date)}, ${q(s.startTime)}, ${q(s.endTime)}, ${s.startsAt}, 150000, 150000, 30000, 'approved');`);
        }
      }
    }
    for (let i = 0; i < rows.length; i += 200) {
      lines.push(
        `insert into booking_slots (document_id, facility_id, date, start_time, end_time, starts_at, ends_at, price) values ${rows.slice(i, i + 200).join(', ')};`,
      );
    }
  }
  // Link tracked bookings to their slots so they look like real ones.
  lines.push(
    `update bookings set slot_id = (select s.id from booking_slots s where s.facility_id = bookings.facility_id and s.date = bookings.date and s.start_time = bookings.start_time);`,
  );
  // Interleave pitches so concurrent creates spread over the four pitch objects.
  data.freeSlots.sort(() => Math.random() - 0.5);
  return { sql: lines.join('\n'), data };
}

interface Row {
  name: string;
  note: string;
  rps: number;
  p50: number;
  p99: number;
  statuses: Record<string, number>;
}

async function measure(name: string, note: string, opts: Partial<autocannon.Options>): Promise<Row> {
  // A short warm-up so each route is measured hot.
  await autocannon({ url: base, connections, duration: 2, ...opts });
  const r = await autocannon({ url: base, connections, duration, ...opts });
  const statuses: Record<string, number> = {};
  for (const [k, v] of Object.entries(r.statusCodeStats ?? {})) statuses[k] = (v as { count: number }).count;
  return { name, note, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, statuses };
}

/** 400 requests, `connections` at a time; each step of their Server-Timing headers as mean / p95. */
async function profile(make: () => RequestInit & { path: string }): Promise<string> {
  const samples = new Map<string, number[]>();
  let left = 400;
  const client = async () => {
    while (left-- > 0) {
      const { path, ...init } = make();
      const res = await fetch(base + path, init);
      await res.arrayBuffer();
      for (const part of (res.headers.get('server-timing') ?? '').split(', ').filter(Boolean)) {
        const [step, dur] = part.split(';dur=');
        samples.set(step, [...(samples.get(step) ?? []), Number(dur)]);
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, client));
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)];
  return [...samples].map(([step, xs]) => `${step} ${mean(xs).toFixed(2)}/${p95(xs).toFixed(2)}`).join('  ');
}

async function main() {
  console.log('bench: building, migrating and seeding a private state …');
  const { sql, data } = seedSql();
  const unlimited = Object.fromEntries(
    [
      'BOOKING_PER_IP',
      'BOOKING_PER_PHONE',
      'LOOKUP_PER_IP',
      'LOOKUP_PER_TARGET',
      'LOGIN_PER_IP',
      'LOGIN_PER_IDENTIFIER',
    ].map((k) => [`RATE_LIMIT_${k}`, '100000000']),
  );
  const server = await startLocalServer({ seed: { sql }, vars: { ...unlimited, SERVER_TIMING: TIMING ? '1' : '0' } });
  base = server.origin;
  try {
    const today = addDays(istanbulToday(), 1);
    const rows: Row[] = [];
    rows.push(await measure('bare route', 'GET /api/health', { url: `${base}/api/health` }));
    let i = 0;
    rows.push(
      await measure('slots, one day', 'GET /api/facilities/{slug}/slots?date=', {
        requests: [
          {
            setupRequest: (req) => ({
              ...req,
              path: `/api/facilities/${data.slugs[i++ % PITCHES]}/slots?date=${today}`,
            }),
          },
        ],
      }),
    );
    rows.push(
      await measure('slots, 7-day range', 'GET …/slots?from=&to= (7 days)', {
        requests: [
          {
            setupRequest: (req) => ({
              ...req,
              path: `/api/facilities/${data.slugs[i++ % PITCHES]}/slots?from=${today}&to=${addDays(today, 6)}`,
            }),
          },
        ],
      }),
    );
    let next = 0;
    let phone = 1_000_000;
    rows.push(
      await measure(
        'booking create',
        'POST /api/bookings, each request a fresh slot and phone (201); conflicts only once slots run out',
        {
          requests: [
            {
              setupRequest: (req) => {
                const target = data.freeSlots[next++ % data.freeSlots.length];
                return {
                  ...req,
                  method: 'POST',
                  path: '/api/bookings',
                  headers: { 'content-type': 'application/json' },
                  body: JSON.stringify({
                    facility: target.facility,
                    bookingSlot: target.slot,
                    customerName: 'Bench Oyuncu',
                    customerPhone: `0533${String(phone++).padStart(7, '0')}`,
                  }),
                };
              },
            },
          ],
        },
      ),
    );
    let t = 0;
    rows.push(
      await measure('track by number', 'GET /api/bookings/track/{HSR…}', {
        requests: [
          {
            setupRequest: (req) => ({
              ...req,
              path: `/api/bookings/track/${data.bookingNumbers[t++ % data.bookingNumbers.length]}`,
            }),
          },
        ],
      }),
    );

    // The box drifts during a run: take the bare route again at the end and compare against the mean of both.
    const bareAgain = await measure('bare route (again)', 'GET /api/health, measured last', {
      url: `${base}/api/health`,
    });
    rows.push(bareAgain);
    const bare = (rows[0].rps + bareAgain.rps) / 2;
    // Issue 11: shares of the bare route in the same run, and p99 ceilings.
    const targets: Record<string, number> = {
      'slots, one day': 70,
      'slots, 7-day range': 55,
      'booking create': 35,
      'track by number': 60,
    };
    const p99Targets: Record<string, number> = { 'booking create': 80, 'track by number': 50 };
    console.log(
      `\nbench: ${connections} connections, ${duration} s per route, loopback, one wrangler dev (workerd), ${new Date().toISOString()}`,
    );
    console.log(`bare baseline: mean of first and last bare runs = ${bare.toFixed(0)} req/s`);
    console.log('route                  req/s    p50 ms  p99 ms   % of bare  target        statuses');
    for (const r of rows) {
      const pct = (r.rps / bare) * 100;
      const target = targets[r.name];
      const verdict = [
        target ? `≥${target}% ${pct >= target ? 'ok' : 'MISS'}` : '',
        `p99≤${p99Targets[r.name] ?? 100} ${r.p99 <= (p99Targets[r.name] ?? 100) ? 'ok' : 'MISS'}`,
      ]
        .filter(Boolean)
        .join(', ');
      console.log(
        `${r.name.padEnd(20)} ${r.rps.toFixed(0).padStart(7)} ${String(r.p50).padStart(8)} ${String(r.p99).padStart(7)} ${pct.toFixed(1).padStart(10)}%  ${verdict.padEnd(22)} ${JSON.stringify(r.statuses)}`,
      );
    }
    for (const r of rows) console.log(`  ${r.name}: ${r.note}`);

    // Where the time goes, per route: mean and p95 of each Server-Timing step over 400 requests, 10 at a time.
    console.log('\nsteps (ms, mean / p95; do.* run inside the pitch object; total less the steps is CPU and routing)');
    const profiles: Array<[string, () => RequestInit & { path: string }]> = [
      ['bare route', () => ({ path: '/api/health' })],
      ['slots, one day', () => ({ path: `/api/facilities/${data.slugs[i++ % PITCHES]}/slots?date=${today}` })],
      [
        'booking create',
        () => {
          const target = data.freeSlots[next++ % data.freeSlots.length];
          return {
            path: '/api/bookings',
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              facility: target.facility,
              bookingSlot: target.slot,
              customerName: 'Bench Oyuncu',
              customerPhone: `0534${String(phone++).padStart(7, '0')}`,
            }),
          };
        },
      ],
      [
        'track by number',
        () => ({ path: `/api/bookings/track/${data.bookingNumbers[t++ % data.bookingNumbers.length]}` }),
      ],
    ];
    if (TIMING) for (const [name, make] of profiles) console.log(`${name.padEnd(18)} ${await profile(make)}`);
  } finally {
    await server.stop();
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
