// The panel's server-side session (api.md 'Session cookie'): login also sets the JWT as an HttpOnly, SameSite=Strict
// cookie that server-rendered panel pages and the bell's socket can read; logout clears it.
import { env, exports } from 'cloudflare:workers';
import { decodeJwt, SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { type AuditRowLike, auditLine } from '../../contracts/events';
import { upsertStaffSql } from '../../scripts/lib/staff-sql';
import { hashPassword } from '../../worker/src/lib/password';
import {
  api,
  createStaff,
  expectError,
  json,
  type LoginAnswer,
  type MeAnswer,
  type OkAnswer,
  tokenFor,
} from './fixtures';

const PASSWORD = 'cerez-sifre-1';
let staff: Awaited<ReturnType<typeof createStaff>>;
let ipSeq = 0;

beforeAll(async () => {
  staff = await createStaff('manager', {}, PASSWORD);
});

function login(body: Record<string, unknown>, origin = 'http://localhost') {
  return exports.default.fetch(
    new Request(`${origin}/api/auth/local`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'cf-connecting-ip': `203.0.113.${++ipSeq % 250}` },
      body: JSON.stringify(body),
    }),
  );
}

/** The attributes of the one Set-Cookie for hs_session, names lower-cased. */
function sessionCookie(res: Response) {
  const all = res.headers.getSetCookie().filter((c) => c.startsWith('hs_session='));
  expect(all).toHaveLength(1);
  const [pair, ...attrs] = all[0].split(';').map((p) => p.trim());
  const attributes = new Map(
    attrs.map((a) => {
      const [k, ...v] = a.split('=');
      return [k.toLowerCase(), v.join('=')] as const;
    }),
  );
  return { value: pair.slice('hs_session='.length), attributes, raw: all[0] };
}

const me = (cookie: string) => api('/api/users/me', { headers: { cookie: `hs_session=${cookie}` } });

describe('signing in sets the session cookie', () => {
  it('HttpOnly, SameSite=Strict, Path=/, holding the same JWT, and a session cookie without remember', async () => {
    const res = await login({ identifier: staff.username, password: PASSWORD });
    expect(res.status).toBe(200);
    const { data } = await json<LoginAnswer>(res);
    const cookie = sessionCookie(res);
    expect(cookie.value).toBe(data.jwt);
    expect(cookie.attributes.has('httponly')).toBe(true);
    expect(cookie.attributes.get('samesite')).toBe('Strict');
    expect(cookie.attributes.get('path')).toBe('/');
    // Without 'Beni hatırla' the cookie ends with the browser session.
    expect(cookie.attributes.has('max-age')).toBe(false);
    expect(cookie.attributes.has('expires')).toBe(false);
    // Plain http (local development) cannot carry a Secure cookie.
    expect(cookie.attributes.has('secure')).toBe(false);
  });

  it('with remember: true the cookie and its token persist for the remembered lifetime (30 days)', async () => {
    const res = await login({ identifier: staff.email, password: PASSWORD, remember: true });
    expect(res.status).toBe(200);
    const cookie = sessionCookie(res);
    expect(env.JWT_REMEMBER_TTL_SECONDS).toBe('2592000');
    expect(cookie.attributes.get('max-age')).toBe('2592000');
    expect(cookie.attributes.has('httponly')).toBe(true);
    const exp = decodeJwt(cookie.value).exp! - Math.floor(Date.now() / 1000);
    expect(exp).toBeGreaterThan(2_592_000 - 10);
  });

  it('without remember the token itself lives 12 hours, not 7 days', async () => {
    const cookie = sessionCookie(await login({ identifier: staff.username, password: PASSWORD }));
    const exp = decodeJwt(cookie.value).exp! - Math.floor(Date.now() / 1000);
    expect(env.JWT_TTL_SECONDS).toBe('43200');
    expect(exp).toBeGreaterThan(43_200 - 10);
    expect(exp).toBeLessThanOrEqual(43_200);
  });

  it('over https the cookie is Secure too', async () => {
    const res = await login({ identifier: staff.username, password: PASSWORD }, 'https://halisaha.example');
    expect(res.status).toBe(200);
    expect(sessionCookie(res).attributes.has('secure')).toBe(true);
  });

  it('a failed sign-in sets no cookie', async () => {
    const res = await login({ identifier: staff.username, password: 'yanlis-sifre' });
    expect(res.status).toBe(401);
    expect(res.headers.getSetCookie().some((c) => c.startsWith('hs_session='))).toBe(false);
  });
});

