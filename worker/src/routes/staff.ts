import { Hono } from 'hono';
import { auditQuerySchema, staffCreateSchema, staffIdParam, staffPatchSchema } from '../../../contracts/staff';
import { getDb } from '../db/client';
import { type AppEnv, requireRole, requireStaff } from '../lib/auth';
import { ok } from '../lib/http';
import { body, param, query } from '../lib/validate';
import { endLiveSessions } from '../services/notifications';
import { auditPage, createStaff, listStaff, resetStaffPassword, updateStaff } from '../services/staff';

/** Ayarlar → Personel and Denetim kaydı: admin only (behaviour.md#staff-sessions-and-permissions), a manager gets 403. */
export const staffRoutes = new Hono<AppEnv>()
  .use('/staff-users', requireStaff, requireRole('admin'))
  .use('/staff-users/*', requireStaff, requireRole('admin'))
  .use('/audit-log', requireStaff, requireRole('admin'))
  .get('/staff-users', async (c) => ok(c, await listStaff(getDb(c.env.DB))))
  /** The answer carries the generated first password: the only time it is ever sent. */
  .post('/staff-users', body(staffCreateSchema), async (c) =>
    ok(c, await createStaff(getDb(c.env.DB), c.get('user'), c.req.valid('json')), undefined, 201),
  )
  .patch('/staff-users/:id', param(staffIdParam), body(staffPatchSchema), async (c) =>
    ok(
      c,
      await updateStaff(getDb(c.env.DB), c.get('user'), c.req.valid('param').id, c.req.valid('json'), (ended) =>
        endLiveSessions(c.env, ended),
      ),
    ),
  )
  .post('/staff-users/:id/reset-password', param(staffIdParam), async (c) =>
    ok(
      c,
      await resetStaffPassword(getDb(c.env.DB), c.get('user'), c.req.valid('param').id, (ended) =>
        endLiveSessions(c.env, ended),
      ),
    ),
  )
  .get('/audit-log', query(auditQuerySchema), async (c) => {
    const { data, meta } = await auditPage(getDb(c.env.DB), c.req.valid('query'));
    return ok(c, data, meta);
  });
