// What each request costs on Cloudflare's bill, at 100,000 bookings: D1's own rows read and written (meta.rows_read /
// meta.rows_written of every statement and batch the request ran, triggers and the pitch object's statements included)
// and the Durable Object calls, as the worker reports them with D1_COST = "1" (worker/src/lib/d1-cost.ts: the x-cost
// header). Counts, not timings: one request per entry (a GET after one warm-up, so the isolate's caches are what a
// running worker has; a page on its first request, the edge cache's miss). The data are bench:growth's (bench/lib/seed.ts,
// every trigger running), served by the built worker under wrangler dev.
//   npm run bench:cost     (BENCH_BOOKINGS=100000)
import { startLocalServer } from '../scripts/lib/local-server';
import { addDays, istanbulToday } from '../worker/src/lib/time';
import { UNLIMITED_RATE_LIMITS } from './lib/measure';
import {
  bookingNumberOf,
  calendarSlotsSql,
  calendarWeek,
  deskDaySql,
  facilitiesSql,
  panelBookingsSql,
  panelPaymentsSql,
  searchDay,
  searchDaySlotsSql,
} from './lib/seed';
import { benchSession, benchStaffSql } from './lib/staff';

const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 100_000);
/** bench:growth's pitches for this many bookings (one per 20,000, at least 5), plus the desk's pitch. */
const PITCHES = Math.max(5, Math.round(BOOKINGS / 20_000));
/**
 * The constant of 'a public read touches at most 2 × rows returned + C'. Every public read makes a few fixed look-ups
 * whatever it answers: the pitch by its slug (an index seek and its row), the booking rules and site settings when the
 * isolate has not kept them, a rating summary; each is one or two rows read and an index probe. Ten covers those with
 * room for one more without hiding a scan (a scan of anything that grows with the data is hundreds of rows).
 */
const READ_CONSTANT = 10;
/** Booking create writes at most this many rows (the booking, its slot, the summaries the triggers keep). */
const CREATE_WRITES = 30;

interface Cost {
  read: number;
  written: number;
  queries: number;
  objects: number;
}
interface Row extends Cost {
  name: string;
  status: number;
  /** The answer's items (slots, pitches, bookings, results), where a target depends on them. */
  returned?: number;
  /** What the isolate's running total moved by, less what the probe itself cost (null: not compared). */
  isolate: Cost | null;
  /** The costliest statements the isolate ran meanwhile (x-cost-statements). */
  statements?: string;
  /** The sequential remote hops (Server-Timing `hops` and `do.hops`, API answers only). */
  hops?: string;
  target?: { text: string; met: boolean };
}

const parse = (header: string | null): Cost => {
  const kv = Object.fromEntries(
    (header ?? '')
      .split(';')
      .map((p) => p.trim().split('='))
      .filter((p) => p.length === 2)
      .map(([k, v]) => [k, Number(v)]),
  );
  return { read: kv.read ?? 0, written: kv.written ?? 0, queries: kv.queries ?? 0, objects: kv.objects ?? 0 };
};
const minus = (a: Cost, b: Cost): Cost => ({
  read: a.read - b.read,
  written: a.written - b.written,
  queries: a.queries - b.queries,
  objects: a.objects - b.objects,
});

/** `limiter.hit+limiter.hit > pitch.createBooking [object: d1]` from a Server-Timing header. */
function hopsOf(header: string | null): string | undefined {
  const desc = (name: string) => header?.match(new RegExp(`(?:^|, )${name};desc="([^"]*)"`))?.[1];
  const worker = desc('hops');
  if (worker === undefined) return undefined;
  const inside = desc('do\\.hops');
  return inside ? `${worker} [inside the objects: ${inside}]` : worker;
}

/** Items in an answer: the objects in its arrays, the innermost ones where arrays hold arrays (days → slots). */
function items(data: unknown): number {
  if (Array.isArray(data)) {
    const inner = data.map(items);
    return inner.some((n) => n > 0) ? inner.reduce((a, b) => a + b, 0) : data.length;
  }
  if (data && typeof data === 'object') return Object.values(data).reduce<number>((n, v) => n + items(v), 0);
  return 0;
}

