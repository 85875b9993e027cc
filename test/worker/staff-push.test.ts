// Staff push (docs/behaviour.md#notifications 'Staff push'): 'Bu cihaza bildirim gönder' stores a staff device for its
// session; a new booking, a cancellation and a hold about to expire reach every staff device exactly once (not the
// devices of the staff member who did it), decrypted by the push service played in the test, with nothing personal
// and no booking number; a gone device is deleted; and ending access ends the pushes: every way a session ends, an
// account is disabled or deleted, or a password changes deletes the devices of the sessions it ends.
import { runInDurableObject } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { pushTexts } from '../../contracts/push';
import { STAFF_PUSH_OF } from '../../contracts/staff-push';
import { purgeExpiredSessions } from '../../worker/src/db/sessions';
import type { FacilityBooking } from '../../worker/src/durable-objects/facility-booking';
import { facilityStub } from '../../worker/src/services/facility-ref';
import { pushStaffEvents } from '../../worker/src/services/staff-push';
import {
  addDays,
  api,
  bookViaApi,
  createFacility,
  createSlots,
  createStaff,
  db,
  expectError,
  freshPhone,
  type Invalid,
  istanbulToday,
  json,
  type LoginAnswer,
  rowsOf,
  runSql,
  slotAt,
  tokenFor,
} from './fixtures';
import {
  type BrowserSubscription,
  browserSubscription,
  freshEndpoint,
  type PlayedPushService,
  playPushService,
  type Received,
} from './fixtures/push-service';
import { request, subscribe as subscribeWeekly } from './fixtures/subscriptions';

const PASSWORD = 'personel-sifre-1';
let ipSeq = 0;

afterEach(() => {
  vi.restoreAllMocks();
});

/** A real sign-in through the API: its session row and its token. */
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

const sidOf = (token: string) =>
  JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))).sid as string;

const subscribe = (token: string, subscription: unknown) =>
  api('/api/push/staff', { method: 'POST', token, json: { subscription } });
const unsubscribe = (token: string, endpoint: string) =>
  api('/api/push/staff', { method: 'DELETE', token, json: { endpoint } });
const status = async (token: string, endpoint: string) => {
  const res = await api('/api/push/staff/status', { method: 'POST', token, json: { endpoint } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { subscribed: boolean } }).data.subscribed;
};

/** A device of this session with push on. */
async function device(token: string): Promise<BrowserSubscription> {
  const sub = await browserSubscription(freshEndpoint());
  expect((await subscribe(token, sub.json)).status).toBe(201);
  return sub;
}

const devicesOf = (userId: number) =>
  rowsOf('select endpoint, session_id as sid from staff_push_subscriptions where user_id = ? order by id', userId);

/** A staff member signed in on two devices (the shop's computer and a phone), each with push on. */
async function staffWithTwoDevices(type: 'admin' | 'manager' = 'manager') {
  const user = await createStaff(type, {}, PASSWORD);
  const shop = await signIn(user.username);
  const phone = await signIn(user.email);
  return { user, shop, phone, shopDevice: await device(shop), phoneDevice: await device(phone) };
}

/** Exactly `n` messages reach the played devices (none refused, none more): their decrypted payloads. */
async function exactly(push: PlayedPushService, n: number) {
  return (await push.exactly(n)).map((m) => ({ endpoint: m.endpoint, ...JSON.parse(m.payload) }));
}

const day = () => addDays(istanbulToday(), 2);

async function pitch() {
  const f = await createFacility({ name: 'Yeşil Vadi Halı Saha', autoApprovalTimeout: 60 });
  await createSlots(f, 2, 2);
  return f;
}

async function book(f: Awaited<ReturnType<typeof pitch>>, time = '20:00') {
  const { booking, phone } = await bookViaApi(f, day(), time, { customerName: 'Deniz Aydın' });
  const [{ id }] = await rowsOf('select id from bookings where document_id = ?', booking.documentId);
  return { booking, phone, id: Number(id) };
}

/** Nothing personal and no booking number in a payload: it transits a third-party push service. */
function expectNothingPersonal(received: Received[], b: { bookingNumber: string }, phone: string) {
  for (const m of received) {
    expect(m.payload).not.toContain(b.bookingNumber);
    expect(m.payload).not.toContain(phone);
    expect(m.payload).not.toContain(phone.slice(-7));
    expect(m.payload).not.toMatch(/Deniz|Aydın/);
  }
}

