// Match length (docs/behaviour.md#match-length): one booking over consecutive slots of one pitch, priced as the sum of
// the covered slots' own prices, held, approved, cancelled, rejected and expired as one, every covered slot taken in
// every answer, and D1 itself refusing a second live booking on any covered slot.
import { runDurableObjectAlarm } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventOf, notificationMessage } from '../../contracts/events';
import { msg } from '../../contracts/messages';
import { type PlayerPushFacts, pushWhere } from '../../contracts/push-messages';
import type { BookingDetail, BookingWire } from '../../contracts/wire/booking';
import type { SlotWire } from '../../contracts/wire/slot';
import { facilityStub } from '../../worker/src/services/facility-ref';
import {
  type Answer,
  addDays,
  api,
  bookingForm,
  bookViaApi,
  createFacility,
  createSlots,
  createStaff,
  expectError,
  freshPhone,
  istanbulToday,
  json,
  postBooking,
  runSql,
  slotAt,
  tokenFor,
} from './fixtures';
import { childrenOf, parseIcs, prop } from './fixtures/ics-parse';

const day = (n: number) => addDays(istanbulToday(), n);
const count = async (query: string, ...binds: unknown[]) =>
  (await env.DB.prepare(query)
    .bind(...binds)
    .first<{ n: number }>())!.n;
const bookingCount = (facilityId: number) =>
  count('select count(*) as n from bookings where facility_id = ?', facilityId);
const claimCount = (facilityId: number) =>
  count(
    'select count(*) as n from booking_slot_claims c join booking_slots s on s.id = c.slot_id where s.facility_id = ?',
    facilityId,
  );

async function slotsOf(f: { documentId: string }, date: string) {
  const res = await api(`/api/facilities/${f.documentId}/slots?date=${date}`);
  expect(res.status).toBe(200);
  return (await json<Answer<{ slots: SlotWire[] }>>(res)).data.slots;
}
const stateAt = (slots: SlotWire[], time: string) => slots.find((s) => s.startTime === time)?.state;

let token: string;
beforeAll(async () => {
  token = await tokenFor(await createStaff('admin', { firstName: 'Ayşe', lastName: 'Yönetici' }), 'admin');
});
const staffPost = (path: string, body: unknown = {}) => api(path, { method: 'POST', json: body, token });

/** An hourly pitch offering 60 and 120 minutes, 300 TL deposit a booking. */
const hourly = () => createFacility({ matchLengths: [60, 120] });
/** A half-hourly pitch offering 60, 90 and 120 minutes with half-hour starts, the deposit per hour. */
const halfHourly = (o: { halfHourStarts?: boolean } = {}) =>
  createFacility({
    bookingTimeType: 'half-hourly',
    matchLengths: [60, 90, 120],
    halfHourStarts: o.halfHourStarts ?? true,
    depositPerHour: true,
  });

