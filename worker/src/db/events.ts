// The one place that writes booking history and staff notifications. Each writer is a statement for a D1 batch, so a
// change, its history row and its notification land together or not at all.
import { and, eq, inArray, isNotNull, isNull, notInArray, type SQL, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { type EventKind, NOTIFICATION_OF, type STAFF_EVENT_KINDS } from '../../../contracts/events';
import { facilityMsg } from '../../../contracts/facility-form';
import { msg } from '../../../contracts/messages';
import { subscriptionMsg } from '../../../contracts/subscriptions';
import type { Db } from './client';
import { bookingHistory, bookings, facilities, notifications, payments } from './schema';
import { qualified, quoted, rowOf } from './sql';

type HistoryValues = Parameters<typeof rowOf<typeof bookingHistory>>[1];

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

/** The facts an event of `kind` needs beyond its booking: the staff member, a subscription's weeks. */
export type EventExtras<K extends EventKind> = K extends 'booking_created_by_staff'
  ? { actorLabel: string | SQL; channel: string | null | SQL; status: 'approved' | 'pending' | SQL }
  : K extends (typeof STAFF_EVENT_KINDS)[number]
    ? { actorLabel: string | SQL }
    : K extends 'subscription_created'
      ? { weeks: number }
      : K extends 'hold_expiring'
        ? { expiresAt: number | SQL }
        : K extends 'booking_cancelled_by_customer'
          ? { deposit?: number | SQL }
          : Record<string, never>;

export interface BookingNotice<K extends EventKind = EventKind> {
  kind: K;
  documentId: string | SQL;
  createdAt: number | SQL;
  /** The staff member whose action raised it: their own bell takes it as read. */
  actorUserId?: number;
  facts: EventExtras<K>;
}

/**
 * An event's facts (contracts/events.ts) as one JSON object, read from the booking row the statement selects: its
 * number, name, pitch and start as they are when it happens, and the extras the kind needs.
 */
function factsOf(kind: EventKind, extras: Record<string, unknown>): SQL {
  const pairs: [string, unknown][] =
    kind === 'customer_erased'
      ? [['bookingNumber', bookings.bookingNumber]]
      : [
          ['bookingNumber', bookings.bookingNumber],
          ['customerName', bookings.customerName],
          [
            'facilityName',
            sql`(select ${facilities.name} from ${facilities} where ${facilities.id} = ${bookings.facilityId})`,
          ],
          ['date', bookings.date],
          ['startTime', bookings.startTime],
          ['startsAt', bookings.startsAt],
          // The match's end and length (docs/behaviour.md#match-length).
          ['endTime', bookings.endTime],
          ['duration', bookings.duration],
        ];
  for (const [key, value] of Object.entries(extras)) pairs.push([key, value]);
  return qualified(
    sql`json_object(${sql.join(
      pairs.map(([key, value]) => sql`${sql.raw(quoted(key))}, ${value}`),
      sql`, `,
    )})`,
  );
}

/**
 * One staff notification per booking matching `where`, telling of the event `kind`: its facts are read from the booking
 * row, its text is rendered from them when read. Returned as written, so the staff bells can be told at once.
 */
export function notifyEvent<K extends EventKind>(
  db: Db,
  where: SQL,
  notice: BookingNotice<K>,
  { whenChanged = false } = {},
) {
  const { type, priority, title } = NOTIFICATION_OF[notice.kind];
  const row = rowOf(notifications, {
    documentId: notice.documentId,
    type,
    priority,
    title,
    // The message is rendered from the facts; a note staff write keeps its own.
    message: '',
    targetRole: 'Admin',
    bookingId: bookings.id,
    facilityId: bookings.facilityId,
    actorUserId: notice.actorUserId ?? null,
    createdAt: notice.createdAt,
    kind: notice.kind,
    facts: factsOf(notice.kind, notice.facts),
  });
  return db
    .insert(notifications)
    .select(db.select(row).from(bookings).where(onlyIf(where, whenChanged)))
    .returning();
}

/** A notification that belongs to no booking (api.md 'POST /notifications', the panel's test notification). */
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
 * reason summary follows through its triggers; payment rows lose their notes. Run before the bookings lose the phone, in the same batch.
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
      // A payment's history line is the product's own ('Kapora alındı · ₺500 · Havale/EFT'): it stays.
      .where(
        and(
          inArray(bookingHistory.bookingId, ofPhone),
          typed(bookingHistory.reason),
          sql`${bookingHistory.event} is not 'payment'`,
        ),
      ),
    // A payment row's note is free text: erased (the only change the payments table allows).
    db
      .update(payments)
      .set({ note: null })
      .where(and(inArray(payments.bookingId, ofPhone), isNotNull(payments.note))),
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
 * KVKK: the customer's name leaves the booking history's labels and the facts of every notification about the bookings
 * of `phone` (their texts then say 'Silinmiş müşteri'). A notification older than the events that could not be read as
 * one loses its message. Run before the bookings themselves lose the name, in the same batch.
 */
export function forgetCustomerInEvents(db: Db, phone: string, replacement: string) {
  const ofPhone = db.select({ id: bookings.id }).from(bookings).where(eq(bookings.customerPhone, phone));
  return [
    db
      .update(bookingHistory)
      .set({ actorLabel: replacement })
      .where(and(eq(bookingHistory.actorType, 'customer'), inArray(bookingHistory.bookingId, ofPhone))),
    db
      .update(notifications)
      .set({ facts: sql`json_set(${notifications.facts}, '$.customerName', null)` })
      .where(
        and(
          inArray(notifications.bookingId, ofPhone),
          sql`json_type(${notifications.facts}, '$.customerName') is not null`,
        ),
      ),
    db
      .update(notifications)
      .set({ message: msg.freeTextErased })
      .where(and(inArray(notifications.bookingId, ofPhone), isNull(notifications.kind))),
  ] as const;
}
