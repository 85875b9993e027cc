// The customer screen's calls (api.md 'customers/stats', 'customers/{id}'), staff only. Mounted at
// /api/bookings/customers ahead of the bookings routes, so '/:id' there never sees these paths.
import { Hono } from 'hono';
import { z } from 'zod';
import { customerListQuery, customerMsg } from '../../../contracts/customers';
import { customerSuggestQuery } from '../../../contracts/staff-booking';
import { getDb } from '../db/client';
import { type AppEnv, requireStaff } from '../lib/auth';
import { notFound } from '../lib/errors';
import { ok } from '../lib/http';
import { param, query } from '../lib/validate';
import { suggestCustomers } from '../services/customer-suggest';
import { customerDetail, listCustomers } from '../services/customers';

export const customerRoutes = new Hono<AppEnv>()
  .use('*', requireStaff)
  /** A filtered, sorted page of customers with their figures, meta.pagination and meta.summary. */
  .get('/stats', query(customerListQuery), async (c) => {
    const { data, meta } = await listCustomers(getDb(c.env.DB), c.req.valid('query'), Date.now());
    return ok(c, data, meta);
  })
  /** Up to 8 stored customers whose name or phone starts with `q` (2+ characters), for the new-booking form. */
  .get('/suggest', query(customerSuggestQuery), async (c) =>
    ok(c, await suggestCustomers(getDb(c.env.DB), c.req.valid('query').q)),
  )
  /** One customer: customerInfo, stats and the latest 30 bookings. An id that is not a customer's is 404. */
  .get('/:id', param(z.object({ id: z.string() })), async (c) => {
    const { id } = c.req.valid('param');
    if (!/^[1-9]\d{0,15}$/.test(id)) throw notFound(customerMsg.notFound);
    return ok(c, await customerDetail(getDb(c.env.DB), Number(id), Date.now()));
  });
