// What one request costs on Cloudflare's bill: D1's own rows read and written (`meta.rows_read` / `meta.rows_written`
// of every statement and batch, triggers included) and the Durable Object calls it made. Off unless D1_COST = "1"
// (`npm run bench:cost` sets it): then the request runs over a metered copy of its bindings, every answer carries an
// `x-cost` header, and with SERVER_TIMING = "1" as well the Server-Timing header lists its sequential remote hops.
// Off, nothing here runs: the bindings are the runtime's own.
//
// A Durable Object runs its own statements: its answer brings their sum back inside its timings (lib/timing.ts `timed`,
// as cost.* entries), and `addTimings` on the caller's side adds them to the request's. What an object runs outside a
// request (an alarm) or answers without timings is counted only in the isolate's running total (`x-cost-isolate`),
// which the bench compares with the per-request sums.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Timings } from './timing';

/** One remote round trip: a D1 statement or batch, or a call to a Durable Object. */
interface Hop {
  name: string;
  start: number;
  end: number;
}

export interface Cost {
  read: number;
  written: number;
  /** D1 statements and batches sent (a batch is one). */
  queries: number;
  /** Calls to Durable Objects (each RPC method call or fetch on a stub). */
  objectCalls: number;
  hops: Hop[];
  /** The hops inside the Durable Objects this request called, as each object reported them ('d1 > d1'). */
  objectHops: string[];
}

const fresh = (): Cost => ({ read: 0, written: 0, queries: 0, objectCalls: 0, hops: [], objectHops: [] });
const current = new AsyncLocalStorage<Cost>();
let on = false;

/** Everything metered in this isolate since metering began, whichever request (or none) it belonged to. */
export const isolateCost = { read: 0, written: 0, queries: 0, objectCalls: 0 };

export const costEnabled = (env: { D1_COST?: string }) => env.D1_COST === '1';
/** True once this isolate has metered bindings (a Durable Object learns it when it is built over them). */
export const meteringOn = () => on;
/** The open sum of the running request, if it is metered. */
export const currentCost = () => {
  const cost = current.getStore();
  return cost === UNMETERED ? undefined : cost;
};
/** Whether the running code is inside a metered request's (or object call's) scope. */
export const inCostScope = () => current.getStore() !== undefined;

// The scope of a request that is not metered, in an isolate where others were (the tests mix both): nothing counts.
const UNMETERED = fresh();

/** Runs `work` outside any sum, when this isolate meters other requests. */
export const unmetered = <T>(work: () => Promise<T>): Promise<T> => (on ? current.run(UNMETERED, work) : work());

/** Runs `work` with a fresh sum; answers it beside the value. */
export async function metered<T>(work: () => Promise<T>): Promise<{ value: T; cost: Cost }> {
  const cost = fresh();
  const value = await current.run(cost, work);
  return { value, cost };
}

interface Meta {
  rows_read?: number;
  rows_written?: number;
}

/** The isolate's statements by their text since the last reset: where a bench's rows went (`x-cost-statements`). */
const bySql = new Map<string, { read: number; written: number; runs: number }>();

/** Forgets the statements noted so far (a request carrying `x-cost-reset: 1` does, before it runs). */
export const resetStatements = () => bySql.clear();

/** The `top` costliest statements noted since the reset: `read/written×runs sql…`, joined by ' | ' (ASCII only). */
export function statementsHeader(top = 4): string {
  return [...bySql.entries()]
    .sort(([, a], [, b]) => b.read + 1000 * b.written - (a.read + 1000 * a.written))
    .slice(0, top)
    .map(([sql, s]) => `${s.read}/${s.written}x${s.runs} ${sql.replace(/\s+/g, ' ').slice(0, 160)}`)
    .join(' | ')
    .replace(/[^\x20-\x7e]/g, '?');
}

