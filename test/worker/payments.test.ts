// Money that is recorded, not guessed (docs/behaviour.md#bookings 'Payments'; api.md 'POST /bookings/{id}/payments'):
// staff record kapora, balance, refunds and kept deposits as rows; a wrong row is reversed by another; approve, reject,
// cancel and a forced pitch delete write the rows staff chose in their own batch; nothing is marked refunded that
// nobody refunded. Every refusal is Turkish, in the one error shape, and writes nothing.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { notificationMessage } from '../../contracts/events';
import { paymentMsg } from '../../contracts/payment-input';
import type { BookingDetail } from '../../contracts/wire/booking';
import {
  type Answer,
  addDays,
  api,
  bookViaApi,
  createFacility,
  createSlots,
  createStaff,
  everyDay,
  expectError,
  type Invalid,
  istanbulToday,
  json,
  rowsOf,
  runSql,
  tokenFor,
} from './fixtures';

// Slot ₺1.500, deposit ₺300 (kuruş in the rows).
let facility: Awaited<ReturnType<typeof createFacility>>;
let admin: string;
let manager: string;
const day = addDays(istanbulToday(), 3);
// Hours 09:00–22:00 on days +2 … +4 (days ahead of the 24-hour rules), one booking each.
let nth = 0;
const nextSlot = () => {
  const n = nth++;
  return {
    date: addDays(istanbulToday(), 2 + Math.floor(n / 14)),
    time: `${String(9 + (n % 14)).padStart(2, '0')}:00`,
  };
};

beforeAll(async () => {
  facility = await createFacility({ workingHours: everyDay('09:00', '23:00'), depositAmount: 30_000 });
  await createSlots(facility, 2, 4);
  admin = await tokenFor(await createStaff('admin', { firstName: 'Ayşe', lastName: 'Kasa' }));
  manager = await tokenFor(await createStaff('manager', { firstName: 'Mehmet', lastName: 'Müdür' }), 'manager');
});

const pendingBooking = async () => {
  const { date, time } = nextSlot();
  return (await bookViaApi(facility, date, time)).booking;
};

const pay = (ref: string, body: Record<string, unknown>, token = admin) =>
  api(`/api/bookings/${ref}/payments`, { method: 'POST', token, json: body });
const reverse = (ref: string, id: number, reason: unknown, token = admin) =>
  api(`/api/bookings/${ref}/payments/${id}/reverse`, { method: 'POST', token, json: { reason } });
const detailOf = async (res: Response) => {
  if (res.status !== 200) throw new Error(`${res.status}: ${await res.text()}`);
  return (await json<Answer<BookingDetail>>(res)).data;
};
const read = async (ref: string) => detailOf(await api(`/api/bookings/${ref}`, { token: admin }));
const rowCount = async (bookingId: number) =>
  (await rowsOf('select count(*) as n from payments where booking_id = ?', bookingId))[0].n;
const auditOf = (bookingId: number, action: string) =>
  rowsOf(
    "select * from audit_log where entity_kind = 'booking' and entity_id = ? and action = ?",
    String(bookingId),
    action,
  );

async function approvedWithDeposit() {
  const b = await pendingBooking();
  const d = await detailOf(
    await pay(b.documentId, { kind: 'deposit', amount: 300, method: 'transfer', approve: true }),
  );
  expect(d).toMatchObject({ status: 'approved', paymentStatus: 'paid' });
  return d;
}

