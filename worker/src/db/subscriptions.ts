// Subscriptions (behaviour.md#subscriptions): the weekly slots a subscription asks for with whoever holds each, and the one atomic write of
// its bookings, its customer, their history rows and its single staff notification.
import { and, count, desc, eq, gt, inArray, or, type SQL, sql } from 'drizzle-orm';
import { type AuditEntry, recordAudit } from './audit';
import type { Db } from './client';
import { notifyEvent, recordHistory } from './events';
import { bookingSlotClaims, bookings, customers, facilities, type notifications, slots } from './schema';
import { folded, isLive, qualified } from './sql';

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
      endsAt: slots.endsAt,
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
    .leftJoin(bookingSlotClaims, eq(bookingSlotClaims.slotId, slots.id))
    .leftJoin(bookings, eq(bookings.id, bookingSlotClaims.bookingId))
    .where(eq(facilities.id, facilityId))
    .all();
}
export type WeeklySlot = Awaited<ReturnType<typeof weeklySlots>>[number];

export interface SubscriptionEvents {
  history: { reason: string; actorUserId: number; actorLabel: string };
  notification: { documentId: string; actorUserId: number };
  /** The audit row, on the first week's booking (its entityId is read in the batch: the id is not known before). */
  audit: Omit<AuditEntry, 'entityId'>;
}

/**
 * Everything a subscription writes, in one atomic D1 batch: the customer (created, or rewritten by staff and marked a
 * subscriber: behaviour.md#time-money-and-identity lets staff do what a public booking never does), one approved booking per week (one statement each:
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
    notifyEvent(db, eq(bookings.documentId, rows[0].documentId), {
      kind: 'subscription_created',
      documentId: events.notification.documentId,
      createdAt: now,
      actorUserId: events.notification.actorUserId,
      facts: { weeks: rows.length },
    }),
    recordAudit(db, {
      ...events.audit,
      entityId: qualified(
        sql<string>`(select cast(${bookings.id} as text) from ${bookings} where ${bookings.documentId} = ${rows[0].documentId})`,
      ),
    }),
  ]);
  rest.pop(); // the audit row
  const notified = rest.pop() as (typeof notifications.$inferSelect)[];
  rest.pop(); // the history insert
  const ids = rest as { id: number; customerId: number | null }[][];
  return { ids: ids.map((r) => r[0]), notifications: notified };
}

// ---------- the panel's subscriber list (behaviour.md#management-panel 'Subscriptions') ----------

export interface SubscriberFilter {
  /** Folded name text (contracts/search.ts) and, when the search looks like a phone, its digits. */
  name?: string;
  digits?: string;
}

const subscriberBookings = and(eq(bookings.customerPhone, customers.phone), eq(bookings.isSubscriber, true));
interface LatestSubscription {
  recurringGroupId: string | null;
  facilityDocumentId: string;
  facilityName: string;
  startTime: string;
  date: string;
  /** The real start instant (ms): an after-midnight hour is played the day after its business date. */
  startsAt: number;
}
const parseJson = <T>(text: string | null) => (text ? (JSON.parse(text) as T) : null);

/** One row per subscriber: the customer, counts over their subscriber bookings, the latest subscription, the next week. */
function subscriberRows(db: Db, now: number, filter: SubscriberFilter) {
  // Correlated subqueries: their own `bookings` shadows the outer one, `customers` is the outer row.
  const ofCustomer = and(eq(bookings.customerPhone, customers.phone), eq(bookings.isSubscriber, true));
  const latestQuery = db
    .select({
      json: sql`json_object('recurringGroupId', ${bookings.recurringGroupId}, 'facilityDocumentId', ${facilities.documentId},
        'facilityName', ${facilities.name}, 'startTime', ${bookings.startTime}, 'date', ${bookings.date},
        'startsAt', ${bookings.startsAt})`,
    })
    .from(bookings)
    .innerJoin(facilities, eq(facilities.id, bookings.facilityId))
    .where(ofCustomer)
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(1);
  const nextQuery = db
    .select({
      json: sql`json_object('date', ${bookings.date}, 'time', ${bookings.startTime}, 'startsAt', ${bookings.startsAt})`,
    })
    .from(bookings)
    .where(and(ofCustomer, isLive(bookings.status), gt(bookings.startsAt, now)))
    .orderBy(bookings.startsAt)
    .limit(1);
  const latest = qualified(sql<string | null>`(${latestQuery})`).mapWith(parseJson<LatestSubscription>);
  const next = qualified(sql<string | null>`(${nextQuery})`).mapWith(
    parseJson<{ date: string; time: string; startsAt: number }>,
  );
  const remaining = sql<number>`coalesce(sum(${bookings.status} = 'approved' and ${bookings.startsAt} > ${now}), 0)`;
  const search: SQL[] = [];
  if (filter.name) search.push(sql`instr(${folded(customers.name)}, ${filter.name}) > 0`);
  if (filter.digits) search.push(sql`instr(${customers.phone}, ${filter.digits}) > 0`);
  const where = and(eq(customers.isSubscriber, true), search.length ? or(...search) : undefined);
  const query = db
    .select({
      customerId: customers.id,
      customerName: customers.name,
      customerPhone: customers.phone,
      customerEmail: customers.email,
      totalBookings: count(bookings.id),
      remainingBookings: remaining,
      cancelledBookings: sql<number>`coalesce(sum(${bookings.status} in ('cancelled', 'rejected')), 0)`,
      // Approved and already started: matches played, never those still ahead (the loyal badge counts these).
      playedBookings: sql<number>`coalesce(sum(${bookings.status} = 'approved' and ${bookings.startsAt} <= ${now}), 0)`,
      firstBookingDate: sql<string | null>`min(${bookings.date})`,
      lastBookingDate: sql<string | null>`max(${bookings.date})`,
      latest,
      next,
    })
    .from(customers)
    .innerJoin(bookings, subscriberBookings)
    .where(where)
    .groupBy(customers.id);
  return { query, remaining, where };
}
export type SubscriberRow = Awaited<ReturnType<typeof subscriberRows>['query']>[number];

