import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SlotWire } from '../../contracts/wire/slot';
import { facilityCalendarByRef } from '../../worker/src/db/facilities';
import type { WorkingHours } from '../../worker/src/db/schema';
import { liveSlots } from '../../worker/src/db/slots';
import { weekdayOf } from '../../worker/src/lib/time';
import {
  addDays,
  api,
  bookRow,
  createFacility,
  createSlots,
  createStaff,
  type DaySlotsAnswer,
  db,
  everyDay,
  expectError,
  insertSlot,
  istanbulToday,
  json,
  type RangeSlotsAnswer,
  type SlotsAnswer,
  slotAt,
  tokenFor,
} from './fixtures';

type Facility = Awaited<ReturnType<typeof createFacility>>;

/** One day's answer for `date=`, a range's for `from=&to=`. */
async function slotsOf<T extends SlotsAnswer | RangeSlotsAnswer = SlotsAnswer>(
  ref: string,
  query: string,
): Promise<T['data']> {
  const res = await api(`/api/facilities/${ref}/slots?${query}`);
  const body = await json<T>(res);
  if (res.status !== 200) throw new Error(`slots ${res.status}: ${JSON.stringify(body)}`);
  return body.data;
}

const byTime = (slots: SlotWire[], time: string) => slots.find((s) => s.startTime === time)!;

