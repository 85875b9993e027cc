// The customer rules of contracts/customer-risk.ts (behaviour.md#states-and-transitions, #constants-and-limits) at their boundaries, and the figures the server keeps
// with them: the consecutive-cancellation run over bookings decided or played (never ended by one still ahead), one
// warning level for every customer, and money and matches counted only once played.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  activityStatus,
  averageBookingsPerMonth,
  customerScore,
  RISK_OF_LEVEL,
  riskLabel,
  successRate,
  warningLevel,
} from '../../contracts/customer-risk';
import { recomputedStats, storedStats } from '../../worker/src/db/customers';
import {
  addDays,
  api,
  type CustomerDetailAnswer,
  type CustomerListAnswer,
  createFacility,
  createStaff,
  db,
  freshPhone,
  istanbulToday,
  json,
  tokenFor,
} from './fixtures';
import { addBookings, addCustomer, storedRow } from './fixtures/customers';

describe('customer rules', () => {
  it('warning level: every customer by consecutive cancellations; the risk label is that level in other words', () => {
    const levels = [0, 1, 2, 3, 4, 5, 9].map((n) => warningLevel(n));
    expect(levels).toEqual(['normal', 'normal', 'caution', 'warning', 'warning', 'critical', 'critical']);
    for (const n of [0, 1, 2, 3, 4, 5, 9]) expect(riskLabel(n)).toBe(RISK_OF_LEVEL[warningLevel(n)]);
  });

  it('risk label', () => {
    expect([0, 1, 2, 3, 4, 5, 7].map(riskLabel)).toEqual([
      'DÜŞÜK',
      'DÜŞÜK',
      'ORTA',
      'YÜKSEK',
      'YÜKSEK',
      'KRİTİK',
      'KRİTİK',
    ]);
  });

  it('score and success rate', () => {
    expect(customerScore(0, 0, 0)).toBe(100);
    expect(customerScore(10, 1, 80)).toBe(100 - 20 - 10 + 40);
    expect(customerScore(50, 5, 10)).toBe(0);
    expect(customerScore(33.3, 0, 66.7)).toBe(67);
    expect(successRate(2, 3)).toBe(67);
    expect(successRate(0, 0)).toBe(0);
  });

  it('activity: active up to 30 days, inactive 31 to 60, dormant after or without bookings', () => {
    const today = '2026-03-31';
    expect(activityStatus('2026-04-10', today)).toBe('active');
    expect(activityStatus('2026-03-01', today)).toBe('active');
    expect(activityStatus('2026-02-28', today)).toBe('inactive');
    expect(activityStatus('2026-01-30', today)).toBe('inactive');
    expect(activityStatus('2026-01-29', today)).toBe('dormant');
    expect(activityStatus(null, today)).toBe('dormant');
  });

  it('bookings per month over 30-day months, at least one month', () => {
    expect(averageBookingsPerMonth(3, '2026-01-01', '2026-01-10')).toBe(3);
    expect(averageBookingsPerMonth(6, '2026-01-01', '2026-03-02')).toBe(3);
    expect(averageBookingsPerMonth(0, null, null)).toBe(0);
  });
});

let token: string;
beforeAll(async () => {
  token = await tokenFor(await createStaff('manager'), 'manager');
});

const detail = async (id: number) =>
  (await json<CustomerDetailAnswer>(await api(`/api/bookings/customers/${id}`, { token }))).data;
const listed = async (query: string) => {
  const res = await api(`/api/bookings/customers/stats?${query}`, { token });
  expect(res.status).toBe(200);
  return json<CustomerListAnswer>(res);
};
const figures = (r: { consecutiveCancellations: number; warningLevel: string; riskLabel: string }) => [
  r.consecutiveCancellations,
  r.warningLevel,
  r.riskLabel,
];

