import { DurableObject } from 'cloudflare:workers';

/**
 * Fixed-window counters for rate limits, one object per kind of limit (booking, lookup, login), kept in the object's own
 * SQLite storage: synchronous statements, so counting is atomic and costs D1 (single-threaded per database) nothing.
 * One call counts every key of a request; an object serves about a thousand calls a second, far above one city's load.
 */
export class RateLimiter extends DurableObject<Env> {
  private hits = 0;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.storage.sql.exec(
      'create table if not exists counters (key text primary key, window_start integer not null, count integer not null)',
    );
  }

  /** Counts one hit for each key in the window starting at `windowStart`; returns each key's count so far. */
  hit(keys: string[], windowStart: number): number[] {
    return keys.map((key) => this.count(key, windowStart));
  }

  private count(key: string, windowStart: number): number {
    const row = this.ctx.storage.sql
      .exec<{ count: number }>(
        `insert into counters (key, window_start, count) values (?1, ?2, 1)
         on conflict (key) do update set
           count = case when counters.window_start = excluded.window_start then counters.count + 1 else 1 end,
           window_start = excluded.window_start
         returning count`,
        key,
        windowStart,
      )
      .one();
    // Old windows are dead weight; sweep them now and then.
    if (++this.hits % 1000 === 0) this.ctx.storage.sql.exec('delete from counters where window_start < ?', windowStart);
    return row.count;
  }
}
