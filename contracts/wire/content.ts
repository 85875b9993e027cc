// Site-wide content as the API and the pages speak of it (behaviour.md#public-site, behaviour.md#staff-sessions-and-permissions).

export interface SiteSettingsWire {
  siteName: string;
  tagline: string | null;
  contactPhones: string[];
  contactEmail: string | null;
  address: string | null;
  city: string | null;
  /** The home page's title and description when it has no SEO entry of its own. */
  seoTitle: string | null;
  seoDescription: string | null;
  /** An https address or an '@handle' (contracts/settings.ts socialHref makes the link); WhatsApp a number or wa.me. */
  instagram: string | null;
  facebook: string | null;
  x: string | null;
  youtube: string | null;
  whatsapp: string | null;
  maintenanceMode: boolean;
  maintenanceMessage: string | null;
  /** Null: the KVKK page shows its built-in text. */
  kvkkText: string | null;
}

/** The booking rules as stored, and as they apply once deployment variables override them. */
export interface BookingRulesWire {
  holdTimeoutMinutes: number;
  cancelWindowHours: number;
  slotHorizonDays: number;
  sameDayRule: boolean;
  bookingPerIp: number;
  bookingPerPhone: number;
  lookupPerIp: number;
  lookupPerTarget: number;
  loginPerIp: number;
  loginPerIdentifier: number;
  /** A received deposit is kept by default when cancelled less than this many hours before the start (0–168). */
  depositKeepHours: number;
  /** The holder's push reminder goes this many hours before an approved booking's start (0–48; 0: off). */
  reminderHours: number;
  /** How long a freed slot is held for the first waiting player, minutes (docs/behaviour.md#waitlist). */
  waitlistClaimMinutes: number;
}

export interface BookingRulesAnswer {
  /** What the form saved. */
  stored: BookingRulesWire;
  /** What the server applies: a RATE_LIMIT_* or SLOT_HORIZON_DAYS variable set on the deployment wins (README). */
  effective: BookingRulesWire;
  /** The names of the rules a deployment variable overrides (the form says so beside them). */
  overridden: Array<keyof BookingRulesWire>;
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
