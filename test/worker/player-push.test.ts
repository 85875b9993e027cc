// Web Push to a booking's holder (docs/behaviour.md#notifications): 'Bildirim al' by the booking number under
// tracking's look-up limit, one push per device for each of the booking's events and the reminder, played against a
// push service inside the test that decrypts every message; a gone subscription is deleted; an erasure deletes them.
import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { pushTexts } from '../../contracts/push';
import { dueReminders } from '../../worker/src/db/push-subscriptions';
import type { FacilityBooking } from '../../worker/src/durable-objects/facility-booking';
import { forgetRules } from '../../worker/src/lib/booking-rules';
import { runScheduled } from '../../worker/src/scheduled';
import { facilityStub } from '../../worker/src/services/facility-ref';
import { PLAYER_PUSH_OF, pushBookingEvents, sendReminders } from '../../worker/src/services/player-push';
import {
  addDays,
  api,
  bookViaApi,
  createFacility,
  createSlots,
  createStaff,
  db,
  expectError,
  type Invalid,
  istanbulToday,
  rowsOf,
  runSql,
  tokenFor,
} from './fixtures';
import {
  type BrowserSubscription,
  browserSubscription,
  freshEndpoint,
  playPushService,
  type Received,
} from './fixtures/push-service';

let staff: Awaited<ReturnType<typeof createStaff>>;
let admin: string;
beforeAll(async () => {
  staff = await createStaff('admin');
});
// A fresh session each test: the cron run with a clock days ahead forgets the sessions expired by then.
beforeEach(async () => {
  admin = await tokenFor(staff, 'admin');
});
afterEach(() => {
  vi.restoreAllMocks();
});

const day = () => addDays(istanbulToday(), 2);

async function booked(time = '20:00', date = day()) {
  const f = await createFacility({ name: 'Yeşil Vadi Halı Saha', autoApprovalTimeout: 60 });
  await createSlots(f, 2, 2);
  const { booking, phone } = await bookViaApi(f, date, time, { customerName: 'Deniz Aydın' });
  const [{ id }] = await rowsOf('select id from bookings where document_id = ?', booking.documentId);
  return { f, booking, phone, id: Number(id) };
}

const subscribe = (number: string, body: unknown, ip?: string) =>
  api(`/api/bookings/track/${number}/push`, { method: 'POST', json: body, ip });
const unsubscribe = (number: string, endpoint: string) =>
  api(`/api/bookings/track/${number}/push`, { method: 'DELETE', json: { endpoint } });
const staffPost = (path: string, json: unknown = {}) => api(path, { method: 'POST', token: admin, json });

async function devices(number: string, n: number) {
  const subs: BrowserSubscription[] = [];
  for (let i = 0; i < n; i++) {
    const sub = await browserSubscription(freshEndpoint());
    expect((await subscribe(number, { subscription: sub.json })).status).toBe(201);
    subs.push(sub);
  }
  return subs;
}

const subscriptionsOf = (bookingId: number) =>
  rowsOf('select endpoint from push_subscriptions where booking_id = ? order by id', bookingId);

/** Waits for `n` messages, then a little longer to see that no more come. */
async function exactly(received: Received[], n: number) {
  await vi.waitFor(() => expect(received.length).toBeGreaterThanOrEqual(n), { timeout: 5000, interval: 20 });
  await new Promise((r) => setTimeout(r, 300));
  expect(received).toHaveLength(n);
  return received.map((m) => ({ endpoint: m.endpoint, ...JSON.parse(m.payload) }));
}

/** Nothing personal in a payload: not the phone, not the name, not the number. */
function expectNothingPersonal(received: Received[], b: { bookingNumber: string }, phone: string) {
  for (const m of received) {
    expect(m.payload).not.toContain(b.bookingNumber);
    expect(m.payload).not.toContain(phone);
    expect(m.payload).not.toContain(phone.slice(-7));
    expect(m.payload).not.toMatch(/Deniz|Aydın/);
  }
}

