import { env } from 'cloudflare:workers';
import { socialHref } from '../../../contracts/settings';
import type { SiteSettingsWire } from '../../../contracts/wire/content';
import { bookingRules, seoPageEntry, siteSettings } from '../server';

export interface PageSeo {
  title: string;
  description: string;
  keywords: string | null;
  image: string | null;
  ogTitle: string | null;
  ogDescription: string | null;
  structuredData: Record<string, unknown> | null;
  /** True when the page has an SEO entry of its own (the defaults were not used). */
  stored?: boolean;
}

/** SEO data per page key from D1, falling back to the page's own defaults when missing or failing (behaviour.md#public-site). */
export async function pageSeo(
  key: string,
  defaults: { title: string; description: string; keywords?: string },
): Promise<PageSeo> {
  try {
    const row = await seoPageEntry(key);
    if (row) {
      // The stored title wins as written; the layout appends the site name only when it is not in it already.
      return {
        title: row.metaTitle,
        description: row.metaDescription,
        keywords: row.keywords,
        image: row.shareImageUrl,
        ogTitle: row.ogTitle ?? null,
        ogDescription: row.ogDescription ?? null,
        structuredData: row.structuredData ?? null,
        stored: true,
      };
    }
  } catch (e) {
    console.error('SEO verisi yüklenirken hata oluştu', e);
  }
  return {
    title: defaults.title,
    description: defaults.description,
    keywords: defaults.keywords ?? null,
    image: null,
    ogTitle: null,
    ogDescription: null,
    structuredData: null,
  };
}

/**
 * The one origin of every absolute address the site gives out — canonical, og:url, og:image, JSON-LD, sitemap, robots
 *: SITE_URL, so a page reached through another host name (workers.dev, an IP, a proxy) still names the real
 * site, and agrees with the JSON-LD stored with that origin. The request's origin only when SITE_URL is unusable.
 */
export function siteOrigin(requestUrl: URL): string {
  try {
    return new URL(env.SITE_URL).origin;
  } catch {
    return requestUrl.origin;
  }
}

/** '{page title} | {site name}' (behaviour.md#public-site), unless the title already names the site (a stored SEO title wins as written). */
export function fullTitle(title: string, siteName: string): string {
  return title.toLocaleLowerCase('tr').includes(siteName.toLocaleLowerCase('tr')) ? title : `${title} | ${siteName}`;
}

/**
 * The site settings for a page. The maintenance middleware (lib/maintenance.ts) has already read them for every public
 * page and left them in `locals`, so a page passing `Astro.locals` costs no second read.
 */
export async function site(locals?: App.Locals): Promise<SiteSettingsWire> {
  if (locals?.siteSettings) return locals.siteSettings;
  try {
    return await siteSettings();
  } catch {
    return {
      siteName: 'Halı Saha',
      tagline: null,
      contactPhones: [],
      contactEmail: null,
      address: null,
      city: null,
      seoTitle: null,
      seoDescription: null,
      instagram: null,
      facebook: null,
      x: null,
      youtube: null,
      whatsapp: null,
      maintenanceMode: false,
      maintenanceMessage: null,
      kvkkText: null,
    };
  }
}
export type SiteSettings = SiteSettingsWire;

/** The customer cancel window the server applies, for the pages that promise it; 24 h if it cannot be read. */
export async function cancelWindowHours(): Promise<number> {
  try {
    return (await bookingRules()).cancelWindowHours;
  } catch {
    return 24;
  }
}

/** The social profiles an admin entered, as links. */
export function socialLinks(s: SiteSettings): string[] {
  const keys = ['instagram', 'facebook', 'x', 'youtube', 'whatsapp'] as const;
  return keys.flatMap((k) => (s[k] ? [socialHref(k, s[k])] : []));
}

export function organizationLd(s: SiteSettings, origin: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: s.siteName,
    url: origin,
    logo: new URL('/favicon.svg', origin).href,
    ...(s.contactEmail ? { email: s.contactEmail } : {}),
    ...(socialLinks(s).length ? { sameAs: socialLinks(s) } : {}),
    ...(s.contactPhones.length
      ? {
          contactPoint: s.contactPhones.map((telephone) => ({
            '@type': 'ContactPoint',
            telephone,
            contactType: 'customer service',
            areaServed: 'TR',
            availableLanguage: 'Turkish',
          })),
        }
      : {}),
  };
}
