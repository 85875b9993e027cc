// booking_day_stats and booking_status_stats against a from-scratch GROUP BY ('Panel at 100,000 bookings'):
// after every kind of booking write — public create, approve, reject, customer cancel, staff cancel, expiry by the
// pitch's alarm, a subscription, a forced pitch delete, KVKK anonymisation, direct SQL changes of status, date, price and
// pitch, a delete — the summary tables equal the GROUP BY over bookings, and GET /api/bookings/stats answers what the
// full scan it replaced answered (that query is kept here in SQL as the reference), for every pitch and each one alone.
import { runDurableObjectAlarm } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { toTl } from '../../worker/src/lib/money';
import { facilityStub } from '../../worker/src/services/facility-ref';
import {
  addDays,
  api,
  type BookingStatsAnswer,
  bookViaApi,
  createFacility,
  createSlots,
  createStaff,
  freshPhone,
  istanbulToday,
  json,
  pickupPointsOf,
  rowsOf,
  runSql,
  tokenFor,
} from './fixtures';
import { request, subscribe } from './fixtures/subscriptions';

let token: string;
beforeAll(async () => {
  token = await tokenFor(await createStaff('admin'), 'admin');
});

/** Both stored summaries equal a GROUP BY over every booking, row for row (no row left behind at count 0). */
async function expectSummaryConsistent() {
  const sums = 'count(*) as bookings, sum(total_price) as total_price';
  // Keyed by the list's two customer flags too (migration 0008).
  const days = 'date, facility_id, status, is_subscriber, includes_transportation';
  const freshDays = await rowsOf(`select ${days}, ${sums} from bookings group by ${days} order by ${days}`);
  const storedDays = await rowsOf(`select ${days}, bookings, total_price from booking_day_stats order by ${days}`);
  expect(storedDays.length).toBeGreaterThan(0);
  expect(storedDays).toEqual(freshDays);
  const keys = 'facility_id, status, is_subscriber, includes_transportation';
  const freshTotals = await rowsOf(`select ${keys}, ${sums} from bookings group by ${keys} order by ${keys}`);
  const storedTotals = await rowsOf(`select ${keys}, bookings, total_price from booking_status_stats order by ${keys}`);
  expect(storedTotals.length).toBeGreaterThan(0);
  expect(storedTotals).toEqual(freshTotals);
}

/** The dashboard's figures as the full scan over bookings computed them before migration 0007. */
async function fullScanFigures(facilityId: number | null) {
  const today = istanbulToday();
  const [y, m] = today.split('-').map(Number);
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  const start = `${today.slice(0, 8)}01`;
  const end = addDays(`${next}-01`, -1);
  const inMonth = 'date between ?2 and ?3';
  const [f] = await rowsOf(
    `select count(*) as total,
       coalesce(sum(status = 'pending'), 0) as pending,
       coalesce(sum(case when status = 'approved' then total_price end), 0) as revenue,
       coalesce(sum(date = ?1), 0) as todayTotal,
       coalesce(sum(date = ?1 and status = 'pending'), 0) as todayPending,
       coalesce(sum(date = ?1 and status = 'approved'), 0) as todayApproved,
       coalesce(sum(${inMonth}), 0) as monthTotal,
       coalesce(sum(${inMonth} and status = 'approved'), 0) as monthApproved,
       coalesce(sum(case when ${inMonth} and status = 'approved' then total_price end), 0) as monthRevenue
     from bookings where ?4 is null or facility_id = ?4`,
    today,
    start,
    end,
    facilityId,
  );
  const n = (k: string) => Number(f[k]);
  return {
    today: { total: n('todayTotal'), pending: n('todayPending'), approved: n('todayApproved') },
    monthly: { total: n('monthTotal'), approved: n('monthApproved'), revenue: toTl(n('monthRevenue')) },
    pending: n('pending'),
    total: n('total'),
    revenue: toTl(n('revenue')),
  };
}

/** The summary equals the GROUP BY, and the endpoint's figures equal the old full scan: every pitch and each one. */
async function expectConsistent(pitches: { id: number; documentId: string }[]) {
  await expectSummaryConsistent();
  const scopes: [string, number | null][] = [
    ['/api/bookings/stats', null],
    ...pitches.map((p): [string, number] => [`/api/bookings/stats?facilityId=${p.documentId}`, p.id]),
  ];
  for (const [path, facilityId] of scopes) {
    const res = await api(path, { token });
    expect(res.status).toBe(200);
    // collected is the payment rows' money, not a bookings figure: test/worker/day-end.test.ts checks it.
    const { latest: _latest, collected: _collected, ...figures } = (await json<BookingStatsAnswer>(res)).data;

    expect({ path, ...figures }).toEqual({ path, ...(await fullScanFigures(facilityId)) });
  }
}

