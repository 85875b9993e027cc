// Server-side reads for pages: the same services the API uses, straight over the D1 binding.
import { env } from 'cloudflare:workers';
import { getDb } from '../../../worker/src/db/client';
import { byPriorityThenName, loadBundles, toWire, activeFacilityRows } from '../../../worker/src/services/facilities';
import { readSiteSettings } from '../../../worker/src/routes/content';

export async function activeFacilities() {
  const db = getDb(env.DB);
  const rows = (await activeFacilityRows(db)).sort(byPriorityThenName);
  return (await loadBundles(db, rows)).map(toWire);
}

/** Every pitch, active or not: the pitch list's "total" count. */
export async function facilityCount(): Promise<number> {
  const row = await env.DB.prepare('select count(*) as n from facilities').first<{ n: number }>();
  return row?.n ?? 0;
}

export async function siteSettings() {
  return readSiteSettings(getDb(env.DB));
}