function noteQuery(metas: (Meta | undefined)[], start: number, took?: number, sqls: string[] = []) {
  let read = 0;
  let written = 0;
  for (const [i, m] of metas.entries()) {
    read += m?.rows_read ?? 0;
    written += m?.rows_written ?? 0;
    const sql = sqls[i] ?? '(exec)';
    const seen = bySql.get(sql) ?? { read: 0, written: 0, runs: 0 };
    seen.read += m?.rows_read ?? 0;
    seen.written += m?.rows_written ?? 0;
    seen.runs++;
    bySql.set(sql, seen);
  }
  isolateCost.read += read;
  isolateCost.written += written;
  isolateCost.queries++;
  const cost = currentCost();
  if (!cost) return;
  cost.read += read;
  cost.written += written;
  cost.queries++;
  cost.hops.push({ name: 'd1', start, end: took === undefined ? performance.now() : start + took });
}

async function hop<T>(name: string, work: () => Promise<T>): Promise<T> {
  const start = performance.now();
  isolateCost.objectCalls++;
  const cost = currentCost();
  try {
    return await work();
  } finally {
    if (cost) {
      cost.objectCalls++;
      cost.hops.push({ name, start, end: performance.now() });
    }
  }
}

// Statements that change rows: run with all() so D1's meta comes back, never twice.
const WRITES = /^\s*(with\b[\s\S]*?)?\b(insert|update|delete|replace)\b/i;

/** A prepared statement whose every run reports its meta. first() and raw() have none of their own: see each. */
class MeteredStatement {
  constructor(
    readonly inner: D1PreparedStatement,
    readonly sql: string,
  ) {}
  bind(...values: unknown[]) {
    return new MeteredStatement(this.inner.bind(...values), this.sql);
  }
  async all<T = Record<string, unknown>>(): Promise<D1Result<T>> {
    const start = performance.now();
    const result = await this.inner.all<T>();
    noteQuery([result.meta], start, undefined, [this.sql]);
    return result;
  }
  async run<T = Record<string, unknown>>(): Promise<D1Result<T>> {
    const start = performance.now();
    const result = await this.inner.run<T>();
    noteQuery([result.meta], start, undefined, [this.sql]);
    return result;
  }
  /** D1's first() is all() keeping the first row (it adds no LIMIT), so this reads the same rows. */
  async first<T = unknown>(column?: string): Promise<T | null> {
    const row = (await this.all<Record<string, unknown>>()).results[0];
    if (!row) return null;
    return (column === undefined ? row : row[column]) as T;
  }
  /**
   * raw() answers arrays without meta, and objects would lose a join's same-named columns. A write runs once through
   * all() (its RETURNING names one table's columns); a read runs raw() for the answer and all() again for D1's count
   * of the same statement over the same data (the bench runs one request at a time).
   */
  async raw<T = unknown[]>(options?: { columnNames?: boolean }): Promise<T[] | [string[], ...T[]]> {
    if (WRITES.test(this.sql)) {
      const rows = (await this.all<Record<string, unknown>>()).results;
      const values = rows.map((r) => Object.values(r)) as T[];
      return options?.columnNames ? [Object.keys(rows[0] ?? {}), ...values] : values;
    }
    const start = performance.now();
    const answer = options?.columnNames ? await this.inner.raw<T>({ columnNames: true }) : await this.inner.raw<T>();
    const took = performance.now() - start;
    // One hop as the request makes it (from the raw() call's start); the run that counts is the bench's own.
    noteQuery([(await this.inner.all()).meta], start, took, [this.sql]);
    return answer;
  }
}

class MeteredD1 {
  constructor(readonly inner: D1Database) {}
  prepare(sql: string) {
    return new MeteredStatement(this.inner.prepare(sql), sql);
  }
  async batch<T = unknown>(statements: MeteredStatement[]): Promise<D1Result<T>[]> {
    const start = performance.now();
    const results = await this.inner.batch<T>(statements.map((s) => s.inner));
    noteQuery(
      results.map((r) => r.meta),
      start,
      undefined,
      statements.map((s) => s.sql),
    );
    return results;
  }
  /** exec() reports no rows: counted as one query with none. */
  async exec(sql: string) {
    const start = performance.now();
    const result = await this.inner.exec(sql);
    noteQuery([], start);
    return result;
  }
  withSession(...args: Parameters<D1Database['withSession']>) {
    return this.inner.withSession(...args);
  }
  dump() {
    return (this.inner as unknown as { dump: () => Promise<ArrayBuffer> }).dump();
  }
}

