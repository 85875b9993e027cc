import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { bookings, facilities, users, type Booking, type Notification } from '../db/schema';
import { camelRow } from '../lib/rows';
import { notificationToWire, type NotificationWire } from './notifications';
import type { CreateBookingInput } from '../../../contracts/bookings';
import { maskBookingNumber, nameWithInitial, pickupTimeFor } from '../../../contracts/common';
import { msg } from '../../../contracts/messages';
import { badRequest, conflict, notFound } from '../lib/errors';
import { newBookingNumber, newDocumentId } from '../lib/ids';
import { toTl } from '../lib/money';
import { DAY, isoInstant, MINUTE } from '../lib/time';
import { maskPhone, trLongDate } from '../lib/format';
import type { FacilityBundle, FacilityRow } from './facilities';
import type { SlotRow } from './slots';

export interface Clock { now: number }

// ---------- wire shapes ----------

type BookingFacility = Pick<FacilityRow, 'documentId' | 'slug' | 'name' | 'address' | 'phoneNumbers' | 'bankName' | 'recipientName' | 'depositIban'>;
/** owner: the booking's own answers (create, track by number); public: someone else's booking; staff: the panel. */
export type Audience = 'owner' | 'public' | 'staff';

export function bookingToWire(b: Booking, f: BookingFacility, audience: Audience, now: number, approver?: { username: string; email: string } | null) {
  return {
    id: b.id,
    documentId: b.documentId,
    bookingNumber: b.bookingNumber,
    customerName: b.customerName,
    // A public answer never carries a phone other than the caller's own (00 §2).
    ...(audience === 'public'
      ? { customerPhoneMasked: maskPhone(b.customerPhone) }
      : { customerPhone: b.customerPhone, customerEmail: b.customerEmail }),
    notes: b.notes,
    status: b.status,
    paymentStatus: b.paymentStatus,
    totalPrice: toTl(b.totalPrice),
    depositAmount: toTl(b.depositAmount),
    isSubscriber: b.isSubscriber,
    isRecurring: b.isRecurring,
    recurringGroupId: b.recurringGroupId,
    date: b.date,
    time: b.startTime,
    startTime: b.startTime,
    endTime: b.endTime,
    isPast: b.startsAt <= now,
    // The real start instant (an overnight slot's business date is the day before): the tracking page's 24 h cancel rule.
    startsAt: isoInstant(b.startsAt),
    includesTransportation: b.includesTransportation,
    transportationPrice: toTl(b.transportationPrice),
    transportationDetails: b.includesTransportation
      ? { pickupPointId: b.pickupPointId, pickupPointName: b.pickupPointName, pickupPointAddress: b.pickupPointAddress, pickupTime: b.pickupTime }
      : null,
    facility: {
      documentId: f.documentId,
      slug: f.slug,
      name: f.name,
      address: f.address,
      phone: f.phoneNumbers[0] ?? null,
      phoneNumbers: f.phoneNumbers,
      bankName: f.bankName,
      recipientName: f.recipientName,
      depositIban: f.depositIban,
    },
    bookingSlot: { date: b.date, startTime: b.startTime, endTime: b.endTime, price: toTl(b.slotPrice) },
    approvedAt: isoInstant(b.approvedAt),
    ...(audience === 'staff' ? { approvedBy: approver ?? null, source: b.source, expiresAt: isoInstant(b.expiresAt) } : {}),
    rejectionReason: b.rejectionReason,
    cancellationReason: b.cancellationReason,
    cancelledAt: isoInstant(b.cancelledAt),
    createdAt: isoInstant(b.createdAt),
    updatedAt: isoInstant(b.updatedAt),
    clientTimestamp: b.clientTimestamp,
    clientTimezone: b.clientTimezone,
  };
}
export type BookingWire = ReturnType<typeof bookingToWire>;

/**
 * A booking found by a phone alone (subscriber tracking). Whoever holds a phone is not the customer (issue 7 §1, §4):
 * no e-mail, no notes, the name as 'Barış A.', and the booking number masked to its last 3 characters, since the full
 * number is the key that cancels it. Details and cancelling ask for the full number.
 */
