// Per-step timings of one request, for finding where its time goes. Off unless SERVER_TIMING = "1" (the
// benches set it): then every answer carries a Server-Timing header, and steps inside a pitch's object come back with
// its answer and are listed as `do.<step>`. performance.now() in a Worker moves only across I/O, so a step measures
// the I/O it waits for (a Durable Object call, a D1 batch); what the header's steps do not cover of `total` is CPU.
import { AsyncLocalStorage } from 'node:async_hooks';
import { costTimings, inCostScope, metered, meteringOn, takeCost } from './d1-cost';

export type Timings = Array<{ step: string; ms: number }>;

const current = new AsyncLocalStorage<Timings>();

export const timingEnabled = (env: { SERVER_TIMING?: string }) => env.SERVER_TIMING === '1';

/** Runs `work`, noting its duration under `name` when this request is being timed. */
export async function step<T>(name: string, work: () => Promise<T>): Promise<T> {
  const timings = current.getStore();
  if (!timings) return work();
  const started = performance.now();
  try {
    return await work();
  } finally {
    timings.push({ step: name, ms: performance.now() - started });
  }
}

/**
 * Runs `work` with a fresh list of timings when `enabled`; answers them beside its value. Where bindings are metered
 * (lib/d1-cost.ts) and no request's sum is open (inside a Durable Object), the work's cost is summed too and rides
 * back among the timings.
 */
export async function timed<T>(enabled: boolean, work: () => Promise<T>): Promise<{ value: T; timings?: Timings }> {
  if (meteringOn() && !inCostScope()) {
    const { value, cost } = await metered(() => timed(enabled, work));
    return { value: value.value, timings: [...(value.timings ?? []), ...costTimings(cost)] };
  }
  if (!enabled) return { value: await work() };
  const timings: Timings = [];
  const value = await current.run(timings, work);
  return { value, timings };
}

/** Adds timings measured elsewhere (a Durable Object's), under a prefix, to this request's. */
export function addTimings(prefix: string, timings: Timings | undefined): void {
  if (timings && meteringOn()) timings = takeCost(timings);
  if (timings) current.getStore()?.push(...timings.map(({ step, ms }) => ({ step: `${prefix}${step}`, ms })));
}

export const serverTimingHeader = (timings: Timings) =>
  timings.map(({ step, ms }) => `${step.replace(/[^\w.-]/g, '_')};dur=${ms.toFixed(2)}`).join(', ');
