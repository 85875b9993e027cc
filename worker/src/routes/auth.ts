import { Hono } from 'hono';
import { loginSchema } from '../../../contracts/auth';
import { changePasswordSchema } from '../../../contracts/staff';
import { type AppEnv, bearer, clearSessionCookie, requestToken, requireStaff, setSessionCookie } from '../lib/auth';
import { ok } from '../lib/http';
import { clientAddress } from '../lib/rate-limit';
import { body } from '../lib/validate';
import { changeOwnPassword, signIn, signOut, signOutEverywhere } from '../services/auth';

export const authRoutes = new Hono<AppEnv>()
  /** Login by e-mail or username (behaviour.md#staff-sessions-and-permissions). */
  .post('/auth/local', body(loginSchema), async (c) => {
    const waitUntil = (p: Promise<unknown>) => c.executionCtx.waitUntil(p);
    const { jwt, user, cookieMaxAge } = await signIn(c.env, c.req.valid('json'), clientAddress(c.req.raw), waitUntil);
    setSessionCookie(c, jwt, cookieMaxAge);
    // The jwt stays in the answer for API clients (Bearer); the site ignores it and relies on the HttpOnly cookie.
    return ok(c, { jwt, user });
  })
  /** 'Çıkış Yap': ends this session only (its open sockets too); the cookie goes. Other devices stay signed in. */
  .post('/auth/logout', async (c) => {
    await signOut(c.env, requestToken(c));
    clearSessionCookie(c);
    return ok(c, { ok: true });
  })
  /** 'Tüm oturumları kapat' (Hesabım): every session of the account ends, this one included; the cookie goes. */
  .post('/auth/logout-all', requireStaff, async (c) => {
    await signOutEverywhere(c.env, c.get('user'), c.get('session'));
    clearSessionCookie(c);
    return ok(c, { ok: true });
  })
  /**
   * One's own password: every other session ends; this one gets a fresh cookie (and `jwt` for API clients).
   */
  .put('/auth/password', requireStaff, body(changePasswordSchema), async (c) => {
    const token = requestToken(c)!;
    const { jwt, user, cookieMaxAge } = await changeOwnPassword(
      c.env,
      c.get('user'),
      c.get('session'),
      token,
      c.req.valid('json'),
    );
    // A bearer client keeps its own token; the browser's cookie is replaced.
    if (!bearer(c.req.header('Authorization'))) setSessionCookie(c, jwt, cookieMaxAge);
    return ok(c, { jwt, user });
  })
  /** The signed-in profile with its role; `populate=role` is accepted, the role is always included. */
  .get('/users/me', requireStaff, (c) => ok(c, c.get('user')));
