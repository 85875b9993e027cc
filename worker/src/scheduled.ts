import { facilitiesWithDueHolds } from './db/bookings';
import { getDb } from './db/client';
import { activeFacilityIds } from './db/facility-ref';
import { purgeExpiredSessions } from './db/sessions';
import { endPassed } from './db/waitlist';
import { effectiveRules, forgetRules } from './lib/booking-rules';
import { facilityStub } from './services/facility-ref';
import { forgetFinishedSubscriptions, sendRatingPrompts, sendReminders } from './services/player-push';

/**
 * Keeps every active pitch generated the rules' horizon ahead (an admin sets it, 30 days by default; the
 * SLOT_HORIZON_DAYS variable wins when a deployment sets it) and sweeps due holds as a backstop to the alarms — on
 * every pitch with a due hold, inactive ones included (a pitch switched off with holds pending still frees them); also
 * forgets staff sessions whose tokens have expired, sends the holders' push reminders due within the rules' reminder
 * hours (each once: services/player-push.ts), asks the devices of matches just played to rate the pitch (once) and
 * forgets the devices of bookings that are over.
 */
export async function runScheduled(
  env: Env,
  now = Date.now(),
): Promise<{
  facilities: number;
  created: number;
  swept: number;
  reminded: number;
  asked: number;
  forgotten: number;
}> {
  // Read fresh, not from the isolate's cache: the cron runs once an hour and a changed horizon should apply at once.
  forgetRules();
  const days = (await effectiveRules(env, now)).slotHorizonDays;
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
  // Sessions whose tokens have expired are no use to anyone.
  await purgeExpiredSessions(db, now);
  // Waitlist entries whose wanted start passed before a hold came end (docs/behaviour.md#waitlist); one statement.
  await endPassed(env.DB, now);
  // After the sweep: a hold that lapsed is no longer approved-to-be, and only approved bookings are reminded.
  let reminded = 0;
  try {
    reminded = await sendReminders(env, now);
  } catch (e) {
    console.error('push reminders failed', e);
  }
  // Before the clean-up: the ask to rate goes to devices kept after the match.
  let asked = 0;
  try {
    asked = await sendRatingPrompts(env, now);
  } catch (e) {
    console.error('push rating prompts failed', e);
  }
  let forgotten = 0;
  try {
    forgotten = await forgetFinishedSubscriptions(env, now);
  } catch (e) {
    console.error('push clean-up failed', e);
  }
  return { facilities: active.length, created, swept: sweep.size, reminded, asked, forgotten };
}
