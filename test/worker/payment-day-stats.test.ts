// payment_day_stats (migration 0026; docs/behaviour.md#bookings 'Payments'): the payment rows summed per Istanbul
// calendar day, pitch and kind by the payments' own trigger. Whatever path inserts a row (a receipt, a refund, a kept
// deposit, a reversal, a bulk INSERT … SELECT), the summary equals a GROUP BY over the rows, and a row written after
// 21:00 UTC counts on the next Istanbul day.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertPayments, reversePayment } from '../../worker/src/db/payments';
import { bookings } from '../../worker/src/db/schema';
import { newDocumentId } from '../../worker/src/lib/ids';
import { addDays, bookRow, createFacility, createSlots, db, everyDay, istanbulToday, rowsOf } from './fixtures';

const day = addDays(istanbulToday(), 3);
let pitches: Awaited<ReturnType<typeof createFacility>>[];

beforeAll(async () => {
  pitches = [
    await createFacility({ workingHours: everyDay('10:00', '20:00'), depositAmount: 40_000 }),
    await createFacility({ workingHours: everyDay('10:00', '20:00'), depositAmount: 40_000 }),
  ];
  for (const p of pitches) await createSlots(p, 3, 3);
});

async function booking(p: (typeof pitches)[number], time: string) {
  const { documentId } = await bookRow(p, day, time, { status: 'approved' });
  const [row] = await rowsOf('select id from bookings where document_id = ?', documentId);
  return row.id as number;
}

const pay = (bookingId: number, kind: 'deposit' | 'balance' | 'refund' | 'kept', amount: number, at: number) =>
  insertPayments(db(), eq(bookings.id, bookingId), {
    kind,
    amount,
    method: kind === 'kept' ? null : 'cash',
    at,
    staffUserId: null,
    staffName: 'Test Kasa',
    note: null,
    documentId: newDocumentId(),
  }).run();

const summary = () =>
  rowsOf(
    'select date, facility_id, kind, payments, amount from payment_day_stats where facility_id in (?, ?) order by 1, 2, 3',
    pitches[0].id,
    pitches[1].id,
  );
const groupBy = () =>
  rowsOf(
    `select date((at + 10800000) / 1000, 'unixepoch') as date, facility_id, kind, count(*) as payments, sum(amount) as amount
     from payments where facility_id in (?, ?) group by 1, 2, 3 order by 1, 2, 3`,
    pitches[0].id,
    pitches[1].id,
  );

describe('payment_day_stats', () => {
  it('equals a GROUP BY over the payment rows after receipts, refunds, kept deposits, reversals and a bulk insert', async () => {
    const [a, b] = pitches;
    const first = await booking(a, '10:00');
    const second = await booking(a, '11:00');
    const third = await booking(b, '10:00');
    // 20:59 UTC is 23:59 in Istanbul; 21:00 UTC is already the next Istanbul day.
    const evening = Date.parse(`${day}T20:59:00Z`);
    const midnight = Date.parse(`${day}T21:00:00Z`);
    await pay(first, 'deposit', 40_000, evening);
    await pay(first, 'balance', 110_000, midnight);
    await pay(second, 'deposit', 40_000, evening - 3_600_000);
    await pay(second, 'refund', 40_000, midnight + 60_000);
    await pay(third, 'deposit', 40_000, evening);
    await pay(third, 'kept', 40_000, midnight + 120_000);
    const [wrong] = await rowsOf('select id from payments where booking_id = ? and kind = ?', first, 'balance');
    await reversePayment(db(), wrong.id as number, {
      at: midnight + 180_000,
      staffUserId: null,
      staffName: 'Test Kasa',
      note: null,
      documentId: newDocumentId(),
    }).run();
    // A bulk INSERT … SELECT (as a restore or a bench writes rows) fires the trigger once per row.
    await env.DB.prepare(
      `insert into payments (document_id, booking_id, facility_id, kind, amount, method, at, staff_user_id, staff_name, created_at)
       select 'bulk-' || id, id, facility_id, 'balance', 1000, 'card', ?, null, 'Toplu', ? from bookings where id in (?, ?)`,
    )
      .bind(evening, evening, second, third)
      .run();

    expect(await summary()).toEqual(await groupBy());
    const istanbulDay = (date: string, facility: number, kind: string) =>
      rowsOf(
        'select payments, amount from payment_day_stats where date = ? and facility_id = ? and kind = ?',
        date,
        facility,
        kind,
      );
    // Pitch A's balance and its reversal: both on the next Istanbul day, netting to zero over two rows.
    expect(await istanbulDay(addDays(day, 1), a.id, 'balance')).toEqual([{ payments: 2, amount: 0 }]);
    // Pitch A's kapora at 23:59 Istanbul: that day. Two rows (first and second), plus the bulk row on the other pitch.
    expect(await istanbulDay(day, a.id, 'deposit')).toEqual([{ payments: 2, amount: 80_000 }]);
    expect(await istanbulDay(day, b.id, 'balance')).toEqual([{ payments: 1, amount: 1000 }]);
  });

  it('payment rows stay insert-only, so the summary has no other writer to miss', async () => {
    const [row] = await rowsOf('select id from payments where facility_id = ? limit 1', pitches[0].id);
    await expect(env.DB.prepare('delete from payments where id = ?').bind(row.id).run()).rejects.toThrow(
      /never deleted/,
    );
    await expect(
      env.DB.prepare('update payments set amount = amount + 1 where id = ?').bind(row.id).run(),
    ).rejects.toThrow(/never edited/);
    expect(await summary()).toEqual(await groupBy());
  });
});
