// Memory under a long, steady load: does any isolate's JS heap keep growing, and where does workerd's memory go?
//   npm run bench:soak
//   SOAK_ROUNDS=6 SOAK_SECONDS=30     rounds of the same mixed load, seconds each (defaults: about 4 minutes in all)
//   SOAK_CLIENTS=20 SOAK_SOCKETS=100  concurrent HTTP clients; WebSockets held open to the pitches' live channels
//   SOAK_BELLS=5                      staff bell sockets (/api/notifications/live) held open beside them
//   SOAK_SAMPLE_SECONDS=10            heap and RSS samples during a round (no forced GC)
//   SOAK_IDLE_SECONDS=20              idle time, sockets still open, before the last forced GC
//   SOAK_SNAPSHOTS=end                a heap snapshot of the worker's isolate once every figure is taken: the Durable
//                                     Object instances inside it. "diff": one after round 1 as well, and the constructors
//                                     that grew between the two (each snapshot passes ~20 MB through both workerd
//                                     processes, whose RSS keeps most of it: read RSS from a run without). "0": none.
//   SOAK_REUSE_BUILD=1                serve the build already in dist/ instead of building again
//   X_LOCAL_OBSERVABILITY=false       (wrangler's own switch) without wrangler dev's local trace collector
//
// The built worker is served by wrangler dev over a fresh seeded state (scripts/lib/local-server.ts). Its isolate is
// read through the inspector `bench:profile` uses (wrangler's proxy); every other isolate of the same workerd process
// (miniflare's D1 simulator, the local trace collector, …) straight through workerd's own inspector, which the proxy
// holds for our isolate only. Heaps are read with Runtime.getHeapUsage; "after GC" figures follow
// HeapProfiler.collectGarbage (workerd runs the collection on the isolate's next task, so the bench wakes it with a
// request). Between rounds the load stops (the sockets stay open), the heaps are collected and read: a heap whose
// after-GC figure keeps rising round after round under the same load is a leak, and the verdict line says 'grows'.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { freePort, type LocalServer, startLocalServer } from '../scripts/lib/local-server';
import { addDays, istanbulToday } from '../worker/src/lib/time';
import { UNLIMITED_RATE_LIMITS } from './lib/measure';
import { bookingBody, FACILITIES, seedSql } from './lib/public-seed';
import { benchSession, benchStaffSql } from './lib/staff';

const env = (name: string, fallback: number) => {
  const n = Number(process.env[name]);
  return Number.isFinite(n) && n >= 0 && process.env[name] !== '' && process.env[name] !== undefined ? n : fallback;
};
const ROUNDS = Math.max(3, env('SOAK_ROUNDS', 6));
const SECONDS = env('SOAK_SECONDS', 30);
const CLIENTS = env('SOAK_CLIENTS', 20);
const SOCKETS = env('SOAK_SOCKETS', 100);
const BELLS = env('SOAK_BELLS', 5);
const SAMPLE_SECONDS = Math.max(2, env('SOAK_SAMPLE_SECONDS', 10));
const IDLE_SECONDS = env('SOAK_IDLE_SECONDS', 20);
const SNAPSHOTS = process.env.SOAK_SNAPSHOTS ?? 'end';
/**
 * A heap is flat when its after-GC figures over rounds 2..k rise by less than this per round (a least-squares slope;
 * round 1 warms the bounded caches up), or than 1 % of the heap, whichever is larger. The JIT keeps compiling for a
 * while: a snapshot diff (SOAK_SNAPSHOTS=diff) showed ~100–180 KB of new code a round and nothing else growing. A leak
 * of 1 KB a request shows at a few hundred requests a round, so read the verdict with the round's request count.
 */
const FLAT_BYTES_PER_ROUND = 256 * 1024;
const MB = 1024 * 1024;
const OUR_TARGET = 'core:user:halisaha';
const COLLECTOR_TARGET = 'core:user:miniflare-observability-collector';
const D1_TARGET = 'd1:db';

// ---------------------------------------------------------------- the inspector

interface Session {
  target: string;
  send<T>(method: string, params?: Record<string, unknown>, timeoutMs?: number): Promise<T>;
  close(): void;
}

