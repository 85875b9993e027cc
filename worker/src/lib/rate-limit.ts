import { tooManyRequests } from './errors';

export type LimitKind = 'booking' | 'lookup' | 'login';

export interface LimitRule { key: string; limit: number }

function num(value: unknown, fallback: number): number {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

/** Limits come from the worker's configuration ([vars] in wrangler.toml) so a deployment can tune them (00 §5). */
export function limitsFor(env: Env, kind: LimitKind, clientAddress: string, target: string): { windowSeconds: number; rules: LimitRule[] } {
  const windowSeconds = num(env.RATE_LIMIT_WINDOW_SECONDS, 600);
  const perAddress = {
    booking: num(env.RATE_LIMIT_BOOKING_PER_IP, 150),
    lookup: num(env.RATE_LIMIT_LOOKUP_PER_IP, 600),
    login: num(env.RATE_LIMIT_LOGIN_PER_IP, 100),
  }[kind];
  const perTarget = {
    booking: num(env.RATE_LIMIT_BOOKING_PER_PHONE, 10),
    lookup: num(env.RATE_LIMIT_LOOKUP_PER_TARGET, 30),
    login: num(env.RATE_LIMIT_LOGIN_PER_IDENTIFIER, 10),
  }[kind];
  return {
    windowSeconds,
    rules: [
      { key: `${kind}:ip:${clientAddress}`, limit: perAddress },
      { key: `${kind}:t:${target.toLowerCase()}`, limit: perTarget },
    ],
  };
}

/** Fixed-window counters in D1, one round trip for all rules; throws the Turkish 429 when any is exceeded. */
export async function enforceRateLimit(d1: D1Database, windowSeconds: number, rules: LimitRule[], now = Date.now()): Promise<void> {
  const windowMs = windowSeconds * 1000;
  const windowStart = Math.floor(now / windowMs) * windowMs;
  const stmt = d1.prepare(
    `insert into rate_limits (key, window_start, count) values (?1, ?2, 1)
     on conflict(key) do update set
       count = case when rate_limits.window_start = excluded.window_start then rate_limits.count + 1 else 1 end,
       window_start = excluded.window_start
     returning count`,
  );
  const results = await d1.batch<{ count: number }>(rules.map((r) => stmt.bind(r.key, windowStart)));
  const exceeded = results.some((res, i) => (res.results[0]?.count ?? 0) > rules[i].limit);
  if (exceeded) throw tooManyRequests(Math.ceil((windowStart + windowMs - now) / 1000));
}

export async function pruneRateLimits(d1: D1Database, windowSeconds: number, now = Date.now()): Promise<void> {
  await d1.prepare('delete from rate_limits where window_start < ?').bind(now - windowSeconds * 1000).run();
}

export function clientAddress(req: Request): string {
  return req.headers.get('cf-connecting-ip') ?? 'local';
}
