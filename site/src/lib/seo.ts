import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { getDb } from '../../../worker/src/db/client';
import { seoPages } from '../../../worker/src/db/schema';
import { readSiteSettings } from '../../../worker/src/routes/content';

export interface PageSeo { title: string; description: string; keywords: string | null; image: string | null; structuredData: Record<string, unknown> | null }

/** SEO data per page key from D1, falling back to the page's own defaults when missing or failing (01 §2). */
export async function pageSeo(key: string, defaults: { title: string; description: string; keywords?: string }): Promise<PageSeo> {
  try {
    const row = await getDb(env.DB).select().from(seoPages).where(eq(seoPages.key, key)).get();
    if (row) {
      // The layout appends ' | {site name}' itself; a stored title that already carries it would show it twice.
      const title = row.metaTitle.replace(/\s+\|\s+[^|]*$/, '');
      return { title, description: row.metaDescription, keywords: row.keywords, image: row.shareImageUrl, structuredData: row.structuredData ?? null };
    }
  } catch (e) {
    console.error('SEO verisi yüklenirken hata oluştu', e);
  }
  return { title: defaults.title, description: defaults.description, keywords: defaults.keywords ?? null, image: null, structuredData: null };
}

export async function site() {
  try {
    return await readSiteSettings(getDb(env.DB));
  } catch {
    return { siteName: 'Halı Saha', tagline: null, contactPhones: [], contactEmail: null, address: null, city: null };
  }
}
export type SiteSettings = Awaited<ReturnType<typeof site>>;

export function organizationLd(s: SiteSettings, origin: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: s.siteName,
    url: origin,
    logo: new URL('/favicon.svg', origin).href,
    ...(s.contactEmail ? { email: s.contactEmail } : {}),
    ...(s.contactPhones.length ? { contactPoint: s.contactPhones.map((telephone) => ({ '@type': 'ContactPoint', telephone, contactType: 'customer service', areaServed: 'TR', availableLanguage: 'Turkish' })) } : {}),
  };
}
