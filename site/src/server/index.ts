// The site's one door into the worker: the reads its pages render on the server, straight over the D1 binding, through
// the same services the API uses. Server-only: islands import contracts/ and lib/api.ts, never this.
import { env } from 'cloudflare:workers';
import type { PublicUser } from '../../../contracts/auth';
import type { BookingRulesWire, SiteSettingsWire } from '../../../contracts/wire/content';
import type { FacilityWire } from '../../../contracts/wire/facility';
import { getDb } from '../../../worker/src/db/client';
import { SESSION_COOKIE, staffFromToken } from '../../../worker/src/lib/auth';
import { effectiveRules } from '../../../worker/src/lib/booking-rules';
import { findSeoPage, readSiteSettings, type SeoPageRow } from '../../../worker/src/services/content';
import * as facilities from '../../../worker/src/services/facilities';
import * as freeHours from '../../../worker/src/services/free-hours';
import * as matches from '../../../worker/src/services/match-share';
import * as ratings from '../../../worker/src/services/ratings';

export type { SeoPageRow };
export { SESSION_COOKIE };

const db = () => getDb(env.DB);

/** Every active pitch, by priority then name. */
export const activeFacilities = (): Promise<FacilityWire[]> => facilities.activeFacilities(db());

/** Every pitch, active or not. */
export const facilityCount = (): Promise<number> => facilities.countFacilities(db());

/** An active pitch by slug (or documentId or id), null when there is none. */
export const publicFacility = (ref: string): Promise<FacilityWire | null> => facilities.publicFacility(db(), ref);

/** The lowest and highest slot price of the pitch's coming week (TL), null when none is generated. */
export const priceRange = (facilityId: number) => facilities.upcomingPriceRange(db(), facilityId);

/** The coming week's price range of each pitch (TL) by id; a pitch with no slot that week is absent. */
export const priceRanges = (facilityIds: number[]) => facilities.upcomingPriceRanges(db(), facilityIds);

/** 'Boş saat bul' as the API answers it (services/free-hours.ts), read on the server for the /bos-saat page. */
export const searchFreeHours = (q: Parameters<typeof freeHours.searchFreeHours>[1], horizonDays: number) =>
  freeHours.searchFreeHours(db(), q, { now: Date.now(), horizonDays });

export const sitemapFacilities = () => facilities.sitemapFacilities(db());

/** The pitch page's latest comments anyone may read (stars, day, text; nothing about who wrote them). */
export const ratingComments = (facilityId: number) => ratings.latestComments(db(), facilityId);

export const siteSettings = (): Promise<SiteSettingsWire> => readSiteSettings(db());

/** The booking rules as the server applies them: the cancel window the pages promise, among others. */
export const bookingRules = (): Promise<BookingRulesWire> => effectiveRules(env);

/** The read-only match page of a share token (nothing personal); null for an unknown or erased token. */
export const matchByToken = (token: string, now = Date.now()) => matches.matchByToken(db(), token, now);

export const seoPageEntry = (key: string): Promise<SeoPageRow | undefined> => findSeoPage(db(), key);

/** The staff member a session token belongs to; null for a bad or expired token or a blocked user. */
export async function staffFromSession(token: string): Promise<PublicUser | null> {
  try {
    return await staffFromToken(env, token);
  } catch {
    return null;
  }
}
