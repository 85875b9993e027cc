// The panel's side of bookings (behaviour.md#management-panel 'Bookings management', 'Dashboard', 'Booking detail dialog'; behaviour.md#bookings):
// a server-filtered, counted and paged list, the dashboard figures, the detail with its history, approve and reject.

import { and, eq } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { PublicUser } from '../../../contracts/auth';
import { msg } from '../../../contracts/messages';
import type { BookingListQuery } from '../../../contracts/panel';
import type { DepositDecisionInput } from '../../../contracts/payment-input';
import type { PaymentMethod } from '../../../contracts/payments';
import { normalisePhone } from '../../../contracts/phone';
import { foldSearch } from '../../../contracts/search';
import type { BookingCounts, BookingDetail, BookingStatsWire } from '../../../contracts/wire/booking';
import type { NotificationWire } from '../../../contracts/wire/notification';
import { bookingRef } from '../db/booking-columns';
import * as list from '../db/booking-list';
import * as store from '../db/bookings';
import type { Db } from '../db/client';
import { collectedStatement } from '../db/day-end';
import { facilityIdOf, facilityRef } from '../db/facility-ref';
import { type PaymentTarget, paymentsOf, paymentWithEvents } from '../db/payments';
import { type Booking, bookings } from '../db/schema';
import { conflict, notFound } from '../lib/errors';
import { newDocumentId } from '../lib/ids';
import { toTl } from '../lib/money';
import { addDays, istanbulToday } from '../lib/time';
import { step } from '../lib/timing';
import { detailToWire, listItemToWire } from './booking-wire';
import { notificationsToWire } from './notifications';
import { checkPayment, moneyOf } from './payment-rules';
import { type BookedSlot, slotOfBooking } from './slots';

export type { BookingCounts, BookingDetail, BookingListItem } from '../../../contracts/wire/booking';

// ---------- the list ----------

/** A search that is all phone characters looks for the phone's digits in the normalised form the table keeps. */
export function searchPattern(q: string): string {
  const compact = q.replace(/[\s()+-]/g, '');
  if (/^\d{3,}$/.test(compact)) {
    const phone = normalisePhone(compact);
    if (phone) return phone;
    // A partial number: "532 12" → "53212"; a leading +90/90 is the country code, not part of the stored number.
    return compact.replace(/^90(?=5)/, '0');
  }
  return foldSearch(q);
}

const filterOf = (q: BookingListQuery, facilityId: number | null): list.ListFilter => ({
  search: q.q ? searchPattern(q.q) : undefined,
  subscribers: q.subscribers,
  transport: q.transport,
  from: q.from,
  to: q.to,
  facilityId,
});

function pageOf(q: BookingListQuery, now: number): list.PageSpec {
  const today = istanbulToday(now);
  return {
    tab: q.tab,
    sort: q.sort ?? (q.tab === 'upcoming' ? 'date:asc' : 'createdAt:desc'),
    page: q.page,
    pageSize: q.pageSize,
    today,
    yesterday: addDays(today, -1),
    now,
  };
}

/** The page's query, as the list runs it (the plan tests read it). */
export const pageQuery = (db: Db, q: BookingListQuery, facilityId: number | null, now: number) =>
  list.bookingsPage(db, filterOf(q, facilityId), pageOf(q, now));

/** The pitch a panel filter names (slug, documentId or id); none for every pitch. */
async function scopeOf(db: Db, ref: string | undefined): Promise<number | null> {
  if (!ref) return null;
  const f = await facilityRef(db, ref);
  if (!f) throw notFound(msg.facilityNotFound);
  return f.id;
}

/** The tabs' counts from the rows grouped by status (Gelecek: the live ones still ahead; İptal: cancelled and expired). */
export function countsOf(grouped: { status: Booking['status']; n: number; today: number; ahead: number }[]) {
  const counts: BookingCounts = { all: 0, today: 0, upcoming: 0, pending: 0, approved: 0, rejected: 0, cancelled: 0 };
  for (const g of grouped) {
    counts.all += g.n;
    counts.today += g.today;
    if (g.status === 'pending' || g.status === 'approved') counts.upcoming += g.ahead;
    if (g.status === 'cancelled' || g.status === 'expired') counts.cancelled += g.n;
    else counts[g.status] += g.n;
  }
  return counts;
}

