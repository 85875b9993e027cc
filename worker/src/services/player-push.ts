// Web Push to a booking's holder (docs/behaviour.md#notifications): the booking's events as the staff bells hear them
// (approved, rejected with the reason, the hold's 10-minute warning, expired, cancelled by the venue) and the reminder
// before the start. Sent after the change is committed, best effort: a gone subscription (404/410) is deleted, any
// other failure is logged and dropped. Without VAPID keys nothing is sent and nothing fails.
import { type EventKind, eventOf } from '../../../contracts/events';
import { msg } from '../../../contracts/messages';
import { PUSH_SUBSCRIPTIONS_PER_BOOKING, type PushSubscriptionJson, pushTexts } from '../../../contracts/push';
import { type PlayerPushFacts, type PlayerPushKind, playerPush } from '../../../contracts/push-messages';
import type { NotificationWire } from '../../../contracts/wire/notification';
import { type Db, getDb } from '../db/client';
import * as store from '../db/push-subscriptions';
import { effectiveRules } from '../lib/booking-rules';
import { conflict, notFound } from '../lib/errors';
import { type PushUrgency, pushHost, sendPush, type VapidKeys, vapidKeysOf } from '../lib/web-push';

/** The staff events a holder hears of, as the push names them. */
export const PLAYER_PUSH_OF: Partial<Record<EventKind, PlayerPushKind>> = {
  booking_approved: 'approved',
  booking_rejected: 'rejected',
  hold_expiring: 'hold_expiring',
  booking_expired: 'expired',
  booking_cancelled_by_staff: 'cancelled_by_venue',
};
export const PLAYER_EVENT_KINDS = Object.keys(PLAYER_PUSH_OF) as EventKind[];

const HOUR_S = 3600;
const HOLD_WARNING_TTL_S = 10 * 60;

export interface HolderMessage {
  bookingId: number;
  documentId: string;
  kind: PlayerPushKind;
  facts: PlayerPushFacts;
}

/** How long the push service keeps it: never past the match (a day at most); the hold warning only its 10 minutes. */
function delivery(m: HolderMessage, now: number): { ttl: number; urgency: PushUrgency } {
  // The ask to rate waits as long as the device is kept after the match; it is never urgent.
  if (m.kind === 'rate') return { ttl: Math.floor(PUSH_KEEP_AFTER_END_MS / 1000), urgency: 'low' };
  const untilStart = Math.floor((m.facts.startsAt - now) / 1000);
  const ttl = m.kind === 'hold_expiring' ? HOLD_WARNING_TTL_S : Math.min(24 * HOUR_S, Math.max(60, untilStart));
  const urgent =
    m.kind === 'hold_expiring' ||
    m.kind === 'reminder' ||
    m.kind === 'cancelled_by_venue' ||
    m.kind === 'closed' ||
    m.kind === 'moved';
  return { ttl, urgency: urgent ? 'high' : 'normal' };
}

/** Sends each message to every device that hears its booking, in parallel; never throws. */
export async function sendToHolders(db: Db, vapid: VapidKeys, messages: HolderMessage[], now: number): Promise<number> {
  if (messages.length === 0) return 0;
  const subs = await store.subscriptionsOf(db, [...new Set(messages.map((m) => m.bookingId))]);
  let sent = 0;
  await Promise.all(
    messages.flatMap((m) => {
      const payload = JSON.stringify(playerPush(m.kind, m.facts, m.documentId));
      const { ttl, urgency } = delivery(m, now);
      // The topic lets a newer message of the booking replace one still undelivered; it is the documentId, not the number.
      const topic = /^[A-Za-z0-9_-]{1,32}$/.test(m.documentId) ? m.documentId : undefined;
      return subs
        .filter((s) => s.bookingId === m.bookingId)
        .map(async (s) => {
          try {
            const target = { endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } };
            const result = await sendPush(target, payload, { vapid, ttl, urgency, topic });
            if (result.outcome === 'sent') sent++;
            else if (result.outcome === 'gone') await store.deletePushSubscription(db, s.id);
            // Logged without the endpoint: it identifies the device.
            else console.warn(`push ${result.outcome}`, pushHost(s.endpoint), result.status ?? '', result.reason);
          } catch (e) {
            console.error('push send failed', pushHost(s.endpoint), e);
          }
        });
    }),
  );
  return sent;
}

/**
 * The holder's pushes for staff notifications just published (the pitch object's outbox): each event of a booking
 * some device hears, once, with its facts as the notification stored them.
 */
