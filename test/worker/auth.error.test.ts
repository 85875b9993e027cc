// Login refusals: validation (behaviour.md#validation), bad credentials, blocked staff, malformed bodies, unknown paths and rate limits (behaviour.md#staff-sessions-and-permissions–#errors-and-input);
// the own-password change's back-off on wrong current passwords.
import { evictDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { msg } from '../../contracts/messages';
import { staffMsg } from '../../contracts/staff';
import { ApiError } from '../../worker/src/lib/errors';
import {
  enforceLoginBackoff,
  enforcePasswordBackoff,
  enforceRateLimit,
  limiterFor,
  limitsFor,
} from '../../worker/src/lib/rate-limit';
import {
  api,
  createStaff,
  expectError,
  type Invalid,
  json,
  type LoginAnswer,
  type RateLimited,
  tokenFor,
} from './fixtures';

const uniq = () => Math.random().toString(36).slice(2, 8);
let ipSeq = 0;
/** A client address nobody else in the suite uses. */
const freshIp = () => `10.${Math.floor(Math.random() * 200) + 20}.${Math.floor(Math.random() * 250)}.${++ipSeq % 250}`;

const RATE_LIMITED = 'Çok fazla deneme yaptınız. Lütfen birkaç dakika sonra tekrar deneyin.';
const INVALID_CREDENTIALS = 'Geçersiz kullanıcı adı/e-posta veya şifre';
const PER_IDENTIFIER = Number(env.RATE_LIMIT_LOGIN_PER_IDENTIFIER);
const WINDOW_MS = Number(env.RATE_LIMIT_WINDOW_SECONDS) * 1000;

const login = (payload: unknown, ip = freshIp()) => api('/api/auth/local', { method: 'POST', json: payload, ip });

async function expectFieldError(res: Response, path: string, message: string) {
  const error = await expectError<Invalid>(res, 400);
  expect(error.name).toBe('ValidationError');
  expect(error.message).toBe(message);
  expect(Array.isArray(error.details.errors)).toBe(true);
  expect(error.details.errors).toContainEqual({ path: [path], message });
  return error;
}

describe('login validation (behaviour.md#validation)', () => {
  it('an empty identifier is refused with "E-posta veya kullanıcı adı gerekli"', async () => {
    await expectFieldError(
      await login({ identifier: '', password: 'secret123' }),
      'identifier',
      'E-posta veya kullanıcı adı gerekli',
    );
  });

  it('a whitespace-only identifier is refused with "E-posta veya kullanıcı adı gerekli"', async () => {
    await expectFieldError(
      await login({ identifier: '   ', password: 'secret123' }),
      'identifier',
      'E-posta veya kullanıcı adı gerekli',
    );
  });

  it('a missing identifier is refused with "E-posta veya kullanıcı adı gerekli"', async () => {
    await expectFieldError(await login({ password: 'secret123' }), 'identifier', 'E-posta veya kullanıcı adı gerekli');
  });

  it('an identifier with @ that is not an e-mail is refused with "Geçerli bir e-posta adresi girin"', async () => {
    await expectFieldError(
      await login({ identifier: 'mudur@', password: 'secret123' }),
      'identifier',
      'Geçerli bir e-posta adresi girin',
    );
    await expectFieldError(
      await login({ identifier: 'mudur@example', password: 'secret123' }),
      'identifier',
      'Geçerli bir e-posta adresi girin',
    );
  });

  it('a missing password is refused with "Şifre gerekli"', async () => {
    await expectFieldError(await login({ identifier: 'mudur' }), 'password', 'Şifre gerekli');
  });

  it('an empty password is refused with "Şifre gerekli", not the length message', async () => {
    const error = await expectFieldError(
      await login({ identifier: 'mudur', password: '' }),
      'password',
      'Şifre gerekli',
    );
    expect(error.message).toBe('Şifre gerekli');
  });

  it('a password shorter than 6 characters is refused with "Şifre en az 6 karakter olmalı"', async () => {
    await expectFieldError(
      await login({ identifier: 'mudur', password: '12345' }),
      'password',
      'Şifre en az 6 karakter olmalı',
    );
  });

  it('reports every invalid field in details.errors at once', async () => {
    const error = await expectError<Invalid>(await login({ identifier: '', password: '1' }), 400);
    expect(error.details.errors).toEqual(
      expect.arrayContaining([
        { path: ['identifier'], message: 'E-posta veya kullanıcı adı gerekli' },
        { path: ['password'], message: 'Şifre en az 6 karakter olmalı' },
      ]),
    );
    for (const e of error.details.errors) {
      expect(Array.isArray(e.path)).toBe(true);
      expect(typeof e.message).toBe('string');
    }
  });

  it('validates a body wrapped as { data: {...} } the same way', async () => {
    await expectFieldError(
      await login({ data: { identifier: 'x@y', password: 'secret123' } }),
      'identifier',
      'Geçerli bir e-posta adresi girin',
    );
  });
});

describe('login refusals', () => {
  it('a wrong password is 401 "Geçersiz kullanıcı adı/e-posta veya şifre"', async () => {
    const name = `wrongpw${uniq()}`;
    await createStaff('manager', { username: name, email: `${name}@example.com` }, 'dogru-sifre');
    const error = await expectError(await login({ identifier: name, password: 'yanlis-sifre' }), 401);
    expect(error.message).toBe(INVALID_CREDENTIALS);
    expect(error.name).toBe('UnauthorizedError');
  });

  it('an unknown user is 401 with the same message as a wrong password', async () => {
    const byName = await expectError(await login({ identifier: `nobody${uniq()}`, password: 'whatever1' }), 401);
    expect(byName.message).toBe(INVALID_CREDENTIALS);
    const byMail = await expectError(
      await login({ identifier: `nobody${uniq()}@example.com`, password: 'whatever1' }),
      401,
    );
    expect(byMail.message).toBe(INVALID_CREDENTIALS);
  });

  it('a blocked user with the right password is refused and gets no token', async () => {
    const name = `blocked${uniq()}`;
    await createStaff('manager', { username: name, email: `${name}@example.com`, blocked: true }, 'dogru-sifre');
    const res = await login({ identifier: name, password: 'dogru-sifre' });
    const error = await expectError(res, 401);
    expect(error.message).toBe(msg.userBlocked);
    expect(error.message).toMatch(/engellenmiş/);
  });

  it('a malformed JSON body is 400 in the error shape with a Turkish message', async () => {
    const res = await api('/api/auth/local', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"identifier": "admin", "password": ',
      ip: freshIp(),
    });
    const error = await expectError(res, 400);
    expect(error.message).toBe('İstek gövdesi geçerli bir JSON değil');
    expect(error.name).toBe('ValidationError');
  });

  it('an unknown /api path is 404 in the error shape', async () => {
    const res = await api(`/api/no-such-thing-${uniq()}`);
    const error = await expectError(res, 404);
    expect(error.name).toBe('NotFoundError');
    expect(error.message).toBe('İstenen adres bulunamadı');
  });

  it('an unknown method on the login path is 404 in the error shape', async () => {
    const error = await expectError(await api('/api/auth/local'), 404);
    expect(error.message).toBe('İstenen adres bulunamadı');
  });
});

