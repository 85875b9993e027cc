import { Hono } from 'hono';
import { siteSettingsSchema } from '../../../contracts/panel';
import { bookingRulesSchema } from '../../../contracts/settings';
import { getDb } from '../db/client';
import { type AppEnv, requireRole, requireStaff } from '../lib/auth';
import { ok } from '../lib/http';
import { body } from '../lib/validate';
import {
  imageResponse,
  readBookingRules,
  readSiteSettings,
  saveBookingRules,
  saveSiteSettings,
  seoPage,
} from '../services/content';

export const contentRoutes = new Hono<AppEnv>()
  .get('/seo/page/:key', async (c) => ok(c, await seoPage(getDb(c.env.DB), c.req.param('key'))))
  .get('/site-settings', async (c) => ok(c, await readSiteSettings(getDb(c.env.DB))))
  /** Settings are admin-only (behaviour.md#staff-sessions-and-permissions): a manager gets 403. */
  .put('/site-settings', requireStaff, requireRole('admin'), body(siteSettingsSchema), async (c) =>
    ok(c, await saveSiteSettings(getDb(c.env.DB), c.req.valid('json'), c.get('user'))),
  )
  /** The booking rules: admin only, like every setting; a manager gets 403 on both. */
  .get('/booking-rules', requireStaff, requireRole('admin'), async (c) =>
    ok(c, await readBookingRules(c.env, getDb(c.env.DB))),
  )
  .put('/booking-rules', requireStaff, requireRole('admin'), body(bookingRulesSchema), async (c) =>
    ok(c, await saveBookingRules(c.env, getDb(c.env.DB), c.req.valid('json'), c.get('user'))),
  )
  /** Pitch images from R2 (immutable keys, long cache). */
  .get('/images/:key{.+}', (c) => imageResponse(c.env.BUCKET, c.req.param('key'), c.req.raw.headers));
