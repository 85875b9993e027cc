// The waitlist entries a closure takes away (docs/behaviour.md#closures, #waitlist): a small local stand-in for the
// waitlist's own endEntriesForSlots/countEntriesForSlots (services/waitlist.ts), used until those land; same shapes.
// Slot entries waiting for or offered a closed start end ('ended'); an offer whose hold covers a closed slot ends too,
// but a window entry's goes back to waiting (it still waits at its other pitches and hours). Nothing is offered on.

export interface EndedWaitlist {
  count: number;
  /** The holds they had (pitch and range): no longer held, for the broadcast. */
  released: Array<{ facilityId: number; from: number; to: number }>;
  /** Tells the holders; this stand-in sends nothing. */
  notify: () => Promise<number>;
}

const LIVE_OF_SLOTS = `SELECT w.id, w.kind, w.offer_facility_id, w.offer_starts_at, w.offer_ends_at, w.status
    FROM json_each(?1) j JOIN booking_slots s ON s.id = j.value JOIN waitlist_entries w
      ON w.facility_id = s.facility_id AND w.date = s.date AND w.from_time = s.start_time
    WHERE w.kind = 'slot' AND w.status IN ('waiting', 'offered')
  UNION
  SELECT w.id, w.kind, w.offer_facility_id, w.offer_starts_at, w.offer_ends_at, w.status
    FROM json_each(?1) j JOIN booking_slots s ON s.id = j.value JOIN waitlist_entries w
      ON w.offer_facility_id = s.facility_id AND w.offer_starts_at < s.ends_at
    WHERE w.status = 'offered' AND w.offer_ends_at > s.starts_at`;

interface LiveRow {
  id: number;
  kind: 'slot' | 'window';
  offer_facility_id: number | null;
  offer_starts_at: number | null;
  offer_ends_at: number | null;
  status: string;
}

async function liveOf(d1: D1Database, slotIds: readonly number[]): Promise<LiveRow[]> {
  if (slotIds.length === 0) return [];
  return (await d1.prepare(LIVE_OF_SLOTS).bind(JSON.stringify(slotIds)).all<LiveRow>()).results;
}

/** How many live entries endEntriesForSlots would end or send back to waiting (the preview's figure). */
export async function countEntriesForSlots(d1: D1Database, slotIds: readonly number[]): Promise<number> {
  return (await liveOf(d1, slotIds)).length;
}

/** Ends the live entries of `slotIds` at once (under the pitches' locks, after the slots closed). */
export async function endEntriesForSlots(env: Env, slotIds: readonly number[], now: number): Promise<EndedWaitlist> {
  const rows = await liveOf(env.DB, slotIds);
  if (rows.length === 0) return { count: 0, released: [], notify: async () => 0 };
  const ids = JSON.stringify(rows.map((r) => r.id));
  await env.DB.batch([
    env.DB.prepare(
      `UPDATE waitlist_entries SET status = 'ended', offer_expires_at = NULL, updated_at = ?2
        WHERE id IN (SELECT value FROM json_each(?1)) AND kind = 'slot' AND status IN ('waiting', 'offered')`,
    ).bind(ids, now),
    env.DB.prepare(
      `UPDATE waitlist_entries SET status = 'waiting', offer_facility_id = NULL, offer_slot_id = NULL,
          offer_starts_at = NULL, offer_ends_at = NULL, offer_expires_at = NULL, updated_at = ?2
        WHERE id IN (SELECT value FROM json_each(?1)) AND kind = 'window' AND status = 'offered'`,
    ).bind(ids, now),
  ]);
  const released = rows
    .filter((r) => r.status === 'offered' && r.offer_facility_id !== null)
    .map((r) => ({ facilityId: r.offer_facility_id!, from: r.offer_starts_at!, to: r.offer_ends_at! }));
  return { count: rows.length, released, notify: async () => 0 };
}
