// Closures, 'Kapat' (docs/behaviour.md#closures): staff (Admin and Manager) preview a window, list the moves' free starts,
// close it with a decision per hit booking, list current and past closures, and lift one. Every change is audit-logged.
import { Hono } from 'hono';
import { z } from 'zod';
import {
  closureAlternativesSchema,
  closureCreateSchema,
  closureScopeSchema,
  closureWindowSchema,
} from '../../../contracts/closure-input';
import { type AppEnv, requireStaff } from '../lib/auth';
import { ok } from '../lib/http';
import { body, param, query } from '../lib/validate';
import { closureAlternatives, createClosure, liftClosure, listClosures, previewClosure } from '../services/closures';

export const closureRoutes = new Hono<AppEnv>()
  .use('*', requireStaff)
  .get('/', query(closureScopeSchema), async (c) =>
    ok(c, await listClosures(c.env, c.req.valid('query').scope, Date.now())),
  )
  /** What the window would close now: its slots, the live bookings it hits, the waitlist entries it ends. */
  .post('/preview', body(closureWindowSchema), async (c) =>
    ok(c, await previewClosure(c.env, c.req.valid('json'), Date.now())),
  )
  /** Free starts on a date where a hit booking's length fits, outside the window, nearest to its own start first. */
  .post('/alternatives', body(closureAlternativesSchema), async (c) =>
    ok(c, await closureAlternatives(c.env, c.req.valid('json'), Date.now())),
  )
  .post('/', body(closureCreateSchema), async (c) =>
    ok(c, await createClosure(c.env, c.req.valid('json'), c.get('user'), Date.now(), c.executionCtx), undefined, 201),
  )
  .delete('/:documentId', param(z.object({ documentId: z.string().trim().min(1).max(64) })), async (c) =>
    ok(c, await liftClosure(c.env, c.req.valid('param').documentId, c.get('user'), Date.now())),
  );