/** Ids far above the ones wrangler's proxy uses for its own messages on the same socket. */
let nextId = 1_500_000_000;

async function connect(url: string, target: string): Promise<Session> {
  // miniflare's inspector proxy wants a local Origin; Node's WebSocket (undici) takes extra headers as its second argument.
  const ws = new WebSocket(url, { headers: { origin: 'http://127.0.0.1' } } as unknown as string[]);
  await new Promise<void>((ok, fail) => {
    ws.onopen = () => ok();
    ws.onerror = () => fail(new Error(`inspector socket for ${target} failed`));
  });
  const waiting = new Map<number, { ok: (v: unknown) => void; fail: (e: Error) => void }>();
  const chunks: string[] = [];
  ws.onmessage = (e) => {
    const m = JSON.parse(String(e.data)) as {
      id?: number;
      method?: string;
      result?: unknown;
      error?: { message: string };
      params?: { chunk?: string };
    };
    if (m.method === 'HeapProfiler.addHeapSnapshotChunk' && m.params?.chunk) chunks.push(m.params.chunk);
    if (m.id === undefined) return;
    const w = waiting.get(m.id);
    if (!w) return;
    waiting.delete(m.id);
    if (m.error) w.fail(new Error(`${target}: ${m.error.message}`));
    else w.ok(m.result);
  };
  const session: Session & { chunks: string[] } = {
    target,
    chunks,
    send: <T>(method: string, params: Record<string, unknown> = {}, timeoutMs = 15_000) =>
      new Promise<T>((ok, fail) => {
        const id = nextId++;
        const timer = setTimeout(() => {
          waiting.delete(id);
          fail(new Error(`${target}: ${method} had no answer in ${timeoutMs} ms`));
        }, timeoutMs);
        waiting.set(id, {
          ok: (v) => {
            clearTimeout(timer);
            ok(v as T);
          },
          fail: (e) => {
            clearTimeout(timer);
            fail(e);
          },
        });
        ws.send(JSON.stringify({ id, method, params }));
      }),
    close: () => ws.close(),
  };
  return session;
}

interface HeapUsage {
  usedSize: number;
  totalSize: number;
}

/** A heap snapshot of one session, as constructor → [count, self bytes]. */
async function heapHistogram(session: Session): Promise<Map<string, [number, number]>> {
  const chunks = (session as Session & { chunks: string[] }).chunks;
  chunks.length = 0;
  await session.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false }, 180_000);
  const snap = JSON.parse(chunks.join('')) as {
    snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
    nodes: number[];
    strings: string[];
  };
  chunks.length = 0;
  const fields = snap.snapshot.meta.node_fields;
  const width = fields.length;
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f));
  const types = snap.snapshot.meta.node_types[0];
  const out = new Map<string, [number, number]>();
  for (let i = 0; i < snap.nodes.length; i += width) {
    const type = types[snap.nodes[i + typeAt]];
    // Objects by constructor; strings, arrays, closures and code by their kind.
    const name = type === 'object' ? snap.strings[snap.nodes[i + nameAt]] : `(${type})`;
    const entry = out.get(name) ?? [0, 0];
    entry[0]++;
    entry[1] += snap.nodes[i + sizeAt];
    out.set(name, entry);
  }
  return out;
}

// ---------------------------------------------------------------- the workerd process

/** Process ids whose command line contains `needle` (here: the run's private state directory). */
function pidsWith(needle: string): number[] {
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (readFileSync(`/proc/${name}/cmdline`, 'utf8').includes(needle)) found.push(Number(name));
    } catch {
      /* gone */
    }
  }
  return found;
}

function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) out.push(Number(name));
    } catch {
      /* gone */
    }
  }
  return out;
}

const cmdline = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');

/** wrangler dev runs two workerd processes: its proxy, and the one with the worker, its objects and the simulators. */
function findWorkerd(state: string): { main: number; proxy: number | null } {
  const wranglers = pidsWith(state);
  const workerds = wranglers.flatMap(childrenOf).filter((pid) => cmdline(pid)[0].endsWith('/workerd'));
  const main = workerds.find((pid) => cmdline(pid).some((a) => a.startsWith('--inspector-addr')));
  if (!main) throw new Error('no workerd process with an inspector found for this run');
  return { main, proxy: workerds.find((pid) => pid !== main) ?? null };
}