describe('a booking of several slots', () => {
  it('costs each covered slot’s own price, one deposit, and answers and tracks the real range', async () => {
    const f = await hourly();
    await createSlots(f, 2, 2);
    await runSql('update booking_slots set price = 150000 where facility_id = ? and start_time = ?', f.id, '20:00');
    await runSql('update booking_slots set price = 170000 where facility_id = ? and start_time = ?', f.id, '21:00');
    const { booking } = await bookViaApi(f, day(2), '20:00', { duration: 120 });
    expect(booking).toMatchObject({ startTime: '20:00', endTime: '22:00', duration: 120, totalPrice: 3200 });
    expect(booking.depositAmount).toBe(300);
    expect(booking.bookingSlot).toMatchObject({ startTime: '20:00', endTime: '22:00', price: 3200 });
    const row = await env.DB.prepare('select ends_at - starts_at as span, duration from bookings where id = ?')
      .bind(booking.id)
      .first<{ span: number; duration: number }>();
    expect(row).toEqual({ span: 2 * 3600_000, duration: 120 });

    const tracked = await api(`/api/bookings/track/${booking.bookingNumber}`);
    expect((await json<Answer<BookingWire>>(tracked)).data).toMatchObject({ endTime: '22:00', duration: 120 });

    const slots = await slotsOf(f, day(2));
    expect([
      stateAt(slots, '19:00'),
      stateAt(slots, '20:00'),
      stateAt(slots, '21:00'),
      stateAt(slots, '22:00'),
    ]).toEqual(['available', 'pending', 'pending', 'available']);
    expect(slots.find((s) => s.startTime === '21:00')).toMatchObject({
      isAvailable: false,
      booking: { status: 'pending' },
    });
    expect(await claimCount(f.id)).toBe(2);
  });

  it('takes the pitch’s shortest length when none is named; on a half-hourly pitch a per-hour deposit', async () => {
    const h = await hourly();
    await createSlots(h, 2, 2);
    expect((await bookViaApi(h, day(2), '18:00')).booking).toMatchObject({ duration: 60, endTime: '19:00' });

    const p = await halfHourly();
    await createSlots(p, 2, 2);
    const { booking } = await bookViaApi(p, day(2), '20:30', { duration: 90 });
    expect(booking).toMatchObject({ startTime: '20:30', endTime: '22:00', duration: 90 });
    // 300 TL an hour, 1.5 hours
    expect(booking.depositAmount).toBe(450);
    const slots = await slotsOf(p, day(2));
    expect(['20:00', '20:30', '21:00', '21:30', '22:00'].map((t) => stateAt(slots, t))).toEqual([
      'available',
      'pending',
      'pending',
      'pending',
      'available',
    ]);
    expect((await bookViaApi(p, day(2), '18:00')).booking.duration).toBe(60);
  });

  it('refuses, changing nothing: a length not offered, a half-hour start not allowed, past the day, over a gap, over a taken slot', async () => {
    const f = await hourly();
    await createSlots(f, 2, 2);
    const before = await bookingCount(f.id);
    const at = async (time: string) => slotAt(f.id, day(2), time);

    const notOffered = await expectError(await postBooking(bookingForm(f, await at('20:00'), { duration: 90 })), 400);
    expect(notOffered.message).toBe(msg.lengthNotOffered);
    const pastDay = await expectError(await postBooking(bookingForm(f, await at('22:00'), { duration: 120 })), 409);
    expect(pastDay.message).toBe(msg.rangeUnavailable);
    await runSql('delete from booking_slots where id = ?', (await at('17:00')).id);
    const gap = await expectError(await postBooking(bookingForm(f, await at('16:00'), { duration: 120 })), 409);
    expect(gap.message).toBe(msg.rangeUnavailable);
    await bookViaApi(f, day(2), '21:00');
    const afterOne = await bookingCount(f.id);
    const taken = await expectError(await postBooking(bookingForm(f, await at('20:00'), { duration: 120 })), 409);
    expect(taken.message).toBe(msg.slotTaken);
    expect(await bookingCount(f.id)).toBe(afterOne);
    expect(afterOne).toBe(before + 1);
    expect(stateAt(await slotsOf(f, day(2)), '20:00')).toBe('available');

    const p = await halfHourly({ halfHourStarts: false });
    await createSlots(p, 2, 2);
    const half = await expectError(
      await postBooking(bookingForm(p, await slotAt(p.id, day(2), '20:30'), { duration: 60 })),
      400,
    );
    expect(half.message).toBe(msg.startNotAllowed);
    expect(await bookingCount(p.id)).toBe(0);
    expect((await bookViaApi(p, day(2), '20:00', { duration: 90 })).booking.endTime).toBe('21:30');
  });

  it('is held, approved, cancelled, rejected and expired as one: every covered slot together', async () => {
    const f = await hourly();
    await createSlots(f, 3, 3);
    const states = async () => {
      const slots = await slotsOf(f, day(3));
      return ['19:00', '20:00', '21:00', '22:00'].map((t) => stateAt(slots, t));
    };
    // approve holds both, the customer's cancel frees both
    const a = (await bookViaApi(f, day(3), '20:00', { duration: 120 })).booking;
    expect((await staffPost(`/api/bookings/${a.documentId}/approve`)).status).toBe(200);
    expect(await states()).toEqual(['available', 'booked', 'booked', 'available']);
    const cancel = await api(`/api/bookings/cancel/${a.bookingNumber}`, { method: 'POST', json: {} });
    expect(cancel.status).toBe(200);
    expect(await states()).toEqual(['available', 'available', 'available', 'available']);
    // reject frees both
    const b = (await bookViaApi(f, day(3), '19:00', { duration: 120 })).booking;
    expect(await states()).toEqual(['pending', 'pending', 'available', 'available']);
    expect((await staffPost(`/api/bookings/${b.documentId}/reject`, { reason: 'Kapora gelmedi' })).status).toBe(200);
    expect(await states()).toEqual(['available', 'available', 'available', 'available']);
    // the hold's expiry frees both
    const c = (await bookViaApi(f, day(3), '21:00', { duration: 120 })).booking;
    expect(await states()).toEqual(['available', 'available', 'pending', 'pending']);
    await runSql('update bookings set expires_at = ? where id = ?', Date.now() - 1000, c.id);
    await runDurableObjectAlarm(facilityStub(env, f.id));
    expect(await env.DB.prepare('select status from bookings where id = ?').bind(c.id).first('status')).toBe('expired');
    expect(await states()).toEqual(['available', 'available', 'available', 'available']);
    expect(await claimCount(f.id)).toBe(0);
  });

  it('the same-day rule counts the booking once, and names its whole range', async () => {
    const f = await hourly();
    await createSlots(f, 2, 2);
    const { phone } = await bookViaApi(f, day(2), '18:00', { duration: 120 });
    const again = await postBooking(bookingForm(f, await slotAt(f.id, day(2), '21:00'), { customerPhone: phone }));
    const refused = await expectError<{ existingBooking: { time: string; endTime: string } }>(again, 409);
    expect(refused.details.existingBooking).toMatchObject({ time: '18:00', endTime: '20:00' });
    expect(
      await count(
        "select count(*) as n from bookings where customer_phone = ? and status in ('pending', 'approved')",
        phone,
      ),
    ).toBe(1);
  });

  it('staff book a length: the price, the range and the slots as a public booking’s', async () => {
    const f = await hourly();
    await createSlots(f, 2, 2);
    const res = await staffPost('/api/bookings/staff', {
      facility: f.documentId,
      bookingSlot: (await slotAt(f.id, day(2), '20:00')).document_id,
      duration: 120,
      customerName: 'Telefon Müşteri',
      customerPhone: freshPhone(),
      channel: 'phone',
      status: 'approved',
      deposit: { mode: 'due' },
    });
    expect(res.status).toBe(201);
    const detail = (await json<Answer<BookingDetail>>(res)).data;
    expect(detail).toMatchObject({ startTime: '20:00', endTime: '22:00', duration: 120, totalPrice: 3000 });
    const slots = await slotsOf(f, day(2));
    expect(['20:00', '21:00', '22:00'].map((t) => stateAt(slots, t))).toEqual(['booked', 'booked', 'available']);
    const notOffered = await staffPost('/api/bookings/staff', {
      facility: f.documentId,
      bookingSlot: (await slotAt(f.id, day(2), '17:00')).document_id,
      duration: 180,
      customerName: 'Telefon Müşteri',
      customerPhone: freshPhone(),
      channel: 'phone',
      status: 'approved',
      deposit: { mode: 'due' },
    });
    expect((await expectError(notOffered, 400)).message).toBe(msg.lengthNotOffered);
  });

  it('the panel calendar shows the booking on every covered slot with its own range', async () => {
    const f = await hourly();
    await createSlots(f, 2, 2);
    const { booking } = await bookViaApi(f, day(2), '20:00', { duration: 120 });
    const res = await api(`/api/facilities/${f.documentId}/calendar?from=${day(2)}&to=${day(2)}`, { token });
    expect(res.status).toBe(200);
    const cal = (
      await json<
        Answer<{
          slots: { startTime: string; booking: { documentId: string; startTime: string; endTime: string } | null }[];
        }>
      >(res)
    ).data;
    const covered = cal.slots.filter((s) => s.booking?.documentId === booking.documentId);
    expect(covered.map((s) => s.startTime)).toEqual(['20:00', '21:00']);
    for (const s of covered) expect(s.booking).toMatchObject({ startTime: '20:00', endTime: '22:00', duration: 120 });
  });
});