export function phoneLookupToWire(b: Booking, f: BookingFacility, now: number) {
  const { bookingNumber, notes: _notes, ...rest } = bookingToWire(b, f, 'owner', now);
  return { ...rest, customerEmail: null, notes: null, customerName: nameWithInitial(b.customerName), bookingNumberMasked: maskBookingNumber(bookingNumber) };
}

// ---------- creation ----------

interface CreateCheckRow {
  id: number;
  document_id: string;
  facility_id: number;
  date: string;
  start_time: string;
  end_time: string;
  starts_at: number;
  price: number;
  live_id: number | null;
  same_day: string | null;
  subscriber: number | null;
  facility_active: number;
}

interface SameDayRow { bookingNumber: string; customerName: string; facility: string; date: string; time: string; endTime: string; status: string }

const SAME_DAY_SQL = `select json_object('bookingNumber', b.booking_number, 'customerName', b.customer_name, 'facility', f.name,
                             'date', b.date, 'time', b.start_time, 'endTime', b.end_time, 'status', b.status) as existing
            from bookings b join facilities f on f.id = b.facility_id
            where b.customer_phone = ?2 and b.date = ?1 and b.status in ('pending', 'approved')
            order by b.starts_at limit 1`;

/**
 * The same-day 409 (00 §3) tells the owner what they hold without handing it to whoever typed the phone: pitch, date,
 * hour, status, 'Barış A.' and the number masked to its last 3 characters. The full number is the key that cancels it.
 */
function sameDayConflict(row: SameDayRow) {
  return conflict(msg.sameDayBooking, {
    existingBooking: {
      bookingNumberMasked: maskBookingNumber(row.bookingNumber),
      customerName: nameWithInitial(row.customerName),
      facility: row.facility,
      date: row.date,
      time: row.time,
      endTime: row.endTime,
      status: row.status,
    },
  });
}

export interface CreateDeps extends Clock {
  db: Db;
  d1: D1Database;
  /** Test hook: an injected pause between the check and the write, to prove the critical section is serialised. */
  pause?: () => Promise<void>;
}

export interface CreatedBooking { booking: BookingWire; slot: SlotRow; notifications: NotificationWire[]; expiresAt: number }

const LIVE = `('pending', 'approved')`;

/**
 * Checks every rule of 00 §3, then writes the booking, its history row and the staff notification in one D1 batch.
 * Safe only when callers are serialised per pitch (the FacilityBooking Durable Object); the partial unique index
 * on bookings(slot_id) is the backstop for any other path.
 */
