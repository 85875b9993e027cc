// Threat model, row 'admin' (README 'Threat model'): everything a manager can, plus Settings, Reports and the staff
// accounts (created and reset with scripts/create-staff.ts). What must hold: a foreign page cannot change Settings
// with the admin's cookie, a session without 'Beni hatırla' ends with the browser and in 12 h at most, and a password
// reset ends every session signed in with the old password.
import { env } from 'cloudflare:workers';
import { decodeJwt } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { upsertStaffSql } from '../../scripts/lib/staff-sql';
import { hashPassword } from '../../worker/src/lib/password';
import { api, createStaff, expectError, json, type LoginAnswer, type SiteSettingsAnswer } from './fixtures';

const PASSWORD = 'yonetici-sifre-1';
let admin: Awaited<ReturnType<typeof createStaff>>;
let ipSeq = 0;

beforeAll(async () => {
  admin = await createStaff('admin', {}, PASSWORD);
});

async function signIn(remember = false, password = PASSWORD) {
  const res = await api('/api/auth/local', {
    method: 'POST',
    json: { identifier: admin.username, password, remember },
    ip: `100.80.0.${++ipSeq}`,
  });
  expect(res.status).toBe(200);
  const set = res.headers.getSetCookie().find((c) => c.startsWith('hs_session='))!;
  await res.arrayBuffer();
  return { value: set.split(';')[0].slice('hs_session='.length), raw: set };
}

const settings = async () => (await json<SiteSettingsAnswer>(await api('/api/site-settings'))).data;
const putSettings = (cookie: string, headers: Record<string, string>, body: string) =>
  api('/api/site-settings', { method: 'PUT', headers: { cookie: `hs_session=${cookie}`, ...headers }, body });

describe('Settings cannot be changed from another site', () => {
  it('a cross-origin form post with the admin cookie is refused and the settings stay as they were', async () => {
    const { value } = await signIn();
    const before = await settings();
    const body = JSON.stringify({ siteName: 'Ele Geçirildi', contactPhones: [] });
    await expectError(
      await putSettings(value, { origin: 'https://kotu.example', 'content-type': 'text/plain' }, body),
      403,
    );
    await expectError(
      await putSettings(
        value,
        { 'sec-fetch-site': 'cross-site', 'content-type': 'application/x-www-form-urlencoded' },
        'siteName=x',
      ),
      403,
    );
    // Same origin but not JSON: 415, not a silent {}.
    await expectError(
      await putSettings(value, { origin: 'http://localhost', 'content-type': 'text/plain' }, body),
      415,
    );
    expect(await settings()).toEqual(before);
  });

  it('from our own page the admin saves them (control)', async () => {
    const { value } = await signIn();
    const res = await putSettings(
      value,
      { origin: 'http://localhost', 'content-type': 'application/json' },
      JSON.stringify({ siteName: 'Yönetici Kaydı', contactPhones: [] }),
    );
    expect(res.status).toBe(200);
    expect((await settings()).siteName).toBe('Yönetici Kaydı');
  });
});

describe('session lifetime', () => {
  it('without Beni hatırla: a browser-session cookie (no Max-Age/Expires) and a 12-hour token', async () => {
    const { raw, value } = await signIn(false);
    expect(raw.toLowerCase()).not.toContain('max-age');
    expect(raw.toLowerCase()).not.toContain('expires');
    expect(raw.toLowerCase()).toContain('httponly');
    const left = decodeJwt(value).exp! - Math.floor(Date.now() / 1000);
    expect(left).toBeLessThanOrEqual(12 * 3600);
    expect(left).toBeGreaterThan(12 * 3600 - 60);
  });

  it('with Beni hatırla: 30 days, and never 7 days for a session that was not remembered', async () => {
    const { raw, value } = await signIn(true);
    expect(raw).toContain('Max-Age=2592000');
    expect(decodeJwt(value).exp! - Math.floor(Date.now() / 1000)).toBeGreaterThan(29 * 86_400);
  });
});

describe('a password reset ends the old sessions', () => {
  it('tokens signed before `npm run staff:create` reset the password are refused; the new password works', async () => {
    const other = await createStaff('admin', {}, PASSWORD);
    const login = (password: string) =>
      api('/api/auth/local', {
        method: 'POST',
        json: { identifier: other.email, password },
        ip: `100.81.0.${++ipSeq}`,
      });
    const before = (await json<LoginAnswer>(await login(PASSWORD))).data.jwt;

    expect((await api('/api/users/me', { token: before })).status).toBe(200);
    await env.DB.prepare(
      upsertStaffSql({
        documentId: 'x',
        username: other.username,
        email: other.email,
        passwordHash: await hashPassword('yepyeni-sifre-9'),
        roleId: 1,
      }),
    ).run();
    await expectError(await api('/api/users/me', { token: before }), 401);
    await expectError(await login(PASSWORD), 401);
    expect((await login('yepyeni-sifre-9')).status).toBe(200);
  });
});
