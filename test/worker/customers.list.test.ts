// GET /api/bookings/customers/stats and /customers/:id: every filter and sort against hand-computed
// expectations on a small fixture, the summary and pagination meta, the detail, 401 and 400.
import { beforeAll, describe, expect, it } from 'vitest';
import { customerMsg } from '../../contracts/customers';
import { facilityMsg } from '../../contracts/facility-form';
import { msg } from '../../contracts/messages';
import {
  addDays,
  api,
  type CustomerDetailAnswer,
  type CustomerListAnswer,
  createFacility,
  createStaff,
  expectError,
  type Invalid,
  istanbulToday,
  json,
  tokenFor,
} from './fixtures';
import { addBookings, addCustomer } from './fixtures/customers';

let token: string;
let pitchA: { id: number; name: string; documentId: string };
let pitchB: { id: number; name: string; documentId: string };
const ids: Record<string, number> = {};

beforeAll(async () => {
  token = await tokenFor(await createStaff('manager'), 'manager');
  pitchA = await createFacility({ name: 'Merkez Halı Saha' });
  pitchB = await createFacility({ name: 'Sahil Arena' });
  const A = pitchA.id;
  const B = pitchB.id;
  // Ali: subscriber; approved, approved, then 2 cancelled → caution. Shuttle once.
  const ali = await addCustomer({
    name: 'Ali Şahin',
    phone: '05321000001',
    email: 'ali@example.com',
    subscriber: true,
  });
  await addBookings(ali, [
    { day: -50, status: 'approved', facilityId: A, transport: true },
    { day: -40, status: 'approved', facilityId: A },
    { day: -20, status: 'cancelled', facilityId: A },
    { day: -10, status: 'cancelled', facilityId: B, time: '21:00' },
  ]);
  // Ayşe: subscriber; one approved, then 5 cancelled → critical; last booking 66 days ago → dormant.
  const ayse = await addCustomer({ name: 'Ayşe Işık', phone: '05321000002', subscriber: true });
  await addBookings(ayse, [
    { day: -80, status: 'approved', facilityId: B },
    ...[-70, -69, -68, -67, -66].map((day) => ({ day, status: 'cancelled' as const, facilityId: B })),
  ]);
  // Can: not a subscriber; 3 cancelled → warning, label YÜKSEK (one level for everyone); 43 days ago → inactive.
  const can = await addCustomer({ name: 'Can Öztürk', phone: '05321000003', email: 'can@firma.com.tr' });
  await addBookings(can, [
    { day: -45, status: 'cancelled', facilityId: A },
    { day: -44, status: 'cancelled', facilityId: A },
    { day: -43, status: 'cancelled', facilityId: A },
  ]);
  // Deniz: subscriber; every other status, two bookings still ahead (pending, approved); two shuttle rides; no
  // cancellation → normal. One approved match played (1550 TL), one approved still ahead (1550 TL planned).
  const deniz = await addCustomer({ name: 'Deniz Yıldız', phone: '05321000004', subscriber: true });
  await addBookings(deniz, [
    { day: -31, status: 'expired', facilityId: A },
    { day: -30, status: 'rejected', facilityId: A },
    { day: -5, status: 'approved', facilityId: B, transport: true },
    { day: 3, status: 'pending', facilityId: B },
    { day: 10, status: 'approved', facilityId: B, transport: true },
  ]);
  // Ece: subscriber; approved, 3 cancelled, then one cancelled because the pitch was deleted (skipped) → warning.
  const ece = await addCustomer({ name: 'Ece Kaya', phone: '05321000005', subscriber: true });
  await addBookings(ece, [
    { day: -9, status: 'approved', facilityId: A },
    { day: -8, status: 'cancelled', facilityId: A },
    { day: -7, status: 'cancelled', facilityId: A },
    { day: -6, status: 'cancelled', facilityId: A },
    { day: -3, status: 'cancelled', facilityId: B, reason: facilityMsg.forceCancelReason },
  ]);
  // Fikret: a customer row without bookings.
  const fikret = await addCustomer({ name: 'Fikret Boş', phone: '05321000006' });
  Object.assign(ids, { ali: ali.id, ayse: ayse.id, can: can.id, deniz: deniz.id, ece: ece.id, fikret: fikret.id });
});

const nameOf = (id: number) => Object.entries(ids).find(([, v]) => v === id)?.[0];

async function list(query = '') {
  const res = await api(`/api/bookings/customers/stats${query ? `?${query}` : ''}`, { token });
  expect(res.status).toBe(200);
  const body = await json<CustomerListAnswer>(res);
  return { names: body.data.map((r) => nameOf(r.id)), body };
}

