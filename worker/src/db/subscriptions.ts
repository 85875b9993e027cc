// Subscriptions (00 §4): the weekly slots a subscription asks for with whoever holds each, and the one atomic write of
// its bookings, its customer, their history rows and its single staff notification.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from './client';
import { notifyStaff, recordHistory } from './events';
import { bookings, customers, facilities, type notifications, slots } from './schema';
import { isLive, qualified } from './sql';

export type NewBooking = typeof bookings.$inferInsert;

/**
 * In one read (so the check is one round trip): whether the pitch takes bookings now, read fresh (the object's cached
 * pitch may be seconds old), and its slots at `startTime` on `dates`, each with the live booking holding it (name and
 * status), if any. The pitch's own row always comes back, with null slot columns when no requested slot exists.
 */
export function weeklySlots(db: Db, facilityId: number, dates: string[], startTime: string) {
  return db
    .select({
      facilityOpen: sql<number>`${facilities.isActive} and ${facilities.deletedAt} is null`,
      id: slots.id,
      documentId: slots.documentId,
      date: slots.date,
      startTime: slots.startTime,
      endTime: slots.endTime,
      startsAt: slots.startsAt,
      price: slots.price,
      holderName: bookings.customerName,
      holderStatus: bookings.status,
      holderSubscriber: bookings.isSubscriber,
    })
    .from(facilities)
    .leftJoin(
      slots,
      and(eq(slots.facilityId, facilities.id), inArray(slots.date, dates), eq(slots.startTime, startTime)),
    )
    .leftJoin(bookings, and(eq(bookings.slotId, slots.id), isLive(bookings.status)))
    .where(eq(facilities.id, facilityId))
    .all();
}
export type WeeklySlot = Awaited<ReturnType<typeof weeklySlots>>[number];

export interface SubscriptionEvents {
  history: { reason: string; actorUserId: number; actorLabel: string };
  notification: { documentId: string; title: string; message: string; actorUserId: number };
}

/**
 * Everything a subscription writes, in one atomic D1 batch: the customer (created, or rewritten by staff and marked a
 * subscriber: 00 §1 lets staff do what a public booking never does), one approved booking per week (one statement each:
 * D1 binds at most 100 parameters a statement), a history row per booking and ONE notification on the first booking.
 */
export async function insertSubscription(
  db: Db,
  rows: (NewBooking & { documentId: string; recurringGroupId: string; createdAt: number })[],
  customer: { phone: string; name: string; email: string | null },
  events: SubscriptionEvents,
) {
  const now = rows[0].createdAt;
  const customerId = qualified(
    sql<number>`(select ${customers.id} from ${customers} where ${customers.phone} = ${customer.phone})`,
  );
  const [, ...rest] = await db.batch([
    db
      .insert(customers)
      .values({ ...customer, isSubscriber: true, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: customers.phone,
        set: {
          name: customer.name,
          email: sql`coalesce(${customer.email}, ${customers.email})`,
          isSubscriber: true,
          updatedAt: now,
        },
      }),
    ...rows.map((row) =>
      db
        .insert(bookings)
        .values({ ...row, customerId })
        .returning({ id: bookings.id, customerId: bookings.customerId }),
    ),
    recordHistory(db, eq(bookings.recurringGroupId, rows[0].recurringGroupId), {
      bookingId: bookings.id,
      fromStatus: null,
      toStatus: 'approved',
      reason: events.history.reason,
      actorType: 'staff',
      actorUserId: events.history.actorUserId,
      actorLabel: events.history.actorLabel,
      createdAt: now,
    }),
    notifyStaff(db, eq(bookings.documentId, rows[0].documentId), {
      documentId: events.notification.documentId,
      type: 'booking_created',
      priority: 'high',
      title: events.notification.title,
      message: events.notification.message,
      bookingId: bookings.id,
      facilityId: bookings.facilityId,
      createdAt: now,
      actorUserId: events.notification.actorUserId,
    }),
  ]);
  const notified = rest.pop() as (typeof notifications.$inferSelect)[];
  rest.pop(); // the history insert
  const ids = rest as { id: number; customerId: number | null }[][];
  return { ids: ids.map((r) => r[0]), notifications: notified };
}
