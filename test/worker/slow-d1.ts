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

/** Makes the pitch object's own D1 slow, so every decision it runs pauses between its check and its write. */
export async function slowPitchObject(facilityId: number, ms: number) {
  await runInDurableObject(facilityStub(env, facilityId), (instance: FacilityBooking) => {
    const own = (instance as unknown as { env: Env }).env;
    const slow = new Proxy(own, { get: (t, p) => (p === 'DB' ? slowReads(own.DB, ms) : Reflect.get(t, p)) });
    Object.defineProperty(instance, 'env', { value: slow, configurable: true, writable: true });
  });
}
