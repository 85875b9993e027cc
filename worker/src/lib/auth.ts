import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import type { PublicUser, RoleType } from '../../../contracts/auth';
import { msg } from '../../../contracts/messages';
import { getDb, type Db } from '../db/client';
import { roles, users } from '../db/schema';
import { forbidden, unauthorized } from './errors';
import { verifyToken } from './jwt';

export type AppEnv = { Bindings: Env; Variables: { user: PublicUser } };

export function bearer(header: string | undefined | null): string | null {
  const m = header?.match(/^Bearer\s+(\S+)$/i);
  return m ? m[1] : null;
}

export async function loadUser(db: Db, id: number): Promise<PublicUser | undefined> {
  const row = await db
    .select({ user: users, role: roles })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, id))
    .get();
  return row ? toPublicUser(row.user, row.role) : undefined;
}

export function toPublicUser(u: typeof users.$inferSelect, r: typeof roles.$inferSelect): PublicUser {
  return {
    id: u.id,
    documentId: u.documentId,
    username: u.username,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    blocked: u.blocked,
    role: { id: r.id, name: r.name, type: r.type },
  };
}

/** Verifies a staff token and returns its user; null when there is no token at all. */
export async function staffFromToken(env: Env, token: string | null): Promise<PublicUser | null> {
  if (!token) return null;
  const claims = await verifyToken(token, env.JWT_SECRET);
  const user = await loadUser(getDb(env.DB), Number(claims.sub));
  if (!user || user.blocked) throw unauthorized(msg.invalidToken);
  return user;
}

/**
 * The panel's server-rendered pages cannot read a token kept in the browser's storage, so login also sets the same JWT
 * as an HttpOnly, SameSite=Strict cookie. Strict keeps it off every cross-site request, so it cannot be used for CSRF.
 */
export const SESSION_COOKIE = 'hs_session';

export function setSessionCookie(c: Context, token: string, maxAgeSeconds: number | null) {
  setCookie(c, SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'Strict',
    secure: new URL(c.req.url).protocol === 'https:',
    ...(maxAgeSeconds ? { maxAge: maxAgeSeconds } : {}),
  });
}

export function clearSessionCookie(c: Context) {
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: new URL(c.req.url).protocol === 'https:' });
}

/** The bearer header wins; the session cookie is the fallback (server-rendered panel pages, the bell's socket). */
export function requestToken(c: Context): string | null {
  return bearer(c.req.header('Authorization')) ?? getCookie(c, SESSION_COOKIE) ?? null;
}

/** Every /api route outside the public list needs a valid staff token (00 §5). */
export const requireStaff = createMiddleware<AppEnv>(async (c, next) => {
  const user = await staffFromToken(c.env, requestToken(c));
  if (!user) throw unauthorized();
  c.set('user', user);
  await next();
});

/** Reports and Settings need role type admin (00 §5). */
export const requireRole = (type: RoleType) =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (c.get('user').role.type !== type && c.get('user').role.type !== 'admin') throw forbidden();
    await next();
  });
