// The waitlist's statements (docs/behaviour.md#waitlist): the bounded join, the offer of a freed start to the first in
// line (one conditional statement), the pass-on of offers that ran out, and the reads of an entry and a queue.
import { WAITLIST_PER_PHONE, WAITLIST_PER_SLOT } from '../../../contracts/waitlist';
import type { WaitlistEntry } from './schema';

export const HELD_NOW = `cast(unixepoch('subsec') * 1000 as integer)`;

/** The columns of an entry as D1 answers them (snake case), mapped. */
export interface EntryRow {
  id: number;
  document_id: string;
  key_hash: string;
  kind: 'slot' | 'window';
  facility_id: number | null;
  facility_ids: string;
  date: string;
  from_time: string;
  to_time: string;
  until_at: number;
  duration: number | null;
  customer_name: string;
  customer_phone: string;
  customer_id: number | null;
  status: WaitlistEntry['status'];
  offer_facility_id: number | null;
  offer_slot_id: number | null;
  offer_starts_at: number | null;
  offer_ends_at: number | null;
  offer_expires_at: number | null;
  offer_seq: number;
  claimed_booking_id: number | null;
  created_at: number;
}

export interface NewEntry {
  documentId: string;
  keyHash: string;
  kind: 'slot' | 'window';
  facilityId: number | null;
  facilityIds: number[];
  date: string;
  fromTime: string;
  toTime: string;
  untilAt: number;
  duration: number | null;
  customerName: string;
  customerPhone: string;
  now: number;
}

/**
 * Inserts the entry only while both bounds hold (WAITLIST_PER_SLOT live entries for the slot, WAITLIST_PER_PHONE live
 * entries for the phone), in one statement: two joins at once cannot both pass a bound. Answers the new row's id, or
 * null when a bound refused it. A slot entry's duplicate (same phone, slot, live) is refused by the unique index.
 */
export async function insertBounded(d1: D1Database, e: NewEntry): Promise<number | null> {
  const row = await d1
    .prepare(
      `INSERT INTO waitlist_entries (document_id, key_hash, kind, facility_id, facility_ids, date, from_time, to_time,
         until_at, duration, customer_name, customer_phone, customer_id, status, created_at, updated_at)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, (SELECT id FROM customers WHERE phone = ?12), 'waiting', ?13, ?13
       WHERE (SELECT count(*) FROM waitlist_entries WHERE customer_phone = ?12 AND status IN ('waiting', 'offered')) < ${WAITLIST_PER_PHONE}
         AND (?3 = 'window' OR (SELECT count(*) FROM waitlist_entries WHERE facility_id = ?4 AND date = ?6 AND from_time = ?7
           AND status IN ('waiting', 'offered')) < ${WAITLIST_PER_SLOT})
       RETURNING id`,
    )
    .bind(
      e.documentId,
      e.keyHash,
      e.kind,
      e.facilityId,
      JSON.stringify(e.facilityIds),
      e.date,
      e.fromTime,
      e.toTime,
      e.untilAt,
      e.duration,
      e.customerName,
      e.customerPhone,
      e.now,
    )
    .first<{ id: number }>();
  return row?.id ?? null;
}

export async function livePhoneCount(d1: D1Database, phone: string): Promise<number> {
  const r = await d1
    .prepare(`SELECT count(*) AS n FROM waitlist_entries WHERE customer_phone = ? AND status IN ('waiting', 'offered')`)
    .bind(phone)
    .first<{ n: number }>();
  return r?.n ?? 0;
}

export const entryByKeyHash = (d1: D1Database, keyHash: string) =>
  d1.prepare('SELECT * FROM waitlist_entries WHERE key_hash = ?').bind(keyHash).first<EntryRow>();

export const entryByDocumentId = (d1: D1Database, documentId: string) =>
  d1.prepare('SELECT * FROM waitlist_entries WHERE document_id = ?').bind(documentId).first<EntryRow>();

/**
 * Where a waiting entry stands: 1 + the waiting entries of its queue that came before it. A window entry's queue is the
 * earlier waiting window entries of its day that wait at one of its pitches (others never take its slot).
 */