/** The TCP ports a process listens on, in the order of its file descriptors. */
function listeningPorts(pid: number): number[] {
  const inodes = new Map<string, number>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const m = readlinkSync(`/proc/${pid}/fd/${fd}`).match(/^socket:\[(\d+)\]$/);
      if (m) inodes.set(m[1], Number(fd));
    } catch {
      /* closed meanwhile */
    }
  }
  const ports: Array<[fd: number, port: number]> = [];
  for (const line of readFileSync(`/proc/${pid}/net/tcp`, 'utf8').split('\n').slice(1)) {
    const cols = line.trim().split(/\s+/);
    if (cols.length < 10 || cols[3] !== '0A') continue; // 0A: LISTEN
    const fd = inodes.get(cols[9]);
    if (fd !== undefined) ports.push([fd, Number.parseInt(cols[1].split(':')[1], 16)]);
  }
  return ports.sort((a, b) => a[0] - b[0]).map(([, port]) => port);
}

/**
 * workerd's own inspector: the listening port whose /json lists the isolates. Ports are tried in file-descriptor order
 * (the worker's HTTP socket, then the inspector), which never reaches the debug port behind them.
 */
async function runtimeTargets(pid: number, skip: number): Promise<Array<{ id: string; webSocketDebuggerUrl: string }>> {
  for (const port of listeningPorts(pid)) {
    if (port === skip) continue;
    try {
      const res = await fetch(`http://127.0.0.1:${port}/json`, { signal: AbortSignal.timeout(2000) });
      const list = (await res.json()) as Array<{ id: string; webSocketDebuggerUrl: string }>;
      if (Array.isArray(list) && list.some((t) => t.id === OUR_TARGET)) return list;
    } catch {
      /* not the inspector */
    }
  }
  throw new Error(`workerd ${pid}: no inspector among its listening ports`);
}

interface Memory {
  rss: number;
  anon: number;
  file: number;
}

function memoryOf(pid: number | null): Memory {
  if (pid === null) return { rss: 0, anon: 0, file: 0 };
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(status.match(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm'))?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), anon: kb('RssAnon'), file: kb('RssFile') + kb('RssShmem') };
}

// ---------------------------------------------------------------- the load

interface Tally {
  requests: number;
  statuses: Record<string, number>;
  kinds: Record<string, number>;
  errors: number;
}

const newTally = (): Tally => ({ requests: 0, statuses: {}, kinds: {}, errors: 0 });

function makeLoad(origin: string, data: ReturnType<typeof seedSql>['data'], cookie: string) {
  const today = addDays(istanbulToday(), 1);
  const week = { from: today, to: addDays(today, 6) };
  let slotIndex = 0;
  let phone = 361_000_000;
  let trackIndex = 0;
  let panelIndex = 0;
  let readIndex = 0;
  const staff = { cookie };
  const json = { 'content-type': 'application/json' };
  const panel = [
    '/api/bookings?tab=all&page=1&pageSize=10',
    '/api/notifications/unread',
    `/api/facilities/${data.slugs[0]}/calendar?from=${week.from}&to=${week.to}`,
    '/api/bookings/stats',
    '/api/bookings?tab=pending&page=1&pageSize=10',
  ];

  async function call(tally: Tally, kind: string, path: string, init: RequestInit = {}) {
    tally.requests++;
    tally.kinds[kind] = (tally.kinds[kind] ?? 0) + 1;
    try {
      const res = await fetch(origin + path, init);
      const text = await res.text();
      tally.statuses[res.status] = (tally.statuses[res.status] ?? 0) + 1;
      return { status: res.status, text };
    } catch {
      tally.errors++;
      return { status: 0, text: '' };
    }
  }

  /**
   * One step of a client: a mix of what players and staff do. A booking is cancelled by its player right after it is
   * made, so its slot comes free again and every round books the same slots: the load (and the data each request
   * reads) stays the same from round to round, only the history tables grow.
   */
  async function step(tally: Tally, n: number) {
    const r = n % 10;
    const slug = data.slugs[readIndex++ % FACILITIES];
    if (r < 3) return call(tally, 'slots, day', `/api/facilities/${slug}/slots?date=${today}`);
    if (r === 3) return call(tally, 'slots, week', `/api/facilities/${slug}/slots?from=${week.from}&to=${week.to}`);
    if (r === 4 || r === 5) {
      const target = data.freeSlots[slotIndex++ % data.freeSlots.length];
      const p = phone++;
      const made = await call(tally, 'booking create', '/api/bookings', {
        method: 'POST',
        headers: json,
        body: bookingBody(target, p),
      });
      if (made.status !== 201) return made;
      const { bookingNumber } = (JSON.parse(made.text) as { data: { bookingNumber: string } }).data;
      return call(tally, 'booking cancel', `/api/bookings/cancel/${bookingNumber}`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ reason: 'Soak' }),
      });
    }
    if (r === 6 || r === 7)
      return call(
        tally,
        'tracking',
        `/api/bookings/track/${data.bookingNumbers[trackIndex++ % data.bookingNumbers.length]}`,
      );
    return call(tally, 'panel read', panel[panelIndex++ % panel.length], { headers: staff });
  }

  /** CLIENTS loops until `until`; resolves when every request in flight has answered. */
  async function run(tally: Tally, until: number) {
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, c) => {
        for (let n = c; Date.now() < until; n++) await step(tally, n);
      }),
    );
  }
  return { run };
}

