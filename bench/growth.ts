// How cost grows with the data: the same requests at 1k, 10k, 100k and 1M bookings, each size in a fresh
// private D1 seeded inside SQLite (bench/lib/seed.ts, every trigger running, so the summaries are what the API keeps),
// served by the built worker under wrangler dev. Prints p95 per case and size as one table, then which cases stay flat
// (index-bound) and which grow, with the factor.
//   npm run bench:growth     (BENCH_SIZES=1000,10000,100000,1000000, BENCH_REQUESTS=200 per case and size)
// Each size is measured through wrangler dev's proxy and then straight to the same build over a copy of the same state
// (Miniflare, bench/lib/direct.ts; BENCH_DIRECT=0 skips that): two tables, the proxy's hops are the same at every size.
// The data grow the way a business does: more pitches as well as more bookings (5 pitches up to 100k, then one per
// 20,000 bookings: 50 at 1M), over the same two years, so a pitch's day holds about as many bookings at every size.
// 'Boş saat bul' is then measured once more with the pitches as the dimension (BENCH_PITCHES=5,50,200 at the smallest
// size's bookings; BENCH_PITCHES=0 skips it).
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { startLocalServer } from '../scripts/lib/local-server';
import { istanbulToday } from '../worker/src/lib/time';
import { copyRun, startDirectServer } from './lib/direct';
import { timeGets, UNLIMITED_RATE_LIMITS } from './lib/measure';
import {
  bookingNumberOf,
  calendarSlotsSql,
  deskDaySql,
  facilitiesSql,
  panelBookingsSql,
  panelPaymentsSql,
  searchDay,
  searchDaySlotsSql,
} from './lib/seed';
import { benchSession, benchStaffSql } from './lib/staff';

const SIZES = (process.env.BENCH_SIZES ?? '1000,10000,100000,1000000').split(',').map(Number);
/** 'Boş saat bul' again with the pitches as the dimension, at the smallest size's bookings (BENCH_PITCHES=0 skips it). */
const PITCHES = (process.env.BENCH_PITCHES ?? '5,50,200')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
/** A case is flat when its p95 at the largest size is within this factor (or 3 ms, the noise of one run) of the smallest. */
const FLAT_FACTOR = 1.5;
const FLAT_SLACK_MS = 3;

const facilitiesFor = (bookings: number) => Math.max(5, Math.round(bookings / 20_000));

interface Case {
  name: string;
  path: (bookings: number) => string;
  staff: boolean;
}

/**
 * 'Boş saat bul': one day's 20:00–22:00 across every active pitch, one statement (worker/src/db/free-hours.ts). The
 * servers run with AVAILABILITY_MEMO_MS=0, so every request reads D1 (the memory would otherwise answer a repeated
 * address for a second).
 */
const SEARCH_CASE: Case = {
  name: 'Boş saat bul, every pitch',
  path: () => `/api/availability/search?gun=${searchDay()}&saat=20:00-22:00`,
  staff: false,
};
const VARS = { ...UNLIMITED_RATE_LIMITS, AVAILABILITY_MEMO_MS: '0' };

/** The seed of one run: `bookings` spread over `pitches` pitches, the desk pitch, payments and the slots read. */
async function seedSql(bookings: number, pitches: number): Promise<string> {
  return [
    await benchStaffSql(1),
    facilitiesSql(pitches),
    panelBookingsSql({ bookings, facilities: pitches }),
    deskDaySql(pitches + 1),
    panelPaymentsSql(),
    calendarSlotsSql(),
    searchDaySlotsSql(pitches),
  ].join('\n');
}

const CASES: Case[] = [
  { name: 'bare route (GET /api/health)', path: () => '/api/health', staff: false },
  {
    // fresh=1: the D1 read every time. The same address asked again within a second is answered from the isolate's
    // memory (worker/src/lib/availability-memo.ts), which would hide how the read grows with the data.
    name: 'public slots, one day',
    path: () => `/api/facilities/bench-saha-1/slots?date=${istanbulToday()}&fresh=1`,
    staff: false,
  },
  // A booking in the middle of the table: its number is computed as the seed computes it.
  { name: 'tracking by number', path: (n) => `/api/bookings/track/${bookingNumberOf(Math.ceil(n / 2))}`, staff: false },
  { name: 'panel list, default (Tümü)', path: () => '/api/bookings?tab=all&page=1&pageSize=10', staff: true },
  {
    name: 'panel list, pitch + Bekleyen',
    path: () => '/api/bookings?facility=bench-saha-1&tab=pending&page=1&pageSize=10',
    staff: true,
  },
  { name: 'panel list, Aboneler by date', path: () => '/api/bookings?subscribers=true&sort=date:desc', staff: true },
  { name: 'panel list, search "isik"', path: () => '/api/bookings?q=isik&page=1&pageSize=10', staff: true },
  { name: 'dashboard stats, every pitch', path: () => '/api/bookings/stats', staff: true },
  // One pitch: the every-pitch figures read a month of summaries for every pitch, and the pitches grow with the sizes.
  { name: 'dashboard stats, pitch', path: () => '/api/bookings/stats?facilityId=bench-saha-1', staff: true },
  // The desk's day on 'bench-masa': the same 15 approved bookings today, and their payment rows, at every size.
  {
    name: 'Bugün match sheet, pitch',
    path: () => `/api/bookings/day-sheet?facility=bench-masa&date=${istanbulToday()}`,
    staff: true,
  },
  {
    // The payments of a day (payments_facility_at) and the balance still expected (bookings date index).
    name: 'Gün sonu report, pitch',
    path: () => `/api/reports/day-end?facility=bench-masa&date=${istanbulToday()}`,
    staff: true,
  },
  SEARCH_CASE,
];