export async function positionOf(d1: D1Database, e: EntryRow): Promise<number> {
  const r =
    e.kind === 'slot'
      ? await d1
          .prepare(
            `SELECT count(*) AS n FROM waitlist_entries WHERE facility_id = ? AND date = ? AND from_time = ?
               AND status = 'waiting' AND id < ?`,
          )
          .bind(e.facility_id, e.date, e.from_time, e.id)
          .first<{ n: number }>()
      : await d1
          .prepare(
            `SELECT count(*) AS n FROM waitlist_entries w WHERE w.kind = 'window' AND w.date = ?1 AND w.status = 'waiting'
               AND w.id < ?2 AND EXISTS (SELECT 1 FROM json_each(w.facility_ids) a JOIN json_each(?3) b ON a.value = b.value)`,
          )
          .bind(e.date, e.id, e.facility_ids)
          .first<{ n: number }>();
  return (r?.n ?? 0) + 1;
}

/** A live entry leaves ('left'): answers the row as it was when it was live, else null. */
export const leaveEntry = (d1: D1Database, id: number, now: number) =>
  d1
    .prepare(
      `UPDATE waitlist_entries SET status = 'left', updated_at = ?2 WHERE id = ?1 AND status IN ('waiting', 'offered')
       RETURNING offer_facility_id, offer_starts_at, offer_ends_at`,
    )
    .bind(id, now)
    .first<{ offer_facility_id: number | null; offer_starts_at: number | null; offer_ends_at: number | null }>();

/**
 * Offers the freed start `slot` of pitch `facilityId` to the first live-waiting entry that wants it and whose length
 * fits from it, in one statement: the entry is still waiting, the range is whole (its slots tile it on the slot's
 * business day), no live booking claims any of its slots and no other running hold overlaps it. Slot entries of that
 * pitch and start first, then window entries that include it, each first come first served. Answers the offered row.
 */
export function offerStatement(
  d1: D1Database,
  a: {
    facilityId: number;
    slotId: number;
    date: string;
    startTime: string;
    startsAt: number;
    defaultLength: number;
    offered: number[];
    expiresAt: number;
    now: number;
  },
) {
  const len = `coalesce(w.duration, ?6)`;
  const end = `(?5 + ${len} * 60000)`;
  return d1
    .prepare(
      `UPDATE waitlist_entries SET status = 'offered', offer_seq = offer_seq + 1, offer_facility_id = ?1,
         offer_slot_id = ?2, offer_starts_at = ?5, offer_ends_at = ?5 + coalesce(duration, ?6) * 60000,
         offer_expires_at = ?8, updated_at = ?9
       WHERE status = 'waiting' AND id = (
         SELECT w.id FROM waitlist_entries w
         WHERE w.status = 'waiting' AND w.date = ?3 AND w.until_at >= ?5
           AND ((w.kind = 'slot' AND w.facility_id = ?1 AND w.from_time = ?4)
             OR (w.kind = 'window' AND EXISTS (SELECT 1 FROM json_each(w.facility_ids) j WHERE j.value = ?1)
               AND CASE WHEN w.from_time < w.to_time THEN ?4 >= w.from_time AND ?4 < w.to_time
                 ELSE ?4 >= w.from_time OR ?4 < w.to_time END))
           AND ${len} IN (SELECT value FROM json_each(?7))
           AND (SELECT coalesce(sum(s.ends_at - s.starts_at), 0) FROM booking_slots s WHERE s.facility_id = ?1
             AND s.starts_at >= ?5 AND s.starts_at < ${end} AND s.date = ?3 AND s.ends_at <= ${end}) = ${len} * 60000
           AND NOT EXISTS (SELECT 1 FROM booking_slots s JOIN booking_slot_claims c ON c.slot_id = s.id
             WHERE s.facility_id = ?1 AND s.starts_at >= ?5 AND s.starts_at < ${end})
           AND NOT EXISTS (SELECT 1 FROM waitlist_entries h WHERE h.status = 'offered' AND h.offer_facility_id = ?1
             AND h.offer_starts_at < ${end} AND h.offer_ends_at > ?5 AND h.offer_expires_at > ?9)
         ORDER BY w.kind = 'window', w.id LIMIT 1)
       RETURNING *`,
    )
    .bind(
      a.facilityId,
      a.slotId,
      a.date,
      a.startTime,
      a.startsAt,
      a.defaultLength,
      JSON.stringify(a.offered),
      a.expiresAt,
      a.now,
    );
}