describe('GET /api/facilities/{ref}/slots?date=', () => {
  let f: Facility;
  let tomorrow: string;
  let pendingPhone: string;
  let approvedPhone: string;
  let subscriberPhone: string;
  let cancelledPhone: string;

  beforeAll(async () => {
    f = await createFacility();
    await createSlots(f, 0, 8);
    tomorrow = addDays(istanbulToday(), 1);
    pendingPhone = (await bookRow(f, tomorrow, '18:00', { name: 'Mehmet Ali Kaya', status: 'pending' })).phone;
    approvedPhone = (await bookRow(f, tomorrow, '19:00', { name: 'Ayşe Demir', status: 'approved' })).phone;
    subscriberPhone = (
      await bookRow(f, tomorrow, '20:00', { name: 'Can Öztürk', status: 'approved', subscriber: true })
    ).phone;
    cancelledPhone = (await bookRow(f, tomorrow, '21:00', { name: 'Eski Müşteri', status: 'cancelled' })).phone;
  });

  it('lists the day with slots, availableSlots, bookedSlots and the facility with workingHours', async () => {
    const data = await slotsOf(f.slug, `date=${tomorrow}`);
    expect(data.date).toBe(tomorrow);
    expect(data.slots.map((s) => s.startTime)).toEqual([
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
    ]);
    expect(data.slots.every((s) => s.date === tomorrow)).toBe(true);
    expect(data.slots[0]).toMatchObject({
      startTime: '09:00',
      endTime: '10:00',
      price: 1500,
      isAvailable: true,
      isPending: false,
      isPast: false,
      state: 'available',
      booking: null,
    });
    expect(data.bookedSlots.map((s) => s.startTime)).toEqual(['18:00', '19:00', '20:00']);
    expect(data.availableSlots).toHaveLength(11);
    expect(data.availableSlots.every((s) => s.isAvailable)).toBe(true);
    expect(byTime(data.availableSlots, '21:00')).toBeDefined(); // a cancelled booking frees its slot
    expect(data.facility).toMatchObject({
      id: f.id,
      documentId: f.documentId,
      slug: f.slug,
      name: f.name,
      hourlyPrice: 1500,
      depositAmount: 300,
    });
    expect(data.facility.workingHours).toEqual(everyDay());
  });

  it('binds each request its own pitch and dates: the statements are rendered once, the values never reused', async () => {
    const other = await createFacility({ name: 'Başka Saha' });
    await createSlots(other, 0, 3);
    const later = addDays(tomorrow, 2);
    // Interleaved, so a value kept from the call before would show as the wrong pitch or the wrong day.
    const [a, b, c] = [
      await slotsOf(f.slug, `date=${tomorrow}`),
      await slotsOf(other.slug, `date=${later}`),
      await slotsOf<RangeSlotsAnswer>(f.documentId, `from=${tomorrow}&to=${later}`),
    ];
    expect(a.facility.documentId).toBe(f.documentId);
    expect(new Set(a.slots.map((s) => s.date))).toEqual(new Set([tomorrow]));
    expect(b.facility.documentId).toBe(other.documentId);
    expect(b.facility.name).toBe('Başka Saha');
    expect(new Set(b.slots.map((s) => s.date))).toEqual(new Set([later]));
    expect(b.slots.some((s) => s.booking !== null)).toBe(false);
    expect(c.facility.documentId).toBe(f.documentId);
    expect(new Set(c.slots.map((s) => s.date))).toEqual(new Set([tomorrow, addDays(tomorrow, 1), later]));
  });

  it('maps rows exactly as drizzle does: the precomputed row mapper decodes booleans, JSON and nulls the same way', async () => {
    const fast = await facilityCalendarByRef(db(), f.slug, tomorrow, tomorrow);
    const viaDrizzle = await liveSlots(db(), f.id, tomorrow, tomorrow);
    expect(fast.slots).toEqual(viaDrizzle);
    const subscriber = fast.slots.find((s) => s.startTime === '20:00');
    expect(subscriber).toMatchObject({ bookingStatus: 'approved', isSubscriber: true, customerName: 'Can Öztürk' });
    expect(fast.slots.find((s) => s.startTime === '09:00')).toMatchObject({ bookingStatus: null, isSubscriber: null });
    expect(fast.facility).toMatchObject({ id: f.id, isActive: true, workingHours: everyDay() });
    expect(typeof fast.lastSlotDate).toBe('string');
  });

  it('answers the same day by documentId and by numeric id', async () => {
    const bySlug = await slotsOf(f.slug, `date=${tomorrow}`);
    const byDoc = await slotsOf(f.documentId, `date=${tomorrow}`);
    const byId = await slotsOf(String(f.id), `date=${tomorrow}`);
    expect(byDoc.slots.map((s) => s.documentId)).toEqual(bySlug.slots.map((s) => s.documentId));
    expect(byId.slots.map((s) => s.documentId)).toEqual(bySlug.slots.map((s) => s.documentId));
  });

  it('shows a pending booking as pending with only the first name', async () => {
    const s = byTime((await slotsOf(f.slug, `date=${tomorrow}`)).slots, '18:00');
    expect(s).toMatchObject({ state: 'pending', isPending: true, isAvailable: false });
    expect(s.booking).toEqual({ customerName: 'Mehmet', status: 'pending', isSubscriber: false });
  });

  it('shows an approved booking as booked with the first name and the initial, never the surname (KVKK)', async () => {
    const s = byTime((await slotsOf(f.slug, `date=${tomorrow}`)).slots, '19:00');
    expect(s).toMatchObject({ state: 'booked', isPending: false, isAvailable: false });
    expect(s.booking).toEqual({ customerName: 'Ayşe D.', status: 'approved', isSubscriber: false });
  });

  it('shows an approved subscriber booking as subscriber', async () => {
    const s = byTime((await slotsOf(f.slug, `date=${tomorrow}`)).slots, '20:00');
    expect(s.state).toBe('subscriber');
    expect(s.isAvailable).toBe(false);
    expect(s.booking).toMatchObject({ customerName: 'Can Ö.', status: 'approved', isSubscriber: true });
  });

  it("a subscriber's pending booking reads Beklemede until approved", async () => {
    await bookRow(f, tomorrow, '22:00', { name: 'Yeni Abone', status: 'pending', subscriber: true });
    const s = byTime((await slotsOf(f.slug, `date=${tomorrow}`)).slots, '22:00');
    expect(s).toMatchObject({ state: 'pending', isPending: true, isAvailable: false });
    expect(s.booking).toEqual({ customerName: 'Yeni', status: 'pending', isSubscriber: true });
  });

  it('says up to which date the calendar is open for booking: the cron horizon, or further when generated further', async () => {
    const horizon = addDays(istanbulToday(), Number(env.SLOT_HORIZON_DAYS) || 30);
    expect((await slotsOf(f.slug, `date=${tomorrow}`)).bookableUntil).toBe(horizon);
    expect((await slotsOf<RangeSlotsAnswer>(f.slug, `from=${tomorrow}&to=${addDays(tomorrow, 6)}`)).bookableUntil).toBe(
      horizon,
    );
    const far = await createFacility();
    await createSlots(far, 40, 41);
    expect((await slotsOf(far.slug, `date=${tomorrow}`)).bookableUntil).toBe(addDays(istanbulToday(), 41));
  });

  it('never puts a customer phone number in the answer', async () => {
    const res = await api(`/api/facilities/${f.slug}/slots?date=${tomorrow}`);
    const text = await res.text();
    expect(text).toContain('Mehmet');
    for (const phone of [pendingPhone, approvedPhone, subscriberPhone, cancelledPhone]) {
      expect(text).not.toContain(phone);
      expect(text).not.toContain(phone.slice(1));
    }
    expect(text).not.toMatch(/customerPhone/i);
  });

  it('gives every day of a from/to range in one answer', async () => {
    const from = addDays(istanbulToday(), 1);
    const to = addDays(from, 6);
    const data = await slotsOf<RangeSlotsAnswer>(f.slug, `from=${from}&to=${to}`);
    expect(data.from).toBe(from);
    expect(data.to).toBe(to);
    expect(data.facility.workingHours).toEqual(everyDay());
    const dates = [...new Set(data.slots.map((s) => s.date))];
    expect(dates).toEqual(Array.from({ length: 7 }, (_, i) => addDays(from, i)));
    expect(data.slots).toHaveLength(7 * 14);
    expect(
      byTime(
        data.slots.filter((s) => s.date === tomorrow),
        '18:00',
      ).state,
    ).toBe('pending');
  });

  it('accepts a range of exactly 31 days', async () => {
    const from = istanbulToday();
    const data = await slotsOf<RangeSlotsAnswer>(f.slug, `from=${from}&to=${addDays(from, 30)}`);
    expect(data.slots.length).toBeGreaterThan(0);
  });

  it('refuses a range of 32 days', async () => {
    const from = istanbulToday();
    const err = await expectError(
      await api(`/api/facilities/${f.slug}/slots?from=${from}&to=${addDays(from, 31)}`),
      400,
    );
    expect(err.message).toBe('Tarih aralığı en fazla 31 gün olabilir');
  });

  it('refuses a range whose start is after its end', async () => {
    const from = addDays(istanbulToday(), 3);
    const err = await expectError(
      await api(`/api/facilities/${f.slug}/slots?from=${from}&to=${addDays(from, -1)}`),
      400,
    );
    expect(err.message).toBe('Başlangıç tarihi bitiş tarihinden sonra olamaz!');
  });

  it('refuses a malformed or impossible date', async () => {
    expect((await expectError(await api(`/api/facilities/${f.slug}/slots?date=21.11.2026`), 400)).message).toBe(
      'Tarih YYYY-MM-DD biçiminde olmalı',
    );
    await expectError(await api(`/api/facilities/${f.slug}/slots?date=2026-02-30`), 400);
    await expectError(await api(`/api/facilities/${f.slug}/slots?from=2026-11-1&to=2026-11-05`), 400);
  });

  it('refuses a request with neither a date nor a full range', async () => {
    await expectError(await api(`/api/facilities/${f.slug}/slots`), 400);
    await expectError(await api(`/api/facilities/${f.slug}/slots?from=${istanbulToday()}`), 400);
  });

  it('answers an unknown pitch with 404', async () => {
    const err = await expectError(await api(`/api/facilities/boyle-saha-yok-123x/slots?date=${tomorrow}`), 404);
    expect(err.message).toBe('Saha bulunamadı');
  });

  it('hides an inactive pitch’s slots from visitors but not from staff', async () => {
    const hidden = await createFacility({ isActive: false });
    await createSlots(hidden, 1, 1);
    await expectError(await api(`/api/facilities/${hidden.slug}/slots?date=${tomorrow}`), 404);
    const staff = await createStaff('admin');
    const res = await api(`/api/facilities/${hidden.slug}/slots?date=${tomorrow}`, { token: await tokenFor(staff) });
    expect(res.status).toBe(200);
    expect((await json<SlotsAnswer>(res)).data.slots).toHaveLength(14);
  });
});