const expireDue = (facilityId: number) =>
  runInDurableObject(facilityStub(env, facilityId), (o: FacilityBooking) => o.expireDue(facilityId));

describe('POST and DELETE /api/bookings/track/:bookingNumber/push', () => {
  it('stores the device once per endpoint (201 again, keys renewed) and forgets it on DELETE', async () => {
    const { booking, id } = await booked();
    const sub = await browserSubscription(freshEndpoint());
    const first = await subscribe(booking.bookingNumber, { subscription: sub.json });
    expect(first.status).toBe(201);
    expect(await first.json()).toEqual({ data: { subscribed: true }, meta: {} });
    const renewed = await browserSubscription(sub.json.endpoint);
    expect((await subscribe(booking.bookingNumber, { subscription: renewed.json })).status).toBe(201);
    const rows = await rowsOf('select endpoint, p256dh, auth from push_subscriptions where booking_id = ?', id);
    expect(rows).toEqual([{ endpoint: sub.json.endpoint, ...renewed.json.keys }]);

    const removed = await unsubscribe(booking.bookingNumber, sub.json.endpoint);
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({ data: { subscribed: false }, meta: {} });
    expect(await subscriptionsOf(id)).toEqual([]);
    expect((await unsubscribe(booking.bookingNumber, sub.json.endpoint)).status).toBe(200);
  });

  it('refuses bad input in Turkish, in the one error shape', async () => {
    const { booking } = await booked();
    const sub = await browserSubscription(freshEndpoint());
    const cases: [unknown, string][] = [
      [{}, pushTexts.subscriptionRequired],
      [{ subscription: { ...sub.json, endpoint: 'http://fcm.googleapis.com/fcm/send/x' } }, pushTexts.endpointNotHttps],
      [{ subscription: { ...sub.json, endpoint: 'https://attacker.example/collect' } }, pushTexts.endpointUnknown],
      [{ subscription: { ...sub.json, keys: { ...sub.json.keys, auth: 'AA' } } }, pushTexts.authInvalid],
    ];
    for (const [body, message] of cases) {
      const error = await expectError<Invalid>(await subscribe(booking.bookingNumber, body), 400);
      expect(error.name).toBe('ValidationError');
      expect(error.details.errors.map((e) => e.message)).toContain(message);
    }
    const bad = await expectError<Invalid>(
      await api(`/api/bookings/track/${booking.bookingNumber}/push`, { method: 'DELETE', json: { endpoint: 'x' } }),
      400,
    );
    expect(bad.details.errors.map((e) => e.message)).toContain(pushTexts.endpointNotHttps);
    expect((await expectError(await subscribe('HSRZZZZZZZZZ', { subscription: sub.json }), 404)).message).toMatch(
      /Rezervasyon bulunamadı/,
    );
  });

  it('lets at most 5 devices hear a booking: the sixth is refused with 409, a known one still renews', async () => {
    const { booking, id } = await booked();
    const five = await devices(booking.bookingNumber, 5);
    const sixth = await browserSubscription(freshEndpoint());
    const refused = await expectError(await subscribe(booking.bookingNumber, { subscription: sixth.json }), 409);
    expect(refused.message).toBe(pushTexts.tooMany);
    expect((await subscribe(booking.bookingNumber, { subscription: five[0].json })).status).toBe(201);
    expect(await subscriptionsOf(id)).toHaveLength(5);
    // Two racing sixths: the one statement counts and writes together, neither gets in.
    const racing = await Promise.all(
      [0, 1].map(async () =>
        subscribe(booking.bookingNumber, { subscription: (await browserSubscription(freshEndpoint())).json }),
      ),
    );
    expect(racing.map((r) => r.status)).toEqual([409, 409]);
  });

  it('refuses a booking that is not live (rejected, or started)', async () => {
    const { booking, id } = await booked();
    expect((await staffPost(`/api/bookings/${booking.documentId}/reject`, { reason: 'Saha bakımda' })).status).toBe(
      200,
    );
    const sub = await browserSubscription(freshEndpoint());
    expect((await expectError(await subscribe(booking.bookingNumber, { subscription: sub.json }), 409)).message).toBe(
      pushTexts.notLive,
    );
    const started = await booked('18:00');
    await runSql('update bookings set starts_at = ? where id = ?', Date.now() - 60_000, started.id);
    expect(
      (await expectError(await subscribe(started.booking.bookingNumber, { subscription: sub.json }), 409)).message,
    ).toBe(pushTexts.notLive);
    expect(await subscriptionsOf(id)).toEqual([]);
  });

  it("counts against tracking's look-up limit of the number: after it both are refused", async () => {
    const { booking } = await booked();
    const limit = 30; // RATE_LIMIT_LOOKUP_PER_TARGET in vitest.config.ts
    for (let i = 0; i < limit - 1; i++)
      expect((await api(`/api/bookings/track/${booking.bookingNumber}`)).status).toBe(200);
    const sub = await browserSubscription(freshEndpoint());
    expect((await subscribe(booking.bookingNumber, { subscription: sub.json })).status).toBe(201);
    const refused = await expectError(await subscribe(booking.bookingNumber, { subscription: sub.json }), 429);
    expect(refused.name).toBe('RateLimitError');
    await expectError(await unsubscribe(booking.bookingNumber, sub.json.endpoint), 429);
    await expectError(await api(`/api/bookings/track/${booking.bookingNumber}`), 429);
  });
});

