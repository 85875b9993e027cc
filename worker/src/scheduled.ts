import { facilitiesWithDueHolds } from './db/bookings';
import { getDb } from './db/client';
import { activeFacilityIds } from './db/facility-ref';
import { facilityStub } from './services/facility-ref';

/**
 * Keeps every active pitch generated SLOT_HORIZON_DAYS ahead and sweeps due holds as a backstop to the alarms — on
 * every pitch with a due hold, inactive ones included (a pitch switched off with holds pending still frees them).
 */
export async function runScheduled(
  env: Env,
  now = Date.now(),
): Promise<{ facilities: number; created: number; swept: number }> {
  const days = Number(env.SLOT_HORIZON_DAYS) || 30;
  const db = getDb(env.DB);
  const active = await activeFacilityIds(db);
  const withDueHolds = await facilitiesWithDueHolds(db, now);
  let created = 0;
  for (const { id } of active) {
    const result = await facilityStub(env, id).ensureHorizon(id, days);
    if (result.ok) created += result.value.created;
  }
  const sweep = new Set([...active.map((f) => f.id), ...withDueHolds.map((f) => f.id)]);
  for (const id of sweep) await facilityStub(env, id).expireDue(id);
  return { facilities: active.length, created, swept: sweep.size };
}