describe('past slots', () => {
  it('marks a slot that started a minute ago as past and not available', async () => {
    const f = await createFacility();
    const today = istanbulToday();
    const now = Date.now();
    await insertSlot(f.id, today, '05:00', now - 60_000);
    await insertSlot(f.id, today, '06:00', now + 3_600_000);
    const slots = (await slotsOf(f.slug, `date=${today}`)).slots;
    expect(byTime(slots, '05:00')).toMatchObject({ isPast: true, isAvailable: false, state: 'past', booking: null });
    expect(byTime(slots, '06:00')).toMatchObject({ isPast: false, isAvailable: true, state: 'available' });
    const data = await slotsOf(f.slug, `date=${today}`);
    expect(data.availableSlots.map((s) => s.startTime)).toEqual(['06:00']);
  });
});

describe('overnight pitch (18:00–02:00 every day)', () => {
  let f: Facility;
  let today: string;
  beforeAll(async () => {
    f = await createFacility({ workingHours: everyDay('18:00', '02:00') });
    today = istanbulToday();
    await createSlots(f, 0, 2);
  });

  it('lists 00:00 and 01:00 under the same date, after 23:00', async () => {
    const date = addDays(today, 1);
    const slots = (await slotsOf(f.slug, `date=${date}`)).slots;
    expect(slots.map((s) => s.startTime)).toEqual([
      '18:00',
      '19:00',
      '20:00',
      '21:00',
      '22:00',
      '23:00',
      '00:00',
      '01:00',
    ]);
    expect(slots.every((s) => s.date === date)).toBe(true);
    expect(byTime(slots, '23:00').endTime).toBe('00:00');
    expect(byTime(slots, '01:00').endTime).toBe('02:00');
  });

  it('stores the after-midnight starts on the next calendar day', async () => {
    const date = addDays(today, 1);
    const next = addDays(date, 1);
    expect((await slotAt(f.id, date, '00:00')).starts_at).toBe(Date.parse(`${next}T00:00:00+03:00`));
    expect((await slotAt(f.id, date, '01:00')).starts_at).toBe(Date.parse(`${next}T01:00:00+03:00`));
    expect((await slotAt(f.id, date, '23:00')).starts_at).toBe(Date.parse(`${date}T23:00:00+03:00`));
  });

  it('does not call today’s 00:00 and 01:00 past: they start tonight after midnight', async () => {
    const slots = (await slotsOf(f.slug, `date=${today}`)).slots;
    expect(byTime(slots, '00:00')).toMatchObject({ isPast: false, isAvailable: true });
    expect(byTime(slots, '01:00')).toMatchObject({ isPast: false, isAvailable: true });
  });

  it('judges past by the real start instant, not by date and clock text', async () => {
    const g = await createFacility({ workingHours: everyDay('18:00', '02:00') });
    const now = Date.now();
    const yesterday = addDays(today, -1);
    // Business day "yesterday", 01:00: its real start is after midnight, relative to now.
    await insertSlot(g.id, yesterday, '01:00', now - 60_000);
    await insertSlot(g.id, yesterday, '00:00', now + 30 * 60_000);
    const slots = (await slotsOf(g.slug, `date=${yesterday}`)).slots;
    expect(slots.map((s) => s.startTime)).toEqual(['01:00', '00:00']); // ordered by real start
    expect(byTime(slots, '01:00')).toMatchObject({ isPast: true, isAvailable: false });
    expect(byTime(slots, '00:00')).toMatchObject({ isPast: false, isAvailable: true });
  });
});

