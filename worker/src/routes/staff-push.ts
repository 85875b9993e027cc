// 'Bu cihaza bildirim gönder' (docs/behaviour.md#notifications 'Staff push'): a staff device hears new bookings,
// cancellations and expiring holds while its session lasts. Every route needs a staff session (any role); the
// cookie-authenticated writes pass the CSRF check of app.ts like every other panel write. Mounted at /api/push/staff.
import { Hono } from 'hono';
import { type PushSubscribedWire, pushSubscribeSchema, pushUnsubscribeSchema } from '../../../contracts/push';
import type { StaffPushStatusWire } from '../../../contracts/staff-push';
import { getDb } from '../db/client';
import { type AppEnv, requireStaff } from '../lib/auth';
import { ok } from '../lib/http';
import { body } from '../lib/validate';
import { staffPushStatus, subscribeStaff, unsubscribeStaff } from '../services/staff-push';

export const staffPushRoutes = new Hono<AppEnv>()
  /** This device hears the staff events in this session: 201, the same for a device already on (its keys renewed). */
  .post('/', requireStaff, body(pushSubscribeSchema), async (c) => {
    const { subscription } = c.req.valid('json');
    await subscribeStaff(getDb(c.env.DB), c.get('user').id, c.get('session'), subscription, Date.now());
    return ok<PushSubscribedWire>(c, { subscribed: true }, undefined, 201);
  })
  /** This device no longer hears them: 200, also when it did not. */
  .delete('/', requireStaff, body(pushUnsubscribeSchema), async (c) => {
    await unsubscribeStaff(getDb(c.env.DB), c.get('user').id, c.req.valid('json').endpoint);
    return ok<PushSubscribedWire>(c, { subscribed: false });
  })
  /** Whether this device hears them in this session (the switch's state); a POST, so the address stays out of logs. */
  .post('/status', requireStaff, body(pushUnsubscribeSchema), async (c) => {
    const subscribed = await staffPushStatus(getDb(c.env.DB), c.get('session'), c.req.valid('json').endpoint);
    return ok<StaffPushStatusWire>(c, { subscribed });
  });
