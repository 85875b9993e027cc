import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import type { PublicUser, RoleType } from '../../../contracts/auth';
import { msg } from '../../../contracts/messages';
import { getDb } from '../db/client';
import { type RoleRow, sessionUser, type UserRow } from '../db/users';
import { forbidden, unauthorized } from './errors';
import { verifyToken } from './jwt';
import { step } from './timing';

/** The session a staff request runs in: its row (`sid`), the account's token version and when the token expires. */
export interface StaffSession {
  sid: string;
  ver: number;
  /** Epoch seconds. */
  exp: number;
}

export type AppEnv = { Bindings: Env; Variables: { user: PublicUser; session: StaffSession } };

export function bearer(header: string | undefined | null): string | null {
  const m = header?.match(/^Bearer\s+(\S+)$/i);
  return m ? m[1] : null;
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

/**
 * Verifies a staff token against D1: the account exists and is enabled, its token version is still the token's, and the
 * token's session row is still there. Null when there is no token at all.
 */
export async function staffSession(
  env: Env,
  token: string | null,
): Promise<{ user: PublicUser; session: StaffSession } | null> {
  if (!token) return null;
  const claims = await verifyToken(token, env.JWT_SECRET);
  const id = Number(claims.sub);
  const found = Number.isSafeInteger(id) ? await sessionUser(getDb(env.DB), id, claims.sid, Date.now()) : undefined;
  if (!found) throw unauthorized(msg.invalidToken);
  // A revoked token (logout, every session ended, a password change) reads like an expired one: sign in again.
  if (found.user.tokenVersion !== claims.ver || !found.live) throw unauthorized(msg.sessionExpired);
  if (found.user.blocked) throw unauthorized(msg.invalidToken);
  return {
    user: toPublicUser(found.user, found.role),
    session: { sid: claims.sid, ver: claims.ver, exp: claims.exp ?? 0 },
  };
}

/** Verifies a staff token and returns its user; null when there is no token at all. */
export async function staffFromToken(env: Env, token: string | null): Promise<PublicUser | null> {
  return (await staffSession(env, token))?.user ?? null;
}

/**
 * The browser's only credential: an HttpOnly, SameSite=Strict cookie, never readable by scripts, never in
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

/** Every /api route outside the public list needs a valid staff token (behaviour.md#staff-sessions-and-permissions). */
export const requireStaff = createMiddleware<AppEnv>(async (c, next) => {
  const found = await step('auth', () => staffSession(c.env, requestToken(c)));
  if (!found) throw unauthorized();
  c.set('user', found.user);
  c.set('session', found.session);
  await next();
});

/** Reports and Settings need role type admin (behaviour.md#staff-sessions-and-permissions). */
export const requireRole = (type: RoleType) =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (c.get('user').role.type !== type && c.get('user').role.type !== 'admin') throw forbidden();
    await next();
  });