describe('recording payment rows', () => {
  it('anonymous callers get 401 and nothing is written', async () => {
    const b = await pendingBooking();
    await expectError(await pay(b.documentId, { kind: 'deposit', amount: 300, method: 'cash' }, ''), 401);
    await expectError(await reverse(b.documentId, 1, 'yanlış kayıt', ''), 401);
    expect(await rowCount(b.id)).toBe(0);
  });

  it('the kapora received on a pending booking approves it in the same step (a manager, by booking number)', async () => {
    const b = await pendingBooking();
    const d = await detailOf(
      await pay(
        b.bookingNumber.toLowerCase(),
        { kind: 'deposit', amount: 300, method: 'transfer', note: 'Dekont WhatsApp ile geldi', approve: true },
        manager,
      ),
    );
    expect(d).toMatchObject({ status: 'approved', paymentStatus: 'paid', collected: 300, balanceDue: 1200 });
    expect(d.expiresAt).toBeNull();
    expect(d.payments).toEqual([
      expect.objectContaining({
        kind: 'deposit',
        amount: 300,
        method: 'transfer',
        staffName: 'Mehmet Müdür',
        note: 'Dekont WhatsApp ile geldi',
        reversed: false,
        reversesId: null,
      }),
    ]);
    expect(d.depositDecision).toBeNull();
    const lines = d.history.map((h) => [h.event, h.toStatus, h.reason]);
    expect(lines).toContainEqual(['payment', 'approved', 'Kapora alındı · ₺300 · Havale/EFT']);
    expect(lines.some(([, to, reason]) => to === 'approved' && reason === null)).toBe(true);
    const [audit] = await auditOf(b.id, 'payment');
    expect(JSON.parse(audit.details as string)).toMatchObject({
      paymentKind: 'deposit',
      amount: 30_000,
      method: 'transfer',
    });
    expect(audit.entity_label).toBe(b.bookingNumber);
    // The row is in kuruş.
    expect((await rowsOf('select amount from payments where booking_id = ?', b.id))[0].amount).toBe(30_000);
  });

  it('the balance collected at the pitch makes it Tamamı Ödendi; more than the total is refused', async () => {
    const d = await approvedWithDeposit();
    const full = await detailOf(await pay(d.documentId, { kind: 'balance', amount: 1200, method: 'cash' }));
    expect(full).toMatchObject({ paymentStatus: 'full', collected: 1500, balanceDue: 0 });
    const err = await expectError<Invalid>(
      await pay(d.documentId, { kind: 'balance', amount: 1, method: 'cash' }),
      400,
    );
    expect(err.message).toBe(paymentMsg.overCollected(150_000, 150_000));
    expect(err.details.errors[0].path).toEqual(['amount']);
    expect(await rowCount(d.id)).toBe(2);
  });

  it('refuses a bad amount, a missing method, a long note and an unknown kind, in Turkish, writing nothing', async () => {
    const b = await pendingBooking();
    const cases: [Record<string, unknown>, string][] = [
      [{ kind: 'deposit', amount: 0, method: 'cash' }, paymentMsg.amountPositive],
      [{ kind: 'deposit', amount: -5, method: 'cash' }, paymentMsg.amountPositive],
      [{ kind: 'deposit', amount: 10.005, method: 'cash' }, paymentMsg.amountKurus],
      [{ kind: 'deposit', amount: 2_000_000, method: 'cash' }, paymentMsg.amountTooLarge],
      [{ kind: 'deposit', method: 'cash' }, paymentMsg.amountRequired],
      [{ kind: 'deposit', amount: 300 }, paymentMsg.methodRequired],
      [{ kind: 'deposit', amount: 300, method: 'bitcoin' }, paymentMsg.methodRequired],
      [{ kind: 'gift', amount: 300, method: 'cash' }, paymentMsg.kindRequired],
      [{ kind: 'deposit', amount: 300, method: 'cash', note: 'x'.repeat(301) }, paymentMsg.noteTooLong],
      [{ kind: 'refund', amount: 300, method: 'cash', approve: true }, paymentMsg.approveOnlyReceipt],
    ];
    for (const [body, message] of cases) {
      const err = await expectError<Invalid>(await pay(b.documentId, body), 400);
      expect(err.details.errors.map((e) => e.message)).toContain(message);
    }
    expect(await rowCount(b.id)).toBe(0);
    expect((await read(b.documentId)).status).toBe('pending');
  });

  it('a refund is at most what was collected; keeping needs an ended booking; nothing collected, nothing to refund', async () => {
    const fresh = await pendingBooking();
    expect(
      (await expectError(await pay(fresh.documentId, { kind: 'refund', amount: 10, method: 'cash' }), 409)).message,
    ).toBe(paymentMsg.nothingCollected);
    const d = await approvedWithDeposit();
    const tooMuch = await expectError(await pay(d.documentId, { kind: 'refund', amount: 301, method: 'cash' }), 400);
    expect(tooMuch.message).toBe(paymentMsg.refundTooMuch(30_000));
    const kept = await expectError(await pay(d.documentId, { kind: 'kept', amount: 300 }), 409);
    expect(kept.message).toBe(paymentMsg.keptNotEnded);
    expect(await rowCount(d.id)).toBe(1);
    // A partial refund on a live booking (an overpayment sent back) is a row like any other.
    const partial = await detailOf(await pay(d.documentId, { kind: 'refund', amount: 100, method: 'transfer' }));
    expect(partial).toMatchObject({ paymentStatus: 'paid', collected: 200, balanceDue: 1300 });
    expect(partial.payments.at(-1)).toMatchObject({ kind: 'refund', amount: -100 });
  });

  it('kapora and balance go only on a live booking the customer did not miss', async () => {
    const d = await approvedWithDeposit();
    await detailOf(await api(`/api/bookings/${d.documentId}/cancel`, { method: 'POST', token: admin, json: {} }));
    const err = await expectError(await pay(d.documentId, { kind: 'balance', amount: 100, method: 'cash' }), 409);
    expect(err.message).toBe(paymentMsg.receiptNotLive);
    const noShow = await approvedWithDeposit();
    await runSql("update bookings set attendance = 'no_show' where id = ?", noShow.id);
    const missed = await expectError(
      await pay(noShow.documentId, { kind: 'balance', amount: 100, method: 'cash' }),
      409,
    );
    expect(missed.message).toBe(paymentMsg.receiptNoShow);
    // A no-show's deposit: the rule suggests keeping it, and staff may.
    const waiting = await read(noShow.documentId);
    expect(waiting.depositDecision).toEqual({
      suggested: 'keep',
      amount: 300,
      reason: 'Müşteri gelmedi: kural gereği kapora tutulur',
    });
    expect(waiting.balanceDue).toBe(0);
    const kept = await detailOf(await pay(noShow.documentId, { kind: 'kept', amount: 300 }));
    expect(kept).toMatchObject({ paymentStatus: 'kept', depositDecision: null });
    expect(kept.payments.at(-1)).toMatchObject({ kind: 'kept', amount: 300, method: null });
  });
});

