// Ending access ends all of it (README 'Threat model'): when a staff session ends, by its own logout, 'Tüm oturumları
// kapat', a disable, a role change, a password reset or change, its open bell sockets close at once and hear nothing
// more, while the account's other sessions keep theirs. The hub also refuses to send to a socket whose session it has
// not been told about, once the token has expired or D1 says the session is gone.
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { SESSION_ENDED_CLOSE, type StaffHub } from '../../worker/src/durable-objects/staff-hub';
import { staffHub } from '../../worker/src/services/notifications';
import { api, createStaff, json, type LoginAnswer, type NotificationAnswer, tokenFor } from './fixtures';
import { connectBell } from './fixtures/staff-bell';

const PASSWORD = 'bildirim-sifre-1';
let admin: Awaited<ReturnType<typeof createStaff>>;
let adminToken: string;
let ipSeq = 0;

beforeAll(async () => {
  admin = await createStaff('admin');
  adminToken = await tokenFor(admin, 'admin');
});

/** A real sign-in through the API: its session row and its cookie's token. */
async function signIn(identifier: string, password = PASSWORD): Promise<string> {
  const res = await exports.default.fetch(
    new Request('http://localhost/api/auth/local', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'cf-connecting-ip': `198.51.100.${++ipSeq % 250}` },
      body: JSON.stringify({ identifier, password }),
    }),
  );
  expect(res.status).toBe(200);
  return (await json<LoginAnswer>(res)).data.jwt;
}

async function managerWithTwoDevices() {
  const manager = await createStaff('manager', {}, PASSWORD);
  return { manager, shop: await signIn(manager.username), phone: await signIn(manager.email) };
}

let seq = 0;
/** A notification every bell would be sent: the customer-facing kind the issue names (names, pitches, hours). */
async function post() {
  const title = `Yeni Rezervasyon ${++seq}`;
  const res = await api('/api/notifications', {
    method: 'POST',
    token: adminToken,
    json: { title, message: 'Ayşe Yılmaz · Saha 1 · 21:00', priority: 'high' },
  });
  expect(res.status).toBe(201);
  return (await json<NotificationAnswer>(res)).data;
}

const cookieHeaders = (token: string) => ({ cookie: `hs_session=${token}`, origin: 'http://localhost' });

/** The socket closed with the session-ended code, and a notification written afterwards never reaches it. */
async function expectEnded(bell: Awaited<ReturnType<typeof connectBell>>) {
  expect((await bell.closedBy())?.code).toBe(SESSION_ENDED_CLOSE);
  const after = await post();
  expect(await bell.heard((m) => m.type === 'notification' && m.notification.id === after.id)).toBe(false);
}

async function expectStillLive(bell: Awaited<ReturnType<typeof connectBell>>) {
  const after = await post();
  await bell.next((m) => m.type === 'notification' && m.notification.id === after.id);
}

