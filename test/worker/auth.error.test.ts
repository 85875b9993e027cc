// Login refusals: validation (01 §5), bad credentials, blocked staff, malformed bodies, unknown paths and rate limits (00 §5–§6).
import { evictDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { msg } from '../../contracts/messages';
import { ApiError } from '../../worker/src/lib/errors';
import { enforceRateLimit, limiterFor, limitsFor } from '../../worker/src/lib/rate-limit';
import { api, createStaff, expectError, json } from './fixtures';

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
  const error = await expectError(res, 400);
  expect(error.name).toBe('ValidationError');
  expect(error.message).toBe(message);
  expect(Array.isArray(error.details.errors)).toBe(true);
  expect(error.details.errors).toContainEqual({ path: [path], message });
  return error;
}

/**
 * The limiter counts in fixed windows; a run that straddles a window boundary would reset mid-way.
 * Runs the scenario again (once) with fresh names if that happened.
 */
async function inOneWindow(scenario: () => Promise<void>) {
  for (let attempt = 0; ; attempt++) {
    const start = Math.floor(Date.now() / WINDOW_MS);
    try {
      await scenario();
      return;
    } catch (e) {
      if (attempt === 0 && Math.floor(Date.now() / WINDOW_MS) !== start) continue;
      throw e;
    }
  }
}