describe('reversing a wrong row', () => {
  it('a reversal row negates it, the status follows; a second reversal or a reversal of a reversal is refused', async () => {
    const d = await approvedWithDeposit();
    const full = await detailOf(await pay(d.documentId, { kind: 'balance', amount: 1200, method: 'card' }));
    const balance = full.payments.find((p) => p.kind === 'balance')!;
    const after = await detailOf(await reverse(d.documentId, balance.id, 'Yanlış tutar girildi'));
    expect(after).toMatchObject({ paymentStatus: 'paid', collected: 300, balanceDue: 1200 });
    const reversal = after.payments.at(-1)!;
    expect(reversal).toMatchObject({
      kind: 'balance',
      amount: -1200,
      method: 'card',
      reversesId: balance.id,
      note: 'Yanlış tutar girildi',
      staffName: 'Ayşe Kasa',
    });
    expect(after.payments.find((p) => p.id === balance.id)?.reversed).toBe(true);
    expect(after.history.at(-1)).toMatchObject({
      event: 'payment',
      reason: 'Geri alındı: Kalan tahsil edildi · ₺1.200 · Kart',
    });
    const [audit] = await auditOf(d.id, 'payment_reverse');
    expect(JSON.parse(audit.details as string)).toMatchObject({ paymentKind: 'balance', amount: 120_000 });

    const rows = await rowCount(d.id);
    expect((await expectError(await reverse(d.documentId, balance.id, 'tekrar'), 409)).message).toBe(
      paymentMsg.alreadyReversed,
    );
    expect((await expectError(await reverse(d.documentId, reversal.id, 'geri al'), 409)).message).toBe(
      paymentMsg.reversalOfReversal,
    );
    expect(await rowCount(d.id)).toBe(rows);
  });

  it('needs a reason of 3–300 characters; an unknown row or another booking’s row is not found', async () => {
    const d = await approvedWithDeposit();
    const other = await approvedWithDeposit();
    const id = d.payments[0].id;
    for (const reason of [undefined, '', 'ab', 'x'.repeat(301)]) {
      const err = await expectError(await reverse(d.documentId, id, reason), 400);
      expect([paymentMsg.reverseReasonRequired, paymentMsg.reverseReasonTooLong]).toContain(err.message);
    }
    expect((await expectError(await reverse(d.documentId, 999_999, 'yanlış'), 404)).message).toBe(
      paymentMsg.paymentNotFound,
    );
    expect((await expectError(await reverse(other.documentId, id, 'yanlış'), 404)).message).toBe(
      paymentMsg.paymentNotFound,
    );
    expect(await rowCount(d.id)).toBe(1);
  });

  it('a received row is not reversed below what was refunded from it', async () => {
    const d = await approvedWithDeposit();
    await detailOf(await pay(d.documentId, { kind: 'refund', amount: 300, method: 'transfer' }));
    const err = await expectError(await reverse(d.documentId, d.payments[0].id, 'yanlış kayıt'), 409);
    expect(err.message).toBe(paymentMsg.reversalBreaks);
  });
});

