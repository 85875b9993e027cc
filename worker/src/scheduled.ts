import { eq } from 'drizzle-orm';
import { getDb } from './db/client';
import { facilities } from './db/schema';
import { facilityStub } from './services/facility-ref';

/** Keeps every active pitch generated SLOT_HORIZON_DAYS ahead and sweeps due holds as a backstop to the alarms. */
export async function runScheduled(env: Env): Promise<{ facilities: number; created: number }> {
  const days = Number(env.SLOT_HORIZON_DAYS) || 30;
  const active = await getDb(env.DB).select({ id: facilities.id }).from(facilities).where(eq(facilities.isActive, true)).all();
  let created = 0;
  for (const { id } of active) {
    const stub = facilityStub(env, id);
    const result = await stub.ensureHorizon(id, days);
    if (result.ok) created += result.value.created;
    await stub.expireDue(id);
  }
  return { facilities: active.length, created };
}