/** The pitch's offers that ran out become 'passed': answers their held ranges, for the next in line. */
export async function passExpired(d1: D1Database, facilityId: number, now: number) {
  const r = await d1
    .prepare(
      `UPDATE waitlist_entries SET status = 'passed', updated_at = ?2
       WHERE status = 'offered' AND offer_facility_id = ?1 AND offer_expires_at <= ?2
       RETURNING offer_starts_at, offer_ends_at`,
    )
    .bind(facilityId, now)
    .all<{ offer_starts_at: number; offer_ends_at: number }>();
  return r.results;
}

/** When the pitch's next running offer ends (its alarm), or null. */
export async function nextOfferExpiry(d1: D1Database, facilityId: number): Promise<number | null> {
  const r = await d1
    .prepare(
      `SELECT min(offer_expires_at) AS at FROM waitlist_entries WHERE status = 'offered' AND offer_facility_id = ?`,
    )
    .bind(facilityId)
    .first<{ at: number | null }>();
  return r?.at ?? null;
}

/** The offered entries whose hold starts at the slot `slotId` of the pitch (a claim names the slot). */
export const offersOfSlot = (d1: D1Database, facilityId: number, slotId: number) =>
  d1
    .prepare(`SELECT * FROM waitlist_entries WHERE status = 'offered' AND offer_facility_id = ? AND offer_slot_id = ?`)
    .bind(facilityId, slotId)
    .all<EntryRow>();

/** Entries whose wanted start (or window) has passed before a hold came: 'ended', one statement (the cron). */
export const endPassed = (d1: D1Database, now: number) =>
  d1
    .prepare(
      `UPDATE waitlist_entries SET status = 'ended', updated_at = ?1 WHERE status = 'waiting' AND until_at <= ?1`,
    )
    .bind(now)
    .run();

/**
 * The live entries the slots `slotIds` take away (a closure, a regeneration): slot entries waiting for or offered one
 * of those starts, and every offer whose hold covers one of those slots. Driven by the slots, through the queue and
 * hold indexes.
 */
export async function liveEntriesOfSlots(d1: D1Database, slotIds: readonly number[]): Promise<number[]> {
  if (slotIds.length === 0) return [];
  const r = await d1
    .prepare(
      `SELECT w.id FROM json_each(?1) j JOIN booking_slots s ON s.id = j.value JOIN waitlist_entries w
         ON w.facility_id = s.facility_id AND w.date = s.date AND w.from_time = s.start_time
       WHERE w.kind = 'slot' AND w.status IN ('waiting', 'offered')
       UNION
       SELECT w.id FROM json_each(?1) j JOIN booking_slots s ON s.id = j.value JOIN waitlist_entries w
         ON w.offer_facility_id = s.facility_id AND w.offer_starts_at < s.ends_at
       WHERE w.status = 'offered' AND w.offer_ends_at > s.starts_at`,
    )
    .bind(JSON.stringify(slotIds))
    .all<{ id: number }>();
  return r.results.map((e) => e.id);
}

/**
 * The live entries a retired pitch takes away: its slot entries, the offers it holds, and window entries left with
 * no active pitch to wait at.
 */
export async function liveEntriesOfFacility(d1: D1Database, facilityId: number): Promise<number[]> {
  const r = await d1
    .prepare(
      `SELECT id FROM waitlist_entries WHERE kind = 'slot' AND facility_id = ?1 AND status IN ('waiting', 'offered')
       UNION
       SELECT id FROM waitlist_entries WHERE status = 'offered' AND offer_facility_id = ?1
       UNION
       SELECT w.id FROM waitlist_entries w WHERE w.kind = 'window' AND w.status IN ('waiting', 'offered')
         AND EXISTS (SELECT 1 FROM json_each(w.facility_ids) j WHERE j.value = ?1)
         AND NOT EXISTS (SELECT 1 FROM json_each(w.facility_ids) j JOIN facilities f ON f.id = j.value
           WHERE f.id <> ?1 AND f.is_active = 1 AND f.deleted_at IS NULL)`,
    )
    .bind(facilityId)
    .all<{ id: number }>();
  return r.results.map((e) => e.id);
}

/** The slot a hold starts at, as it was offered (a deleted slot's id may be given again to another slot). */
const HOLD_SLOT = `SELECT 1 FROM booking_slots s WHERE s.id = w.offer_slot_id AND s.facility_id = w.offer_facility_id
  AND s.starts_at = w.offer_starts_at`;

