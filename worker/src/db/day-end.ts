// The venue's day (behaviour.md#management-panel 'Bugün', 'Gün Sonu'): the match sheet's bookings of one business day,
// and the day-end report's payment rows of one Istanbul calendar day with the balance still expected. Each statement
// reads one day of an index, so its cost follows the day's rows, not the table (test/worker/day-end-plans.test.ts):
// - the sheet and the expected balance: the day's key of a bookings date index (bookings_facility_date,
//   bookings_date_time, or bookings_report led by the status, whichever SQLite picks);
// - the day's movements: payments_facility_at (facility_id, at) for one pitch, payments_at (at) for every pitch; each row
//   then reads its booking and pitch by primary key.
import { and, asc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from './client';
import { bookings, facilities, paymentDayStats, payments } from './schema';
import { isLive } from './sql';

/** A business day's pending and approved bookings (cancelled, rejected and expired ones are off the sheet). */
export function daySheetStatement(db: Db, date: string, facilityId: number | null) {
  return db
    .select({
      id: bookings.id,
      documentId: bookings.documentId,
      bookingNumber: bookings.bookingNumber,
      customerName: bookings.customerName,
      customerPhone: bookings.customerPhone,
      date: bookings.date,
      startTime: bookings.startTime,
      endTime: bookings.endTime,
      startsAt: bookings.startsAt,
      status: bookings.status,
      paymentStatus: bookings.paymentStatus,
      totalPrice: bookings.totalPrice,
      depositAmount: bookings.depositAmount,
      collected: bookings.collected,
      attendance: bookings.attendance,
      isSubscriber: bookings.isSubscriber,
      channel: bookings.channel,
      source: bookings.source,
      notes: bookings.notes,
      includesTransportation: bookings.includesTransportation,
      pickupPointName: bookings.pickupPointName,
      pickupTime: bookings.pickupTime,
      addons: bookings.addons,
      addonsPrice: bookings.addonsPrice,
      facilityId: bookings.facilityId,
      facilityDocumentId: facilities.documentId,
      facilityName: facilities.name,
    })
    .from(bookings)
    .innerJoin(facilities, eq(facilities.id, bookings.facilityId))
    .where(
      and(
        eq(bookings.date, date),
        facilityId === null ? undefined : eq(bookings.facilityId, facilityId),
        isLive(bookings.status),
      ),
    );
  // No ORDER BY: one sorted by starts_at leads SQLite to bookings_facility_starts, a pitch's every booking. A day's few
  // rows are ordered by the caller (services/day-sheet.ts).
}
export type DaySheetRow = Awaited<ReturnType<ReturnType<typeof daySheetStatement>['all']>>[number];

/** The payment rows whose money moved in [from, to), oldest first, with their booking's number and customer. */
export function dayPaymentsStatement(db: Db, from: number, to: number, facilityId: number | null) {
  return db
    .select({
      id: payments.id,
      at: payments.at,
      kind: payments.kind,
      method: payments.method,
      amount: payments.amount,
      staffUserId: payments.staffUserId,
      staffName: payments.staffName,
      note: payments.note,
      reversesId: payments.reversesId,
      bookingId: payments.bookingId,
      bookingDocumentId: bookings.documentId,
      bookingNumber: bookings.bookingNumber,
      customerName: bookings.customerName,
      facilityId: payments.facilityId,
      // Named apart: a D1 batch maps its rows by column name, and bookings has a document_id too.
      facilityDocumentId: sql<string>`${facilities.documentId}`.as('facility_document_id'),
      facilityName: facilities.name,
    })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .innerJoin(facilities, eq(facilities.id, payments.facilityId))
    .where(
      and(
        facilityId === null ? undefined : eq(payments.facilityId, facilityId),
        gte(payments.at, from),
        lt(payments.at, to),
      ),
    )
    .orderBy(asc(payments.at), asc(payments.id));
}

/**
 * Per pitch, the balance still expected from a business day's approved bookings that have started by `now` and are not
 * marked no-show: total − collected, never below zero per booking.
 */
export function expectedBalanceStatement(db: Db, date: string, facilityId: number | null, now: number) {
  return db
    .select({
      facilityId: bookings.facilityId,
      facilityDocumentId: facilities.documentId,
      facilityName: facilities.name,
      bookings: sql<number>`coalesce(sum(${bookings.totalPrice} > ${bookings.collected}), 0)`,
      expected: sql<number>`coalesce(sum(max(${bookings.totalPrice} - ${bookings.collected}, 0)), 0)`,
    })
    .from(bookings)
    .innerJoin(facilities, eq(facilities.id, bookings.facilityId))
    .where(
      and(
        eq(bookings.date, date),
        facilityId === null ? undefined : eq(bookings.facilityId, facilityId),
        sql`${bookings.status} = 'approved'`,
        // Unary plus: not an index term, so the day's key (facility, date) leads rather than every start before now.
        sql`+${bookings.startsAt} <= ${now}`,
        sql`${bookings.attendance} is not 'no_show'`,
      ),
    )
    .groupBy(bookings.facilityId);
}

/** The day-end report's two reads in one D1 round trip. */
export function dayEndRows(db: Db, date: string, from: number, to: number, facilityId: number | null, now: number) {
  return db.batch([
    dayPaymentsStatement(db, from, to, facilityId),
    expectedBalanceStatement(db, date, facilityId, now),
  ]);
}

/**
 * The dashboard's 'Tahsil edilen': money received less money refunded (kept deposits move nothing) on the Istanbul
 * days [from, to] and on `today`, for every pitch or the one `facilityId` names. It reads payment_day_stats (one row a
 * day, pitch and kind, kept by the payments' trigger), so a month costs the same whatever the payments table holds.
 */
export function collectedStatement(db: Db, days: { from: string; to: string; today: string }, facilityId: SQL | null) {
  const d = paymentDayStats;
  const moved = sql`${d.kind} in ('deposit', 'balance', 'refund')`;
  return db
    .select({
      month: sql<number>`coalesce(sum(case when ${moved} then ${d.amount} end), 0)`,
      today: sql<number>`coalesce(sum(case when ${moved} and ${d.date} = ${days.today} then ${d.amount} end), 0)`,
    })
    .from(d)
    .where(
      and(
        sql`${d.date} between ${days.from} and ${days.to}`,
        facilityId === null ? undefined : eq(d.facilityId, facilityId),
      ),
    );
}
