import { tooManyRequests } from './errors';

export type LimitKind = 'booking' | 'lookup' | 'login';

export interface LimitRule {
  key: string;
  limit: number;
}

function num(value: unknown, fallback: number): number {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

/** Limits come from the worker's configuration ([vars] in wrangler.toml) so a deployment can tune them (00 §5). */
export function limitsFor(
  env: Env,
  kind: LimitKind,
  clientAddress: string,
  target: string,
): { windowSeconds: number; rules: LimitRule[] } {
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

export const limiterFor = (env: Env, kind: LimitKind) =>
  env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(`limiter:${kind}`));

/** Counts a hit on every rule in one call to that kind's limiter (sliding windows); throws the Turkish 429 when any is over. */
export async function enforceRateLimit(
  env: Env,
  kind: LimitKind,
  windowSeconds: number,
  rules: LimitRule[],
  now = Date.now(),
): Promise<void> {
  const retryAfter = await limiterFor(env, kind).hit(rules, windowSeconds * 1000, now);
  if (retryAfter > 0) throw tooManyRequests(retryAfter);
}

/**
 * Login back-off (issue 7 §4): failures only, forgotten on success, a growing wait instead of a lock-out. Keyed by the
 * spelling typed (lower-cased), never by the account it resolves to, so the answers cannot tell which spellings share
 * an account. Per spelling and address the wait grows to 15 min; per spelling from all addresses only to
 * LOGIN_BACKOFF_MAX_SECONDS (60 s), so someone guessing from elsewhere slows the owner down but cannot lock them out.
 */
export function loginBackoffRules(env: Env, clientAddress: string, spelling: string) {
  const s = spelling.toLowerCase();
  return [
    { key: `login:f:${s}|${clientAddress}`, free: 5, maxDelayMs: 15 * 60_000 },
    {
      key: `login:f:${s}`,
      free: num(env.RATE_LIMIT_LOGIN_PER_IDENTIFIER, 10),
      maxDelayMs: num(env.LOGIN_BACKOFF_MAX_SECONDS, 60) * 1000,
    },
  ];
}

/** Refuses (the Turkish 429) a login attempt while its spelling is backing off; otherwise counts it until a success. */
export async function enforceLoginBackoff(
  env: Env,
  clientAddress: string,
  spelling: string,
  now = Date.now(),
): Promise<void> {
  const retryAfter = await limiterFor(env, 'login').attempt(loginBackoffRules(env, clientAddress, spelling), now);
  if (retryAfter > 0) throw tooManyRequests(retryAfter);
}

/** A successful sign-in clears the back-off of the account's spellings (from this address, and overall). */
export async function clearLoginBackoff(env: Env, clientAddress: string, spellings: string[]): Promise<void> {
  await limiterFor(env, 'login').succeeded(
    spellings.flatMap((s) => loginBackoffRules(env, clientAddress, s).map((r) => r.key)),
  );
}

export function clientAddress(req: Request): string {
  return req.headers.get('cf-connecting-ip') ?? 'local';
}
