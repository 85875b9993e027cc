import { msg } from '../../../contracts/messages';
import { notFound } from '../lib/errors';

export interface FacilityRef { id: number; isActive: boolean; documentId: string }

// ?1 is a documentId, a slug, or (only when it is all digits) a numeric id; an exact slug or documentId wins.
const refMatches = `(slug = ?1 or document_id = ?1 or (?1 <> '' and ?1 not glob '*[^0-9]*' and id = cast(?1 as integer)))`;
const exactFirst = `order by (slug = ?1 or document_id = ?1) desc limit 1`;
export const facilityWhere = `id = (select id from facilities where ${refMatches} ${exactFirst})`;

export async function resolveFacility(d1: D1Database, ref: string): Promise<FacilityRef> {
  const row = await d1
    .prepare(`select id, is_active, document_id from facilities where ${facilityWhere}`)
    .bind(ref)
    .first<{ id: number; is_active: number; document_id: string }>();
  if (!row) throw notFound(msg.facilityNotFound);
  return { id: row.id, isActive: row.is_active === 1, documentId: row.document_id };
}

export function facilityStub(env: Env, facilityId: number) {
  return env.FACILITY_BOOKING.get(env.FACILITY_BOOKING.idFromName(`facility:${facilityId}`));
}
