// The waitlist, 'Boşalınca haber ver' (docs/behaviour.md#waitlist): joining (bounded, rate-limited by the route), the
// holder's view by its key, leaving, the claim secret, and offering freed starts (called by the pitch's Durable Object,
// under its lock).
import { bytesToBase64url } from '../../../contracts/base64url';
import { closureMsg } from '../../../contracts/closure-input';
import { parseHourWindow } from '../../../contracts/free-hours';
import { defaultLength, offeredLengths } from '../../../contracts/match-length';
import { msg } from '../../../contracts/messages';
import {
  CLAIM_HASH_KEY,
  WAITLIST_CLAIM_MAX,
  WAITLIST_CLAIM_MIN,
  WAITLIST_CLAIM_MINUTES,
  WAITLIST_PER_PHONE,
  type WaitlistEntryWire,
  type WaitlistQueueEntryWire,
} from '../../../contracts/waitlist';
import type { JoinWaitlistInput } from '../../../contracts/waitlist-input';
import { waitlistMsg } from '../../../contracts/waitlist-input';
import { type Db, getDb } from '../db/client';
import { facilityByRef } from '../db/facilities';
import { windowPitches } from '../db/free-hours';
import { isUniqueRefusal } from '../db/unique';
import * as store from '../db/waitlist';
import { storedRules } from '../lib/booking-rules';
import { badRequest, conflict, notFound, unwrap } from '../lib/errors';
import { newDocumentId } from '../lib/ids';
import { istanbulInstant } from '../lib/time';
import { facilityStub } from './facility-ref';
import { assertSearchDay, searchFreeHours } from './free-hours';
import { type EndedEntry, pushEnded } from './waitlist-push';

const fieldError = (path: string, message: string) => badRequest(message, { errors: [{ path: [path], message }] });

/** The holder's secret key: 18 random bytes, base64url (24 characters). Shown once; only its hash is stored. */
export function newEntryKey(): string {
  return bytesToBase64url(crypto.getRandomValues(new Uint8Array(18)));
}

