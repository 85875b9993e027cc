import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import type { PublicUser, RoleType } from '../../../contracts/auth';
import { msg } from '../../../contracts/messages';
import { type Db, getDb } from '../db/client';
import { bumpTokenVersion, type RoleRow, type UserRow, userById } from '../db/users';
import { forbidden, unauthorized } from './errors';
import { verifyToken } from './jwt';
import { step } from './timing';

export type AppEnv = { Bindings: Env; Variables: { user: PublicUser } };

export function bearer(header: string | undefined | null): string | null {
  const m = header?.match(/^Bearer\s+(\S+)$/i);
  return m ? m[1] : null;
}

async function loadSessionUser(db: Db, id: number): Promise<{ user: PublicUser; tokenVersion: number } | undefined> {
  if (!Number.isSafeInteger(id)) return undefined;
  const row = await userById(db, id);
  return row ? { user: toPublicUser(row.user, row.role), tokenVersion: row.user.tokenVersion } : undefined;
}

/** Ends every session of a user (logout, password change): tokens signed with the old version stop working. */
export async function revokeSessions(db: Db, userId: number): Promise<void> {
  await bumpTokenVersion(db, userId);
}

/** Token lifetimes (README 'Configuration'): a browser-session sign-in lasts 12 h, 'Beni hatırla' 30 days. */
export function tokenLifetime(env: Env, remember: boolean): number {
  const n = Number(remember ? env.JWT_REMEMBER_TTL_SECONDS : env.JWT_TTL_SECONDS);
  return Number.isFinite(n) && n > 0 ? n : remember ? 2_592_000 : 43_200;
}

export function toPublicUser(u: UserRow, r: RoleRow): PublicUser {
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
  const found = await loadSessionUser(getDb(env.DB), Number(claims.sub));
  // A revoked token (logout, password change) reads like an expired one: sign in again.
  if (found && found.tokenVersion !== claims.ver) throw unauthorized(msg.sessionExpired);
  if (!found || found.user.blocked) throw unauthorized(msg.invalidToken);
  return found.user;
}

/**
 * The browser's only credential (issue 7 §4): an HttpOnly, SameSite=Strict cookie, never readable by scripts, never in
 * storage or URLs. Cookie-authenticated writes are also checked by csrf() (Origin / Sec-Fetch-Site) in app.ts.
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

/** The bearer header wins (API clients); the session cookie is what browsers use (the panel, the bell's socket). */
export function requestToken(c: Context): string | null {
  return bearer(c.req.header('Authorization')) ?? getCookie(c, SESSION_COOKIE) ?? null;
}

/** A request authenticated by the cookie alone: the kind a foreign site could make the browser send (CSRF). */
export function cookieAuthenticated(c: Context): boolean {
  return !bearer(c.req.header('Authorization')) && Boolean(getCookie(c, SESSION_COOKIE));
}

/** Every /api route outside the public list needs a valid staff token (00 §5). */
export const requireStaff = createMiddleware<AppEnv>(async (c, next) => {
  const user = await step('auth', () => staffFromToken(c.env, requestToken(c)));
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