export async function pushBookingEvents(env: Env, items: NotificationWire[], now = Date.now()): Promise<void> {
  try {
    const ids = items.filter((n) => n.bookingId !== null).map((n) => n.id);
    if (ids.length === 0) return;
    const vapid = vapidKeysOf(env);
    if (!vapid) return;
    const db = getDb(env.DB);
    const rows = await store.eventsToPush(db, ids, PLAYER_EVENT_KINDS);
    const messages = rows.flatMap((r): HolderMessage[] => {
      const event = eventOf(r.kind, r.facts);
      const kind = event ? PLAYER_PUSH_OF[event.kind] : undefined;
      if (!event || !kind || event.kind === 'customer_erased') return [];
      const f = event.facts;
      const facts: PlayerPushFacts = {
        facilityName: f.facilityName,
        date: f.date,
        startTime: f.startTime,
        startsAt: f.startsAt,
        endTime: f.endTime,
        duration: f.duration,
        reason: kind === 'rejected' ? r.rejectionReason : null,
        expiresAt: event.kind === 'hold_expiring' ? event.facts.expiresAt : null,
      };
      return [{ bookingId: r.bookingId, documentId: r.documentId, kind, facts }];
    });
    await sendToHolders(db, vapid, messages, now);
  } catch (e) {
    console.error('player push failed', e);
  }
}

/**
 * The cron's reminders: approved bookings starting within the rules' reminder hours that a device hears, each marked
 * before it is sent (db/push-subscriptions.ts markDueReminders), so no run, nor one after a restart, sends it twice.
 * Nothing is marked while the VAPID keys are unset or the reminder is off (0 hours).
 */
export async function sendReminders(env: Env, now = Date.now()): Promise<number> {
  const vapid = vapidKeysOf(env);
  if (!vapid) return 0;
  const hours = (await effectiveRules(env, now)).reminderHours;
  if (!hours) return 0;
  const db = getDb(env.DB);
  const due = await store.markDueReminders(db, now, hours * HOUR_S * 1000);
  return sendToHolders(db, vapid, holderMessages(due, 'reminder'), now);
}

/** The cron's messages for the bookings it marked: the booking's facts alone. */
const holderMessages = (rows: store.ReminderRow[], kind: PlayerPushKind): HolderMessage[] =>
  rows.map((r) => ({
    bookingId: r.bookingId,
    documentId: r.documentId,
    kind,
    facts: {
      facilityName: r.facilityName,
      date: r.date,
      startTime: r.startTime,
      startsAt: r.startsAt,
      endTime: r.endTime,
      duration: r.duration,
    },
  }));

/**
 * After the played match the holder's devices are asked once to rate the pitch (docs/behaviour.md#ratings): approved
 * bookings that ended within the hours their devices are kept, not marked 'Gelmedi', not rated yet; each is marked
 * before the push goes, in the same statement that picks it, so a second run or a restart never asks again.
 */
export async function sendRatingPrompts(env: Env, now = Date.now()): Promise<number> {
  const vapid = vapidKeysOf(env);
  if (!vapid) return 0;
  const db = getDb(env.DB);
  const due = await store.markDueRatingPrompts(db, now, PUSH_KEEP_AFTER_END_MS);
  return sendToHolders(db, vapid, holderMessages(due, 'rate'), now);
}

/** A finished booking's devices are kept this long after its end: nothing is sent to them any more. */
export const PUSH_KEEP_AFTER_END_MS = 3 * HOUR_S * 1000;
/** And this long after a rejection, cancellation or expiry: that change's push left within seconds of it. */
export const PUSH_KEEP_AFTER_FINAL_MS = HOUR_S * 1000;

/**
 * The cron's clean-up (docs/behaviour.md#notifications): the devices of bookings that are over are forgotten, so a
 * push address is stored no longer than it can be used. Runs whether or not the VAPID keys are set.
 */
export const forgetFinishedSubscriptions = (env: Env, now = Date.now()) =>
  store.deleteFinishedSubscriptions(getDb(env.DB), now, {
    afterEndMs: PUSH_KEEP_AFTER_END_MS,
    afterFinalMs: PUSH_KEEP_AFTER_FINAL_MS,
  });

const isLive = (b: { status: string; startsAt: number }, now: number) =>
  (b.status === 'pending' || b.status === 'approved') && b.startsAt > now;

/**
 * Stores the device for the booking the number names: 404 for no such booking, 409 when it is not live (pending or
 * approved, not started) or already heard by 5 other devices. The same device again only renews its keys.
 */
export async function subscribeToBooking(db: Db, bookingNumber: string, sub: PushSubscriptionJson, now: number) {
  const booking = await store.bookingForPush(db, bookingNumber);
  if (!booking) throw notFound(msg.bookingNotFound);
  if (!isLive(booking, now)) throw conflict(pushTexts.notLive, { status: booking.status });
  const added = await store.addPushSubscription(
    db,
    booking.id,
    { endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth },
    now,
  );
  if (added) return;
  // Nothing written: the booking changed meanwhile, or 5 devices hear it.
  const again = await store.bookingForPush(db, bookingNumber);
  if (!again || !isLive(again, now)) throw conflict(pushTexts.notLive, { status: again?.status ?? booking.status });
  throw conflict(pushTexts.tooMany, { limit: PUSH_SUBSCRIPTIONS_PER_BOOKING });
}

/** Forgets the device for the booking; 404 only when no booking has the number. */
export async function unsubscribeFromBooking(db: Db, bookingNumber: string, endpoint: string) {
  const booking = await store.bookingForPush(db, bookingNumber);
  if (!booking) throw notFound(msg.bookingNotFound);
  await store.removePushSubscription(db, booking.id, endpoint);
}
