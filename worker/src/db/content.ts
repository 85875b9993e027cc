// The site's own content: the single settings row, the booking rules' row and the SEO entry of each page.
import { eq, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from './client';
import { bookingRules, contentVersion, seoPages, siteSettings } from './schema';

export type SiteSettingsRow = typeof siteSettings.$inferSelect;
export type SeoPageRow = typeof seoPages.$inferSelect;
export type SiteSettingsInput = Omit<typeof siteSettings.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type BookingRulesRow = Omit<typeof bookingRules.$inferSelect, 'id' | 'createdAt' | 'updatedAt'>;

const SETTINGS_ID = 1; // the table holds one row

export async function siteSettingsRow(db: Db): Promise<SiteSettingsRow | undefined> {
  return db.select().from(siteSettings).where(eq(siteSettings.id, SETTINGS_ID)).get();
}

/** The settings row and, in the same batch, the audit row that records the save. */
export async function saveSiteSettingsRow(
  db: Db,
  input: SiteSettingsInput,
  now: number,
  audit: BatchItem<'sqlite'>,
): Promise<void> {
  await db.batch([
    db
      .insert(siteSettings)
      .values({ id: SETTINGS_ID, ...input, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: siteSettings.id, set: { ...input, updatedAt: now } }),
    audit,
  ]);
}

const ruleColumns = {
  holdTimeoutMinutes: bookingRules.holdTimeoutMinutes,
  cancelWindowHours: bookingRules.cancelWindowHours,
  slotHorizonDays: bookingRules.slotHorizonDays,
  sameDayRule: bookingRules.sameDayRule,
  bookingPerIp: bookingRules.bookingPerIp,
  bookingPerPhone: bookingRules.bookingPerPhone,
  lookupPerIp: bookingRules.lookupPerIp,
  lookupPerTarget: bookingRules.lookupPerTarget,
  loginPerIp: bookingRules.loginPerIp,
  loginPerIdentifier: bookingRules.loginPerIdentifier,
  depositKeepHours: bookingRules.depositKeepHours,
  reminderHours: bookingRules.reminderHours,
  waitlistClaimMinutes: bookingRules.waitlistClaimMinutes,
};

/**
 * The rules and the maintenance switch in one read (the cache in lib/booking-rules.ts): both guard the public booking
 * path, so one round trip every few seconds per isolate serves them.
 */
export async function bookingRulesRow(db: Db): Promise<(BookingRulesRow & { maintenance: boolean }) | undefined> {
  const row = await db
    .select({
      ...ruleColumns,
      maintenance: sql<
        number | null
      >`(select ${siteSettings.maintenanceMode} from ${siteSettings} where ${siteSettings.id} = ${SETTINGS_ID})`,
    })
    .from(bookingRules)
    .where(eq(bookingRules.id, SETTINGS_ID))
    .get();
  return row ? { ...row, maintenance: row.maintenance === 1 } : undefined;
}

/** The rules' row and its audit row in one batch: both land or neither. */
export async function saveBookingRulesRow(
  db: Db,
  input: BookingRulesRow,
  now: number,
  audit: BatchItem<'sqlite'>,
): Promise<void> {
  await db.batch([
    db
      .insert(bookingRules)
      .values({ id: SETTINGS_ID, ...input, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: bookingRules.id, set: { ...input, updatedAt: now } }),
    audit,
  ]);
}

export async function seoPageRow(db: Db, key: string): Promise<SeoPageRow | undefined> {
  return db.select().from(seoPages).where(eq(seoPages.key, key)).get();
}

/**
 * A new content version, as a statement for the batch of a change the triggers do not see but the public pages show:
 * slot prices (generation, re-pricing), read by the pitch page's price range.
 */
export const newContentVersion = (db: Db) =>
  db.update(contentVersion).set({ version: sql`lower(hex(randomblob(8)))` }).where(eq(contentVersion.id, 1));

/** The content version the edge cache keys public answers by (one row, replaced by triggers: migration 0009). */
export async function contentVersionToken(db: Db): Promise<string | undefined> {
  const row = await db
    .select({ version: contentVersion.version })
    .from(contentVersion)
    .where(eq(contentVersion.id, 1))
    .get();
  return row?.version;
}