export async function createBooking(deps: CreateDeps, bundle: FacilityBundle, input: CreateBookingInput): Promise<CreatedBooking> {
  const { d1, now } = deps;
  const f = bundle.facility;
  const slotRef = input.bookingSlot!;
  const bySlotId = /^\d+$/.test(slotRef);

  // ---- check ----
  const check = await d1
    .prepare(
      `select s.id, s.document_id, s.facility_id, s.date, s.start_time, s.end_time, s.starts_at, s.price,
         (select b.id from bookings b where b.slot_id = s.id and b.status in ${LIVE}) as live_id,
         (${SAME_DAY_SQL.replace('?1', 's.date')}) as same_day,
         (select c.is_subscriber from customers c where c.phone = ?2) as subscriber,
         (select f.is_active from facilities f where f.id = s.facility_id) as facility_active
       from booking_slots s where ${bySlotId ? 's.id = ?1' : 's.document_id = ?1'}`,
    )
    .bind(bySlotId ? Number(slotRef) : slotRef, input.customerPhone)
    .first<CreateCheckRow>();

  if (!check) throw notFound(msg.slotNotFound);
  if (check.facility_id !== f.id) throw badRequest(msg.slotWrongFacility, { errors: [{ path: ['bookingSlot'], message: msg.slotWrongFacility }] });
  // Read fresh in the check: the object's cached pitch data may be seconds old when staff deactivate a pitch.
  if (check.facility_active !== 1) throw conflict(msg.facilityInactive);
  if (check.starts_at <= now) throw badRequest(msg.pastSlot, { errors: [{ path: ['bookingSlot'], message: msg.pastSlot }] });
  if (check.live_id !== null) throw conflict(msg.slotTaken, { slot: check.document_id });
  if (check.same_day) throw sameDayConflict(JSON.parse(check.same_day) as SameDayRow);

  let transportPrice = 0;
  let pickup: FacilityBundle['pickupPoints'][number] | null = null;
  if (input.includesTransportation) {
    if (!f.transportIsActive) throw badRequest(msg.transportUnavailable, { errors: [{ path: ['includesTransportation'], message: msg.transportUnavailable }] });
    const pickupId = input.transportationDetails?.pickupPointId ?? null;
    if (bundle.pickupPoints.length > 0) {
      if (!pickupId) throw badRequest(msg.pickupPointRequired, { errors: [{ path: ['transportationDetails', 'pickupPointId'], message: msg.pickupPointRequired }] });
      pickup = bundle.pickupPoints.find((p) => p.id === pickupId) ?? null;
      if (!pickup) throw badRequest(msg.pickupPointInvalid, { errors: [{ path: ['transportationDetails', 'pickupPointId'], message: msg.pickupPointInvalid }] });
    }
    transportPrice = f.transportPrice;
  }

  if (deps.pause) await deps.pause();

  // ---- write (one atomic batch) ----
  const isSubscriber = check.subscriber === 1;
  const expiresAt = now + f.autoApprovalTimeout * MINUTE;
  const documentId = newDocumentId();
  const notificationDoc = newDocumentId();
  const row = {
    documentId,
    facilityId: f.id,
    slotId: check.id,
    customerName: input.customerName,
    customerPhone: input.customerPhone,
    customerEmail: input.customerEmail,
    notes: input.notes,
    date: check.date,
    startTime: check.start_time,
    endTime: check.end_time,
    startsAt: check.starts_at,
    slotPrice: check.price,
    includesTransportation: Boolean(input.includesTransportation),
    transportationPrice: transportPrice,
    pickupPointId: pickup?.id ?? null,
    pickupPointName: pickup?.name ?? null,
    pickupPointAddress: pickup?.address ?? null,
    // Derived from the booked hour (issue 7 §2); a stored clock time would contradict any other hour.
    pickupTime: pickup ? pickupTimeFor(check.start_time, pickup.minutesBefore) : null,
    totalPrice: check.price + transportPrice,
    depositAmount: isSubscriber ? 0 : f.depositAmount,
    isSubscriber,
    expiresAt,
    clientTimestamp: input.clientTimestamp ?? null,
    clientTimezone: input.clientTimezone ?? null,
  };

  for (let attempt = 0; ; attempt++) {
    const bookingNumber = newBookingNumber();
    try {
      const [, inserted, , notified] = await d1.batch([
        // A phone is not an identity: public input creates a customer once and never rewrites one (issue 7 §4); the
        // booking row keeps the name typed for it.
        d1.prepare(`insert into customers (phone, name, email) values (?1, ?2, ?3) on conflict (phone) do nothing`).bind(
          row.customerPhone, row.customerName, row.customerEmail,
        ),
        d1.prepare(
          `insert into bookings (document_id, booking_number, facility_id, slot_id, customer_id, customer_name, customer_phone,
             customer_email, notes, date, start_time, end_time, starts_at, slot_price, includes_transportation,
             transportation_price, pickup_point_id, pickup_point_name, pickup_point_address, pickup_time, status,
             payment_status, total_price, deposit_amount, is_subscriber, expires_at, source, client_timestamp,
             client_timezone, created_at, updated_at)
           values (?1, ?2, ?3, ?4, (select id from customers where phone = ?6), ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14,
             ?15, ?16, ?17, ?18, ?19, 'pending', 'pending', ?20, ?21, ?22, ?23, 'web', ?24, ?25, ?26, ?26)
           returning id, customer_id`,
        ).bind(
          row.documentId, bookingNumber, row.facilityId, row.slotId, row.customerName, row.customerPhone, row.customerEmail,
          row.notes, row.date, row.startTime, row.endTime, row.startsAt, row.slotPrice, row.includesTransportation ? 1 : 0,
          row.transportationPrice, row.pickupPointId, row.pickupPointName, row.pickupPointAddress, row.pickupTime,
          row.totalPrice, row.depositAmount, row.isSubscriber ? 1 : 0, row.expiresAt, row.clientTimestamp, row.clientTimezone, now,
        ),
        d1.prepare(
          `insert into booking_history (booking_id, from_status, to_status, actor_type, actor_label, created_at)
           select id, null, 'pending', 'customer', customer_name, ?2 from bookings where document_id = ?1`,
        ).bind(row.documentId, now),
        d1.prepare(
          `insert into notifications (document_id, type, priority, title, message, booking_id, facility_id, target_role, created_at)
           select ?2, 'booking_created', 'high', 'Yeni Rezervasyon', ?3, id, facility_id, 'Admin', ?4 from bookings where document_id = ?1
           returning *`,
        ).bind(row.documentId, notificationDoc, `${row.customerName} · ${f.name} · ${trLongDate(row.date)} ${row.startTime}`, now),
      ]);
      // Every column but the ids is already known here; no need to ship the whole row back through D1.
      const ids = inserted.results[0] as { id: number; customer_id: number | null };
      const created: Booking = {
        ...row, id: ids.id, customerId: ids.customer_id, bookingNumber, status: 'pending', paymentStatus: 'pending',
        isRecurring: false, recurringGroupId: null, approvedById: null, approvedAt: null, rejectionReason: null,
        cancellationReason: null, cancelledAt: null, source: 'web', createdAt: now, updatedAt: now, searchKey: null,
      };
      const notifications = notificationsOf(notified);
      const slot: SlotRow = {
        id: check.id, document_id: check.document_id, date: check.date, start_time: check.start_time, end_time: check.end_time,
        starts_at: check.starts_at, price: check.price, booking_status: 'pending', customer_name: row.customerName,
        is_subscriber: row.isSubscriber ? 1 : 0,
      };
      return { booking: bookingToWire(created, f, 'owner', now), slot, notifications, expiresAt };
    } catch (e) {
      const text = String((e as Error)?.message ?? e);
      if (text.includes('bookings.booking_number') && attempt < 3) continue;
      if (text.includes('UNIQUE constraint failed') && text.includes('bookings.slot_id')) throw conflict(msg.slotTaken, { slot: check.document_id });
      // Another pitch's object won the same-day race for this phone (bookings_one_live_per_phone_day): the same 409.
      if (text.includes('UNIQUE constraint failed') && text.includes('bookings.customer_phone')) {
        const other = await d1.prepare(SAME_DAY_SQL).bind(row.date, row.customerPhone).first<{ existing: string }>();
        throw other ? sameDayConflict(JSON.parse(other.existing) as SameDayRow) : conflict(msg.sameDayBooking);
      }
      throw e;
    }
  }
}

