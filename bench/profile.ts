// Where the CPU goes: samples the worker's isolate (workerd's inspector, Chrome DevTools protocol) while one public
// route is under load, and prints the functions and modules with the most self time.
//   npm run bench:profile                          (every route; BENCH_ROUTES=create,track to pick)
//   BENCH_DURATION=8 BENCH_CONNECTIONS=10          (seconds of load per route, concurrent clients)
// The worker, its Durable Objects and the route run in one isolate, so this is the request's own CPU; D1 and the
// local storage run in miniflare's isolates and show up only as time the worker waits ("(idle)").
import autocannon from 'autocannon';
import { freePort, startLocalServer } from '../scripts/lib/local-server';
import { addDays, istanbulToday } from '../worker/src/lib/time';
import { UNLIMITED_RATE_LIMITS } from './lib/measure';
import { bookingBody, FACILITIES, seedSql } from './lib/public-seed';

const duration = Number(process.env.BENCH_DURATION ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const only = process.env.BENCH_ROUTES?.split(',').map((s) => s.trim());
const TOP = Number(process.env.PROFILE_TOP ?? 25);

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** A minimal DevTools-protocol client over the inspector's WebSocket. */
async function inspector(port: number) {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json`)).json()) as Array<{
    webSocketDebuggerUrl: string;
    title?: string;
  }>;
  if (!targets.length) throw new Error('the inspector lists no target');
  // miniflare's inspector proxy wants a local Origin; Node's WebSocket (undici) takes extra headers as its second argument.
  const ws = new WebSocket(targets[0].webSocketDebuggerUrl, {
    headers: { origin: 'http://127.0.0.1' },
  } as unknown as string[]);
  await new Promise<void>((ok, fail) => {
    ws.onopen = () => ok();
    ws.onerror = () => fail(new Error('inspector socket failed'));
  });
  let nextId = 1;
  const waiting = new Map<number, (v: unknown) => void>();
  ws.onmessage = (e) => {
    const m = JSON.parse(String(e.data)) as { id?: number; result?: unknown };
    if (m.id && waiting.has(m.id)) {
      waiting.get(m.id)?.(m.result);
      waiting.delete(m.id);
    }
  };
  const send = <T>(method: string, params: Record<string, unknown> = {}) =>
    new Promise<T>((ok) => {
      const id = nextId++;
      waiting.set(id, ok as (v: unknown) => void);
      ws.send(JSON.stringify({ id, method, params }));
    });
  return { send, close: () => ws.close() };
}

const shortUrl = (url: string) => {
  if (!url) return '(native)';
  const m = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (m) return m[1];
  return url.replace(/^.*\/(dist|chunks|_worker\.js)\//, '$1/').slice(-60);
};

/** Self time per function and per module, as shares of the sampled time. */
function summarise(profile: Profile): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  for (const [i, id] of profile.samples.entries()) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const fn = new Map<string, number>();
  const mod = new Map<string, number>();
  for (const [id, us] of self) {
    const f = byId.get(id)?.callFrame;
    if (!f) continue;
    const where = shortUrl(f.url);
    const name = `${f.functionName || '(anonymous)'}  ${where}${f.url ? `:${f.lineNumber + 1}` : ''}`;
    fn.set(name, (fn.get(name) ?? 0) + us);
    mod.set(where, (mod.get(where) ?? 0) + us);
  }
  const pct = (us: number) => `${((us / total) * 100).toFixed(1).padStart(5)} %`;
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, us]) => `  ${pct(us)}  ${k}`)
      .join('\n');
  const busy = total - (mod.get('(native)') ?? 0);
  return [
    `sampled ${(total / 1e6).toFixed(1)} s; not idle: ${pct(total - (fn.get('(idle)  (native)') ?? 0))}; JS (non-native): ${pct(busy)}`,
    'by module (self time):',
    top(mod, 12),
    `top ${TOP} functions (self time):`,
    top(fn, TOP),
  ].join('\n');
}

async function main() {
  const { sql, data } = seedSql();
  const inspectorPort = await freePort();
  const server = await startLocalServer({ seed: { sql }, vars: UNLIMITED_RATE_LIMITS, inspectorPort });
  const base = server.origin;
  const today = addDays(istanbulToday(), 1);
  let i = 0;
  let next = 0;
  let phone = 341_000_000;
  let t = 0;
  const routes: Array<[string, () => autocannon.Request]> = [
    ['bare', () => ({ path: '/api/health' })],
    ['slots', () => ({ path: `/api/facilities/${data.slugs[i++ % FACILITIES]}/slots?date=${today}` })],
    [
      'week',
      () => ({ path: `/api/facilities/${data.slugs[i++ % FACILITIES]}/slots?from=${today}&to=${addDays(today, 6)}` }),
    ],
    [
      'create',
      () => ({
        method: 'POST',
        path: '/api/bookings',
        headers: { 'content-type': 'application/json' },
        body: bookingBody(data.freeSlots[next++ % data.freeSlots.length], phone++),
      }),
    ],
    ['track', () => ({ path: `/api/bookings/track/${data.bookingNumbers[t++ % data.bookingNumbers.length]}` })],
  ];
  let cdp: Awaited<ReturnType<typeof inspector>> | undefined;
  try {
    cdp = await inspector(inspectorPort);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    for (const [name, make] of routes) {
      if (only && !only.includes(name)) continue;
      const requests = [{ setupRequest: (req: autocannon.Request) => ({ ...req, ...make() }) }];
      await autocannon({ url: base, connections, duration: 2, requests });
      await cdp.send('Profiler.start');
      const r = await autocannon({ url: base, connections, duration, requests });
      const { profile } = await cdp.send<{ profile: Profile }>('Profiler.stop');
      const codes = Object.fromEntries(
        Object.entries(r.statusCodeStats ?? {}).map(([k, v]) => [k, (v as { count: number }).count]),
      );
      console.log(
        `\n== ${name}: ${r.requests.average.toFixed(0)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms ${JSON.stringify(codes)}`,
      );
      console.log(summarise(profile));
    }
  } finally {
    cdp?.close();
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
