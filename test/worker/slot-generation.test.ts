import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { createBookingSchema } from '../../contracts/bookings';
import { getDb } from '../../worker/src/db/client';
import type { WorkingHours } from '../../worker/src/db/schema';
import { weekdayOf } from '../../worker/src/lib/time';
import { runScheduled } from '../../worker/src/scheduled';
import { createBooking } from '../../worker/src/services/bookings';
import { findFacilityBundle } from '../../worker/src/services/facilities';
import { generateSlots } from '../../worker/src/services/slots';
import {
  addDays,
  api,
  createFacility,
  createStaff,
  everyDay,
  expectError,
  freshPhone,
  type GenerateSlotsAnswer,
  insertBookingRow,
  istanbulToday,
  json,
  type SlotsAnswer,
  slotAt,
  tokenFor,
} from './fixtures';
import { pitchInput } from './fixtures/images';
import { sleep, slowPitchObject, slowReads } from './fixtures/slow-d1';

type Facility = Awaited<ReturnType<typeof createFacility>>;

let token: string;
beforeAll(async () => {
  token = await tokenFor(await createStaff('manager'), 'manager');
});

function generate(ref: string, body: Record<string, unknown>, auth: string | null = token) {
  return api(`/api/facilities/${ref}/generate-slots`, { method: 'POST', json: body, token: auth ?? undefined });
}

async function slotRows(facilityId: number) {
  const { results } = await env.DB.prepare(
    'select id, document_id, date, start_time from booking_slots where facility_id = ? order by starts_at',
  )
    .bind(facilityId)
    .all<{ id: number; document_id: string; date: string; start_time: string }>();
  return results;
}

async function insertBooking(f: Facility, date: string, time: string, status: 'pending' | 'approved' | 'cancelled') {
  const slot = await slotAt(f.id, date, time);
  // (slot.document_id identifies the row: SQLite may hand a deleted row's id to the next insert.)
  const { documentId } = await insertBookingRow(slot, { facilityId: f.id, date, time, status });
  return { slotId: slot.id, slotDocumentId: slot.document_id, documentId };
}

const slotIdOfBooking = async (documentId: string) =>
  (await env.DB.prepare('select slot_id from bookings where document_id = ?')
    .bind(documentId)
    .first<{ slot_id: number | null }>())!.slot_id;