interface Sockets {
  open: number;
  messages: number;
  closed: number;
  close(): Promise<void>;
}

async function openSockets(origin: string, slugs: string[], cookie: string): Promise<Sockets> {
  const base = origin.replace(/^http/, 'ws');
  const all: WebSocket[] = [];
  const state: Sockets = {
    open: 0,
    messages: 0,
    closed: 0,
    close: async () => {
      for (const ws of all) ws.close(1000, 'soak over');
      const deadline = Date.now() + 5000;
      while (state.closed < all.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    },
  };
  const one = (path: string, headers: Record<string, string>) =>
    new Promise<void>((ok, fail) => {
      const ws = new WebSocket(base + path, { headers } as unknown as string[]);
      all.push(ws);
      ws.onopen = () => {
        state.open++;
        ok();
      };
      ws.onmessage = () => {
        state.messages++;
      };
      ws.onclose = () => {
        state.closed++;
        fail(new Error(`socket ${path} closed before it opened`));
      };
    });
  const wanted = [
    ...Array.from({ length: SOCKETS }, (_, i) => one(`/api/facilities/${slugs[i % slugs.length]}/live`, {})),
    ...Array.from({ length: BELLS }, () => one('/api/notifications/live', { cookie })),
  ];
  await Promise.all(wanted);
  return state;
}

// ---------------------------------------------------------------- sampling

interface Sample {
  label: string;
  gc: boolean;
  heaps: Map<string, HeapUsage | null>;
  main: Memory;
  proxy: Memory;
}

interface Probe {
  ours: Session;
  others: Session[];
  pids: { main: number; proxy: number | null };
  origin: string;
}

async function heaps(probe: Probe): Promise<Map<string, HeapUsage | null>> {
  const out = new Map<string, HeapUsage | null>();
  await Promise.all(
    [probe.ours, ...probe.others].map(async (s) => {
      out.set(s.target, await s.send<HeapUsage>('Runtime.getHeapUsage', {}, 5000).catch(() => null));
    }),
  );
  return out;
}

/** Isolates that never ran the collection we asked for (nothing in the load wakes them): not asked again. */
const sleepers = new Set<string>();

/**
 * A full collection in every isolate, then their heaps. workerd runs the inspector's collection as a task on the
 * isolate's thread, which only runs when the isolate has work: a trip through the worker to D1 wakes the worker, the D1
 * simulator, the trace collector and the entry workers alike. An isolate the load never touches is left as it is.
 */
async function collect(probe: Probe): Promise<void> {
  const main = new Set([OUR_TARGET, D1_TARGET, COLLECTOR_TARGET]);
  const sessions = [probe.ours, ...probe.others].filter((s) => !sleepers.has(s.target));
  let pending = sessions.filter((s) => main.has(s.target)).length;
  const done = Promise.all(
    sessions.map((s) =>
      s
        .send('HeapProfiler.collectGarbage', {}, main.has(s.target) ? 20_000 : 3_000)
        .catch((e) => {
          if (main.has(s.target)) console.warn(`  (${(e as Error).message})`);
          else sleepers.add(s.target);
        })
        .finally(() => {
          if (main.has(s.target)) pending--;
        }),
    ),
  );
  while (pending > 0) {
    await fetch(`${probe.origin}/api/health?deep=1`)
      .then((r) => r.arrayBuffer())
      .catch(() => undefined);
    await Promise.race([done, new Promise((r) => setTimeout(r, 200))]);
  }
  await done;
}

async function sample(probe: Probe, label: string, gc: boolean): Promise<Sample> {
  if (gc) await collect(probe);
  return { label, gc, heaps: await heaps(probe), main: memoryOf(probe.pids.main), proxy: memoryOf(probe.pids.proxy) };
}

// ---------------------------------------------------------------- report

const mb = (bytes: number) => (bytes / MB).toFixed(1);
const signedMb = (bytes: number) => `${bytes >= 0 ? '+' : ''}${(bytes / MB).toFixed(2)}`;

function table(title: string, header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [`\n== ${title}`, line(header), ...rows.map(line)].join('\n');
}

/** Least-squares slope of ys over 0..n-1. */
function slope(ys: number[]): number {
  const n = ys.length;
  const mx = (n - 1) / 2;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    num += (i - mx) * (ys[i] - my);
    den += (i - mx) ** 2;
  }
  return den === 0 ? 0 : num / den;
}

