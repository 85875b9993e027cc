// Site-wide content as the API and the pages speak of it (01 §2, 00 §5).

export interface SiteSettingsWire {
  siteName: string;
  tagline: string | null;
  contactPhones: string[];
  contactEmail: string | null;
  address: string | null;
  city: string | null;
}

export interface SeoPageWire {
  key: string;
  metaTitle: string;
  metaDescription: string;
  keywords: string | null;
  canonicalURL: string | null;
  ogTitle: string;
  ogDescription: string;
  shareImage: { url: string } | null;
  structuredData: Record<string, unknown> | null;
  siteName: string;
}
