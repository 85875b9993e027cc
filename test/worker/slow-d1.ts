// Widening the gap between a check and its write from outside the code under test: the concurrency tests slow D1
// itself down, so production code carries no test hooks.
import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import type { FacilityBooking } from '../../worker/src/durable-objects/facility-booking';
import { facilityStub } from '../../worker/src/services/facility-ref';

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** A D1 whose single-row reads (the check before a decision) take `ms` longer: widens the gap between check and write. */
export function slowReads(d1: D1Database, ms: number): D1Database {
  const wrap = (stmt: D1PreparedStatement): D1PreparedStatement => {
    const bind = stmt.bind.bind(stmt);
    const first = stmt.first.bind(stmt) as (col?: string) => Promise<unknown>;
    const raw = stmt.raw.bind(stmt) as () => Promise<unknown>;
    Object.assign(stmt, {
      bind: (...values: unknown[]) => wrap(bind(...values)),
      first: async (col?: string) => {
        const row = await first(col);
        await sleep(ms);
        return row;
      },
      // drizzle reads a row through raw()
      raw: async () => {
        const rows = await raw();
        await sleep(ms);
        return rows;
      },
    });
    return stmt;
  };
  return new Proxy(d1, {
    get(target, prop) {
      if (prop === 'prepare') return (query: string) => wrap(target.prepare(query));
      const value = Reflect.get(target, prop) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

const isWrite = (s: D1PreparedStatement) =>
  /^\s*(insert|update|delete)\b/i.test((s as unknown as { statement: string }).statement);

/**
 * A D1 whose every writing batch ends with a statement that fails: D1 rolls the whole batch back, so whatever a change
 * wrote in its batch (its audit row included) is gone, and only what it wrote outside the batch would remain.
 */
export function failingBatches(d1: D1Database): D1Database {
  return new Proxy(d1, {
    get(target, prop) {
      if (prop === 'batch')
        return (statements: D1PreparedStatement[]) =>
          target.batch(
            statements.some(isWrite)
              ? [...statements, target.prepare('insert into no_such_table values (1)')]
              : statements,
          );
      const value = Reflect.get(target, prop) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** Gives the pitch's object its D1 through `wrap` from now on (the object rebuilds its handle when the binding changes). */
export async function wrapPitchObjectDb(facilityId: number, wrap: (d1: D1Database) => D1Database) {
  await runInDurableObject(facilityStub(env, facilityId), (instance: FacilityBooking) => {
    const own = (instance as unknown as { env: Env }).env;
    const wrapped = new Proxy(own, { get: (t, p) => (p === 'DB' ? wrap(own.DB) : Reflect.get(t, p)) });
    Object.defineProperty(instance, 'env', { value: wrapped, configurable: true, writable: true });
  });
}

/** Makes the pitch object's own D1 slow, so every decision it runs pauses between its check and its write. */
export const slowPitchObject = (facilityId: number, ms: number) =>
  wrapPitchObjectDb(facilityId, (d1) => slowReads(d1, ms));
