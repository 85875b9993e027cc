// The one place that writes booking history and staff notifications. Each writer is a statement for a D1 batch, so a
// change, its history row and its notification land together or not at all.
import { and, eq, inArray, isNotNull, notInArray, type SQL, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { facilityMsg } from '../../../contracts/facility-form';
import { msg } from '../../../contracts/messages';
import { subscriptionMsg } from '../../../contracts/subscriptions';
import type { Db } from './client';
import { bookingHistory, bookings, notifications } from './schema';
import { qualified, rowOf } from './sql';

type HistoryValues = Parameters<typeof rowOf<typeof bookingHistory>>[1];
type NotificationValues = Parameters<typeof rowOf<typeof notifications>>[1];

/**
 * Written only when the statement before it changed a row (SQLite's changes()): a change that lost a race leaves no
 * history and no notification.
 */
export const afterAChange = sql`changes() > 0`;

const onlyIf = (where: SQL, whenChanged: boolean) => (whenChanged ? and(where, afterAChange)! : where);

/** One history row per booking matching `where`; values may name the booking's own columns (bookings.status, …). */
export function recordHistory(db: Db, where: SQL, values: HistoryValues, { whenChanged = false } = {}) {
  return db
    .insert(bookingHistory)
    .select(db.select(rowOf(bookingHistory, values)).from(bookings).where(onlyIf(where, whenChanged)));
}

/** One staff notification per booking matching `where`, returned as written so the staff bells can be told at once. */
export function notifyStaff(db: Db, where: SQL, values: NotificationValues, { whenChanged = false } = {}) {
  const row = rowOf(notifications, { targetRole: 'Admin', ...values });
  return db
    .insert(notifications)
    .select(db.select(row).from(bookings).where(onlyIf(where, whenChanged)))
    .returning();
}

/** A notification that belongs to no booking (02 §7 'POST /notifications', the panel's test notification). */
export function insertNotification(db: Db, values: typeof notifications.$inferInsert) {
  return db.insert(notifications).values(values).returning();
}

/**
 * The reasons the product writes itself: they name a category and no person, so an erasure keeps them. Any other text
 * in a reason was typed by someone (a customer's cancel reason, a staff member's reject or cancel reason or approve
 * note) and may hold the customer's name or phone.
 */
export const SYSTEM_REASONS: readonly string[] = [
  msg.customerCancelReason,
  msg.adminCancelReason,
  msg.expiredReason,
  msg.notesUpdatedReason,
  msg.customerAnonymised,
  subscriptionMsg.historyReason,
  facilityMsg.forceCancelReason,
];

/**
 * KVKK: every reason or note a person typed about the bookings of `phone` gives way to its category; the fact of the
 * cancel or reject, who did it and when stay. A cancel becomes 'Müşteri tarafından iptal edildi' or 'Randevu iptal
 * edildi' by who cancelled, anything else (a reject reason, an approve note) 'Açıklama silindi (KVKK)'. The report's
 * reason summary follows through its triggers. Run before the bookings lose the phone, in the same batch.
 */
export function eraseFreeText(db: Db, phone: string) {
  const ofPhone = db.select({ id: bookings.id }).from(bookings).where(eq(bookings.customerPhone, phone));
  const typed = (column: SQLiteColumn) => and(isNotNull(column), notInArray(column, [...SYSTEM_REASONS]));
  const cancelledByCustomer = sql`exists (select 1 from ${bookingHistory} as h where h.booking_id = ${bookings.id}
    and h.to_status = 'cancelled' and h.actor_type = 'customer')`;
  return [
    db
      .update(bookingHistory)
      .set({
        reason: sql`case when ${bookingHistory.toStatus} = 'cancelled' and ${bookingHistory.actorType} = 'customer'
          then ${msg.customerCancelReason}
          when ${bookingHistory.toStatus} = 'cancelled' then ${msg.adminCancelReason}
          else ${msg.freeTextErased} end`,
      })
      .where(and(inArray(bookingHistory.bookingId, ofPhone), typed(bookingHistory.reason))),
    db
      .update(bookings)
      .set({
        cancellationReason: sql`case when ${cancelledByCustomer} then ${msg.customerCancelReason}
          else ${msg.adminCancelReason} end`,
      })
      .where(and(eq(bookings.customerPhone, phone), typed(bookings.cancellationReason))),
    db
      .update(bookings)
      .set({ rejectionReason: msg.freeTextErased })
      .where(and(eq(bookings.customerPhone, phone), typed(bookings.rejectionReason))),
  ] as const;
}

/**
 * KVKK (issue 7 §5): the customer's name leaves the history labels and the notification messages of every booking of
 * `phone`. Run before the bookings themselves lose the name, in the same batch.
 */
export function forgetCustomerInEvents(db: Db, phone: string, replacement: string) {
  const ofPhone = db.select({ id: bookings.id }).from(bookings).where(eq(bookings.customerPhone, phone));
  const nameOf = qualified(
    sql<string>`(select ${bookings.customerName} from ${bookings} where ${bookings.id} = ${notifications.bookingId})`,
  );
  const separator = sql`' · '`;
  return [
    db
      .update(bookingHistory)
      .set({ actorLabel: replacement })
      .where(and(eq(bookingHistory.actorType, 'customer'), inArray(bookingHistory.bookingId, ofPhone))),
    // The name only where the messages put it ('name · …' or '… · name · …'): a short name is never cut out of a word.
    db
      .update(notifications)
      .set({ message: sql`${replacement} || substr(${notifications.message}, length(${nameOf}) + 1)` })
      .where(
        and(
          inArray(notifications.bookingId, ofPhone),
          sql`substr(${notifications.message}, 1, length(${nameOf}) + 3) = ${nameOf} || ${separator}`,
        ),
      ),
    db
      .update(notifications)
      .set({
        message: sql`replace(${notifications.message}, ${separator} || ${nameOf} || ${separator}, ${separator} || ${replacement} || ${separator})`,
      })
      .where(inArray(notifications.bookingId, ofPhone)),
  ] as const;
}
