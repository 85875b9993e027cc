// Gün Sonu (GET /api/reports/day-end; docs/behaviour.md#management-panel 'Gün Sonu'): the money of the payment rows
// written in one Istanbul calendar day, by method, staff member and pitch, with reversals netted, refunds and kept
// deposits apart, and the balance still expected from the business day's started, approved bookings that were not
// no-shows. Every figure here is the hand sum of the rows this file writes.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DayEndWire } from '../../contracts/day-sheet';
import type { PaymentKind, PaymentMethod } from '../../contracts/payments';
import { insertPayments, reversePayment } from '../../worker/src/db/payments';
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

const day = addDays(istanbulToday(), -6);
const at = (date: string, hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return istanbulInstant(date, h * 60 + m);
};
const PRICE = 150_000;

let admin: string;
let manager: string;
let pitchA: Awaited<ReturnType<typeof createFacility>>;
let pitchB: Awaited<ReturnType<typeof createFacility>>;

async function booking(
  f: { id: number },
  time: string,
  status: 'approved' | 'pending' | 'cancelled',
  o: { night?: boolean; attendance?: 'played' | 'no_show'; name?: string } = {},
) {
  const [h, m] = time.split(':').map(Number);
  await insertSlot(f.id, day, time, istanbulInstant(day, h * 60 + m + (o.night ? 1440 : 0)), PRICE);
  const b = await insertBookingRow(await slotAt(f.id, day, time), {
    facilityId: f.id,
    date: day,
    time,
    status,
    name: o.name,
  });
  const row = (await env.DB.prepare('select id from bookings where document_id = ?')
    .bind(b.documentId)
    .first<{ id: number }>())!;
  if (o.attendance) await runSql('update bookings set attendance = ? where id = ?', o.attendance, row.id);
  return { ...b, id: row.id, facilityId: f.id };
}

/** What the test wrote, as the report should count it (kuruş, signed as money flows into the venue). */
interface Written {
  bookingId: number;
  facilityId: number;
  kind: PaymentKind;
  method: PaymentMethod | null;
  amount: number;
  at: number;
  staff: string;
}
const written: Written[] = [];

async function pay(
  b: { id: number; facilityId: number },
  kind: PaymentKind,
  amount: number,
  method: PaymentMethod | null,
  when: number,
  staff: { id: number; name: string },
) {
  await insertPayments(db(), eq(bookings.id, b.id), {
    kind,
    amount,
    method,
    at: when,
    staffUserId: staff.id,
    staffName: staff.name,
    note: null,
    documentId: newDocumentId(),
  }).run();
  const signed = kind === 'refund' ? -amount : amount;
  written.push({
    bookingId: b.id,
    facilityId: b.facilityId,
    kind,
    method,
    amount: signed,
    at: when,
    staff: staff.name,
  });
  return (await env.DB.prepare('select max(id) as id from payments').first<{ id: number }>())!.id;
}

async function reverse(paymentId: number, when: number, staff: { id: number; name: string }) {
  await reversePayment(db(), paymentId, {
    at: when,
    staffUserId: staff.id,
    staffName: staff.name,
    note: 'Yanlış kayıt',
    documentId: newDocumentId(),
  }).run();
  const [row] = (
    await env.DB.prepare('select booking_id, facility_id, kind, method, amount from payments where reverses_id = ?')
      .bind(paymentId)
      .all<{ booking_id: number; facility_id: number; kind: PaymentKind; method: PaymentMethod; amount: number }>()
  ).results;
  written.push({
    bookingId: row.booking_id,
    facilityId: row.facility_id,
    kind: row.kind,
    method: row.method,
    amount: row.amount,
    at: when,
    staff: staff.name,
  });
}

const report = (query: string, token = admin) => api(`/api/reports/day-end${query}`, { token });
const tl = (kurus: number) => kurus / 100;

/** The hand sums over `rows`: received (deposit + balance), refunded (positive) and kept. */
function sums(rows: Written[]) {
  const received = rows.filter((r) => r.kind === 'deposit' || r.kind === 'balance').reduce((s, r) => s + r.amount, 0);
  const refunded = rows.filter((r) => r.kind === 'refund').reduce((s, r) => s - r.amount, 0);
  const kept = rows.filter((r) => r.kind === 'kept').reduce((s, r) => s + r.amount, 0);
  return { received: tl(received), refunded: tl(refunded), net: tl(received - refunded), kept: tl(kept) };
}
const inDay = (date: string) => (r: Written) => r.at >= at(date, '00:00') && r.at < at(addDays(date, 1), '00:00');

