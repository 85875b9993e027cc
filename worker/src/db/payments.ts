// The payments aggregate's statements (behaviour.md#bookings 'Payments'): a payment row is inserted for the bookings a
// condition selects, in the caller's D1 batch, so the row, the status it derives (the payments_booking trigger of
// migration 0024) and the change that caused it land together or not at all. Rows are never updated nor deleted (the
// database refuses it); a mistake is reversed by a row carrying the negated amount.
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { PublicUser } from '../../../contracts/auth';
import { paymentLine } from '../../../contracts/payment-input';
import type { PaymentKind, PaymentMethod } from '../../../contracts/payments';
import { newDocumentId } from '../lib/ids';
import { actorName, recordAudit } from './audit';
import type { Db } from './client';
import { recordHistory } from './events';
import { bookingRules, bookings, payments } from './schema';
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

/** A payment row as the booking detail carries it (kuruş signed, instant in ms). */
export interface PaymentJson {
  id: number;
  kind: PaymentKind;
  amount: number;
  method: PaymentMethod | null;
  at: number;
  staffName: string;
  note: string | null;
  reversesId: number | null;
  reversed: 0 | 1;
}

/**
 * The rows of the booking a query selects, oldest first, as one JSON array: a column of the booking detail's read, so
 * every path that reads the detail carries its money (payments_booking index).
 */
export const paymentsJsonOf = (bookingId: SQL | typeof bookings.id) =>
  qualified(sql<string>`(select coalesce(json_group_array(json_object('id', p.id, 'kind', p.kind, 'amount', p.amount,
    'method', p.method, 'at', p.at, 'staffName', p.staff_name, 'note', p.note, 'reversesId', p.reverses_id,
    'reversed', exists (select 1 from ${payments} r where r.reverses_id = p.id))), '[]')
    from (select * from ${payments} where ${payments.bookingId} = ${bookingId} order by ${payments.id}) p)`).mapWith(
    (v: string) => JSON.parse(v) as PaymentJson[],
  );

/** The deposit rule of Ayarlar (booking_rules.deposit_keep_hours), read with the detail. */
export const depositKeepHoursSql = qualified(
  sql<number>`coalesce((select ${bookingRules.depositKeepHours} from ${bookingRules} limit 1), 24)`,
).mapWith(Number);

/** The booking a payment row is about, as its history and audit rows name it (never who holds it). */
export interface PaymentTarget {
  id: number;
  bookingNumber: string;
  facilityName: string;
  date: string;
  startTime: string;
  startsAt: number;
}

export interface PaymentActor {
  user: Pick<PublicUser, 'id' | 'username' | 'firstName' | 'lastName'>;
  now: number;
}

/**
 * One payment row for the booking `where` selects, its history line ('Kapora alındı · ₺500 · Havale/EFT', event
 * 'payment') and its audit row ('booking.payment'): three statements for the caller's batch, the history and audit
 * written only if the row was. `where` carries the condition the row needs (the booking still as it was checked).
 */
export function paymentWithEvents(
  db: Db,
  where: SQL,
  target: PaymentTarget,
  p: { kind: PaymentKind; amount: number; method: PaymentMethod | null; note: string | null },
  { user, now }: PaymentActor,
) {
  const signedAmount = p.kind === 'refund' ? -p.amount : p.amount;
  return [
    insertPayments(db, and(eq(bookings.id, target.id), where)!, {
      kind: p.kind,
      amount: p.amount,
      method: p.method,
      at: now,
      staffUserId: user.id,
      staffName: actorName(user),
      note: p.note,
      documentId: newDocumentId(),
    }),
    paymentHistory(db, target.id, paymentLine(p.kind, signedAmount, p.method), user, now),
    recordAudit(
      db,
      {
        at: now,
        actor: user,
        entityId: String(target.id),
        event: {
          kind: 'booking.payment',
          label: target.bookingNumber,
          facts: { ...auditFactsOf(target), paymentKind: p.kind, amount: signedAmount, method: p.method },
        },
      },
      { whenChanged: true },
    ),
  ] as const;
}

/** The reversal of row `row` (its own note: why), its history line and its audit row ('booking.payment_reverse'). */
export function reversalWithEvents(
  db: Db,
  target: PaymentTarget,
  row: { id: number; kind: PaymentKind; amount: number; method: PaymentMethod | null },
  reason: string,
  { user, now }: PaymentActor,
) {
  return [
    reversePayment(db, row.id, {
      at: now,
      staffUserId: user.id,
      staffName: actorName(user),
      note: reason,
      documentId: newDocumentId(),
    }),
    paymentHistory(db, target.id, `Geri alındı: ${paymentLine(row.kind, row.amount, row.method)}`, user, now),
    recordAudit(
      db,
      {
        at: now,
        actor: user,
        entityId: String(target.id),
        event: {
          kind: 'booking.payment_reverse',
          label: target.bookingNumber,
          facts: { ...auditFactsOf(target), paymentKind: row.kind, amount: row.amount, method: row.method },
        },
      },
      { whenChanged: true },
    ),
  ] as const;
}

const auditFactsOf = (t: PaymentTarget) => ({
  facilityName: t.facilityName,
  date: t.date,
  startTime: t.startTime,
  startsAt: t.startsAt,
});

/** A history row of event 'payment', written only if the statement before it wrote the row. */
function paymentHistory(db: Db, bookingId: number, line: string, user: PaymentActor['user'], now: number) {
  return recordHistory(
    db,
    eq(bookings.id, bookingId),
    {
      bookingId: bookings.id,
      fromStatus: bookings.status,
      toStatus: bookings.status,
      reason: line,
      event: 'payment',
      actorType: 'staff',
      actorUserId: user.id,
      actorLabel: actorName(user),
      createdAt: now,
    },
    { whenChanged: true },
  );
}

/** One row of a booking, for its reversal's checks. */
export function paymentOfBooking(db: Db, bookingId: number, paymentId: number) {
  return db
    .select({
      id: payments.id,
      kind: payments.kind,
      amount: payments.amount,
      method: payments.method,
      reversesId: payments.reversesId,
      reversed: qualified(
        sql<number>`exists (select 1 from ${payments} r where r.reverses_id = ${payments.id})`,
      ).mapWith(Boolean),
    })
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.bookingId, bookingId)))
    .get();
}
