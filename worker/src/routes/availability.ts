import { Hono } from 'hono';
import { freeHoursQuery } from '../../../contracts/free-hours';
import { getDb } from '../db/client';
import type { AppEnv } from '../lib/auth';
import { memoised, memoMs } from '../lib/availability-memo';
import { effectiveRules } from '../lib/booking-rules';
import { ok } from '../lib/http';
import { step } from '../lib/timing';
import { query } from '../lib/validate';
import { searchFreeHours } from '../services/free-hours';

export const availabilityRoutes = new Hono<AppEnv>()
  /**
   * 'Boş saat bul' (behaviour.md#boş-saat-bul): a business day's free starts in an hour window across every active pitch,
   * in one statement. Kept no longer than the pitch calendar's availability memory (lib/availability-memo.ts), and
   * no-store for every other cache; booking itself checks the slot again under the pitch's lock.
   */
  .get('/search', query(freeHoursQuery), async (c) => {
    const q = c.req.valid('query');
    const { slotHorizonDays } = await effectiveRules(c.env);
    const now = Date.now();
    const key = `search|${q.gun}|${q.saat.text}|${q.ilce ?? ''}|${+q.servis}${+q.kapali}${+q.aydinlatma}|${q.sure ?? ''}`;
    const answer = await step('read', () =>
      memoised(
        key,
        memoMs(c.env),
        now,
        () => searchFreeHours(getDb(c.env.DB), q, { now, horizonDays: slotHorizonDays }),
        () => true,
      ),
    );
    return ok(c, answer);
  });