describe('the fixture', () => {
  it('is the whole customer table of this file', async () => {
    const { body } = await list();
    expect(body.meta.pagination.total).toBe(6);
  });
});

describe('sorting', () => {
  it('defaults to the last booking date, newest first; customers without bookings last', async () => {
    expect((await list()).names).toEqual(['deniz', 'ece', 'ali', 'can', 'ayse', 'fikret']);
    expect((await list('sortBy=lastBookingDate&sortOrder=asc')).names).toEqual([
      'fikret',
      'ayse',
      'can',
      'ali',
      'ece',
      'deniz',
    ]);
  });

  it('by name ignores Turkish letters and case', async () => {
    expect((await list('sortBy=name&sortOrder=asc')).names).toEqual(['ali', 'ayse', 'can', 'deniz', 'ece', 'fikret']);
    expect((await list('sortBy=name&sortOrder=desc')).names).toEqual(['fikret', 'ece', 'deniz', 'can', 'ayse', 'ali']);
  });

  it('by total bookings, ties by customer id in the same direction', async () => {
    expect((await list('sortBy=totalBookings&sortOrder=desc')).names).toEqual([
      'ayse',
      'ece',
      'deniz',
      'ali',
      'can',
      'fikret',
    ]);
    expect((await list('sortBy=totalBookings&sortOrder=asc')).names).toEqual([
      'fikret',
      'can',
      'ali',
      'deniz',
      'ece',
      'ayse',
    ]);
  });

  it('by cancellation rate', async () => {
    expect((await list('sortBy=cancellationRate&sortOrder=desc')).names).toEqual([
      'can',
      'ayse',
      'ece',
      'ali',
      'fikret',
      'deniz',
    ]);
  });

  it('by approval rate', async () => {
    expect((await list('sortBy=approvalRate&sortOrder=desc')).names).toEqual([
      'ali',
      'deniz',
      'ece',
      'ayse',
      'fikret',
      'can',
    ]);
  });

  it('by consecutive cancellations', async () => {
    expect((await list('sortBy=consecutiveCancellations&sortOrder=desc')).names).toEqual([
      'ayse',
      'ece',
      'can',
      'ali',
      'fikret',
      'deniz',
    ]);
  });
});

describe('filters', () => {
  const sorted = async (q: string) => ((await list(`${q}&sortBy=name&sortOrder=asc`)).names as string[]).join(',');

  it('customer type', async () => {
    expect(await sorted('customerType=subscriber')).toBe('ali,ayse,deniz,ece');
    expect(await sorted('customerType=standard')).toBe('can,fikret');
    expect(await sorted('customerType=all')).toBe('ali,ayse,can,deniz,ece,fikret');
  });

  it('warnings only: every customer with 2 or more consecutive cancellations, subscriber or not', async () => {
    expect(await sorted('warningsOnly=true')).toBe('ali,ayse,can,ece');
    expect(await sorted('warningsOnly=false')).toBe('ali,ayse,can,deniz,ece,fikret');
  });

  it('shuttle users', async () => {
    expect(await sorted('hasTransportation=true')).toBe('ali,deniz');
  });

  it('search over name (Turkish letters folded), phone and e-mail', async () => {
    expect(await sorted('search=isik')).toBe('ayse');
    expect(await sorted(`search=${encodeURIComponent('IŞIK')}`)).toBe('ayse');
    expect(await sorted(`search=${encodeURIComponent('şahin')}`)).toBe('ali');
    expect(await sorted('search=1000003')).toBe('can');
    expect(await sorted(`search=${encodeURIComponent('0532 100 00 05')}`)).toBe('ece');
    expect(await sorted(`search=${encodeURIComponent('+90 532 100 00 04')}`)).toBe('deniz');
    expect(await sorted('search=firma.com')).toBe('can');
    expect(await sorted(`search=${encodeURIComponent("o'brien %_")}`)).toBe('');
  });

  it('a booking in the date range', async () => {
    const t = istanbulToday();
    expect(await sorted(`dateFrom=${addDays(t, -12)}&dateTo=${addDays(t, -4)}`)).toBe('ali,deniz,ece');
    expect(await sorted(`dateFrom=${addDays(t, 1)}`)).toBe('deniz');
    expect(await sorted(`dateTo=${addDays(t, -66)}`)).toBe('ayse');
    expect(await sorted(`dateFrom=${addDays(t, -66)}&dateTo=${addDays(t, -66)}`)).toBe('ayse');
  });

  it('booking counts', async () => {
    expect(await sorted('minBookings=5')).toBe('ayse,deniz,ece');
    expect(await sorted('maxBookings=3')).toBe('can,fikret');
    expect(await sorted('minBookings=4&maxBookings=5')).toBe('ali,deniz,ece');
  });

  it('cancellation rate range', async () => {
    expect(await sorted('minCancellationRate=80')).toBe('ayse,can,ece');
    expect(await sorted('maxCancellationRate=0')).toBe('deniz,fikret');
    expect(await sorted('minCancellationRate=50&maxCancellationRate=83.3')).toBe('ali,ayse,ece');
  });

  it('activity: active ≤ 30 days, inactive 31–60, dormant beyond or never', async () => {
    expect(await sorted('activityStatus=active')).toBe('ali,deniz,ece');
    expect(await sorted('activityStatus=inactive')).toBe('can');
    expect(await sorted('activityStatus=dormant')).toBe('ayse,fikret');
  });

  it('filters combine', async () => {
    expect(await sorted('customerType=subscriber&activityStatus=active&warningsOnly=true')).toBe('ali,ece');
    expect(await sorted('customerType=standard&minBookings=1')).toBe('can');
  });

  it('empty values are no filter', async () => {
    expect(await sorted('search=&customerType=&dateFrom=&minBookings=')).toBe('ali,ayse,can,deniz,ece,fikret');
  });
});