describe('login back-off: failures only, reset on success, a growing wait instead of a lock-out', () => {
  it('five failures from one address are free; the sixth attempt waits (429, Turkish, retry-after)', async () => {
    const name = `brute${uniq()}`;
    await createStaff('manager', { username: name, email: `${name}@example.com` }, 'dogru-sifre');
    const ip = freshIp();
    // The fifth failure is still the plain 401; the attempt right after it is the first 429.
    for (let i = 0; i < 5; i++) {
      const error = await expectError(await login({ identifier: name, password: `yanlis-${i}-sifre` }, ip), 401);
      expect(error.message).toBe(INVALID_CREDENTIALS);
    }
    const blocked = await login({ identifier: name, password: 'dogru-sifre' }, ip);
    const retryAfter = blocked.headers.get('retry-after');
    const error = await expectError(blocked, 429);
    expect(error.message).toBe(RATE_LIMITED);
    expect(error.name).toBe('RateLimitError');
    expect(retryAfter).toMatch(/^\d+$/);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    // A short back-off, not the 10-minute lock-out it was.
    expect(Number(retryAfter)).toBeLessThanOrEqual(2);
  });

  it('the wait doubles with each further failure and is over once it has passed', async () => {
    const ip = freshIp();
    const spelling = `doubling${uniq()}`;
    const t0 = Date.parse('2030-01-01T10:00:00Z');
    const attempt = (at: number) =>
      enforceLoginBackoff(env, ip, spelling, at).then(
        () => 0,
        (e: ApiError) => e.details.retryAfter as number,
      );
    for (let i = 0; i < 4; i++) expect(await attempt(t0 + i)).toBe(0);
    expect(await attempt(t0 + 4)).toBe(0); // the fifth is let through and counted: 1 s wait after it
    expect(await attempt(t0 + 5)).toBe(1);
    expect(await attempt(t0 + 1004)).toBe(0); // the sixth: 2 s
    expect(await attempt(t0 + 1005)).toBe(2);
    expect(await attempt(t0 + 3004)).toBe(0); // the seventh: 4 s
    expect(await attempt(t0 + 3005)).toBe(4);
  });

  it('a success resets the count: successful logins never count toward a back-off', async () => {
    const user = await createStaff('manager', {}, 'dogru-sifre');
    const ip = freshIp();
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++)
        await expectError(await login({ identifier: user.username, password: 'yanlis-sifre' }, ip), 401);
      expect((await login({ identifier: user.username, password: 'dogru-sifre' }, ip)).status).toBe(200);
    }
    // Twelve failures and three successes later, still no wait: the fifth free failure is not used up.
    for (let i = 0; i < 4; i++)
      await expectError(await login({ identifier: user.username, password: 'yanlis-sifre' }, ip), 401);
    for (let i = 0; i < 20; i++)
      expect((await login({ identifier: user.username, password: 'dogru-sifre' }, ip)).status).toBe(200);
  });

  it('someone failing from other addresses slows the owner by at most a minute, never the old 10-minute lock-out', async () => {
    const user = await createStaff('manager', {}, 'dogru-sifre');
    const t0 = Date.parse('2031-03-01T10:00:00Z');
    // Thirty failures spread over many addresses, as fast as they come.
    for (let i = 0; i < 30; i++)
      await enforceLoginBackoff(env, freshIp(), user.username, t0 + i * 61_000).catch(() => undefined);
    // Even right after the last one, the owner's address waits no more than 60 s.
    const wait = await enforceLoginBackoff(env, freshIp(), user.username, t0 + 29 * 61_000 + 1).then(
      () => 0,
      (e: ApiError) => e.details.retryAfter as number,
    );
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
  });

  it('counts the spelling case-insensitively, so changing its case does not reset the back-off', async () => {
    const name = `casebrute${uniq()}`;
    const ip = freshIp();
    for (let i = 0; i < 5; i++)
      await expectError(
        await login({ identifier: i % 2 ? name.toUpperCase() : name, password: 'yanlis-sifre' }, ip),
        401,
      );
    expect(
      (await expectError(await login({ identifier: name.toUpperCase(), password: 'yanlis-sifre' }, ip), 429)).message,
    ).toBe(RATE_LIMITED);
  });

  it('rotating client addresses does not escape the per-spelling back-off: 10 free from all addresses, the 11th waits', async () => {
    expect(PER_IDENTIFIER).toBe(10);
    const name = `rotating${uniq()}`;
    for (let i = 0; i < PER_IDENTIFIER; i++)
      await expectError(await login({ identifier: name, password: 'yanlis-sifre' }, freshIp()), 401);
    await expectError(await login({ identifier: name, password: 'yanlis-sifre' }, freshIp()), 429);
  });

  it('parallel guesses cannot slip past the back-off: each is counted before its password is checked', async () => {
    const name = `parallel${uniq()}`;
    await createStaff('manager', { username: name, email: `${name}@example.com` }, 'dogru-sifre');
    const ip = freshIp();
    const statuses = await Promise.all(
      Array.from({ length: 20 }, () => login({ identifier: name, password: 'yanlis-sifre' }, ip).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 401).length).toBe(5);
    expect(statuses.filter((s) => s === 429).length).toBe(15);
  });

  it('another identifier from the very same address is unaffected', async () => {
    const ip = freshIp();
    const other = await createStaff('manager', {}, 'diger-sifre');
    for (let i = 0; i < 8; i++) await login({ identifier: `someone${uniq()}x`, password: 'yanlis-sifre' }, ip);
    const name = `victim${uniq()}`;
    for (let i = 0; i < 7; i++) await login({ identifier: name, password: 'yanlis-sifre' }, ip);
    await expectError(await login({ identifier: name, password: 'yanlis-sifre' }, ip), 429);
    const ok = await login({ identifier: other.username, password: 'diger-sifre' }, ip);
    expect(ok.status).toBe(200);
  });
});

