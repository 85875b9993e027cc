// Staff record a booking's money (behaviour.md#bookings 'Payments'): a payment row — kapora received, balance collected,
// refund, deposit kept — or the reversal of a wrong one, each with its history line and audit row in one D1 batch.
// Called inside the pitch's Durable Object lock, so every row is serialised with the booking's status changes.
import { and, eq } from 'drizzle-orm';
import type { PublicUser } from '../../../contracts/auth';
import { msg } from '../../../contracts/messages';
import { paymentMsg, type RecordPaymentInput } from '../../../contracts/payment-input';
import { bookingForChange } from '../db/bookings';
import type { Db } from '../db/client';
import { paymentOfBooking, paymentsOf, paymentWithEvents, reversalWithEvents } from '../db/payments';
import { bookings } from '../db/schema';
import { conflict, notFound } from '../lib/errors';
import { toKurus } from '../lib/money';
import { checkPayment, checkReversal, moneyOf } from './payment-rules';
import { approveByStaff, bookingDetail, type StaffChange } from './staff-bookings';

async function loadBooking(db: Db, ref: string, facilityId: number) {
  const found = await bookingForChange(db, ref, facilityId);
  if (!found) throw notFound(msg.bookingNotFound);
  return found;
}

const targetOf = ({ booking: b, facilityName }: NonNullable<Awaited<ReturnType<typeof bookingForChange>>>) => ({
  id: b.id,
  bookingNumber: b.bookingNumber,
  facilityName,
  date: b.date,
  startTime: b.startTime,
  startsAt: b.startsAt,
});

/**
 * One payment row. With `approve` on a pending booking the kapora (or the whole amount) and the approval land in one
 * batch (services/staff-bookings.ts approveByStaff); on a booking already approved `approve` changes nothing more.
 * The row is written only while the booking is as checked (status and collected money unchanged).
 */
export async function recordPaymentByStaff(
  db: Db,
  facilityId: number,
  ref: string,
  actor: PublicUser,
  input: RecordPaymentInput,
  now: number,
): Promise<StaffChange> {
  const found = await loadBooking(db, ref, facilityId);
  const b = found.booking;
  const amount = toKurus(input.amount);
  if (input.approve && b.status === 'pending' && (input.kind === 'deposit' || input.kind === 'balance')) {
    const receipt = { kind: input.kind, amount, method: input.method!, note: input.note };
    return approveByStaff(db, facilityId, ref, actor, null, now, receipt);
  }
  checkPayment(b, moneyOf(await paymentsOf(db, b.id)), input.kind, amount);
  const [written] = await db.batch(
    paymentWithEvents(
      db,
      and(eq(bookings.status, b.status), eq(bookings.collected, b.collected))!,
      targetOf(found),
      { kind: input.kind, amount, method: input.method, note: input.note },
      { user: actor, now },
    ),
  );
  if (written.meta.changes === 0) throw conflict(msg.alreadyProcessed);
  return { booking: await bookingDetail(db, b.documentId, now), slot: null, notifications: [] };
}

/**
 * The reversal of a wrong row: a row of the same kind with the amount negated, naming it. A reversal is never
 * reversed, a row is reversed once, and a reversal may not leave the booking holding less than it refunded or kept.
 */
export async function reversePaymentByStaff(
  db: Db,
  facilityId: number,
  ref: string,
  paymentId: number,
  actor: PublicUser,
  reason: string,
  now: number,
): Promise<StaffChange> {
  const found = await loadBooking(db, ref, facilityId);
  const b = found.booking;
  const [row, rows] = await Promise.all([paymentOfBooking(db, b.id, paymentId), paymentsOf(db, b.id)]);
  if (!row) throw notFound(paymentMsg.paymentNotFound);
  checkReversal(rows, row);
  const [written] = await db.batch(reversalWithEvents(db, targetOf(found), row, reason, { user: actor, now }));
  if (written.meta.changes === 0) throw conflict(paymentMsg.alreadyReversed);
  return { booking: await bookingDetail(db, b.documentId, now), slot: null, notifications: [] };
}
