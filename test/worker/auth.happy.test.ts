// Login and the signed-in profile (behaviour.md#staff-sessions-and-permissions, api.md "Auth").
import { env } from 'cloudflare:workers';
import { decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { api, createStaff, json, type LoginAnswer, type MeAnswer } from './fixtures';

const uniq = () => Math.random().toString(36).slice(2, 8);

async function login(identifier: string, password: string, wrap = false) {
  const payload = { identifier, password };
  return api('/api/auth/local', {
    method: 'POST',
    json: wrap ? { data: payload } : payload,
    ip: `198.51.100.${Math.floor(Math.random() * 250)}`,
  });
}

function expectNoPasswordLeak(raw: string, passwordHash: string) {
  expect(raw).not.toContain(passwordHash);
  expect(raw).not.toContain('pbkdf2');
  expect(raw.toLowerCase()).not.toContain('password');
}

describe('POST /api/auth/local', () => {
  it('logs a manager in by username and returns { data: { jwt, user } } with the role and no password hash', async () => {
    const name = `happyuser${uniq()}`;
    const staff = await createStaff('manager', { username: name, email: `${name}@example.com` }, 'dogru-sifre');
    const res = await login(name, 'dogru-sifre');
    expect(res.status).toBe(200);
    const raw = await res.text();
    expectNoPasswordLeak(raw, staff.passwordHash);
    const body = JSON.parse(raw);
    expect(Object.keys(body.data).sort()).toEqual(['jwt', 'user']);
    expect(typeof body.data.jwt).toBe('string');
    expect(body.data.user).toMatchObject({
      id: staff.id,
      documentId: staff.documentId,
      username: name,
      email: `${name}@example.com`,
      blocked: false,
      role: { name: 'Manager', type: 'manager' },
    });
    expect(body.data.user).not.toHaveProperty('passwordHash');
    expect(body.data.user).not.toHaveProperty('password_hash');
  });

  it('logs an admin in by e-mail and reports role type admin', async () => {
    const name = `happyadmin${uniq()}`;
    await createStaff('admin', { username: name, email: `${name}@example.com` }, 'admin-sifre');
    const res = await login(`${name}@example.com`, 'admin-sifre');
    expect(res.status).toBe(200);
    const body = await json<LoginAnswer>(res);
    expect(body.data.user.username).toBe(name);
    expect(body.data.user.role).toMatchObject({ name: 'Admin', type: 'admin' });
  });

  it('matches the username case-insensitively', async () => {
    const name = `casename${uniq()}`;
    const staff = await createStaff('manager', { username: name, email: `${name}@example.com` }, 'buyuk-kucuk');
    const res = await login(name.toUpperCase(), 'buyuk-kucuk');
    expect(res.status).toBe(200);
    expect((await json<LoginAnswer>(res)).data.user.id).toBe(staff.id);
  });

  it('matches the e-mail case-insensitively', async () => {
    const name = `casemail${uniq()}`;
    const staff = await createStaff('manager', { username: name, email: `${name}@Example.com` }, 'buyuk-kucuk');
    const res = await login(`${name.toUpperCase()}@EXAMPLE.COM`, 'buyuk-kucuk');
    expect(res.status).toBe(200);
    expect((await json<LoginAnswer>(res)).data.user.id).toBe(staff.id);
  });

  it('accepts the body wrapped as { data: { identifier, password } }', async () => {
    const name = `wrapped${uniq()}`;
    const staff = await createStaff('manager', { username: name, email: `${name}@example.com` }, 'sarili-sifre');
    const res = await login(name, 'sarili-sifre', true);
    expect(res.status).toBe(200);
    const body = await json<LoginAnswer>(res);
    expect(body.data.user.id).toBe(staff.id);
    expect(typeof body.data.jwt).toBe('string');
  });

  it('issues an HS256 JWT with sub set to the user id and an expiry in the future', async () => {
    const name = `jwtuser${uniq()}`;
    const staff = await createStaff('manager', { username: name, email: `${name}@example.com` }, 'jwt-sifre');
    const before = Math.floor(Date.now() / 1000);
    const res = await login(name, 'jwt-sifre');
    expect(res.status).toBe(200);
    const { jwt } = (await json<LoginAnswer>(res)).data;
    expect(jwt.split('.')).toHaveLength(3);
    expect(decodeProtectedHeader(jwt).alg).toBe('HS256');
    const claims = decodeJwt(jwt);
    expect(claims.sub).toBe(String(staff.id));
    expect(typeof claims.exp).toBe('number');
    expect(claims.exp!).toBeGreaterThan(before);
    // Without 'Beni hatırla' the token lives JWT_TTL_SECONDS = 43200 (12 h; it was 7 days).
    expect(claims.exp! - before).toBeGreaterThanOrEqual(43_200 - 5);
    expect(claims.exp! - before).toBeLessThanOrEqual(43_200 + 5);
    // Really signed with the configured secret and HS256.
    const verified = await jwtVerify(jwt, new TextEncoder().encode(env.JWT_SECRET), { algorithms: ['HS256'] });
    expect(verified.payload.sub).toBe(String(staff.id));
  });
});

describe('GET /api/users/me', () => {
  it('returns the signed-in profile under data with its role for the token from login', async () => {
    const name = `meuser${uniq()}`;
    const staff = await createStaff('admin', { username: name, email: `${name}@example.com` }, 'me-sifre-1');
    const loginRes = await login(`${name}@example.com`, 'me-sifre-1');
    expect(loginRes.status).toBe(200);
    const { jwt } = (await json<LoginAnswer>(loginRes)).data;

    const res = await api('/api/users/me?populate=role', { token: jwt });
    expect(res.status).toBe(200);
    const raw = await res.text();
    expectNoPasswordLeak(raw, staff.passwordHash);
    const body = JSON.parse(raw);
    expect(body.data).toMatchObject({
      id: staff.id,
      documentId: staff.documentId,
      username: name,
      email: `${name}@example.com`,
      firstName: 'Test',
      role: { name: 'Admin', type: 'admin' },
    });
  });

  it('returns the same profile whether or not populate=role is given', async () => {
    const name = `mepop${uniq()}`;
    await createStaff('manager', { username: name, email: `${name}@example.com` }, 'me-sifre-2');
    const { jwt } = (await json<LoginAnswer>(await login(name, 'me-sifre-2'))).data;
    const a = await json<MeAnswer>(await api('/api/users/me?populate=role', { token: jwt }));
    const b = await json<MeAnswer>(await api('/api/users/me', { token: jwt }));
    expect(b.data).toEqual(a.data);
    expect(a.data.role.type).toBe('manager');
  });
});
