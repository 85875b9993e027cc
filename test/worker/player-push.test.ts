// Web Push to a booking's holder (docs/behaviour.md#notifications): 'Bildirim al' by the booking number under
// tracking's look-up limit, one push per device for each of the booking's events and the reminder, played against a
// local push service (test/worker/fixtures/push-service.ts) that checks VAPID and decrypts every message; a gone
// subscription (404/410) is deleted, a busy or failing push service (429/5xx) keeps it; an erasure deletes them.
import {
  createExecutionContext,
  createScheduledController,
  evictDurableObject,
  runDurableObjectAlarm,
  runInDurableObject,
  waitOnExecutionContext,
} from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { pushTexts } from '../../contracts/push';
import { dueRatingPrompts, dueReminders } from '../../worker/src/db/push-subscriptions';
import type { FacilityBooking } from '../../worker/src/durable-objects/facility-booking';
import { forgetRules } from '../../worker/src/lib/booking-rules';
import { runScheduled } from '../../worker/src/scheduled';
import { facilityStub } from '../../worker/src/services/facility-ref';
import {
  PLAYER_PUSH_OF,
  pushBookingEvents,
  sendRatingPrompts,
  sendReminders,
} from '../../worker/src/services/player-push';
import worker from '../../worker/src/worker';
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
  type AnswerChoice,
  type BrowserSubscription,
  browserSubscription,
  freshEndpoint,
  type PlayedPushService,
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
  await createSlots(f, date === day() ? 2 : 1, 2);
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

/** Waits for `n` messages, then a little longer to see that no more come (and none was refused); the payloads. */
async function exactly(push: PlayedPushService, n: number) {
  return (await push.exactly(n)).map((m) => ({ endpoint: m.endpoint, ...JSON.parse(m.payload) }));
}