beforeAll(async () => {
  const ayse = await createStaff('admin', { firstName: 'Ayşe', lastName: 'Kasa' });
  const mert = await createStaff('manager', { firstName: 'Mert', lastName: 'Saha' });
  admin = await tokenFor(ayse, 'admin');
  manager = await tokenFor(mert, 'manager');
  const s1 = { id: ayse.id, name: 'Ayşe Kasa' };
  const s2 = { id: mert.id, name: 'Mert Saha' };
  pitchA = await createFacility({ name: 'A Sahası' });
  pitchB = await createFacility({ name: 'B Sahası' });

  // A: paid in full (kapora by transfer, the rest in cash at the pitch).
  const full = await booking(pitchA, '20:00', 'approved', { attendance: 'played' });
  await pay(full, 'deposit', 30_000, 'transfer', at(day, '10:00'), s1);
  await pay(full, 'balance', PRICE - 30_000, 'cash', at(day, '21:05'), s2);
  // A: a cash kapora entered by mistake and reversed, then taken by card; the balance is still expected.
  const owes = await booking(pitchA, '21:00', 'approved');
  const wrong = await pay(owes, 'deposit', 30_000, 'cash', at(day, '12:00'), s1);
  await reverse(wrong, at(day, '12:05'), s1);
  await pay(owes, 'deposit', 30_000, 'card', at(day, '12:10'), s2);
  // A: a night match, its balance collected after midnight: the next calendar day's money.
  const night = await booking(pitchA, '00:30', 'approved', { night: true });
  await pay(night, 'balance', PRICE, 'cash', at(addDays(day, 1), '00:45'), s2);
  // A: a no-show owes nothing expected; a pending booking is not expected either.
  await booking(pitchA, '23:00', 'approved', { attendance: 'no_show' });
  await booking(pitchA, '18:00', 'pending');
  // B: a kapora received the day before, refunded today.
  const refunded = await booking(pitchB, '22:00', 'cancelled');
  await pay(refunded, 'deposit', 30_000, 'transfer', at(addDays(day, -1), '18:00'), s1);
  await pay(refunded, 'refund', 30_000, 'transfer', at(day, '15:00'), s1);
  // B: a kapora received and kept on the same day.
  const kept = await booking(pitchB, '19:00', 'cancelled');
  await pay(kept, 'deposit', 30_000, 'transfer', at(day, '09:00'), s2);
  await pay(kept, 'kept', 30_000, null, at(day, '16:00'), s1);
  // B: played, nothing paid yet.
  await booking(pitchB, '20:00', 'approved', { attendance: 'played' });
});

describe("the dashboard's collected money", () => {
  it('is the day-end net of today and the sum of this month’s rows, per pitch', async () => {
    const s = { id: null as unknown as number, name: 'Kasa' };
    const [y, m] = istanbulToday().split('-');
    const monthStart = at(`${y}-${m}-01`, '00:00');
    // Cancelled: its business day's expected balance (the report below) stays as written; the money moved today.
    const today = await booking(pitchA, '10:00', 'cancelled');
    await pay({ ...today, facilityId: pitchA.id }, 'deposit', 45_000, 'cash', Date.now() - 1000, s);
    const res = await api(`/api/bookings/stats?facilityId=${pitchA.documentId}`, { token: admin });
    expect(res.status).toBe(200);
    const { collected } = (await json<Answer<{ collected: { today: number; month: number } }>>(res)).data;
    const end = await json<Answer<DayEndWire>>(await report(`?facility=${pitchA.slug}`));
    expect(collected.today).toBe(end.data.totals.net);
    const mine = written.filter((r) => r.facilityId === pitchA.id && r.at >= monthStart && r.kind !== 'kept');
    expect(collected.month).toBe(tl(mine.reduce((sum, r) => sum + r.amount, 0)));
    expect(collected.today).toBeGreaterThanOrEqual(450);
  });
});

