import { DurableObject } from 'cloudflare:workers';

/** A sliding-window counter: the hits of the current fixed window and of the one before it. */
type Window = [kind: 'w', windowStart: number, previous: number, current: number];
/** Login back-off: attempts not (yet) followed by a success, and the instant before which the next one is refused. */
type Backoff = [kind: 'b', failures: number, blockedUntil: number, lastAt: number];
type Entry = Window | Backoff;

export interface WindowRule {
  key: string;
  limit: number;
}
export interface BackoffRule {
  key: string;
  free: number;
  maxDelayMs: number;
}

const FLUSH_EVERY_MS = 1000;
const BACKOFF_FORGET_MS = 24 * 3_600_000;
/**
 * Counters one object keeps at most (about 200 bytes each in memory: a few MB of the isolate's 128). Without a bound the
 * map grew with every new key for as long as its counters lived (two windows; a back-off a day): every new phone or
 * booking number, refused hits included, so a stream of fresh keys grew it without end within that time.
 */
export const LIMITER_MAX_ENTRIES = 20_000;
/** Over the bound, counters are dropped down to this many, so the next drop comes only after many more new keys. */
const LIMITER_TRIM_TO = Math.floor(LIMITER_MAX_ENTRIES * 0.9);

/**
 * Rate limits: one shard of one kind of limit (booking, lookup, login); `lib/rate-limit.ts` picks the shard by a hash
 * of the key, so every key is counted in exactly one object and the load spreads over LIMITER_SHARDS objects per kind.
 * Memory is authoritative; changed entries are written to storage once a second (one write instead of one per hit) and
 * reloaded if the object restarts, so a restart forgets at most the last second of hits.
 *
 * Windows slide: the estimate is the previous window's count weighted by how much of it still overlaps
 * the last `window` ms, plus the current window's count — so a burst at the end of one window and another at the start
 * of the next cannot pass twice the limit, as epoch-aligned fixed windows let them.
 */