describe('rows, summary and pagination', () => {
  it('every figure of a row', async () => {
    const { body } = await list('search=ali%40example');
    const t = istanbulToday();
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({
      id: ids.ali,
      documentId: String(ids.ali),
      customerName: 'Ali Şahin',
      customerPhone: '05321000001',
      customerEmail: 'ali@example.com',
      isSubscriber: true,
      totalBookings: 4,
      approvedBookings: 2,
      cancelledBookings: 2,
      pendingBookings: 0,
      rejectedBookings: 0,
      expiredBookings: 0,
      transportationBookings: 1,
      consecutiveCancellations: 2,
      cancellationRate: 50,
      approvalRate: 50,
      firstBookingDate: addDays(t, -50),
      lastBookingDate: addDays(t, -10),
      lastActualBookingDate: addDays(t, -40),
      favoriteFacility: 'Merkez Halı Saha',
      favoriteHour: '20:00',
      // 4 bookings over 40 days = 1.33 months of 30 days
      averageBookingsPerMonth: 3,
      totalSpent: 3050,
      plannedSpent: 0,
      playedBookings: 2,
      facilityUsage: { 'Merkez Halı Saha': 3, 'Sahil Arena': 1 },
      warningLevel: 'caution',
      riskLabel: 'ORTA',
      activityStatus: 'active',
      // 100 − 2×50 − 10×2 + 0.5×50 = 5
      score: 5,
      successRate: 50,
    });
    expect(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']).toContain(
      body.data[0].favoriteDay,
    );
  });

  it('warning level and risk label: one level for every customer, the label its word in the reports', async () => {
    const { body } = await list('sortBy=name&sortOrder=asc');
    const byName = Object.fromEntries(
      body.data.map((r: { id: number; warningLevel: string; riskLabel: string; score: number }) => [
        nameOf(r.id),
        [r.warningLevel, r.riskLabel, r.score],
      ]),
    );
    expect(byName).toEqual({
      ali: ['caution', 'ORTA', 5],
      // 100 − 166.6 − 50 + 8.35 < 0
      ayse: ['critical', 'KRİTİK', 0],
      can: ['warning', 'YÜKSEK', 0],
      // 100 − 0 − 0 + 0.5×40 = 120
      deniz: ['normal', 'DÜŞÜK', 120],
      ece: ['warning', 'YÜKSEK', 0],
      fikret: ['normal', 'DÜŞÜK', 100],
    });
  });

  it('summary counts the filtered set', async () => {
    expect((await list()).body.meta).toEqual({
      pagination: { page: 1, pageSize: 50, pageCount: 1, total: 6 },
      summary: { totalCustomers: 6, subscriberCount: 4, standardCount: 2, warningCount: 4, activeCount: 3 },
    });
    expect((await list('activityStatus=dormant&pageSize=25')).body.meta).toEqual({
      pagination: { page: 1, pageSize: 25, pageCount: 1, total: 2 },
      summary: { totalCustomers: 2, subscriberCount: 1, standardCount: 1, warningCount: 1, activeCount: 0 },
    });
    expect((await list('search=zzzz')).body.meta).toEqual({
      pagination: { page: 1, pageSize: 50, pageCount: 0, total: 0 },
      summary: { totalCustomers: 0, subscriberCount: 0, standardCount: 0, warningCount: 0, activeCount: 0 },
    });
  });

  it('a page past the end is empty with the same meta', async () => {
    const { body } = await list('page=2&pageSize=25');
    expect(body.data).toEqual([]);
    expect(body.meta.pagination).toEqual({ page: 2, pageSize: 25, pageCount: 1, total: 6 });
  });
});

