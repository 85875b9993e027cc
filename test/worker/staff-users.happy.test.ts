// Ayarlar → Personel: create with a generated password shown once, list, disable/enable, role change,
// password reset and one's own password change, each with its audit row, and the sessions each one ends.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { auditLine } from '../../contracts/events';
import { staffMsg } from '../../contracts/staff';
import {
  api,
  createStaff,
  expectError,
  type Invalid,
  json,
  type LoginAnswer,
  type MeAnswer,
  type StaffCreatedAnswer,
  type StaffListAnswer,
  type StaffResetAnswer,
  type StaffUpdatedAnswer,
  tokenFor,
} from './fixtures';

type StoredAudit = {
  action: string;
  entity_label: string | null;
  summary: string;
  details: string | null;
  actor_user_id: number;
  actor_name: string;
};
/** The staff rows of the audit log as stored, each with the line the list renders from its kind and facts. */
const auditRows = async (entityId: string) =>
  (
    await env.DB.prepare('select * from audit_log where entity_kind = ? and entity_id = ? order by id')
      .bind('staff', entityId)
      .all<StoredAudit>()
  ).results.map((r) => ({
    ...r,
    line: auditLine({ entityKind: 'staff', action: r.action, entityLabel: r.entity_label, details: r.details }),
  }));

async function login(identifier: string, password: string) {
  const res = await api('/api/auth/local', { method: 'POST', json: { identifier, password } });
  expect(res.status).toBe(200);
  return (await json<LoginAnswer>(res)).data.jwt;
}

const me = (token: string) => api('/api/users/me', { token });

