// The panel's weekly calendar (behaviour.md#management-panel 'Weekly calendar'; api.md 'Weekly calendar (staff)'): one request a week with
// every slot in order and, for live bookings, the customer in full.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BookingWire } from '../../contracts/wire/booking';
import type { CalendarWire } from '../../contracts/wire/calendar';
import { HOUR } from '../../worker/src/lib/time';
import {
  addDays,
  api,
  bookViaApi,
  type CalendarAnswer,
  createFacility,
  createSlots,
  createStaff,
  everyDay,
  expectError,
  freshPhone,
  insertSlot,
  istanbulToday,
  json,
  pickupPointsOf,
  tokenFor,
} from './fixtures';

let token: string;
let managerToken: string;

beforeAll(async () => {
  token = await tokenFor(await createStaff('admin'), 'admin');
  managerToken = await tokenFor(await createStaff('manager'), 'manager');
});

const day = (n: number) => addDays(istanbulToday(), n);
const HOURS = [
  '09:00',
  '10:00',
  '11:00',
  '12:00',
  '13:00',
  '14:00',
  '15:00',
  '16:00',
  '17:00',
  '18:00',
  '19:00',
  '20:00',
  '21:00',
  '22:00',
];

async function calendar(ref: string, from: string, to: string, as = token) {
  const res = await api(`/api/facilities/${ref}/calendar?from=${from}&to=${to}`, { token: as });
  expect(res.status).toBe(200);
  return (await json<CalendarAnswer>(res)).data;
}