const seconds = (ms: number) => `${(ms / 1000).toFixed(0)} s`;

async function main() {
  const started = Date.now();
  console.log(
    `bench:growth: ${SIZES.map((n) => n.toLocaleString('en')).join(', ')} bookings; ${REQUESTS} sequential requests per case and size after 20 warm-up requests; loopback; wrangler dev (workerd); ${new Date().toISOString()}`,
  );
  const direct = process.env.BENCH_DIRECT !== '0';
  const p95: Record<string, number[]> = Object.fromEntries(CASES.map((c) => [c.name, []]));
  const p95Direct: Record<string, number[]> = Object.fromEntries(CASES.map((c) => [c.name, []]));
  const measure = async (origin: string, bookings: number, into: Record<string, number[]>) => {
    const headers = { cookie: await benchSession(origin) };
    for (const c of CASES) {
      const t = await timeGets(`${origin}${c.path(bookings)}`, c.staff ? headers : {}, REQUESTS);
      into[c.name].push(t.p95);
    }
  };
  for (const [i, bookings] of SIZES.entries()) {
    const t0 = Date.now();
    const sql = await seedSql(bookings, facilitiesFor(bookings));
    // The first size builds; the others serve the same build.
    const server = await startLocalServer({ seed: { sql }, vars: VARS, reuseBuild: i > 0 });
    const ready = Date.now();
    let copy = '';
    try {
      await measure(server.origin, bookings, p95);
      if (direct) copy = copyRun(server.state);
    } finally {
      await server.stop();
    }
    if (direct) {
      const mf = await startDirectServer(resolve(copy, 'dist'), resolve(copy, 'state'), {
        ...VARS,
        JWT_SECRET: randomBytes(32).toString('hex'),
      });
      try {
        await measure(mf.origin, bookings, p95Direct);
      } finally {
        await mf.stop();
        rmSync(copy, { recursive: true, force: true });
      }
    }
    console.log(
      `  ${bookings.toLocaleString('en').padStart(9)} bookings, ${facilitiesFor(bookings)} pitches: ${i === 0 ? 'build, ' : ''}migrate and seed ${seconds(ready - t0)}, requests ${seconds(Date.now() - ready)}`,
    );
  }

  const label = (n: number) => (n >= 1_000_000 ? `${n / 1_000_000}M` : n >= 1000 ? `${n / 1000}k` : String(n));
  const table = (title: string, rows: Record<string, number[]>) => {
    console.log(`\n${title}:\n`);
    console.log(`${'case'.padEnd(34)}${SIZES.map((n) => label(n).padStart(9)).join('')}   growth   verdict`);
    const growing: string[] = [];
    for (const c of CASES) {
      const row = rows[c.name];
      const first = row[0];
      const last = row[row.length - 1];
      const flat = last <= first * FLAT_FACTOR || last - first <= FLAT_SLACK_MS;
      if (!flat) growing.push(`${c.name}: ${first.toFixed(1)} → ${last.toFixed(1)} ms (×${(last / first).toFixed(1)})`);
      console.log(
        `${c.name.padEnd(34)}${row.map((ms) => ms.toFixed(1).padStart(9)).join('')}   ×${(last / first).toFixed(2).padEnd(6)} ${flat ? 'flat' : 'GROWS'}`,
      );
    }
    if (growing.length) {
      console.log('Not flat:');
      for (const line of growing) console.log(`  ${line}`);
    } else console.log('Every case is flat.');
  };
  table("p95 ms by bookings in the database, through wrangler dev's proxy", p95);
  if (direct)
    table('p95 ms by bookings in the database, direct (Miniflare, same build, copy of the same state)', p95Direct);
  if (PITCHES.length > 0) {
    // The same search with the pitches growing and the bookings fixed: every pitch's window is a few index seeks, so
    // the answer's size grows with the pitches that have a free start, and the statement's cost with them, not with the
    // bookings.
    const bookings = SIZES[0];
    const row: number[] = [];
    for (const pitches of PITCHES) {
      const server = await startLocalServer({
        seed: { sql: await seedSql(bookings, pitches) },
        vars: VARS,
        reuseBuild: true,
      });
      try {
        row.push((await timeGets(`${server.origin}${SEARCH_CASE.path(bookings)}`, {}, REQUESTS)).p95);
      } finally {
        await server.stop();
      }
    }
    const first = row[0];
    const last = row[row.length - 1];
    const flat = last <= first * FLAT_FACTOR || last - first <= FLAT_SLACK_MS;
    console.log(
      `\np95 ms of '${SEARCH_CASE.name}' by pitches, ${label(bookings)} bookings, through wrangler dev's proxy:\n`,
    );
    console.log(`${'case'.padEnd(34)}${PITCHES.map((n) => `${n} p`.padStart(9)).join('')}   growth   verdict`);
    console.log(
      `${SEARCH_CASE.name.padEnd(34)}${row.map((ms) => ms.toFixed(1).padStart(9)).join('')}   ×${(last / first).toFixed(2).padEnd(6)} ${flat ? 'flat' : 'GROWS'}`,
    );
  }
  console.log(
    `\nflat = p95 at ${label(SIZES[SIZES.length - 1])} within ×${FLAT_FACTOR} (or ${FLAT_SLACK_MS} ms) of p95 at ${label(SIZES[0])}.`,
  );
  console.log(`\nbench:growth took ${seconds(Date.now() - started)}.`);
}

await main();