describe('approve, reject and cancel with the money', () => {
  it('approving no longer marks anything paid; approve with the kapora records it in the same batch', async () => {
    const plain = await pendingBooking();
    const a = await detailOf(
      await api(`/api/bookings/${plain.documentId}/approve`, { method: 'POST', token: admin, json: {} }),
    );
    expect(a).toMatchObject({ status: 'approved', paymentStatus: 'pending', payments: [], collected: 0 });

    const b = await pendingBooking();
    const d = await detailOf(
      await api(`/api/bookings/${b.documentId}/approve`, {
        method: 'POST',
        token: admin,
        json: { deposit: { amount: 300, method: 'cash' } },
      }),
    );
    expect(d).toMatchObject({ status: 'approved', paymentStatus: 'paid', collected: 300 });
    expect(d.payments).toEqual([expect.objectContaining({ kind: 'deposit', amount: 300, method: 'cash' })]);
    // A kapora above the total is refused and the approval with it.
    const c = await pendingBooking();
    const err = await expectError(
      await api(`/api/bookings/${c.documentId}/approve`, {
        method: 'POST',
        token: admin,
        json: { deposit: { amount: 1600, method: 'cash' } },
      }),
      400,
    );
    expect(err.message).toBe(paymentMsg.overCollected(150_000, 0));
    expect((await read(c.documentId)).status).toBe('pending');
  });

  it('a cancel with a refund writes the refund row: İade Edildi', async () => {
    const d = await approvedWithDeposit();
    const c = await detailOf(
      await api(`/api/bookings/${d.documentId}/cancel`, {
        method: 'POST',
        token: admin,
        json: { deposit: { action: 'refund', method: 'transfer' } },
      }),
    );
    expect(c).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', collected: 0, depositDecision: null });
    expect(c.payments.at(-1)).toMatchObject({ kind: 'refund', amount: -300, method: 'transfer' });
    expect(c.history.map((h) => h.reason)).toContain('İade · ₺300 · Havale/EFT');
    // A refund needs its method.
    const e = await approvedWithDeposit();
    const err = await expectError<Invalid>(
      await api(`/api/bookings/${e.documentId}/cancel`, {
        method: 'POST',
        token: admin,
        json: { deposit: { action: 'refund' } },
      }),
      400,
    );
    expect(err.details.errors[0].message).toBe(paymentMsg.methodRequired);
    expect((await read(e.documentId)).status).toBe('approved');
  });

  it('a reject with keep writes a kept row: Kapora Tutuldu', async () => {
    const d = await approvedWithDeposit();
    const r = await detailOf(
      await api(`/api/bookings/${d.documentId}/reject`, {
        method: 'POST',
        token: admin,
        json: { reason: 'Müşteri vazgeçti', deposit: { action: 'keep' } },
      }),
    );
    expect(r).toMatchObject({ status: 'rejected', paymentStatus: 'kept', collected: 300, depositDecision: null });
    expect(r.payments.at(-1)).toMatchObject({ kind: 'kept', amount: 300, method: null });
  });

  it('without a decision the kapora stays received and the detail asks, following the rule of Ayarlar', async () => {
    const d = await approvedWithDeposit();
    const c = await detailOf(
      await api(`/api/bookings/${d.documentId}/cancel`, { method: 'POST', token: admin, json: {} }),
    );
    expect(c).toMatchObject({ status: 'cancelled', paymentStatus: 'paid', collected: 300, balanceDue: 0 });
    // Three days ahead: more than the 24 hours of the rule, so a refund is suggested.
    expect(c.depositDecision).toMatchObject({ suggested: 'refund', amount: 300 });
    expect(c.depositKeepHours).toBe(24);
    // Cancelled inside the window: keep is suggested.
    await runSql('update bookings set cancelled_at = starts_at - 3600000 where id = ?', d.id);
    expect((await read(d.documentId)).depositDecision).toMatchObject({ suggested: 'keep', amount: 300 });
    const refunded = await detailOf(await pay(d.documentId, { kind: 'refund', amount: 300, method: 'cash' }));
    expect(refunded).toMatchObject({ paymentStatus: 'refunded', depositDecision: null });
  });

  it('a customer cancel leaves the kapora received and the notification says a decision waits', async () => {
    const d = await approvedWithDeposit();
    const res = await api(`/api/bookings/cancel/${d.bookingNumber}`, { method: 'POST', json: {} });
    expect(res.status).toBe(200);
    const after = await read(d.documentId);
    expect(after).toMatchObject({ status: 'cancelled', paymentStatus: 'paid', collected: 300 });
    expect(after.depositDecision?.amount).toBe(300);
    const [n] = await rowsOf(
      "select kind, facts from notifications where booking_id = ? and kind = 'booking_cancelled_by_customer'",
      d.id,
    );
    const facts = JSON.parse(n.facts as string);
    expect(facts.deposit).toBe(30_000);
    expect(notificationMessage({ kind: 'booking_cancelled_by_customer', facts })).toContain(
      'Alınan ₺300 kapora için iade ya da tutma kararı bekliyor',
    );
  });
});

