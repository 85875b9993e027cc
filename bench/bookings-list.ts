// The panel at scale (issues 4 and 11): 100,000 bookings in a private D1, then the bookings screen's one list call (a
// filtered, sorted page with the tab counts), the dashboard's GET /api/bookings/stats (every pitch and one pitch) and the
// weekly calendar (GET /api/facilities/:ref/calendar for this week), each timed request by request.
//   npm run bench:panel            (BENCH_BOOKINGS=100000, BENCH_REQUESTS=300 per scenario)
// Every scenario runs twice: through wrangler dev (its proxy in front of workerd), then straight to the same build over a
// copy of the same state (Miniflare, bench/lib/direct.ts); the targets are judged on the direct figure.
// Prints p50/p95/p99 and the payload size per scenario against its targets: list p95 ≤ 20 ms for every filter,
// dashboard p95 ≤ 30 ms, calendar p95 ≤ 30 ms, and payload ≤ 50 KB.
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { startLocalServer } from '../scripts/lib/local-server';
import { addDays, istanbulToday } from '../worker/src/lib/time';
import { copyRun, startDirectServer } from './lib/direct';
import { type Timed, timeGets } from './lib/measure';
import { calendarSlotsSql, calendarWeek, facilitiesSql, panelBookingsSql } from './lib/seed';
import { benchSession, benchStaffSql } from './lib/staff';

const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const FACILITIES = 5;
/** p95 targets ('Panel at 100,000 bookings'). */
const TARGET_MS = { list: 20, dashboard: 30, calendar: 30 } as const;
const PAYLOAD_TARGET_BYTES = 50 * 1024;

/** Seeded inside SQLite (bench/lib/seed.ts): the staff account, 5 pitches, the bookings and the calendar week. */
async function seedSql(): Promise<string> {
  return [
    await benchStaffSql(1),
    facilitiesSql(FACILITIES),
    panelBookingsSql({ bookings: BOOKINGS, facilities: FACILITIES }),
    calendarSlotsSql(),
  ].join('\n');
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
    list('search name, one pitch, Bekleyen', 'tab=pending&facility=bench-saha-2&q=isik&page=1&pageSize=10'),
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

interface Measured {
  scenario: Scenario;
  t: Timed;
}

/** Every scenario, one after another, against one server. */
async function measureAll(origin: string): Promise<Measured[]> {
  const headers = { cookie: await benchSession(origin) };
  const out: Measured[] = [];
  for (const scenario of scenarios())
    out.push({ scenario, t: await timeGets(`${origin}${scenario.path}`, headers, REQUESTS) });
  return out;
}

const ms = (v: number) => v.toFixed(1).padStart(7);

async function main() {
  console.log(`bench:panel: building and seeding ${BOOKINGS.toLocaleString('en')} bookings into a private state …`);
  const t0 = Date.now();
  // Server-Timing on (lib/timing.ts): each case's steps are printed after the table. bench:load showed it costs nothing
  // measurable; BENCH_TIMING=0 turns it off.
  const timing = process.env.BENCH_TIMING !== '0';
  const vars = { SERVER_TIMING: timing ? '1' : '0' };
  const server = await startLocalServer({ seed: { sql: await seedSql() }, vars });
  console.log(`  ready in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  let proxied: Measured[] = [];
  let copy = '';
  try {
    const headers = { cookie: await benchSession(server.origin) };
    const total = (
      (await (await fetch(`${server.origin}/api/bookings?pageSize=1`, { headers })).json()) as {
        meta: { counts: { all: number } };
      }
    ).meta.counts.all;
    console.log(`  bookings in the database: ${total.toLocaleString('en')}`);
    console.log(`  through wrangler dev's proxy: ${scenarios().length} scenarios …`);
    proxied = await measureAll(server.origin);
    // The same build and the same data for the direct run: copied now (the server removes its run directory on stop).
    copy = copyRun(server.state);
  } finally {
    await server.stop();
  }
  console.log('  direct (Miniflare, no proxy) over a copy of the same state …');
  const direct = await startDirectServer(resolve(copy, 'dist'), resolve(copy, 'state'), {
    ...vars,
    JWT_SECRET: randomBytes(32).toString('hex'),
  });
  let straight: Measured[] = [];
  try {
    straight = await measureAll(direct.origin);
  } finally {
    await direct.stop();
    rmSync(copy, { recursive: true, force: true });
  }

  console.log(
    `\n${REQUESTS} sequential requests per scenario after 20 warm-up requests; loopback; ${new Date().toISOString()}`,
  );
  console.log(`What each figure includes (all from send to the last byte of the body, as Node's fetch sees it):
  proxy  = wrangler dev: Node → wrangler's proxy worker → the worker's workerd → back; what bench:panel printed before.
  direct = the same build over a copy of the same D1, served by Miniflare from Node (bench/lib/direct.ts): Node → the
           worker's workerd → back. Loopback HTTP, workerd and the worker (auth, D1, JSON) remain: the target is judged
           on this figure. Production adds the network and D1's own latency and removes the local loopback.
  bare   = GET /api/health the same way: the floor of a request on this box in this run; a list figure minus the bare
           one is roughly what the list itself costs.
rows/total: list = page rows / matches; dashboard = latest / bookings; calendar = slots / booked\n`);
  console.log(
    'scenario                         proxy p95 │ direct p50 p95 p99 ms │   bytes   rows  total │ target  direct p95  ≤50KB',
  );
  let allMet = true;
  const profiles: string[] = [];
  for (const [i, { scenario: s, t }] of straight.entries()) {
    const viaProxy = proxied[i].t;
    const shape = s.shape(t.body as never);
    const target = s.kind === 'bare' ? undefined : TARGET_MS[s.kind];
    const fast = target === undefined || t.p95 <= target;
    const small = t.bytes <= PAYLOAD_TARGET_BYTES;
    allMet &&= fast && small;
    const verdict =
      target === undefined ? '—'.padEnd(15) : `≤${String(target).padStart(2)} ms  ${fast ? 'met   ' : 'MISSED'}  `;
    console.log(
      `${s.name.padEnd(32)} ${ms(viaProxy.p95)}   │${ms(t.p50)}${ms(t.p95)}${ms(t.p99)} │ ${String(t.bytes).padStart(7)} ${String(shape.rows).padStart(6)} ${String(shape.total).padStart(6)} │ ${verdict}     ${small ? 'met' : 'MISSED'}`,
    );
    const steps = Object.entries(t.steps).map(([k, v]) => `${k} ${v.mean.toFixed(1)} / ${v.p95.toFixed(1)}`);
    if (steps.length) profiles.push(`${s.name.padEnd(32)} ${steps.join('; ')}`);
  }
  console.log(`\n${allMet ? 'all targets met (direct figure)' : 'some targets missed (direct figure)'}`);
  if (profiles.length) {
    // workerd's clock moves only across I/O: a step is the I/O it waited for; total minus the steps is CPU and auth.
    console.log(
      '\nServer-Timing steps inside the worker (direct run), ms mean / p95 (total = the whole request inside workerd):',
    );
    for (const line of profiles) console.log(`  ${line}`);
  }
}

if (process.env.BENCH_SQL_ONLY) process.stdout.write(await seedSql());
else await main();
