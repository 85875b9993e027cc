// Staff devices that hear the staff events (docs/behaviour.md#notifications 'Staff push'): one row per push endpoint,
// made in one staff session and deleted with it (the foreign keys cascade from staff_sessions and users), by a push
// service's 404/410, and by the device's own 'off'.
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { EventKind } from '../../../contracts/events';
import type { Db } from './client';
import { bookings, notifications, staffPushSubscriptions, staffSessions, users } from './schema';

export type StaffPushRow = typeof staffPushSubscriptions.$inferSelect;

/**
 * Stores the endpoint for this session, or moves it here (the same browser signed in again, by this or another staff
 * member) with its keys renewed: one statement, idempotent per endpoint. Written only while the session's row is
 * there, so a session ended meanwhile leaves nothing behind. False when nothing was written.
 */
export async function addStaffPush(
  db: Db,
  session: { userId: number; sid: string },
  sub: { endpoint: string; p256dh: string; auth: string },
  now: number,
): Promise<boolean> {
  const rows = await db.all<{ id: number }>(sql`
    insert into ${staffPushSubscriptions} (user_id, session_id, endpoint, p256dh, auth, created_at)
    select s.user_id, s.id, ${sub.endpoint}, ${sub.p256dh}, ${sub.auth}, ${now}
    from ${staffSessions} s
    where s.id = ${session.sid} and s.user_id = ${session.userId} and s.expires_at > ${now}
    on conflict (endpoint) do update set
      user_id = excluded.user_id, session_id = excluded.session_id, p256dh = excluded.p256dh, auth = excluded.auth,
      created_at = excluded.created_at
    returning id`);
  return rows.length > 0;
}

/** The device's 'off': only the caller's own row of that endpoint. */
export async function removeStaffPush(db: Db, userId: number, endpoint: string): Promise<boolean> {
  const rows = await db
    .delete(staffPushSubscriptions)
    .where(and(eq(staffPushSubscriptions.userId, userId), eq(staffPushSubscriptions.endpoint, endpoint)))
    .returning({ id: staffPushSubscriptions.id });
  return rows.length > 0;
}

/** Whether the endpoint hears the staff events in this session. */
export async function hasStaffPush(db: Db, sid: string, endpoint: string): Promise<boolean> {
  const row = await db
    .select({ id: staffPushSubscriptions.id })
    .from(staffPushSubscriptions)
    .where(and(eq(staffPushSubscriptions.sessionId, sid), eq(staffPushSubscriptions.endpoint, endpoint)))
    .get();
  return row !== undefined;
}

/**
 * Every device that may hear a staff event now: its session unexpired and its account enabled. A session ended or an
 * account deleted took its rows with it; these two conditions also cover the moments before the hourly sweep.
 */
export const liveStaffPush = (db: Db, now: number) =>
  db
    .select({
      id: staffPushSubscriptions.id,
      userId: staffPushSubscriptions.userId,
      endpoint: staffPushSubscriptions.endpoint,
      p256dh: staffPushSubscriptions.p256dh,
      auth: staffPushSubscriptions.auth,
    })
    .from(staffPushSubscriptions)
    .innerJoin(staffSessions, eq(staffSessions.id, staffPushSubscriptions.sessionId))
    .innerJoin(users, eq(users.id, staffPushSubscriptions.userId))
    .where(and(gt(staffSessions.expiresAt, now), eq(users.blocked, false), eq(staffSessions.userId, users.id)))
    .all();

/** A push service answered 404/410: that browser dropped the subscription. */
export const deleteStaffPush = (db: Db, id: number) =>
  db.delete(staffPushSubscriptions).where(eq(staffPushSubscriptions.id, id)).run();

/** The notifications among `ids` that staff devices hear, with their booking's documentId (the page a click opens). */
export const staffEventsToPush = (db: Db, ids: number[], kinds: EventKind[]) =>
  db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      facts: notifications.facts,
      actorUserId: notifications.actorUserId,
      documentId: bookings.documentId,
    })
    .from(notifications)
    .innerJoin(bookings, eq(bookings.id, notifications.bookingId))
    .where(and(inArray(notifications.id, ids), inArray(notifications.kind, kinds)))
    .all();