describe('erasure and a forced pitch delete', () => {
  it('a KVKK erasure clears the payment notes; the rows and their history lines stay', async () => {
    const b = await pendingBooking();
    await detailOf(
      await pay(b.documentId, {
        kind: 'deposit',
        amount: 300,
        method: 'transfer',
        note: 'Ali Veli 0532 111 22 33 gönderdi',
      }),
    );
    const res = await api(`/api/bookings/${b.documentId}/anonymize`, { method: 'POST', token: admin });
    expect(res.status).toBe(200);
    const rows = await rowsOf('select note, amount from payments where booking_id = ?', b.id);
    expect(rows).toEqual([{ note: null, amount: 30_000 }]);
    const d = await read(b.documentId);
    expect(d.history.map((h) => h.reason)).toContain('Kapora alındı · ₺300 · Havale/EFT');
    expect(d.paymentStatus).toBe('paid');
  });

  it('a forced delete keeps received deposits awaiting a decision, or applies the one given to all', async () => {
    const pitch = async () => {
      const f = await createFacility({ workingHours: everyDay('09:00', '23:00'), depositAmount: 30_000 });
      await createSlots(f, 2, 3);
      return f;
    };
    const depositOn = async (f: Awaited<ReturnType<typeof pitch>>, time: string) => {
      const { booking } = await bookViaApi(f, day, time);
      return detailOf(await pay(booking.documentId, { kind: 'deposit', amount: 300, method: 'cash', approve: true }));
    };
    const waiting = await pitch();
    const a = await depositOn(waiting, '10:00');
    expect(
      (await api(`/api/facilities/${waiting.documentId}?force=true`, { method: 'DELETE', token: admin })).status,
    ).toBe(200);
    expect(await read(a.documentId)).toMatchObject({ status: 'cancelled', paymentStatus: 'paid' });

    const refunding = await pitch();
    const b = await depositOn(refunding, '10:00');
    const free = (await bookViaApi(refunding, day, '11:00')).booking;
    const res = await api(`/api/facilities/${refunding.documentId}?force=true&deposit=refund&method=transfer`, {
      method: 'DELETE',
      token: admin,
    });
    expect(res.status).toBe(200);
    const rb = await read(b.documentId);
    expect(rb).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', collected: 0 });
    expect(rb.payments.at(-1)).toMatchObject({ kind: 'refund', amount: -300, method: 'transfer' });
    expect(await rowCount(free.id)).toBe(0);

    const keeping = await pitch();
    const k = await depositOn(keeping, '10:00');
    await api(`/api/facilities/${keeping.documentId}?force=true&deposit=keep`, { method: 'DELETE', token: admin });
    expect(await read(k.documentId)).toMatchObject({ status: 'cancelled', paymentStatus: 'kept' });
    expect((await auditOf(k.id, 'payment')).length).toBe(2);
  });
});

it('the payments table refuses edits: only a note may be erased', async () => {
  const d = await approvedWithDeposit();
  await expect(
    env.DB.prepare('update payments set amount = 1 where booking_id = ?').bind(d.id).run(),
  ).rejects.toThrow();
});
