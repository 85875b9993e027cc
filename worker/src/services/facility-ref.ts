import { msg } from '../../../contracts/messages';
import { getDb } from '../db/client';
import { facilityRef } from '../db/facility-ref';
import { notFound } from '../lib/errors';

export interface FacilityRef {
  id: number;
  isActive: boolean;
  documentId: string;
  name: string;
}

/** A documentId, a slug, or (only when it is all digits) a numeric id; an exact slug or documentId wins. */
export async function resolveFacility(d1: D1Database, ref: string): Promise<FacilityRef> {
  const row = await facilityRef(getDb(d1), ref);
  if (!row) throw notFound(msg.facilityNotFound);
  return row;
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