describe('every booking write keeps the dashboard summaries equal to a GROUP BY over bookings', () => {
  it('create, approve, reject, cancel, expiry, subscription, pitch delete, anonymisation, SQL updates, delete', async () => {
    const today = istanbulToday();
    const f = await createFacility({}, { pickup: true });
    const g = await createFacility();
    const h = await createFacility();
    await createSlots(f, 1, 6);
    await createSlots(g, 1, 6);
    await createSlots(h, 0, 30);
    const pitches = [f, g, h];
    const [pickup] = await pickupPointsOf(f.id);
    const phone = freshPhone();
    const post = (path: string, body: unknown = {}) => api(path, { method: 'POST', json: body, token });

    // public create: four pending bookings on two pitches, one with the shuttle (a different total_price)
    const b1 = (
      await bookViaApi(f, addDays(today, 1), '20:00', {
        customerPhone: phone,
        includesTransportation: true,
        transportationDetails: { pickupPointId: pickup.id },
      })
    ).booking;
    const b2 = (await bookViaApi(f, addDays(today, 2), '20:00', { customerPhone: phone })).booking;
    const b3 = (await bookViaApi(f, addDays(today, 3), '20:00', { customerPhone: phone })).booking;
    const b4 = (await bookViaApi(g, addDays(today, 4), '20:00', { customerPhone: phone })).booking;
    await expectConsistent(pitches);

    // approve, reject, customer cancel (public route), staff cancel
    expect((await post(`/api/bookings/${b1.documentId}/approve`)).status).toBe(200);
    await expectConsistent(pitches);
    expect((await post(`/api/bookings/${b2.documentId}/reject`, { reason: 'Kapora gelmedi' })).status).toBe(200);
    await expectConsistent(pitches);
    expect((await api(`/api/bookings/cancel/${b3.bookingNumber}`, { method: 'POST', json: {} })).status).toBe(200);
    await expectConsistent(pitches);
    const b5 = (await bookViaApi(f, addDays(today, 5), '20:00', { customerPhone: phone })).booking;
    expect((await post(`/api/bookings/${b5.documentId}/approve`)).status).toBe(200);
    expect((await post(`/api/bookings/${b5.documentId}/cancel`)).status).toBe(200);
    await expectConsistent(pitches);

    // expiry by the pitch's alarm
    const held = (await bookViaApi(f, addDays(today, 6), '20:00', { customerPhone: freshPhone() })).booking;
    await env.DB.prepare('update bookings set expires_at = ? where id = ?')
      .bind(Date.now() - 1000, held.id)
      .run();
    await runDurableObjectAlarm(facilityStub(env, f.id));
    expect(await env.DB.prepare('select status from bookings where id = ?').bind(held.id).first('status')).toBe(
      'expired',
    );
    await expectConsistent(pitches);

    // a subscription: four weekly approved bookings on h
    expect((await subscribe(token, request(h, freshPhone()))).status).toBe(201);
    expect(
      await env.DB.prepare('select count(*) as n from booking_day_stats where facility_id = ?').bind(h.id).first('n'),
    ).toBeGreaterThan(0);
    await expectConsistent(pitches);

    // forced pitch delete: g's pending booking is cancelled
    expect((await api(`/api/facilities/${g.documentId}?force=true`, { method: 'DELETE', token })).status).toBe(200);
    expect(await env.DB.prepare('select status from bookings where id = ?').bind(b4.id).first('status')).toBe(
      'cancelled',
    );
    // A deleted pitch is no longer a scope the endpoint accepts (404); its bookings still count for every pitch.
    pitches.splice(pitches.indexOf(g), 1);
    expect((await api(`/api/bookings/stats?facilityId=${g.documentId}`, { token })).status).toBe(404);
    await expectConsistent(pitches);

    // KVKK anonymisation rewrites names and phones of the customer's every booking
    expect((await post(`/api/bookings/${b2.documentId}/anonymize`)).status).toBe(200);
    await expectConsistent(pitches);

    // direct SQL: status, date (to today, so the today figures move), price, pitch, and all four at once
    await runSql("update bookings set status = 'approved' where id = ?", b2.id);
    await expectConsistent(pitches);
    await runSql('update bookings set date = ? where id in (?, ?)', today, b2.id, b3.id);
    await expectConsistent(pitches);
    await runSql('update bookings set total_price = total_price + 12345 where id = ?', b2.id);
    await expectConsistent(pitches);
    await runSql('update bookings set facility_id = ? where id = ?', h.id, b1.id);
    await expectConsistent(pitches);
    await runSql(
      "update bookings set status = 'pending', date = ?, total_price = 99, facility_id = ? where id = ?",
      addDays(today, 40),
      f.id,
      b1.id,
    );
    await expectConsistent(pitches);
    // the list's customer flags (part of both tables' keys since migration 0008), one at a time and together
    await runSql('update bookings set is_subscriber = 1 where id = ?', b1.id);
    await expectConsistent(pitches);
    await runSql(
      'update bookings set includes_transportation = 1 - includes_transportation where id in (?, ?)',
      b1.id,
      b3.id,
    );
    await expectConsistent(pitches);
    await runSql('update bookings set is_subscriber = 0, includes_transportation = 0 where id = ?', b1.id);
    await expectConsistent(pitches);
    // an update that names the columns but changes none of them
    await runSql(
      'update bookings set status = status, date = date, total_price = total_price, is_subscriber = is_subscriber where id = ?',
      b1.id,
    );
    await expectConsistent(pitches);

    // delete: the last booking of a (day, pitch, status) takes its summary row with it
    const key = await env.DB.prepare('select facility_id, date, status from bookings where id = ?')
      .bind(b1.id)
      .first<{ facility_id: number; date: string; status: string }>();
    await runSql('delete from bookings where id = ?', b1.id);
    expect(
      await env.DB.prepare(
        'select count(*) as n from booking_day_stats where facility_id = ? and date = ? and status = ?',
      )
        .bind(key!.facility_id, key!.date, key!.status)
        .first('n'),
    ).toBe(0);
    await expectConsistent(pitches);
    await runSql('delete from bookings where facility_id = ?', h.id);
    await expectConsistent(pitches);
  });
});
