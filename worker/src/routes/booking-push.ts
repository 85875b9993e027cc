// 'Bildirim al' for one booking (docs/behaviour.md#notifications): the holder proves the booking with its full number,
// as tracking does, and every try counts against tracking's look-up limit (the address's and the number's), counted
// before anything is written. Mounted under /api/bookings beside the tracking routes.
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { bookingNumberSchema } from '../../../contracts/common';
import { type PushSubscribedWire, pushSubscribeSchema, pushUnsubscribeSchema } from '../../../contracts/push';
import { getDb } from '../db/client';
import type { AppEnv } from '../lib/auth';
import { ok } from '../lib/http';
import { clientAddress, enforceRateLimit, limitsFor } from '../lib/rate-limit';
import { body, param } from '../lib/validate';
import { subscribeToBooking, unsubscribeFromBooking } from '../services/player-push';

const byNumber = param(z.object({ bookingNumber: bookingNumberSchema }));

async function lookupLimit(c: Context<AppEnv>, bookingNumber: string) {
  const { windowSeconds, rules } = await limitsFor(c.env, 'lookup', clientAddress(c.req.raw), bookingNumber);
  await enforceRateLimit(c.env, 'lookup', windowSeconds, rules);
}

export const bookingPushRoutes = new Hono<AppEnv>()
  /** This device hears the booking: 201, the same for a device already subscribed; at most 5 devices, live bookings only. */
  .post('/track/:bookingNumber/push', byNumber, body(pushSubscribeSchema), async (c) => {
    const { bookingNumber } = c.req.valid('param');
    await lookupLimit(c, bookingNumber);
    const { subscription } = c.req.valid('json');
    await subscribeToBooking(getDb(c.env.DB), bookingNumber, subscription, Date.now());
    return ok<PushSubscribedWire>(c, { subscribed: true }, undefined, 201);
  })
  /** This device no longer hears the booking (whatever its status): 200, also when it was not subscribed. */
  .delete('/track/:bookingNumber/push', byNumber, body(pushUnsubscribeSchema), async (c) => {
    const { bookingNumber } = c.req.valid('param');
    await lookupLimit(c, bookingNumber);
    const { endpoint } = c.req.valid('json');
    await unsubscribeFromBooking(getDb(c.env.DB), bookingNumber, endpoint);
    return ok<PushSubscribedWire>(c, { subscribed: false });
  });
