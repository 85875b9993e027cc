import { Hono } from 'hono';
import type { AppEnv } from '../lib/auth';
import { bearer, staffFromToken } from '../lib/auth';
import { badRequest, unauthorized } from '../lib/errors';
import { staffHub } from '../services/notifications';

export const notificationRoutes = new Hono<AppEnv>()
  /** Authenticated live feed for the staff bell. Browsers cannot set headers on WebSockets, so ?token= is accepted. */
  .get('/live', async (c) => {
    if (c.req.header('Upgrade')?.toLowerCase() !== 'websocket') throw badRequest('WebSocket bağlantısı bekleniyor');
    const user = await staffFromToken(c.env, bearer(c.req.header('Authorization')) ?? c.req.query('token') ?? null);
    if (!user) throw unauthorized();
    const headers = new Headers(c.req.raw.headers);
    headers.set('x-staff-user-id', String(user.id));
    headers.set('x-staff-username', user.username);
    return staffHub(c.env).fetch(new Request(c.req.raw, { headers }));
  });