/** Exactly one message for each device, and no other. */
async function onePerDevice(push: PlayedPushService, subs: BrowserSubscription[]) {
  const messages = await exactly(push, subs.length);
  expect(messages.map((m) => m.endpoint).sort()).toEqual(subs.map((s) => s.json.endpoint).sort());
  return messages;
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
    const push = await playPushService(subs);
    expect((await staffPost(`/api/bookings/${booking.documentId}/approve`)).status).toBe(200);
    const messages = await onePerDevice(push, subs);
    for (const m of messages)
      expect(m).toMatchObject({
        title: 'Rezervasyonunuz onaylandı',
        url: '/rezervasyonlarim',
        tag: `rezervasyon-${booking.documentId}`,
      });
    expect(messages[0].body).toMatch(
      /^Yeşil Vadi Halı Saha · \d{1,2} [A-ZÇĞİÖŞÜ][a-zçğıöşü]+ [A-ZÇĞİÖŞÜ][a-zçğıöşü]+ 20:00$/,
    );
    expect(push.received[0].headers.topic).toBe(booking.documentId);
    expect(push.received[0].claims.aud).toBe('https://fcm.googleapis.com');
    expectNothingPersonal(push.received, booking, phone);
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
    const push = await playPushService(sub);
    expect((await staffPost(`/api/bookings/${booking.documentId}/approve`)).status).toBe(200);
    const [m] = await exactly(push, 1);
    const next = new Date(`${addDays(day(), 1)}T00:00:00Z`).getUTCDate();
    expect(m.body).toMatch(new RegExp(`^Gece Saha · ${next} \\S+ \\S+ 01:00 · \\S+ gecesi$`));
  });

  it('rejected, with the reason', async () => {
    const { booking, phone } = await booked();
    const subs = await devices(booking.bookingNumber, 2);
    const push = await playPushService(subs);
    const res = await staffPost(`/api/bookings/${booking.documentId}/reject`, { reason: 'Saha bakımda' });
    expect(res.status).toBe(200);
    for (const m of await onePerDevice(push, subs)) {
      expect(m.title).toBe('Rezervasyonunuz reddedildi');
      expect(m.body).toMatch(/ · Neden: Saha bakımda$/);
    }
    expectNothingPersonal(push.received, booking, phone);
  });

  it('cancelled by the venue', async () => {
    const { booking, phone } = await booked();
    const subs = await devices(booking.bookingNumber, 2);
    const push = await playPushService(subs);
    expect((await staffPost(`/api/bookings/${booking.documentId}/approve`)).status).toBe(200);
    await onePerDevice(push, subs);
    expectNothingPersonal(push.received, booking, phone);
    push.received.length = 0;
    expect((await staffPost(`/api/bookings/${booking.documentId}/cancel`)).status).toBe(200);
    for (const m of await onePerDevice(push, subs))
      expect(m.title).toBe('Rezervasyonunuz tesis tarafından iptal edildi');
    expect(push.received.map((m) => m.headers.urgency)).toEqual(['high', 'high']);
    expectNothingPersonal(push.received, booking, phone);
  });

  it('the hold expiring in 10 minutes (once, however often the alarm runs, the object restarted between), then expired', async () => {
    const { f, booking, id, phone } = await booked();
    const subs = await devices(booking.bookingNumber, 2);
    const push = await playPushService(subs);
    await runSql('update bookings set expires_at = ? where id = ?', Date.now() + 5 * 60_000, id);
    await expireDue(f.id);
    // The pitch's object restarts (its memory gone) and its alarm runs again: the warning is not sent twice.
    await evictDurableObject(facilityStub(env, f.id));
    await expireDue(f.id);
    for (const warning of await onePerDevice(push, subs)) {
      expect(warning.title).toBe('Rezervasyonunuzun süresi dolmak üzere');
      expect(warning.body).toMatch(/ · Onaylanmazsa \d\d:\d\d itibarıyla düşecek$/);
    }
    expect(push.received.map((m) => m.headers.ttl)).toEqual(['600', '600']);
    expectNothingPersonal(push.received, booking, phone);

    push.received.length = 0;
    await runSql('update bookings set expires_at = ? where id = ?', Date.now() - 1000, id);
    await expireDue(f.id);
    for (const m of await onePerDevice(push, subs)) expect(m.title).toBe('Rezervasyonunuzun süresi doldu');
    expectNothingPersonal(push.received, booking, phone);
  });

  it("the pitch's own alarm sends from inside its Durable Object", async () => {
    const { f, booking, id } = await booked();
    const subs = await devices(booking.bookingNumber, 2);
    const push = await playPushService(subs);
    await runSql('update bookings set expires_at = ? where id = ?', Date.now() - 1000, id);
    expect(await runDurableObjectAlarm(facilityStub(env, f.id))).toBe(true);
    for (const m of await onePerDevice(push, subs)) expect(m.title).toBe('Rezervasyonunuzun süresi doldu');
  });

  it('a device the push service says is gone (404 or 410) is deleted; a busy (429) or failing (500) one is kept', async () => {
    const { booking, id } = await booked();
    const subs = await devices(booking.bookingNumber, 4);
    const [notFound, gone, busy, failing] = subs;
    const answers = new Map<string, AnswerChoice>([
      [notFound.json.endpoint, 404],
      [gone.json.endpoint, 410],
      [busy.json.endpoint, { status: 429, body: 'slow down', headers: { 'retry-after': '120' } }],
      [failing.json.endpoint, 500],
    ]);
    const push = await playPushService(subs, (endpoint) => answers.get(endpoint)!);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect((await staffPost(`/api/bookings/${booking.documentId}/approve`)).status).toBe(200);
    await onePerDevice(push, subs);
    expect(Object.fromEntries(push.received.map((m) => [m.endpoint, m.status]))).toEqual({
      [notFound.json.endpoint]: 404,
      [gone.json.endpoint]: 410,
      [busy.json.endpoint]: 429,
      [failing.json.endpoint]: 500,
    });
    await vi.waitFor(async () =>
      expect(await subscriptionsOf(id)).toEqual([
        { endpoint: busy.json.endpoint },
        { endpoint: failing.json.endpoint },
      ]),
    );
    // The kept ones are logged by host, never by their address.
    expect(warn.mock.calls.map((c) => c.slice(0, 3))).toEqual(
      expect.arrayContaining([
        ['push failed', 'fcm.googleapis.com', 429],
        ['push failed', 'fcm.googleapis.com', 500],
      ]),
    );
    expect(JSON.stringify(warn.mock.calls)).not.toContain(busy.json.endpoint);
  });

  it('without VAPID keys nothing is sent and nothing fails', async () => {
    const { booking, id } = await booked();
    const [sub] = await devices(booking.bookingNumber, 1);
    await runSql("update bookings set status = 'approved' where id = ?", id);
    // An approval of the booking written beside the booking's own notifications (the pitch's object still sends those
    // from its outbox a moment later, so one of them is not rewritten here).
    const [created] = await rowsOf('select id from notifications where booking_id = ? order by id limit 1', id);
    await runSql(
      `insert into notifications (document_id, type, priority, title, message, target_role, booking_id, facility_id,
         created_at, kind, facts)
       select document_id || '-onay', type, priority, title, message, target_role, booking_id, facility_id, created_at,
         'booking_approved', facts
       from notifications where id = ?`,
      created.id,
    );
    const [n] = await rowsOf("select id from notifications where booking_id = ? and kind = 'booking_approved'", id);
    const push = await playPushService(sub);
    const noKeys = { ...env, VAPID_PRIVATE_KEY: '' };
    await pushBookingEvents(noKeys, [{ id: Number(n.id), bookingId: id } as never]);
    const [row] = await rowsOf('select starts_at from bookings where id = ?', id);
    expect(await sendReminders(noKeys, Number(row.starts_at) - 60 * 60_000)).toBe(0);
    // Both calls return after their posts were answered: nothing reached the push service.
    expect([...(await push.sync()), ...push.refused]).toEqual([]);
    expect(await rowsOf('select reminder_sent_at from bookings where id = ?', id)).toEqual([
      { reminder_sent_at: null },
    ]);
    // The same call with the keys does send: the refusal above was the keys'.
    await pushBookingEvents(env, [{ id: Number(n.id), bookingId: id } as never]);
    await exactly(push, 1);
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
    const subs = await devices(booking.bookingNumber, 2);
    const push = await playPushService(subs);
    expect((await staffPost(`/api/bookings/${booking.documentId}/approve`)).status).toBe(200);
    await onePerDevice(push, subs);
    push.received.length = 0;
    const [{ starts_at }] = await rowsOf('select starts_at from bookings where id = ?', id);
    const startsAt = Number(starts_at);
    // Four hours before: outside the 3-hour default, nothing marked or sent.
    expect((await runScheduled(env, startsAt - 4 * 3_600_000)).reminded).toBe(0);
    expect((await runScheduled(env, startsAt - 2 * 3_600_000)).reminded).toBe(2);
    // A second run, as after a restart: the booking is marked, nothing is sent again.
    expect((await runScheduled(env, startsAt - 2 * 3_600_000 + 60_000)).reminded).toBe(0);
    for (const m of await onePerDevice(push, subs)) {
      expect(m.title).toBe('Maçınız yaklaşıyor');
      expect(m.body).toMatch(/^Yeşil Vadi Halı Saha · .* 20:00$/);
    }
    expect(push.received.map((m) => m.headers.urgency)).toEqual(['high', 'high']);
    expectNothingPersonal(push.received, booking, phone);
    const [row] = await rowsOf('select reminder_sent_at from bookings where id = ?', id);
    expect(row.reminder_sent_at).toBe(startsAt - 2 * 3_600_000);
  });

  it('two cron runs at once send it once; after a restart the scheduled handler does not send it again', async () => {
    const { f, booking, id } = await booked();
    const subs = await devices(booking.bookingNumber, 2);
    // Approved, starting in two hours: inside the reminder hours of the real clock the scheduled handler reads.
    await runSql(
      "update bookings set status = 'approved', expires_at = null, starts_at = ? where id = ?",
      Date.now() + 2 * 3_600_000,
      id,
    );
    const push = await playPushService(subs);
    const now = Date.now();
    const runs = await Promise.all([runScheduled(env, now), runScheduled(env, now)]);
    expect(runs.map((r) => r.reminded).sort()).toEqual([0, 2]);
    for (const m of await onePerDevice(push, subs)) expect(m.title).toBe('Maçınız yaklaşıyor');

    // A restart: the isolate's memory and the pitch's object gone, then the cron's real handler runs.
    forgetRules();
    await evictDurableObject(facilityStub(env, f.id));
    const ctx = createExecutionContext();
    worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: '*/5 * * * *' }), env, ctx);
    await waitOnExecutionContext(ctx);
    await push.exactly(2);
  });

  it('the scheduled handler itself sends the reminder through the push service', async () => {
    const { booking, id } = await booked();
    const [sub] = await devices(booking.bookingNumber, 1);
    await runSql(
      "update bookings set status = 'approved', expires_at = null, starts_at = ? where id = ?",
      Date.now() + 2 * 3_600_000,
      id,
    );
    const push = await playPushService(sub);
    const ctx = createExecutionContext();
    worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: '*/5 * * * *' }), env, ctx);
    await waitOnExecutionContext(ctx);
    const [m] = await exactly(push, 1);
    expect(m.title).toBe('Maçınız yaklaşıyor');
    expect((await rowsOf('select reminder_sent_at from bookings where id = ?', id))[0].reminder_sent_at).not.toBeNull();
  });

  it('follows the reminder hours of Ayarlar (0 turns it off), validated 0–48 in Turkish', async () => {
    const { booking, id } = await booked();
    const [sub] = await devices(booking.bookingNumber, 1);
    await runSql("update bookings set status = 'approved', expires_at = null where id = ?", id);
    const [{ starts_at }] = await rowsOf('select starts_at from bookings where id = ?', id);
    const push = await playPushService(sub);
    try {
      await runSql('update booking_rules set reminder_hours = 0');
      forgetRules();
      expect(await sendReminders(env, Number(starts_at) - 60_000)).toBe(0);
      await runSql('update booking_rules set reminder_hours = 24');
      forgetRules();
      expect(await sendReminders(env, Number(starts_at) - 20 * 3_600_000)).toBe(1);
      await exactly(push, 1);
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

  it('the ask to rate walks the devices and looks each booking up by id, never an index of every approved booking', async () => {
    const plan = await db().all<{ detail: string }>(
      sql`explain query plan ${dueRatingPrompts(Date.now(), 3 * 3_600_000)}`,
    );
    const lines = plan.map((r) => r.detail).join('\n');
    expect(lines).toMatch(/SCAN p USING COVERING INDEX push_subscriptions_booking_endpoint/);
    expect(lines).toMatch(/SEARCH b USING INTEGER PRIMARY KEY \(rowid=\?\)/);
    expect(lines).not.toMatch(/SCAN b\b|bookings_status_created/);
  });
});

/** A booking at a pitch open 18:00–02:00, for the hours after midnight. */
async function bookedAtNight(time: string, date: string) {
  const open = { isOpen: true, start: '18:00', end: '02:00' };
  const days = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
  const f = await createFacility({
    name: 'Yeşil Vadi Halı Saha',
    autoApprovalTimeout: 60,
    workingHours: JSON.parse(JSON.stringify(Object.fromEntries(days.map((d) => [d, open])))),
  });
  await createSlots(f, 2, 2);
  const { booking, phone } = await bookViaApi(f, date, time, { customerName: 'Deniz Aydın' });
  const [{ id }] = await rowsOf('select id from bookings where document_id = ?', booking.documentId);
  return { f, booking, phone, id: Number(id) };
}

describe('the ask to rate after the played match', () => {
  /** An approved booking two devices hear, and the real end of its match. */
  async function played(time = '20:00', date = day(), night = false) {
    const b = night ? await bookedAtNight(time, date) : await booked(time, date);
    const subs = await devices(b.booking.bookingNumber, 2);
    await runSql("update bookings set status = 'approved', expires_at = null where id = ?", b.id);
    const [row] = await rowsOf('select starts_at, start_time, end_time from bookings where id = ?', b.id);
    const minutes = (t: unknown) => Number(String(t).slice(0, 2)) * 60 + Number(String(t).slice(3, 5));
    const length = ((minutes(row.end_time) - minutes(row.start_time) + 1440) % 1440 || 1440) * 60_000;
    return { ...b, subs, end: Number(row.starts_at) + length };
  }

  it('asks every device once, after the real end, within the hours the devices are kept; never again', async () => {
    const { booking, phone, subs, end, id } = await played();
    const push = await playPushService(subs);
    // Not before the end, not on a second run, not once the devices' hours are over.
    expect(await sendRatingPrompts(env, end - 60_000)).toBe(0);
    expect((await runScheduled(env, end + 30 * 60_000)).asked).toBe(2);
    expect(await sendRatingPrompts(env, end + 40 * 60_000)).toBe(0);
    for (const m of await onePerDevice(push, subs)) {
      expect(m.title).toBe('Maçınız nasıldı?');
      expect(m.body).toMatch(/^Yeşil Vadi Halı Saha · .* 20:00 · Sahayı değerlendirmek için dokunun$/);
      expect(m.url).toBe('/rezervasyonlarim');
    }
    expect(push.received.map((m) => m.headers.urgency)).toEqual(['low', 'low']);
    expectNothingPersonal(push.received, booking, phone);
    const [row] = await rowsOf('select rating_prompt_sent_at from bookings where id = ?', id);
    expect(row.rating_prompt_sent_at).toBe(end + 30 * 60_000);
  });

  it('an after-midnight match is asked after its real end, on the next calendar day', async () => {
    const { subs, end, id } = await played('01:00', day(), true);
    // The business day's 01:00 is the next calendar day's: its end is more than a day after the business day began.
    const [row] = await rowsOf('select date, starts_at from bookings where id = ?', id);
    expect(end - Date.parse(`${row.date}T00:00:00+03:00`)).toBe(26 * 3_600_000);
    const push = await playPushService(subs);
    expect(await sendRatingPrompts(env, end - 60_000)).toBe(0);
    expect(await sendRatingPrompts(env, end + 60_000)).toBe(2);
    await onePerDevice(push, subs);
  });

  it("never asks for a match marked 'Gelmedi', one already rated, one not approved, or one ended too long ago", async () => {
    const noShow = await played('18:00');
    await runSql("update bookings set attendance = 'no_show' where id = ?", noShow.id);
    const rated = await played('19:00');
    await runSql(
      'insert into ratings (booking_id, facility_id, score, created_at) values (?, ?, 5, ?)',
      rated.id,
      rated.f.id,
      rated.end + 60_000,
    );
    const pending = await played('21:00');
    await runSql("update bookings set status = 'pending' where id = ?", pending.id);
    // A day earlier, so that no other case's clock falls within its hours.
    const old = await played('17:00', addDays(istanbulToday(), 1));
    const push = await playPushService([...noShow.subs, ...rated.subs, ...pending.subs, ...old.subs]);
    for (const b of [noShow, rated, pending]) expect(await sendRatingPrompts(env, b.end + 60_000)).toBe(0);
    expect(await sendRatingPrompts(env, old.end + 3 * 3_600_000 + 60_000)).toBe(0);
    await push.exactly(0);
  });

  it('two cron runs at once ask once', async () => {
    const { subs, end } = await played();
    const push = await playPushService(subs);
    const runs = await Promise.all([sendRatingPrompts(env, end + 60_000), sendRatingPrompts(env, end + 60_000)]);
    expect(runs.sort()).toEqual([0, 2]);
    await onePerDevice(push, subs);
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