export async function keyHashOf(key: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(key));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The claim secret of an offer: HMAC-SHA-256 over (the entry's document id, its offer_seq) with the app's secret,
 * base64url. Stored nowhere; staff can rebuild the link; the next offer (offer_seq + 1) voids the previous link.
 */
export async function claimSecret(env: Pick<Env, 'JWT_SECRET'>, documentId: string, seq: number): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(`waitlist-claim:${env.JWT_SECRET ?? ''}`),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${documentId}:${seq}`));
  return bytesToBase64url(new Uint8Array(mac));
}

/** Constant-time comparison of two secrets. */
export function sameSecret(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** The claim window the booking rules set (minutes), within its bounds. */
export async function claimMinutes(db: Db, now: number): Promise<number> {
  const m = (await storedRules(db, now)).waitlistClaimMinutes ?? WAITLIST_CLAIM_MINUTES;
  return Math.min(WAITLIST_CLAIM_MAX, Math.max(WAITLIST_CLAIM_MIN, m));
}

interface SlotFacts {
  id: number;
  document_id: string;
  facility_id: number;
  date: string;
  start_time: string;
  starts_at: number;
  claimed: number;
  held: number;
  closed: number;
}

const slotFacts = (d1: D1Database, documentId: string) =>
  d1
    .prepare(
      `SELECT s.id, s.document_id, s.facility_id, s.date, s.start_time, s.starts_at, s.closure_id IS NOT NULL AS closed,
         EXISTS (SELECT 1 FROM booking_slot_claims c WHERE c.slot_id = s.id) AS claimed,
         EXISTS (SELECT 1 FROM waitlist_entries w WHERE w.status = 'offered' AND w.offer_facility_id = s.facility_id
           AND w.offer_starts_at <= s.starts_at AND w.offer_ends_at > s.starts_at
           AND w.offer_expires_at > ${store.HELD_NOW}) AS held
       FROM booking_slots s WHERE s.document_id = ?`,
    )
    .bind(documentId)
    .first<SlotFacts>();

/** POST /api/waitlist: a slot or a window entry, refused in Turkish when it would promise nothing. */
export async function joinWaitlist(env: Env, input: JoinWaitlistInput, now: number) {
  const db = getDb(env.DB);
  const d1 = env.DB;
  const key = newEntryKey();
  const base = {
    documentId: newDocumentId(),
    keyHash: await keyHashOf(key),
    customerName: input.customerName,
    customerPhone: input.customerPhone,
    now,
  };
  let entry: store.NewEntry;
  if (input.facility && input.bookingSlot) {
    const f = await facilityByRef(db, input.facility);
    if (!f?.isActive || f.deletedAt !== null) throw notFound(msg.facilityNotFound);
    const slot = await slotFacts(d1, input.bookingSlot);
    if (!slot || slot.facility_id !== f.id) throw notFound(msg.slotNotFound);
    if (slot.starts_at <= now) throw fieldError('bookingSlot', waitlistMsg.past);
    if (input.duration !== undefined && !offeredLengths(f).includes(input.duration))
      throw fieldError('duration', msg.lengthNotOffered);
    // A closed hour frees only when the closure is lifted, and lifting revives no one (docs/behaviour.md#closures).
    if (slot.closed) throw conflict(closureMsg.slotClosed);
    if (!slot.claimed && !slot.held) throw conflict(waitlistMsg.slotFree, { slot: slot.document_id });
    entry = {
      ...base,
      kind: 'slot',
      facilityId: f.id,
      facilityIds: [],
      date: slot.date,
      fromTime: slot.start_time,
      toTime: slot.start_time,
      untilAt: slot.starts_at,
      duration: input.duration ?? null,
    };
  } else {
    const gun = input.gun!;
    const window = parseHourWindow(input.saat!);
    if (typeof window === 'string') throw fieldError('saat', waitlistMsg.targetRequired);
    const rules = await storedRules(db, now);
    assertSearchDay(gun, rules.slotHorizonDays, now);
    const pitches = await windowPitches(db, {
      date: gun,
      window,
      after: now,
      shuttle: Boolean(input.servis),
      covered: Boolean(input.kapali),
      floodlit: Boolean(input.aydinlatma),
    }).all();
    if (pitches.length === 0) throw fieldError('saat', waitlistMsg.windowEmpty);
    // Something free in the window: book it instead (the search's own answer decides).
    const found = await searchFreeHours(
      db,
      {
        gun,
        saat: window,
        ilce: input.ilce,
        servis: Boolean(input.servis),
        kapali: Boolean(input.kapali),
        aydinlatma: Boolean(input.aydinlatma),
        sure: input.duration,
      },
      { now, horizonDays: rules.slotHorizonDays },
    );
    if (found.facilities.length > 0) throw conflict(waitlistMsg.windowFree);
    const [th, tm] = window.to.split(':').map(Number);
    const toMinutes = th * 60 + tm + (window.crossesMidnight ? 1440 : 0);
    const untilAt = istanbulInstant(gun, toMinutes);
    if (untilAt <= now) throw fieldError('saat', waitlistMsg.past);
    entry = {
      ...base,
      kind: 'window',
      facilityId: null,
      facilityIds: pitches.map((p) => p.facilityId),
      date: gun,
      fromTime: window.from,
      toTime: window.to,
      untilAt,
      duration: input.duration ?? null,
    };
  }
  let id: number | null;
  try {
    id = await store.insertBounded(d1, entry);
  } catch (e) {
    if (isUniqueRefusal(e, 'waitlist_entries.customer_phone')) throw conflict(waitlistMsg.already);
    throw e;
  }
  if (id === null) {
    if ((await store.livePhoneCount(d1, input.customerPhone)) >= WAITLIST_PER_PHONE)
      throw conflict(waitlistMsg.phoneFull);
    throw conflict(waitlistMsg.slotFull);
  }
  if (input.push) {
    await d1
      .prepare(
        `INSERT OR IGNORE INTO waitlist_push_subscriptions (entry_id, endpoint, p256dh, auth, created_at) VALUES (?, ?, ?, ?, ?)`,
      )
      .bind(id, input.push.endpoint, input.push.keys.p256dh, input.push.keys.auth, now)
      .run();
  }
  const row = await store.entryByKeyHash(d1, entry.keyHash);
  return entryToWire(env, row!, key, now);
}

interface FacilityName {
  id: number;
  slug: string;
  name: string;
}

async function facilityNames(d1: D1Database, ids: number[]): Promise<Map<number, FacilityName>> {
  if (ids.length === 0) return new Map();
  const r = await d1
    .prepare(`SELECT id, slug, name FROM facilities WHERE id IN (SELECT value FROM json_each(?))`)
    .bind(JSON.stringify(ids))
    .all<FacilityName>();
  return new Map(r.results.map((f) => [f.id, f]));
}

/** The claim address of an offer: the pitch page with the held slot, its length and the claim secret in the fragment. */
export async function claimUrlOf(env: Env, e: store.EntryRow, slug: string): Promise<string | null> {
  if (e.status !== 'offered' || e.offer_slot_id === null) return null;
  const slot = await env.DB.prepare('SELECT document_id FROM booking_slots WHERE id = ?')
    .bind(e.offer_slot_id)
    .first<{ document_id: string }>();
  if (!slot) return null;
  const minutes = ((e.offer_ends_at ?? 0) - (e.offer_starts_at ?? 0)) / 60_000;
  const hak = await claimSecret(env, e.document_id, e.offer_seq);
  return `/saha/${encodeURIComponent(slug)}#gun=${e.date}&slot=${encodeURIComponent(slot.document_id)}&sure=${minutes}&${CLAIM_HASH_KEY}=${hak}`;
}

