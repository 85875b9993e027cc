import type { Notification } from '../db/schema';
import type { z } from 'zod';
import type { createNotificationSchema, notificationListQuery } from '../../../contracts/panel';
import { msg } from '../../../contracts/messages';
import { notFound } from '../lib/errors';
import { newDocumentId } from '../lib/ids';
import { camelRow } from '../lib/rows';
import { isoInstant } from '../lib/time';
import { foldSearch } from './staff-bookings';

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
    /** The staff member whose action raised it: their bell takes it as read, with no toast or sound (issue 7 §3). */
    actorUserId: n.actorUserId ?? null,
  };
}
export type NotificationWire = ReturnType<typeof notificationToWire>;

const toWire = (r: unknown) => notificationToWire(camelRow<Notification>(r as Record<string, unknown>, ['isRead']));

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

/** Read and delete events keep every open bell in step; best effort like the pushes. */
async function publishEvent(env: Env, event: { type: 'read'; id: number | 'all' } | { type: 'deleted'; id: number }) {
  try {
    await staffHub(env).broadcast(event);
  } catch (e) {
    console.error('notification event push failed', e);
  }
}

// Read state is shared by the staff (02 §3 Notification has one isRead), except that what a staff member did
// themselves is read for them from the start (issue 7 §3): unread = not read by anyone and not their own action.
// The viewer is the integer id from the verified token, so it is safe as a literal.
const UNREAD = (viewer: number) => `(is_read = 0 and coalesce(actor_user_id, 0) != ${Math.trunc(viewer)})`;
const COUNTS = (viewer: number) => `select count(*) as total, coalesce(sum(${UNREAD(viewer)}), 0) as unread from notifications`;
const forViewer = (viewer: number) => (r: unknown) => {
  const n = toWire(r);
  return n.isRead || n.actorUserId !== viewer ? n : { ...n, isRead: true, readAt: n.createdAt };
};

export async function unreadNotifications(d1: D1Database, viewer = 0) {
  const [items, counts] = await d1.batch([
    d1.prepare(`select * from notifications where ${UNREAD(viewer)} order by created_at desc, id desc limit 50`),
    d1.prepare(COUNTS(viewer)),
  ]);
  return { data: items.results.map(forViewer(viewer)), count: (counts.results[0] as { unread: number }).unread };
}

/** The full list: search over title and message (Turkish letters folded), status and type filters, newest first, paged. */
export async function listNotifications(d1: D1Database, q: z.infer<typeof notificationListQuery>, viewer = 0) {
  const where: string[] = [];
  const args: unknown[] = [];
  if (q.q) {
    // instr, not LIKE: D1 caps LIKE patterns at 50 bytes, which a 49-character search already exceeds.
    where.push(`(instr(${FOLD('title')}, ?1) > 0 or instr(${FOLD('message')}, ?1) > 0)`);
    args.push(foldSearch(q.q).replace(/\0/g, ''));
  }
  if (q.status !== 'all') where.push(q.status === 'unread' ? UNREAD(viewer) : `not ${UNREAD(viewer)}`);
  if (q.type !== 'all') {
    args.push(q.type);
    where.push(`type = ?${args.length}`);
  }
  const clause = where.length ? `where ${where.join(' and ')}` : '';
  const offset = (q.page - 1) * q.pageSize;
  const [page, filtered, counts] = await d1.batch([
    d1.prepare(`select * from notifications ${clause} order by created_at desc, id desc limit ${q.pageSize} offset ${offset}`).bind(...args),
    d1.prepare(`select count(*) as n from notifications ${clause}`).bind(...args),
    d1.prepare(COUNTS(viewer)),
  ]);
  const total = (filtered.results[0] as { n: number }).n;
  const all = counts.results[0] as { total: number; unread: number };
  return {
    data: page.results.map(forViewer(viewer)),
    meta: {
      pagination: { page: q.page, pageSize: q.pageSize, pageCount: Math.max(1, Math.ceil(total / q.pageSize)), total },
      total: all.total,
      unread: all.unread,
    },
  };
}

/** SQL twin of foldSearch for a column: lower case with Turkish letters as ASCII. */
function FOLD(column: string): string {
  const pairs = [['Ç', 'c'], ['ç', 'c'], ['Ğ', 'g'], ['ğ', 'g'], ['İ', 'i'], ['ı', 'i'], ['Ö', 'o'], ['ö', 'o'], ['Ş', 's'], ['ş', 's'], ['Ü', 'u'], ['ü', 'u'], ['Â', 'a'], ['â', 'a']];
  return `lower(${pairs.reduce((e, [a, b]) => `replace(${e}, '${a}', '${b}')`, column)})`;
}

export async function markRead(env: Env, id: number, now: number) {
  const row = await env.DB.prepare('update notifications set is_read = 1, read_at = coalesce(read_at, ?2) where id = ?1 returning *').bind(id, now).first();
  if (!row) throw notFound(msg.notificationNotFound);
  await publishEvent(env, { type: 'read', id });
  return toWire(row);
}

export async function markAllRead(env: Env, now: number) {
  const res = await env.DB.prepare('update notifications set is_read = 1, read_at = ?1 where is_read = 0').bind(now).run();
  await publishEvent(env, { type: 'read', id: 'all' });
  return { updated: res.meta.changes ?? 0 };
}

export async function deleteNotification(env: Env, id: number) {
  const row = await env.DB.prepare('delete from notifications where id = ?1 returning id').bind(id).first<{ id: number }>();
  if (!row) throw notFound(msg.notificationNotFound);
  await publishEvent(env, { type: 'deleted', id });
  return { id };
}

export async function notificationStats(d1: D1Database, viewer = 0) {
  const [counts, byType, byPriority] = await d1.batch([
    d1.prepare(COUNTS(viewer)),
    d1.prepare('select type as k, count(*) as n from notifications group by type'),
    d1.prepare('select priority as k, count(*) as n from notifications group by priority'),
  ]);
  const toMap = (r: D1Result) => Object.fromEntries((r.results as { k: string; n: number }[]).map(({ k, n }) => [k, n]));
  const c = counts.results[0] as { total: number; unread: number };
  return { total: c.total, unread: c.unread, byType: toMap(byType), byPriority: toMap(byPriority) };
}

/** A notification written by staff (02 §7 'POST /notifications', the test notification), pushed live like any other. */
export async function createNotification(env: Env, input: z.infer<typeof createNotificationSchema>, now: number) {
  const row = await env.DB.prepare(
    `insert into notifications (document_id, type, priority, title, message, target_role, created_at)
     values (?1, ?2, ?3, ?4, ?5, ?6, ?7) returning *`,
  )
    .bind(newDocumentId(), input.type, input.priority, input.title, input.message, input.targetRole ?? 'Admin', now)
    .first();
  const item = toWire(row);
  await publishNotifications(env, [item]);
  return item;
}