const RPC_PASS = new Set(['then', 'dup', 'id', 'name']);

/** A stub whose every method call (and fetch) counts as one call and one hop. */
function meteredStub<S extends object>(binding: string, stub: S): S {
  return new Proxy(stub, {
    get(target, prop) {
      if (typeof prop === 'symbol' || RPC_PASS.has(prop)) {
        const v = Reflect.get(target, prop);
        return typeof v === 'function' ? v.bind(target) : v;
      }
      return (...args: unknown[]) =>
        hop(`${binding}.${prop}`, () =>
          (target as Record<string, (...a: unknown[]) => Promise<unknown>>)[prop](...args),
        );
    },
  });
}

function meteredNamespace<N extends object>(binding: string, ns: N): N {
  return new Proxy(ns, {
    get(target, prop) {
      const v = Reflect.get(target, prop);
      if (typeof v !== 'function') return v;
      if (prop === 'get' || prop === 'getByName')
        return (...args: unknown[]) => meteredStub(binding, (v as (...a: unknown[]) => object).apply(target, args));
      return v.bind(target);
    },
  });
}

const OBJECT_BINDINGS = ['FACILITY_BOOKING', 'RATE_LIMITER', 'STAFF_HUB'] as const;
const OBJECT_NAMES: Record<(typeof OBJECT_BINDINGS)[number], string> = {
  FACILITY_BOOKING: 'pitch',
  RATE_LIMITER: 'limiter',
  STAFF_HUB: 'hub',
};

// One metered copy per binding and per env, for the isolate's life: getDb keeps one drizzle client per binding object.
const d1s = new WeakMap<D1Database, D1Database>();
const envs = new WeakMap<object, Env>();
const copies = new WeakSet<object>();

/** The bindings with D1 and every Durable Object namespace metered; the same env when D1_COST is not "1". */
export function meteredEnv<E extends Env>(env: E): E {
  if (!costEnabled(env) || copies.has(env)) return env;
  const cached = envs.get(env);
  if (cached) return cached as E;
  on = true;
  let db = d1s.get(env.DB);
  if (!db) {
    db = new MeteredD1(env.DB) as unknown as D1Database;
    d1s.set(env.DB, db);
  }
  const copy = { ...env, DB: db } as E;
  for (const b of OBJECT_BINDINGS) if (env[b]) Object.assign(copy, { [b]: meteredNamespace(OBJECT_NAMES[b], env[b]) });
  envs.set(env, copy);
  copies.add(copy);
  return copy;
}

/** Not RPC methods: the runtime calls these itself, outside any request. */
const NOT_RPC = new Set(['constructor', 'fetch', 'alarm', 'webSocketMessage', 'webSocketClose', 'webSocketError']);

/**
 * A Durable Object class built over metered bindings when D1_COST is "1": each RPC method then runs in a sum of its own,
 * and an answer in the Outcome shape ({ ok, … }, lib/errors.ts) brings that sum back among its timings, whether or not
 * the method passes its timings on. Off, a method call costs one more frame and one property check.
 */
