// A pitch's life in the panel (docs/behaviour.md#management-panel 'Pitches'): a new pitch is bookable as soon as it is
// created (its horizon generated at once, not at the next hourly cron), and a forced delete lists first the bookings
// it would cancel, with what staff need to call each customer and settle the deposit.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { ActiveBookingWire } from '../../contracts/wire/active-bookings';
import { istanbulInstant, toMinutes } from '../../worker/src/lib/time';
import {
  type Answer,
  addDays,
  api,
  bookRow,
  createFacility,
  createSlots,
  createStaff,
  expectError,
  insertBookingRow,
  insertSlot,
  istanbulToday,
  json,
  type SlotsAnswer,
  tokenFor,
} from './fixtures';
import { pitchInput } from './fixtures/images';

const slotCount = async (facilityId: number) =>
  (await env.DB.prepare('select count(*) as n from booking_slots where facility_id = ?')
    .bind(facilityId)
    .first<{ n: number }>())!.n;

type Created = Answer<{ id: number; documentId: string; name: string }, { slotsCreated: number; horizonDays: number }>;

describe('a new pitch is bookable at once', () => {
  it('POST /api/facilities generates the horizon and says how many slots it created', async () => {
    const admin = await createStaff('manager');
    const token = await tokenFor(admin, 'manager');
    const res = await api('/api/facilities', {
      method: 'POST',
      token,
      json: { data: pitchInput({ name: `Yeni Saha ${Math.random().toString(36).slice(2, 7)}` }) },
    });
    expect(res.status).toBe(201);
    const body = await json<Created>(res);
    const rules = await env.DB.prepare('select slot_horizon_days as d from booking_rules').first<{ d: number }>();
    expect(body.meta.horizonDays).toBe(rules?.d ?? 30);
    // 09:00–23:00 every day: 14 hours a day from today to the horizon.
    expect(body.meta.slotsCreated).toBe(14 * (body.meta.horizonDays + 1));
    expect(await slotCount(body.data.id)).toBe(body.meta.slotsCreated);

    // A visitor sees tomorrow's hours at once.
    const tomorrow = addDays(istanbulToday(), 1);
    const slots = await json<SlotsAnswer>(await api(`/api/facilities/${body.data.documentId}/slots?date=${tomorrow}`));
    expect(slots.data.slots.length).toBe(14);
  });

  it('an inactive new pitch is generated too, so activating it opens it at once', async () => {
    const token = await tokenFor(await createStaff('admin'));
    const res = await api('/api/facilities', {
      method: 'POST',
      token,
      json: { data: pitchInput({ name: `Pasif Saha ${Math.random().toString(36).slice(2, 7)}`, isActive: false }) },
    });
    expect(res.status).toBe(201);
    const body = await json<Created>(res);
    expect(body.meta.slotsCreated).toBeGreaterThan(0);
    expect(await slotCount(body.data.id)).toBe(body.meta.slotsCreated);
  });
});

describe('GET /api/facilities/:ref/active-bookings', () => {
  it('lists the pending and approved bookings not started, soonest first, with the real date after midnight', async () => {
    const f = await createFacility({ name: 'Silinecek Saha' });
    await createSlots(f, 0, 3);
    const token = await tokenFor(await createStaff('manager'), 'manager');
    const day = addDays(istanbulToday(), 2);
    const later = await bookRow(f, day, '21:00', { name: 'Onaylı Oyuncu', status: 'approved', phone: '05321112233' });
    const sooner = await bookRow(f, addDays(day, -1), '20:00', { name: 'Bekleyen Oyuncu' });
    await bookRow(f, day, '19:00', { name: 'İptal Eden', status: 'cancelled' });
    await env.DB.prepare('update bookings set deposit_amount = 30000 where document_id = ?')
      .bind(later.documentId)
      .run();
    // An after-midnight hour of the business day `day`: played on the next calendar date.
    const nightAt = istanbulInstant(day, toMinutes('24:30'));
    const nightSlot = await insertSlot(f.id, day, '00:30', nightAt);
    const slotRow = await env.DB.prepare('select id, starts_at, price from booking_slots where document_id = ?')
      .bind(nightSlot)
      .first<{ id: number; starts_at: number; price: number }>();
    const night = await insertBookingRow(slotRow!, { facilityId: f.id, date: day, time: '00:30', status: 'approved' });
    // A booking already started is not listed.
    const pastSlot = await insertSlot(f.id, istanbulToday(), '00:01', Date.now() - 60_000);
    const pastRow = await env.DB.prepare('select id, starts_at, price from booking_slots where document_id = ?')
      .bind(pastSlot)
      .first<{ id: number; starts_at: number; price: number }>();
    await insertBookingRow(pastRow!, { facilityId: f.id, date: istanbulToday(), time: '00:01', status: 'approved' });

    const res = await api(`/api/facilities/${f.documentId}/active-bookings`, { token });
    expect(res.status).toBe(200);
    const { data } = await json<Answer<ActiveBookingWire[]>>(res);
    expect(data.map((b) => b.bookingNumber)).toEqual([sooner.bookingNumber, later.bookingNumber, night.bookingNumber]);
    expect(data[1]).toEqual({
      documentId: later.documentId,
      bookingNumber: later.bookingNumber,
      status: 'approved',
      customerName: 'Onaylı Oyuncu',
      customerPhone: '05321112233',
      date: day,
      calendarDate: day,
      startTime: '21:00',
      endTime: '21:00',
      startsAt: new Date(later.slot.starts_at).toISOString(),
      depositAmount: 300,
      collected: 0,
      paymentStatus: 'pending',
      isSubscriber: false,
    });
    expect(data[2]).toMatchObject({ date: day, calendarDate: addDays(day, 1), startTime: '00:30' });
  });

  it('hides an erased phone, answers 401 without a session and 404 for an unknown pitch', async () => {
    const f = await createFacility();
    await createSlots(f, 0, 3);
    const token = await tokenFor(await createStaff('admin'));
    const b = await bookRow(f, addDays(istanbulToday(), 1), '20:00');
    expect((await api(`/api/bookings/${b.documentId}/anonymize`, { method: 'POST', token })).status).toBe(200);
    const { data } = await json<Answer<ActiveBookingWire[]>>(
      await api(`/api/facilities/${f.documentId}/active-bookings`, { token }),
    );
    expect(data).toHaveLength(1);
    expect(data[0].customerPhone).toBeNull();

    await expectError(await api(`/api/facilities/${f.documentId}/active-bookings`), 401);
    await expectError(await api('/api/facilities/yok-boyle-saha/active-bookings', { token }), 404);
  });
});