describe('POST /api/facilities/{ref}/generate-slots', () => {
  it('creates slots for the open days of the range and says how many', async () => {
    const start = addDays(istanbulToday(), 1);
    const end = addDays(start, 6);
    const closed = weekdayOf(addDays(start, 2));
    const hours: WorkingHours = {
      ...everyDay('10:00', '14:00'),
      [closed]: { isOpen: false, start: '10:00', end: '14:00' },
    };
    const f = await createFacility({ workingHours: hours });
    const res = await generate(f.documentId, { startDate: start, endDate: end });
    expect(res.status).toBe(200);
    const { data } = await json<GenerateSlotsAnswer>(res);
    expect(data).toMatchObject({ facilityName: f.name, created: 6 * 4, replaced: 0, kept: 0 });
    expect(data.message).toBe(`${f.name} için 24 slot oluşturuldu, 0 slot yenilendi, 0 slot korundu.`);
    const rows = await slotRows(f.id);
    expect(rows).toHaveLength(24);
    expect(rows.some((r) => r.date === addDays(start, 2))).toBe(false);
    expect(new Set(rows.map((r) => r.date)).size).toBe(6);
  });

  it('accepts the body wrapped in { data } and addresses the pitch by slug', async () => {
    const f = await createFacility({ workingHours: everyDay('10:00', '12:00') });
    const day = addDays(istanbulToday(), 1);
    const res = await api(`/api/facilities/${f.slug}/generate-slots`, {
      method: 'POST',
      token,
      json: { data: { startDate: day, endDate: day } },
    });
    expect(res.status).toBe(200);
    expect((await json<GenerateSlotsAnswer>(res)).data.created).toBe(2);
  });

  it('creates nothing and keeps everything on a second run without overwrite', async () => {
    const f = await createFacility({ workingHours: everyDay('10:00', '14:00') });
    const start = addDays(istanbulToday(), 1);
    const end = addDays(start, 2);
    await generate(String(f.id), { startDate: start, endDate: end });
    const before = await slotRows(f.id);
    const { data } = await json<GenerateSlotsAnswer>(await generate(String(f.id), { startDate: start, endDate: end }));
    expect(data).toMatchObject({ created: 0, replaced: 0, kept: 12 });
    expect(await slotRows(f.id)).toEqual(before);
  });

  it('with overwrite replaces free slots but keeps the slots that hold a pending or approved booking', async () => {
    const f = await createFacility({ workingHours: everyDay('10:00', '14:00') });
    const day = addDays(istanbulToday(), 2);
    await generate(f.slug, { startDate: day, endDate: day });
    const pending = await insertBooking(f, day, '10:00', 'pending');
    const approved = await insertBooking(f, day, '11:00', 'approved');
    const cancelled = await insertBooking(f, day, '12:00', 'cancelled');
    const free13 = (await slotAt(f.id, day, '13:00')).document_id;

    const res = await generate(f.slug, { startDate: day, endDate: day, overwrite: true });
    expect(res.status).toBe(200);
    const { data } = await json<GenerateSlotsAnswer>(res);
    expect(data).toMatchObject({ created: 0, replaced: 2, kept: 2 });
    expect(data.message).toBe(`${f.name} için 0 slot oluşturuldu, 2 slot yenilendi, 2 slot korundu.`);

    const rows = await slotRows(f.id);
    expect(rows.map((r) => r.start_time)).toEqual(['10:00', '11:00', '12:00', '13:00']);
    // The booked slots are the very same rows, still linked to their bookings.
    expect(await slotAt(f.id, day, '10:00')).toMatchObject({ id: pending.slotId, document_id: pending.slotDocumentId });
    expect(await slotAt(f.id, day, '11:00')).toMatchObject({
      id: approved.slotId,
      document_id: approved.slotDocumentId,
    });
    expect(await slotIdOfBooking(pending.documentId)).toBe(pending.slotId);
    expect(await slotIdOfBooking(approved.documentId)).toBe(approved.slotId);
    // Free slots (including one whose booking was cancelled) were replaced by new rows.
    expect((await slotAt(f.id, day, '12:00')).document_id).not.toBe(cancelled.slotDocumentId);
    expect((await slotAt(f.id, day, '13:00')).document_id).not.toBe(free13);

    const slots = (await json<SlotsAnswer>(await api(`/api/facilities/${f.slug}/slots?date=${day}`))).data.slots;
    expect(slots.map((s) => s.state)).toEqual(['pending', 'booked', 'available', 'available']);
  });

  it('refuses a range that starts before today', async () => {
    const f = await createFacility();
    const today = istanbulToday();
    await expectError(await generate(f.slug, { startDate: addDays(today, -1), endDate: addDays(today, 1) }), 400);
    expect(await slotRows(f.id)).toEqual([]);
  });

  it('accepts today … today + 92 days but refuses an end beyond that', async () => {
    const f = await createFacility({ workingHours: everyDay('10:00', '11:00') });
    const today = istanbulToday();
    await expectError(await generate(f.slug, { startDate: addDays(today, 90), endDate: addDays(today, 93) }), 400);
    expect(await slotRows(f.id)).toEqual([]);
    const res = await generate(f.slug, { startDate: addDays(today, 90), endDate: addDays(today, 92) });
    expect(res.status).toBe(200);
    expect((await json<GenerateSlotsAnswer>(res)).data.created).toBe(3);
  });

  it('refuses a start after the end', async () => {
    const f = await createFacility();
    const day = addDays(istanbulToday(), 5);
    const err = await expectError(await generate(f.slug, { startDate: day, endDate: addDays(day, -1) }), 400);
    expect(err.message).toBe('Başlangıç tarihi bitiş tarihinden sonra olamaz!');
    expect(await slotRows(f.id)).toEqual([]);
  });

  it('refuses malformed dates', async () => {
    const f = await createFacility();
    await expectError(await generate(f.slug, { startDate: '01.12.2026', endDate: '05.12.2026' }), 400);
    await expectError(await generate(f.slug, {}), 400);
  });

  it('needs a staff token', async () => {
    const f = await createFacility();
    const day = addDays(istanbulToday(), 1);
    await expectError(await generate(f.slug, { startDate: day, endDate: day }, null), 401);
    await expectError(await generate(f.slug, { startDate: day, endDate: day }, 'not-a-token'), 401);
    expect(await slotRows(f.id)).toEqual([]);
  });

  it('answers an unknown pitch with 404', async () => {
    const day = addDays(istanbulToday(), 1);
    const err = await expectError(await generate('boyle-bir-saha-yok-xyz', { startDate: day, endDate: day }), 404);
    expect(err.message).toBe('Saha bulunamadı');
  });
});

