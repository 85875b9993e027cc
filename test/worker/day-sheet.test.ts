// Bugün (GET /api/bookings/day-sheet; docs/behaviour.md#management-panel 'Bugün'): a business day's pending and approved
// bookings per pitch in start order, an after-midnight hour after 23:00 with its real start, each row with the phone,
// shuttle, add-ons and the money still due; cancelled ones and other days stay off; staff only.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DaySheetWire } from '../../contracts/day-sheet';
import { insertPayments } from '../../worker/src/db/payments';
import { bookings } from '../../worker/src/db/schema';
import { newDocumentId } from '../../worker/src/lib/ids';
import { istanbulInstant } from '../../worker/src/lib/time';
import {
  type Answer,
  addDays,
  api,
  createFacility,
  createStaff,
  db,
  expectError,
  type Invalid,
  insertBookingRow,
  insertSlot,
  istanbulToday,
  json,
  runSql,
  slotAt,
  tokenFor,
} from './fixtures';

const day = addDays(istanbulToday(), -4);
let admin: string;
let manager: string;
let pitchA: Awaited<ReturnType<typeof createFacility>>;
let pitchB: Awaited<ReturnType<typeof createFacility>>;

/** A booking of `date` `time` (minutes past the business day's midnight may pass 24:00 for a night hour). */
async function booking(
  f: { id: number },
  time: string,
  o: { name?: string; status?: 'pending' | 'approved' | 'cancelled'; date?: string; night?: boolean } = {},
) {
  const date = o.date ?? day;
  const [h, m] = time.split(':').map(Number);
  const minutes = h * 60 + m + (o.night ? 24 * 60 : 0);
  await insertSlot(f.id, date, time, istanbulInstant(date, minutes));
  const slot = await slotAt(f.id, date, time);
  const b = await insertBookingRow(slot, {
    facilityId: f.id,
    date,
    time,
    endTime: `${String((h + 1) % 24).padStart(2, '0')}:${time.slice(3)}`,
    name: o.name,
    status: o.status ?? 'approved',
  });
  const row = (await env.DB.prepare('select id from bookings where document_id = ?').bind(b.documentId).first<{
    id: number;
  }>())!;
  return { ...b, id: row.id };
}

const sheet = (query: string, token: string | undefined = admin) => api(`/api/bookings/day-sheet${query}`, { token });

let night: Awaited<ReturnType<typeof booking>>;
let paid: Awaited<ReturnType<typeof booking>>;

beforeAll(async () => {
  admin = await tokenFor(await createStaff('admin'), 'admin');
  manager = await tokenFor(await createStaff('manager'), 'manager');
  pitchA = await createFacility({ name: 'A Sahası' });
  pitchB = await createFacility({ name: 'B Sahası' });
  // Written out of order: the sheet orders them.
  night = await booking(pitchA, '00:30', { name: 'Gece Oyuncusu', night: true });
  paid = await booking(pitchA, '21:00', { name: 'Kaporalı Kişi' });
  await booking(pitchA, '19:00', { name: 'Bekleyen Kişi', status: 'pending' });
  await booking(pitchA, '20:00', { name: 'İptal Eden', status: 'cancelled' });
  await booking(pitchA, '18:00', { name: 'Başka Gün', date: addDays(day, 1) });
  await booking(pitchB, '22:00', { name: 'B Oyuncusu' });
  await runSql(
    `update bookings set includes_transportation = 1, pickup_point_name = 'Merkez Durak', pickup_time = '20:15',
       addons = '[{"name":"Yelek","unit":"person","unitPrice":5000,"quantity":2,"total":10000}]', addons_price = 10000,
       total_price = total_price + 10000, channel = 'phone', notes = 'Top getirecek', attendance = 'played'
     where id = ?`,
    paid.id,
  );
  await insertPayments(db(), eq(bookings.id, paid.id), {
    kind: 'deposit',
    amount: 30_000,
    method: 'transfer',
    at: Date.now(),
    staffUserId: null,
    staffName: 'Kasa',
    note: null,
    documentId: newDocumentId(),
  }).run();
});

