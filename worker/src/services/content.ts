import type { PublicUser } from '../../../contracts/auth';
import { msg } from '../../../contracts/messages';
import type { BookingRulesInput } from '../../../contracts/settings';
import type { BookingRulesAnswer, SeoPageWire, SiteSettingsWire } from '../../../contracts/wire/content';
import { recordAudit } from '../db/audit';
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
 * The audit row of a settings save: each field the body sets to a new value, before → after (a field it
 * leaves out keeps its value and is not named). For the same batch as the save.
 */
function settingsAudit(db: Db, actor: PublicUser, entity: { id: string; label: string }, saved: object, input: object) {
  const before = saved as Record<string, unknown>;
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const [key, after] of Object.entries(input)) {
    if (after !== undefined && JSON.stringify(before[key] ?? null) !== JSON.stringify(after ?? null))
      changes[key] = { before: before[key] ?? null, after };
  }
  return recordAudit(db, {
    at: Date.now(),
    actor,
    entityId: entity.id,
    event: { kind: 'settings.update', label: entity.label, facts: { changes } },
  });
}

/**
 * Fields the body leaves out keep their saved value (an older client sends only the first six). The triggers of
 * migration 0009 give the public pages a new edge-cache version in the same statement; the maintenance switch also
 * guards the booking API through the rules cache, which this isolate forgets at once. The audit row names the
 * fields that changed, before → after, in the same batch as the save.
 */
export async function saveSiteSettings(db: Db, input: SiteSettingsInput, actor: PublicUser): Promise<SiteSettingsWire> {
  const audit = settingsAudit(db, actor, { id: 'site', label: 'Site ayarları' }, await readSiteSettings(db), input);
  await saveSiteSettingsRow(db, input, Date.now(), audit);
  forgetRules();
  return readSiteSettings(db);
}

/** The booking rules as stored, as applied (deployment variables win), and which ones a variable overrides. */
export async function readBookingRules(env: Env, db: Db): Promise<BookingRulesAnswer> {
  forgetRules();
  const { maintenance: _, ...stored } = await storedRules(db);
  return { stored, effective: applyOverrides(env, stored), overridden: overriddenRules(env) };
}

/** Saves the rules with an audit row naming each changed rule, before → after, in the same batch. */
export async function saveBookingRules(
  env: Env,
  db: Db,
  input: BookingRulesInput,
  actor: PublicUser,
): Promise<BookingRulesAnswer> {
  const { maintenance: _, ...before } = await storedRules(db);
  const full = {
    ...input,
    depositKeepHours: input.depositKeepHours ?? before.depositKeepHours,
    reminderHours: input.reminderHours ?? before.reminderHours,
    waitlistClaimMinutes: input.waitlistClaimMinutes ?? before.waitlistClaimMinutes,
  };
  const audit = settingsAudit(db, actor, { id: 'booking-rules', label: 'Rezervasyon kuralları' }, before, full);
  await saveBookingRulesRow(db, full, Date.now(), audit);
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

/** R2's own bound on an object name is 1,024 bytes of UTF-8; a longer one (or one with a lone surrogate, which is no text) holds no image. */
const R2_KEY_BYTES = 1024;
const utf8 = new TextEncoder();
const isR2Key = (key: string) =>
  key.length > 0 && key.length <= R2_KEY_BYTES && !/\p{Cs}/u.test(key) && utf8.encode(key).length <= R2_KEY_BYTES;

/**
 * A pitch image from R2, immutable keys, long cache. The conditional headers are read here, not handed to R2: a
 * malformed If-None-Match made R2 throw (500) and a failed If-Match came back bodiless and was answered 304.
 */
export async function imageResponse(bucket: R2Bucket, key: string, request: Headers): Promise<Response> {
  if (!isR2Key(key)) throw notFound(msg.imageNotFound);
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
