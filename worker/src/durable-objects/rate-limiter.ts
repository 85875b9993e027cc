import { DurableObject } from 'cloudflare:workers';

type Counter = [windowStart: number, count: number];

/**
 * Fixed-window counters for rate limits, one object per kind of limit (booking, lookup, login). Memory is
 * authoritative; each count is also written to storage without holding the answer for the disk (allowUnconfirmed),
 * and reloaded if the object restarts, so a restart forgets nothing but the last instant's hits. One call counts every
 * key of a request; an object serves about a thousand calls a second, far above one city's load.
 */
export class RateLimiter extends DurableObject<Env> {
  private readonly counters = new Map<string, Counter>();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.blockConcurrencyWhile(async () => {
      for (const [key, value] of await ctx.storage.list<Counter>()) this.counters.set(key, value);
    });
  }

  /** Counts one hit for each key in the window starting at `windowStart`; returns each key's count so far. */
  hit(keys: string[], windowStart: number): number[] {
    const counts = keys.map((key) => {
      const current = this.counters.get(key);
      const next: Counter = current && current[0] === windowStart ? [windowStart, current[1] + 1] : [windowStart, 1];
      this.counters.set(key, next);
      void this.ctx.storage.put(key, next, { allowUnconfirmed: true });
      return next[1];
    });
    if (this.counters.size > 10_000) this.sweep(windowStart);
    return counts;
  }

  /** Old windows are dead weight. */
  private sweep(windowStart: number): void {
    const stale = [...this.counters].filter(([, [start]]) => start < windowStart).map(([key]) => key);
    for (const key of stale) this.counters.delete(key);
    for (let i = 0; i < stale.length; i += 128) void this.ctx.storage.delete(stale.slice(i, i + 128), { allowUnconfirmed: true });
  }

  /** The stored count of one key, as a restarted object would see it. */
  async stored(key: string): Promise<Counter | undefined> {
    return this.ctx.storage.get<Counter>(key);
  }
}