describe('every revocation closes the open sockets of the sessions it ends', () => {
  it("'Çıkış Yap' closes this session's socket; the same account's phone keeps hearing", async () => {
    const { shop, phone } = await managerWithTwoDevices();
    const shopBell = await connectBell({ cookie: shop });
    const phoneBell = await connectBell({ cookie: phone });
    const res = await api('/api/auth/logout', { method: 'POST', headers: cookieHeaders(shop) });
    expect(res.status).toBe(200);
    await expectEnded(shopBell);
    await expectStillLive(phoneBell);
    phoneBell.close();
  });

  it("'Tüm oturumları kapat' closes every socket of the account", async () => {
    const { shop, phone } = await managerWithTwoDevices();
    const shopBell = await connectBell({ cookie: shop });
    const phoneBell = await connectBell({ cookie: phone });
    expect((await api('/api/auth/logout-all', { method: 'POST', headers: cookieHeaders(phone) })).status).toBe(200);
    await expectEnded(shopBell);
    await expectEnded(phoneBell);
  });

  it('an admin disabling the account closes its sockets; another staff member keeps hearing', async () => {
    const { manager, shop, phone } = await managerWithTwoDevices();
    const bells = [await connectBell({ cookie: shop }), await connectBell({ cookie: phone })];
    const adminBell = await connectBell({ cookie: adminToken });
    const res = await api(`/api/staff-users/${manager.id}`, {
      method: 'PATCH',
      token: adminToken,
      json: { active: false },
    });
    expect(res.status).toBe(200);
    for (const bell of bells) await expectEnded(bell);
    await expectStillLive(adminBell);
    adminBell.close();
  });

  it('an admin resetting the password closes its sockets', async () => {
    const { manager, shop, phone } = await managerWithTwoDevices();
    const bells = [await connectBell({ cookie: shop }), await connectBell({ cookie: phone })];
    const res = await api(`/api/staff-users/${manager.id}/reset-password`, { method: 'POST', token: adminToken });
    expect(res.status).toBe(200);
    for (const bell of bells) await expectEnded(bell);
  });

  it('an admin changing the role closes its sockets (the new role needs a new sign-in)', async () => {
    const { manager, shop, phone } = await managerWithTwoDevices();
    const bells = [await connectBell({ cookie: shop }), await connectBell({ cookie: phone })];
    const res = await api(`/api/staff-users/${manager.id}`, {
      method: 'PATCH',
      token: adminToken,
      json: { role: 'admin' },
    });
    expect(res.status).toBe(200);
    for (const bell of bells) await expectEnded(bell);
  });

  it("one's own password change closes the other devices' sockets; this tab's socket goes on with the session", async () => {
    const { shop, phone } = await managerWithTwoDevices();
    const shopBell = await connectBell({ cookie: shop });
    const phoneBell = await connectBell({ cookie: phone });
    const res = await api('/api/auth/password', {
      method: 'PUT',
      headers: cookieHeaders(shop),
      json: { currentPassword: PASSWORD, newPassword: 'yepyeni-sifre-9', confirmPassword: 'yepyeni-sifre-9' },
    });
    expect(res.status).toBe(200);
    await expectEnded(phoneBell);
    await expectStillLive(shopBell);
    // ...and still at the minute check, which compares it with the account's new version in D1.
    expect(await runDurableObjectAlarm(staffHub(env))).toBe(true);
    await expectStillLive(shopBell);
    shopBell.close();
    const fresh = (await json<LoginAnswer>(res)).data.jwt;
    const again = await connectBell({ cookie: fresh });
    await expectStillLive(again);
    again.close();
  });
});

describe('the hub never sends to a socket whose session has ended', () => {
  it('a revocation the hub was never told about (its message lost) still closes the socket at the minute check', async () => {
    const { manager, shop } = await managerWithTwoDevices();
    const bell = await connectBell({ cookie: shop });
    // What a disable writes to D1, without the message to the hub.
    await env.DB.prepare('update users set token_version = token_version + 1 where id = ?').bind(manager.id).run();
    expect(await runDurableObjectAlarm(staffHub(env))).toBe(true);
    await expectEnded(bell);
  });

  it('a session row deleted behind the hub (a logout whose message was lost) ends its socket at the minute check', async () => {
    const { shop } = await managerWithTwoDevices();
    const bell = await connectBell({ cookie: shop });
    const sid = JSON.parse(atob(shop.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))).sid as string;
    await env.DB.prepare('delete from staff_sessions where id = ?').bind(sid).run();
    expect(await runDurableObjectAlarm(staffHub(env))).toBe(true);
    await expectEnded(bell);
  });

  it('a socket whose token has expired is sent nothing and closed', async () => {
    const manager = await createStaff('manager');
    const shortLived = await tokenFor(manager, 'manager', 2);
    const bell = await connectBell({ cookie: shortLived });
    await new Promise((r) => setTimeout(r, 2100));
    const after = await post();
    expect(await bell.heard((m) => m.type === 'notification' && m.notification.id === after.id)).toBe(false);
    expect((await bell.closedBy())?.code).toBe(SESSION_ENDED_CLOSE);
  });

  it('an upgrade that carries an ended session is refused even when it got past the route in the same instant', async () => {
    const manager = await createStaff('manager');
    const hub = staffHub(env);
    await hub.endSessions({ userId: manager.id, minVersion: 1 });
    const status = await runInDurableObject(hub, async (instance: StaffHub) => {
      const res = await instance.fetch(
        new Request('http://hub/live', {
          headers: {
            Upgrade: 'websocket',
            'x-staff-user-id': String(manager.id),
            'x-staff-username': manager.username,
            'x-staff-session': 'raced-session',
            'x-staff-token-version': '0',
            'x-staff-session-expires': String(Date.now() + 60_000),
          },
        }),
      );
      return res.status;
    });
    expect(status).toBe(401);
  });
});
