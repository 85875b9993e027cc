// A booking's money as its payment rows say it (behaviour.md#bookings 'Payments'): what was received, refunded and
// kept, what is still held, what is still due, and whether a refund-or-keep decision waits. Pure: no database here.
import { LIVE_STATUSES } from '../../../contracts/booking-statuses';
import { paymentMsg, suggestDeposit } from '../../../contracts/payment-input';
import type { PaymentKind } from '../../../contracts/payments';
import type { DepositDecisionWire, PaymentRowWire } from '../../../contracts/wire/booking';
import type { PaymentJson } from '../db/payments';
import type { Booking } from '../db/schema';
import { badRequest, conflict } from '../lib/errors';
import { toTl } from '../lib/money';
import { isoInstant } from '../lib/time';

export interface MoneyOf {
  /** Kuruş received (deposit and balance rows, reversals included). */
  received: number;
  /** Kuruş refunded, positive. */
  refunded: number;
  /** Kuruş kept. */
  kept: number;
  /** received − refunded: what the venue holds, kept money included. */
  collected: number;
  /** collected − kept: what a refund or keep may still take. */
  held: number;
  /** A refund or kept row stands (not reversed): the decision about the money was made. */
  decided: boolean;
}

type MoneyRow = Pick<PaymentJson, 'kind' | 'amount' | 'reversesId'> & { reversed: boolean | number };

export function moneyOf(rows: readonly MoneyRow[]): MoneyOf {
  let received = 0;
  let refunded = 0;
  let kept = 0;
  let decided = false;
  for (const r of rows) {
    if (r.kind === 'deposit' || r.kind === 'balance') received += r.amount;
    else if (r.kind === 'refund') refunded -= r.amount;
    else kept += r.amount;
    if ((r.kind === 'refund' || r.kind === 'kept') && r.reversesId === null && !r.reversed) decided = true;
  }
  const collected = received - refunded;
  return { received, refunded, kept, collected, held: collected - kept, decided };
}

/** Ended without being played, or not played: the money held waits for a refund or keep decision. */
export const moneyEnded = (b: Pick<Booking, 'status' | 'attendance'>) =>
  b.status === 'cancelled' || b.status === 'rejected' || b.status === 'expired' || b.attendance === 'no_show';

export function depositDecisionOf(
  b: Pick<Booking, 'status' | 'attendance' | 'startsAt' | 'cancelledAt'>,
  money: MoneyOf,
  keepHours: number,
): DepositDecisionWire | null {
  if (!moneyEnded(b) || money.held <= 0 || money.decided) return null;
  return { ...suggestDeposit(b, keepHours), amount: toTl(money.held) };
}

/** The detail's money: its rows in TL, collected, the balance still due and a waiting decision. */
export function moneyToWire(
  b: Pick<Booking, 'status' | 'attendance' | 'startsAt' | 'cancelledAt' | 'totalPrice'>,
  rows: PaymentJson[],
  keepHours: number,
) {
  const money = moneyOf(rows);
  const live = (LIVE_STATUSES as readonly string[]).includes(b.status) && b.attendance !== 'no_show';
  return {
    payments: rows.map(
      (r): PaymentRowWire => ({
        id: r.id,
        kind: r.kind,
        amount: toTl(r.amount),
        method: r.method,
        at: isoInstant(r.at)!,
        staffName: r.staffName,
        note: r.note,
        reversed: Boolean(r.reversed),
        reversesId: r.reversesId,
      }),
    ),
    collected: toTl(money.collected),
    balanceDue: live ? toTl(Math.max(0, b.totalPrice - money.collected)) : 0,
    depositDecision: depositDecisionOf(b, money, keepHours),
    depositKeepHours: keepHours,
  };
}

const amountError = (message: string) => badRequest(message, { errors: [{ path: ['amount'], message }] });

/**
 * Whether a row of `kind` and `amount` (kuruş, positive) may be written on this booking as its rows stand
 * (behaviour.md#bookings 'Payments'): kapora and balance only on a live booking the customer did not miss, never past
 * the total; a refund at most what is held; a kept deposit at most what is held, and only once the booking ended
 * unplayed (cancelled, rejected, expired) or the customer did not come. Throws the refusal in Turkish.
 */
export function checkPayment(
  b: Pick<Booking, 'status' | 'attendance' | 'totalPrice'>,
  money: MoneyOf,
  kind: PaymentKind,
  amount: number,
): void {
  if (kind === 'deposit' || kind === 'balance') {
    if (!(LIVE_STATUSES as readonly string[]).includes(b.status))
      throw conflict(paymentMsg.receiptNotLive, { status: b.status });
    if (b.attendance === 'no_show') throw conflict(paymentMsg.receiptNoShow, { status: b.status });
    if (money.collected + amount > b.totalPrice)
      throw amountError(paymentMsg.overCollected(b.totalPrice, money.collected));
    return;
  }
  if (kind === 'kept' && !moneyEnded(b)) throw conflict(paymentMsg.keptNotEnded, { status: b.status });
  if (money.held <= 0) throw conflict(paymentMsg.nothingCollected, { status: b.status });
  if (amount > money.held)
    throw amountError(kind === 'refund' ? paymentMsg.refundTooMuch(money.held) : paymentMsg.keptTooMuch(money.held));
}

/** A reversal may not leave the booking holding less than nothing, nor keeping more than it holds. */
export function checkReversal(rows: readonly MoneyRow[], row: MoneyRow & { id: number }): void {
  if (row.reversesId !== null) throw conflict(paymentMsg.reversalOfReversal);
  if (row.reversed) throw conflict(paymentMsg.alreadyReversed);
  const after = moneyOf([...rows, { kind: row.kind, amount: -row.amount, reversesId: row.id, reversed: false }]);
  if (after.collected < 0 || after.held < 0) throw conflict(paymentMsg.reversalBreaks);
}