export const mapBookingRow = (r: Record<string, unknown>) => camelRow<Booking>(r, ['includesTransportation', 'isSubscriber', 'isRecurring']);
const notificationsOf = (res: D1Result) => res.results.map((r) => notificationToWire(camelRow<Notification>(r as Record<string, unknown>, ['isRead'])));

// ---------- reading ----------

const bookingWithFacility = (db: Db) =>
  db
    .select({
      booking: bookings,
      facility: {
        documentId: facilities.documentId, slug: facilities.slug, name: facilities.name, address: facilities.address,
        phoneNumbers: facilities.phoneNumbers, bankName: facilities.bankName, recipientName: facilities.recipientName,
        depositIban: facilities.depositIban,
      },
      approver: { username: users.username, email: users.email },
    })
    .from(bookings)
    .innerJoin(facilities, eq(facilities.id, bookings.facilityId))
    .leftJoin(users, eq(users.id, bookings.approvedById));

export async function findByNumber(db: Db, bookingNumber: string) {
  return bookingWithFacility(db).where(eq(bookings.bookingNumber, bookingNumber)).get();
}

export async function trackByNumber(db: Db, bookingNumber: string, now: number): Promise<BookingWire> {
  const found = await findByNumber(db, bookingNumber);
  if (!found) throw notFound(msg.bookingNotFound);
  return bookingToWire(found.booking, found.facility, 'public', now);
}

