// Load benchmark of the public API against one local worker (the real build, wrangler dev, its own D1 state).
//   npm run bench                      (BENCH_DURATION=10 seconds per route, BENCH_CONNECTIONS=10)
// Prints req/s, p50 and p99 per route and each route's req/s as a share of the bare route, with the targets,
// then where each route's time goes: the server runs with SERVER_TIMING = "1", and a profile pass of 10 concurrent
// clients per route averages the steps of the Server-Timing header (worker/src/lib/timing.ts).
import autocannon from 'autocannon';
import { startLocalServer } from '../scripts/lib/local-server';
import { addDays, istanbulToday } from '../worker/src/lib/time';
import { UNLIMITED_RATE_LIMITS } from './lib/measure';
import { bookingBody, FACILITIES, seedSql } from './lib/public-seed';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** BENCH_TIMING=0: the server without Server-Timing and no step profile (to see what the timing itself costs). */
const TIMING = process.env.BENCH_TIMING !== '0';
let base = '';

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
  const server = await startLocalServer({
    seed: { sql },
    vars: { ...UNLIMITED_RATE_LIMITS, SERVER_TIMING: TIMING ? '1' : '0' },
  });
  base = server.origin;
  try {
    const today = addDays(istanbulToday(), 1);
    const rows: Row[] = [];
    rows.push(await measure('bare route', 'GET /api/health', { url: `${base}/api/health` }));
    // Calibration, no target: the bare route plus one trivial D1 statement. Every round trip a route makes (D1, a
    // Durable Object) costs about this much here, so it bounds what a route needing N of them can reach.
    rows.push(
      await measure('bare + 1 D1 trip', 'GET /api/health?deep=1 (select 1; calibration)', {
        url: `${base}/api/health?deep=1`,
      }),
    );
    let i = 0;
    rows.push(
      await measure('slots, one day', 'GET /api/facilities/{slug}/slots?date=', {
        requests: [
          {
            setupRequest: (req) => ({
              ...req,
              path: `/api/facilities/${data.slugs[i++ % FACILITIES]}/slots?date=${today}`,
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
              path: `/api/facilities/${data.slugs[i++ % FACILITIES]}/slots?from=${today}&to=${addDays(today, 6)}`,
            }),
          },
        ],
      }),
    );
    // The same two reads past the one-second memory of answers (fresh=1, worker/src/lib/availability-memo.ts): what a
    // miss and a calendar's re-read after a change cost. No target: shown so the memory's share of the figures above
    // is plain.
    rows.push(
      await measure('slots, day, fresh=1', 'GET …/slots?date=&fresh=1 (D1 every time)', {
        requests: [
          {
            setupRequest: (req) => ({
              ...req,
              path: `/api/facilities/${data.slugs[i++ % FACILITIES]}/slots?date=${today}&fresh=1`,
            }),
          },
        ],
      }),
    );
    rows.push(
      await measure('slots, 7d, fresh=1', 'GET …/slots?from=&to=&fresh=1 (7 days, D1 every time)', {
        requests: [
          {
            setupRequest: (req) => ({
              ...req,
              path: `/api/facilities/${data.slugs[i++ % FACILITIES]}/slots?from=${today}&to=${addDays(today, 6)}&fresh=1`,
            }),
          },
        ],
      }),
    );
    let next = 0;
    let phone = 331_000_000;
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
                  body: bookingBody(target, phone++),
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
    // Shares of the bare route in the same run, and p99 ceilings (create and track only; the other rows have
    // no p99 target, so none is printed for them).
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
        p99Targets[r.name] ? `p99≤${p99Targets[r.name]} ${r.p99 <= p99Targets[r.name] ? 'ok' : 'MISS'}` : '',
      ]
        .filter(Boolean)
        .join(', ');
      console.log(
        `${r.name.padEnd(20)} ${r.rps.toFixed(0).padStart(7)} ${String(r.p50).padStart(8)} ${String(r.p99).padStart(7)} ${pct.toFixed(1).padStart(10)}%  ${(verdict || '—').padEnd(22)} ${JSON.stringify(r.statuses)}`,
      );
    }
    for (const r of rows) console.log(`  ${r.name}: ${r.note}`);

    // Where the time goes, per route: mean and p95 of each Server-Timing step over 400 requests, 10 at a time.
    console.log('\nsteps (ms, mean / p95; do.* run inside the pitch object; total less the steps is CPU and routing)');
    const profiles: Array<[string, () => RequestInit & { path: string }]> = [
      ['bare route', () => ({ path: '/api/health' })],
      ['slots, one day', () => ({ path: `/api/facilities/${data.slugs[i++ % FACILITIES]}/slots?date=${today}` })],
      [
        'slots, fresh=1',
        () => ({ path: `/api/facilities/${data.slugs[i++ % FACILITIES]}/slots?date=${today}&fresh=1` }),
      ],
      [
        'booking create',
        () => {
          const target = data.freeSlots[next++ % data.freeSlots.length];
          return {
            path: '/api/bookings',
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: bookingBody(target, phone++),
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