const hhmmOf = (ms: number) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Istanbul', hour: '2-digit', minute: '2-digit', hour12: false })
    .format(new Date(ms))
    .replace('24:', '00:');

export async function entryToWire(env: Env, e: store.EntryRow, key: string, now: number): Promise<WaitlistEntryWire> {
  const ids = e.kind === 'slot' ? [e.facility_id!] : (JSON.parse(e.facility_ids) as number[]);
  const names = await facilityNames(env.DB, e.offer_facility_id ? [...ids, e.offer_facility_id] : ids);
  const offerFacility = e.offer_facility_id ? names.get(e.offer_facility_id) : undefined;
  const live = e.status === 'offered' && (e.offer_expires_at ?? 0) > now;
  return {
    key,
    status: e.status,
    position: e.status === 'waiting' ? await store.positionOf(env.DB, e) : null,
    target: {
      kind: e.kind,
      date: e.date,
      from: e.from_time,
      to: e.to_time,
      duration: e.duration,
      facilities: ids.flatMap((id) => {
        const f = names.get(id);
        return f ? [{ slug: f.slug, name: f.name }] : [];
      }),
    },
    offer:
      live && offerFacility
        ? {
            facility: { slug: offerFacility.slug, name: offerFacility.name },
            date: e.date,
            startTime: hhmmOf(e.offer_starts_at!),
            endTime: hhmmOf(e.offer_ends_at!),
            expiresAt: new Date(e.offer_expires_at!).toISOString(),
            claimUrl: (await claimUrlOf(env, e, offerFacility.slug)) ?? '',
          }
        : null,
    claimMinutes: await claimMinutes(getDb(env.DB), now),
    createdAt: new Date(e.created_at).toISOString(),
  };
}

/** GET /api/waitlist/:key. */
export async function entryOfKey(env: Env, key: string, now: number): Promise<WaitlistEntryWire> {
  const e = await store.entryByKeyHash(env.DB, await keyHashOf(key));
  if (!e) throw notFound(waitlistMsg.notFound);
  return entryToWire(env, e, key, now);
}