describe('a week of one pitch', () => {
  let f: Awaited<ReturnType<typeof createFacility>>;
  let data: CalendarWire;
  const people: Record<string, { phone: string; booking: BookingWire }> = {};

  beforeAll(async () => {
    f = await createFacility({}, { pickup: true });
    await createSlots(f, 1, 7);
    const [point] = await pickupPointsOf(f.id);
    const subscriberPhone = freshPhone();
    await env.DB.prepare('insert into customers (phone, name, is_subscriber) values (?, ?, 1)')
      .bind(subscriberPhone, 'Abone Aslı')
      .run();
    const plan: Array<[string, string, string, Record<string, unknown>]> = [
      ['pending', day(1), '20:00', { customerName: 'Pınar Güneş' }],
      ['approved', day(2), '21:00', { customerName: 'Onur Yıldız' }],
      ['cancelled', day(3), '20:00', { customerName: 'Vazgeçen Veli' }],
      ['rejected', day(4), '20:00', { customerName: 'Reddedilen Rıza' }],
      ['subscriber', day(5), '19:00', { customerName: 'Abone Aslı', customerPhone: subscriberPhone }],
      [
        'shuttle',
        day(6),
        '18:00',
        {
          customerName: 'Servisli Sena',
          includesTransportation: true,
          transportationDetails: { pickupPointId: point.id },
        },
      ],
    ];
    for (const [key, date, time, extra] of plan) {
      const phone = (extra.customerPhone as string | undefined) ?? freshPhone();
      people[key] = { phone, booking: (await bookViaApi(f, date, time, { ...extra, customerPhone: phone })).booking };
    }
    expect(
      (
        await api(`/api/bookings/${people.approved.booking.documentId}/approve`, {
          method: 'POST',
          token,
          // The kapora arrived with the approval: its payment row makes the booking read paid.
          json: { deposit: { amount: 100, method: 'transfer' } },
        })
      ).status,
    ).toBe(200);
    expect(
      (await api(`/api/bookings/cancel/${people.cancelled.booking.bookingNumber}`, { method: 'POST', json: {} }))
        .status,
    ).toBe(200);
    expect(
      (
        await api(`/api/bookings/${people.rejected.booking.documentId}/reject`, {
          method: 'POST',
          token,
          json: { reason: 'Kapalı' },
        })
      ).status,
    ).toBe(200);
    data = await calendar(f.documentId, day(1), day(7));
  });

  const at = (date: string, time: string) =>
    data.slots.find((s: { date: string; startTime: string }) => s.date === date && s.startTime === time);

  it('answers the pitch, the range and every slot of the seven days in date and time order', async () => {
    expect(data.facility).toMatchObject({
      documentId: f.documentId,
      slug: f.slug,
      name: f.name,
      workingHours: everyDay(),
    });
    expect(data.from).toBe(day(1));
    expect(data.to).toBe(day(7));
    expect(data.slots).toHaveLength(7 * HOURS.length);
    const expected = [1, 2, 3, 4, 5, 6, 7].flatMap((n) => HOURS.map((h) => `${day(n)} ${h}`));
    expect(data.slots.map((s: { date: string; startTime: string }) => `${s.date} ${s.startTime}`)).toEqual(expected);
    const instants = data.slots.map((s: { startsAt: string }) => Date.parse(s.startsAt));
    expect(instants).toEqual([...instants].sort((a, b) => a - b));
  });

  it('a free slot carries the documented fields and no booking', async () => {
    const free = at(day(1), '09:00');
    expect(free).toEqual({
      id: expect.any(Number),
      documentId: expect.any(String),
      date: day(1),
      startTime: '09:00',
      endTime: '10:00',
      price: 1500,
      isAvailable: true,
      isPending: false,
      isPast: false,
      startsAt: new Date(`${day(1)}T09:00:00+03:00`).toISOString(),
      state: 'available',
      waitlist: 0,
      booking: null,
    });
  });

  it('a pending booking shows the full name and the phone', async () => {
    expect(at(day(1), '20:00')).toMatchObject({
      state: 'pending',
      isPending: true,
      isAvailable: false,
      booking: {
        documentId: people.pending.booking.documentId,
        bookingNumber: people.pending.booking.bookingNumber,
        customerName: 'Pınar Güneş',
        customerPhone: people.pending.phone,
        status: 'pending',
        paymentStatus: 'pending',
        isSubscriber: false,
        includesTransportation: false,
      },
    });
  });

  it('an approved booking shows as booked, paid, with the full name and the phone', async () => {
    expect(at(day(2), '21:00')).toMatchObject({
      state: 'booked',
      isPending: false,
      isAvailable: false,
      booking: {
        customerName: 'Onur Yıldız',
        customerPhone: people.approved.phone,
        status: 'approved',
        paymentStatus: 'paid',
      },
    });
  });

  it('cancelled and rejected bookings leave their slots free', async () => {
    for (const [date, time] of [
      [day(3), '20:00'],
      [day(4), '20:00'],
    ]) {
      expect(at(date, time)).toMatchObject({ state: 'available', isAvailable: true, booking: null });
    }
    expect(JSON.stringify(data)).not.toContain('Vazgeçen Veli');
    expect(JSON.stringify(data)).not.toContain('Reddedilen Rıza');
  });

  it('a subscriber and a shuttle booking are flagged', async () => {
    // A subscriber's new booking is pending: it reads Beklemede until approved, flagged as a subscriber's.
    expect(at(day(5), '19:00')).toMatchObject({
      state: 'pending',
      booking: { customerName: 'Abone Aslı', isSubscriber: true, customerPhone: people.subscriber.phone },
    });
    expect(at(day(6), '18:00')).toMatchObject({
      state: 'pending',
      booking: { customerName: 'Servisli Sena', includesTransportation: true },
    });
  });

  it('the pitch may be named by slug or numeric id, and a manager gets the same answer', async () => {
    expect(await calendar(f.slug, day(1), day(7), managerToken)).toEqual(data);
    expect(await calendar(String(f.id), day(1), day(7))).toEqual(data);
  });
});

