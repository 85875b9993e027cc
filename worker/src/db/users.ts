// Staff accounts and their roles.
import { eq, or, sql } from 'drizzle-orm';
import type { Db } from './client';
import { roles, users } from './schema';

export type UserRow = typeof users.$inferSelect;
export type RoleRow = typeof roles.$inferSelect;
export interface UserWithRole {
  user: UserRow;
  role: RoleRow;
}

const withRole = (db: Db) =>
  db.select({ user: users, role: roles }).from(users).innerJoin(roles, eq(roles.id, users.roleId));

/** A user by e-mail or username, either spelled in any case (00 §5). */
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

export async function recordLogin(db: Db, userId: number, at: number): Promise<void> {
  await db.update(users).set({ lastLoginAt: at }).where(eq(users.id, userId)).run();
}

/** Bumps the token version: every token signed with the old one stops working. */
export async function bumpTokenVersion(db: Db, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, userId))
    .run();
}
