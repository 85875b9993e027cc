import { Hono } from 'hono';
import { eq, or, sql } from 'drizzle-orm';
import { loginSchema } from '../../../contracts/auth';
import { msg } from '../../../contracts/messages';
import { getDb } from '../db/client';
import { roles, users } from '../db/schema';
import { clearSessionCookie, requireStaff, setSessionCookie, toPublicUser, type AppEnv } from '../lib/auth';
import { unauthorized } from '../lib/errors';
import { ok } from '../lib/http';
import { signToken } from '../lib/jwt';
import { burnPasswordTime, verifyPassword } from '../lib/password';
import { clientAddress, enforceRateLimit, limitsFor } from '../lib/rate-limit';
import { body } from '../lib/validate';

export const authRoutes = new Hono<AppEnv>()
  /** Login by e-mail or username (00 §5). */
  .post('/auth/local', body(loginSchema), async (c) => {
    const { identifier, password, remember } = c.req.valid('json');
    const { windowSeconds, rules } = limitsFor(c.env, 'login', clientAddress(c.req.raw), identifier);
    await enforceRateLimit(c.env, 'login', windowSeconds, rules);
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
    // Per account too, so alternating username and e-mail does not double the guesses.
    const perAccount = rules.find((r) => r.key.startsWith('login:t:'))!.limit;
    await enforceRateLimit(c.env, 'login', windowSeconds, [{ key: `login:account:${row.user.id}`, limit: perAccount }]);
    if (!(await verifyPassword(password, row.user.passwordHash))) throw unauthorized(msg.invalidCredentials);
    if (row.user.blocked) throw unauthorized(msg.userBlocked);
    const ttl = Number(c.env.JWT_TTL_SECONDS) || 604_800;
    const jwt = await signToken({ sub: String(row.user.id), role: row.role.type }, c.env.JWT_SECRET, ttl);
    setSessionCookie(c, jwt, remember ? ttl : null);
    c.executionCtx.waitUntil(db.update(users).set({ lastLoginAt: Date.now() }).where(eq(users.id, row.user.id)).run());
    return ok(c, { jwt, user: toPublicUser(row.user, row.role) });
  })
  /** Ends the server-side half of the session (the cookie); the browser drops its stored token itself. */
  .post('/auth/logout', (c) => {
    clearSessionCookie(c);
    return ok(c, { ok: true });
  })
  /** The signed-in profile with its role; `populate=role` is accepted, the role is always included. */
  .get('/users/me', requireStaff, (c) => ok(c, c.get('user')));
