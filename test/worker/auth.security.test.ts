// Staff-only routes refuse every kind of bad token (behaviour.md#staff-sessions-and-permissions); passwords are stored as PBKDF2-SHA256 with a per-user salt.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../worker/src/db/schema';
import { hashPassword, PBKDF2_ITERATIONS, parseHash, verifyPassword } from '../../worker/src/lib/password';
import {
  api,
  createFacility,
  createStaff,
  db,
  type ErrorBody,
  expectError,
  type FacilityAnswer,
  istanbulToday,
  json,
  type MeAnswer,
  tokenFor,
} from './fixtures';

const SECRET = new TextEncoder().encode(env.JWT_SECRET);
const nowSec = () => Math.floor(Date.now() / 1000);

const b64url = (s: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(s)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** A token claiming alg none: header.payload. with an empty signature. */
function algNoneToken(sub: string) {
  const header = b64url(JSON.stringify({ alg: 'none', typ: 'JWT' }));
  const payload = b64url(JSON.stringify({ sub, role: 'admin', iss: 'halisaha', iat: nowSec(), exp: nowSec() + 3600 }));
  return `${header}.${payload}.`;
}

function signed(
  opts: { alg?: string; key?: Uint8Array; sub?: string | null; exp?: number; role?: string; iss?: string } = {},
) {
  const jwt = new SignJWT({ role: opts.role ?? 'admin' })
    .setProtectedHeader({ alg: opts.alg ?? 'HS256', typ: 'JWT' })
    .setIssuer(opts.iss ?? 'halisaha')
    .setIssuedAt()
    .setExpirationTime(opts.exp ?? nowSec() + 3600);
  if (opts.sub !== null) jwt.setSubject(opts.sub ?? '1');
  return jwt.sign(opts.key ?? SECRET);
}

type Route = { name: string; call: (token?: string) => Promise<Response> };
let facilityId = 0;
let admin: Awaited<ReturnType<typeof createStaff>>;

const routes: Route[] = [
  { name: 'GET /api/users/me', call: (token) => api('/api/users/me?populate=role', { token }) },
  { name: 'GET /api/facilities/all', call: (token) => api('/api/facilities/all', { token }) },
  {
    name: 'POST /api/facilities/{id}/generate-slots',
    call: (token) =>
      api(`/api/facilities/${facilityId}/generate-slots`, {
        method: 'POST',
        token,
        json: { startDate: istanbulToday(), endDate: istanbulToday() },
      }),
  },
  {
    name: 'GET /api/notifications/live (websocket)',
    call: (token) => api('/api/notifications/live', { token, headers: { Upgrade: 'websocket' } }),
  },
];

beforeAll(async () => {
  const f = await createFacility();
  facilityId = f.id;
  admin = await createStaff('admin');
});

async function expect401(res: Response) {
  const error = await expectError(res, 401);
  expect(error.name).toBe('UnauthorizedError');
  // Turkish and human: carries Turkish letters or words, never the library's English.
  expect(error.message).toMatch(/giriş|oturum/i);
  expect(error.message).not.toMatch(/jwt|token|signature|expired|algorithm/i);
  return error;
}

describe.each(routes)('$name refuses a bad caller', ({ call }) => {
  it('an anonymous request is refused', async () => {
    const error = await expect401(await call());
    expect(error.message).toBe('Bu işlem için giriş yapmanız gerekiyor');
  });

  it('a garbage token is refused', async () => {
    await expect401(await call('not-a-jwt'));
    await expect401(await call('aaa.bbb.ccc'));
  });

  it('a token signed with another secret (forged) is refused', async () => {
    const forged = await signed({
      sub: String(admin.id),
      key: new TextEncoder().encode('another-secret-0123456789abcdef0123456789'),
    });
    await expect401(await call(forged));
  });

  it('a token signed with alg none is refused', async () => {
    await expect401(await call(algNoneToken(String(admin.id))));
  });

  it('an HS512 token signed with the right secret is refused (algorithm pinned to HS256)', async () => {
    await expect401(await call(await signed({ alg: 'HS512', sub: String(admin.id) })));
  });

  it('an HS384 token signed with the right secret is refused (algorithm pinned to HS256)', async () => {
    await expect401(await call(await signed({ alg: 'HS384', sub: String(admin.id) })));
  });

  it('an expired token is refused with the session-expired message', async () => {
    const expired = await signed({ sub: String(admin.id), exp: nowSec() - 60 });
    const error = await expect401(await call(expired));
    expect(error.message).toBe('Oturumunuzun süresi doldu, lütfen tekrar giriş yapın');
  });

  it('a token for a deleted user is refused', async () => {
    const gone = await createStaff('admin');
    const token = await tokenFor(gone);
    await db().delete(users).where(eq(users.id, gone.id));
    await expect401(await call(token));
  });

  it('a token for a blocked user is refused', async () => {
    const blocked = await createStaff('admin', { blocked: true });
    await expect401(await call(await tokenFor(blocked)));
  });

  it('a token for a user blocked after it was issued is refused', async () => {
    const later = await createStaff('manager');
    const token = await tokenFor(later, 'manager');
    await db().update(users).set({ blocked: true }).where(eq(users.id, later.id));
    await expect401(await call(token));
  });

  it('a token without sub is refused', async () => {
    await expect401(await call(await signed({ sub: null })));
  });

  it('a token whose sub is not a user id is refused', async () => {
    await expect401(await call(await signed({ sub: 'abc' })));
  });

  it('a valid staff token gets past the same gate (control for the refusals above)', async () => {
    const res = await call(await tokenFor(admin));
    expect(res.status).not.toBe(401);
    expect(res.status).toBeLessThan(400);
    res.webSocket?.accept();
    res.webSocket?.close(1000, 'done');
    if (!res.webSocket) await res.arrayBuffer();
  });

  it('a token from another issuer is refused', async () => {
    await expect401(await call(await signed({ sub: String(admin.id), iss: 'someone-else' })));
  });
});

describe('a valid staff token is accepted by the same routes', () => {
  it('GET /api/users/me and GET /api/facilities/all answer 200 for an admin token', async () => {
    const token = await tokenFor(admin);
    const me = await api('/api/users/me', { token });
    expect(me.status).toBe(200);
    expect((await json<MeAnswer>(me)).data.id).toBe(admin.id);
    const all = await api('/api/facilities/all', { token });
    expect(all.status).toBe(200);
  });

  it('a manager token is accepted too (staff routes need any staff role)', async () => {
    const manager = await createStaff('manager');
    const res = await api('/api/facilities/all', { token: await tokenFor(manager, 'manager') });
    expect(res.status).toBe(200);
  });
});

describe('the live notification feed token in the query string', () => {
  it('a valid ?token= is refused: tokens never travel in URLs', async () => {
    await expect401(
      await api(`/api/notifications/live?token=${await tokenFor(admin)}`, { headers: { Upgrade: 'websocket' } }),
    );
  });

  it('a forged ?token= is refused just like a header token', async () => {
    const forged = await signed({
      sub: String(admin.id),
      key: new TextEncoder().encode('another-secret-0123456789abcdef0123456789'),
    });
    await expect401(await api(`/api/notifications/live?token=${forged}`, { headers: { Upgrade: 'websocket' } }));
    await expect401(
      await api(`/api/notifications/live?token=${algNoneToken(String(admin.id))}`, {
        headers: { Upgrade: 'websocket' },
      }),
    );
  });
});

describe('inactive pitch detail', () => {
  it('is 404 for anonymous visitors but visible with a staff token', async () => {
    const f = await createFacility({ isActive: false });
    for (const ref of [String(f.id), f.slug]) {
      const anon = await expectError(await api(`/api/facilities/${ref}`), 404);
      expect(anon.message).toBe('Saha bulunamadı');
      const staff = await api(`/api/facilities/${ref}`, { token: await tokenFor(admin) });
      expect(staff.status).toBe(200);
      const body = await json<FacilityAnswer>(staff);
      expect(body.data.slug).toBe(f.slug);
      expect(body.data.isActive).toBe(false);
    }
  });

  it('stays hidden from a caller presenting a forged token', async () => {
    const f = await createFacility({ isActive: false });
    const forged = await signed({
      sub: String(admin.id),
      key: new TextEncoder().encode('another-secret-0123456789abcdef0123456789'),
    });
    const res = await api(`/api/facilities/${f.id}`, { token: forged });
    expect(res.status).not.toBe(200);
    expect((await json<ErrorBody>(res)).data).toBeNull();
  });
});

describe('password storage', () => {
  it('stores users.password_hash as pbkdf2_sha256 with 100000 iterations and a 16-byte salt', async () => {
    const staff = await createStaff('manager', {}, 'depolanan-sifre');
    const row = await env.DB.prepare('select password_hash from users where id = ?')
      .bind(staff.id)
      .first<{ password_hash: string }>();
    const stored = row!.password_hash;
    expect(stored.startsWith('pbkdf2_sha256$')).toBe(true);
    expect(stored).not.toContain('depolanan-sifre');
    const parts = stored.split('$');
    expect(parts).toHaveLength(4);
    const iterations = Number(parts[1]);
    expect(iterations).toBeLessThanOrEqual(100_000); // the production Workers limit
    expect(iterations).toBeGreaterThanOrEqual(100_000);
    const parsed = parseHash(stored)!;
    expect(parsed.salt.byteLength).toBe(16);
    expect(parsed.hash.byteLength).toBe(32);
    expect(await verifyPassword('depolanan-sifre', stored)).toBe(true);
    expect(await verifyPassword('depolanan-sifrE', stored)).toBe(false);
  });

  it('two users with the same password get different hashes and salts', async () => {
    const a = await createStaff('manager', {}, 'ayni-sifre-123');
    const b = await createStaff('manager', {}, 'ayni-sifre-123');
    const rows = await env.DB.prepare('select id, password_hash from users where id in (?, ?)')
      .bind(a.id, b.id)
      .all<{ id: number; password_hash: string }>();
    const [ha, hb] = rows.results.map((r) => r.password_hash);
    expect(ha).toBeDefined();
    expect(hb).toBeDefined();
    expect(ha).not.toBe(hb);
    expect(ha.split('$')[2]).not.toBe(hb.split('$')[2]);
  });

  it('new hashes use exactly the 100000-iteration production limit', async () => {
    expect(PBKDF2_ITERATIONS).toBe(100_000);
    expect((await hashPassword('yeni-sifre-1')).split('$')[1]).toBe('100000');
  });

  it('hashPassword refuses iterations above 100000', async () => {
    await expect(hashPassword('cok-fazla-1', 100_001)).rejects.toThrow();
    await expect(hashPassword('cok-fazla-1', 600_000)).rejects.toThrow();
  });

  it('a stored hash claiming more than 100000 iterations never verifies', async () => {
    const stored = await hashPassword('eski-sifre-1');
    const tampered = stored.replace('$100000$', '$200000$');
    expect(await verifyPassword('eski-sifre-1', tampered)).toBe(false);
  });
});