describe("the booking's events reach every device once", () => {
  it('approved: one push per device, decrypted, in Turkish, with the real date and nothing personal', async () => {
    const { booking, phone } = await booked();
    const subs = await devices(booking.bookingNumber, 2);
    const { received } = playPushService(subs);
    expect((await staffPost(`/api/bookings/${booking.documentId}/approve`)).status).toBe(200);
    const messages = await exactly(received, 2);
    expect(new Set(messages.map((m) => m.endpoint))).toEqual(new Set(subs.map((s) => s.json.endpoint)));
    for (const m of messages)
      expect(m).toMatchObject({
        title: 'Rezervasyonunuz onaylandı',
        url: '/rezervasyonlarim',
        tag: `rezervasyon-${booking.documentId}`,
      });
    expect(messages[0].body).toMatch(
      /^Yeşil Vadi Halı Saha · \d{1,2} [A-ZÇĞİÖŞÜ][a-zçğıöşü]+ [A-ZÇĞİÖŞÜ][a-zçğıöşü]+ 20:00$/,
    );
    expect(received[0].headers.topic).toBe(booking.documentId);
    expectNothingPersonal(received, booking, phone);
  });

  it('an after-midnight start shows its real calendar date', async () => {
    const f = await createFacility({
      name: 'Gece Saha',
      autoApprovalTimeout: 60,
      workingHours: JSON.parse(
        JSON.stringify(
          Object.fromEntries(
            ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [
              d,
              { isOpen: true, start: '18:00', end: '02:00' },
            ]),
          ),
        ),
      ),
    });
    await createSlots(f, 2, 2);
    const { booking } = await bookViaApi(f, day(), '01:00');
    const sub = await browserSubscription(freshEndpoint());
    expect((await subscribe(booking.bookingNumber, { subscription: sub.json })).status).toBe(201);
    const { received } = playPushService(sub);
    expect((await staffPost(`/api/bookings/${booking.documentId}/approve`)).status).toBe(200);
    const [m] = await exactly(received, 1);
    const next = new Date(`${addDays(day(), 1)}T00:00:00Z`).getUTCDate();
    expect(m.body).toMatch(new RegExp(`^Gece Saha · ${next} \\S+ \\S+ 01:00 · \\S+ gecesi$`));
  });

  it('rejected, with the reason', async () => {
    const { booking, phone } = await booked();
    const [sub] = await devices(booking.bookingNumber, 1);
    const { received } = playPushService(sub);
    const res = await staffPost(`/api/bookings/${booking.documentId}/reject`, { reason: 'Saha bakımda' });
    expect(res.status).toBe(200);
    const [m] = await exactly(received, 1);
    expect(m.title).toBe('Rezervasyonunuz reddedildi');
    expect(m.body).toMatch(/ · Neden: Saha bakımda$/);
    expectNothingPersonal(received, booking, phone);
  });

  it('cancelled by the venue', async () => {
    const { booking, phone } = await booked();
    const [sub] = await devices(booking.bookingNumber, 1);
    const { received } = playPushService(sub);
    expect((await staffPost(`/api/bookings/${booking.documentId}/approve`)).status).toBe(200);
    await exactly(received, 1);
    expect((await staffPost(`/api/bookings/${booking.documentId}/cancel`)).status).toBe(200);
    const [, m] = await exactly(received, 2);
    expect(m.title).toBe('Rezervasyonunuz tesis tarafından iptal edildi');
    expect(received[1].headers.urgency).toBe('high');
    expectNothingPersonal(received, booking, phone);
  });

  it('the hold expiring in 10 minutes (once, however often the alarm runs), then expired', async () => {
    const { f, booking, id, phone } = await booked();
    const [sub] = await devices(booking.bookingNumber, 1);
    const { received } = playPushService(sub);
    await runSql('update bookings set expires_at = ? where id = ?', Date.now() + 5 * 60_000, id);
    await expireDue(f.id);
    await expireDue(f.id);
    const [warning] = await exactly(received, 1);
    expect(warning.title).toBe('Rezervasyonunuzun süresi dolmak üzere');
    expect(warning.body).toMatch(/ · Onaylanmazsa \d\d:\d\d itibarıyla düşecek$/);
    expect(received[0].headers.ttl).toBe('600');

    await runSql('update bookings set expires_at = ? where id = ?', Date.now() - 1000, id);
    await expireDue(f.id);
    const messages = await exactly(received, 2);
    expect(messages[1].title).toBe('Rezervasyonunuzun süresi doldu');
    expectNothingPersonal(received, booking, phone);
  });

  it('a device the push service says is gone (410) is deleted; a 500 keeps it', async () => {
    const { booking, id } = await booked();
    const [gone, failing] = await devices(booking.bookingNumber, 2);
    const { received } = playPushService([gone, failing], (endpoint) => (endpoint === gone.json.endpoint ? 410 : 500));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect((await staffPost(`/api/bookings/${booking.documentId}/approve`)).status).toBe(200);
    await exactly(received, 2);
    await vi.waitFor(async () => expect(await subscriptionsOf(id)).toEqual([{ endpoint: failing.json.endpoint }]));
  });

  it('without VAPID keys nothing is sent and nothing fails', async () => {
    const { booking, id } = await booked();
    const [sub] = await devices(booking.bookingNumber, 1);
    await runSql("update bookings set status = 'approved' where id = ?", id);
    const [n] = await rowsOf('select id from notifications where booking_id = ? order by id limit 1', id);
    await runSql("update notifications set kind = 'booking_approved' where id = ?", n.id);
    const { spy } = playPushService(sub);
    const noKeys = { ...env, VAPID_PRIVATE_KEY: '' };
    await pushBookingEvents(noKeys, [{ id: Number(n.id), bookingId: id } as never]);
    const [row] = await rowsOf('select starts_at from bookings where id = ?', id);
    expect(await sendReminders(noKeys, Number(row.starts_at) - 60 * 60_000)).toBe(0);
    expect(spy).not.toHaveBeenCalled();
    expect(await rowsOf('select reminder_sent_at from bookings where id = ?', id)).toEqual([
      { reminder_sent_at: null },
    ]);
    // The same call with the keys does send: the refusal above was the keys'.
    await pushBookingEvents(env, [{ id: Number(n.id), bookingId: id } as never]);
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it('every staff event a holder hears of has its push', () => {
    expect(Object.keys(PLAYER_PUSH_OF).sort()).toEqual(
      ['booking_approved', 'booking_cancelled_by_staff', 'booking_expired', 'booking_rejected', 'hold_expiring'].sort(),
    );
  });
});

describe('the reminder before the start', () => {
  it('is sent once by the cron within the reminder hours, never again on a second run', async () => {
    const { booking, id, phone } = await booked();
    const [sub] = await devices(booking.bookingNumber, 1);
    const { received } = playPushService(sub);
    expect((await staffPost(`/api/bookings/${booking.documentId}/approve`)).status).toBe(200);
    await exactly(received, 1);
    received.length = 0;
    const [{ starts_at }] = await rowsOf('select starts_at from bookings where id = ?', id);
    const startsAt = Number(starts_at);
    // Four hours before: outside the 3-hour default, nothing marked or sent.
    expect((await runScheduled(env, startsAt - 4 * 3_600_000)).reminded).toBe(0);
    expect((await runScheduled(env, startsAt - 2 * 3_600_000)).reminded).toBe(1);
    // A second run, as after a restart: the booking is marked, nothing is sent again.
    expect((await runScheduled(env, startsAt - 2 * 3_600_000 + 60_000)).reminded).toBe(0);
    const [m] = await exactly(received, 1);
    expect(m.title).toBe('Maçınız yaklaşıyor');
    expect(m.body).toMatch(/^Yeşil Vadi Halı Saha · .* 20:00$/);
    expectNothingPersonal(received, booking, phone);
    const [row] = await rowsOf('select reminder_sent_at from bookings where id = ?', id);
    expect(row.reminder_sent_at).toBe(startsAt - 2 * 3_600_000);
  });

  it('follows the reminder hours of Ayarlar (0 turns it off), validated 0–48 in Turkish', async () => {
    const { booking, id } = await booked();
    const [sub] = await devices(booking.bookingNumber, 1);
    await runSql("update bookings set status = 'approved', expires_at = null where id = ?", id);
    const [{ starts_at }] = await rowsOf('select starts_at from bookings where id = ?', id);
    const { received } = playPushService(sub);
    try {
      await runSql('update booking_rules set reminder_hours = 0');
      forgetRules();
      expect(await sendReminders(env, Number(starts_at) - 60_000)).toBe(0);
      await runSql('update booking_rules set reminder_hours = 24');
      forgetRules();
      expect(await sendReminders(env, Number(starts_at) - 20 * 3_600_000)).toBe(1);
      await exactly(received, 1);
    } finally {
      await runSql('update booking_rules set reminder_hours = 3');
      forgetRules();
    }
    const rules = await api('/api/booking-rules', { token: admin });
    expect(rules.status).toBe(200);
    const { data } = (await rules.json()) as { data: { stored: Record<string, unknown> } };
    const refused = await expectError<Invalid>(
      await api('/api/booking-rules', {
        method: 'PUT',
        token: admin,
        json: { ...data.stored, reminderHours: 49 },
      }),
      400,
    );
    expect(refused.details.errors.map((e) => e.message)).toContain('Hatırlatma süresi 0 ile 48 saat arasında olmalı');
  });

  it('reads only the window of bookings_reminder_due, never the whole bookings table', async () => {
    const plan = await db().all<{ detail: string }>(sql`explain query plan ${dueReminders(Date.now(), 3_600_000)}`);
    const lines = plan.map((r) => r.detail).join('\n');
    expect(lines).toMatch(/SEARCH bookings USING INDEX bookings_reminder_due \(starts_at>\? AND starts_at<\?\)/);
    expect(lines).not.toMatch(/SCAN bookings/);
  });
});

describe('KVKK erasure', () => {
  it("deletes the devices of every booking of the customer's phone", async () => {
    const { booking, id } = await booked();
    await devices(booking.bookingNumber, 2);
    const other = await booked();
    await devices(other.booking.bookingNumber, 1);
    const res = await staffPost(`/api/bookings/${booking.documentId}/anonymize`);
    expect(res.status).toBe(200);
    expect(await subscriptionsOf(id)).toEqual([]);
    expect(await subscriptionsOf(other.id)).toHaveLength(1);
  });
});
