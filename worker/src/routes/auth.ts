import { Hono } from 'hono';
import { eq, or, sql } from 'drizzle-orm';
import { loginSchema } from '../../../contracts/auth';
import { msg } from '../../../contracts/messages';
import { getDb } from '../db/client';
import { roles, users } from '../db/schema';
import {
  clearSessionCookie, requestToken, requireStaff, revokeSessions, staffFromToken, setSessionCookie, tokenLifetime, toPublicUser, type AppEnv,
} from '../lib/auth';
import { unauthorized } from '../lib/errors';
import { ok } from '../lib/http';
import { signToken } from '../lib/jwt';
import { burnPasswordTime, verifyPassword } from '../lib/password';
import { clearLoginBackoff, clientAddress, enforceLoginBackoff, enforceRateLimit, limitsFor } from '../lib/rate-limit';
import { body } from '../lib/validate';

export const authRoutes = new Hono<AppEnv>()
  /** Login by e-mail or username (00 §5). */
  .post('/auth/local', body(loginSchema), async (c) => {
    const { identifier, password, remember } = c.req.valid('json');
    const address = clientAddress(c.req.raw);
    const { windowSeconds, rules } = limitsFor(c.env, 'login', address, identifier);
    // The loose per-address budget counts every attempt; the spelling's back-off counts failures only.
    await enforceRateLimit(c.env, 'login', windowSeconds, rules.filter((r) => r.key.startsWith('login:ip:')));
    await enforceLoginBackoff(c.env, address, identifier);
    const db = getDb(c.env.DB);
    const row = await db
      .select({ user: users, role: roles })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(or(sql`${users.username} = ${identifier} collate nocase`, sql`${users.email} = ${identifier} collate nocase`))
      .get();
    if (!row) {
      await burnPasswordTime(password);
      throw unauthorized(msg.invalidCredentials);
    }
    if (!(await verifyPassword(password, row.user.passwordHash))) throw unauthorized(msg.invalidCredentials);
    await clearLoginBackoff(c.env, address, [row.user.username, row.user.email]);
    if (row.user.blocked) throw unauthorized(msg.userBlocked);
    const ttl = tokenLifetime(c.env, Boolean(remember));
    const jwt = await signToken({ sub: String(row.user.id), role: row.role.type, ver: row.user.tokenVersion }, c.env.JWT_SECRET, ttl);
    // Without 'Beni hatırla' the cookie ends with the browser session (and the token after 12 h at most).
    setSessionCookie(c, jwt, remember ? ttl : null);
    c.executionCtx.waitUntil(db.update(users).set({ lastLoginAt: Date.now() }).where(eq(users.id, row.user.id)).run());
    // The jwt stays in the answer for API clients (Bearer); the site ignores it and relies on the HttpOnly cookie.
    return ok(c, { jwt, user: toPublicUser(row.user, row.role) });
  })
  /** Ends the session everywhere: the token's version is bumped (every token of the user stops working) and the cookie goes. */
  .post('/auth/logout', async (c) => {
    // Only a live token revokes: a stale one (already revoked) must not end the session that replaced it.
    const user = await staffFromToken(c.env, requestToken(c)).catch(() => null);
    if (user) await revokeSessions(getDb(c.env.DB), user.id);
    clearSessionCookie(c);
    return ok(c, { ok: true });
  })
  /** The signed-in profile with its role; `populate=role` is accepted, the role is always included. */
  .get('/users/me', requireStaff, (c) => ok(c, c.get('user')));
