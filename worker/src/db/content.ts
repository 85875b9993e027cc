// The site's own content: the single settings row and the SEO entry of each page.

import { eq } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from './client';
import { contentVersion, seoPages, siteSettings } from './schema';

export type SiteSettingsRow = typeof siteSettings.$inferSelect;
export type SeoPageRow = typeof seoPages.$inferSelect;
export type SiteSettingsInput = Omit<typeof siteSettings.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

const SETTINGS_ID = 1; // the table holds one row

export async function siteSettingsRow(db: Db): Promise<SiteSettingsRow | undefined> {
  return db.select().from(siteSettings).where(eq(siteSettings.id, SETTINGS_ID)).get();
}

/** The settings row and, in the same batch, the audit row that records the save (issue 12). */
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

export async function seoPageRow(db: Db, key: string): Promise<SeoPageRow | undefined> {
  return db.select().from(seoPages).where(eq(seoPages.key, key)).get();
}

/** The content version the edge cache keys public answers by (one row, replaced by triggers: migration 0009). */
export async function contentVersionToken(db: Db): Promise<string | undefined> {
  const row = await db
    .select({ version: contentVersion.version })
    .from(contentVersion)
    .where(eq(contentVersion.id, 1))
    .get();
  return row?.version;
}