/**
 * After a regeneration of the pitch's [from, to]: a running offer whose first slot was replaced points at the new
 * slot of the same start while its range is still whole; answers the live entries whose start or held slot is gone.
 */
export async function liveEntriesWithoutSlots(
  d1: D1Database,
  facilityId: number,
  from: string,
  to: string,
): Promise<number[]> {
  await d1
    .prepare(
      `UPDATE waitlist_entries AS w SET offer_slot_id = (SELECT s.id FROM booking_slots s
           WHERE s.facility_id = w.offer_facility_id AND s.starts_at = w.offer_starts_at)
       WHERE w.status = 'offered' AND w.offer_facility_id = ?1 AND w.date BETWEEN ?2 AND ?3
         AND NOT EXISTS (${HOLD_SLOT})
         AND (SELECT coalesce(sum(s.ends_at - s.starts_at), 0) FROM booking_slots s WHERE s.facility_id = ?1
           AND s.starts_at >= w.offer_starts_at AND s.starts_at < w.offer_ends_at AND s.ends_at <= w.offer_ends_at
           AND s.date = w.date) = w.offer_ends_at - w.offer_starts_at`,
    )
    .bind(facilityId, from, to)
    .run();
  const r = await d1
    .prepare(
      `SELECT w.id FROM waitlist_entries w WHERE w.kind = 'slot' AND w.facility_id = ?1 AND w.date BETWEEN ?2 AND ?3
         AND w.status IN ('waiting', 'offered') AND NOT EXISTS (SELECT 1 FROM booking_slots s
           WHERE s.facility_id = ?1 AND s.date = w.date AND s.start_time = w.from_time)
       UNION
       SELECT w.id FROM waitlist_entries w WHERE w.status = 'offered' AND w.offer_facility_id = ?1
         AND w.date BETWEEN ?2 AND ?3 AND NOT EXISTS (${HOLD_SLOT})`,
    )
    .bind(facilityId, from, to)
    .all<{ id: number }>();
  return r.results.map((e) => e.id);
}

/** The devices of the entries `ids`, read before they end (ending an entry deletes its devices, migration 0033). */
export async function devicesOfEntries(d1: D1Database, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const r = await d1
    .prepare(
      `SELECT id, entry_id, endpoint, p256dh, auth FROM waitlist_push_subscriptions
       WHERE entry_id IN (SELECT value FROM json_each(?))`,
    )
    .bind(JSON.stringify(ids))
    .all<{ id: number; entry_id: number; endpoint: string; p256dh: string; auth: string }>();
  return r.results;
}

/**
 * The entries `ids` stop waiting, in one statement: 'ended', but a window entry whose offer is taken away waits again
 * (it still waits at its other pitches and hours). Answers the rows as they are now, with the hold they had.
 */
export async function endEntries(d1: D1Database, ids: readonly number[], now: number): Promise<EntryRow[]> {
  if (ids.length === 0) return [];
  const r = await d1
    .prepare(
      `UPDATE waitlist_entries SET updated_at = ?2,
         status = CASE WHEN kind = 'window' AND status = 'offered' THEN 'waiting' ELSE 'ended' END
       WHERE id IN (SELECT value FROM json_each(?1)) AND status IN ('waiting', 'offered')
       RETURNING *`,
    )
    .bind(JSON.stringify(ids), now)
    .all<EntryRow>();
  return r.results;
}

/** The waiting entries of a phone leave at once (before an erasure passes its running offers on). */
export const leaveWaitingOfPhone = (d1: D1Database, phone: string, now: number) =>
  d1
    .prepare(
      `UPDATE waitlist_entries SET status = 'left', updated_at = ?2 WHERE customer_phone = ?1 AND status = 'waiting'`,
    )
    .bind(phone, now)
    .run();

/** The running offers of a phone: their pitch and entry. */
export const offersOfPhone = (d1: D1Database, phone: string) =>
  d1
    .prepare(
      `SELECT id, offer_facility_id FROM waitlist_entries WHERE customer_phone = ? AND status = 'offered'
         AND offer_facility_id IS NOT NULL`,
    )
    .bind(phone)
    .all<{ id: number; offer_facility_id: number }>();
