// Web Push to a booking's holder (docs/behaviour.md#notifications): 'Bildirim al' stores the device for one booking,
// proven by its number.
import { msg } from '../../../contracts/messages';
import { PUSH_SUBSCRIPTIONS_PER_BOOKING, type PushSubscriptionJson, pushTexts } from '../../../contracts/push';
import type { Db } from '../db/client';
import * as store from '../db/push-subscriptions';
import { conflict, notFound } from '../lib/errors';

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