describe('staff accounts', () => {
  it('creates an account with a generated 14-character password, answered once and stored only as a hash', async () => {
    const admin = await createStaff('admin');
    const token = await tokenFor(admin);
    const res = await api('/api/staff-users', {
      method: 'POST',
      token,
      json: {
        username: 'yeni.mudur',
        email: 'Yeni.Mudur@Ornek.com',
        firstName: 'Elif',
        lastName: 'Kaya',
        role: 'manager',
      },
    });
    expect(res.status).toBe(201);
    const { data } = await json<StaffCreatedAnswer>(res);
    expect(data.password).toMatch(/^[A-HJ-NP-Za-km-np-z2-9]{14}$/);
    expect(data.user).toMatchObject({ username: 'yeni.mudur', role: 'manager', active: true, lastLoginAt: null });
    expect(data.user).not.toHaveProperty('passwordHash');
    const stored = await env.DB.prepare('select password_hash from users where id = ?')
      .bind(data.user.id)
      .first<{ password_hash: string }>();
    expect(stored!.password_hash).toMatch(/^pbkdf2_sha256\$/);
    expect(stored!.password_hash).not.toContain(data.password);
    // The new account signs in with it; the list shows it and never a password.
    await login('yeni.mudur', data.password);
    const list = await json<StaffListAnswer>(await api('/api/staff-users', { token }));
    const row = list.data.find((u) => u.id === data.user.id);
    expect(row?.lastLoginAt).toEqual(expect.any(Number));
    expect(JSON.stringify(list)).not.toContain(data.password);
    expect(JSON.stringify(list)).not.toContain('pbkdf2');
    const [audit] = await auditRows(String(data.user.id));
    expect(audit).toMatchObject({ action: 'create', actor_user_id: admin.id, actor_name: 'Test Yönetici' });
    expect(audit.summary).toBe('');
    expect(audit.line).toBe('Personel hesabı oluşturuldu: Elif Kaya (yeni.mudur, Müdür)');
    expect(audit.details).not.toContain(data.password);
  });

  it('refuses a username or e-mail taken in any case, with a Turkish 409 and nothing written', async () => {
    const admin = await createStaff('admin');
    const token = await tokenFor(admin);
    const other = await createStaff('manager');
    const before = (await env.DB.prepare('select count(*) n from users').first<{ n: number }>())!.n;
    const audits = (await env.DB.prepare('select count(*) n from audit_log').first<{ n: number }>())!.n;
    const byName = await expectError(
      await api('/api/staff-users', {
        method: 'POST',
        token,
        json: { username: other.username.toUpperCase(), email: 'farkli@ornek.com', firstName: 'A', role: 'manager' },
      }),
      409,
    );
    expect(byName.message).toBe(staffMsg.usernameTaken);
    const byMail = await expectError<Invalid>(
      await api('/api/staff-users', {
        method: 'POST',
        token,
        json: { username: 'farkli', email: other.email.toUpperCase(), firstName: 'A', role: 'manager' },
      }),
      409,
    );
    expect(byMail.message).toBe(staffMsg.emailTaken);
    expect(byMail.details.errors[0].path).toEqual(['email']);
    expect((await env.DB.prepare('select count(*) n from users').first<{ n: number }>())!.n).toBe(before);
    expect((await env.DB.prepare('select count(*) n from audit_log').first<{ n: number }>())!.n).toBe(audits);
  });

  it('validates the form with Turkish messages in the one error shape', async () => {
    const token = await tokenFor(await createStaff('admin'));
    const cases: [unknown, string][] = [
      [{ username: 'a', email: 'x@ornek.com', firstName: 'A', role: 'manager' }, staffMsg.usernameFormat],
      [{ username: 'ali veli', email: 'x@ornek.com', firstName: 'A', role: 'manager' }, staffMsg.usernameFormat],
      [{ username: 'aliveli', email: 'x@', firstName: 'A', role: 'manager' }, 'Geçerli bir e-posta adresi girin'],
      [{ username: 'aliveli', email: 'x@ornek.com', firstName: ' ', role: 'manager' }, staffMsg.firstNameRequired],
      [{ username: 'aliveli', email: 'x@ornek.com', firstName: 'A', role: 'Admin' }, staffMsg.roleInvalid],
    ];
    for (const [body, message] of cases) {
      const err = await expectError(await api('/api/staff-users', { method: 'POST', token, json: body }), 400);
      expect(err.message).toBe(message);
    }
    // What the form sends after its own parse (an empty surname as null) is accepted as is.
    const formSent = await api('/api/staff-users', {
      method: 'POST',
      token,
      json: { username: 'formdan', email: 'formdan@ornek.com', firstName: 'Form', lastName: null, role: 'manager' },
    });
    expect(formSent.status).toBe(201);
    const patch = await expectError(await api('/api/staff-users/1', { method: 'PATCH', token, json: {} }), 400);
    expect(patch.message).toBe(staffMsg.patchEmpty);
    const bad = await expectError(
      await api('/api/staff-users/abc', { method: 'PATCH', token, json: { active: false } }),
      400,
    );
    expect(bad.message).toBe(staffMsg.idInvalid);
    const missing = await expectError(
      await api('/api/staff-users/999999', { method: 'PATCH', token, json: { active: false } }),
      404,
    );
    expect(missing.message).toBe(staffMsg.notFound);
  });

  it('disabling ends the account’s open sessions at once; enabling lets it sign in again', async () => {
    const admin = await createStaff('admin');
    const token = await tokenFor(admin);
    const m = await createStaff('manager');
    const session = await login(m.username, 'secret123');
    expect((await me(session)).status).toBe(200);
    const res = await api(`/api/staff-users/${m.id}`, { method: 'PATCH', token, json: { active: false } });
    expect(res.status).toBe(200);
    expect((await json<StaffUpdatedAnswer>(res)).data.active).toBe(false);
    await expectError(await me(session), 401);
    await expectError(
      await api('/api/auth/local', { method: 'POST', json: { identifier: m.username, password: 'secret123' } }),
      401,
    );
    expect((await api(`/api/staff-users/${m.id}`, { method: 'PATCH', token, json: { active: true } })).status).toBe(
      200,
    );
    // The old session stays ended (its token version was bumped); a new sign-in works.
    await expectError(await me(session), 401);
    expect((await me(await login(m.username, 'secret123'))).status).toBe(200);
    expect((await auditRows(String(m.id))).map((a) => a.action)).toEqual(['disable', 'enable']);
  });

  it('a role change ends the account’s sessions and is recorded before → after', async () => {
    const token = await tokenFor(await createStaff('admin'));
    const m = await createStaff('manager');
    const session = await login(m.username, 'secret123');
    const res = await api(`/api/staff-users/${m.id}`, { method: 'PATCH', token, json: { role: 'admin' } });
    expect((await json<StaffUpdatedAnswer>(res)).data.role).toBe('admin');
    await expectError(await me(session), 401);
    const fresh = await login(m.username, 'secret123');
    expect((await json<MeAnswer>(await me(fresh))).data.role.type).toBe('admin');
    const [audit] = await auditRows(String(m.id));
    expect(audit.action).toBe('role');
    expect(JSON.parse(audit.details!)).toEqual({
      username: m.username,
      changes: { role: { before: 'manager', after: 'admin' } },
    });
    expect(audit.line).toBe(`${audit.entity_label} (${m.username}) rolü Müdür → Yönetici olarak değiştirildi`);
  });

  it('a reset answers a new password once, ends the old sessions, and the old password stops working', async () => {
    const token = await tokenFor(await createStaff('admin'));
    const m = await createStaff('manager');
    const session = await login(m.username, 'secret123');
    const res = await api(`/api/staff-users/${m.id}/reset-password`, { method: 'POST', token });
    const { data } = await json<StaffResetAnswer>(res);
    expect(data.password).toMatch(/^[A-HJ-NP-Za-km-np-z2-9]{14}$/);
    await expectError(await me(session), 401);
    await expectError(
      await api('/api/auth/local', { method: 'POST', json: { identifier: m.username, password: 'secret123' } }),
      401,
    );
    await login(m.username, data.password);
    const [audit] = await auditRows(String(m.id));
    expect(audit.action).toBe('reset_password');
    expect(JSON.stringify(audit)).not.toContain(data.password);
  });

  it('refuses disabling, demoting or resetting oneself', async () => {
    const admin = await createStaff('admin');
    await createStaff('admin'); // another active admin: the refusal is about oneself, not the last admin
    const token = await tokenFor(admin);
    const a = await expectError(
      await api(`/api/staff-users/${admin.id}`, { method: 'PATCH', token, json: { active: false } }),
      409,
    );
    expect(a.message).toBe(staffMsg.selfDisable);
    const b = await expectError(
      await api(`/api/staff-users/${admin.id}`, { method: 'PATCH', token, json: { role: 'manager' } }),
      409,
    );
    expect(b.message).toBe(staffMsg.selfRole);
    const c = await expectError(
      await api(`/api/staff-users/${admin.id}/reset-password`, { method: 'POST', token }),
      409,
    );
    expect(c.message).toBe(staffMsg.selfReset);
    expect(await auditRows(String(admin.id))).toEqual([]);
  });

  it('refuses a manager everywhere with 403 and nothing changed', async () => {
    const m = await createStaff('manager');
    const token = await tokenFor(m, 'manager');
    const target = await createStaff('manager');
    const calls: [string, RequestInit & { json?: unknown }][] = [
      ['/api/staff-users', {}],
      [
        '/api/staff-users',
        { method: 'POST', json: { username: 'kacak', email: 'k@ornek.com', firstName: 'K', role: 'admin' } },
      ],
      [`/api/staff-users/${target.id}`, { method: 'PATCH', json: { active: false } }],
      [`/api/staff-users/${target.id}`, { method: 'PATCH', json: { role: 'admin' } }],
      [`/api/staff-users/${target.id}/reset-password`, { method: 'POST' }],
      ['/api/audit-log', {}],
    ];
    for (const [path, init] of calls) await expectError(await api(path, { ...init, token }), 403);
    for (const [path, init] of calls) await expectError(await api(path, init), 401);
    const row = await env.DB.prepare('select blocked, role_id, token_version from users where id = ?')
      .bind(target.id)
      .first();
    expect(row).toEqual({ blocked: 0, role_id: 2, token_version: 0 });
    expect(
      (await env.DB.prepare("select count(*) n from users where username = 'kacak'").first<{ n: number }>())!.n,
    ).toBe(0);
  });
});

