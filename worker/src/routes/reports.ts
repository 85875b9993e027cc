// Raporlar: admin only (behaviour.md#staff-sessions-and-permissions): a manager gets 403. Gün Sonu: every staff member,
// since whoever runs the counter closes the day (behaviour.md#management-panel 'Gün Sonu').
import { Hono } from 'hono';
import { dayQuery } from '../../../contracts/day-sheet';
import { reportQuery } from '../../../contracts/reports';
import { getDb } from '../db/client';
import { type AppEnv, requireRole, requireStaff } from '../lib/auth';
import { ok } from '../lib/http';
import { query } from '../lib/validate';
import { buildDayEnd } from '../services/day-sheet';
import { buildReport } from '../services/reports';

export const reportRoutes = new Hono<AppEnv>()
  .use('*', requireStaff)
  /** The day-end report of an Istanbul calendar day (default today), every pitch or one. */
  .get('/day-end', query(dayQuery), async (c) =>
    ok(c, await buildDayEnd(getDb(c.env.DB), c.req.valid('query'), Date.now())),
  )
  /** Every report of a date range (play dates, at most 366 days) and optionally one pitch, in one answer. */
  .get('/', requireRole('admin'), query(reportQuery), async (c) =>
    ok(c, await buildReport(getDb(c.env.DB), c.req.valid('query'))),
  );