/**
 * DELETE /api/waitlist/:key: the entry leaves. An offered one goes through its pitch's object, which passes the
 * hold on to the next in line under the pitch's lock.
 */
export async function leaveByKey(env: Env, key: string): Promise<void> {
  const e = await store.entryByKeyHash(env.DB, await keyHashOf(key));
  if (!e) throw notFound(waitlistMsg.notFound);
  await leaveEntryById(env, e);
}

export async function leaveEntryById(env: Env, e: store.EntryRow): Promise<void> {
  if (e.status === 'offered' && e.offer_facility_id !== null) {
    unwrap(await facilityStub(env, e.offer_facility_id).leaveWaitlist(e.offer_facility_id, e.id));
    return;
  }
  await store.leaveEntry(env.DB, e.id, Date.now());
}

/** A claim names an offered entry of this slot whose secret it carries: the entry, or a Turkish refusal. */
export async function entryOfClaim(
  env: Pick<Env, 'JWT_SECRET' | 'DB'>,
  facilityId: number,
  slotRef: string,
  claim: string,
  minutes: number,
  now: number,
): Promise<number> {
  const slot = await env.DB.prepare(
    /^\d+$/.test(slotRef)
      ? 'SELECT id FROM booking_slots WHERE id = ?'
      : 'SELECT id FROM booking_slots WHERE document_id = ?',
  )
    .bind(/^\d+$/.test(slotRef) ? Number(slotRef) : slotRef)
    .first<{ id: number }>();
  if (!slot) throw conflict(waitlistMsg.claimInvalid);
  const { results } = await store.offersOfSlot(env.DB, facilityId, slot.id);
  for (const e of results) {
    if (!sameSecret(await claimSecret(env, e.document_id, e.offer_seq), claim)) continue;
    if ((e.offer_expires_at ?? 0) <= now) break;
    if (((e.offer_ends_at ?? 0) - (e.offer_starts_at ?? 0)) / 60_000 !== minutes)
      throw fieldError('duration', waitlistMsg.claimLength);
    return e.id;
  }
  throw conflict(waitlistMsg.claimInvalid);
}

export interface FreedStart {
  id: number;
  date: string;
  startTime: string;
  startsAt: number;
}

export interface Offer {
  entry: store.EntryRow;
}

/**
 * Offers each freed start of the pitch to its first in line (docs/behaviour.md#waitlist), in start order, each in one
 * conditional statement (run in sequence, so a hold just placed blocks the next start it overlaps). Under the pitch's
 * lock. Answers the offers made.
 */
export async function offerFreed(
  env: Env,
  f: { id: number; bookingTimeType: 'hourly' | 'half-hourly'; matchLengths: readonly number[] },
  starts: FreedStart[],
  now: number,
): Promise<store.EntryRow[]> {
  if (starts.length === 0) return [];
  const minutes = await claimMinutes(getDb(env.DB), now);
  const offered: store.EntryRow[] = [];
  for (const s of [...starts].sort((a, b) => a.startsAt - b.startsAt)) {
    if (s.startsAt <= now) continue;
    const row = await store
      .offerStatement(env.DB, {
        facilityId: f.id,
        slotId: s.id,
        date: s.date,
        startTime: s.startTime,
        startsAt: s.startsAt,
        defaultLength: defaultLength(f),
        offered: offeredLengths(f),
        expiresAt: now + minutes * 60_000,
        now,
      })
      .first<store.EntryRow>();
    if (row) offered.push(row);
  }
  return offered;
}

/** The slots of the pitch starting in [from, to): the starts a freed or passed-on range gives. */
export async function startsIn(d1: D1Database, facilityId: number, from: number, to: number): Promise<FreedStart[]> {
  const r = await d1
    .prepare(
      `SELECT id, date, start_time AS startTime, starts_at AS startsAt FROM booking_slots
       WHERE facility_id = ? AND starts_at >= ? AND starts_at < ? ORDER BY starts_at`,
    )
    .bind(facilityId, from, to)
    .all<FreedStart>();
  return r.results;
}