/** 'flat' or 'grows', from the after-GC figures of rounds 2..k. */
function verdict(name: string, rounds: number[]): string {
  const steady = rounds.slice(1);
  const perRound = slope(steady);
  const median = [...steady].sort((a, b) => a - b)[Math.floor(steady.length / 2)];
  const bound = Math.max(FLAT_BYTES_PER_ROUND, median * 0.01);
  const word = perRound > bound ? 'grows' : 'flat';
  return `${word.padEnd(5)}  ${name}: after GC at rounds 1..${rounds.length} = ${rounds.map(mb).join(', ')} MB; slope over rounds 2..${rounds.length} ${signedMb(perRound)} MB/round (flat below ${mb(bound)})`;
}

function heapTable(name: string, target: string, samples: Sample[]): string {
  return table(
    `${name} (${target}): JS heap`,
    ['when', 'GC', 'used MB', 'total MB'],
    samples.map((s) => {
      const h = s.heaps.get(target);
      return [s.label, s.gc ? 'yes' : '', h ? mb(h.usedSize) : '?', h ? mb(h.totalSize) : '?'];
    }),
  );
}

// ---------------------------------------------------------------- main

async function main() {
  const t0 = Date.now();
  console.log(
    `soak: ${ROUNDS} rounds × ${SECONDS} s, ${CLIENTS} clients, ${SOCKETS} pitch sockets + ${BELLS} bell sockets; building, migrating and seeding a private state …`,
  );
  const { sql, data } = seedSql();
  const inspectorPort = await freePort();
  let server: LocalServer | undefined;
  const sessions: Session[] = [];
  let sockets: Sockets | undefined;
  try {
    server = await startLocalServer({
      seed: { sql: `${sql}\n${await benchStaffSql(1)}` },
      vars: { ...UNLIMITED_RATE_LIMITS, LIVE_SOCKETS_PER_ADDRESS: '100000', LIVE_SOCKETS_PER_PITCH: '100000' },
      inspectorPort,
      reuseBuild: process.env.SOAK_REUSE_BUILD === '1',
    });
    const origin = server.origin;
    const cookie = await benchSession(origin);
    const pids = findWorkerd(server.state);

    // Our isolate through wrangler's proxy (it holds workerd's one session for it); the others straight from workerd.
    const proxied = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json()) as Array<{
      webSocketDebuggerUrl: string;
    }>;
    const ours = await connect(proxied[0].webSocketDebuggerUrl, OUR_TARGET);
    sessions.push(ours);
    const serverPort = Number(new URL(origin).port);
    const targets = await runtimeTargets(pids.main, serverPort);
    const others: Session[] = [];
    for (const t of targets) {
      if (t.id === OUR_TARGET) continue;
      const s = await connect(t.webSocketDebuggerUrl, t.id);
      others.push(s);
      sessions.push(s);
    }
    const probe: Probe = { ours, others, pids, origin };
    const ourClasses = ['FacilityBooking', 'StaffHub', 'RateLimiter'];
    console.log(
      `workerd ${pids.main} (worker, objects, simulators) and ${pids.proxy ?? '-'} (wrangler's proxy); ${targets.length} isolates in the first: ${targets.map((t) => t.id).join(', ')}`,
    );
    console.log(
      `  no isolate of its own for ${ourClasses.join(', ')}: workerd runs a worker's Durable Object classes in the worker's isolate (${OUR_TARGET})`,
    );

    const samples: Sample[] = [];
    const afterRounds: Sample[] = [];
    const note = (s: Sample) => {
      samples.push(s);
      const h = s.heaps.get(OUR_TARGET);
      console.log(
        `  ${s.label.padEnd(24)} worker heap ${h ? mb(h.usedSize) : '?'} MB${s.gc ? ' (after GC)' : ''}, workerd RSS ${mb(s.main.rss)} MB`,
      );
      return s;
    };
    note(await sample(probe, 'before (started)', true));
    sockets = await openSockets(origin, data.slugs, cookie);
    note(await sample(probe, `${sockets.open} sockets open`, true));

    let before: Map<string, [number, number]> | null = null;
    const tallies: Tally[] = [];
    const load = makeLoad(origin, data, cookie);
    for (let round = 1; round <= ROUNDS; round++) {
      const tally = newTally();
      tallies.push(tally);
      const start = Date.now();
      const until = start + SECONDS * 1000;
      const running = load.run(tally, until);
      for (let at = SAMPLE_SECONDS; at < SECONDS; at += SAMPLE_SECONDS) {
        await new Promise((r) => setTimeout(r, Math.max(0, start + at * 1000 - Date.now())));
        note(await sample(probe, `round ${round}, ${at} s`, false));
      }
      await running;
      afterRounds.push(note(await sample(probe, `round ${round}, end`, true)));
      const rps = tally.requests / ((Date.now() - start) / 1000);
      console.log(
        `    ${tally.requests} requests (${rps.toFixed(0)}/s) ${JSON.stringify(tally.statuses)}${tally.errors ? `, ${tally.errors} failed` : ''}; ${sockets.messages} socket messages so far, ${sockets.open - sockets.closed} sockets open`,
      );
      if (round === 1 && SNAPSHOTS === 'diff') before = await heapHistogram(ours);
    }
    await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
    note(await sample(probe, `idle ${IDLE_SECONDS} s`, true));
    await sockets.close();
    await new Promise((r) => setTimeout(r, 2000));
    note(await sample(probe, 'sockets closed', true));
    // Every kind of object at work once more (a booking on each pitch: its pitch object, the limiter shards, the staff
    // hub through the notification), so the snapshot finds them in memory rather than evicted while idle.
    let after: Map<string, [number, number]> | null = null;
    if (SNAPSHOTS !== '0') {
      const facilities = [...new Map(data.freeSlots.map((f) => [f.facility, f])).values()];
      for (const [i, target] of facilities.entries())
        await fetch(`${origin}/api/bookings`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: bookingBody(target, 369_000_000 + i),
        }).then((r) => r.arrayBuffer());
      await new Promise((r) => setTimeout(r, 500));
      after = await heapHistogram(ours);
    }

    // ---- report
    console.log(`\nload per round: ${JSON.stringify(tallies[0].kinds)} (round 1)`);
    console.log(
      table(
        'requests per round',
        ['round', 'requests', 'statuses'],
        tallies.map((t, i) => [String(i + 1), String(t.requests), JSON.stringify(t.statuses)]),
      ),
    );
    console.log(heapTable('the worker and its Durable Objects', OUR_TARGET, samples));
    const d1 = others.find((s) => s.target === D1_TARGET);
    if (d1) console.log(heapTable("miniflare's D1 simulator", D1_TARGET, samples));
    const collector = others.find((s) => s.target === COLLECTOR_TARGET);
    if (collector) console.log(heapTable("wrangler dev's local trace collector", COLLECTOR_TARGET, samples));
    const rest = others.filter((s) => s !== d1 && s !== collector).map((s) => s.target);
    const sumOf = (s: Sample, ids: string[]) => ids.reduce((a, id) => a + (s.heaps.get(id)?.usedSize ?? 0), 0);
    const totalOf = (s: Sample, ids: string[]) => ids.reduce((a, id) => a + (s.heaps.get(id)?.totalSize ?? 0), 0);
    const everyId = [OUR_TARGET, ...others.map((s) => s.target)];
    console.log(
      table(
        'the workerd process: RSS against the JS heaps of all its isolates',
        [
          'when',
          'RSS MB',
          'anon MB',
          'file MB',
          'heaps used MB',
          'heaps total MB',
          'RSS − heaps MB',
          `other ${rest.length} isolates used MB`,
          'proxy RSS MB',
        ],
        samples.map((s) => [
          s.label,
          mb(s.main.rss),
          mb(s.main.anon),
          mb(s.main.file),
          mb(sumOf(s, everyId)),
          mb(totalOf(s, everyId)),
          mb(s.main.rss - totalOf(s, everyId)),
          mb(sumOf(s, rest)),
          mb(s.proxy.rss),
        ]),
      ),
    );

    if (after)
      console.log(
        `\nDurable Object instances found in the worker's isolate (heap snapshot at the end, after a booking on each pitch): ${ourClasses.map((c) => `${c} ${after?.get(c)?.[0] ?? 0}`).join(', ')}`,
      );
    if (before && after) {
      const grown = [...after]
        .map(([name, [count, bytes]]) => {
          const [c0, b0] = before?.get(name) ?? [0, 0];
          return { name, count, bytes, dc: count - c0, db: bytes - b0 };
        })
        .sort((a, b) => b.db - a.db)
        .slice(0, 12);
      console.log(
        table(
          `the worker's isolate, heap snapshot after round 1 → at the end (sockets closed): most grown`,
          ['constructor / kind', 'count', 'Δ count', 'self KB', 'Δ self KB'],
          grown.map((g) => [
            g.name.slice(0, 60),
            String(g.count),
            String(g.dc),
            (g.bytes / 1024).toFixed(0),
            (g.db / 1024).toFixed(0),
          ]),
        ),
      );
    }

    console.log('\nverdicts (after-GC figures at the end of each round, same load each round):');
    const at = (target: string) => afterRounds.map((s) => s.heaps.get(target)?.usedSize ?? 0);
    console.log(verdict(`worker + Durable Objects heap (${OUR_TARGET})`, at(OUR_TARGET)));
    if (d1) console.log(verdict(`D1 simulator heap (${D1_TARGET})`, at(D1_TARGET)));
    if (collector) console.log(verdict(`local trace collector heap (${COLLECTOR_TARGET})`, at(COLLECTOR_TARGET)));
    console.log(
      verdict(
        `other ${rest.length} miniflare isolates' heaps`,
        afterRounds.map((s) => sumOf(s, rest)),
      ),
    );
    console.log(
      verdict(
        'workerd process RSS (not a heap: native memory included)',
        afterRounds.map((s) => s.main.rss),
      ),
    );
    if (pids.proxy !== null)
      console.log(
        verdict(
          "wrangler's proxy workerd RSS (not ours at all)",
          afterRounds.map((s) => s.proxy.rss),
        ),
      );
    const first = afterRounds[0];
    const last = samples[samples.length - 1];
    console.log(
      `workerd RSS ${mb(samples[0].main.rss)} MB before → ${mb(first.main.rss)} after round 1 → ${mb(afterRounds[afterRounds.length - 1].main.rss)} after round ${ROUNDS} → ${mb(last.main.rss)} at the end; all JS heaps together ${mb(sumOf(samples[0], everyId))} → ${mb(sumOf(last, everyId))} MB used (${mb(totalOf(last, everyId))} MB reserved)`,
    );
    console.log(`soak took ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  } finally {
    await sockets?.close().catch(() => undefined);
    for (const s of sessions) s.close();
    await server?.stop();
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
