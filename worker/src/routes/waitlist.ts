// The waitlist, 'Boşalınca haber ver' (docs/behaviour.md#waitlist): join, the holder's view and leave by its key; the
// staff queue of a pitch's day and taking an entry off.
import type { Context } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import { joinWaitlistSchema, waitlistKeySchema } from '../../../contracts/waitlist-input';
import { type AppEnv, requireStaff } from '../lib/auth';
import { ok } from '../lib/http';
import { clientAddress, enforceRateLimit, limitsFor } from '../lib/rate-limit';
import { body, param, query } from '../lib/validate';
import { entryOfKey, joinWaitlist, leaveByKey, queueOf, takeOffByStaff } from '../services/waitlist';

/** Joins count like bookings, per address and per phone, on counters of their own. */
async function limitJoin(c: Context<AppEnv>, phone: string) {
  const { windowSeconds, rules } = await limitsFor(c.env, 'booking', clientAddress(c.req.raw), phone);
  await enforceRateLimit(
    c.env,
    'booking',
    windowSeconds,
    rules.map((r) => ({ ...r, key: `waitlist:${r.key}` })),
  );
}

const queueQuery = z.object({
  facility: z.string().trim().min(1).max(64),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
});

export const waitlistRoutes = new Hono<AppEnv>()
  .post('/', body(joinWaitlistSchema), async (c) => {
    const input = c.req.valid('json');
    await limitJoin(c, input.customerPhone);
    return ok(c, await joinWaitlist(c.env, input, Date.now()), undefined, 201);
  })
  .get('/queue', requireStaff, query(queueQuery), async (c) => {
    const q = c.req.valid('query');
    return ok(c, await queueOf(c.env, q.facility, q.date));
  })
  .delete(
    '/entries/:documentId',
    requireStaff,
    param(z.object({ documentId: z.string().min(1).max(64) })),
    async (c) => {
      await takeOffByStaff(c.env, c.req.valid('param').documentId);
      return c.body(null, 204);
    },
  )
  .get('/:key', param(waitlistKeySchema), async (c) => {
    c.header('cache-control', 'no-store');
    return ok(c, await entryOfKey(c.env, c.req.valid('param').key, Date.now()));
  })
  .delete('/:key', param(waitlistKeySchema), async (c) => {
    await leaveByKey(c.env, c.req.valid('param').key);
    return c.body(null, 204);
  });
