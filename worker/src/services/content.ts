import { msg } from '../../../contracts/messages';
import type { BookingRulesInput } from '../../../contracts/settings';
import type { BookingRulesAnswer, SeoPageWire, SiteSettingsWire } from '../../../contracts/wire/content';
import type { Db } from '../db/client';
import {
  type SeoPageRow,
  type SiteSettingsInput,
  saveBookingRulesRow,
  saveSiteSettingsRow,
  seoPageRow,
  siteSettingsRow,
} from '../db/content';
import { applyOverrides, forgetRules, overriddenRules, storedRules } from '../lib/booking-rules';
import { notFound, preconditionFailed } from '../lib/errors';

export type { SeoPageRow };

/** The site settings, with the defaults a fresh install shows before an admin saves them. */
export async function readSiteSettings(db: Db): Promise<SiteSettingsWire> {
  const s = await siteSettingsRow(db);
  return {
    siteName: s?.siteName ?? 'Halı Saha',
    tagline: s?.tagline ?? null,
    contactPhones: s?.contactPhones ?? [],
    contactEmail: s?.contactEmail ?? null,
    address: s?.address ?? null,
    city: s?.city ?? null,
    seoTitle: s?.seoTitle ?? null,
    seoDescription: s?.seoDescription ?? null,
    instagram: s?.instagram ?? null,
    facebook: s?.facebook ?? null,
    x: s?.x ?? null,
    youtube: s?.youtube ?? null,
    whatsapp: s?.whatsapp ?? null,
    maintenanceMode: s?.maintenanceMode ?? false,
    maintenanceMessage: s?.maintenanceMessage ?? null,
    kvkkText: s?.kvkkText ?? null,
  };
}

/**
 * Fields the body leaves out keep their saved value (an older client sends only the first six). The triggers of
 * migration 0009 give the public pages a new edge-cache version in the same statement; the maintenance switch also
 * guards the booking API through the rules cache, which this isolate forgets at once.
 */
export async function saveSiteSettings(db: Db, input: SiteSettingsInput): Promise<SiteSettingsWire> {
  await saveSiteSettingsRow(db, input, Date.now());
  forgetRules();
  return readSiteSettings(db);
}

/** The booking rules as stored, as applied (deployment variables win), and which ones a variable overrides. */
export async function readBookingRules(env: Env, db: Db): Promise<BookingRulesAnswer> {
  forgetRules();
  const { maintenance: _, ...stored } = await storedRules(db);
  return { stored, effective: applyOverrides(env, stored), overridden: overriddenRules(env) };
}

export async function saveBookingRules(env: Env, db: Db, input: BookingRulesInput): Promise<BookingRulesAnswer> {
  await saveBookingRulesRow(db, input, Date.now());
  // AUDIT: the one place a booking-rules change is saved (issue 12); the audit log records who changed what here.
  forgetRules();
  return readBookingRules(env, db);
}

/** The stored SEO entry of a page, or undefined: the pages fall back to their own defaults. */
export async function findSeoPage(db: Db, key: string): Promise<SeoPageRow | undefined> {
  return seoPageRow(db, key);
}

/** The API's SEO answer: the og fields fall back to the meta ones, and the site name comes along. */
export async function seoPage(db: Db, key: string): Promise<SeoPageWire> {
  const [page, settings] = await Promise.all([seoPageRow(db, key), readSiteSettings(db)]);
  if (!page) throw notFound(msg.seoNotFound);
  return {
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
  };
}

/**
 * A pitch image from R2, immutable keys, long cache. The conditional headers are read here, not handed to R2: a
 * malformed If-None-Match made R2 throw (500) and a failed If-Match came back bodiless and was answered 304.
 */
export async function imageResponse(bucket: R2Bucket, key: string, request: Headers): Promise<Response> {
  const head = await bucket.head(key);
  if (!head) throw notFound(msg.imageNotFound);
  const headers = new Headers();
  head.writeHttpMetadata(headers);
  headers.set('etag', head.httpEtag);
  headers.set('cache-control', 'public, max-age=31536000, immutable');
  const ifMatch = request.get('if-match');
  if (ifMatch !== null && !etagListMatches(ifMatch, head.etag, true)) throw preconditionFailed(msg.imageChanged);
  const ifNoneMatch = request.get('if-none-match');
  if (ifNoneMatch !== null && etagListMatches(ifNoneMatch, head.etag, false))
    return new Response(null, { status: 304, headers });
  const object = await bucket.get(key);
  if (!object) throw notFound(msg.imageNotFound);
  return new Response(object.body, { headers });
}

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