/** Subscriber bookings only, newest first (01 §2 'Sadece abone rezervasyonlarınız görüntülenir'). */
export async function trackByPhone(db: Db, phone: string, now: number) {
  const rows = await bookingWithFacility(db)
    .where(and(eq(bookings.customerPhone, phone), eq(bookings.isSubscriber, true)))
    .orderBy(desc(bookings.date), desc(bookings.startTime))
    .limit(500)
    .all();
  return rows.map((r) => phoneLookupToWire(r.booking, r.facility, now));
}

export async function subscriptionInfo(db: Db, phone: string, now: number) {
  const row = await db.get<{
    name: string | null; is_subscriber: number | null; total: number; approved: number; upcoming: number;
    next_date: string | null; next_time: string | null; first_date: string | null; last_date: string | null;
  }>(sql`
    select c.name, c.is_subscriber,
      count(b.id) as total,
      coalesce(sum(b.status = 'approved'), 0) as approved,
      coalesce(sum(b.status in ('pending', 'approved') and b.starts_at > ${now}), 0) as upcoming,
      (select b2.date from bookings b2 where b2.customer_phone = ${phone} and b2.is_subscriber = 1 and b2.status in ('pending', 'approved') and b2.starts_at > ${now} order by b2.starts_at limit 1) as next_date,
      (select b2.start_time from bookings b2 where b2.customer_phone = ${phone} and b2.is_subscriber = 1 and b2.status in ('pending', 'approved') and b2.starts_at > ${now} order by b2.starts_at limit 1) as next_time,
      min(b.date) as first_date, max(b.date) as last_date
    from customers c left join bookings b on b.customer_phone = c.phone and b.is_subscriber = 1
    where c.phone = ${phone}
    group by c.id`);
  return {
    customerPhone: phone,
    isSubscriber: row?.is_subscriber === 1,
    customerName: row?.is_subscriber === 1 && row.name ? nameWithInitial(row.name) : null,
    totalBookings: row?.total ?? 0,
    approvedBookings: row?.approved ?? 0,
    upcomingBookings: row?.upcoming ?? 0,
    nextBooking: row?.next_date ? { date: row.next_date, time: row.next_time } : null,
    firstBookingDate: row?.first_date ?? null,
    lastBookingDate: row?.last_date ?? null,
  };
}

// ---------- status changes ----------

export interface StatusChange { booking: BookingWire; slot: SlotRow | null; notifications: NotificationWire[] }

// RETURNING may carry the freed slot's documentId, so live watchers can match it.
const SLOT_DOC = `(select s.document_id from booking_slots s where s.id = bookings.slot_id) as slot_document_id`;

const HISTORY_AND_NOTIFY = {
  // Written only when the update before them changed the booking: a change that lost a race leaves no trace.
  history: `insert into booking_history (booking_id, from_status, to_status, reason, actor_type, actor_user_id, actor_label, created_at)
            select ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8 where changes() > 0`,
  notify: `insert into notifications (document_id, type, priority, title, message, booking_id, facility_id, target_role, created_at)
           select ?1, ?2, ?3, ?4, ?5, ?6, ?7, 'Admin', ?8 where changes() > 0 returning *`,
};

