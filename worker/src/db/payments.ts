// The payments aggregate's statements (behaviour.md#bookings 'Payments'): a payment row is inserted for the bookings a
// condition selects, in the caller's D1 batch, so the row, the status it derives (the payments_booking trigger of
// migration 0024) and the change that caused it land together or not at all. Rows are never updated nor deleted (the
// database refuses it); a mistake is reversed by a row carrying the negated amount.
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { PaymentKind, PaymentMethod } from '../../../contracts/payments';
import type { Db } from './client';
import { bookings, payments } from './schema';
import { qualified, rowOf } from './sql';

export interface PaymentWrite {
  kind: PaymentKind;
  /**
   * Kuruş, positive: what was received, refunded or kept. A SQL value may name the booking's own columns (a refund of
   * everything received is `bookings.collected`). The row stores it signed as money flows into the venue.
   */
  amount: number | SQL;
  /** Null only for a kept deposit. */
  method: PaymentMethod | null;
  at: number;
  staffUserId: number | null;
  staffName: string;
  note: string | null;
  /** A fresh documentId, or SQL producing one per row when `where` selects several bookings. */
  documentId: string | SQL;
}

/** Money out is negative: a refund's amount is stored negated. */
const signed = (kind: PaymentKind, amount: number | SQL): number | SQL =>
  kind === 'refund' ? (typeof amount === 'number' ? -amount : sql`-(${amount})`) : amount;

/**
 * One payment row for each booking matching `where` (insert … select from bookings), for a D1 batch. Add
 * `gt(bookings.collected, 0)` or the like to `where` when the row only makes sense after money arrived.
 */
export function insertPayments(db: Db, where: SQL, p: PaymentWrite) {
  return db.insert(payments).select(
    db
      .select(
        rowOf(payments, {
          documentId: p.documentId,
          bookingId: bookings.id,
          facilityId: bookings.facilityId,
          kind: p.kind,
          amount: qualified(sql`${signed(p.kind, p.amount)}`),
          method: p.method,
          at: p.at,
          staffUserId: p.staffUserId,
          staffName: p.staffName,
          note: p.note,
          createdAt: p.at,
        }),
      )
      .from(bookings)
      .where(where),
  );
}

/**
 * The reversal of one row: same booking, kind and method, the amount negated, naming the row it reverses (the
 * database allows one reversal per row and checks that it matches). Inserts nothing if the row is itself a reversal.
 */
export function reversePayment(
  db: Db,
  paymentId: number,
  p: Pick<PaymentWrite, 'at' | 'staffUserId' | 'staffName' | 'note' | 'documentId'>,
) {
  return db.insert(payments).select(
    db
      .select(
        rowOf(payments, {
          documentId: p.documentId,
          bookingId: payments.bookingId,
          facilityId: payments.facilityId,
          kind: payments.kind,
          amount: qualified(sql`-${payments.amount}`),
          method: payments.method,
          at: p.at,
          staffUserId: p.staffUserId,
          staffName: p.staffName,
          note: p.note,
          reversesId: payments.id,
          createdAt: p.at,
        }),
      )
      .from(payments)
      .where(and(eq(payments.id, paymentId), sql`${payments.reversesId} is null`)),
  );
}

/** A booking's rows in the order they were written, each with whether a later row reversed it. */
export function paymentsOf(db: Db, bookingId: number) {
  return db
    .select({
      id: payments.id,
      documentId: payments.documentId,
      kind: payments.kind,
      amount: payments.amount,
      method: payments.method,
      at: payments.at,
      staffName: payments.staffName,
      note: payments.note,
      reversesId: payments.reversesId,
      reversed: qualified(
        sql<number>`exists (select 1 from ${payments} r where r.reverses_id = ${payments.id})`,
      ).mapWith(Boolean),
    })
    .from(payments)
    .where(eq(payments.bookingId, bookingId))
    .orderBy(asc(payments.id));
}
