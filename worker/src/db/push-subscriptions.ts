// The browsers that hear a booking (docs/behaviour.md#notifications): one row per booking and push endpoint. Written
// only with the booking number, read when the booking's events and reminder are sent, deleted when a push service says
// the subscription is gone, with the booking, and on the customer's KVKK erasure.
import { and, eq, exists, inArray, sql } from 'drizzle-orm';
import type { EventKind } from '../../../contracts/events';
import { PUSH_SUBSCRIPTIONS_PER_BOOKING } from '../../../contracts/push';
import type { Db } from './client';
import { bookings, facilities, notifications, pushSubscriptions, ratings } from './schema';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** The booking a number names, with what decides whether a device may start hearing it. */
export const bookingForPush = (db: Db, bookingNumber: string) =>
  db
    .select({ id: bookings.id, status: bookings.status, startsAt: bookings.startsAt })
    .from(bookings)
    .where(eq(bookings.bookingNumber, bookingNumber))
    .get();

/**
 * Adds the endpoint to the booking, or renews its keys when it is there already (idempotent per endpoint), in one
 * statement: only while the booking is live (pending or approved, not started) and it has fewer than 5 devices, so two
 * racing subscribes never make a sixth. False when nothing was written.
 */
export async function addPushSubscription(
  db: Db,
  bookingId: number,
  sub: { endpoint: string; p256dh: string; auth: string },
  now: number,
): Promise<boolean> {
  const rows = await db.all<{ id: number }>(sql`
    insert into ${pushSubscriptions} (booking_id, endpoint, p256dh, auth, created_at)
    select b.id, ${sub.endpoint}, ${sub.p256dh}, ${sub.auth}, ${now}
    from ${bookings} b
    where b.id = ${bookingId}
      and b.status in ('pending', 'approved')
      and b.starts_at > ${now}
      and (
        (select count(*) from ${pushSubscriptions} p where p.booking_id = b.id) < ${PUSH_SUBSCRIPTIONS_PER_BOOKING}
        or exists (select 1 from ${pushSubscriptions} p where p.booking_id = b.id and p.endpoint = ${sub.endpoint})
      )
    on conflict (booking_id, endpoint) do update set p256dh = excluded.p256dh, auth = excluded.auth
    returning id`);
  return rows.length > 0;
}

export async function removePushSubscription(db: Db, bookingId: number, endpoint: string): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.bookingId, bookingId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

export const subscriptionsOf = (db: Db, bookingIds: number[]) =>
  bookingIds.length === 0
    ? Promise.resolve([] as PushSubscriptionRow[])
    : db.select().from(pushSubscriptions).where(inArray(pushSubscriptions.bookingId, bookingIds));

/** A push service answered 404/410: that browser dropped the subscription. */
export const deletePushSubscription = (db: Db, id: number) =>
  db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id)).run();

/** KVKK erasure: every device that hears a booking of the phone, in the erasure's batch, while the phone still finds them. */
export const deletePushOfPhone = (db: Db, phone: string) =>
  db
    .delete(pushSubscriptions)
    .where(
      inArray(
        pushSubscriptions.bookingId,
        db.select({ id: bookings.id }).from(bookings).where(eq(bookings.customerPhone, phone)),
      ),
    );

/** A booking's length in ms from its own hours: 1..1440 minutes, an end at or before the start is on the next day. */
function lengthMs(alias: string) {
  const minutes = (column: string) =>
    `(cast(substr(${alias}.${column}, 1, 2) as integer) * 60 + cast(substr(${alias}.${column}, 4, 2) as integer))`;
  return sql.raw(`((${minutes('end_time')} - ${minutes('start_time')} + 1439) % 1440 + 1) * 60000`);
}

/**
 * Forgets the devices of bookings that are over (docs/behaviour.md#notifications): ended `afterEndMs` ago (the end is
 * the start plus the booking's own hours, an after-midnight end included), or rejected, cancelled or expired at least
 * `afterFinalMs` ago, long after that change's push left. Reads only the bookings some device hears (by their id), never
 * the bookings table. Answers how many subscriptions went.
 */
