import type { BackoffRule } from '../durable-objects/rate-limiter';
import { effectiveRules } from './booking-rules';
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

/**
 * The limits an admin sets on /yonetim/ayarlar (lib/booking-rules.ts, cached per isolate: no D1 round trip per
 * request); a RATE_LIMIT_* variable set on the deployment wins over the stored value (README 'Configuration').
 */
export async function limitsFor(
  env: Env,
  kind: LimitKind,
  clientAddress: string,
  target: string,
): Promise<{ windowSeconds: number; rules: LimitRule[] }> {
  const windowSeconds = num(env.RATE_LIMIT_WINDOW_SECONDS, 600);
  const r = await effectiveRules(env);
  const perAddress = { booking: r.bookingPerIp, lookup: r.lookupPerIp, login: r.loginPerIp }[kind];
  const perTarget = { booking: r.bookingPerPhone, lookup: r.lookupPerTarget, login: r.loginPerIdentifier }[kind];
  return {
    windowSeconds,
    rules: [
      { key: `${kind}:ip:${clientAddress}`, limit: perAddress },
      { key: `${kind}:t:${target.toLowerCase()}`, limit: perTarget },
    ],
  };
}

/**
 * Limiter objects per kind of limit. Each key lives in one of them, chosen by a hash of the key, so no single object
 * sees every booking or look-up of the deployment (one object per kind was a global choke point; a Durable
 * Object serves on the order of a thousand calls a second). Every count of a key still happens in one object, so each
 * key's limit is exact, deployment-wide.
 */
export const LIMITER_SHARDS = 64;

/**
 * FNV-1a over the key's UTF-16 code units, then murmur3's finaliser: FNV's low bits depend only on the low bits of what
 * came before, so without the finaliser `% 64` would spread keys poorly (and similar keys into cycles).
 */
export function limiterShard(routingKey: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < routingKey.length; i++) {
    h ^= routingKey.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) % LIMITER_SHARDS;
}

/** The object that counts `routingKey` (a rule's key, or for login back-off the spelling, see below). */
export const limiterFor = (env: Env, kind: LimitKind, routingKey: string) =>
  env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(`limiter:${kind}:${limiterShard(routingKey)}`));

/**
 * Counts a hit on every rule (sliding windows), each in its key's object, the objects called in parallel; throws the
 * Turkish 429 when any is over. A refused hit counts too, so splitting the rules over objects changes no answer.
 */
export async function enforceRateLimit(
  env: Env,
  kind: LimitKind,
  windowSeconds: number,
  rules: LimitRule[],
  now = Date.now(),
): Promise<void> {
  const byShard = new Map<number, LimitRule[]>();
  for (const rule of rules) {
    const shard = limiterShard(rule.key);
    byShard.set(shard, [...(byShard.get(shard) ?? []), rule]);
  }
  const waits = await Promise.all(
    [...byShard.values()].map((group) => limiterFor(env, kind, group[0].key).hit(group, windowSeconds * 1000, now)),
  );
  const retryAfter = Math.max(0, ...waits);
  if (retryAfter > 0) throw tooManyRequests(retryAfter);
}

/**
 * Login back-off: failures only, forgotten on success, a growing wait instead of a lock-out. Keyed by the
 * spelling typed (lower-cased), never by the account it resolves to, so the answers cannot tell which spellings share
 * an account. Per spelling and address the wait grows to 15 min; per spelling from all addresses only to
 * LOGIN_BACKOFF_MAX_SECONDS (60 s), so someone guessing from elsewhere slows the owner down but cannot lock them out.
 */
export async function loginBackoffRules(env: Env, clientAddress: string, spelling: string) {
  const s = spelling.toLowerCase();
  const { loginPerIdentifier } = await effectiveRules(env);
  return [
    { key: `login:f:${s}|${clientAddress}`, free: 5, maxDelayMs: 15 * 60_000 },
    {
      key: `login:f:${s}`,
      free: loginPerIdentifier,
      maxDelayMs: num(env.LOGIN_BACKOFF_MAX_SECONDS, 60) * 1000,
    },
  ];
}

/**
 * Counts an attempt on back-off rules that all live in `routingKey`'s object (a refusal on one counts none: one atomic
 * step), or refuses it with the Turkish 429 while any of them is backing off.
 */
async function enforceBackoff(
  env: Env,
  routingKey: string,
  rules: BackoffRule[],
  now: number,
  message?: string,
): Promise<void> {
  const retryAfter = await limiterFor(env, 'login', routingKey).attempt(rules, now);
  if (retryAfter > 0) throw tooManyRequests(retryAfter, message);
}

/** Refuses (the Turkish 429) a login attempt while its spelling is backing off; otherwise counts it until a success. */
export async function enforceLoginBackoff(
  env: Env,
  clientAddress: string,
  spelling: string,
  now = Date.now(),
): Promise<void> {
  await enforceBackoff(env, spelling.toLowerCase(), await loginBackoffRules(env, clientAddress, spelling), now);
}

/**
 * One's own password change asks for the current password: a signed-in session guessing it backs off like a
 * login spelling from one address (5 free failures, then a wait doubling to 15 min), per account, whatever the session
 * or address. While it waits even the right password is refused; a change that succeeds clears it.
 */
const passwordBackoffRules = (userId: number): BackoffRule[] => [
  { key: `password:f:${userId}`, free: 5, maxDelayMs: 15 * 60_000 },
];

export const enforcePasswordBackoff = (env: Env, userId: number, message: string, now = Date.now()) =>
  enforceBackoff(env, `password:${userId}`, passwordBackoffRules(userId), now, message);

export const clearPasswordBackoff = (env: Env, userId: number) =>
  limiterFor(env, 'login', `password:${userId}`).succeeded(passwordBackoffRules(userId).map((r) => r.key));

/** A successful sign-in clears the back-off of the account's spellings (from this address, and overall). */
export async function clearLoginBackoff(env: Env, clientAddress: string, spellings: string[]): Promise<void> {
  await Promise.all(
    spellings.map(async (s) =>
      limiterFor(env, 'login', s.toLowerCase()).succeeded(
        (await loginBackoffRules(env, clientAddress, s)).map((r) => r.key),
      ),
    ),
  );
}

export function clientAddress(req: Request): string {
  return req.headers.get('cf-connecting-ip') ?? 'local';
}