/** A page of subscribers (latest subscription first), the total, the renewals due and the four counters, in one batch. */
export async function subscriberList(
  db: Db,
  filter: SubscriberFilter,
  page: { limit: number; offset: number },
  dates: { today: string; monthFrom: string; monthTo: string },
  now: number,
  renewalMax: number,
) {
  const list = subscriberRows(db, now, filter);
  const renewals = subscriberRows(db, now, {});
  const live = isLive(bookings.status);
  const [rows, total, due, summary] = await db.batch([
    list.query.orderBy(sql`max(${bookings.createdAt}) desc`, desc(customers.id)).limit(page.limit).offset(page.offset),
    db
      .select({ n: sql<number>`count(distinct ${customers.id})` })
      .from(customers)
      .innerJoin(bookings, subscriberBookings)
      .where(list.where),
    renewals.query
      .having(sql`${renewals.remaining} between 1 and ${renewalMax}`)
      .orderBy(renewals.remaining, sql`min(case when ${bookings.startsAt} > ${now} then ${bookings.startsAt} end)`)
      .limit(200),
    db
      .select({
        totalSubscribers: sql<number>`count(distinct ${bookings.customerPhone})`,
        todayBookings: sql<number>`coalesce(sum(${live} and ${bookings.date} = ${dates.today}), 0)`,
        monthBookings: sql<number>`coalesce(sum(${live} and ${bookings.date} between ${dates.monthFrom} and ${dates.monthTo}), 0)`,
        activeBookings: sql<number>`coalesce(sum(${bookings.status} = 'approved' and ${bookings.startsAt} > ${now}), 0)`,
      })
      .from(bookings)
      .where(eq(bookings.isSubscriber, true)),
  ]);
  return { rows, total: total[0]?.n ?? 0, renewals: due, summary: summary[0] };
}

/**
 * The subscription form's view of a pitch's slots from `from` to `to` (behaviour.md#validation 'Subscription form'): one row per weekday
 * (0 = Sunday) and start time, with how many of those slots exist, how many are still bookable (in the future and held
 * by no live booking), their lowest price and the first and last date they occur on.
 */
export function weeklySlotTimes(db: Db, facilityId: number, from: string, to: string, now: number) {
  return db
    .select({
      weekday: sql<number>`cast(strftime('%w', ${slots.date}) as integer)`,
      startTime: slots.startTime,
      endTime: sql<string>`min(${slots.endTime})`,
      price: sql<number>`min(${slots.price})`,
      total: count(slots.id),
      free: sql<number>`sum(case when ${slots.startsAt} > ${now} and ${bookings.id} is null then 1 else 0 end)`,
      firstDate: sql<string>`min(${slots.date})`,
      lastDate: sql<string>`max(${slots.date})`,
    })
    .from(slots)
    .leftJoin(bookingSlotClaims, eq(bookingSlotClaims.slotId, slots.id))
    .leftJoin(bookings, eq(bookings.id, bookingSlotClaims.bookingId))
    .where(and(eq(slots.facilityId, facilityId), sql`${slots.date} between ${from} and ${to}`))
    .groupBy(sql`1`, slots.startTime)
    .orderBy(sql`1`, slots.startTime)
    .all();
}