export async function deleteFinishedSubscriptions(
  db: Db,
  now: number,
  { afterEndMs, afterFinalMs }: { afterEndMs: number; afterFinalMs: number },
): Promise<number> {
  const length = lengthMs('b');
  const rows = await db.all<{ id: number }>(sql`
    delete from ${pushSubscriptions}
    where booking_id in (
      select b.id from ${bookings} b
      where b.id in (select booking_id from ${pushSubscriptions})
        and (
          b.starts_at + ${length} <= ${now - afterEndMs}
          or (b.status not in ('pending', 'approved') and b.updated_at <= ${now - afterFinalMs})
        )
    )
    returning id`);
  return rows.length;
}

/**
 * Marks the approved bookings some device hears whose match ended within `windowMs` before `now`, not marked 'Gelmedi',
 * not rated and not asked yet, and answers exactly the rows it marked (docs/behaviour.md#ratings): one statement, so a
 * second cron run, or one after a restart, sends nothing again. Reads only the bookings some device hears: the walk
 * starts from push_subscriptions (`cross join` keeps SQLite from starting at the bookings' status index, which read every
 * approved booking ever made) and looks each booking up by its id; those devices are forgotten `windowMs` after the
 * end, so nothing older is ever asked.
 */
export async function markDueRatingPrompts(db: Db, now: number, windowMs: number): Promise<ReminderRow[]> {
  return db.all<ReminderRow>(dueRatingPrompts(now, windowMs));
}

/** The statement of markDueRatingPrompts (the plan test reads its query plan). */
export function dueRatingPrompts(now: number, windowMs: number) {
  const length = lengthMs('b');
  return sql`
    update ${bookings} set rating_prompt_sent_at = ${now}
    where id in (
      select b.id from ${pushSubscriptions} p cross join ${bookings} b on b.id = p.booking_id
      where b.status = 'approved' and b.rating_prompt_sent_at is null
        and (b.attendance is null or b.attendance <> 'no_show')
        and b.starts_at + ${length} <= ${now} and b.starts_at + ${length} > ${now - windowMs}
        and not exists (select 1 from ${ratings} r where r.booking_id = b.id)
    ) and rating_prompt_sent_at is null
    returning id as bookingId, document_id as documentId,
      (select ${facilities.name} from ${facilities} where ${facilities.id} = ${bookings.facilityId}) as facilityName,
      date, start_time as startTime, starts_at as startsAt, end_time as endTime, duration`;
}

/** The booking facts a reminder is rendered from. */
export interface ReminderRow {
  bookingId: number;
  documentId: string;
  facilityName: string;
  date: string;
  startTime: string;
  startsAt: number;
  endTime: string;
  duration: number;
}

/**
 * Marks the approved bookings starting within `windowMs` of `now` that a device hears and that were not reminded yet,
 * and answers exactly the rows it marked: one statement, so a second cron run, or one after a restart, finds them
 * marked and sends nothing again. Reads the partial index bookings_reminder_due by start, never the whole table: named,
 * because without statistics SQLite prefers bookings_status_created, which reads every approved booking ever made.
 */
export async function markDueReminders(db: Db, now: number, windowMs: number): Promise<ReminderRow[]> {
  return db.all<ReminderRow>(dueReminders(now, windowMs));
}

/** The statement of markDueReminders (the plan test reads its query plan). */
export function dueReminders(now: number, windowMs: number) {
  return sql`
    update ${bookings} indexed by bookings_reminder_due set reminder_sent_at = ${now}
    where status = 'approved' and reminder_sent_at is null
      and starts_at > ${now} and starts_at <= ${now + windowMs}
      and exists (select 1 from ${pushSubscriptions} p where p.booking_id = ${bookings.id})
    returning id as bookingId, document_id as documentId,
      (select ${facilities.name} from ${facilities} where ${facilities.id} = ${bookings.facilityId}) as facilityName,
      date, start_time as startTime, starts_at as startsAt, end_time as endTime, duration`;
}

/** The notifications among `ids` that a booking's holder hears of, with the booking a device hears (index-bound). */
export const eventsToPush = (db: Db, ids: number[], kinds: EventKind[]) =>
  db
    .select({
      kind: notifications.kind,
      facts: notifications.facts,
      bookingId: bookings.id,
      documentId: bookings.documentId,
      rejectionReason: bookings.rejectionReason,
    })
    .from(notifications)
    .innerJoin(bookings, eq(bookings.id, notifications.bookingId))
    .where(
      and(
        inArray(notifications.id, ids),
        inArray(notifications.kind, kinds),
        exists(db.select({ one: sql`1` }).from(pushSubscriptions).where(eq(pushSubscriptions.bookingId, bookings.id))),
      ),
    );