describe('scheduled slot generation (runScheduled)', () => {
  it('generates every active pitch from today to today + 30 days and leaves inactive pitches alone', async () => {
    const active = await createFacility({ workingHours: everyDay('10:00', '12:00') });
    const inactive = await createFacility({ isActive: false, workingHours: everyDay('10:00', '12:00') });
    await runScheduled(env);
    const today = istanbulToday();
    const rows = await slotRows(active.id);
    const dates = [...new Set(rows.map((r) => r.date))];
    expect(dates).toEqual(Array.from({ length: 31 }, (_, i) => addDays(today, i)));
    expect(rows).toHaveLength(31 * 2);
    expect(await slotRows(inactive.id)).toEqual([]);
  });

  it('creates nothing new when it runs twice', async () => {
    const f = await createFacility({ workingHours: everyDay('20:00', '01:00') });
    await runScheduled(env);
    const first = await slotRows(f.id);
    expect(first).toHaveLength(31 * 5);
    const second = await runScheduled(env);
    expect(second.facilities).toBeGreaterThanOrEqual(1);
    // Same rows (ids and order) after the second run: nothing added, nothing replaced.
    expect(await slotRows(f.id)).toEqual(first);
  });

  it('generates only the days without a slot: a gap and the days past the last one, never a generated day again', async () => {
    const f = await createFacility({ workingHours: everyDay('10:00', '12:00') });
    const today = istanbulToday();
    // Generated before: today … +9 and +12 (an island staff made), with +5 emptied; +3 holds one slot of its two.
    await env.DB.prepare('delete from booking_slots where facility_id = ?').bind(f.id).run();
    const db = getDb(env.DB);
    const bundle = (await findFacilityBundle(db, f.documentId))!;
    await generateSlots(db, bundle.facility, today, addDays(today, 9), false);
    await generateSlots(db, bundle.facility, addDays(today, 12), addDays(today, 12), false);
    await env.DB.prepare('delete from booking_slots where facility_id = ? and date = ?')
      .bind(f.id, addDays(today, 5))
      .run();
    await env.DB.prepare("delete from booking_slots where facility_id = ? and date = ? and start_time = '11:00'")
      .bind(f.id, addDays(today, 3))
      .run();
    const kept = (await slotRows(f.id)).filter((r) => r.date !== addDays(today, 5));

    const result = await generateSlots(db, bundle.facility, today, addDays(today, 30), false, [], null, Date.now(), {
      newDaysOnly: true,
    });
    // +5, +10, +11 and +13 … +30: 21 days of two slots.
    expect(result).toEqual({ created: 42, replaced: 0, kept: 0, removed: 0 });
    const rows = await slotRows(f.id);
    expect([...new Set(rows.map((r) => r.date))]).toEqual(Array.from({ length: 31 }, (_, i) => addDays(today, i)));
    // The generated days are untouched (the same ids), the day with one slot included.
    expect(rows.filter((r) => kept.some((k) => k.id === r.id))).toEqual(kept);
    expect(rows.filter((r) => r.date === addDays(today, 3))).toHaveLength(1);
  });
});