describe('own password', () => {
  const change = (token: string, json: unknown) => api('/api/auth/password', { method: 'PUT', token, json });

  it('needs the current password; ends every other session and keeps this one with a fresh token', async () => {
    const m = await createStaff('manager');
    const here = await login(m.username, 'secret123');
    const elsewhere = await login(m.username, 'secret123');
    const wrong = await expectError<Invalid>(
      await change(here, { currentPassword: 'yanlis123', newPassword: 'yeniSifre9', confirmPassword: 'yeniSifre9' }),
      400,
    );
    expect(wrong.message).toBe(staffMsg.currentPasswordWrong);
    expect(wrong.details.errors[0].path).toEqual(['currentPassword']);
    const res = await change(here, {
      currentPassword: 'secret123',
      newPassword: 'yeniSifre9',
      confirmPassword: 'yeniSifre9',
    });
    expect(res.status).toBe(200);
    const fresh = (await json<LoginAnswer>(res)).data.jwt;
    // A bearer client keeps its token in hand: no cookie is set for it.
    expect(res.headers.get('set-cookie')).toBeNull();
    await expectError(await me(elsewhere), 401);
    await expectError(await me(here), 401);
    expect((await me(fresh)).status).toBe(200);
    await login(m.username, 'yeniSifre9');
    await expectError(
      await api('/api/auth/local', { method: 'POST', json: { identifier: m.username, password: 'secret123' } }),
      401,
    );
    const audits = await auditRows(String(m.id));
    expect(audits.map((a) => [a.action, a.actor_user_id])).toEqual([['own_password', m.id]]);
  });

  it('replaces the browser’s cookie with one of the same kind', async () => {
    const m = await createStaff('manager');
    const signIn = await api('/api/auth/local', {
      method: 'POST',
      json: { identifier: m.username, password: 'secret123', remember: true },
    });
    const cookie = signIn.headers.get('set-cookie')!.split(';')[0];
    const res = await api('/api/auth/password', {
      method: 'PUT',
      headers: { cookie, origin: 'http://localhost' },
      json: { currentPassword: 'secret123', newPassword: 'yeniSifre9', confirmPassword: 'yeniSifre9' },
    });
    expect(res.status).toBe(200);
    const set = res.headers.get('set-cookie')!;
    expect(set).toMatch(/^hs_session=/);
    expect(set).toMatch(/Max-Age=2592000/);
    expect(set).toMatch(/HttpOnly/);
    expect((await api('/api/users/me', { headers: { cookie } })).status).toBe(401);
    expect((await api('/api/users/me', { headers: { cookie: set.split(';')[0] } })).status).toBe(200);
  });

  it('checks the new password: length, confirmation, differs from the current one', async () => {
    const m = await createStaff('manager');
    const token = await login(m.username, 'secret123');
    const cases: [unknown, string][] = [
      [{ currentPassword: 'secret123', newPassword: 'kisa', confirmPassword: 'kisa' }, staffMsg.newPasswordTooShort],
      [
        { currentPassword: 'secret123', newPassword: 'yeniSifre9', confirmPassword: 'baska1234' },
        staffMsg.confirmMismatch,
      ],
      [
        { currentPassword: 'secret123', newPassword: 'secret123', confirmPassword: 'secret123' },
        staffMsg.newPasswordSame,
      ],
      [
        { currentPassword: '', newPassword: 'yeniSifre9', confirmPassword: 'yeniSifre9' },
        staffMsg.currentPasswordRequired,
      ],
    ];
    for (const [body, message] of cases)
      expect((await expectError(await change(token, body), 400)).message).toBe(message);
    expect((await me(token)).status).toBe(200);
    await expectError(
      await change('', { currentPassword: 'secret123', newPassword: 'yeniSifre9', confirmPassword: 'yeniSifre9' }),
      401,
    );
  });
});