/**
 * One filtered, sorted page and the tab counts, in one D1 round trip after the pitch filter's look-up (and, for a
 * search of 3 or more characters, after the bounded count of its matches).
 */
export async function listBookings(db: Db, q: BookingListQuery, now: number) {
  const facilityId = await step('scope', () => scopeOf(db, q.facility));
  const { grouped, page } = await step('read', () =>
    list.bookingsPageWithCounts(db, filterOf(q, facilityId), pageOf(q, now)),
  );
  const counts = countsOf(grouped);
  const total = q.tab === 'all' ? counts.all : counts[q.tab];
  return {
    data: page.map((r) => listItemToWire(r, now)),
    meta: {
      pagination: { page: q.page, pageSize: q.pageSize, pageCount: Math.max(1, Math.ceil(total / q.pageSize)), total },
      counts,
    },
  };
}

// ---------- the dashboard ----------

/** Figures of behaviour.md#management-panel 'Dashboard' and api.md 'GET /bookings/stats'; revenue per #constants-and-limits (approved totals, shuttle included). */
export async function bookingStats(db: Db, facilityFilter: string | undefined, now: number): Promise<BookingStatsWire> {
  const today = istanbulToday(now);
  const month = { today, start: `${today.slice(0, 8)}01`, end: addDays(`${nextMonth(today)}-01`, -1) };
  const ref = facilityFilter || undefined;
  const [found, money] = await step('read', () =>
    Promise.all([
      list.dashboardRows(db, ref, month),
      collectedStatement(
        db,
        { from: month.start, to: month.end, today },
        ref === undefined ? null : facilityIdOf(db, ref),
      ).get(),
    ]),
  );
  if (!found.found) throw notFound(msg.facilityNotFound);
  const { figures: f, pendingFirst, newest } = found;
  // The latest 5: pending first, then newest first (behaviour.md#management-panel).
  const latest = [...pendingFirst, ...newest].slice(0, 5);
  return {
    today: { total: f.todayTotal, pending: f.todayPending, approved: f.todayApproved },
    monthly: { total: f.monthTotal, approved: f.monthApproved, revenue: toTl(f.monthRevenue) },
    pending: f.pending,
    total: f.total,
    revenue: toTl(f.revenue),
    collected: { today: toTl(money?.today ?? 0), month: toTl(money?.month ?? 0) },
    latest: latest.map((r) => listItemToWire(r, now)),
  };
}

