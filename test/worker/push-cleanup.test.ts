// The cron forgets the devices of bookings that are over (docs/behaviour.md#notifications): 3 hours after the end (the
// booking's own hours, an after-midnight end included), an hour after a rejection, cancellation or expiry; a live
// booking keeps its devices whatever else changes. And what a push opens: the device's own list, never a number.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { PUSH_OPEN_URL, playerPush } from '../../contracts/push-messages';
import { runScheduled } from '../../worker/src/scheduled';
import {
  forgetFinishedSubscriptions,
  PUSH_KEEP_AFTER_END_MS,
  PUSH_KEEP_AFTER_FINAL_MS,
} from '../../worker/src/services/player-push';
import {
  addDays,
  api,
  bookViaApi,
  createFacility,
  createSlots,
  createStaff,
  istanbulToday,
  rowsOf,
  runSql,
  tokenFor,
} from './fixtures';

const HOUR = 3_600_000;
let admin: string;
beforeAll(async () => {
  admin = await tokenFor(await createStaff('admin'), 'admin');
});

const b64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
/** A browser subscription as the API accepts it: a push service's https address, a P-256 point and a 16-byte secret. */
function subscription() {
  const point = crypto.getRandomValues(new Uint8Array(65));
  point[0] = 0x04;
  return {
    endpoint: `https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`,
    keys: { p256dh: b64url(point), auth: b64url(crypto.getRandomValues(new Uint8Array(16))) },
  };
}

async function heard(time = '20:00') {
  const f = await createFacility({ name: 'Temizlik Saha', autoApprovalTimeout: 60 });
  await createSlots(f, 2, 2);
  const { booking } = await bookViaApi(f, addDays(istanbulToday(), 2), time);
  const res = await api(`/api/bookings/track/${booking.bookingNumber}/push`, {
    method: 'POST',
    json: { subscription: subscription() },
  });
  expect(res.status).toBe(201);
  const [row] = await rowsOf('select id, starts_at, end_time from bookings where document_id = ?', booking.documentId);
  return { booking, id: Number(row.id), startsAt: Number(row.starts_at) };
}

const devicesOf = async (id: number) =>
  (await rowsOf('select count(*) as n from push_subscriptions where booking_id = ?', id))[0].n;
const staffPost = (path: string, json: unknown = {}) => api(path, { method: 'POST', token: admin, json });

describe("the cron's clean-up of finished bookings' devices", () => {
  it('keeps a live booking heard until 3 hours after its end, then forgets it', async () => {
    const { booking, id, startsAt } = await heard('20:00');
    expect((await staffPost(`/api/bookings/${booking.documentId}/approve`)).status).toBe(200);
    const end = startsAt + HOUR; // 20:00–21:00
    await forgetFinishedSubscriptions(env, startsAt + 30 * 60_000);
    expect(await devicesOf(id)).toBe(1);
    await forgetFinishedSubscriptions(env, end + PUSH_KEEP_AFTER_END_MS - 1);
    expect(await devicesOf(id)).toBe(1);
    expect(await forgetFinishedSubscriptions(env, end + PUSH_KEEP_AFTER_END_MS)).toBeGreaterThanOrEqual(1);
    expect(await devicesOf(id)).toBe(0);
  });

  it('reads an end at or after midnight as the next day', async () => {
    const { id, startsAt } = await heard('21:00');
    // As an after-midnight hour stores it: 23:30–00:30 is one hour, not minus twenty-three.
    await runSql("update bookings set start_time = '23:30', end_time = '00:30' where id = ?", id);
    await forgetFinishedSubscriptions(env, startsAt + PUSH_KEEP_AFTER_END_MS + HOUR - 1);
    expect(await devicesOf(id)).toBe(1);
    await forgetFinishedSubscriptions(env, startsAt + PUSH_KEEP_AFTER_END_MS + HOUR);
    expect(await devicesOf(id)).toBe(0);
  });

  it('forgets a rejected booking an hour after the rejection (its push left), not before; a live one stays', async () => {
    const rejected = await heard('18:00');
    const live = await heard('19:00');
    const before = Date.now();
    expect(
      (await staffPost(`/api/bookings/${rejected.booking.documentId}/reject`, { reason: 'Saha bakımda' })).status,
    ).toBe(200);
    const [{ updated_at }] = await rowsOf('select updated_at from bookings where id = ?', rejected.id);
    expect(Number(updated_at)).toBeGreaterThanOrEqual(before);
    await forgetFinishedSubscriptions(env, Number(updated_at) + PUSH_KEEP_AFTER_FINAL_MS - 1);
    expect(await devicesOf(rejected.id)).toBe(1);
    await forgetFinishedSubscriptions(env, Number(updated_at) + PUSH_KEEP_AFTER_FINAL_MS);
    expect(await devicesOf(rejected.id)).toBe(0);
    // A pending booking untouched for days is still live: its devices stay until it is over.
    await runSql('update bookings set updated_at = ? where id = ?', Date.now() - 72 * HOUR, live.id);
    await forgetFinishedSubscriptions(env, Date.now());
    expect(await devicesOf(live.id)).toBe(1);
  });

  it('the cancelled and expired go the same way, and the scheduled run does it', async () => {
    const cancelled = await heard('16:00');
    const expired = await heard('17:00');
    expect((await staffPost(`/api/bookings/${cancelled.booking.documentId}/approve`)).status).toBe(200);
    expect((await staffPost(`/api/bookings/${cancelled.booking.documentId}/cancel`)).status).toBe(200);
    await runSql(
      "update bookings set status = 'expired', expires_at = null, updated_at = ? where id = ?",
      Date.now(),
      expired.id,
    );
    const later = Date.now() + PUSH_KEEP_AFTER_FINAL_MS + 60_000;
    const run = await runScheduled(env, later);
    expect(run.forgotten).toBeGreaterThanOrEqual(2);
    expect([await devicesOf(cancelled.id), await devicesOf(expired.id)]).toEqual([0, 0]);
  });
});

describe('what a notification opens', () => {
  it("is the device's own list of bookings: no number, no id in the address", () => {
    const payload = playerPush(
      'approved',
      { facilityName: 'Saha', date: '2026-12-01', startTime: '20:00', startsAt: Date.parse('2026-12-01T17:00:00Z') },
      'doc123',
    );
    expect(PUSH_OPEN_URL).toBe('/rezervasyonlarim');
    expect(payload.url).toBe('/rezervasyonlarim');
    expect(payload.tag).toBe('rezervasyon-doc123');
  });
});
