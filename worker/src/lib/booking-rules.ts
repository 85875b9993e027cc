// The booking rules an admin sets on /yonetim/ayarlar as the server applies them: the stored row, cached per
// isolate, with the deployment's variables winning where they are set.
//
// The create path is the hottest one: a D1 round trip per booking only to read settings that change a few
// times a year would cost every visitor. So each isolate keeps what it read for RULES_TTL_MS; a save forgets it in the
// isolate that saved (the admin sees the change on the next request), and every other isolate (other data centres,
// the pitch objects) takes the change within RULES_TTL_MS.
import { BOOKING_RULE_DEFAULTS } from '../../../contracts/settings';
import type { BookingRulesWire } from '../../../contracts/wire/content';
import { type Db, getDb } from '../db/client';
import { bookingRulesRow } from '../db/content';

export const RULES_TTL_MS = 30_000;

export interface StoredRules extends BookingRulesWire {
  /** The maintenance switch of the site settings: the public booking API refuses while it is on. */
  maintenance: boolean;
}

let cached: { at: number; rules: StoredRules } | undefined;
/** Bumped by every forget: a read that began before it is not kept. */
let generation = 0;

async function read(db: Db): Promise<StoredRules> {
  const row = await bookingRulesRow(db);
  // No row only on a database whose migration 0012 has not run its insert: today's behaviour.
  return row ?? { ...BOOKING_RULE_DEFAULTS, maintenance: false };
}

/**
 * The stored rules, read at most once per RULES_TTL_MS per isolate once one read has answered. Only the settled rules
 * are kept, never a read in flight, so no request waits on another's I/O (see lib/availability-memo.ts); a failed read
 * is not kept, and the next request tries again.
 */
export async function storedRules(db: Db, now = Date.now()): Promise<StoredRules> {
  if (cached && now - cached.at < RULES_TTL_MS && now >= cached.at) return cached.rules;
  const began = generation;
  const rules = await read(db);
  if (began === generation && !(cached && cached.at > now)) cached = { at: now, rules };
  return rules;
}

/** After a save (and in tests that write the row directly): the next read goes to D1. */
export function forgetRules(): void {
  cached = undefined;
  generation++;
}

/** Rule ← deployment variable. Set (a positive number) on the deployment, the variable wins over the stored value. */
const OVERRIDES = {
  slotHorizonDays: 'SLOT_HORIZON_DAYS',
  bookingPerIp: 'RATE_LIMIT_BOOKING_PER_IP',
  bookingPerPhone: 'RATE_LIMIT_BOOKING_PER_PHONE',
  lookupPerIp: 'RATE_LIMIT_LOOKUP_PER_IP',
  lookupPerTarget: 'RATE_LIMIT_LOOKUP_PER_TARGET',
  loginPerIp: 'RATE_LIMIT_LOGIN_PER_IP',
  loginPerIdentifier: 'RATE_LIMIT_LOGIN_PER_IDENTIFIER',
} as const satisfies Partial<Record<keyof BookingRulesWire, string>>;

function override(env: Env, name: string): number | undefined {
  const raw = (env as unknown as Record<string, unknown>)[name];
  if (raw === undefined || raw === null || raw === '') return undefined;
  const n = Number(raw);
  return Number.isFinite(n) && n > 0 ? n : undefined;
}

/** The names of the rules this deployment's variables override. */
export function overriddenRules(env: Env): Array<keyof BookingRulesWire> {
  return (Object.keys(OVERRIDES) as Array<keyof typeof OVERRIDES>).filter(
    (k) => override(env, OVERRIDES[k]) !== undefined,
  );
}

/** The stored rules with the deployment's variables applied over them. */
export function applyOverrides<T extends BookingRulesWire>(env: Env, stored: T): T {
  const out = { ...stored };
  for (const k of Object.keys(OVERRIDES) as Array<keyof typeof OVERRIDES>) {
    const v = override(env, OVERRIDES[k]);
    if (v !== undefined) out[k] = v;
  }
  return out;
}

/** What the server applies now (cached; see above). */
export async function effectiveRules(env: Env, now = Date.now()): Promise<StoredRules> {
  return applyOverrides(env, await storedRules(getDb(env.DB), now));
}
