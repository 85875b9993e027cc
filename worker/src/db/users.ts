// Staff accounts and their roles.
import { asc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from './client';
import { roles, staffSessions, users } from './schema';

export type UserRow = typeof users.$inferSelect;
export type RoleRow = typeof roles.$inferSelect;
export interface UserWithRole {
  user: UserRow;
  role: RoleRow;
}

const withRole = (db: Db) =>
  db.select({ user: users, role: roles }).from(users).innerJoin(roles, eq(roles.id, users.roleId));

/** A user by e-mail or username, either spelled in any case (behaviour.md#staff-sessions-and-permissions). */
export async function userByIdentifier(db: Db, identifier: string): Promise<UserWithRole | undefined> {
  return withRole(db)
    .where(
      or(sql`${users.username} = ${identifier} collate nocase`, sql`${users.email} = ${identifier} collate nocase`),
    )
    .get();
}

export async function userById(db: Db, id: number): Promise<UserWithRole | undefined> {
  return withRole(db).where(eq(users.id, id)).get();
}

/** The account of a token with whether the token's session is still live: one read for every staff request. */
export async function sessionUser(
  db: Db,
  id: number,
  sid: string,
  now: number,
): Promise<(UserWithRole & { live: boolean }) | undefined> {
  const live = sql<number>`exists (select 1 from ${staffSessions} where ${staffSessions.id} = ${sid}
    and ${staffSessions.userId} = ${users.id} and ${staffSessions.expiresAt} > ${now})`;
  const row = await db
    .select({ user: users, role: roles, live })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, id))
    .get();
  return row ? { user: row.user, role: row.role, live: Boolean(row.live) } : undefined;
}

export async function recordLogin(db: Db, userId: number, at: number): Promise<void> {
  await db.update(users).set({ lastLoginAt: at }).where(eq(users.id, userId)).run();
}

/** Ends every session of an account: the token version moves on and every session row goes, in one batch. */
export async function endEverySession(db: Db, userId: number): Promise<void> {
  await db.batch([
    db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, userId)),
    db.delete(staffSessions).where(eq(staffSessions.userId, userId)),
  ]);
}

// ---------- staff accounts (Ayarlar → Personel) ----------

export async function listStaffUsers(db: Db): Promise<UserWithRole[]> {
  return withRole(db).orderBy(asc(users.id)).all();
}

/** Whether another account already has this username or e-mail, in any case (the nocase unique indexes). */
export async function staffClash(db: Db, username: string, email: string) {
  const rows = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(or(sql`${users.username} = ${username} collate nocase`, sql`${users.email} = ${email} collate nocase`))
    .all();
  return {
    username: rows.some((r) => r.username.toLowerCase() === username.toLowerCase()),
    email: rows.some((r) => r.email.toLowerCase() === email.toLowerCase()),
  };
}

const roleIdOf = (type: RoleRow['type']) =>
  sql<number>`(select ${roles.id} from ${roles} where ${roles.type} = ${type})`;

/** The new account and its audit row in one batch (`audit` built with the user's id as an expression). */
export async function insertStaffUser(
  db: Db,
  row: Omit<typeof users.$inferInsert, 'roleId'> & { role: RoleRow['type'] },
  audit: BatchItem<'sqlite'>,
): Promise<number> {
  const { role, ...values } = row;
  const [inserted] = await db.batch([
    db
      .insert(users)
      .values({ ...values, roleId: roleIdOf(role) })
      .returning({ id: users.id }),
    audit,
  ]);
  return inserted[0].id;
}

/** `users.id` of the account with this document id, as an expression for a statement in the same batch. */
export const userIdOfDocument = (documentId: string) =>
  sql<string>`(select cast(${users.id} as text) from ${users} where ${users.documentId} = ${documentId})`;

/**
 * The guard of the last active admin, in the UPDATE's own WHERE: the row changes only if, at the moment SQLite runs it,
 * the account is not an active admin or another active admin remains. D1 runs one statement at a time, so two admins
 * disabling each other at once cannot both pass (a check read before the write could: test/worker/staff-users.race).
 */
const keepsAnAdmin = (id: number): SQL => sql`(
  ${users.blocked} = 1
  or (select ${roles.type} from ${roles} where ${roles.id} = ${users.roleId}) <> 'admin'
  or exists (
    select 1 from ${users} as other join ${roles} as r on r.id = other.role_id
    where r.type = 'admin' and other.blocked = 0 and other.id <> ${id}
  )
)`;

export interface StaffChange {
  /** blocked: the account can no longer sign in; role: the new role. */
  blocked?: boolean;
  role?: RoleRow['type'];
  passwordHash?: string;
  /** Only if the token version is still this one (one's own password change signs a fresh token for version + 1). */
  tokenVersion?: number;
}

/**
 * One account's change and its audit row in one batch. A disable, a demotion or a new password also bumps the token
 * version, so every token of the account stops working on its next request. Returns false when nothing changed: the
 * account does not exist, or the change would leave no active admin (the audit row is then not written either).
 */
export async function changeStaffUser(
  db: Db,
  id: number,
  change: StaffChange,
  audit: (whenChanged: { whenChanged: boolean }) => BatchItem<'sqlite'>,
): Promise<boolean> {
  const revokes = change.blocked === true || change.role !== undefined || change.passwordHash !== undefined;
  const set = {
    updatedAt: Date.now(),
    ...(change.blocked !== undefined ? { blocked: change.blocked } : {}),
    ...(change.role !== undefined ? { roleId: roleIdOf(change.role) } : {}),
    ...(change.passwordHash !== undefined ? { passwordHash: change.passwordHash } : {}),
    ...(revokes ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
  };
  const guarded = change.blocked === true || change.role === 'manager';
  let where: SQL = guarded ? sql`${users.id} = ${id} and ${keepsAnAdmin(id)}` : eq(users.id, id);
  if (change.tokenVersion !== undefined) where = sql`${where} and ${users.tokenVersion} = ${change.tokenVersion}`;
  const [updated] = await db.batch([
    db.update(users).set(set).where(where).returning({ id: users.id }),
    audit({ whenChanged: true }),
  ]);
  return updated.length > 0;
}
