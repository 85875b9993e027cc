import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import { msg } from '../../../contracts/messages';
import { getDb } from '../db/client';
import { seoPages, siteSettings } from '../db/schema';
import { requireRole, requireStaff, type AppEnv } from '../lib/auth';
import { siteSettingsSchema } from '../../../contracts/panel';
import { body } from '../lib/validate';
import { notFound, preconditionFailed } from '../lib/errors';
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
  /**
   * Pitch images from R2, immutable keys, long cache. The conditional headers are read here, not handed to R2: a
   * malformed If-None-Match made R2 throw (500) and a failed If-Match came back bodiless and was answered 304.
   */
  .get('/images/:key{.+}', async (c) => {
    const key = c.req.param('key');
    const head = await c.env.BUCKET.head(key);
    if (!head) throw notFound(msg.imageNotFound);
    const headers = new Headers();
    head.writeHttpMetadata(headers);
    headers.set('etag', head.httpEtag);
    headers.set('cache-control', 'public, max-age=31536000, immutable');
    const ifMatch = c.req.header('if-match');
    if (ifMatch !== undefined && !etagListMatches(ifMatch, head.etag, true)) throw preconditionFailed(msg.imageChanged);
    const ifNoneMatch = c.req.header('if-none-match');
    if (ifNoneMatch !== undefined && etagListMatches(ifNoneMatch, head.etag, false)) return new Response(null, { status: 304, headers });
    const object = await c.env.BUCKET.get(key);
    if (!object) throw notFound(msg.imageNotFound);
    return new Response(object.body, { headers });
  });

/**
 * RFC 9110 §13.1: `*` or a list of entity tags. Entries that are not entity tags are ignored (a garbage header then
 * matches nothing); If-Match compares strongly (a weak tag never matches), If-None-Match weakly.
 */
export function etagListMatches(header: string, etag: string, strong: boolean): boolean {
  if (header.trim() === '*') return true;
  for (const m of header.matchAll(/(W\/)?"([\x21\x23-\x7e\x80-\xff]*)"/g)) {
    if (strong && m[1]) continue;
    if (m[2] === etag) return true;
  }
  return false;
}
