import type { Notification } from '../db/schema';
import { isoInstant } from '../lib/time';

export function notificationToWire(n: Notification) {
  return {
    id: n.id,
    documentId: n.documentId,
    type: n.type,
    priority: n.priority,
    title: n.title,
    message: n.message,
    isRead: n.isRead,
    readAt: isoInstant(n.readAt),
    createdAt: isoInstant(n.createdAt),
    bookingId: n.bookingId,
    facilityId: n.facilityId,
  };
}
export type NotificationWire = ReturnType<typeof notificationToWire>;

export function staffHub(env: Env) {
  return env.STAFF_HUB.get(env.STAFF_HUB.idFromName('staff'));
}

/** Pushes freshly written notifications to every connected staff bell. Best effort: D1 already holds them. */
export async function publishNotifications(env: Env, items: NotificationWire[]): Promise<void> {
  if (items.length === 0) return;
  try {
    await staffHub(env).publish(items);
  } catch (e) {
    console.error('notification push failed', e);
  }
}
