// The bookings aggregate's queries: a booking with its pitch, the create check and write, status changes, the panel's
// list, figures and detail, and the KVKK anonymisation. Rows come back typed from schema.ts.
import {
  and,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNotNull,
  lte,
  min,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { msg } from '../../../contracts/messages';
import { type AuditEntry, recordAudit } from './audit';
import { bookingFacilityFields, bookingRef, facilityDocumentId, pending } from './booking-columns';
import { revokeFeedsOfPhone } from './calendar-feeds';
import type { Db } from './client';
import { type BookingNotice, eraseFreeText, forgetCustomerInEvents, notifyEvent, recordHistory } from './events';
import { depositKeepHoursSql, paymentsJsonOf } from './payments';
import { deletePushOfPhone } from './push-subscriptions';
import { eraseCommentsOfPhone } from './ratings';
import {
  type Booking,
  bookingHistory,
  bookingSlotClaims,
  bookings,
  customers,
  facilities,
  type Notification,
  slots,
  users,
  waitlistEntries,
  waitlistPushSubscriptions,
} from './schema';
import { isLive, pickupTimeOf, qualified, quoted, renderedAll, renderedBatch, rowOf } from './sql';

export type NewBooking = typeof bookings.$inferInsert;

// ---------- a booking with its pitch ----------

const bookingWithFacility = (db: Db) =>
  db
    .select({
      booking: bookings,
      facility: bookingFacilityFields,
      approver: { username: users.username, email: users.email },
    })
    .from(bookings)
    .innerJoin(facilities, eq(facilities.id, bookings.facilityId))
    .leftJoin(users, eq(users.id, bookings.approvedById));

/** Tracking's read, the public look-up: rendered once per isolate, then only bound (db/sql.ts renderedAll). */
export async function findByNumber(db: Db, bookingNumber: string) {
  const [row] = await renderedAll(
    db,
    'booking-by-number',
    () => bookingWithFacility(db).where(eq(bookings.bookingNumber, sql.placeholder('number'))),
    { number: bookingNumber },
  );
  return row as typeof row | undefined;
}

export type BookingWithFacility = NonNullable<Awaited<ReturnType<typeof findByNumber>>>;

/** A phone's subscriber bookings, newest first (behaviour.md#public-site). */
export function subscriberBookings(db: Db, phone: string) {
  return bookingWithFacility(db)
    .where(and(eq(bookings.customerPhone, phone), eq(bookings.isSubscriber, true)))
    .orderBy(desc(bookings.date), desc(bookings.startTime))
    .limit(500)
    .all();
}

/** The pitch a booking belongs to: whose Durable Object serialises changes to it. */
export async function facilityIdOfBooking(db: Db, where: SQL): Promise<number | undefined> {
  const row = await db.select({ facilityId: bookings.facilityId }).from(bookings).where(where).get();
  return row?.facilityId;
}

/** The customer of a phone and their subscriber bookings in one row (behaviour.md#public-site 'Abonelik bilgisi'). */
export function subscriptionSummary(db: Db, phone: string, now: number) {
  const next = (column: typeof bookings.date | typeof bookings.startTime) =>
    qualified(sql<string | null>`(select ${column} from ${bookings} where ${bookings.customerPhone} = ${phone}
      and ${bookings.isSubscriber} = 1 and ${isLive(bookings.status)} and ${bookings.startsAt} > ${now}
      order by ${bookings.startsAt} limit 1)`);
  return db
    .select({
      name: customers.name,
      isSubscriber: customers.isSubscriber,
      total: count(bookings.id),
      approved: sql<number>`coalesce(sum(${bookings.status} = 'approved'), 0)`,
      upcoming: sql<number>`coalesce(sum(${isLive(bookings.status)} and ${bookings.startsAt} > ${now}), 0)`,
      nextDate: next(bookings.date),
      nextTime: next(bookings.startTime),
      firstDate: sql<string | null>`min(${bookings.date})`,
      lastDate: sql<string | null>`max(${bookings.date})`,
    })
    .from(customers)
    .leftJoin(bookings, and(eq(bookings.customerPhone, customers.phone), eq(bookings.isSubscriber, true)))
    .where(eq(customers.phone, phone))
    .groupBy(customers.id)
    .get();
}

// ---------- creation ----------

const sameDayFields = {
  bookingNumber: bookings.bookingNumber,
  customerName: bookings.customerName,
  facility: facilities.name,
  date: bookings.date,
  time: bookings.startTime,
  endTime: bookings.endTime,
  startsAt: bookings.startsAt,
  status: bookings.status,
};
export type SameDayBooking = { [K in keyof typeof sameDayFields]: (typeof sameDayFields)[K]['_']['data'] };

/** The live booking a phone already holds on a date (behaviour.md#bookings: one a day, across pitches), as one JSON text. */
function sameDayQuery(db: Db, date: SQL | typeof slots.date | string, phone: string | Placeholder) {
  const pairs = Object.entries(sameDayFields).map(([key, column]) => sql`${sql.raw(quoted(key))}, ${column}`);
  return db
    .select({ existing: sql<string>`json_object(${sql.join(pairs, sql`, `)})` })
    .from(bookings)
    .innerJoin(facilities, eq(facilities.id, bookings.facilityId))
    .where(and(eq(bookings.customerPhone, phone), eq(bookings.date, date), isLive(bookings.status)))
    .orderBy(bookings.startsAt)
    .limit(1);
}

const parseSameDay = (text: string) => JSON.parse(text) as SameDayBooking;

export async function sameDayBooking(db: Db, date: string, phone: string): Promise<SameDayBooking | null> {
  const row = await sameDayQuery(db, date, phone).get();
  return row ? parseSameDay(row.existing) : null;
}

/**
 * The slots of the booking's pitch a match of `minutes` from the first slot covers (docs/behaviour.md#match-length): those
 * starting in [start, start + minutes), walked by booking_slots_facility_starts. `s2` is the covered slot; `first` the
 * booking's first slot (the outer row).
 */
function covered(minutes: SQL | Placeholder) {
  const end = sql`${slots.startsAt} + ${minutes} * 60000`;
  const from = sql`from booking_slots s2 where s2.facility_id = ${slots.facilityId} and s2.starts_at >= ${slots.startsAt}
    and s2.starts_at < ${end}`;
  return {
    end,
    /** The covered slots tile the match exactly: back to back, none missing, all of the first slot's business day. */
    fits: qualified(sql<number>`(select coalesce(sum(s2.ends_at - s2.starts_at), 0) ${from} and s2.date = ${slots.date}
      and s2.ends_at <= ${end}) = ${minutes} * 60000`),
    /** A live booking already covers one of them (its claim): the first such booking's id, or null. */
    takenBy: qualified(sql<number | null>`(select c.booking_id from booking_slots s2
      join ${bookingSlotClaims} c on c.slot_id = s2.id where s2.facility_id = ${slots.facilityId}
      and s2.starts_at >= ${slots.startsAt} and s2.starts_at < ${end} limit 1)`),
    /** Each covered slot's own price, summed (kuruş). */
    price: qualified(sql<number>`(select coalesce(sum(s2.price), 0) ${from})`),
    /** The last covered slot's end time: the match's end. */
    endTime: qualified(sql<string>`(select s2.end_time ${from} order by s2.starts_at desc limit 1)`),
  };
}

/**
 * Everything the create rules of behaviour.md#bookings need, in one read: the slot, whether the match of `minutes` from
 * it fits and what it costs (docs/behaviour.md#match-length), whether a live booking covers any of its slots, the
 * phone's booking that day, whether the phone is a subscriber's, and whether the pitch is active now.
 */
export async function createCheck(db: Db, slotRef: string, phone: string, minutes: number) {
  const bySlotId = /^\d+$/.test(slotRef);
  // Every booking makes this read under its pitch's lock: rendered once per isolate, then only bound (db/sql.ts).
  const [row] = await renderedAll(
    db,
    bySlotId ? 'create-check:id' : 'create-check:doc',
    () => checkQuery(db, bySlotId),
    {
      slot: bySlotId ? Number(slotRef) : slotRef,
      phone,
      minutes,
    },
  );
  return row as CreateCheck | undefined;
}
export type CreateCheck = Awaited<ReturnType<ReturnType<typeof checkQuery>['all']>>[number];

function checkQuery(db: Db, bySlotId: boolean) {
  const slot = sql.placeholder('slot');
  const phone = sql.placeholder('phone');
  const range = covered(sql.placeholder('minutes'));
  return db
    .select({
      id: slots.id,
      documentId: slots.documentId,
      facilityId: slots.facilityId,
      date: slots.date,
      startTime: slots.startTime,
      endTime: slots.endTime,
      startsAt: slots.startsAt,
      price: slots.price,
      /** The live booking covering a slot of the match, or null. */
      liveId: range.takenBy,
      fits: range.fits.mapWith(Boolean),
      rangePrice: range.price,
      rangeEndTime: range.endTime,
      sameDay: qualified(sql<string | null>`(${sameDayQuery(db, slots.date, phone)})`).mapWith(parseSameDay),
      subscriber: qualified(
        sql<number | null>`(select ${customers.isSubscriber} from ${customers} where ${customers.phone} = ${phone})`,
      ),
      facilityActive: qualified(
        sql<
          number | null
        >`(select ${facilities.isActive} and ${facilities.deletedAt} is null from ${facilities} where ${facilities.id} = ${slots.facilityId})`,
      ),
    })
    .from(slots)
    .where(bySlotId ? eq(slots.id, slot) : eq(slots.documentId, slot));
}

/** What the booking write takes as given; the slot's hour, date and price and the subscriber flag it reads itself. */
export type BookingValues = Omit<
  NewBooking,
  | 'id'
  | 'customerId'
  | 'slotId'
  | 'date'
  | 'startTime'
  | 'endTime'
  | 'startsAt'
  | 'endsAt'
  | 'slotPrice'
  | 'totalPrice'
  | 'depositAmount'
  | 'isSubscriber'
  | 'pickupTime'
> & { documentId: string; bookingNumber: string; createdAt: number };

export interface BookingWrite {
  /** The slot as the visitor named it: its id, or its documentId. */
  slotRef: string;
  values: BookingValues;
  /** The shuttle and add-on prices, added to the covered slots' own. */
  extrasPrice: number;
  /** The deposit of the match (the pitch's, or per hour: contracts/match-length.ts depositFor); a subscriber pays none. */
  depositAmount: number;
  /**
   * On a half-hourly pitch whose matches start only on its hour grid: the minute ('00' or '30') a start must have; null
   * when any slot may start a match.
   */
  startMinute: string | null;
  /** The pickup point's minutes before the hour, or null for no pickup time. */
  pickupMinutesBefore: number | null;
  /** Whether a phone's other live booking that day refuses this one (the admin's same-day switch). */
  sameDayRule: boolean;
  now: number;
  notificationDocumentId: string;
}

/**
 * Checks the rules of behaviour.md#bookings that the data decide and writes the booking, its customer (created once, never rewritten
 * from public input), its history row and the staff notification, in one D1 batch: one round trip, and no
 * gap between a check and its write. Each statement writes only if the slot is still bookable when it runs: it is this
 * pitch's, the pitch is active, the hour is ahead, no live booking holds it, and (with the rule on) the phone holds no
 * other live booking that day. The slot's date, hour and price, the subscriber flag (no deposit) and the pickup time are
 * read by the statement itself, so they are what the row holds when it is written.
 *
 * Answers the booking's read columns, or null when the slot was not bookable (nothing was written; the caller reads
 * why). Rendered once per isolate, then only bound (db/sql.ts renderedBatch): building these statements with drizzle
 * was ≈12 % of a booking's CPU (bench:profile). The values' keys are part of the cache key, so a row with other
 * columns renders anew instead of losing a value.
 */
export async function insertCheckedBooking(db: Db, w: BookingWrite) {
  const bySlotId = /^\d+$/.test(w.slotRef);
  const columns = Object.keys(w.values) as (keyof BookingValues)[];
  const [, inserted, , notified] = await renderedBatch(
    db,
    `create-booking:${bySlotId ? 'id' : 'doc'}:${columns.join(',')}`,
    () => checkedBookingBatch(db, bySlotId, columns, placeholders, 'customer'),
    writeValues(w),
  );
  const booking = inserted[0];
  return booking ? { booking, notifications: notified } : null;
}

/** Every value the checked write binds, by the names its statements read them with. */
const writeValues = (w: BookingWrite): Record<string, unknown> => ({
  ...w.values,
  slot: /^\d+$/.test(w.slotRef) ? Number(w.slotRef) : w.slotRef,
  extrasPrice: w.extrasPrice,
  deposit: w.depositAmount,
  startMinute: w.startMinute,
  pickupBefore: w.pickupMinutesBefore,
  sameDayRule: w.sameDayRule ? 1 : 0,
  now: w.now,
  notificationDocumentId: w.notificationDocumentId,
});

/** A booking staff take in the panel (behaviour.md#bookings 'Staff bookings'): who took it and why it is written. */
export interface StaffBookingWrite extends BookingWrite {
  actorUserId: number;
  actorLabel: string;
  /** The history row's reason: the source, and the same-day override's reason when there is one. */
  historyReason: string;
  /** More statements for the same batch (the payment row, the audit row), each writing only with the booking. */
  also: (mine: SQL) => BatchItem<'sqlite'>[];
}

/**
 * The staff booking's write: the same checked statements as the public one (the slot still bookable when each runs),
 * its history row and notification naming the staff member, the caller's statements, and the detail as it is after
 * them, in one D1 batch. Not rendered once and cached like the public write: staff book a few times an hour. Answers
 * null when the slot was not bookable (nothing was written).
 */
export async function insertStaffBooking(db: Db, w: StaffBookingWrite) {
  const bySlotId = /^\d+$/.test(w.slotRef);
  const columns = Object.keys(w.values) as (keyof BookingValues)[];
  const source = valuesOf({
    ...writeValues(w),
    actorUserId: w.actorUserId,
    actorLabel: w.actorLabel,
    historyReason: w.historyReason,
  });
  const mine = eq(bookings.documentId, w.values.documentId);
  const write = checkedBookingBatch(db, bySlotId, columns, source, 'staff');
  const results = (await db.batch([
    ...write,
    ...w.also(mine),
    detailQuery(db, mine),
    historyQuery(db, qualified(sql<number>`(select ${bookings.id} from ${bookings} where ${mine})`)),
  ] as unknown as Parameters<typeof db.batch>[0])) as unknown as unknown[];
  const inserted = results[1] as { id: number }[];
  if (!inserted[0]) return null;
  return {
    notifications: results[3] as Notification[],
    detail: (results.at(-2) as DetailRow[])[0],
    history: results.at(-1) as HistoryRow[],
  };
}

/** Where the checked write's statements read their values: named placeholders (rendered once), or the values. */
interface ValueSource {
  /** A value inside an SQL expression. */
  p: (name: string) => SQL | Placeholder;
  /** A value bound through its column by rowOf (booleans and JSON encoded). */
  bound: <T = string>(name: string) => T;
}
const placeholders: ValueSource = {
  p: (name) => sql.placeholder(name),
  bound: <T>(name: string) => sql.placeholder(name) as unknown as T,
};
const valuesOf = (values: Record<string, unknown>): ValueSource => ({
  p: (name) => sql`${values[name]}`,
  bound: <T>(name: string) => values[name] as T,
});

/** Who made the booking: the customer on the site, or a staff member in the panel (behaviour.md#bookings). */
type Creator = 'customer' | 'staff';

function checkedBookingBatch(
  db: Db,
  bySlotId: boolean,
  columns: (keyof BookingValues)[],
  { p, bound }: ValueSource,
  creator: Creator,
) {
  const phone = p('customerPhone');
  const createdAt = bound<number>('createdAt');
  const slotOf = bySlotId ? eq(slots.id, p('slot')) : eq(slots.documentId, p('slot'));
  // The match's slots (docs/behaviour.md#match-length): `duration` minutes from the named slot.
  const range = covered(p('duration'));
  const bookable = and(
    slotOf,
    eq(slots.facilityId, p('facilityId')),
    sql`${slots.startsAt} > ${p('now')}`,
    qualified(sql`(select ${facilities.isActive} and ${facilities.deletedAt} is null from ${facilities}
      where ${facilities.id} = ${slots.facilityId}) = 1`),
    qualified(sql`(${p('startMinute')} is null or substr(${slots.startTime}, 4, 2) = ${p('startMinute')})`),
    range.fits,
    qualified(sql`${range.takenBy} is null`),
    qualified(sql`not (${p('sameDayRule')} and exists (select 1 from ${bookings} where ${bookings.customerPhone} = ${phone}
      and ${bookings.date} = ${slots.date} and ${isLive(bookings.status)}))`),
  );
  const subscriber = qualified(
    sql<boolean>`coalesce((select ${customers.isSubscriber} from ${customers} where ${customers.phone} = ${phone}), 0)`,
  );
  const given = Object.fromEntries(columns.map((c) => [c, bound(c)])) as BookingValues;
  const mine = eq(bookings.documentId, p('documentId'));
  const history =
    creator === 'customer'
      ? recordHistory(db, mine, {
          bookingId: bookings.id,
          fromStatus: null,
          toStatus: 'pending',
          actorType: 'customer',
          actorLabel: bookings.customerName,
          createdAt,
        })
      : recordHistory(db, mine, {
          bookingId: bookings.id,
          fromStatus: null,
          toStatus: bookings.status,
          reason: bound('historyReason'),
          actorType: 'staff',
          actorUserId: bound<number>('actorUserId'),
          actorLabel: bound('actorLabel'),
          createdAt,
        });
  const notification =
    creator === 'customer'
      ? notifyEvent(db, mine, {
          kind: 'booking_created',
          documentId: bound('notificationDocumentId'),
          createdAt,
          facts: {},
        })
      : notifyEvent(db, mine, {
          kind: 'booking_created_by_staff',
          documentId: bound('notificationDocumentId'),
          createdAt,
          actorUserId: bound<number>('actorUserId'),
          facts: {
            actorLabel: p('actorLabel') as SQL,
            channel: sql`${bookings.channel}`,
            status: sql`${bookings.status}`,
          },
        });
  return [
    db
      .insert(customers)
      .select(
        db
          .select(
            rowOf(customers, {
              phone: bound('customerPhone'),
              name: bound('customerName'),
              email: bound('customerEmail'),
            }),
          )
          .from(slots)
          .where(bookable),
      )
      .onConflictDoNothing({ target: customers.phone }),
    db
      .insert(bookings)
      .select(
        db
          .select(
            rowOf(bookings, {
              ...given,
              customerId: qualified(
                sql`(select ${customers.id} from ${customers} where ${customers.phone} = ${phone})`,
              ),
              slotId: slots.id,
              date: slots.date,
              startTime: slots.startTime,
              endTime: range.endTime,
              startsAt: slots.startsAt,
              endsAt: qualified(range.end),
              slotPrice: range.price,
              totalPrice: qualified(sql`${range.price} + ${p('extrasPrice')}`),
              isSubscriber: subscriber,
              depositAmount: qualified(sql`case when ${subscriber} then 0 else ${p('deposit')} end`),
              pickupTime: qualified(pickupTimeOf(slots.startTime, p('pickupBefore'))),
            }),
          )
          .from(slots)
          .where(bookable),
      )
      .returning({
        id: bookings.id,
        customerId: bookings.customerId,
        slotId: bookings.slotId,
        slotDocumentId: qualified(
          sql<string>`(select ${slots.documentId} from ${slots} where ${slots.id} = ${bookings.slotId})`,
        ),
        date: bookings.date,
        startTime: bookings.startTime,
        endTime: bookings.endTime,
        startsAt: bookings.startsAt,
        endsAt: bookings.endsAt,
        duration: bookings.duration,
        slotPrice: bookings.slotPrice,
        totalPrice: bookings.totalPrice,
        depositAmount: bookings.depositAmount,
        isSubscriber: bookings.isSubscriber,
        pickupTime: bookings.pickupTime,
      }),
    history,
    notification,
  ] as const;
}

// ---------- status changes ----------

/** A changed booking as RETURNING gives it, with its slot's documentId so live watchers can match the freed slot. */
export const changedBooking = {
  ...getTableColumns(bookings),
  slotDocumentId: qualified(
    sql<string | null>`(select ${slots.documentId} from ${slots} where ${slots.id} = ${bookings.slotId})`,
  ),
};
export type ChangedBooking = Booking & { slotDocumentId: string | null };

/** The status change itself, only if the booking still has the status the check saw (a lost race changes nothing). */
export function updateBookingFrom(db: Db, b: Pick<Booking, 'id' | 'status'>, set: Partial<NewBooking>) {
  return db
    .update(bookings)
    .set(set)
    .where(and(eq(bookings.id, b.id), eq(bookings.status, b.status)))
    .returning(changedBooking);
}

export interface StatusEvent {
  history: Omit<Parameters<typeof recordHistory>[2], 'bookingId' | 'fromStatus' | 'toStatus'>;
  notification: BookingNotice;
}
type StatusSet = Partial<NewBooking> & { status: Booking['status'] };

/** A status change of one booking, its history row and its notification, each written only after the one before. */
function statusChange(db: Db, b: Pick<Booking, 'id' | 'status'>, set: StatusSet, event: StatusEvent) {
  const mine = eq(bookings.id, b.id);
  return [
    updateBookingFrom(db, b, set),
    recordHistory(
      db,
      mine,
      { bookingId: bookings.id, fromStatus: b.status, toStatus: set.status, ...event.history },
      { whenChanged: true },
    ),
    notifyEvent(db, mine, event.notification, { whenChanged: true }),
  ] as const;
}

export async function changeStatus(db: Db, b: Pick<Booking, 'id' | 'status'>, set: StatusSet, event: StatusEvent) {
  const [updated, , notified] = await db.batch(statusChange(db, b, set, event));
  return { booking: updated.at(0), notifications: notified };
}

/**
 * Pending holds past their deadline become expired (behaviour.md#bookings), with their history rows and notifications, in one batch
 * keyed on the same instant. Idempotent: a second run finds nothing. A hold whose money was recorded never expires: the
 * payments trigger clears its deadline, and `collected = 0` here is the backstop.
 */
export async function expireDueHolds(db: Db, facilityId: number, now: number) {
  const due = and(
    eq(bookings.facilityId, facilityId),
    pending,
    lte(bookings.expiresAt, now),
    eq(bookings.collected, 0),
  )!;
  const [, notified, expired] = await db.batch([
    recordHistory(db, due, {
      bookingId: bookings.id,
      fromStatus: 'pending',
      toStatus: 'expired',
      reason: msg.expiredReason,
      actorType: 'system',
      actorLabel: 'Sistem',
      createdAt: now,
    }),
    notifyEvent(db, due, {
      kind: 'booking_expired',
      documentId: sql`lower(hex(randomblob(12)))`,
      createdAt: now,
      facts: {},
    }),
    db
      .update(bookings)
      .set({ status: 'expired', expiresAt: null, updatedAt: now })
      .where(due)
      .returning(changedBooking),
  ]);
  return { expired, notifications: notified };
}

/**
 * Every pitch with a hold past its deadline, active or not (the cron's backstop to the alarms): for each pitch the due
 * part of the partial index bookings_pending_expiry (pitch, deadline; pending only), so it reads the pitches and the
 * due holds, never every pending booking (test/worker/holds.test.ts pins the plan).
 */
export function facilitiesWithDueHolds(db: Db, now: number) {
  return db.all<{ id: number }>(dueHoldFacilities(now));
}

/** The statement of facilitiesWithDueHolds. */
export const dueHoldFacilities = (now: number) => sql`
  select f.id as id from ${facilities} f
  where exists (select 1 from ${bookings} b indexed by bookings_pending_expiry
    where b.facility_id = f.id and b.status = 'pending' and b.expires_at <= ${now} and b.collected = 0)`;

export async function nextHoldDeadline(db: Db, facilityId: number): Promise<number | null> {
  const row = await db
    .select({ next: min(bookings.expiresAt) })
    .from(bookings)
    .where(and(eq(bookings.facilityId, facilityId), pending, isNotNull(bookings.expiresAt)))
    .get();
  return row?.next ?? null;
}

// ---------- the panel: one booking ----------

/** The booking as it is now, with its pitch's name, inside the lock of the pitch it belongs to. */
export function bookingForChange(db: Db, ref: string, facilityId: number) {
  return db
    .select({ booking: bookings, facilityName: facilities.name })
    .from(bookings)
    .innerJoin(facilities, eq(facilities.id, bookings.facilityId))
    .where(and(bookingRef(ref), eq(bookings.facilityId, facilityId)))
    .get();
}

export function bookingKey(db: Db, ref: string) {
  return db
    .select({
      id: bookings.id,
      documentId: bookings.documentId,
      bookingNumber: bookings.bookingNumber,
      status: bookings.status,
      customerPhone: bookings.customerPhone,
      date: bookings.date,
      startTime: bookings.startTime,
      startsAt: bookings.startsAt,
      facilityName: facilities.name,
    })
    .from(bookings)
    .innerJoin(facilities, eq(facilities.id, bookings.facilityId))
    .where(bookingRef(ref))
    .get();
}

/** One booking for the detail dialog: the row, its pitch and its approver. Batchable. */
export function detailQuery(db: Db, where: SQL) {
  return db
    .select({
      booking: bookings,
      facility: { ...bookingFacilityFields, documentId: facilityDocumentId, hourlyPrice: facilities.hourlyPrice },
      approver: { username: users.username, email: users.email, firstName: users.firstName, lastName: users.lastName },
      payments: paymentsJsonOf(bookings.id),
      depositKeepHours: depositKeepHoursSql,
    })
    .from(bookings)
    .innerJoin(facilities, eq(facilities.id, bookings.facilityId))
    .leftJoin(users, eq(users.id, bookings.approvedById))
    .where(where);
}
export type DetailRow = Awaited<ReturnType<typeof detailQuery>>[number];

/** A booking's history, oldest first. Batchable. */
export function historyQuery(db: Db, bookingId: number | SQL) {
  return db
    .select({
      id: bookingHistory.id,
      fromStatus: bookingHistory.fromStatus,
      toStatus: bookingHistory.toStatus,
      reason: bookingHistory.reason,
      event: bookingHistory.event,
      actorType: bookingHistory.actorType,
      actorLabel: bookingHistory.actorLabel,
      createdAt: bookingHistory.createdAt,
    })
    .from(bookingHistory)
    .where(eq(bookingHistory.bookingId, bookingId))
    .orderBy(bookingHistory.createdAt, bookingHistory.id);
}
export type HistoryRow = Awaited<ReturnType<typeof historyQuery>>[number];

export async function bookingDetailRows(db: Db, ref: string) {
  const [found, history] = await db.batch([
    detailQuery(db, bookingRef(ref)),
    historyQuery(db, qualified(sql<number>`(select ${bookings.id} from ${bookings} where ${bookingRef(ref)})`)),
  ]);
  return found[0] ? { row: found[0], history } : null;
}

/**
 * A staff decision (approve, reject, cancel) and the detail as it is after it, in one batch. Its audit row follows the
 * notification and is written only when that was, so a decision that lost a race leaves no audit row either.
 */
export async function changeStatusAndReread(
  db: Db,
  b: Pick<Booking, 'id' | 'status'>,
  set: StatusSet,
  event: StatusEvent & { audit: AuditEntry },
  /** More statements of the same decision (a payment row, its history and audit), after the change and before the re-read. */
  also: BatchItem<'sqlite'>[] = [],
) {
  const [updated, , notified, , ...rest] = await db.batch([
    ...statusChange(db, b, set, event),
    recordAudit(db, event.audit, { whenChanged: true }),
    ...(also as [BatchItem<'sqlite'>]),
    detailQuery(db, eq(bookings.id, b.id)),
    historyQuery(db, b.id),
  ]);
  const detail = rest.at(-2) as DetailRow[];
  const history = rest.at(-1) as HistoryRow[];
  return { booking: updated.at(0), notifications: notified, detail: detail.at(0), history };
}

/** Staff edit the notes; a history row says who, and an audit row (written only when the booking was there). */
export async function updateNotes(
  db: Db,
  bookingId: number,
  notes: string | null,
  history: { actorUserId: number; actorLabel: string },
  now: number,
  audit: AuditEntry,
) {
  const mine = eq(bookings.id, bookingId);
  await db.batch([
    db.update(bookings).set({ notes, updatedAt: now }).where(mine),
    recordHistory(db, mine, {
      bookingId: bookings.id,
      fromStatus: bookings.status,
      toStatus: bookings.status,
      reason: msg.notesUpdatedReason,
      event: 'notes',
      actorType: 'staff',
      ...history,
      createdAt: now,
    }),
    recordAudit(db, audit, { whenChanged: true }),
  ]);
}

/**
 * KVKK: every booking of the phone and the customer row lose the name, phone (replaced by `hash`), e-mail and notes;
 * the name also leaves the history labels and the notifications, and every reason or note a person typed about those
 * bookings (cancel and reject reasons, approve notes: staff often write the customer's name and phone there) gives way
 * to its category (db/events.ts eraseFreeText). One atomic batch, with a history row per
 * booking and an audit notification on `auditBookingId` naming the staff member.
 */
export async function anonymisePhone(
  db: Db,
  phone: string,
  hash: string,
  audit: { bookingId: number; documentId: string; actorUserId: number; actorLabel: string; entry: AuditEntry },
  now: number,
) {
  const ofPhone = eq(bookings.customerPhone, phone);
  const [audited] = await db.batch([
    notifyEvent(db, eq(bookings.id, audit.bookingId), {
      kind: 'customer_erased',
      documentId: audit.documentId,
      createdAt: now,
      actorUserId: audit.actorUserId,
      facts: { actorLabel: audit.actorLabel },
    }),
    recordAudit(db, audit.entry, { whenChanged: true }),
    recordHistory(db, ofPhone, {
      bookingId: bookings.id,
      fromStatus: bookings.status,
      toStatus: bookings.status,
      reason: msg.customerAnonymised,
      event: 'erased',
      actorType: 'staff',
      actorUserId: audit.actorUserId,
      actorLabel: audit.actorLabel,
      createdAt: now,
    }),
    ...forgetCustomerInEvents(db, phone, msg.anonymisedName),
    ...eraseFreeText(db, phone),
    // The subscriber's calendar feeds hold their bookings: revoked while the phone still finds them.
    revokeFeedsOfPhone(db, phone, now),
    // The browsers that hear those bookings: their endpoints are personal data too (behaviour.md#notifications).
    deletePushOfPhone(db, phone),
    // Their comments on pitches are free text: cleared; the scores stay, tied to bookings erased as well (behaviour.md#ratings).
    eraseCommentsOfPhone(db, phone),
    // The phone's waitlist entries and their devices go (docs/behaviour.md#waitlist).
    db
      .delete(waitlistPushSubscriptions)
      .where(
        inArray(
          waitlistPushSubscriptions.entryId,
          db.select({ id: waitlistEntries.id }).from(waitlistEntries).where(eq(waitlistEntries.customerPhone, phone)),
        ),
      ),
    db.delete(waitlistEntries).where(eq(waitlistEntries.customerPhone, phone)),
    db
      .update(bookings)
      .set({
        customerName: msg.anonymisedName,
        customerPhone: hash,
        customerEmail: null,
        notes: null,
        // The match page's address was handed to others: after an erasure it opens nothing (behaviour.md#public-site 'Match page').
        shareToken: null,
        // A staff member's same-day override reason is typed text: it may name the customer.
        sameDayOverrideReason: sql`case when ${bookings.sameDayOverrideReason} is null then null else ${msg.freeTextErased} end`,
        updatedAt: now,
      })
      .where(ofPhone),
    db
      .update(customers)
      .set({ name: msg.anonymisedName, phone: hash, email: null, updatedAt: now })
      .where(eq(customers.phone, phone)),
  ]);
  return audited;
}

export const bookingByNumber = (bookingNumber: string) => eq(bookings.bookingNumber, bookingNumber);
