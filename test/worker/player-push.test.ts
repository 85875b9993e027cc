// Web Push to a booking's holder (docs/behaviour.md#notifications): 'Bildirim al' by the booking number under
// tracking's look-up limit, one push per device for each of the booking's events and the reminder, played against a
// push service inside the test that decrypts every message; a gone subscription is deleted; an erasure deletes them.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { pushTexts } from '../../contracts/push';
import {
  addDays,
  api,
  bookViaApi,
  createFacility,
  createSlots,
  createStaff,
  expectError,
  type Invalid,
  istanbulToday,
  rowsOf,
  runSql,
  tokenFor,
} from './fixtures';
import { type BrowserSubscription, browserSubscription, freshEndpoint } from './fixtures/push-service';

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