/** One entry as staff see it (panel queue), with its place among the waiting and, while offered, the claim link. */
async function queueEntryWire(env: Env, e: store.EntryRow, position: number | null, slug: string | null) {
  return {
    documentId: e.document_id,
    customerName: e.customer_name,
    customerPhone: e.customer_phone,
    status: e.status,
    position,
    kind: e.kind,
    duration: e.duration,
    offerExpiresAt: e.offer_expires_at ? new Date(e.offer_expires_at).toISOString() : null,
    claimUrl: slug ? await claimUrlOf(env, e, slug) : null,
    createdAt: new Date(e.created_at).toISOString(),
  } satisfies WaitlistQueueEntryWire;
}

/**
 * GET /api/waitlist/queue: the live entries of a pitch's day, slot entries under their start in queue order, window
 * entries that include this pitch apart.
 */
export async function queueOf(env: Env, facilityRef: string, date: string) {
  const f = await facilityByRef(getDb(env.DB), facilityRef);
  if (!f) throw notFound(msg.facilityNotFound);
  const { results } = await env.DB.prepare(
    `SELECT * FROM waitlist_entries WHERE status IN ('waiting', 'offered') AND date = ?2
       AND ((kind = 'slot' AND facility_id = ?1)
         OR (kind = 'window' AND EXISTS (SELECT 1 FROM json_each(facility_ids) j WHERE j.value = ?1)))
     ORDER BY id`,
  )
    .bind(f.id, date)
    .all<store.EntryRow>();
  const slotDocs = await env.DB.prepare(
    'SELECT start_time AS startTime, document_id AS documentId FROM booking_slots WHERE facility_id = ? AND date = ?',
  )
    .bind(f.id, date)
    .all<{ startTime: string; documentId: string }>();
  const docOf = new Map(slotDocs.results.map((s) => [s.startTime, s.documentId]));
  const slugOf = (e: store.EntryRow) => (e.offer_facility_id === f.id ? f.slug : null);
  const bySlot = new Map<string, WaitlistQueueEntryWire[]>();
  const waitingAt = new Map<string, number>();
  for (const e of results.filter((r) => r.kind === 'slot')) {
    const n = e.status === 'waiting' ? (waitingAt.get(e.from_time) ?? 0) + 1 : null;
    if (n !== null) waitingAt.set(e.from_time, n);
    const list = bySlot.get(e.from_time) ?? [];
    list.push(await queueEntryWire(env, e, n, slugOf(e)));
    bySlot.set(e.from_time, list);
  }
  // A window entry's place is the one its holder sees: among the window entries waiting at one of its pitches.
  const windows: WaitlistQueueEntryWire[] = [];
  for (const e of results.filter((r) => r.kind === 'window'))
    windows.push(
      await queueEntryWire(env, e, e.status === 'waiting' ? await store.positionOf(env.DB, e) : null, slugOf(e)),
    );
  return {
    slots: [...bySlot.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([startTime, entries]) => ({ slotDocumentId: docOf.get(startTime) ?? '', startTime, entries })),
    windows,
  };
}

/** DELETE /api/waitlist/entries/:documentId: staff take an entry off (an offered one passes its hold on). */
export async function takeOffByStaff(env: Env, documentId: string): Promise<void> {
  const e = await store.entryByDocumentId(env.DB, documentId);
  if (!e || (e.status !== 'waiting' && e.status !== 'offered')) throw notFound(waitlistMsg.notFound);
  await leaveEntryById(env, e);
}

/** What ending entries did: how many stopped waiting, the holds it took away, and the push to their holders. */
export interface EndedWaitlist {
  /** Entries ended (or, a window entry whose hold was taken away, waiting again). */
  count: number;
  /** The holds they had (pitch and range): no longer held, for a broadcast or a new offer. */
  released: Array<{ facilityId: number; from: number; to: number }>;
  /** Tells each holder (push; best effort, never throws): run it after the change landed, e.g. ctx.waitUntil(notify()). */
  notify: () => Promise<number>;
}

