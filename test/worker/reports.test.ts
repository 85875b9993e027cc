// Raporlar: the report answer over a fixture whose every figure is worked out by hand; admin only.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { weekDayOf } from '../../contracts/pricing';
import { newBookingNumber, newDocumentId } from '../../worker/src/lib/ids';
import {
  addDays,
  api,
  createFacility,
  createSlots,
  createStaff,
  everyDay,
  expectError,
  type Invalid,
  istanbulToday,
  json,
  type ReportAnswer,
  slotAt,
  tokenFor,
} from './fixtures';

let admin: string;
let manager: string;
let f: Awaited<ReturnType<typeof createFacility>>;
let other: Awaited<ReturnType<typeof createFacility>>;
const day1 = addDays(istanbulToday(), 1);
const day2 = addDays(istanbulToday(), 2);

interface Fixture {
  time: string;
  date?: string;
  status: 'pending' | 'approved' | 'rejected' | 'cancelled' | 'expired';
  phone: string;
  name?: string;
  slot?: number;
  deposit?: number;
  shuttle?: number;
  addons?: Array<{ name: string; unit: string; unitPrice: number; quantity: number; total: number }>;
  subscriber?: boolean;
  reason?: string;
  facility?: typeof f;
}

async function insert(b: Fixture) {
  const pitch = b.facility ?? f;
  const date = b.date ?? day1;
  const slot = await slotAt(pitch.id, date, b.time);
  const addonsPrice = (b.addons ?? []).reduce((s, a) => s + a.total, 0);
  const price = b.slot ?? 150_000;
  const live = b.status === 'pending' || b.status === 'approved';
  await env.DB.prepare(
    `insert into bookings (document_id, booking_number, facility_id, slot_id, customer_name, customer_phone, date, start_time,
       end_time, starts_at, slot_price, transportation_price, includes_transportation, addons, addons_price, total_price,
       deposit_amount, status, is_subscriber, cancellation_reason, rejection_reason)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
    .bind(
      newDocumentId(),
      newBookingNumber(),
      pitch.id,
      live ? slot.id : null,
      b.name ?? 'Rapor Müşteri',
      b.phone,
      date,
      b.time,
      b.time,
      slot.starts_at,
      price,
      b.shuttle ?? 0,
      b.shuttle ? 1 : 0,
      JSON.stringify(b.addons ?? []),
      addonsPrice,
      price + (b.shuttle ?? 0) + addonsPrice,
      b.deposit ?? 0,
      b.status,
      b.subscriber ? 1 : 0,
      b.status === 'cancelled' ? (b.reason ?? null) : null,
      b.status === 'rejected' ? (b.reason ?? null) : null,
    )
    .run();
}

const video = { name: 'Maç videosu', unit: 'booking', unitPrice: 30_000, quantity: 1, total: 30_000 };
const boots = { name: 'Krampon', unit: 'person', unitPrice: 5_000, quantity: 4, total: 20_000 };

beforeAll(async () => {
  admin = await tokenFor(await createStaff('admin'), 'admin');
  manager = await tokenFor(await createStaff('manager'), 'manager');
  f = await createFacility({ workingHours: everyDay('18:00', '22:00') });
  other = await createFacility({ workingHours: everyDay('18:00', '20:00') });
  await createSlots(f, 1, 2);
  await createSlots(other, 1, 1);
  // day1: four slots 18–21. Approved: 18:00 (deposit 300, shuttle 50, video), 19:00 (subscriber, boots).
  await insert({
    time: '18:00',
    status: 'approved',
    phone: '05320000001',
    name: 'Ayşe Yılmaz',
    deposit: 30_000,
    shuttle: 5_000,
    addons: [video],
  });
  await insert({
    time: '19:00',
    status: 'approved',
    phone: '05320000002',
    name: 'Abone Ali',
    subscriber: true,
    addons: [boots],
  });
  await insert({ time: '21:00', status: 'pending', phone: '05320000003' });
  // Not live: a cancellation with a reason, one without, a rejection, an expiry.
  await insert({ time: '21:00', status: 'cancelled', phone: '05320000004', reason: 'Yağmur' });
  await insert({ time: '21:00', status: 'cancelled', phone: '05320000005', reason: '  ' });
  await insert({ time: '18:00', date: day2, status: 'rejected', phone: '05320000006', reason: 'Kapora gelmedi' });
  await insert({ time: '19:00', date: day2, status: 'expired', phone: '05320000007' });
  // day2 approved 20:00 with a video.
  await insert({
    time: '20:00',
    date: day2,
    status: 'approved',
    phone: '05320000008',
    name: 'Mehmet Kaya',
    addons: [video],
  });
  // Ayşe again on day2 at 21:00 (one live booking a phone a day).
  await insert({ time: '21:00', date: day2, status: 'approved', phone: '05320000001', name: 'Ayşe Yılmaz' });
  // Another pitch: one approved booking, in the all-pitch report only.
  await insert({ time: '18:00', status: 'approved', phone: '05320000009', facility: other });
});

const report = (q: string, token = admin) => api(`/api/reports?${q}`, { token });

describe('GET /api/reports', () => {
  it('one pitch, by day: revenue with deposits and the rest, statuses, reasons, shares, add-ons, top customers, occupancy', async () => {
    const res = await report(`from=${day1}&to=${day2}&facility=${f.id}`);
    expect(res.status).toBe(200);
    const r = (await json<ReportAnswer>(res)).data;
    expect(r.facility).toEqual({ id: f.id, name: f.name });
    expect(r.revenue.buckets).toEqual([
      // day1: 1500+50+300 and 1500+200 → 3550 TL, deposits 300. day2: 1500+300 and 1500 → 3300 TL.
      { start: day1, bookings: 2, revenue: 3550, deposits: 300, rest: 3250, slot: 3000, shuttle: 50, addons: 500 },
      { start: day2, bookings: 2, revenue: 3300, deposits: 0, rest: 3300, slot: 3000, shuttle: 0, addons: 300 },
    ]);
    expect(r.revenue.total).toEqual({
      bookings: 4,
      revenue: 6850,
      deposits: 300,
      rest: 6550,
      slot: 6000,
      shuttle: 50,
      addons: 800,
    });
    expect(r.statuses).toEqual({ pending: 1, approved: 4, rejected: 1, cancelled: 2, expired: 1 });
    expect(r.reasons).toEqual(
      expect.arrayContaining([
        { status: 'cancelled', reason: 'Yağmur', count: 1 },
        { status: 'cancelled', reason: 'Sebep belirtilmedi', count: 1 },
        { status: 'rejected', reason: 'Kapora gelmedi', count: 1 },
      ]),
    );
    expect(r.reasons).toHaveLength(3);
    expect(r.subscribers).toEqual({ bookings: 1, revenue: 1700, allBookings: 4, allRevenue: 6850 });
    expect(r.shuttle).toEqual({ bookings: 1, revenue: 50 });
    expect(r.addons).toEqual([
      { name: 'Maç videosu', bookings: 2, quantity: 2, revenue: 600 },
      { name: 'Krampon', bookings: 1, quantity: 4, revenue: 200 },
    ]);
    expect(r.topCustomers[0]).toEqual({ name: 'Ayşe Yılmaz', phone: '05320000001', bookings: 2, revenue: 3350 });
    expect(r.topCustomers).toHaveLength(3);
    // Occupancy: 2 days × 4 slots generated; approved ones hold 18 and 19 on day1, 20 and 21 on day2.
    expect(r.occupancy.generated).toBe(8);
    expect(r.occupancy.booked).toBe(4);
    const wd = (d: string) =>
      ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].indexOf(weekDayOf(d)) + 1;
    expect(r.occupancy.cells).toContainEqual({ weekday: wd(day1), hour: '18:00', generated: 1, booked: 1 });
    expect(r.occupancy.cells).toContainEqual({ weekday: wd(day2), hour: '18:00', generated: 1, booked: 0 });
    expect(r.occupancy.cells).toContainEqual({ weekday: wd(day2), hour: '20:00', generated: 1, booked: 1 });
  });

  it('every pitch, by month: the other pitch counts too', async () => {
    const r = (await json<ReportAnswer>(await report(`from=${day1}&to=${day2}&bucket=month`))).data;
    expect(r.facility).toBeNull();
    const total = r.revenue.buckets.reduce((s, b) => s + b.revenue, 0);
    // At least this file's 6850 + 1500 (other tests' bookings may share the days).
    expect(total).toBeGreaterThanOrEqual(8350);
    for (const b of r.revenue.buckets) expect(b.start).toMatch(/^\d{4}-\d{2}-01$/);
  });

  it('by week: buckets start on a Monday', async () => {
    const r = (
      await json<ReportAnswer>(await report(`from=${day1}&to=${addDays(day1, 13)}&facility=${f.id}&bucket=week`))
    ).data;
    for (const b of r.revenue.buckets) expect(weekDayOf(b.start)).toBe('monday');
    expect(r.revenue.total.revenue).toBe(6850);
  });

  it('is admin only, and refuses a bad range or pitch in Turkish', async () => {
    await expectError(await report(`from=${day1}&to=${day2}`, manager), 403);
    await expectError(await api(`/api/reports?from=${day1}&to=${day2}`), 401);
    const reversed = await expectError<Invalid>(await report(`from=${day2}&to=${day1}`), 400);
    expect(reversed.details.errors[0].message).toBe('Bitiş tarihi başlangıç tarihinden önce olamaz');
    const long = await expectError<Invalid>(await report(`from=2026-01-01&to=2027-01-02`), 400);
    expect(long.details.errors[0].message).toBe('Rapor aralığı en fazla 366 gün olabilir');
    const bucket = await expectError<Invalid>(await report(`from=${day1}&to=${day2}&bucket=year`), 400);
    expect(bucket.details.errors[0].message).toBe('Gruplama gün, hafta ya da ay olmalıdır');
    await expectError(await report(`from=${day1}&to=${day2}&facility=999999`), 404);
  });
});