describe('the cookie authenticates on its own', () => {
  it('GET /api/users/me answers the signed-in user with only the cookie', async () => {
    const cookie = sessionCookie(await login({ identifier: staff.username, password: PASSWORD }));
    const res = await me(cookie.value);
    expect(res.status).toBe(200);
    expect((await json<MeAnswer>(res)).data).toMatchObject({
      id: staff.id,
      username: staff.username,
      role: { type: 'manager' },
    });
  });

  it('a forged, expired, garbage or blocked-user cookie is refused with 401', async () => {
    const sign = (key: Uint8Array, exp: number) =>
      new SignJWT({ role: 'admin' })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer('halisaha')
        .setSubject(String(staff.id))
        .setIssuedAt()
        .setExpirationTime(exp)
        .sign(key);
    const now = Math.floor(Date.now() / 1000);
    const forged = await sign(new TextEncoder().encode('another-secret-0123456789abcdef0123456789'), now + 3600);
    expect((await expectError(await me(forged), 401)).message).toBe(
      'Geçersiz oturum bilgisi, lütfen tekrar giriş yapın',
    );
    const expired = await sign(new TextEncoder().encode(env.JWT_SECRET), now - 10);
    expect((await expectError(await me(expired), 401)).message).toBe(
      'Oturumunuzun süresi doldu, lütfen tekrar giriş yapın',
    );
    await expectError(await me('bozuk-cerez'), 401);
    const blocked = await createStaff('admin', { blocked: true });
    await expectError(await me(await tokenFor(blocked)), 401);
  });

  it('a cookie by another name is not a session', async () => {
    const token = await tokenFor(staff, 'manager');
    await expectError(
      await api('/api/users/me', { headers: { cookie: `session=${token}; hs_sessionx=${token}` } }),
      401,
    );
  });
});

describe('signing out', () => {
  it('POST /api/auth/logout answers ok and clears the cookie', async () => {
    const res = await api('/api/auth/logout', {
      method: 'POST',
      headers: { cookie: `hs_session=${await tokenFor(staff, 'manager')}`, origin: 'http://localhost' },
    });
    expect(res.status).toBe(200);
    expect((await json<OkAnswer>(res)).data).toEqual({ ok: true });
    const cookie = sessionCookie(res);
    expect(cookie.value).toBe('');
    expect(cookie.attributes.get('path')).toBe('/');
    const maxAge = cookie.attributes.get('max-age');
    const expires = cookie.attributes.get('expires');
    expect(maxAge === '0' || (expires !== undefined && Date.parse(expires) <= Date.now())).toBe(true);
  });

  it('works without a session too, so a stale tab can always sign out', async () => {
    const res = await api('/api/auth/logout', { method: 'POST' });
    expect(res.status).toBe(200);
    expect(sessionCookie(res).value).toBe('');
  });
});