describe('the match sheet of a business day', () => {
  it('lists every pitch’s pending and approved bookings in start order, a night hour after 23:00', async () => {
    const res = await sheet(`?date=${day}`);
    expect(res.status).toBe(200);
    const { data } = await json<Answer<DaySheetWire>>(res);
    expect(data.date).toBe(day);
    expect(data.facility).toBeNull();
    const mine = data.sections.filter((s) => [pitchA.id, pitchB.id].includes(s.facility.id));
    expect(mine.map((s) => s.facility.name)).toEqual(['A Sahası', 'B Sahası']);
    expect(mine[0].bookings.map((b) => [b.startTime, b.customerName, b.status])).toEqual([
      ['19:00', 'Bekleyen Kişi', 'pending'],
      ['21:00', 'Kaporalı Kişi', 'approved'],
      ['00:30', 'Gece Oyuncusu', 'approved'],
    ]);
    expect(mine[1].bookings.map((b) => b.customerName)).toEqual(['B Oyuncusu']);
    // The night hour keeps its business date and says when it really starts: the next calendar day.
    const n = mine[0].bookings[2];
    expect(n.date).toBe(day);
    expect(istanbulToday(Date.parse(n.startsAt))).toBe(addDays(day, 1));
    expect(n.bookingNumber).toBe(night.bookingNumber);
    expect(n.started).toBe(true);
  });

  it('carries what the desk needs: phone, shuttle, add-ons, what was collected and what is still due', async () => {
    const { data } = await json<Answer<DaySheetWire>>(await sheet(`?date=${day}&facility=${pitchA.slug}`));
    expect(data.facility?.id).toBe(pitchA.id);
    expect(data.sections).toHaveLength(1);
    const row = data.sections[0].bookings.find((b) => b.id === paid.id)!;
    expect(row).toMatchObject({
      documentId: paid.documentId,
      bookingNumber: paid.bookingNumber,
      customerPhone: paid.phone,
      shuttle: { pickupPointName: 'Merkez Durak', pickupTime: '20:15' },
      addons: [{ name: 'Yelek', quantity: 2, unitPrice: 50, total: 100 }],
      addonsPrice: 100,
      totalPrice: 1600,
      collected: 300,
      balanceDue: 1300,
      paymentStatus: 'paid',
      attendance: 'played',
      channel: 'phone',
      notes: 'Top getirecek',
      isSubscriber: false,
    });
  });

  it('shows an asked pitch without bookings as an empty section, and another day only its own bookings', async () => {
    const empty = await json<Answer<DaySheetWire>>(
      await sheet(`?date=${addDays(day, -30)}&facility=${pitchB.documentId}`),
    );
    expect(empty.data.sections).toEqual([
      { facility: { id: pitchB.id, documentId: pitchB.documentId, name: 'B Sahası' }, bookings: [] },
    ]);
    const next = await json<Answer<DaySheetWire>>(await sheet(`?date=${addDays(day, 1)}&facility=${pitchA.slug}`));
    expect(next.data.sections[0].bookings.map((b) => b.customerName)).toEqual(['Başka Gün']);
  });

  it('defaults to today in Istanbul, and a manager reads it too', async () => {
    const res = await sheet('', manager);
    expect(res.status).toBe(200);
    expect((await json<Answer<DaySheetWire>>(res)).data.date).toBe(istanbulToday());
  });

  it('an erased customer’s booking carries no phone: nothing to call, no hash shown', async () => {
    const otherDay = addDays(day, -2);
    const b = await booking(pitchA, '15:00', { date: otherDay });
    await runSql("update bookings set customer_phone = '#a1b2c3d4e5f6' where id = ?", b.id);
    const res = await sheet(`?date=${otherDay}&facility=${pitchA.documentId}`);
    expect(res.status).toBe(200);
    const { data } = await json<Answer<DaySheetWire>>(res);
    const row = data.sections.flatMap((s) => s.bookings).find((r) => r.bookingNumber === b.bookingNumber);
    expect(row?.customerPhone).toBeNull();
  });

  it('refuses the anonymous, a malformed date in Turkish, and an unknown pitch', async () => {
    await expectError(await api(`/api/bookings/day-sheet?date=${day}`), 401);
    const bad = await expectError<Invalid>(await sheet('?date=2026-02-30'), 400);
    expect(bad.details.errors[0].message).toBe('Tarih YYYY-MM-DD biçiminde olmalı');
    await expectError(await sheet(`?date=${day}&facility=yok-boyle-saha`), 404);
  });
});