describe('D1 keeps one live booking per covered slot, whatever path writes', () => {
  const insert = (f: { id: number }, slot: { id: number; starts_at: number }, minutes: number, status = 'approved') =>
    env.DB.prepare(
      `insert into bookings (document_id, booking_number, facility_id, slot_id, customer_name, customer_phone, date,
         start_time, end_time, starts_at, ends_at, duration, slot_price, total_price, status, is_recurring)
       values (?, ?, ?, ?, 'Doğrudan', ?, ?, '00:00', '00:00', ?, ?, ?, 0, 0, ?, 1)`,
    )
      .bind(
        `doc-${crypto.randomUUID()}`,
        `HSRD${Math.random().toString(36).slice(2, 10).toUpperCase()}`,
        f.id,
        slot.id,
        freshPhone(),
        day(2),
        slot.starts_at,
        slot.starts_at + minutes * 60_000,
        minutes,
        status,
      )
      .run();

  it('the claims refuse a direct insert over a covered slot, even one whose first slot differs', async () => {
    const f = await hourly();
    await createSlots(f, 2, 2);
    await bookViaApi(f, day(2), '20:00', { duration: 120 });
    const before = await bookingCount(f.id);
    // starts at 21:00 (the covered, not the first slot: bookings_one_live_per_slot cannot see it)
    await expect(insert(f, await slotAt(f.id, day(2), '21:00'), 60)).rejects.toThrow(
      /UNIQUE constraint failed: booking_slot_claims\.slot_id/,
    );
    // starts at 19:00 and runs into 20:00
    await expect(insert(f, await slotAt(f.id, day(2), '19:00'), 120)).rejects.toThrow(
      /UNIQUE constraint failed: booking_slot_claims\.slot_id/,
    );
    expect(await bookingCount(f.id)).toBe(before);
    // not live: no claim, no refusal
    await insert(f, await slotAt(f.id, day(2), '21:00'), 60, 'cancelled');
    expect(await claimCount(f.id)).toBe(2);
  });

  it('a range over a missing slot aborts the whole write', async () => {
    const f = await hourly();
    await createSlots(f, 2, 2);
    await runSql('delete from booking_slots where id = ?', (await slotAt(f.id, day(2), '21:00')).id);
    await expect(insert(f, await slotAt(f.id, day(2), '20:00'), 120)).rejects.toThrow(/range not covered/);
    // past the day's last slot
    await expect(insert(f, await slotAt(f.id, day(2), '22:00'), 120)).rejects.toThrow(/range not covered/);
    expect(await bookingCount(f.id)).toBe(0);
    expect(await claimCount(f.id)).toBe(0);
  });

  it('a covered slot is never deleted nor re-priced by generation or re-pricing', async () => {
    const f = await hourly();
    await createSlots(f, 2, 2);
    await bookViaApi(f, day(2), '20:00', { duration: 120 });
    const covered = await slotAt(f.id, day(2), '21:00');
    await runSql('update facilities set hourly_price = 999900 where id = ?', f.id);
    const gen = await staffPost(`/api/facilities/${f.documentId}/generate-slots`, {
      startDate: day(2),
      endDate: day(2),
      overwrite: true,
    });
    expect(gen.status).toBe(200);
    const still = await slotAt(f.id, day(2), '21:00');
    expect(still.id).toBe(covered.id);
    expect(still.price).toBe(covered.price);
  });
});