describe('the back-off does not tell which spellings share an account', () => {
  it('after the username backs off, the e-mail of the same account answers exactly like an unrelated unknown e-mail', async () => {
    const user = await createStaff('manager');
    const ip = freshIp();
    for (let i = 0; i < 5; i++)
      await expectError(await login({ identifier: user.username, password: 'yanlis-sifre' }, ip), 401);
    await expectError(await login({ identifier: user.username, password: 'yanlis-sifre' }, ip), 429);
    const same = await expectError(await login({ identifier: user.email, password: 'yanlis-sifre' }, ip), 401);
    const unrelated = await expectError(
      await login({ identifier: `yok-${uniq()}@example.com`, password: 'yanlis-sifre' }, ip),
      401,
    );
    expect(same).toEqual(unrelated);
  });
});

describe('the per-address login budget slides (no double budget at a window edge)', () => {
  it('the per-address login limit refuses one address past its limit while another address still passes', async () => {
    const tight = { ...env, RATE_LIMIT_LOGIN_PER_IP: '3' } as Env;
    const a = freshIp();
    const b = freshIp();
    const now = Math.floor(Date.now() / WINDOW_MS) * WINDOW_MS + WINDOW_MS / 2;
    const attempt = async (ip: string) => {
      const { windowSeconds, rules } = await limitsFor(tight, 'login', ip, `perip${uniq()}`);
      return enforceRateLimit(env, 'login', windowSeconds, rules, now);
    };
    for (let i = 0; i < 3; i++) await expect(attempt(a)).resolves.toBeUndefined();
    const refused = await attempt(a).then(
      () => null,
      (e) => e,
    );
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused.status).toBe(429);
    expect(refused.message).toBe(RATE_LIMITED);
    expect(refused.details.retryAfter).toBeGreaterThan(0);
    expect(refused.details.retryAfter).toBeLessThanOrEqual(Number(env.RATE_LIMIT_WINDOW_SECONDS));
    await expect(attempt(b)).resolves.toBeUndefined();
  });

  it('counts attempts from distinct cf-connecting-ip addresses separately per address', async () => {
    const a = freshIp();
    const b = freshIp();
    for (let i = 0; i < 3; i++)
      await expectError(await login({ identifier: `ipcount${uniq()}`, password: 'yanlis-sifre' }, a), 401);
    for (let i = 0; i < 2; i++)
      await expectError(await login({ identifier: `ipcount${uniq()}`, password: 'yanlis-sifre' }, b), 401);
    const count = async (ip: string) => {
      const limiter = limiterFor(env, 'login', `login:ip:${ip}`);
      await limiter.flush();
      return (await limiter.stored(`login:ip:${ip}`))?.[3];
    };
    expect(await count(a)).toBe(3);
    expect(await count(b)).toBe(2);
  });
});