async function endAndTell(env: Env, ids: readonly number[], now: number): Promise<EndedWaitlist> {
  const none: EndedWaitlist = { count: 0, released: [], notify: async () => 0 };
  if (ids.length === 0) return none;
  const devices = await store.devicesOfEntries(env.DB, ids);
  const rows = await store.endEntries(env.DB, ids, now);
  if (rows.length === 0) return none;
  const names = await facilityNames(env.DB, [
    ...new Set(rows.map((r) => r.offer_facility_id ?? r.facility_id).filter((id): id is number => id !== null)),
  ]);
  const ended: EndedEntry[] = rows.flatMap((entry) => {
    const held = entry.offer_facility_id !== null && entry.offer_starts_at !== null;
    const f = names.get((held ? entry.offer_facility_id : entry.facility_id) ?? -1);
    if (!f) return [];
    return [
      {
        entry,
        facilityName: f.name,
        startsAt: held ? entry.offer_starts_at! : entry.until_at,
        devices: devices.filter((d) => d.entry_id === entry.id),
      },
    ];
  });
  return {
    count: rows.length,
    released: rows.flatMap((r) =>
      r.offer_facility_id !== null && r.offer_starts_at !== null && r.offer_ends_at !== null
        ? [{ facilityId: r.offer_facility_id, from: r.offer_starts_at, to: r.offer_ends_at }]
        : [],
    ),
    notify: () => pushEnded(env, ended).catch(() => 0),
  };
}

/**
 * Ends, at once, the live waitlist entries the slots `slotIds` (booking_slots ids) take away, and prepares the push to
 * their holders (docs/behaviour.md#waitlist): slot entries waiting for or offered one of those starts end ('ended');
 * a running offer whose hold covers one of them ends too, but a window entry's goes back to waiting (it still waits at
 * its other pitches and hours). Call it under the pitch's lock, before or after marking the slots closed, while the
 * slot rows exist; then run `notify()` with ctx.waitUntil. Nothing is offered on: the slots are not free.
 */
export async function endEntriesForSlots(env: Env, slotIds: readonly number[], now: number): Promise<EndedWaitlist> {
  return endAndTell(env, await store.liveEntriesOfSlots(env.DB, slotIds), now);
}

/** How many live entries `endEntriesForSlots` would end or send back to waiting (a closure's preview). */
export async function countEntriesForSlots(d1: D1Database, slotIds: readonly number[]): Promise<number> {
  return (await store.liveEntriesOfSlots(d1, slotIds)).length;
}

/** A retired pitch: its slot entries and holds end, and window entries left with no active pitch. Under its lock. */
export async function endEntriesOfFacility(env: Env, facilityId: number, now: number): Promise<EndedWaitlist> {
  return endAndTell(env, await store.liveEntriesOfFacility(env.DB, facilityId), now);
}

/**
 * After the pitch's [from, to] was generated again: a hold whose first slot was replaced moves to the new slot of the
 * same start while its range is whole; entries whose start or held slot is gone end. Under the pitch's lock.
 */
export async function endEntriesWithoutSlots(
  env: Env,
  facilityId: number,
  from: string,
  to: string,
  now: number,
): Promise<EndedWaitlist> {
  return endAndTell(env, await store.liveEntriesWithoutSlots(env.DB, facilityId, from, to), now);
}

/**
 * Before a KVKK erasure of `phone`: its waiting entries leave, then each running offer it holds leaves through its
 * pitch's object, which passes the hold on to the next in line at once, under the pitch's lock (never to this phone,
 * whose entries no longer wait). The erasure then deletes the rows.
 */
export async function releaseEntriesOfPhone(env: Env, phone: string, now: number): Promise<void> {
  await store.leaveWaitingOfPhone(env.DB, phone, now);
  const { results } = await store.offersOfPhone(env.DB, phone);
  for (const o of results)
    unwrap(await facilityStub(env, o.offer_facility_id).leaveWaitlist(o.offer_facility_id, o.id));
}