describe('login validation (01 §5)', () => {
  it('an empty identifier is refused with "E-posta veya kullanıcı adı gerekli"', async () => {
    await expectFieldError(await login({ identifier: '', password: 'secret123' }), 'identifier', 'E-posta veya kullanıcı adı gerekli');
  });

  it('a whitespace-only identifier is refused with "E-posta veya kullanıcı adı gerekli"', async () => {
    await expectFieldError(await login({ identifier: '   ', password: 'secret123' }), 'identifier', 'E-posta veya kullanıcı adı gerekli');
  });

  it('a missing identifier is refused with "E-posta veya kullanıcı adı gerekli"', async () => {
    await expectFieldError(await login({ password: 'secret123' }), 'identifier', 'E-posta veya kullanıcı adı gerekli');
  });

  it('an identifier with @ that is not an e-mail is refused with "Geçerli bir e-posta adresi girin"', async () => {
    await expectFieldError(await login({ identifier: 'mudur@', password: 'secret123' }), 'identifier', 'Geçerli bir e-posta adresi girin');
    await expectFieldError(await login({ identifier: 'mudur@example', password: 'secret123' }), 'identifier', 'Geçerli bir e-posta adresi girin');
  });

  it('a missing password is refused with "Şifre gerekli"', async () => {
    await expectFieldError(await login({ identifier: 'mudur' }), 'password', 'Şifre gerekli');
  });

  it('an empty password is refused with "Şifre gerekli", not the length message', async () => {
    const error = await expectFieldError(await login({ identifier: 'mudur', password: '' }), 'password', 'Şifre gerekli');
    expect(error.message).toBe('Şifre gerekli');
  });

  it('a password shorter than 6 characters is refused with "Şifre en az 6 karakter olmalı"', async () => {
    await expectFieldError(await login({ identifier: 'mudur', password: '12345' }), 'password', 'Şifre en az 6 karakter olmalı');
  });

  it('reports every invalid field in details.errors at once', async () => {
    const error = await expectError(await login({ identifier: '', password: '1' }), 400);
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
    await expectFieldError(await login({ data: { identifier: 'x@y', password: 'secret123' } }), 'identifier', 'Geçerli bir e-posta adresi girin');
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
    const byMail = await expectError(await login({ identifier: `nobody${uniq()}@example.com`, password: 'whatever1' }), 401);
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

describe('login rate limits (00 §5)', () => {
  it('uses the configured per-identifier limit of 10', () => {
    expect(PER_IDENTIFIER).toBe(10);
  });

  it('after 10 attempts for one identifier the next is 429 with a Turkish message and retry-after, while another identifier from the same address still logs in', async () => {
    await inOneWindow(async () => {
      const name = `brute${uniq()}`;
      const other = `bystander${uniq()}`;
      await createStaff('manager', { username: name, email: `${name}@example.com` }, 'dogru-sifre');
      await createStaff('manager', { username: other, email: `${other}@example.com` }, 'diger-sifre');
      const ip = freshIp();

      for (let i = 0; i < PER_IDENTIFIER; i++) {
        const error = await expectError(await login({ identifier: name, password: `yanlis-${i}-sifre` }, ip), 401);
        expect(error.message).toBe(INVALID_CREDENTIALS);
      }

      const blocked = await login({ identifier: name, password: 'yanlis-son-sifre' }, ip);
      const retryAfter = blocked.headers.get('retry-after');
      const error = await expectError(blocked, 429);
      expect(error.message).toBe(RATE_LIMITED);
      expect(error.name).toBe('RateLimitError');
      expect(retryAfter).toMatch(/^\d+$/);
      expect(Number(retryAfter)).toBeGreaterThan(0);
      expect(Number(retryAfter)).toBeLessThanOrEqual(Number(env.RATE_LIMIT_WINDOW_SECONDS));

      // Even the right password is refused for the limited identifier now.
      await expectError(await login({ identifier: name, password: 'dogru-sifre' }, ip), 429);

      // Another identifier from the very same address is unaffected.
      const ok = await login({ identifier: other, password: 'diger-sifre' }, ip);
      expect(ok.status).toBe(200);
      expect(typeof (await json(ok)).data.jwt).toBe('string');
    });
  });

  it('counts the identifier case-insensitively, so changing its case does not reset the limit', async () => {
    await inOneWindow(async () => {
      const name = `casebrute${uniq()}`;
      const ip = freshIp();
      for (let i = 0; i < PER_IDENTIFIER; i++) {
        const variant = i % 2 ? name.toUpperCase() : name;
        await expectError(await login({ identifier: variant, password: 'yanlis-sifre' }, ip), 401);
      }
      const error = await expectError(await login({ identifier: name.toUpperCase(), password: 'yanlis-sifre' }, ip), 429);
      expect(error.message).toBe(RATE_LIMITED);
    });
  });

  it('rotating client addresses does not escape the per-identifier limit', async () => {
    await inOneWindow(async () => {
      const name = `rotating${uniq()}`;
      for (let i = 0; i < PER_IDENTIFIER; i++) {
        await expectError(await login({ identifier: name, password: 'yanlis-sifre' }, freshIp()), 401);
      }
      const error = await expectError(await login({ identifier: name, password: 'yanlis-sifre' }, freshIp()), 429);
      expect(error.message).toBe(RATE_LIMITED);
    });
  });

  it('counts attempts from distinct cf-connecting-ip addresses separately per address', async () => {
    await inOneWindow(async () => {
      const a = freshIp();
      const b = freshIp();
      for (let i = 0; i < 3; i++) await expectError(await login({ identifier: `ipcount${uniq()}`, password: 'yanlis-sifre' }, a), 401);
      for (let i = 0; i < 2; i++) await expectError(await login({ identifier: `ipcount${uniq()}`, password: 'yanlis-sifre' }, b), 401);
      const count = async (ip: string) => {
        await limiterFor(env, 'login').flush();
        return (await limiterFor(env, 'login').stored(`login:ip:${ip}`))?.[1];
      };
      expect(await count(a)).toBe(3);
      expect(await count(b)).toBe(2);
    });
  });

  it('the per-address login limit refuses one address past its limit while another address still passes', async () => {
    const tight = { ...env, RATE_LIMIT_LOGIN_PER_IP: '3' } as Env;
    const a = freshIp();
    const b = freshIp();
    // A fixed instant in the middle of a window, so the run cannot straddle a boundary.
    const now = Math.floor(Date.now() / WINDOW_MS) * WINDOW_MS + WINDOW_MS / 2;
    const attempt = (ip: string) => {
      const { windowSeconds, rules } = limitsFor(tight, 'login', ip, `perip${uniq()}`);
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
    expect(refused.details.retryAfter).toBe(Number(env.RATE_LIMIT_WINDOW_SECONDS) / 2);
    await expect(attempt(b)).resolves.toBeUndefined();
  });
});

describe('per-account login limit', () => {
  it('alternating username and e-mail does not double the guesses for one account', async () => {
    const user = await createStaff('manager');
    const statuses: number[] = [];
    for (let i = 0; i < PER_IDENTIFIER; i++) {
      statuses.push((await login({ identifier: i % 2 ? user.email : user.username, password: 'yanlis-sifre' })).status);
    }
    expect(statuses).toEqual(Array(PER_IDENTIFIER).fill(401));
    const error = await expectError(await login({ identifier: user.email, password: 'secret123' }), 429);
    expect(error.message).toBe(RATE_LIMITED);
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

describe('rate-limit counters survive a restart of their object', () => {
  it('an evicted limiter still refuses an identifier that used up its attempts', async () => {
    const name = `evicted${uniq()}`;
    await inOneWindow(async () => {
      for (let i = 0; i < PER_IDENTIFIER; i++) await expectError(await login({ identifier: name, password: 'yanlis-sifre' }), 401);
      // Whatever was counted before the last flush survives the restart; a restart loses at most the last second.
      await limiterFor(env, 'login').flush();
      await evictDurableObject(limiterFor(env, 'login'));
      await expectError(await login({ identifier: name, password: 'yanlis-sifre' }), 429);
    });
  });
});