describe('the consecutive-cancellation run: over bookings decided or played, one level for everyone', () => {
  it('a subscriber who cancels weeks 1–3 of 8 has a run of 3 (Uyarı / YÜKSEK) in the row, detail, filter and counts', async () => {
    const f = await createFacility();
    const phone = freshPhone();
    const sub = await addCustomer({ name: 'Haftalık İptalci', phone, subscriber: true });
    await addBookings(sub, [
      ...[7, 14, 21].map((day) => ({ day, status: 'cancelled' as const, facilityId: f.id })),
      ...[28, 35, 42, 49, 56].map((day) => ({ day, status: 'approved' as const, facilityId: f.id })),
    ]);
    const d = await detail(sub.id);
    expect(figures(d.stats)).toEqual([3, 'warning', 'YÜKSEK']);
    const row = (await listed(`search=${phone}`)).data[0];
    expect(figures(row)).toEqual([3, 'warning', 'YÜKSEK']);
    const warned = await listed(`search=${phone}&warningsOnly=true`);
    expect(warned.data.map((r: { id: number }) => r.id)).toEqual([sub.id]);
    expect(warned.meta.summary.warningCount).toBe(1);
    // Past weeks behave the same: cancelled 3 weeks ago to last week, the rest still ahead.
    const past = await addCustomer({ name: 'Geçmiş İptalci', phone: freshPhone(), subscriber: true });
    await addBookings(past, [
      ...[-21, -14, -7].map((day) => ({ day, status: 'cancelled' as const, facilityId: f.id })),
      ...[7, 14, 21, 28, 35].map((day) => ({ day, status: 'approved' as const, facilityId: f.id })),
    ]);
    expect(figures((await detail(past.id)).stats)).toEqual([3, 'warning', 'YÜKSEK']);
  });

  it('a non-subscriber with 3 of 3 cancelled reads Uyarı on screen, YÜKSEK in the risk report, and is in the filter', async () => {
    const f = await createFacility();
    const phone = freshPhone();
    const std = await addCustomer({ name: 'Standart İptalci', phone });
    await addBookings(
      std,
      [-3, -2, -1].map((day) => ({ day, status: 'cancelled' as const, facilityId: f.id })),
    );
    const body = await listed(`search=${phone}&warningsOnly=true`);
    expect(body.data.map((r: { isSubscriber: boolean }) => r.isSubscriber)).toEqual([false]);
    expect(figures(body.data[0])).toEqual([3, 'warning', 'YÜKSEK']);
    expect(body.meta.summary.warningCount).toBe(1);
  });

  it('a rejected or expired booking, or a match played, ends the run; a forced pitch-delete cancel is skipped', async () => {
    const f = await createFacility();
    const c = await addCustomer({ name: 'Karışık Geçmiş', phone: freshPhone() });
    await addBookings(c, [
      { day: -9, status: 'cancelled', facilityId: f.id },
      { day: -8, status: 'approved', facilityId: f.id },
      { day: -7, status: 'cancelled', facilityId: f.id },
      { day: -6, status: 'cancelled', facilityId: f.id, reason: 'Saha silindiği için randevu iptal edildi' },
      { day: 2, status: 'pending', facilityId: f.id },
      { day: 3, status: 'cancelled', facilityId: f.id },
    ]);
    expect((await detail(c.id)).stats.consecutiveCancellations).toBe(2);
    await addBookings(c, [{ day: 4, status: 'expired', facilityId: f.id }]);
    expect((await detail(c.id)).stats.consecutiveCancellations).toBe(0);
  });
});

describe('money and matches counted once played', () => {
  it('spent, played and the last played date count approved matches whose hour has passed; planned the rest', async () => {
    const f = await createFacility();
    const c = await addCustomer({ name: 'Planlı Oyuncu', phone: freshPhone() });
    await addBookings(c, [
      { day: -14, status: 'approved', facilityId: f.id },
      { day: -7, status: 'approved', facilityId: f.id, transport: true },
      { day: -3, status: 'cancelled', facilityId: f.id },
      { day: 5, status: 'approved', facilityId: f.id },
      { day: 34, status: 'approved', facilityId: f.id },
      { day: 40, status: 'pending', facilityId: f.id },
    ]);
    const { stats, customerInfo } = await detail(c.id);
    const ahead = await env.DB.prepare(
      "select min(starts_at) as at from bookings where customer_phone = ? and status in ('pending', 'approved') and starts_at > ?",
    )
      .bind(c.phone, Date.now())
      .first<{ at: number }>();
    expect(stats).toMatchObject({
      approvedBookings: 4,
      playedBookings: 2,
      totalSpent: 1500 + 1550,
      plannedSpent: 1500 + 1500,
    });
    // The last played match is a week ago, never the one booked 34 days ahead; the last booking may lie ahead.
    expect(stats.lastActualBookingDate).toBe(addDays(istanbulToday(), -7));
    expect(customerInfo.lastBookingDate).toBe(addDays(istanbulToday(), 40));
    expect(await storedRow(c.id)).toMatchObject({ next_change_at: ahead!.at });
  });

  it("when a booking's hour has passed, the next read recomputes the row (no write needed)", async () => {
    const f = await createFacility();
    const c = await addCustomer({ name: 'Saati Gelen', phone: freshPhone() });
    await addBookings(c, [
      { day: -2, status: 'cancelled', facilityId: f.id },
      { day: -1, status: 'cancelled', facilityId: f.id },
      { day: 1, status: 'approved', facilityId: f.id },
    ]);
    // The figures as they stood before the approved match's hour, due now: as if the clock had moved past it.
    await env.DB.prepare(
      `update customer_stats set played_bookings = 0, total_spent = 0, planned_spent = 150000,
         consecutive_cancellations = 7, next_change_at = ? where customer_id = ?`,
    )
      .bind(Date.now() - 1000, c.id)
      .run();
    const { stats } = await detail(c.id);
    expect(figures(stats)).toEqual([2, 'caution', 'ORTA']);
    expect(await storedRow(c.id)).toMatchObject({ consecutive_cancellations: 2, next_change_at: expect.any(Number) });
    expect(Number((await storedRow(c.id))!.next_change_at)).toBeGreaterThan(Date.now());
    // The stored row equals a from-scratch recomputation again.
    const fresh = (await recomputedStats(db())).find((r) => r.customer_id === c.id)!;
    const stored = (await storedStats(db())).find((r) => r.customerId === c.id)!;
    expect([stored.consecutiveCancellations, stored.playedBookings, stored.plannedSpent]).toEqual([
      fresh.consecutive_cancellations,
      fresh.played_bookings,
      fresh.planned_spent,
    ]);
  });
});
