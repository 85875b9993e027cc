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

export const limiterFor = (env: Env, kind: LimitKind) => env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(`limiter:${kind}`));

/** Counts a hit on every rule in one call to that kind's limiter; throws the Turkish 429 when any is over. */
export async function enforceRateLimit(env: Env, kind: LimitKind, windowSeconds: number, rules: LimitRule[], now = Date.now()): Promise<void> {
  const windowMs = windowSeconds * 1000;
  const windowStart = Math.floor(now / windowMs) * windowMs;
  const counts = await limiterFor(env, kind).hit(rules.map((r) => r.key), windowStart);
  if (counts.some((count, i) => count > rules[i].limit)) throw tooManyRequests(Math.ceil((windowStart + windowMs - now) / 1000));
}

export function clientAddress(req: Request): string {
  return req.headers.get('cf-connecting-ip') ?? 'local';
}
