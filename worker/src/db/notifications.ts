// Reading and marking the staff notifications (behaviour.md#management-panel, api.md). They are written by ./events.ts only.
import { and, count, desc, eq, not, sql } from 'drizzle-orm';
import type { Db } from './client';
import { notifications } from './schema';
import { folded } from './sql';

/**
 * Read state is shared by the staff (behaviour.md#entities Notification has one isRead), except that what a staff member did themselves
 * is read for them from the start: unread = read by no one and not the viewer's own action. The viewer is
 * the integer id from the verified token, so it goes in as a literal.
 */
const unread = (viewer: number) =>
  sql`(${notifications.isRead} = 0 and coalesce(${notifications.actorUserId}, 0) != ${sql.raw(String(Math.trunc(viewer)))})`;

const counts = (db: Db, viewer: number) =>
  db.select({ total: count(), unread: sql<number>`coalesce(sum(${unread(viewer)}), 0)` }).from(notifications);

const newestFirst = [desc(notifications.createdAt), desc(notifications.id)];

export async function unreadForViewer(db: Db, viewer: number) {
  const [items, [all]] = await db.batch([
    db
      .select()
      .from(notifications)
      .where(unread(viewer))
      .orderBy(...newestFirst)
      .limit(50),
    counts(db, viewer),
  ]);
  return { items, unread: all.unread };
}

export interface NotificationFilter {
  /** Already folded (contracts/search.ts). */
  search?: string;
  status: 'all' | 'read' | 'unread';
  type: 'all' | (typeof notifications.$inferSelect)['type'];
  page: number;
  pageSize: number;
}

/**
 * A search over what staff read: the title, the text of a note staff wrote, and the facts of an event (name, booking
 * number, pitch, staff member, date as YYYY-MM-DD), whose message is rendered from them (contracts/events.ts).
 */
const matching = (term: string) =>
  sql`(instr(${folded(notifications.title)}, ${term}) > 0 or instr(${folded(notifications.message)}, ${term}) > 0
    or exists (select 1 from json_each(${notifications.facts}) as fact
      where fact.type = 'text' and instr(${folded(sql`fact.value`)}, ${term}) > 0))`;

export async function notificationPage(db: Db, f: NotificationFilter, viewer: number) {
  const where = and(
    // instr, not LIKE: D1 caps LIKE patterns at 50 bytes, which a 49-character search already exceeds.
    f.search ? matching(f.search) : undefined,
    f.status === 'all' ? undefined : f.status === 'unread' ? unread(viewer) : not(unread(viewer)),
    f.type === 'all' ? undefined : eq(notifications.type, f.type),
  );
  const [items, [filtered], [all]] = await db.batch([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(...newestFirst)
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize),
    db.select({ n: count() }).from(notifications).where(where),
    counts(db, viewer),
  ]);
  return { items, total: filtered.n, all };
}

export async function notificationCounts(db: Db, viewer: number) {
  const [[all], byType, byPriority] = await db.batch([
    counts(db, viewer),
    db.select({ key: notifications.type, n: count() }).from(notifications).groupBy(notifications.type),
    db.select({ key: notifications.priority, n: count() }).from(notifications).groupBy(notifications.priority),
  ]);
  return { all, byType, byPriority };
}

export function markRead(db: Db, id: number, now: number) {
  return db
    .update(notifications)
    .set({ isRead: true, readAt: sql`coalesce(${notifications.readAt}, ${now})` })
    .where(eq(notifications.id, id))
    .returning()
    .get();
}

export async function markAllRead(db: Db, now: number): Promise<number> {
  const res = await db
    .update(notifications)
    .set({ isRead: true, readAt: now })
    .where(eq(notifications.isRead, false))
    .run();
  return res.meta.changes ?? 0;
}

export function deleteNotification(db: Db, id: number) {
  return db.delete(notifications).where(eq(notifications.id, id)).returning({ id: notifications.id }).get();
}