describe('occupancy counts each covered slot', () => {
  const booked = (facilityId: number, date: string) =>
    count(
      'select coalesce(sum(booked), 0) as n from slot_hour_stats where facility_id = ? and date = ?',
      facilityId,
      date,
    );

  it('a 2-hour approved booking counts 2 hourly slots, and 4 half-hour slots on a half-hourly pitch', async () => {
    const h = await hourly();
    await createSlots(h, 2, 2);
    const a = (await bookViaApi(h, day(2), '20:00', { duration: 120 })).booking;
    expect(await booked(h.id, day(2))).toBe(0);
    expect((await staffPost(`/api/bookings/${a.documentId}/approve`)).status).toBe(200);
    expect(await booked(h.id, day(2))).toBe(2);

    const p = await halfHourly();
    await createSlots(p, 2, 2);
    const b = (await bookViaApi(p, day(2), '20:00', { duration: 120 })).booking;
    expect((await staffPost(`/api/bookings/${b.documentId}/approve`)).status).toBe(200);
    expect(await booked(p.id, day(2))).toBe(4);

    const report = await api(`/api/reports?from=${day(2)}&to=${day(2)}&facility=${p.id}`, { token });
    expect(report.status).toBe(200);
    const occupancy = (await json<Answer<{ occupancy: { booked: number; generated: number } }>>(report)).data.occupancy;
    expect(occupancy.booked).toBe(4);

    expect((await staffPost(`/api/bookings/${b.documentId}/cancel`, { reason: 'Saha bakımda' })).status).toBe(200);
    expect(await booked(p.id, day(2))).toBe(0);
  });
});

