// Raporlar: admin only (behaviour.md#staff-sessions-and-permissions, behaviour.md#staff-sessions-and-permissions): a manager gets 403.
import { Hono } from 'hono';
import { reportQuery } from '../../../contracts/reports';
import { getDb } from '../db/client';
import { type AppEnv, requireRole, requireStaff } from '../lib/auth';
import { ok } from '../lib/http';
import { query } from '../lib/validate';
import { buildReport } from '../services/reports';

export const reportRoutes = new Hono<AppEnv>()
  .use('*', requireStaff, requireRole('admin'))
  /** Every report of a date range (play dates, at most 366 days) and optionally one pitch, in one answer. */
  .get('/', query(reportQuery), async (c) => ok(c, await buildReport(getDb(c.env.DB), c.req.valid('query'))));
