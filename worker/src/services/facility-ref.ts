import { msg } from '../../../contracts/messages';
import { notFound } from '../lib/errors';

export interface FacilityRef { id: number; isActive: boolean; documentId: string; name: string }

// ?1 is a documentId, a slug, or (only when it is all digits) a numeric id; an exact slug or documentId wins.
const refMatches = `(slug = ?1 or document_id = ?1 or (?1 <> '' and ?1 not glob '*[^0-9]*' and id = cast(?1 as integer)))`;
const exactFirst = `order by (slug = ?1 or document_id = ?1) desc limit 1`;
export const facilityWhere = `id = (select id from facilities where ${refMatches} ${exactFirst})`;

export async function resolveFacility(d1: D1Database, ref: string): Promise<FacilityRef> {
  const row = await d1
    .prepare(`select id, is_active, document_id, name from facilities where ${facilityWhere}`)
    .bind(ref)
    .first<{ id: number; is_active: number; document_id: string; name: string }>();
  if (!row) throw notFound(msg.facilityNotFound);
  return { id: row.id, isActive: row.is_active === 1, documentId: row.document_id, name: row.name };
}

// Pitch ids and documentIds never change, so a reference resolves to the same id for the isolate's life; a renamed slug
// may keep resolving to its pitch for at most a minute. Whether the pitch is active is always read fresh elsewhere.
const REF_TTL_MS = 60_000;
const refCache = new Map<string, { id: number; at: number }>();

export async function resolveFacilityId(d1: D1Database, ref: string): Promise<number> {
  const hit = refCache.get(ref);
  if (hit && Date.now() - hit.at < REF_TTL_MS) return hit.id;
  const { id } = await resolveFacility(d1, ref);
  if (refCache.size > 1000) refCache.clear();
  refCache.set(ref, { id, at: Date.now() });
  return id;
}

export function facilityStub(env: Env, facilityId: number) {
  return env.FACILITY_BOOKING.get(env.FACILITY_BOOKING.idFromName(`facility:${facilityId}`));
}