async function main() {
  const started = Date.now();
  const today = istanbulToday();
  const sql = [
    await benchStaffSql(1),
    facilitiesSql(PITCHES),
    panelBookingsSql({ bookings: BOOKINGS, facilities: PITCHES }),
    deskDaySql(PITCHES + 1),
    panelPaymentsSql(),
    calendarSlotsSql(),
    searchDaySlotsSql(PITCHES),
  ].join('\n');
  const server = await startLocalServer({
    seed: { sql },
    vars: { ...UNLIMITED_RATE_LIMITS, AVAILABILITY_MEMO_MS: '0', D1_COST: '1', SERVER_TIMING: '1' },
  });
  const { origin } = server;
  const rows: Row[] = [];
  try {
    const cookie = await benchSession(origin);
    const json = { 'content-type': 'application/json', origin };

    /** The isolate's running total (GET /api/health runs no statement); `reset` also forgets the statements noted. */
    const probe = async (reset = false) => {
      const res = await fetch(`${origin}/api/health`, { headers: reset ? { 'x-cost-reset': '1' } : {} });
      await res.arrayBuffer();
      return {
        total: parse(res.headers.get('x-cost-isolate')),
        own: parse(res.headers.get('x-cost')),
        statements: res.headers.get('x-cost-statements') ?? '',
      };
    };
    // wrangler dev runs the scheduled handler once as it starts: every pitch's horizon is generated by then. Its cost
    // is the isolate's total before any request of the bench (once it has settled).
    let startup = await probe();
    for (let i = 0; i < 60; i++) {
      await new Promise((r) => setTimeout(r, 1000));
      const now = await probe();
      if (now.total.queries === startup.total.queries && i >= 2) break;
      startup = now;
    }
    rows.push({
      name: 'cron: first run as the server starts (fills the horizon)',
      status: 200,
      ...startup.total,
      isolate: null,
      statements: startup.statements,
    });
    /** Sends one request and notes its cost; `warm` sends it once before, unmeasured. */
    const measure = async (
      name: string,
      path: string,
      init: RequestInit = {},
      opts: { warm?: boolean; returned?: (body: unknown) => number } = {},
    ) => {
      if (opts.warm) await (await fetch(`${origin}${path}`, init)).arrayBuffer();
      const before = await probe(true);
      const res = await fetch(`${origin}${path}`, init);
      const text = await res.text();
      const after = await probe();
      const cost = parse(res.headers.get('x-cost'));
      if (!res.headers.has('x-cost')) throw new Error(`${name}: no x-cost header (HTTP ${res.status})`);
      const body = res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
      rows.push({
        name,
        status: res.status,
        ...cost,
        returned: opts.returned?.(body),
        isolate: minus(minus(after.total, before.total), after.own),
        statements: after.statements,
        hops: hopsOf(res.headers.get('server-timing')),
      });
      if (res.status >= 400) throw new Error(`${name}: HTTP ${res.status} ${text.slice(0, 300)}`);
      return body as { data: Record<string, unknown> & { documentId?: string; bookingNumber?: string } };
    };
    const dataItems = (b: unknown) => items((b as { data: unknown }).data);

    // The pitch the writes happen on: its next month generated by staff (an entry of its own), so it has free slots.
    const pitch = 'bench-saha-2';
    const facilityDoc = (await (await fetch(`${origin}/api/facilities/${pitch}`)).json()) as {
      data: { documentId: string };
    };
    const facility = facilityDoc.data.documentId;
    const tomorrow = addDays(today, 1);
    await measure('slot generation, one month (staff)', `/api/facilities/${pitch}/generate-slots`, {
      method: 'POST',
      headers: { ...json, cookie },
      body: JSON.stringify({ startDate: tomorrow, endDate: addDays(tomorrow, 30), overwrite: false }),
    });
    const free = (
      (await (await fetch(`${origin}/api/facilities/${pitch}/slots?date=${tomorrow}&fresh=1`)).json()) as {
        data: { slots: Array<{ documentId: string; isAvailable: boolean }> };
      }
    ).data.slots
      .filter((s) => s.isAvailable)
      .map((s) => s.documentId);
    if (free.length < 4) throw new Error(`only ${free.length} free slots on ${pitch} ${tomorrow}`);
    let phone = 5_320_000_000;
    const booking = (slot: string) =>
      JSON.stringify({ facility, bookingSlot: slot, customerName: 'Ahmet Yılmaz', customerPhone: `0${phone++}` });

    // Public routes.
    const week = calendarWeek();
    const returned = dataItems;
    await measure(
      'public: slots, one day',
      `/api/facilities/bench-saha-1/slots?date=${today}&fresh=1`,
      {},
      {
        warm: true,
        returned,
      },
    );
    await measure(
      'public: slots, a week (range)',
      `/api/facilities/bench-saha-1/slots?from=${week.from}&to=${week.to}&fresh=1`,
      {},
      { warm: true, returned },
    );
    await measure('public: pitch list page (/sahalar)', '/sahalar', {}, { returned: () => PITCHES + 1 });
    await measure('public: pitch page (/saha/bench-saha-1)', '/saha/bench-saha-1', {}, { returned: () => 1 });
    await measure(
      "public: 'Boş saat bul' (search, 20:00-22:00)",
      `/api/availability/search?gun=${searchDay()}&saat=20:00-22:00`,
      {},
      { warm: true, returned },
    );
    const created = await measure('public: booking create', '/api/bookings', {
      method: 'POST',
      headers: json,
      body: booking(free[0]),
    });
    const number = created.data.bookingNumber as string;
    const createdPhone = `0${phone - 1}`;
    await measure('public: tracking by number', `/api/bookings/track/${number}`, {}, { warm: true, returned: () => 1 });
    await measure(
      'public: tracking, a seeded booking',
      `/api/bookings/track/${bookingNumberOf(Math.ceil(BOOKINGS / 2))}`,
      {},
      { warm: true, returned: () => 1 },
    );
    await measure('public: cancel by number', `/api/bookings/cancel/${number}`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ reason: null, customerPhone: createdPhone }),
    });

    // Staff actions.
    const toApprove = await measure('public: booking create (for approve)', '/api/bookings', {
      method: 'POST',
      headers: json,
      body: booking(free[1]),
    });
    rows.pop(); // the same entry as above; it only makes a booking to approve
    await measure('staff: approve', `/api/bookings/${toApprove.data.documentId}/approve`, {
      method: 'POST',
      headers: { ...json, cookie },
      body: JSON.stringify({ notes: null }),
    });
    await measure('staff: booking create (Yeni Rezervasyon)', '/api/bookings/staff', {
      method: 'POST',
      headers: { ...json, cookie },
      body: JSON.stringify({
        facility,
        bookingSlot: free[2],
        customerName: 'Mehmet Öztürk',
        customerPhone: `0${phone++}`,
        channel: 'phone',
        status: 'approved',
        deposit: { mode: 'due' },
      }),
    });

    // Each panel screen's first load: the API calls its islands make on open (every screen also asks the bell).
    const month = {
      from: `${today.slice(0, 8)}01`,
      to: addDays(`${addDays(`${today.slice(0, 8)}01`, 32).slice(0, 8)}01`, -1),
    };
    const screens: Array<[string, string[]]> = [
      ['every screen: notification bell', ['/api/notifications/all?page=1&pageSize=10']],
      [
        'Genel Bakış (/yonetim)',
        [
          '/api/bookings/stats',
          '/api/bookings/day-sheet',
          '/api/facilities/all?pagination[page]=1&pagination[pageSize]=100',
        ],
      ],
      [
        'Rezervasyonlar',
        ['/api/bookings?tab=all&page=1&pageSize=10', '/api/facilities/all?pagination[page]=1&pagination[pageSize]=100'],
      ],
      [
        'Haftalık takvim',
        [
          '/api/facilities/all?pagination[page]=1&pagination[pageSize]=100',
          `/api/facilities/bench-saha-1/calendar?from=${week.from}&to=${week.to}`,
        ],
      ],
      ['Sahalar', ['/api/facilities/all?pagination[page]=1&pagination[pageSize]=100']],
      ['Müşteriler', ['/api/bookings/customers/stats?page=1&pageSize=25']],
      ['Abonelikler', ['/api/bookings/subscriptions?page=1&pageSize=5']],
      ['Bugün (match sheet)', [`/api/bookings/day-sheet?facility=bench-masa&date=${today}`]],
      ['Gün sonu', [`/api/reports/day-end?facility=bench-masa&date=${today}`]],
      ['Raporlar: reports for a month', [`/api/reports?from=${month.from}&to=${month.to}`]],
    ];
    for (const [screen, paths] of screens) {
      const parts: Row[] = [];
      for (const path of paths) {
        await measure(`${screen} ${path}`, path, { headers: { cookie } }, { warm: true });
        parts.push(rows.pop() as Row);
      }
      const sum = (k: keyof Cost) => parts.reduce((n, p) => n + p[k], 0);
      const iso = (k: keyof Cost) => parts.reduce((n, p) => n + (p.isolate?.[k] ?? 0), 0);
      rows.push({
        name: `panel: ${screen}${paths.length > 1 ? ` (${paths.length} calls)` : ''}`,
        status: Math.max(...parts.map((p) => p.status)),
        read: sum('read'),
        written: sum('written'),
        queries: sum('queries'),
        objects: sum('objects'),
        isolate: { read: iso('read'), written: iso('written'), queries: iso('queries'), objects: iso('objects') },
        statements: parts.map((p) => p.statements).join(' | '),
      });
    }

    // The cron's run, twice: the first fills every pitch's horizon, the second is the hourly run of a running venue.
    // The scheduled handler answers nobody: its cost is what the isolate's running total moved by once it settles.
    // wrangler dev --test-scheduled (scripts/lib/local-server.ts) answers 'ok' here once the handler has been called.
    const trigger = async () => {
      const res = await fetch(`${origin}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent('0 * * * *')}`);
      if (!res.ok) throw new Error(`scheduled trigger: HTTP ${res.status}`);
      await res.arrayBuffer();
    };
    for (const run of ['cron: an hourly run', 'cron: an hourly run, again']) {
      const before = await probe(true);
      await trigger();
      // Probes until three half-seconds pass with nothing but the probe itself (three seconds at least); every probe costs what `before` did.
      let probes = 0;
      let last = before.total;
      let noted = '';
      for (let quiet = 0; (quiet < 3 || probes < 6) && probes < 600; probes++) {
        await new Promise((r) => setTimeout(r, 500));
        const now = await probe();
        quiet = now.total.queries - last.queries <= now.own.queries ? quiet + 1 : 0;
        last = now.total;
        noted = now.statements;
      }
      const own = before.own;
      const net = minus(minus(last, before.total), {
        read: own.read * probes,
        written: own.written * probes,
        queries: own.queries * probes,
        objects: own.objects * probes,
      });
      if (net.objects === 0) throw new Error(`${run}: no pitch object was called: did the cron run?`);
      rows.push({ name: run, status: 200, ...net, isolate: null, statements: noted });
    }
  } finally {
    await server.stop();
  }

  // Targets.
  for (const r of rows) {
    if (r.name.startsWith('public:') && r.returned !== undefined && r.written === 0) {
      const limit = 2 * r.returned + READ_CONSTANT;
      r.target = { text: `read ≤ 2×${r.returned}+${READ_CONSTANT} = ${limit}`, met: r.read <= limit };
    }
    if (r.name === 'public: booking create')
      r.target = { text: `written ≤ ${CREATE_WRITES}`, met: r.written <= CREATE_WRITES };
  }

  console.log(
    `bench:cost: ${BOOKINGS.toLocaleString('en')} bookings on ${PITCHES} pitches (+ the desk's pitch with today's 15 bookings), slots: a week of 15 a day on bench-saha-1, one day on every pitch, a month generated on bench-saha-2; wrangler dev (workerd, local D1); ${new Date().toISOString()}\n`,
  );
  const w = 62;
  console.log(
    `${'entry'.padEnd(w)}${'read'.padStart(9)}${'written'.padStart(9)}${'D1 q'.padStart(6)}${'DO'.padStart(5)}${'items'.padStart(7)}   target`,
  );
  for (const r of rows) {
    const drift =
      r.isolate && (r.isolate.read !== r.read || r.isolate.written !== r.written)
        ? `  (isolate total moved ${r.isolate.read} read / ${r.isolate.written} written)`
        : '';
    console.log(
      `${r.name.slice(0, w - 1).padEnd(w)}${String(r.read).padStart(9)}${String(r.written).padStart(9)}${String(r.queries).padStart(6)}${String(r.objects).padStart(5)}${(r.returned === undefined ? '' : String(r.returned)).padStart(7)}   ${r.target ? `${r.target.text}: ${r.target.met ? 'met' : 'MISSED'}` : ''}${drift}`,
    );
  }
  const costOf = (r: Row) => r.read + r.written * 1000; // a written row is billed as ~1,000 reads (see docs/performance.md)
  const top = [...rows].sort((a, b) => costOf(b) - costOf(a)).slice(0, 3);
  console.log(
    `\nThe three most expensive entries (rows read + 1,000 × rows written, the ratio of D1's prices): ${top.map((r) => `${r.name} (${r.read} read, ${r.written} written)`).join('; ')}`,
  );
  for (const r of top) console.log(`  ${r.name}, its costliest statements (read/written x runs): ${r.statements}`);
  const missed = rows.filter((r) => r.target && !r.target.met);
  // BENCH_STATEMENTS=1: every entry's costliest statements; otherwise those of the top three and of each missed target.
  const explain = process.env.BENCH_STATEMENTS === '1' ? rows : missed.filter((r) => !top.includes(r));
  for (const r of explain) console.log(`  ${r.name}, its costliest statements: ${r.statements}`);
  console.log(missed.length ? `Missed: ${missed.map((r) => r.name).join(', ')}` : 'Every target met.');
  console.log('\nSequential remote hops (a+b: at once; >: then; API answers only):');
  for (const r of rows) if (r.hops !== undefined) console.log(`  ${r.name}: ${r.hops || '(none)'}`);
  console.log(`(${((Date.now() - started) / 1000).toFixed(0)} s)`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