describe('the day-end report of a calendar day', () => {
  it('totals equal the hand sums of the day’s rows, reversals netted; the expected balance is the started approved bookings’ rest', async () => {
    const res = await report(`?date=${day}`);
    expect(res.status).toBe(200);
    const { data } = await json<Answer<DayEndWire>>(res);
    const rows = written.filter(inDay(day));
    expect(data.date).toBe(day);
    expect(data.totals).toMatchObject(sums(rows));
    // Written out: 300 + 1200 + 300 − 300 + 300 + 300 received, 300 refunded, 300 kept.
    expect(data.totals).toEqual({
      received: 2100,
      refunded: 300,
      net: 1800,
      kept: 300,
      // A's 21:00 owes 1200; B's 20:00 owes 1500. The paid, the no-show, the pending and the cancelled owe nothing here.
      expected: 2700,
      expectedBookings: 2,
    });
    expect(data.movements).toHaveLength(rows.length);
    expect(data.movements.map((m) => Date.parse(m.at))).toEqual(rows.map((r) => r.at).sort((a, b) => a - b));
    expect(data.movements.filter((m) => m.reversal)).toMatchObject([{ kind: 'deposit', method: 'cash', amount: -300 }]);
  });

  it('splits the money by method and by staff member, each adding up to the totals', async () => {
    const { data } = await json<Answer<DayEndWire>>(await report(`?date=${day}`));
    const rows = written.filter(inDay(day));
    for (const method of ['transfer', 'cash', 'card'] as const) {
      const { kept: _, ...money } = sums(rows.filter((r) => r.method === method));
      expect(
        data.byMethod.find((m) => m.method === method),
        method,
      ).toEqual({ method, ...money });
    }
    expect(data.byMethod.map((m) => m.method)).toEqual(['transfer', 'cash', 'card']);
    expect(data.byMethod.find((m) => m.method === 'transfer')).toMatchObject({
      received: 600,
      refunded: 300,
      net: 300,
    });
    expect(data.byStaff).toEqual([
      { staffName: 'Ayşe Kasa', received: 300, refunded: 300, net: 0 },
      { staffName: 'Mert Saha', received: 1800, refunded: 0, net: 1800 },
    ]);
    expect(data.byStaff.reduce((s, m) => s + m.net, 0)).toBe(data.totals.net);
    expect(data.byMethod.reduce((s, m) => s + m.net, 0)).toBe(data.totals.net);
  });

  it('breaks the day down per pitch', async () => {
    const { data } = await json<Answer<DayEndWire>>(await report(`?date=${day}`));
    const mine = data.byFacility.filter((f) => [pitchA.id, pitchB.id].includes(f.facility.id));
    expect(mine).toEqual([
      {
        facility: { id: pitchA.id, documentId: pitchA.documentId, name: 'A Sahası' },
        ...sums(written.filter(inDay(day)).filter((r) => r.facilityId === pitchA.id)),
        expected: 1200,
        expectedBookings: 1,
      },
      {
        facility: { id: pitchB.id, documentId: pitchB.documentId, name: 'B Sahası' },
        ...sums(written.filter(inDay(day)).filter((r) => r.facilityId === pitchB.id)),
        expected: 1500,
        expectedBookings: 1,
      },
    ]);
    const one = await json<Answer<DayEndWire>>(await report(`?date=${day}&facility=${pitchB.slug}`));
    expect(one.data.facility?.id).toBe(pitchB.id);
    expect(one.data.totals).toEqual({
      received: 300,
      refunded: 300,
      net: 0,
      kept: 300,
      expected: 1500,
      expectedBookings: 1,
    });
    expect(new Set(one.data.movements.map((m) => m.facilityName))).toEqual(new Set(['B Sahası']));
  });

  it('counts a night match’s balance taken after midnight on the next calendar day', async () => {
    const next = addDays(day, 1);
    const { data } = await json<Answer<DayEndWire>>(await report(`?date=${next}&facility=${pitchA.slug}`));
    expect(data.totals).toMatchObject({ received: 1500, refunded: 0, net: 1500 });
    expect(data.movements).toMatchObject([{ kind: 'balance', method: 'cash', amount: 1500, staffName: 'Mert Saha' }]);
  });

  it('is open to a manager (who closes the day too); refuses the anonymous and a malformed date in Turkish', async () => {
    expect((await report(`?date=${day}`, manager)).status).toBe(200);
    await expectError(await api(`/api/reports/day-end?date=${day}`), 401);
    const bad = await expectError<Invalid>(await report('?date=26-11-2026'), 400);
    expect(bad.details.errors[0].message).toBe('Tarih YYYY-MM-DD biçiminde olmalı');
    await expectError(await report(`?date=${day}&facility=yok-boyle-saha`), 404);
    // Raporlar itself stays the admin's.
    await expectError(await api(`/api/reports?from=${day}&to=${day}`, { token: manager }), 403);
  });
});