describe('generation through the API: slot length, offset and overnight hours (behaviour.md#slots)', () => {
  it('a half-hourly pitch open 22:00–01:00 gets 30-minute starts past midnight, on the same business date', async () => {
    const f = await createFacility({ workingHours: everyDay('22:00', '01:00'), bookingTimeType: 'half-hourly' });
    const day = addDays(istanbulToday(), 3);
    const res = await generate(f.documentId, { startDate: day, endDate: day });
    expect((await json<GenerateSlotsAnswer>(res)).data.created).toBe(6);
    const rows = await slotRows(f.id);
    expect(rows.map((r) => r.start_time)).toEqual(['22:00', '22:30', '23:00', '23:30', '00:00', '00:30']);
    expect(rows.every((r) => r.date === day)).toBe(true);
    const next = addDays(day, 1);
    expect((await slotAt(f.id, day, '00:30')).starts_at).toBe(Date.parse(`${next}T00:30:00+03:00`));
    expect((await slotAt(f.id, day, '23:30')).starts_at).toBe(Date.parse(`${day}T23:30:00+03:00`));
  });

  it('an hourly pitch with startTimeOffset half_hour starts at :30 and ends within the hours', async () => {
    const f = await createFacility({ workingHours: everyDay('09:00', '13:00'), startTimeOffset: 'half_hour' });
    const day = addDays(istanbulToday(), 1);
    await generate(f.slug, { startDate: day, endDate: day });
    const slots = (await json<SlotsAnswer>(await api(`/api/facilities/${f.slug}/slots?date=${day}`))).data.slots;
    expect(slots.map((s) => `${s.startTime}-${s.endTime}`)).toEqual(['09:30-10:30', '10:30-11:30', '11:30-12:30']);
  });

  it('an overnight hourly pitch 20:00–02:00 with overwrite keeps its booked 01:00 slot', async () => {
    const f = await createFacility({ workingHours: everyDay('20:00', '02:00') });
    const day = addDays(istanbulToday(), 2);
    await generate(f.slug, { startDate: day, endDate: day });
    const held = await insertBooking(f, day, '01:00', 'approved');
    const res = await generate(f.slug, { startDate: day, endDate: day, overwrite: true });
    expect((await json<GenerateSlotsAnswer>(res)).data).toMatchObject({ created: 0, replaced: 5, kept: 1 });
    expect(await slotAt(f.id, day, '01:00')).toMatchObject({ id: held.slotId });
    expect(await slotIdOfBooking(held.documentId)).toBe(held.slotId);
  });
});

describe('overwrite after the hours change', () => {
  it('removes the free slots outside the new hours but keeps a booked one there; the object reads the new hours', async () => {
    const f = await createFacility({ workingHours: everyDay('10:00', '14:00') });
    const day = addDays(istanbulToday(), 2);
    await generate(f.documentId, { startDate: day, endDate: day });
    const held = await insertBooking(f, day, '13:00', 'approved');
    // Staff shorten the day to 10:00–12:00 through the panel's own call (the pitch's object drops its copy).
    const put = await api(`/api/facilities/${f.documentId}`, {
      method: 'PUT',
      token,
      json: pitchInput({ name: f.name, hourlyPrice: 200, workingHours: everyDay('10:00', '12:00') }),
    });
    expect(put.status).toBe(200);
    const res = await generate(f.documentId, { startDate: day, endDate: day, overwrite: true });
    expect((await json<GenerateSlotsAnswer>(res)).data).toMatchObject({ created: 0, replaced: 2, kept: 1, removed: 1 });
    expect((await slotRows(f.id)).map((r) => r.start_time)).toEqual(['10:00', '11:00', '13:00']);
    expect(await slotAt(f.id, day, '13:00')).toMatchObject({ id: held.slotId });
    expect(await slotIdOfBooking(held.documentId)).toBe(held.slotId);
    // The replaced slots carry the new price.
    expect((await slotAt(f.id, day, '10:00')).price).toBe(20000);
  });
});

