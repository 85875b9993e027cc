import type { z } from 'zod';
import { notificationText } from '../../../contracts/events';
import { msg } from '../../../contracts/messages';
import type { createNotificationSchema, notificationListQuery } from '../../../contracts/panel';
import { foldSearch } from '../../../contracts/search';
import type { NotificationWire } from '../../../contracts/wire/notification';
import { type Db, getDb } from '../db/client';
import { insertNotification } from '../db/events';
import * as store from '../db/notifications';
import type { Notification } from '../db/schema';
import type { SessionsEnded } from '../durable-objects/staff-hub';
import { notFound } from '../lib/errors';
import { newDocumentId } from '../lib/ids';
import { isoInstant } from '../lib/time';

/** The title and message are rendered from the event when the row holds one (contracts/events.ts). */
export function notificationToWire(n: Notification): NotificationWire {
  const { title, message } = notificationText(n);
  return {
    id: n.id,
    documentId: n.documentId,
    type: n.type,
    priority: n.priority,
    title,
    message,
    isRead: n.isRead,
    readAt: isoInstant(n.readAt),
    createdAt: isoInstant(n.createdAt),
    bookingId: n.bookingId,
    facilityId: n.facilityId,
    /** The staff member whose action raised it: their bell takes it as read, with no toast or sound. */
    actorUserId: n.actorUserId ?? null,
    bookingNumber: n.bookingId !== null && typeof n.facts?.bookingNumber === 'string' ? n.facts.bookingNumber : null,
  };
}

export const notificationsToWire = (rows: Notification[]) => rows.map(notificationToWire);

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

/**
 * Ends the open bell sockets of ended sessions at once, and makes the hub refuse them from now on. Tried twice; should
 * both fail, the hub's minute check against D1 still closes them (README 'Threat model').
 */
export async function endLiveSessions(env: Env, ended: SessionsEnded): Promise<void> {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await staffHub(env).endSessions(ended);
      return;
    } catch (e) {
      if (attempt === 1) console.error('ending live sessions failed', e);
    }
  }
}

/** Read and delete events keep every open bell in step; best effort like the pushes. */
async function publishEvent(env: Env, event: { type: 'read'; id: number | 'all' } | { type: 'deleted'; id: number }) {
  try {
    await staffHub(env).broadcast(event);
  } catch (e) {
    console.error('notification event push failed', e);
  }
}

/** What the viewer did themselves is read for them from the start. */
const forViewer = (viewer: number) => (row: Notification) => {
  const n = notificationToWire(row);
  return n.isRead || n.actorUserId !== viewer ? n : { ...n, isRead: true, readAt: n.createdAt };
};

export async function unreadNotifications(db: Db, viewer = 0) {
  const { items, unread } = await store.unreadForViewer(db, viewer);
  return { data: items.map(forViewer(viewer)), count: unread };
}

/** The full list: search over title and message (Turkish letters folded), status and type filters, newest first, paged. */
export async function listNotifications(db: Db, q: z.infer<typeof notificationListQuery>, viewer = 0) {
  const { items, total, all } = await store.notificationPage(
    db,
    { ...q, search: q.q ? foldSearch(q.q).replace(/\0/g, '') : undefined },
    viewer,
  );
  return {
    data: items.map(forViewer(viewer)),
    meta: {
      pagination: { page: q.page, pageSize: q.pageSize, pageCount: Math.max(1, Math.ceil(total / q.pageSize)), total },
      total: all.total,
      unread: all.unread,
    },
  };
}

export async function markRead(env: Env, id: number, now: number) {
  const row = await store.markRead(getDb(env.DB), id, now);
  if (!row) throw notFound(msg.notificationNotFound);
  await publishEvent(env, { type: 'read', id });
  return notificationToWire(row);
}

export async function markAllRead(env: Env, now: number) {
  const updated = await store.markAllRead(getDb(env.DB), now);
  await publishEvent(env, { type: 'read', id: 'all' });
  return { updated };
}

export async function deleteNotification(env: Env, id: number) {
  const row = await store.deleteNotification(getDb(env.DB), id);
  if (!row) throw notFound(msg.notificationNotFound);
  await publishEvent(env, { type: 'deleted', id });
  return { id };
}

export async function notificationStats(db: Db, viewer = 0) {
  const { all, byType, byPriority } = await store.notificationCounts(db, viewer);
  const toMap = (rows: { key: string; n: number }[]) => Object.fromEntries(rows.map(({ key, n }) => [key, n]));
  return { total: all.total, unread: all.unread, byType: toMap(byType), byPriority: toMap(byPriority) };
}

/** A notification written by staff (api.md 'POST /notifications', the test notification), pushed live like any other. */
export async function createNotification(env: Env, input: z.infer<typeof createNotificationSchema>, now: number) {
  const [row] = await insertNotification(getDb(env.DB), {
    documentId: newDocumentId(),
    type: input.type,
    priority: input.priority,
    title: input.title,
    message: input.message,
    targetRole: input.targetRole ?? 'Admin',
    createdAt: now,
  });
  const item = notificationToWire(row);
  await publishNotifications(env, [item]);
  return item;
}
