// The payment rows' guarantees in the database itself (migration 0024; docs/behaviour.md#bookings 'Payments'): a
// booking's payment status and collected money follow its rows whatever path inserts one, a row is never edited nor
// deleted, a reversal must negate a row of the same booking, and a pending booking whose money arrived loses its hold
// deadline. Services are tested through the API elsewhere; these statements are what every path relies on.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { paymentStatusOf } from '../../contracts/payments';
import { insertPayments, paymentsOf, reversePayment } from '../../worker/src/db/payments';
import { bookings } from '../../worker/src/db/schema';
import { newDocumentId } from '../../worker/src/lib/ids';
import { addDays, bookRow, createFacility, createSlots, db, everyDay, istanbulToday, rowsOf } from './fixtures';

const day = addDays(istanbulToday(), 2);
let facility: Awaited<ReturnType<typeof createFacility>>;

beforeAll(async () => {
  facility = await createFacility({ workingHours: everyDay('10:00', '20:00'), depositAmount: 50_000 });
  await createSlots(facility, 2, 2);
});

async function booking(time: string, status: 'pending' | 'approved' = 'approved') {
  const { documentId } = await bookRow(facility, day, time, { status });
  await env.DB.prepare('update bookings set expires_at = ? where document_id = ?')
    .bind(Date.now() + 3_600_000, documentId)
    .run();
  const [row] = await rowsOf('select id, total_price from bookings where document_id = ?', documentId);
  return { id: row.id as number, total: row.total_price as number };
}

const pay = (
  bookingId: number,
  kind: 'deposit' | 'balance' | 'refund' | 'kept',
  amount: number,
  method: 'cash' | null = 'cash',
) =>
  insertPayments(db(), eq(bookings.id, bookingId), {
    kind,
    amount,
    method,
    at: Date.now(),
    staffUserId: null,
    staffName: 'Test Personel',
    note: null,
    documentId: newDocumentId(),
  }).run();

const stateOf = async (id: number) => {
  const [row] = await rowsOf('select payment_status, collected, expires_at from bookings where id = ?', id);
  return row as { payment_status: string; collected: number; expires_at: number | null };
};

describe('payment rows derive the booking payment status', () => {
  it('deposit → Kapora Alındı, the rest → Tamamı Ödendi, a full refund → İade Edildi', async () => {
    const b = await booking('10:00');
    expect((await stateOf(b.id)).payment_status).toBe('pending');
    await pay(b.id, 'deposit', 50_000);
    expect(await stateOf(b.id)).toMatchObject({ payment_status: 'paid', collected: 50_000 });
    await pay(b.id, 'balance', b.total - 50_000);
    expect(await stateOf(b.id)).toMatchObject({ payment_status: 'full', collected: b.total });
    await pay(b.id, 'refund', b.total);
    expect(await stateOf(b.id)).toMatchObject({ payment_status: 'refunded', collected: 0 });
    const rows = await paymentsOf(db(), b.id);
    expect(rows.map((r) => [r.kind, r.amount])).toEqual([
      ['deposit', 50_000],
      ['balance', b.total - 50_000],
      ['refund', -b.total],
    ]);
  });

  it('a kept deposit reads Kapora Tutuldu and stays counted as collected', async () => {
    const b = await booking('11:00');
    await pay(b.id, 'deposit', 50_000);
    await pay(b.id, 'kept', 50_000, null);
    expect(await stateOf(b.id)).toMatchObject({ payment_status: 'kept', collected: 50_000 });
  });

  it('the SQL rule and contracts/payments.ts paymentStatusOf agree', async () => {
    const b = await booking('12:00');
    await pay(b.id, 'deposit', 30_000);
    await pay(b.id, 'refund', 10_000);
    const s = await stateOf(b.id);
    expect(s.payment_status).toBe(
      paymentStatusOf({ received: 30_000, refunded: 10_000, kept: 0, totalPrice: b.total }),
    );
    expect(s).toMatchObject({ payment_status: 'paid', collected: 20_000 });
  });
});

describe('a payment row is never edited nor deleted', () => {
  it('refuses an update of the amount and a delete; only the note may be erased', async () => {
    const b = await booking('13:00');
    await pay(b.id, 'deposit', 50_000);
    const [p] = await paymentsOf(db(), b.id);
    await expect(env.DB.prepare('update payments set amount = 1 where id = ?').bind(p.id).run()).rejects.toThrow(
      /never edited/,
    );
    await expect(env.DB.prepare('delete from payments where id = ?').bind(p.id).run()).rejects.toThrow(/never deleted/);
    await env.DB.prepare('update payments set note = null where id = ?').bind(p.id).run();
    expect((await paymentsOf(db(), b.id))[0].amount).toBe(50_000);
  });

  it('a reversal negates the row once; the status follows; a second reversal is refused', async () => {
    const target = await booking('14:00', 'pending');
    await pay(target.id, 'deposit', 50_000);
    const [p] = await paymentsOf(db(), target.id);
    const by = { at: Date.now(), staffUserId: null, staffName: 'Test Personel', note: 'Yanlış kayıt' };
    await reversePayment(db(), p.id, { ...by, documentId: newDocumentId() }).run();
    expect(await stateOf(target.id)).toMatchObject({ payment_status: 'pending', collected: 0 });
    await expect(reversePayment(db(), p.id, { ...by, documentId: newDocumentId() }).run()).rejects.toThrow();
    const rows = await paymentsOf(db(), target.id);
    expect(rows.map((r) => [r.amount, r.reversed, r.reversesId])).toEqual([
      [50_000, true, null],
      [-50_000, false, p.id],
    ]);
  });

  it('a reversal that does not negate a row of the same booking is refused by the database', async () => {
    const b = await booking('15:00', 'pending');
    await pay(b.id, 'deposit', 50_000);
    const [p] = await paymentsOf(db(), b.id);
    await expect(
      env.DB.prepare(
        `insert into payments (document_id, booking_id, facility_id, kind, amount, method, at, staff_name, reverses_id)
         values (?, ?, ?, 'deposit', -1, 'cash', 0, 'x', ?)`,
      )
        .bind(newDocumentId(), b.id, facility.id, p.id)
        .run(),
    ).rejects.toThrow(/reversal must negate/);
  });
});

describe('holds follow the money', () => {
  it('a pending booking whose deposit is recorded no longer has a hold deadline', async () => {
    const b = await booking('16:00', 'pending');
    expect((await stateOf(b.id)).expires_at).not.toBeNull();
    await pay(b.id, 'deposit', 50_000);
    expect((await stateOf(b.id)).expires_at).toBeNull();
  });
});
