import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import { msg } from '../../../contracts/messages';
import { getDb } from '../db/client';
import { seoPages, siteSettings } from '../db/schema';
import { requireRole, requireStaff, type AppEnv } from '../lib/auth';
import { siteSettingsSchema } from '../../../contracts/panel';
import { body } from '../lib/validate';
import { notFound } from '../lib/errors';
import { ok } from '../lib/http';

export async function readSiteSettings(db: ReturnType<typeof getDb>) {
  const s = await db.select().from(siteSettings).where(eq(siteSettings.id, 1)).get();
  return {
    siteName: s?.siteName ?? 'Halı Saha',
    tagline: s?.tagline ?? null,
    contactPhones: s?.contactPhones ?? [],
    contactEmail: s?.contactEmail ?? null,
    address: s?.address ?? null,
    city: s?.city ?? null,
  };
}

export const contentRoutes = new Hono<AppEnv>()
  .get('/seo/page/:key', async (c) => {
    const db = getDb(c.env.DB);
    const [page, settings] = await Promise.all([
      db.select().from(seoPages).where(eq(seoPages.key, c.req.param('key'))).get(),
      readSiteSettings(db),
    ]);
    if (!page) throw notFound(msg.seoNotFound);
    return ok(c, {
      key: page.key,
      metaTitle: page.metaTitle,
      metaDescription: page.metaDescription,
      keywords: page.keywords,
      canonicalURL: page.canonicalURL,
      ogTitle: page.ogTitle ?? page.metaTitle,
      ogDescription: page.ogDescription ?? page.metaDescription,
      shareImage: page.shareImageUrl ? { url: page.shareImageUrl } : null,
      structuredData: page.structuredData,
      siteName: settings.siteName,
    });
  })
  .get('/site-settings', async (c) => ok(c, await readSiteSettings(getDb(c.env.DB))))
  /** Settings are admin-only (00 §5): a manager gets 403. */
  .put('/site-settings', requireStaff, requireRole('admin'), body(siteSettingsSchema), async (c) => {
    const input = c.req.valid('json');
    const db = getDb(c.env.DB);
    const now = Date.now();
    await db
      .insert(siteSettings)
      .values({ id: 1, ...input, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: siteSettings.id, set: { ...input, updatedAt: now } })
      .run();
    return ok(c, await readSiteSettings(db));
  })
  /** Pitch images from R2, immutable keys, long cache. */
  .get('/images/:key{.+}', async (c) => {
    const key = c.req.param('key');
    const object = await c.env.BUCKET.get(key, { onlyIf: c.req.raw.headers });
    if (!object) throw notFound(msg.imageNotFound);
    const headers = new Headers();
    object.writeHttpMetadata(headers);
    headers.set('etag', object.httpEtag);
    headers.set('cache-control', 'public, max-age=31536000, immutable');
    if (!('body' in object) || !object.body) return new Response(null, { status: 304, headers });
    return new Response(object.body, { headers });
  });