describe('slot length and offset', () => {
  it('gives a half-hourly pitch 30-minute slots', async () => {
    const f = await createFacility({ workingHours: everyDay('09:00', '11:00'), bookingTimeType: 'half-hourly' });
    await createSlots(f, 1, 1);
    const slots = (await slotsOf(f.slug, `date=${addDays(istanbulToday(), 1)}`)).slots;
    expect(slots.map((s) => `${s.startTime}-${s.endTime}`)).toEqual([
      '09:00-09:30',
      '09:30-10:00',
      '10:00-10:30',
      '10:30-11:00',
    ]);
  });

  it('starts at :30 with startTimeOffset half_hour', async () => {
    const f = await createFacility({ workingHours: everyDay('09:00', '12:00'), startTimeOffset: 'half_hour' });
    await createSlots(f, 1, 1);
    const slots = (await slotsOf(f.slug, `date=${addDays(istanbulToday(), 1)}`)).slots;
    expect(slots.map((s) => `${s.startTime}-${s.endTime}`)).toEqual(['09:30-10:30', '10:30-11:30']);
  });

  it('has no slots on a closed weekday', async () => {
    const closedDate = addDays(istanbulToday(), 2);
    const closedDay = weekdayOf(closedDate);
    const hours: WorkingHours = {
      ...everyDay('10:00', '12:00'),
      [closedDay]: { isOpen: false, start: '10:00', end: '12:00' },
    };
    const f = await createFacility({ workingHours: hours });
    await createSlots(f, 1, 3);
    const data = await slotsOf<RangeSlotsAnswer>(
      f.slug,
      `from=${addDays(istanbulToday(), 1)}&to=${addDays(istanbulToday(), 3)}`,
    );
    expect(data.slots.filter((s) => s.date === closedDate)).toEqual([]);
    expect(data.slots.filter((s) => s.date === addDays(closedDate, -1))).toHaveLength(2);
    expect(data.slots.filter((s) => s.date === addDays(closedDate, 1))).toHaveLength(2);
    expect((await slotsOf(f.slug, `date=${closedDate}`)).slots).toEqual([]);
  });
});