describe('API answers are never cached', () => {
  it('a login answer and an error answer both carry cache-control no-store', async () => {
    const user = await createStaff('admin');
    const okRes = await login({ identifier: user.username, password: 'secret123' });
    expect(okRes.status).toBe(200);
    expect(okRes.headers.get('cache-control')).toBe('no-store');
    const bad = await login({ identifier: user.username, password: 'yanlis-sifre' });
    expect(bad.headers.get('cache-control')).toBe('no-store');
  });
});

describe('rate-limit state survives a restart of its object', () => {
  it('an evicted limiter still makes a backed-off spelling wait', async () => {
    const name = `evicted${uniq()}`;
    const ip = freshIp();
    for (let i = 0; i < 5; i++) await expectError(await login({ identifier: name, password: 'yanlis-sifre' }, ip), 401);
    // Whatever was counted before the last flush survives the restart; a restart loses at most the last second.
    // Both of the spelling's back-off keys live in the spelling's object.
    await limiterFor(env, 'login', name).flush();
    await evictDurableObject(limiterFor(env, 'login', name));
    await expectError(await login({ identifier: name, password: 'yanlis-sifre' }, ip), 429);
  });
});

describe('own password change: wrong current passwords back off', () => {
  const change = (token: string, currentPassword: string, ip = freshIp()) =>
    api('/api/auth/password', {
      method: 'PUT',
      token,
      ip,
      json: { currentPassword, newPassword: 'yeniSifre9', confirmPassword: 'yeniSifre9' },
    });

  it('a signed-in session guessing is refused with a Turkish 429; even the right password waits until the wait is over', async () => {
    const user = await createStaff('manager', {}, 'dogru-sifre');
    const token = await tokenFor(user, 'manager');
    // Five failures are free (the fifth is still checked: 400), the sixth attempt waits — from any address.
    for (let i = 0; i < 5; i++) {
      const wrong = await expectError(await change(token, `yanlis-${i}-sifre`), 400);
      expect(wrong.message).toBe(staffMsg.currentPasswordWrong);
    }
    const refused = await change(token, 'dogru-sifre');
    const retryAfter = Number(refused.headers.get('retry-after'));
    const error = await expectError<RateLimited>(refused, 429);
    expect(error).toMatchObject({ name: 'RateLimitError', message: staffMsg.currentPasswordAttempts });
    expect(error.details.retryAfter).toBe(retryAfter);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    // Nothing changed: the old password still signs in (and the refused change ended no session).
    expect((await api('/api/users/me', { token })).status).toBe(200);
    expect((await login({ identifier: user.username, password: 'dogru-sifre' })).status).toBe(200);
    await new Promise((r) => setTimeout(r, retryAfter * 1000 + 50));
    const res = await change(token, 'dogru-sifre');
    expect(res.status).toBe(200);
    // The success cleared the back-off: the next session starts with five free failures again.
    const fresh = (await json<LoginAnswer>(res)).data.jwt;

    for (let i = 0; i < 5; i++) await expectError(await change(fresh, 'yanlis-sifre'), 400);
  });

  it('the wait doubles per failure up to 15 minutes and is kept per account, not per session', async () => {
    const user = await createStaff('manager', {}, 'dogru-sifre');
    const t0 = Date.parse('2030-01-01T10:00:00Z');
    const attempt = (at: number) =>
      enforcePasswordBackoff(env, user.id, staffMsg.currentPasswordAttempts, at).then(
        () => 0,
        (e: ApiError) => e.details.retryAfter as number,
      );
    for (let i = 0; i < 5; i++) expect(await attempt(t0 + i)).toBe(0);
    expect(await attempt(t0 + 5)).toBe(1);
    let at = t0 + 4;
    for (let wait = 1; wait < 900; wait *= 2) {
      at += wait * 1000;
      expect(await attempt(at)).toBe(0);
    }
    expect(await attempt(at + 1)).toBe(900);
    // Another account is unaffected.
    const other = await createStaff('manager');
    expect(await enforcePasswordBackoff(env, other.id, 'x', at + 1)).toBeUndefined();
  });
});
