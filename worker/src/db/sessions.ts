// Staff sessions: one row per signed-in device, named by the token's `sid` (README 'Threat model').
import { and, eq, gt, inArray, lt, ne } from 'drizzle-orm';
import type { Db } from './client';
import { staffSessions, users } from './schema';

/** 128 random bits, base64url: the session's name inside its token. */
export function newSessionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

export function insertSession(db: Db, row: { id: string; userId: number; createdAt: number; expiresAt: number }) {
  return db.insert(staffSessions).values(row);
}

/** Ends one session (logout). Answers whether it was still there. */
export async function deleteSession(db: Db, id: string, userId: number): Promise<boolean> {
  const gone = await db
    .delete(staffSessions)
    .where(and(eq(staffSessions.id, id), eq(staffSessions.userId, userId)))
    .returning({ id: staffSessions.id });
  return gone.length > 0;
}

/** Every session of an account, or every one but `keep` (one's own password change keeps the device it was made on). */
export function deleteSessionsOf(db: Db, userId: number, keep?: string) {
  return db
    .delete(staffSessions)
    .where(keep ? and(eq(staffSessions.userId, userId), ne(staffSessions.id, keep)) : eq(staffSessions.userId, userId));
}

/** The hourly sweep: rows whose token has expired are no use to anyone. */
export async function purgeExpiredSessions(db: Db, now: number): Promise<void> {
  await db.delete(staffSessions).where(lt(staffSessions.expiresAt, now)).run();
}

/**
 * The sessions among `ids` that are still live, with their account's current token version and whether it is
 * disabled: the staff hub's periodic check of its open sockets.
 */
export async function liveSessions(db: Db, ids: string[], now: number) {
  const out: Array<{ id: string; userId: number; tokenVersion: number; blocked: boolean }> = [];
  // D1 binds at most 100 parameters a statement.
  for (let i = 0; i < ids.length; i += 90) {
    const rows = await db
      .select({
        id: staffSessions.id,
        userId: staffSessions.userId,
        tokenVersion: users.tokenVersion,
        blocked: users.blocked,
      })
      .from(staffSessions)
      .innerJoin(users, eq(users.id, staffSessions.userId))
      .where(and(inArray(staffSessions.id, ids.slice(i, i + 90)), gt(staffSessions.expiresAt, now)))
      .all();
    out.push(...rows);
  }
  return out;
}