describe('GET /api/booking-slots/available', () => {
  let f: Facility;
  let date: string;
  beforeAll(async () => {
    f = await createFacility({ workingHours: everyDay('10:00', '14:00') });
    date = addDays(istanbulToday(), 1);
    await createSlots(f, 1, 1);
    await bookRow(f, date, '11:00', { name: 'Zeynep Aksoy', status: 'pending' });
    await bookRow(f, date, '12:00', { name: 'Burak Şahin', status: 'approved' });
  });

  it('lists only the free slots of the day', async () => {
    const res = await api(`/api/booking-slots/available?facilityId=${f.documentId}&date=${date}`);
    expect(res.status).toBe(200);
    const body = await json<DaySlotsAnswer>(res);
    expect(body.data.map((s) => s.startTime)).toEqual(['10:00', '13:00']);
    expect(body.data.every((s) => s.isAvailable && s.date === date)).toBe(true);
  });

  it('lists every slot with includeBooked=true, booked ones with their state', async () => {
    const body = await json<DaySlotsAnswer>(
      await api(`/api/booking-slots/available?facilityId=${f.documentId}&date=${date}&includeBooked=true`),
    );
    expect(body.data.map((s) => s.startTime)).toEqual(['10:00', '11:00', '12:00', '13:00']);
    expect(byTime(body.data, '11:00')).toMatchObject({ state: 'pending', booking: { customerName: 'Zeynep' } });
    expect(byTime(body.data, '12:00')).toMatchObject({ state: 'booked', booking: { customerName: 'Burak Ş.' } });
  });

  it('accepts the slug as facilityId too', async () => {
    const body = await json<DaySlotsAnswer>(
      await api(`/api/booking-slots/available?facilityId=${f.slug}&date=${date}`),
    );
    expect(body.data).toHaveLength(2);
  });

  it('answers an unknown facility with 404', async () => {
    const err = await expectError(
      await api(`/api/booking-slots/available?facilityId=boyle-saha-yok-xyz&date=${date}`),
      404,
    );
    expect(err.message).toBe('Saha bulunamadı');
  });

  it('answers missing parameters with 400', async () => {
    await expectError(await api(`/api/booking-slots/available?date=${date}`), 400);
    await expectError(await api(`/api/booking-slots/available?facilityId=${f.documentId}`), 400);
    await expectError(await api(`/api/booking-slots/available?facilityId=${f.documentId}&date=yarın`), 400);
  });
});
