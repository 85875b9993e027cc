// A read-only look-up by a booking number (tracking, its .ics, the device list's statuses) under the 'lookup' rate
// limit (docs/security.md#rate-limits): the read runs while its hits are counted, nothing is answered unless the limit
// allows it, and the limit's refusal wins over any other outcome. Saves a round trip on every look-up.
import type { Context } from 'hono';
import type { AppEnv } from './auth';
import { clientAddress, enforceRateLimit, limitsFor } from './rate-limit';
import { step } from './timing';

/**
 * Several numbers in one request count as that many look-ups: one hit per number on the address's count and one on
 * each number's own, exactly as if each were looked up alone.
 */
export async function lookup<T>(c: Context<AppEnv>, targets: string | string[], read: () => Promise<T>): Promise<T> {
  const count = async () => {
    const list = typeof targets === 'string' ? [targets] : targets;
    const each = await Promise.all(list.map((t) => limitsFor(c.env, 'lookup', clientAddress(c.req.raw), t)));
    await enforceRateLimit(
      c.env,
      'lookup',
      each[0].windowSeconds,
      each.flatMap((l) => l.rules),
    );
  };
  const [limited, result] = await Promise.allSettled([step('limit', count), step('read', read)]);
  if (limited.status === 'rejected') throw limited.reason;
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}