const endpoints = (subs: BrowserSubscription[]) => new Set(subs.map((s) => s.json.endpoint));

// Each test starts with no staff device but its own: the push service it plays refuses any other address.
const clearDevices = () => runSql('delete from staff_push_subscriptions');

describe('POST, DELETE /api/push/staff and POST /api/push/staff/status', () => {
  let token: string;
  beforeAll(async () => {
    token = await tokenFor(await createStaff('manager'), 'manager');
  });

  it('need a staff session', async () => {
    const sub = await browserSubscription(freshEndpoint());
    await expectError(await api('/api/push/staff', { method: 'POST', json: { subscription: sub.json } }), 401);
    await expectError(await api('/api/push/staff', { method: 'DELETE', json: { endpoint: sub.json.endpoint } }), 401);
    await expectError(
      await api('/api/push/staff/status', { method: 'POST', json: { endpoint: sub.json.endpoint } }),
      401,
    );
    expect(await rowsOf('select 1 from staff_push_subscriptions where endpoint = ?', sub.json.endpoint)).toEqual([]);
  });

  it('a cookie-authenticated write from another site is refused (CSRF)', async () => {
    const sub = await browserSubscription(freshEndpoint());
    const res = await api('/api/push/staff', {
      method: 'POST',
      headers: { cookie: `hs_session=${token}`, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      json: { subscription: sub.json },
    });
    await expectError(res, 403);
    // From the panel's own page it is taken.
    const own = await api('/api/push/staff', {
      method: 'POST',
      headers: { cookie: `hs_session=${token}`, origin: 'http://localhost' },
      json: { subscription: sub.json },
    });
    expect(own.status).toBe(201);
  });

  it('stores the device for the session once per endpoint (keys renewed), answers its state, forgets it on DELETE', async () => {
    const sub = await browserSubscription(freshEndpoint());
    expect(await status(token, sub.json.endpoint)).toBe(false);
    const first = await subscribe(token, sub.json);
    expect(first.status).toBe(201);
    expect(await first.json()).toEqual({ data: { subscribed: true }, meta: {} });
    const renewed = await browserSubscription(sub.json.endpoint);
    expect((await subscribe(token, renewed.json)).status).toBe(201);
    expect(
      await rowsOf(
        'select p256dh, auth, session_id as sid from staff_push_subscriptions where endpoint = ?',
        sub.json.endpoint,
      ),
    ).toEqual([{ ...renewed.json.keys, sid: sidOf(token) }]);
    expect(await status(token, sub.json.endpoint)).toBe(true);

    const removed = await unsubscribe(token, sub.json.endpoint);
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({ data: { subscribed: false }, meta: {} });
    expect(await status(token, sub.json.endpoint)).toBe(false);
    expect((await unsubscribe(token, sub.json.endpoint)).status).toBe(200);
  });

  it("another staff member cannot switch off someone else's device; the same browser signed in again moves to the new session", async () => {
    const sub = await device(token);
    const other = await tokenFor(await createStaff('manager'), 'manager');
    expect((await unsubscribe(other, sub.json.endpoint)).status).toBe(200);
    expect(await status(token, sub.json.endpoint)).toBe(true);
    expect(await status(other, sub.json.endpoint)).toBe(false);
    // The browser's one subscription, now in the other staff member's session: one row, theirs.
    expect((await subscribe(other, sub.json)).status).toBe(201);
    expect(await status(other, sub.json.endpoint)).toBe(true);
    expect(await status(token, sub.json.endpoint)).toBe(false);
    expect(
      await rowsOf('select session_id as sid from staff_push_subscriptions where endpoint = ?', sub.json.endpoint),
    ).toEqual([{ sid: sidOf(other) }]);
  });

  it('refuses bad input in Turkish, in the one error shape', async () => {
    const sub = await browserSubscription(freshEndpoint());
    const cases: [unknown, string][] = [
      [{}, pushTexts.subscriptionRequired],
      [{ subscription: { ...sub.json, endpoint: 'http://fcm.googleapis.com/fcm/send/x' } }, pushTexts.endpointNotHttps],
      [{ subscription: { ...sub.json, endpoint: 'https://attacker.example/collect' } }, pushTexts.endpointUnknown],
      [{ subscription: { ...sub.json, keys: { ...sub.json.keys, p256dh: 'AA' } } }, pushTexts.p256dhInvalid],
    ];
    for (const [body, message] of cases) {
      const error = await expectError<Invalid>(
        await api('/api/push/staff', { method: 'POST', token, json: body }),
        400,
      );
      expect(error.name).toBe('ValidationError');
      expect(error.details.errors.map((e) => e.message)).toContain(message);
    }
    const bad = await expectError<Invalid>(await unsubscribe(token, 'x'), 400);
    expect(bad.details.errors.map((e) => e.message)).toContain(pushTexts.endpointNotHttps);
  });
});

describe('each staff event reaches every staff device once', () => {
  it('a new online booking: one push per device, in Turkish, opening the booking in the panel, nothing personal', async () => {
    await clearDevices();
    const a = await staffWithTwoDevices('admin');
    const b = await staffWithTwoDevices('manager');
    const all = [a.shopDevice, a.phoneDevice, b.shopDevice, b.phoneDevice];
    const push = await playPushService(all);
    const { booking, phone } = await book(await pitch());
    const messages = await exactly(push, 4);
    expect(new Set(messages.map((m) => m.endpoint))).toEqual(endpoints(all));
    for (const m of messages)
      expect(m).toMatchObject({
        title: 'Yeni rezervasyon',
        url: `/yonetim/rezervasyonlar?booking=${booking.documentId}`,
        tag: `yonetim-${booking.documentId}`,
      });
    expect(messages[0].body).toMatch(/^Yeşil Vadi Halı Saha · \d{1,2} \S+ \S+ 20:00$/);
    expect(push.received[0].headers.urgency).toBe('high');
    // The topic the push service reads in the clear names no booking.
    expect(push.received[0].headers.topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(push.received[0].headers.topic).not.toContain(booking.documentId);
    expectNothingPersonal(push.received, booking, phone);
  });

  it("a booking taken by staff and a staff cancel reach the other staff members' devices, not the actor's", async () => {
    await clearDevices();
    const a = await staffWithTwoDevices('admin');
    const b = await staffWithTwoDevices('manager');
    const f = await pitch();
    const push = await playPushService([a.shopDevice, a.phoneDevice, b.shopDevice, b.phoneDevice]);
    const slot = await slotAt(f.id, day(), '21:00');
    const customerPhone = freshPhone();
    const created = await api('/api/bookings/staff', {
      method: 'POST',
      token: a.shop,
      json: {
        facility: f.documentId,
        bookingSlot: slot.document_id,
        customerName: 'Deniz Aydın',
        customerPhone,
        channel: 'phone',
        status: 'approved',
        deposit: { mode: 'due' },
      },
    });
    expect(created.status).toBe(201);
    const documentId = ((await created.json()) as { data: { documentId: string } }).data.documentId;
    const made = await exactly(push, 2);
    expect(new Set(made.map((m) => m.endpoint))).toEqual(endpoints([b.shopDevice, b.phoneDevice]));
    expect(made[0]).toMatchObject({ title: 'Yeni rezervasyon', url: `/yonetim/rezervasyonlar?booking=${documentId}` });

    push.received.length = 0;
    const cancelled = await api(`/api/bookings/${documentId}/cancel`, { method: 'POST', token: b.phone, json: {} });
    expect(cancelled.status).toBe(200);
    const cancels = await exactly(push, 2);
    expect(new Set(cancels.map((m) => m.endpoint))).toEqual(endpoints([a.shopDevice, a.phoneDevice]));
    expect(cancels[0].title).toBe('Rezervasyon iptal edildi');
    for (const m of push.received) expect(m.payload).not.toMatch(new RegExp(`${customerPhone.slice(-7)}|Deniz|Aydın`));
  });

  it("a subscription made by staff reaches the other staff members' devices once, however many weeks it books", async () => {
    await clearDevices();
    const a = await staffWithTwoDevices('admin');
    const b = await staffWithTwoDevices('manager');
    const f = await createFacility({ name: 'Abone Saha' });
    await createSlots(f, 0, 30);
    const push = await playPushService([a.shopDevice, a.phoneDevice, b.shopDevice, b.phoneDevice]);
    const res = await subscribeWeekly(a.phone, request(f, freshPhone()));
    expect(res.status).toBe(201);
    const messages = await exactly(push, 2);
    expect(new Set(messages.map((m) => m.endpoint))).toEqual(endpoints([b.shopDevice, b.phoneDevice]));
    expect(messages[0].title).toBe('Yeni abonelik');
    expect(messages[0].body).toMatch(/^Abone Saha · .* 20:00 · Haftalık$/);
    for (const m of push.received) expect(m.payload).not.toMatch(/Abone Ali|Veli|HSR/);
  });

  it("a customer's cancel: one push per device", async () => {
    await clearDevices();
    const a = await staffWithTwoDevices('admin');
    const f = await pitch();
    const push = await playPushService([a.shopDevice, a.phoneDevice]);
    const { booking, phone } = await book(f);
    expect((await exactly(push, 2)).map((m) => m.title)).toEqual(['Yeni rezervasyon', 'Yeni rezervasyon']);
    push.received.length = 0;
    const res = await api(`/api/bookings/cancel/${booking.bookingNumber}`, { method: 'POST', json: {} });
    expect(res.status).toBe(200);
    const messages = await exactly(push, 2);
    for (const m of messages)
      expect(m).toMatchObject({ title: 'Rezervasyon iptal edildi', tag: `yonetim-${booking.documentId}` });
    expectNothingPersonal(push.received, booking, phone);
  });

  it("a hold about to expire: once per device, when the holder's warning goes, however often the alarm runs", async () => {
    await clearDevices();
    const a = await staffWithTwoDevices('admin');
    const f = await pitch();
    const push = await playPushService([a.shopDevice, a.phoneDevice]);
    const { booking, phone, id } = await book(f);
    await exactly(push, 2);
    push.received.length = 0;
    await runSql('update bookings set expires_at = ? where id = ?', Date.now() + 5 * 60_000, id);
    const expireDue = () => runInDurableObject(facilityStub(env, f.id), (o: FacilityBooking) => o.expireDue(f.id));
    await expireDue();
    await expireDue();
    const messages = await exactly(push, 2);
    for (const m of messages) {
      expect(m.title).toBe('Onay süresi doluyor');
      expect(m.body).toMatch(/^Yeşil Vadi Halı Saha · .* 20:00 · Onaylanmazsa \d\d:\d\d itibarıyla düşecek$/);
    }
    expect(push.received[0].headers.ttl).toBe('600');
    expectNothingPersonal(push.received, booking, phone);
  });

  it('a device the push service says is gone (410) is deleted; a 500 keeps it', async () => {
    await clearDevices();
    const a = await staffWithTwoDevices('manager');
    const push = await playPushService([a.shopDevice, a.phoneDevice], (endpoint) =>
      endpoint === a.shopDevice.json.endpoint ? 410 : 500,
    );
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await book(await pitch());
    await exactly(push, 2);
    await vi.waitFor(async () =>
      expect((await devicesOf(a.user.id)).map((d) => d.endpoint)).toEqual([a.phoneDevice.json.endpoint]),
    );
  });

  it('without VAPID keys nothing is sent and nothing fails', async () => {
    await clearDevices();
    const a = await staffWithTwoDevices('manager');
    const { spy } = await playPushService([a.shopDevice, a.phoneDevice]);
    const { id } = await book(await pitch());
    await vi.waitFor(() => expect(spy).toHaveBeenCalledTimes(2));
    spy.mockClear();
    const [n] = await rowsOf("select id from notifications where booking_id = ? and kind = 'booking_created'", id);
    const item = { id: Number(n.id), bookingId: id, actorUserId: null } as never;
    expect(await pushStaffEvents({ ...env, VAPID_PRIVATE_KEY: '' }, [item])).toBe(0);
    expect(spy).not.toHaveBeenCalled();
    // The same call with the keys does send: the refusal above was the keys'.
    expect(await pushStaffEvents(env, [item])).toBe(2);
  });

  it('the events that buzz a staff phone', () => {
    expect(Object.keys(STAFF_PUSH_OF).sort()).toEqual(
      [
        'booking_cancelled_by_customer',
        'booking_cancelled_by_staff',
        'booking_created',
        'booking_created_by_staff',
        'hold_expiring',
        'subscription_created',
      ].sort(),
    );
  });
});

describe('ending access ends the pushes', () => {
  /**
   * The devices left for the account, and that a new booking reaches exactly those: a witness, another staff member's
   * device, hears it too, so a device that hears nothing is seen to hear nothing after the push went.
   */
  async function expectDevices(user: { id: number }, left: BrowserSubscription[], all: BrowserSubscription[]) {
    expect(new Set((await devicesOf(user.id)).map((d) => d.endpoint))).toEqual(endpoints(left));
    const witness = await device(await tokenFor(await createStaff('manager'), 'manager'));
    const push = await playPushService([witness, ...all]);
    await book(await pitch(), '21:00');
    const messages = await exactly(push, left.length + 1);
    expect(new Set(messages.map((m) => m.endpoint))).toEqual(endpoints([witness, ...left]));
    push.stop();
  }

  it("'Çıkış Yap' deletes this session's device; the account's phone keeps hearing", async () => {
    await clearDevices();
    const m = await staffWithTwoDevices();
    const res = await api('/api/auth/logout', {
      method: 'POST',
      headers: { cookie: `hs_session=${m.shop}`, origin: 'http://localhost' },
    });
    expect(res.status).toBe(200);
    await expectDevices(m.user, [m.phoneDevice], [m.shopDevice, m.phoneDevice]);
  });

  it("'Tüm oturumları kapat' deletes every device of the account", async () => {
    await clearDevices();
    const m = await staffWithTwoDevices();
    expect((await api('/api/auth/logout-all', { method: 'POST', token: m.phone })).status).toBe(200);
    await expectDevices(m.user, [], [m.shopDevice, m.phoneDevice]);
  });

  it("one's own password change deletes the other devices; this session's device stays", async () => {
    await clearDevices();
    const m = await staffWithTwoDevices();
    const res = await api('/api/auth/password', {
      method: 'PUT',
      token: m.shop,
      json: { currentPassword: PASSWORD, newPassword: 'yepyeni-sifre-9', confirmPassword: 'yepyeni-sifre-9' },
    });
    expect(res.status).toBe(200);
    await expectDevices(m.user, [m.shopDevice], [m.shopDevice, m.phoneDevice]);
  });

  it('an admin disabling the account, changing its role or resetting its password deletes every device', async () => {
    const admin = await tokenFor(await createStaff('admin'), 'admin');
    const changes: Array<(id: number) => Promise<Response>> = [
      (id) => api(`/api/staff-users/${id}`, { method: 'PATCH', token: admin, json: { active: false } }),
      (id) => api(`/api/staff-users/${id}`, { method: 'PATCH', token: admin, json: { role: 'admin' } }),
      (id) => api(`/api/staff-users/${id}/reset-password`, { method: 'POST', token: admin }),
    ];
    for (const change of changes) {
      await clearDevices();
      const m = await staffWithTwoDevices();
      expect((await change(m.user.id)).status).toBe(200);
      await expectDevices(m.user, [], [m.shopDevice, m.phoneDevice]);
    }
  });

  it('a deleted account and an expired session take their devices with them; an expired one is never sent to', async () => {
    await clearDevices();
    const gone = await staffWithTwoDevices();
    await runSql('delete from users where id = ?', gone.user.id);
    expect(await devicesOf(gone.user.id)).toEqual([]);

    const m = await staffWithTwoDevices();
    await runSql('update staff_sessions set expires_at = ? where id = ?', Date.now() - 1000, sidOf(m.phone));
    // Not swept yet: still stored, but no push goes to it.
    expect(await devicesOf(m.user.id)).toHaveLength(2);
    const push = await playPushService([m.shopDevice, m.phoneDevice]);
    await book(await pitch(), '21:00');
    expect((await exactly(push, 1)).map((x) => x.endpoint)).toEqual([m.shopDevice.json.endpoint]);
    // The hourly sweep deletes the session, and its device with it.
    await purgeExpiredSessions(db(), Date.now());
    expect((await devicesOf(m.user.id)).map((d) => d.endpoint)).toEqual([m.shopDevice.json.endpoint]);
  });
});
