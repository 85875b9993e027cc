import { inArray } from 'drizzle-orm';
import { getDb } from '../db/client';
import { notifications, type Notification } from '../db/schema';
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
export async function publishNotifications(env: Env, ids: Array<number | null>): Promise<void> {
  const wanted = ids.filter((id): id is number => id !== null);
  if (wanted.length === 0) return;
  try {
    const rows = await getDb(env.DB).select().from(notifications).where(inArray(notifications.id, wanted)).all();
    await staffHub(env).publish(rows.map(notificationToWire));
  } catch (e) {
    console.error('notification push failed', e);
  }
}