export function meteredObject<C extends new (ctx: DurableObjectState, env: Env) => object>(Base: C): C {
  // biome-ignore lint/suspicious/noExplicitAny: a mixin's constructor takes any[]
  const Mixin = Base as unknown as new (...args: any[]) => object;
  class Metered extends Mixin {
    readonly costMetered: boolean;
    // biome-ignore lint/suspicious/noExplicitAny: a mixin's constructor takes any[]
    constructor(...args: any[]) {
      super(args[0], meteredEnv(args[1]));
      this.costMetered = costEnabled(args[1]);
    }
  }
  for (const name of Object.getOwnPropertyNames(Base.prototype)) {
    const own = Object.getOwnPropertyDescriptor(Base.prototype, name);
    if (NOT_RPC.has(name) || typeof own?.value !== 'function') continue;
    const method = own.value as (...args: unknown[]) => unknown;
    // Only async methods: a sync one (a limiter's hit) runs no D1 and must keep answering synchronously inside.
    if (method.constructor.name !== 'AsyncFunction') continue;
    Object.defineProperty(Metered.prototype, name, {
      ...own,
      value(this: Metered, ...args: unknown[]) {
        if (!this.costMetered || inCostScope()) return method.apply(this, args);
        return metered(async () => method.apply(this, args)).then(({ value, cost }) => {
          if (!value || typeof value !== 'object' || !('ok' in value)) return value;
          const outcome = value as { timings?: Timings };
          return { ...outcome, timings: [...(outcome.timings ?? []), ...costTimings(cost)] };
        });
      },
    });
  }
  Object.defineProperty(Metered, 'name', { value: Base.name });
  return Metered as unknown as C;
}

/** `read=…; written=…; queries=…; objects=…` (the `x-cost` header). */
export const costHeader = (c: Pick<Cost, 'read' | 'written' | 'queries' | 'objectCalls'>) =>
  `read=${c.read}; written=${c.written}; queries=${c.queries}; objects=${c.objectCalls}`;

/** The running total of this isolate (the `x-cost-isolate` header). */
export const isolateHeader = () => costHeader(isolateCost);

/**
 * Groups hops into rounds: one that starts before the previous round's hops have all answered runs beside them (Worker
 * clocks move only across I/O, so hops started together share a start). `a+b > c` = a and b at once, then c.
 */
export function rounds(hops: Hop[]): string {
  const sorted = [...hops].sort((a, b) => a.start - b.start || a.end - b.end);
  const out: string[][] = [];
  let end = Number.NEGATIVE_INFINITY;
  for (const h of sorted) {
    if (out.length === 0 || h.start >= end) {
      out.push([h.name]);
      end = h.end;
    } else {
      out[out.length - 1].push(h.name);
      end = Math.max(end, h.end);
    }
  }
  return out.map((r) => r.sort().join('+')).join(' > ');
}

/** The cost of an object's call, as entries of its timings (they cross the RPC boundary with them). */
export const costTimings = (c: Cost): Timings => [
  { step: 'cost.read', ms: c.read },
  { step: 'cost.written', ms: c.written },
  { step: 'cost.queries', ms: c.queries },
  { step: 'cost.objects', ms: c.objectCalls },
  { step: `cost.hops:${rounds(c.hops)}`, ms: 0 },
];

/** Takes an object's cost entries out of its timings into this request's sum; answers the rest. */
export function takeCost(timings: Timings): Timings {
  const cost = currentCost();
  const rest: Timings = [];
  for (const t of timings) {
    if (!t.step.startsWith('cost.')) rest.push(t);
    else if (!cost) continue;
    else if (t.step === 'cost.read') cost.read += t.ms;
    else if (t.step === 'cost.written') cost.written += t.ms;
    else if (t.step === 'cost.queries') cost.queries += t.ms;
    else if (t.step === 'cost.objects') cost.objectCalls += t.ms;
    else if (t.step.startsWith('cost.hops:')) cost.objectHops.push(t.step.slice('cost.hops:'.length));
  }
  return rest;
}

/**
 * The Server-Timing entries of the request's hops: `hops;desc="limiter.hit+limiter.hit > pitch.createBooking"` (this
 * Worker's rounds) and `do.hops;desc="d1"` (inside each object called, in order, joined by ' | ').
 */
export function hopEntries(c: Cost): string {
  const parts = [`hops;desc="${rounds(c.hops)}"`];
  if (c.objectHops.length) parts.push(`do.hops;desc="${c.objectHops.join(' | ')}"`);
  return parts.join(', ');
}