function nextMonth(date: string): string {
  const [y, m] = date.split('-').map(Number);
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

// ---------- the detail ----------

export async function bookingDetail(db: Db, ref: string, now: number): Promise<BookingDetail> {
  const found = await store.bookingDetailRows(db, ref);
  if (!found) throw notFound(msg.bookingNotFound);
  return detailToWire(found.row, found.history, now);
}

/** The pitch whose object serialises changes to this booking (documentId or booking number). */
export async function facilityOfBooking(db: Db, ref: string): Promise<number> {
  const facilityId = await store.facilityIdOfBooking(db, bookingRef(ref));
  if (facilityId === undefined) throw notFound(msg.bookingNotFound);
  return facilityId;
}

// ---------- approve and reject (called inside the pitch's Durable Object lock) ----------

export interface StaffChange {
  booking: BookingDetail;
  slot: BookedSlot | null;
  notifications: NotificationWire[];
}

const actorLabel = (u: PublicUser) => [u.firstName, u.lastName].filter(Boolean).join(' ') || u.username;
const appendLine = (notes: string | null, line: string) => (notes ? `${notes}\n${line}` : line);

/** The booking as it is now, inside the lock of the pitch it belongs to (a booking of another pitch is not found here). */
async function loadForChange(db: Db, ref: string, facilityId: number) {
  const found = await store.bookingForChange(db, ref, facilityId);
  if (!found) throw notFound(msg.bookingNotFound);
  return found;
}

/** Money that arrived with an approval (kuruş): the kapora, or the whole amount paid at once. */
export interface Receipt {
  kind: 'deposit' | 'balance';
  amount: number;
  method: PaymentMethod;
  note: string | null;
}

/** The booking as its payment rows name it (db/payments.ts PaymentTarget). */
const targetOf = (b: Booking, facilityName: string): PaymentTarget => ({
  id: b.id,
  bookingNumber: b.bookingNumber,
  facilityName,
  date: b.date,
  startTime: b.startTime,
  startsAt: b.startsAt,
});

/** The booking's money as its rows stand now, inside the lock. */
const moneyNow = async (db: Db, bookingId: number) => moneyOf(await paymentsOf(db, bookingId));

/**
 * pending → approved (behaviour.md#bookings): approvedBy and approvedAt set. The payment status follows the rows: a
 * `receipt` (the kapora arrived) is written as a payment row in the approval's batch. The optional note goes to the
 * history and, labelled, to the booking's notes, so the tracking page shows it too.
 */
export async function approveByStaff(
  db: Db,
  facilityId: number,
  ref: string,
  actor: PublicUser,
  note: string | null,
  now: number,
  receipt: Receipt | null = null,
): Promise<StaffChange> {
  const found = await loadForChange(db, ref, facilityId);
  const b = found.booking;
  if (b.status !== 'pending')
    throw conflict(b.status === 'approved' ? msg.alreadyProcessed : msg.notPending, { status: b.status });
  if (receipt) checkPayment(b, await moneyNow(db, b.id), receipt.kind, receipt.amount);
  return applyChange(db, found, now, {
    also: receipt
      ? paymentWithEvents(
          db,
          and(eq(bookings.status, 'approved'), eq(bookings.approvedAt, now))!,
          targetOf(b, found.facilityName),
          receipt,
          { user: actor, now },
        )
      : [],
    set: {
      status: 'approved',
      approvedById: actor.id,
      approvedAt: now,
      expiresAt: null,
      notes: note ? appendLine(b.notes, `${msg.approveNoteLabel}: ${note}`) : b.notes,
      updatedAt: now,
    },
    reason: note,
    actor,
    kind: 'booking_approved',
  });
}

/**
 * pending or approved → rejected with a required reason (behaviour.md#bookings); the slot is freed. Money collected is
 * refunded or kept in the same batch when staff decided (`deposit`); otherwise it stays received and the detail asks.
 */
export async function rejectByStaff(
  db: Db,
  facilityId: number,
  ref: string,
  actor: PublicUser,
  reason: string,
  now: number,
  deposit: DepositDecisionInput | null = null,
): Promise<StaffChange> {
  const found = await loadForChange(db, ref, facilityId);
  const b = found.booking;
  if (b.status !== 'pending' && b.status !== 'approved') throw conflict(msg.alreadyProcessed, { status: b.status });
  return applyChange(db, found, now, {
    also: await decisionStatements(db, found, 'rejected', deposit, actor, now),
    set: {
      status: 'rejected',
      rejectionReason: reason,
      expiresAt: null,
      updatedAt: now,
    },
    reason,
    actor,
    kind: 'booking_rejected',
  });
}

/**
 * approved → cancelled by staff (which departs from behaviour.md#bookings / behaviour.md#states-and-transitions where an admin cancel was a reject):
 * filed under İptal with the reason as cancellationReason; the slot is freed; money collected is refunded or kept as
 * staff decided (`deposit`), or waits for their decision. A past booking is not cancelled (its slot is gone anyway); a
 * pending one is rejected instead.
 */
export async function cancelByStaff(
  db: Db,
  facilityId: number,
  ref: string,
  actor: PublicUser,
  reason: string,
  now: number,
  deposit: DepositDecisionInput | null = null,
): Promise<StaffChange> {
  const found = await loadForChange(db, ref, facilityId);
  const b = found.booking;
  if (b.status === 'pending') throw conflict(msg.staffCancelOnlyApproved, { status: b.status });
  if (b.status !== 'approved') throw conflict(msg.alreadyProcessed, { status: b.status });
  if (b.startsAt <= now) throw conflict(msg.cancelPast, { status: b.status });
  return applyChange(db, found, now, {
    also: await decisionStatements(db, found, 'cancelled', deposit, actor, now),
    set: {
      status: 'cancelled',
      cancellationReason: reason,
      cancelledAt: now,
      expiresAt: null,
      updatedAt: now,
    },
    reason,
    actor,
    kind: 'booking_cancelled_by_staff',
  });
}

/**
 * Staff's refund-or-keep decision about the money a reject or cancel leaves held: a refund row of all of it (by the
 * method given) or a kept row, written after the status change in its batch. Nothing when nothing is held.
 */
async function decisionStatements(
  db: Db,
  found: { booking: Booking; facilityName: string },
  status: 'rejected' | 'cancelled',
  deposit: DepositDecisionInput | null,
  actor: PublicUser,
  now: number,
): Promise<BatchItem<'sqlite'>[]> {
  if (!deposit) return [];
  const money = await moneyNow(db, found.booking.id);
  if (money.held <= 0 || money.decided) return [];
  return [
    ...paymentWithEvents(
      db,
      and(eq(bookings.status, status), eq(bookings.updatedAt, now))!,
      targetOf(found.booking, found.facilityName),
      {
        kind: deposit.action === 'refund' ? 'refund' : 'kept',
        amount: money.held,
        method: deposit.action === 'refund' ? deposit.method : null,
        note: null,
      },
      { user: actor, now },
    ),
  ];
}

interface ChangeSpec {
  /** More statements of the same decision (payment rows), written after the change in its batch. */
  also?: readonly BatchItem<'sqlite'>[];
  set: Partial<store.NewBooking> & { status: 'approved' | 'rejected' | 'cancelled' };
  reason: string | null;
  actor: PublicUser;
  /** The event the staff notification tells of (contracts/events.ts). */
  kind: 'booking_approved' | 'booking_rejected' | 'booking_cancelled_by_staff';
}

/** The audit kind of each staff decision (docs/behaviour.md#audit-log-denetim-kaydı). */
const AUDIT_OF = {
  booking_approved: 'booking.approve',
  booking_rejected: 'booking.reject',
  booking_cancelled_by_staff: 'booking.cancel',
} as const;

/** Where and when a booking plays, as its audit rows keep it: never who holds it (contracts/events.ts AuditFacts). */
export const bookingAuditFacts = (b: Pick<Booking, 'date' | 'startTime' | 'startsAt'>, facilityName: string) => ({
  facilityName,
  date: b.date,
  startTime: b.startTime,
  startsAt: b.startsAt,
});

/**
 * The status change, its history row and the staff notification are one atomic batch with the detail re-read. The
 * history row is written only when the conditional update changed the row, and the notification only when the history
 * row was written: a decision that lost a race leaves no trace.
 */
async function applyChange(
  db: Db,
  { booking: b, facilityName }: { booking: Booking; facilityName: string },
  now: number,
  spec: ChangeSpec,
): Promise<StaffChange> {
  const label = actorLabel(spec.actor);
  const change = await store.changeStatusAndReread(
    db,
    b,
    spec.set,
    {
      history: {
        reason: spec.reason,
        actorType: 'staff',
        actorUserId: spec.actor.id,
        actorLabel: label,
        createdAt: now,
      },
      notification: {
        kind: spec.kind,
        documentId: newDocumentId(),
        createdAt: now,
        actorUserId: spec.actor.id,
        facts: { actorLabel: label },
      },
      audit: {
        at: now,
        actor: spec.actor,
        entityId: String(b.id),
        event: { kind: AUDIT_OF[spec.kind], label: b.bookingNumber, facts: bookingAuditFacts(b, facilityName) },
      },
    },
    [...(spec.also ?? [])],
  );
  const after = change.booking;
  if (!after || !change.detail) throw conflict(msg.alreadyProcessed);
  return {
    booking: detailToWire(change.detail, change.history, now),
    slot: after.slotId ? slotOfBooking(after, spec.set.status === 'approved') : null,
    notifications: notificationsToWire(change.notifications),
  };
}

// ---------- notes and anonymisation (api.md PUT /bookings/{id}; KVKK: security.md#threat-model) ----------

async function keyOf(db: Db, ref: string) {
  const key = await store.bookingKey(db, ref);
  if (!key) throw notFound(msg.bookingNotFound);
  return key;
}

/** Staff edit the notes (empty clears them); a history row says who, and updatedAt moves. Not a slot change: no lock. */
export async function updateNotesByStaff(
  db: Db,
  ref: string,
  actor: PublicUser,
  notes: string | null,
  now: number,
): Promise<BookingDetail> {
  const b = await keyOf(db, ref);
  await store.updateNotes(db, b.id, notes, { actorUserId: actor.id, actorLabel: actorLabel(actor) }, now, {
    at: now,
    actor,
    entityId: String(b.id),
    event: { kind: 'booking.notes', label: b.bookingNumber, facts: bookingAuditFacts(b, b.facilityName) },
  });
  return bookingDetail(db, b.documentId, now);
}

/** Anonymised phones start with '#': never a valid 05XXXXXXXXX, so no look-up, same-day check or search by phone meets them. */
export const ANONYMISED_PHONE_PREFIX = '#';
export const isAnonymisedPhone = (phone: string) => phone.startsWith(ANONYMISED_PHONE_PREFIX);

/**
 * A salted SHA-256 of the phone: a fresh random salt per anonymisation, so the value can neither be reversed by
 * hashing every mobile number nor collide with an earlier anonymisation of the same phone (customers.phone is unique).
 */
async function phoneHash(phone: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const digest = await crypto.subtle.digest('SHA-256', new Uint8Array([...salt, ...new TextEncoder().encode(phone)]));
  return (
    ANONYMISED_PHONE_PREFIX +
    [...new Uint8Array(digest)]
      .slice(0, 12)
      .map((x) => x.toString(16).padStart(2, '0'))
      .join('')
  );
}

/**
 * KVKK: every booking of the customer's phone and the customer row lose the name ('Silinmiş müşteri'),
 * phone (a salted hash), e-mail and notes; statuses, prices and revenue stay. The customer's own name also leaves the
 * history labels and the staff notifications. One atomic batch, with a history row per booking and an audit
 * notification naming the staff member.
 */
export async function anonymiseCustomer(
  db: Db,
  ref: string,
  actor: PublicUser,
  now: number,
  /** Runs first with the phone (the waitlist passes the phone's running holds on: docs/behaviour.md#waitlist). */
  beforeErase?: (phone: string) => Promise<void>,
) {
  const b = await keyOf(db, ref);
  if (isAnonymisedPhone(b.customerPhone)) throw conflict(msg.alreadyAnonymised);
  await beforeErase?.(b.customerPhone);
  const label = actorLabel(actor);
  const audit = await store.anonymisePhone(
    db,
    b.customerPhone,
    await phoneHash(b.customerPhone),
    {
      bookingId: b.id,
      documentId: newDocumentId(),
      actorUserId: actor.id,
      actorLabel: label,
      // Only the booking number: after the erasure nothing personal is left in the audit log.
      entry: {
        at: now,
        actor,
        entityId: String(b.id),
        event: { kind: 'booking.erase', label: b.bookingNumber, facts: {} },
      },
    },
    now,
  );
  return { booking: await bookingDetail(db, b.documentId, now), notifications: notificationsToWire(audit) };
}