describe('an overnight pitch (18:00 to 02:00)', () => {
  it('lists 00:00 and 01:00 after 23:00 under the same business date, starting on the next calendar day', async () => {
    const f = await createFacility({ workingHours: everyDay('18:00', '02:00') });
    await createSlots(f, 1, 2);
    const date = day(1);
    const night = (await bookViaApi(f, date, '00:00', { customerName: 'Gece Kuşu Ömer' })).booking;
    const data = await calendar(f.slug, date, day(2));
    const order = ['18:00', '19:00', '20:00', '21:00', '22:00', '23:00', '00:00', '01:00'];
    expect(data.slots.map((s: { date: string; startTime: string }) => `${s.date} ${s.startTime}`)).toEqual([
      ...order.map((t) => `${date} ${t}`),
      ...order.map((t) => `${day(2)} ${t}`),
    ]);
    const midnight = data.slots.find((s) => s.date === date && s.startTime === '00:00')!;
    expect(midnight).toMatchObject({
      endTime: '01:00',
      startsAt: new Date(`${addDays(date, 1)}T00:00:00+03:00`).toISOString(),
      state: 'pending',
      booking: {
        bookingNumber: night.bookingNumber,
        customerName: 'Gece Kuşu Ömer',
        customerPhone: night.customerPhone,
      },
    });
    const late = data.slots.find((s) => s.date === date && s.startTime === '23:00')!;
    expect(Date.parse(midnight.startsAt) - Date.parse(late.startsAt)).toBe(HOUR);
    expect(data.facility.workingHours.monday).toEqual({ isOpen: true, start: '18:00', end: '02:00' });
  });
});

describe('past slots and inactive pitches', () => {
  it('a slot already started is past unless someone holds it', async () => {
    const f = await createFacility({ isActive: false });
    const today = istanbulToday();
    const now = Date.now();
    const past = await insertSlot(f.id, today, '00:01', now - 2 * HOUR);
    const pastBooked = await insertSlot(f.id, today, '00:02', now - HOUR);
    const slotId = (await env.DB.prepare('select id from booking_slots where document_id = ?')
      .bind(pastBooked)
      .first<{ id: number }>())!.id;
    await env.DB.prepare(
      `insert into bookings (document_id, booking_number, facility_id, slot_id, customer_name, customer_phone, date, start_time, end_time, starts_at, slot_price, total_price, status, payment_status)
       values ('pastbookeddoc', 'HSRPASTBKD22', ?1, ?2, 'Geçmiş Oyuncu', '05559990000', ?3, '00:02', '01:02', ?4, 150000, 150000, 'approved', 'paid')`,
    )
      .bind(f.id, slotId, today, now - HOUR)
      .run();
    // Inactive pitches are planned by staff too.
    const data = await calendar(f.documentId, today, today);
    expect(data.facility.documentId).toBe(f.documentId);
    const byDoc = (doc: string) => data.slots.find((s: { documentId: string }) => s.documentId === doc);
    expect(byDoc(past)).toMatchObject({ isPast: true, isAvailable: false, state: 'past', booking: null });
    expect(byDoc(pastBooked)).toMatchObject({
      isPast: true,
      isAvailable: false,
      state: 'booked',
      booking: { customerName: 'Geçmiş Oyuncu', customerPhone: '05559990000' },
    });
  });

  it('a range with no slots answers an empty list', async () => {
    const f = await createFacility();
    const data = await calendar(f.slug, day(40), day(46));
    expect(data.slots).toEqual([]);
  });
});

describe('refused calendar requests', () => {
  let f: Awaited<ReturnType<typeof createFacility>>;
  beforeAll(async () => {
    f = await createFacility();
  });
  const ask = (query: string, ref = f.slug) => api(`/api/facilities/${ref}/calendar?${query}`, { token });

  it('31 days are allowed, 32 are refused with the Turkish message', async () => {
    expect((await ask(`from=${day(0)}&to=${day(30)}`)).status).toBe(200);
    const error = await expectError(await ask(`from=${day(0)}&to=${day(31)}`), 400);
    expect(error.message).toBe('Tarih aralığı en fazla 31 gün olabilir');
  });

  it('a start after the end is refused', async () => {
    const error = await expectError(await ask(`from=${day(7)}&to=${day(1)}`), 400);
    expect(error.message).toBe('Başlangıç tarihi bitiş tarihinden sonra olamaz!');
  });

  it('a missing or malformed date is refused', async () => {
    for (const q of [
      `from=${day(1)}`,
      `to=${day(1)}`,
      '',
      `from=2026-02-30&to=2026-03-02`,
      `from=yarin&to=${day(1)}`,
    ]) {
      const error = await expectError(await ask(q), 400);
      expect(error.name, q).toBe('ValidationError');
    }
  });

  it('an unknown pitch is 404', async () => {
    const error = await expectError(await ask(`from=${day(1)}&to=${day(7)}`, 'yok-boyle-saha'), 404);
    expect(error.message).toBe('Saha bulunamadı');
  });
});