export class RateLimiter extends DurableObject<Env> {
  private readonly entries = new Map<string, Entry>();
  private readonly dirty = new Set<string>();
  private flushing: ReturnType<typeof setTimeout> | null = null;
  private lastSweep = 0;
  /** The window of the latest hit: how long a counter stays useful, so when the alarm may clear it. */
  private windowMs = 600_000;
  /** An alarm is already pending (set by a flush or the last alarm): flushes do not move it again, once a second. */
  private alarmSet = false;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.blockConcurrencyWhile(async () => {
      for (const [key, value] of await ctx.storage.list<Entry>()) {
        // Entries of the old fixed-window format ([windowStart, count]) are simply forgotten.
        if (Array.isArray(value) && (value[0] === 'w' || value[0] === 'b')) this.entries.set(key, value);
      }
    });
  }

  /**
   * Counts one hit for each rule's key; answers 0 when every rule is within its limit, otherwise the seconds until the
   * busiest key would let one more hit through (the 429's retry-after). Refused hits count too: hammering stays refused.
   */
  hit(rules: WindowRule[], windowMs: number, now: number): number {
    const start = Math.floor(now / windowMs) * windowMs;
    this.windowMs = windowMs;
    let waitMs = 0;
    for (const { key, limit } of rules) {
      const found = this.entries.get(key);
      let [, at, previous, current] = found && found[0] === 'w' ? found : (['w', start, 0, 0] as Window);
      if (at !== start) {
        previous = at === start - windowMs ? current : 0;
        current = 0;
        at = start;
      }
      current++;
      this.set(key, ['w', at, previous, current]);
      const estimate = (previous * (windowMs - (now - start))) / windowMs + current;
      if (estimate > limit) waitMs = Math.max(waitMs, untilAllowed(previous, current, limit, windowMs, now - start));
    }
    // Counters are kept no longer than they serve (the KVKK notice promises it): a sweep once a window, and a bounded
    // count (see trim) however many new keys arrive within one.
    if (now - this.lastSweep > windowMs) this.sweep(now, windowMs);
    if (this.entries.size > LIMITER_MAX_ENTRIES) this.trim(now, windowMs);
    return waitMs > 0 ? Math.max(1, Math.ceil(waitMs / 1000)) : 0;
  }

  /**
   * A login attempt: refused (the seconds to wait) while any key is backing off; otherwise counted as a failure until
   * `succeeded` clears it. Counting before the password is checked keeps parallel guesses inside the back-off too.
   * `free` failures pass without a wait; the one that reaches `free` makes the next attempt wait 1 s (so with 5 free the
   * sixth is refused when it comes at once), and each further failure doubles the wait, up to `maxDelayMs`.
   */
  attempt(rules: BackoffRule[], now: number): number {
    let waitMs = 0;
    for (const { key } of rules) {
      const found = this.entries.get(key);
      if (found && found[0] === 'b' && found[2] > now) waitMs = Math.max(waitMs, found[2] - now);
    }
    if (waitMs > 0) return Math.max(1, Math.ceil(waitMs / 1000));
    for (const { key, free, maxDelayMs } of rules) {
      const found = this.entries.get(key);
      const failures = (found && found[0] === 'b' && now - found[3] < BACKOFF_FORGET_MS ? found[1] : 0) + 1;
      const blockedUntil = failures >= free ? now + Math.min(maxDelayMs, 1000 * 2 ** Math.min(30, failures - free)) : 0;
      this.set(key, ['b', failures, blockedUntil, now]);
    }
    if (this.entries.size > LIMITER_MAX_ENTRIES) this.trim(now, this.windowMs);
    return 0;
  }

  /** A successful sign-in forgets the failures behind these keys. */
  succeeded(keys: string[]): void {
    for (const key of keys) {
      if (!this.entries.delete(key)) continue;
      this.dirty.delete(key);
      void this.ctx.storage.delete(key);
    }
  }

  private set(key: string, entry: Entry) {
    // Re-inserted, so the map's order is least recently counted first (what trim drops first among equals).
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.dirty.add(key);
    this.flushing ??= setTimeout(() => this.flush(), FLUSH_EVERY_MS);
  }

  /** Writes the entries changed since the last flush. */
  async flush(): Promise<void> {
    this.flushing = null;
    const keys = [...this.dirty];
    this.dirty.clear();
    for (let i = 0; i < keys.length; i += 128) {
      const batch: Record<string, Entry> = {};
      for (const key of keys.slice(i, i + 128)) {
        const value = this.entries.get(key);
        if (value) batch[key] = value;
      }
      await this.ctx.storage.put(batch);
    }
    // An object that stops receiving hits still clears what it stored, once those counters can no longer matter. One
    // pending alarm is enough: when it fires it sweeps what went stale and sets the next one while entries remain.
    if (keys.length && !this.alarmSet) await this.scheduleSweep();
  }

  async alarm(): Promise<void> {
    this.alarmSet = false;
    this.sweep(Date.now(), this.windowMs);
    if (this.entries.size) await this.scheduleSweep();
  }

  private async scheduleSweep(): Promise<void> {
    this.alarmSet = true;
    await this.ctx.storage.setAlarm(Date.now() + 2 * this.windowMs + 1000);
  }

  /** Windows that no longer overlap the sliding window and long-quiet back-offs are dead weight. */
  private sweep(now: number, windowMs: number): void {
    this.lastSweep = now;
    const stale = [...this.entries]
      .filter(([, e]) => (e[0] === 'w' ? e[1] < now - 2 * windowMs : e[2] < now && now - e[3] > BACKOFF_FORGET_MS))
      .map(([key]) => key);
    for (const key of stale) {
      this.entries.delete(key);
      this.dirty.delete(key);
    }
    for (let i = 0; i < stale.length; i += 128) void this.ctx.storage.delete(stale.slice(i, i + 128));
  }

  /**
   * Over LIMITER_MAX_ENTRIES: the dead counters go first, then, while still over, the ones that weigh least (a single
   * hit or failure: forgetting one lets at most one more through), least recently counted first, and only then heavier
   * ones. A flood of fresh keys (one hit each) therefore cannot push out a key that is being hammered, which is the
   * counter that matters. Down to LIMITER_TRIM_TO at once, so the work is spread over many hits.
   */
  private trim(now: number, windowMs: number): void {
    this.sweep(now, windowMs);
    const start = Math.floor(now / windowMs) * windowMs;
    // The hits an entry still adds to an estimate (a back-off: its failures).
    const weight = (e: Entry) =>
      e[0] === 'b' ? e[1] : e[1] === start ? e[2] + e[3] : e[1] === start - windowMs ? e[3] : 0;
    const dropped: string[] = [];
    for (let atMost = 1; this.entries.size > LIMITER_TRIM_TO; atMost *= 2) {
      for (const [key, e] of this.entries) {
        if (this.entries.size <= LIMITER_TRIM_TO) break;
        if (weight(e) > atMost) continue;
        this.entries.delete(key);
        this.dirty.delete(key);
        dropped.push(key);
      }
    }
    for (let i = 0; i < dropped.length; i += 128) void this.ctx.storage.delete(dropped.slice(i, i + 128));
  }

  /** How many counters the object holds in memory (tests). */
  async size(): Promise<number> {
    return this.entries.size;
  }

  /** The stored entry of one key, as a restarted object would see it. */
  async stored(key: string): Promise<Entry | undefined> {
    return this.ctx.storage.get<Entry>(key);
  }
}

/** Milliseconds from now until one more hit would fit under `limit`, if no other hit arrives meanwhile. */
function untilAllowed(previous: number, current: number, limit: number, windowMs: number, elapsed: number): number {
  // Within this window: the previous window's weight has to fall far enough.
  if (current + 1 <= limit && previous > 0) {
    const at = windowMs * (1 - (limit - current - 1) / previous);
    if (at < windowMs) return Math.max(0, at - elapsed);
  }
  // In the next window this one becomes the weighted previous.
  const next = current + 1 <= limit ? 0 : windowMs * (1 - (limit - 1) / current);
  return windowMs - elapsed + Math.max(0, next);
}