describe('revocation: logout and a password change end the token, not only the cookie', () => {
  const fresh = async () => {
    const user = await createStaff('manager', {}, PASSWORD);
    const cookie = sessionCookie(await login({ identifier: user.username, password: PASSWORD })).value;
    return { user, cookie };
  };

  it('after logout the same token is refused, by cookie and by bearer', async () => {
    const { cookie } = await fresh();
    expect((await me(cookie)).status).toBe(200);
    const out = await api('/api/auth/logout', {
      method: 'POST',
      headers: { cookie: `hs_session=${cookie}`, origin: 'http://localhost' },
    });
    expect(out.status).toBe(200);
    expect((await expectError(await me(cookie), 401)).message).toBe(
      'Oturumunuzun süresi doldu, lütfen tekrar giriş yapın',
    );
    await expectError(await api('/api/users/me', { token: cookie }), 401);
  });

  it('logout ends this session only: the same account signed in on another device stays signed in', async () => {
    const { user, cookie } = await fresh();
    const phone = sessionCookie(await login({ identifier: user.email, password: PASSWORD })).value;
    await api('/api/auth/logout', {
      method: 'POST',
      headers: { cookie: `hs_session=${cookie}`, origin: 'http://localhost' },
    });
    await expectError(await me(cookie), 401);
    expect((await me(phone)).status).toBe(200);
    const again = sessionCookie(await login({ identifier: user.username, password: PASSWORD })).value;
    expect((await me(again)).status).toBe(200);
    expect((await me(phone)).status).toBe(200);
  });

  it("'Tüm oturumları kapat' ends every session of the account, this one included, and is in the audit log", async () => {
    const { user, cookie } = await fresh();
    const phone = sessionCookie(await login({ identifier: user.email, password: PASSWORD })).value;
    const res = await api('/api/auth/logout-all', {
      method: 'POST',
      headers: { cookie: `hs_session=${cookie}`, origin: 'http://localhost' },
    });
    expect(res.status).toBe(200);
    expect(sessionCookie(res).value).toBe('');
    for (const token of [cookie, phone])
      expect((await expectError(await me(token), 401)).message).toBe(
        'Oturumunuzun süresi doldu, lütfen tekrar giriş yapın',
      );
    const rows = await env.DB.prepare('select count(*) as n from staff_sessions where user_id = ?')
      .bind(user.id)
      .first<{ n: number }>();
    expect(rows?.n).toBe(0);
    const audit = await env.DB.prepare(
      "select entity_kind as entityKind, action, entity_label as entityLabel, details, summary from audit_log where action = 'sessions_ended' and entity_id = ?",
    )
      .bind(String(user.id))
      .first<AuditRowLike>();
    expect(auditLine(audit!)).toContain('tüm oturumlarını kapattı');
    const again = sessionCookie(await login({ identifier: user.username, password: PASSWORD })).value;
    expect((await me(again)).status).toBe(200);
  });

  it("'Tüm oturumları kapat' needs a live session", async () => {
    const res = await api('/api/auth/logout-all', { method: 'POST', headers: { origin: 'http://localhost' } });
    await expectError(res, 401);
  });

  it('a token whose session row is gone is refused even though its signature, account and version still hold', async () => {
    const { user, cookie } = await fresh();
    const { sid } = decodeJwt(cookie) as { sid: string };
    expect(typeof sid).toBe('string');
    await env.DB.prepare('delete from staff_sessions where id = ? and user_id = ?').bind(sid, user.id).run();
    expect((await expectError(await me(cookie), 401)).message).toBe(
      'Oturumunuzun süresi doldu, lütfen tekrar giriş yapın',
    );
  });

  it('a token without a session name is refused (tokens signed before sessions had names)', async () => {
    const { user } = await fresh();
    const legacy = await new SignJWT({ role: 'manager', ver: 0 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(user.id))
      .setIssuer('halisaha')
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + 600)
      .sign(new TextEncoder().encode(env.JWT_SECRET));
    await expectError(await me(legacy), 401);
  });

  it('a stale (already revoked) token cannot log out the session that replaced it', async () => {
    const { user, cookie } = await fresh();
    await api('/api/auth/logout', {
      method: 'POST',
      headers: { cookie: `hs_session=${cookie}`, origin: 'http://localhost' },
    });
    const current = sessionCookie(await login({ identifier: user.username, password: PASSWORD })).value;
    await api('/api/auth/logout', { method: 'POST', token: cookie });
    expect((await me(current)).status).toBe(200);
  });

  it('a password reset by scripts/create-staff.ts refuses the tokens signed before it; the new password signs in', async () => {
    const { user, cookie } = await fresh();
    await env.DB.prepare(
      upsertStaffSql({
        documentId: 'ignored-on-conflict',
        username: user.username,
        email: user.email,
        passwordHash: await hashPassword('yeni-sifre-42'),
        roleId: 2,
      }),
    ).run();
    await expectError(await me(cookie), 401);
    const fresh2 = await login({ identifier: user.username, password: 'yeni-sifre-42' });
    expect(fresh2.status).toBe(200);
    expect((await me(sessionCookie(fresh2).value)).status).toBe(200);
  });

  it('the staff socket refuses a revoked token too', async () => {
    const { cookie } = await fresh();
    await api('/api/auth/logout', {
      method: 'POST',
      headers: { cookie: `hs_session=${cookie}`, origin: 'http://localhost' },
    });
    await expectError(
      await api('/api/notifications/live', { headers: { cookie: `hs_session=${cookie}`, upgrade: 'websocket' } }),
      401,
    );
  });
});