describe('generation racing a booking', () => {
  /** Every live booking of the pitch still holds an existing slot of its own date and time. */
  async function consistency(facilityId: number) {
    const { results } = await env.DB.prepare(
      `select b.id, b.slot_id, s.id as sid, s.date = b.date and s.start_time = b.start_time as same
         from bookings b left join booking_slots s on s.id = b.slot_id
        where b.facility_id = ? and b.status in ('pending', 'approved')`,
    )
      .bind(facilityId)
      .all<{ id: number; slot_id: number | null; sid: number | null; same: number | null }>();
    return results;
  }

  it('through the pitch object an overwrite and a booking never leave a booking without its slot', async () => {
    const f = await createFacility({ workingHours: everyDay('10:00', '14:00') });
    const day = addDays(istanbulToday(), 2);
    await generate(f.slug, { startDate: day, endDate: day });
    const slot = await slotAt(f.id, day, '11:00');
    // Warm the reference cache, then widen every gap between a check and its write inside the object.
    await api(`/api/facilities/${f.documentId}/slots?date=${day}`);
    await slowPitchObject(f.id, 40);
    const regen = generate(f.slug, { startDate: day, endDate: day, overwrite: true });
    await sleep(5);
    const booking = api('/api/bookings', {
      method: 'POST',
      json: {
        facility: f.documentId,
        bookingSlot: slot.document_id,
        customerName: 'Yarış Oyuncu',
        customerPhone: freshPhone(),
      },
    });
    const [g, b] = await Promise.all([regen, booking]);
    expect(g.status).toBe(200);
    // Generation went first and replaced the free slot, so the booking of the old slot is refused cleanly; or the
    // booking went first and generation kept its slot. Either way every live booking holds its own slot.
    expect([201, 404, 409]).toContain(b.status);
    const rows = await consistency(f.id);
    expect(rows.every((r) => r.sid !== null && r.same === 1)).toBe(true);
    if (b.status === 201) expect(rows).toHaveLength(1);
    else expect(rows).toHaveLength(0);
    // The slot list still has one 11:00.
    const slots = (await json<SlotsAnswer>(await api(`/api/facilities/${f.slug}/slots?date=${day}`))).data.slots;
    expect(slots.filter((s) => s.startTime === '11:00')).toHaveLength(1);
  });

  it('control: unserialised, the same race leaves a live booking whose slot was deleted under it', async () => {
    const f = await createFacility({ workingHours: everyDay('10:00', '14:00') });
    const day = addDays(istanbulToday(), 2);
    await generate(f.slug, { startDate: day, endDate: day });
    const slot = await slotAt(f.id, day, '11:00');
    const bundle = (await findFacilityBundle(getDb(env.DB), String(f.id)))!;
    // Generation reads the slots as free, then waits; the booking is written meanwhile; generation then replaces
    // the slot it saw free.
    const regen = generateSlots(getDb(slowReads(env.DB, 60)), bundle.facility, day, day, true);
    await sleep(10);
    const input = createBookingSchema.parse({
      facility: String(f.id),
      bookingSlot: slot.document_id,
      customerName: 'Kontrol Oyuncu',
      customerPhone: freshPhone(),
    });
    await createBooking({ db: getDb(env.DB), now: Date.now() }, bundle, input);
    await regen;
    const rows = await consistency(f.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].slot_id).toBeNull();
    // And the hour shows free to the next visitor while a booking is live on it.
    const slots = (await json<SlotsAnswer>(await api(`/api/facilities/${f.slug}/slots?date=${day}`))).data.slots;
    expect(slots.find((s) => s.startTime === '11:00')!.isAvailable).toBe(true);
  });
});