/** Customer cancel by booking number (00 §3): only live bookings, and only 24 hours or more before the start. */
export async function cancelByCustomer(
  deps: { db: Db; d1: D1Database; now: number },
  bookingNumber: string,
  reason: string | null,
  customerPhone?: string,
): Promise<StatusChange> {
  const { db, d1, now } = deps;
  const found = await findByNumber(db, bookingNumber);
  // From the same-day warning the number must be that phone's booking; a wrong one is told apart from nothing else.
  if (customerPhone !== undefined && found?.booking.customerPhone !== customerPhone) throw badRequest(msg.bookingNumberMismatch, { errors: [{ path: ['bookingNumber'], message: msg.bookingNumberMismatch }] });
  if (!found) throw notFound(msg.bookingNotFound);
  const b = found.booking;
  if (b.status !== 'pending' && b.status !== 'approved') throw conflict(msg.alreadyProcessed, { status: b.status });
  if (b.startsAt <= now) throw badRequest(msg.cancelPast);
  if (b.startsAt - now < DAY) throw badRequest(msg.cancelTooLate);

  const why = reason ?? msg.customerCancelReason;
  const paymentStatus = b.paymentStatus === 'paid' ? 'refunded' : b.paymentStatus;
  const [updated, , notified] = await d1.batch([
    d1.prepare(
      `update bookings set status = 'cancelled', payment_status = ?3, cancellation_reason = ?4, cancelled_at = ?5,
         expires_at = null, updated_at = ?5 where id = ?1 and status = ?2 returning *, ${SLOT_DOC}`,
    ).bind(b.id, b.status, paymentStatus, why, now),
    d1.prepare(HISTORY_AND_NOTIFY.history).bind(b.id, b.status, 'cancelled', why, 'customer', null, b.customerName, now),
    d1.prepare(HISTORY_AND_NOTIFY.notify).bind(
      newDocumentId(), 'booking_cancelled', 'medium', 'Rezervasyon İptal Edildi',
      `${b.bookingNumber} · ${b.customerName} · ${found.facility.name} · ${trLongDate(b.date)} ${b.startTime}`, b.id, b.facilityId, now,
    ),
  ]);
  const row = updated.results[0] as Record<string, unknown> | undefined;
  if (!row) throw conflict(msg.alreadyProcessed);
  const after = mapBookingRow(row);
  return {
    booking: bookingToWire(after, found.facility, 'public', now),
    slot: b.slotId ? freedSlot(after) : null,
    notifications: notificationsOf(notified),
  };
}

export function freedSlot(b: Booking & { slotDocumentId?: string | null }): SlotRow {
  return {
    id: b.slotId!, document_id: b.slotDocumentId ?? '', date: b.date, start_time: b.startTime, end_time: b.endTime, starts_at: b.startsAt,
    price: b.slotPrice, booking_status: null, customer_name: null, is_subscriber: null,
  };
}

/**
 * Pending holds past their deadline become expired and free their slot (00 §3). Idempotent: a second run finds nothing.
 * History, notifications and the status change are one atomic batch keyed on the same instant.
 */
export async function expireHolds(d1: D1Database, facilityId: number, now: number): Promise<{ expired: Booking[]; notifications: NotificationWire[] }> {
  const due = `facility_id = ?1 and status = 'pending' and expires_at <= ?2`;
  const [, notified, expired] = await d1.batch([
    d1.prepare(
      `insert into booking_history (booking_id, from_status, to_status, reason, actor_type, actor_label, created_at)
       select id, 'pending', 'expired', ?3, 'system', 'Sistem', ?2 from bookings where ${due}`,
    ).bind(facilityId, now, msg.expiredReason),
    d1.prepare(
      `insert into notifications (document_id, type, priority, title, message, booking_id, facility_id, target_role, created_at)
       select lower(hex(randomblob(12))), 'booking_updated', 'low', 'Rezervasyon Süresi Doldu',
              booking_number || ' · ' || customer_name || ' · ' || date || ' ' || start_time, id, facility_id, 'Admin', ?2
       from bookings where ${due} returning *`,
    ).bind(facilityId, now),
    d1.prepare(`update bookings set status = 'expired', expires_at = null, updated_at = ?2 where ${due} returning *, ${SLOT_DOC}`).bind(facilityId, now),
  ]);
  return {
    expired: expired.results.map((r) => mapBookingRow(r as Record<string, unknown>)),
    notifications: notificationsOf(notified),
  };
}

export async function nextHoldDeadline(d1: D1Database, facilityId: number): Promise<number | null> {
  const row = await d1
    .prepare(`select min(expires_at) as next from bookings where facility_id = ? and status = 'pending' and expires_at is not null`)
    .bind(facilityId)
    .first<{ next: number | null }>();
  return row?.next ?? null;
}