describe('Boş saat bul with a length', () => {
  const search = async (query: string) => {
    const res = await api(`/api/availability/search?${query}`);
    expect(res.status).toBe(200);
    return (
      await json<
        Answer<{ facilities: { slug: string; starts: { startTime: string; endTime: string; price: number }[] }[] }>
      >(res)
    ).data.facilities;
  };
  const startsOf = (found: Awaited<ReturnType<typeof search>>, slug: string) =>
    found.find((p) => p.slug === slug)?.starts ?? [];

  it('lists a start only when a match of that length fits from it on a pitch that offers it', async () => {
    const f = await hourly();
    await createSlots(f, 4, 4);
    await bookViaApi(f, day(4), '21:00');
    const window = `gun=${day(4)}&saat=18:00-23:00`;
    expect(startsOf(await search(window), f.slug).map((s) => s.startTime)).toEqual([
      '18:00',
      '19:00',
      '20:00',
      '22:00',
    ]);
    const two = startsOf(await search(`${window}&sure=120`), f.slug);
    expect(two.map((s) => [s.startTime, s.endTime])).toEqual([
      ['18:00', '20:00'],
      ['19:00', '21:00'],
    ]);
    expect(two[0].price).toBe(3000);
    // 90 minutes: not offered on this hourly pitch
    expect(startsOf(await search(`${window}&sure=90`), f.slug)).toEqual([]);

    const p = await halfHourly({ halfHourStarts: false });
    await createSlots(p, 4, 4);
    expect(startsOf(await search(`gun=${day(4)}&saat=22:00-23:00&sure=90`), p.slug)).toEqual([]);
    expect(startsOf(await search(`gun=${day(4)}&saat=21:00-22:00&sure=90`), p.slug).map((s) => s.endTime)).toEqual([
      '22:30',
    ]);
    const bad = await api(`/api/availability/search?${window}&sure=45`);
    expect((await expectError(bad, 400)).message).toBe(
      'Maç süresi 30 ile 180 dakika arasında, 30 dakikanın katı olmalı',
    );
  });
});

describe('every text shows the real range', () => {
  it('the .ics ends at the match’s end; the staff notification and the holder’s push name 20:00–22:00', async () => {
    const f = await hourly();
    await createSlots(f, 2, 2);
    const { booking } = await bookViaApi(f, day(2), '20:00', { duration: 120, customerName: 'Uzun Maçcı' });
    const res = await api(`/api/bookings/track/${booking.bookingNumber}/calendar.ics`);
    expect(res.status).toBe(200);
    const [ev] = childrenOf(parseIcs(await res.text()), 'VEVENT');
    expect(prop(ev, 'DTSTART')?.value).toBe(`${day(2).replace(/-/g, '')}T200000`);
    expect(prop(ev, 'DTEND')?.value).toBe(`${day(2).replace(/-/g, '')}T220000`);

    const row = await env.DB.prepare(
      "select kind, facts from notifications where booking_id = ? and kind = 'booking_created'",
    )
      .bind(booking.id)
      .first<{ kind: string; facts: string }>();
    const event = eventOf(row!.kind, row!.facts)!;
    expect(notificationMessage(event)).toContain('20:00–22:00');
    // the event's own facts carry the range (the holder's push renders from them)
    expect(pushWhere(event.facts as PlayerPushFacts)).toContain('20:00–22:00');
    // a one-hour match is told by its start, as before
    const one = (await bookViaApi(f, day(2), '17:00')).booking;
    const oneRow = await env.DB.prepare(
      "select kind, facts from notifications where booking_id = ? and kind = 'booking_created'",
    )
      .bind(one.id)
      .first<{ kind: string; facts: string }>();
    expect(notificationMessage(eventOf(oneRow!.kind, oneRow!.facts)!)).not.toContain('–18:00');
  });
});

describe('open calendars see every covered slot change at once', () => {
  it('a 2-hour booking is broadcast as two taken slots, its cancel as two freed ones', async () => {
    const f = await hourly();
    await createSlots(f, 3, 3);
    const res = await exports.default.fetch(
      new Request(`http://localhost/api/facilities/${f.slug}/live`, { headers: { Upgrade: 'websocket' } }),
    );
    expect(res.status).toBe(101);
    const ws = res.webSocket!;
    const events: { type: string; slot?: SlotWire }[] = [];
    ws.addEventListener('message', (e) => {
      if (typeof e.data === 'string' && e.data.startsWith('{')) events.push(JSON.parse(e.data));
    });
    ws.accept();
    const seen = async (pred: (s: SlotWire) => boolean, n: number) => {
      for (let i = 0; i < 40; i++) {
        const got = events.filter((e) => e.type === 'slot' && e.slot && pred(e.slot)).map((e) => e.slot!.startTime);
        if (got.length >= n) return got.sort();
        await new Promise((r) => setTimeout(r, 50));
      }
      return events.filter((e) => e.type === 'slot').map((e) => `${e.slot?.startTime} ${e.slot?.state}`);
    };
    const { booking } = await bookViaApi(f, day(3), '20:00', { duration: 120 });
    expect(await seen((s) => s.state === 'pending', 2)).toEqual(['20:00', '21:00']);
    const cancel = await api(`/api/bookings/cancel/${booking.bookingNumber}`, { method: 'POST', json: {} });
    expect(cancel.status).toBe(200);
    expect(await seen((s) => s.state === 'available', 2)).toEqual(['20:00', '21:00']);
    ws.close(1000, 'bitti');
  });
});
