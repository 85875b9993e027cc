import { DurableObject } from 'cloudflare:workers';

type Counter = [windowStart: number, count: number];

const FLUSH_EVERY_MS = 1000;

/**
 * Fixed-window counters for rate limits, one object per kind of limit (booking, lookup, login). Memory is
 * authoritative; changed counters are written to storage once a second (one write instead of one per hit) and reloaded
 * if the object restarts, so a restart forgets at most the last second of hits. One call counts every key of a request;
 * an object serves about a thousand calls a second, far above one city's load.
 */
export class RateLimiter extends DurableObject<Env> {
  private readonly counters = new Map<string, Counter>();
  private readonly dirty = new Set<string>();
  private flushing: ReturnType<typeof setTimeout> | null = null;

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
      this.dirty.add(key);
      return next[1];
    });
    if (this.counters.size > 10_000) this.sweep(windowStart);
    this.flushing ??= setTimeout(() => this.flush(), FLUSH_EVERY_MS);
    return counts;
  }

  /** Writes the counters changed since the last flush. */
  async flush(): Promise<void> {
    this.flushing = null;
    const keys = [...this.dirty];
    this.dirty.clear();
    for (let i = 0; i < keys.length; i += 128) {
      const batch: Record<string, Counter> = {};
      for (const key of keys.slice(i, i + 128)) {
        const value = this.counters.get(key);
        if (value) batch[key] = value;
      }
      await this.ctx.storage.put(batch);
    }
  }

  /** Old windows are dead weight. */
  private sweep(windowStart: number): void {
    const stale = [...this.counters].filter(([, [start]]) => start < windowStart).map(([key]) => key);
    for (const key of stale) {
      this.counters.delete(key);
      this.dirty.delete(key);
    }
    for (let i = 0; i < stale.length; i += 128) void this.ctx.storage.delete(stale.slice(i, i + 128));
  }

  /** The stored count of one key, as a restarted object would see it. */
  async stored(key: string): Promise<Counter | undefined> {
    return this.ctx.storage.get<Counter>(key);
  }
}