describe('GET /api/bookings/customers/:id', () => {
  it('customerInfo, stats and the bookings, latest play time first, each with its number', async () => {
    const res = await api(`/api/bookings/customers/${ids.deniz}`, { token });
    expect(res.status).toBe(200);
    const { data } = await json<CustomerDetailAnswer>(res);
    const t = istanbulToday();
    expect(data.customerInfo).toMatchObject({
      id: ids.deniz,
      name: 'Deniz Yıldız',
      phone: '05321000004',
      email: null,
      isSubscriber: true,
      firstBookingDate: addDays(t, -31),
      lastBookingDate: addDays(t, 10),
    });
    expect(data.stats).toMatchObject({
      totalBookings: 5,
      approvedBookings: 2,
      cancelledBookings: 0,
      pendingBookings: 1,
      rejectedBookings: 1,
      expiredBookings: 1,
      consecutiveCancellations: 0,
      warningLevel: 'normal',
      riskLabel: 'DÜŞÜK',
      successRate: 40,
      // Only what was played: the approved match 5 days ago, never the one 10 days ahead.
      lastActualBookingDate: addDays(t, -5),
      playedBookings: 1,
      totalSpent: 1550,
      plannedSpent: 1550,
      topFacilities: [
        { name: 'Sahil Arena', count: 3 },
        { name: 'Merkez Halı Saha', count: 2 },
      ],
    });
    expect(data.bookings.map((b: { date: string; status: string }) => [b.date, b.status])).toEqual([
      [addDays(t, 10), 'approved'],
      [addDays(t, 3), 'pending'],
      [addDays(t, -5), 'approved'],
      [addDays(t, -30), 'rejected'],
      [addDays(t, -31), 'expired'],
    ]);
    for (const b of data.bookings) expect(b.bookingNumber).toMatch(/^HSR[A-HJ-NP-Z2-9]{9}$/);
    expect(data.bookings[0]).toMatchObject({ facility: { name: 'Sahil Arena' }, totalPrice: 1550 });
    expect(data.bookings[3].reason).toBe('Kapora gelmedi');
  });

  it('a customer without bookings has zero figures and no bookings', async () => {
    const { data } = await json<CustomerDetailAnswer>(await api(`/api/bookings/customers/${ids.fikret}`, { token }));
    expect(data.stats).toMatchObject({
      totalBookings: 0,
      activityStatus: 'dormant',
      warningLevel: 'normal',
      playedBookings: 0,
      totalSpent: 0,
      plannedSpent: 0,
      lastActualBookingDate: null,
    });
    expect(data.bookings).toEqual([]);
  });

  it('404 for an unknown or malformed id', async () => {
    for (const id of ['999999', '0', 'abc', '12abc', '-1']) {
      const err = await expectError(await api(`/api/bookings/customers/${id}`, { token }), 404);
      expect(err.message).toBe(customerMsg.notFound);
    }
  });
});

describe('access and validation', () => {
  it('401 without a token, for both calls', async () => {
    await expectError(await api('/api/bookings/customers/stats'), 401);
    await expectError(await api(`/api/bookings/customers/${ids.ali}`), 401);
  });

  it('400 in the one error shape with a Turkish message for each bad parameter', async () => {
    const cases: [string, string][] = [
      ['pageSize=30', customerMsg.pageSize],
      ['pageSize=abc', customerMsg.pageSize],
      ['page=0', customerMsg.page],
      ['page=1.5', customerMsg.page],
      ['customerType=vip', customerMsg.customerType],
      ['warningsOnly=yes', customerMsg.flag],
      ['hasTransportation=2', customerMsg.flag],
      [`search=${'a'.repeat(101)}`, customerMsg.search],
      ['dateFrom=2026-02-30', msg.dateInvalid],
      ['dateFrom=2026-03-10&dateTo=2026-03-01', customerMsg.dateReversed],
      ['minBookings=-1', customerMsg.bookings],
      ['maxBookings=x', customerMsg.bookings],
      ['minBookings=5&maxBookings=2', customerMsg.bookingsReversed],
      ['minCancellationRate=101', customerMsg.rate],
      ['minCancellationRate=60&maxCancellationRate=10', customerMsg.rateReversed],
      ['activityStatus=asleep', customerMsg.activityStatus],
      ['sortBy=phone', customerMsg.sortBy],
      ['sortOrder=up', customerMsg.sortOrder],
    ];
    for (const [q, message] of cases) {
      const err = await expectError<Invalid>(await api(`/api/bookings/customers/stats?${q}`, { token }), 400);
      expect([q, err.name, err.message]).toEqual([q, 'ValidationError', message]);
      expect(err.details.errors[0].message).toBe(message);
    }
  });
});
