import { Hono } from 'hono';
import { z } from 'zod';
import { createNotificationSchema, notificationListQuery } from '../../../contracts/panel';
import { getDb } from '../db/client';
import type { AppEnv } from '../lib/auth';
import { requestToken, requireStaff, staffSession } from '../lib/auth';
import { badRequest, unauthorized } from '../lib/errors';
import { ok } from '../lib/http';
import { body, param, query } from '../lib/validate';
import {
  createNotification,
  deleteNotification,
  listNotifications,
  markAllRead,
  markRead,
  notificationStats,
  staffHub,
  unreadNotifications,
} from '../services/notifications';

const idParam = param(z.object({ id: z.coerce.number().int().positive() }));

/** Staff notifications (behaviour.md#management-panel, api.md; behaviour.md#notifications). Every route needs a staff token. */
export const notificationRoutes = new Hono<AppEnv>()
  /**
   * Authenticated live feed for the staff bell. Browsers cannot set headers on WebSockets: the session cookie serves
   * (never a token in the URL, where logs and history keep it). app.ts refuses a foreign Origin first.
   */
  .get('/live', async (c) => {
    if (c.req.header('Upgrade')?.toLowerCase() !== 'websocket') throw badRequest('WebSocket bağlantısı bekleniyor');
    const found = await staffSession(c.env, requestToken(c));
    if (!found) throw unauthorized();
    const { user, session } = found;
    const headers = new Headers(c.req.raw.headers);
    headers.set('x-staff-user-id', String(user.id));
    headers.set('x-staff-username', user.username);
    // The socket keeps its session's marks, so the hub can end it with the session (README 'Threat model').
    headers.set('x-staff-session', session.sid);
    headers.set('x-staff-token-version', String(session.ver));
    headers.set('x-staff-session-expires', String(session.exp * 1000));
    return staffHub(c.env).fetch(new Request(c.req.raw, { headers }));
  })
  .get('/unread', requireStaff, async (c) => {
    const { data, count } = await unreadNotifications(getDb(c.env.DB), c.get('user').id);
    return ok(c, data, { count });
  })
  .get('/all', requireStaff, query(notificationListQuery), async (c) => {
    const { data, meta } = await listNotifications(getDb(c.env.DB), c.req.valid('query'), c.get('user').id);
    return ok(c, data, meta);
  })
  .get('/stats', requireStaff, async (c) => ok(c, await notificationStats(getDb(c.env.DB), c.get('user').id)))
  .on(['POST', 'PUT'], '/mark-all-read', requireStaff, async (c) => ok(c, await markAllRead(c.env, Date.now())))
  .on(['POST', 'PUT'], '/:id/mark-read', requireStaff, idParam, async (c) =>
    ok(c, await markRead(c.env, c.req.valid('param').id, Date.now())),
  )
  .delete('/:id', requireStaff, idParam, async (c) => ok(c, await deleteNotification(c.env, c.req.valid('param').id)))
  .post('/', requireStaff, body(createNotificationSchema), async (c) =>
    ok(c, await createNotification(c.env, c.req.valid('json'), Date.now()), undefined, 201),
  );
