// Web Push to staff devices (docs/behaviour.md#notifications 'Staff push'): a new booking, a cancellation and a hold
// about to expire reach every staff device that turned it on, once, from the pitch object's outbox beside the bells and
// the holders' pushes, after the change is committed. Best effort: a gone subscription (404/410) is deleted, any other
// failure is logged and dropped. Without VAPID keys nothing is sent and nothing fails.
import { bytesToBase64url } from '../../../contracts/base64url';
import { eventOf } from '../../../contracts/events';
import type { PlayerPushFacts } from '../../../contracts/push-messages';
import { STAFF_PUSH_EVENT_KINDS, STAFF_PUSH_OF, type StaffPushPayload, staffPush } from '../../../contracts/staff-push';
import type { NotificationWire } from '../../../contracts/wire/notification';
import { type Db, getDb } from '../db/client';
import * as store from '../db/staff-push';
import type { StaffSession } from '../lib/auth';
import { unauthorized } from '../lib/errors';
import { pushHost, sendPush, vapidKeysOf } from '../lib/web-push';

const HOLD_WARNING_TTL_S = 10 * 60;
const DAY_S = 24 * 3600;
/** D1 binds at most 100 parameters a statement. */
const CHUNK = 90;

interface StaffMessage {
  payload: StaffPushPayload;
  /** The staff member whose action raised it hears it on no device of theirs. */
  actorUserId: number | null;
  ttl: number;
  topic: string;
}

/**
 * A newer message of a booking replaces an undelivered older one. The push service reads the topic in the clear, so it
 * is a digest of the booking's documentId: stable per booking, naming nothing (the payload itself is encrypted).
 */
async function topicOf(documentId: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`staff:${documentId}`)));
  return bytesToBase64url(digest).slice(0, 32);
}

/** The staff events among `items`, each rendered once. */
async function messagesOf(db: Db, items: NotificationWire[], now: number): Promise<StaffMessage[]> {
  const ids = items.filter((n) => n.bookingId !== null).map((n) => n.id);
  const out: StaffMessage[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) {
    for (const r of await store.staffEventsToPush(db, ids.slice(i, i + CHUNK), STAFF_PUSH_EVENT_KINDS)) {
      const event = eventOf(r.kind, r.facts);
      const kind = event ? STAFF_PUSH_OF[event.kind] : undefined;
      if (!event || !kind || event.kind === 'customer_erased') continue;
      const f = event.facts;
      const facts: PlayerPushFacts = {
        facilityName: f.facilityName,
        date: f.date,
        startTime: f.startTime,
        startsAt: f.startsAt,
        expiresAt: event.kind === 'hold_expiring' ? event.facts.expiresAt : null,
      };
      // Kept by the push service no longer than it matters: the warning its 10 minutes, the rest until the start.
      const ttl =
        kind === 'hold_expiring'
          ? HOLD_WARNING_TTL_S
          : Math.min(DAY_S, Math.max(60, Math.floor((f.startsAt - now) / 1000)));
      out.push({
        payload: staffPush(kind, facts, r.documentId),
        actorUserId: r.actorUserId ?? null,
        ttl,
        topic: await topicOf(r.documentId),
      });
    }
  }
  return out;
}

/**
 * The staff devices' pushes for staff notifications just published (the pitch object's outbox): each event once per
 * live device, but not to the devices of the staff member who did it. Never throws; answers how many were taken.
 */
export async function pushStaffEvents(env: Env, items: NotificationWire[], now = Date.now()): Promise<number> {
  try {
    if (items.every((n) => n.bookingId === null)) return 0;
    const vapid = vapidKeysOf(env);
    if (!vapid) return 0;
    const db = getDb(env.DB);
    const devices = await store.liveStaffPush(db, now);
    if (devices.length === 0) return 0;
    const messages = await messagesOf(db, items, now);
    let sent = 0;
    const gone = new Set<number>();
    await Promise.all(
      messages.flatMap((m) => {
        const payload = JSON.stringify(m.payload);
        return devices
          .filter((d) => d.userId !== m.actorUserId)
          .map(async (d) => {
            try {
              const target = { endpoint: d.endpoint, keys: { p256dh: d.p256dh, auth: d.auth } };
              const result = await sendPush(target, payload, { vapid, ttl: m.ttl, urgency: 'high', topic: m.topic });
              if (result.outcome === 'sent') sent++;
              else if (result.outcome === 'gone') gone.add(d.id);
              // Logged without the endpoint: it identifies the device.
              else
                console.warn(`staff push ${result.outcome}`, pushHost(d.endpoint), result.status ?? '', result.reason);
            } catch (e) {
              console.error('staff push send failed', pushHost(d.endpoint), e);
            }
          });
      }),
    );
    for (const id of gone) await store.deleteStaffPush(db, id);
    return sent;
  } catch (e) {
    console.error('staff push failed', e);
    return 0;
  }
}

/** 'Bu cihaza bildirim gönder' on: the device hears the staff events for as long as this session lasts. */
export async function subscribeStaff(
  db: Db,
  userId: number,
  session: StaffSession,
  sub: { endpoint: string; keys: { p256dh: string; auth: string } },
  now: number,
): Promise<void> {
  const added = await store.addStaffPush(
    db,
    { userId, sid: session.sid },
    { endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth },
    now,
  );
  // The session ended between its check and this write.
  if (!added) throw unauthorized();
}

export const unsubscribeStaff = (db: Db, userId: number, endpoint: string) =>
  store.removeStaffPush(db, userId, endpoint);

export const staffPushStatus = (db: Db, session: StaffSession, endpoint: string) =>
  store.hasStaffPush(db, session.sid, endpoint);
