// Subscriptions (behaviour.md#subscriptions, behaviour.md#states-and-transitions 'Subscription creation'): weekly approved bookings booked together by staff. Runs inside
// the pitch's Durable Object, under the same lock as every public booking of that pitch, so its check of each week and
// its write cannot interleave with a visitor's booking of one of those slots.
import type { PublicUser } from '../../../contracts/auth';
import { closureMsg } from '../../../contracts/closure-input';
import { firstName, pickupTimeFor } from '../../../contracts/common';
import { addDays, istanbulToday, monthEnd, monthStart, TR_WEEKDAYS, weekdayIndex } from '../../../contracts/dates';
import { WEEK_DAY_LABELS, WEEK_DAYS } from '../../../contracts/facility-form';
import { msg } from '../../../contracts/messages';
import { foldSearch } from '../../../contracts/search';
import { nightSuffix, realStart } from '../../../contracts/slot-start';
import {
  type CreateSubscriptionInput,
  LOYAL_ABOVE,
  partialMessage,
  RENEWAL_MAX_REMAINING,
  SLOT_RANGE_DAYS,
  type SubscriberListMeta,
  type SubscriberListQuery,
  type SubscriberWire,
  type SubscriptionAnswerWire,
  type SubscriptionAvailability,
  type SubscriptionConflictWire,
  type SubscriptionDateWire,
  type SubscriptionSlotsWire,
  type SubscriptionSlotTimeWire,
  subscriptionMsg,
  successMessage,
} from '../../../contracts/subscriptions';
import { waitlistMsg } from '../../../contracts/waitlist-input';
import type { WeekDay } from '../../../contracts/wire/facility';
import type { NotificationWire } from '../../../contracts/wire/notification';
import { type Db, getDb } from '../db/client';
import * as store from '../db/subscriptions';
import { isClosedRefusal, isHeldRefusal, isUniqueRefusal } from '../db/unique';
import { badRequest, conflict } from '../lib/errors';
import { newBookingNumber, newDocumentId } from '../lib/ids';
import { toTl } from '../lib/money';
import { isoInstant } from '../lib/time';
import type { FacilityBundle } from './facilities';
import { resolveFacility } from './facility-ref';
import { notificationsToWire } from './notifications';
import type { SlotRow } from './slots';

/** JS weekday index (0 = Sunday) of each form day. */
const JS_INDEX: Record<WeekDay, number> = Object.fromEntries(WEEK_DAYS.map((d, i) => [d, (i + 1) % 7])) as Record<
  WeekDay,
  number
>;

/** The first `dayOfWeek` on or after `startDate`, then every 7 days: `weekCount` dates. */
export function subscriptionDates(startDate: string, dayOfWeek: WeekDay, weekCount: number): string[] {
  const first = addDays(startDate, (JS_INDEX[dayOfWeek] - weekdayIndex(startDate) + 7) % 7);
  return Array.from({ length: weekCount }, (_, i) => addDays(first, 7 * i));
}

const fieldError = (path: string[], message: string) => badRequest(message, { errors: [{ path, message }] });

/** The pickup point must be one of this pitch's, and its shuttle active (behaviour.md#bookings). */
function shuttleFor(bundle: FacilityBundle, input: CreateSubscriptionInput) {
  if (!input.includesTransportation) return { price: 0, pickup: null };
  if (!bundle.facility.transportIsActive) throw fieldError(['includesTransportation'], msg.transportUnavailable);
  const pickup = bundle.pickupPoints.find((p) => p.id === input.transportationDetails?.pickupPointId);
  if (!pickup) throw fieldError(['transportationDetails', 'pickupPointId'], msg.pickupPointInvalid);
  return { price: bundle.facility.transportPrice, pickup };
}

const actorLabel = (u: PublicUser) => [u.firstName, u.lastName].filter(Boolean).join(' ') || u.username;

type Slot = {
  [K in keyof store.WeeklySlot]: K extends `holder${string}` ? store.WeeklySlot[K] : NonNullable<store.WeeklySlot[K]>;
};
const isSlot = (r: store.WeeklySlot): r is Slot => r.id !== null;

interface Classified extends SubscriptionAvailability {
  free: Slot[];
}

/** Each requested week: no slot → nonexistent; past or held by a live booking → conflicted; else available. */
function classify(dates: string[], rows: Slot[], now: number): Classified {
  const byDate = new Map(rows.map((r) => [r.date, r]));
  const day = (date: string): SubscriptionDateWire => ({
    date,
    day: WEEK_DAY_LABELS[WEEK_DAYS[(weekdayIndex(date) + 6) % 7]],
  });
  const free: Slot[] = [];
  const conflictedDates: SubscriptionConflictWire[] = [];
  const nonExistentDates: SubscriptionDateWire[] = [];
  for (const date of dates) {
    const slot = byDate.get(date);
    if (!slot) nonExistentDates.push(day(date));
    else if (slot.holderStatus)
      conflictedDates.push({
        ...day(date),
        reason:
          slot.holderStatus === 'pending'
            ? subscriptionMsg.reasonPending
            : slot.holderSubscriber
              ? subscriptionMsg.reasonSubscriber
              : subscriptionMsg.reasonApproved,
        currentCustomer: firstName(slot.holderName ?? '') || null,
      });
    else if (slot.startsAt <= now)
      conflictedDates.push({ ...day(date), reason: subscriptionMsg.reasonPast, currentCustomer: null });
    else free.push(slot);
  }
  return {
    requestedWeeks: dates.length,
    availableWeeks: free.length,
    successRate: Math.round((free.length / dates.length) * 100),
    availableDates: free.map((s) => day(s.date)),
    conflictedDates,
    nonExistentDates,
    free,
  };
}

export interface CreatedSubscription {
  answer: SubscriptionAnswerWire;
  /** The slots now held, for the pitch's live watchers. */
  slots: SlotRow[];
  notifications: NotificationWire[];
}

/**
 * Checks every requested week, then books the free ones (all of them, or after confirmPartial) in one atomic batch.
 * Some weeks not free without confirmPartial: the `partial` answer, nothing written. None free: 409 with the same data.
 * Safe only when callers are serialised per pitch (the FacilityBooking Durable Object); the partial unique index on
 * bookings(slot_id) is the backstop. The same-day rule (behaviour.md#bookings) does not apply: the bookings are recurring (0003).
 */
export async function createSubscription(
  deps: { db: Db; now: number },
  bundle: FacilityBundle,
  input: CreateSubscriptionInput,
  actor: PublicUser,
): Promise<CreatedSubscription> {
  const { db, now } = deps;
  const f = bundle.facility;
  const shuttle = shuttleFor(bundle, input);
  const dates = subscriptionDates(input.startDate, input.dayOfWeek, input.weekCount);
  const found = await store.weeklySlots(db, f.id, dates, input.timeSlot);
  if (found[0]?.facilityOpen !== 1) throw conflict(msg.facilityInactive);
  const { free, ...availability } = classify(dates, found.filter(isSlot), now);

  if (free.length === 0) throw conflict(subscriptionMsg.noneAvailable, { ...availability });
  if (free.length < dates.length && !input.confirmPartial)
    return {
      answer: {
        status: 'partial',
        success: false,
        message: partialMessage(free.length, dates.length),
        ...availability,
      },
      slots: [],
      notifications: [],
    };

  const recurringGroupId = `sub-${newDocumentId()}`;
  const { pickup } = shuttle;
  const rows = free.map((s) => ({
    documentId: newDocumentId(),
    bookingNumber: newBookingNumber(),
    facilityId: f.id,
    slotId: s.id,
    customerName: input.customerName,
    customerPhone: input.customerPhone,
    customerEmail: input.customerEmail,
    notes: input.notes,
    date: s.date,
    startTime: s.startTime,
    endTime: s.endTime,
    startsAt: s.startsAt,
    // A subscription's weekly booking is one slot (docs/behaviour.md#match-length).
    endsAt: s.endsAt,
    duration: Math.round((s.endsAt - s.startsAt) / 60_000),
    slotPrice: s.price,
    includesTransportation: Boolean(pickup),
    transportationPrice: shuttle.price,
    pickupPointId: pickup?.id ?? null,
    pickupPointName: pickup?.name ?? null,
    pickupPointAddress: pickup?.address ?? null,
    pickupTime: pickup ? pickupTimeFor(s.startTime, pickup.minutesBefore) : null,
    totalPrice: s.price + shuttle.price,
    // Subscribers pay no deposit (behaviour.md#bookings, behaviour.md#constants-and-limits); the pitch fee is paid at the pitch, so payment stays pending.
    depositAmount: 0,
    paymentStatus: 'pending' as const,
    status: 'approved' as const,
    approvedById: actor.id,
    approvedAt: now,
    isSubscriber: true,
    isRecurring: true,
    recurringGroupId,
    source: 'subscription' as const,
    createdAt: now,
    updatedAt: now,
  }));
  const label = WEEK_DAY_LABELS[input.dayOfWeek];
  const events: store.SubscriptionEvents = {
    history: { reason: subscriptionMsg.historyReason, actorUserId: actor.id, actorLabel: actorLabel(actor) },
    notification: { documentId: newDocumentId(), actorUserId: actor.id },
    audit: {
      at: now,
      actor,
      event: {
        kind: 'booking.subscription',
        label: rows[0].bookingNumber,
        facts: {
          facilityName: f.name,
          date: rows[0].date,
          startTime: rows[0].startTime,
          startsAt: rows[0].startsAt,
          weeks: rows.length,
        },
      },
    },
  };

  let written: Awaited<ReturnType<typeof store.insertSubscription>>;
  for (let attempt = 0; ; attempt++) {
    try {
      written = await store.insertSubscription(
        db,
        rows,
        { phone: input.customerPhone, name: input.customerName, email: input.customerEmail },
        events,
      );
      break;
    } catch (e) {
      if (isUniqueRefusal(e, 'bookings.booking_number') && attempt < 3) {
        for (const r of rows) r.bookingNumber = newBookingNumber();
        events.audit.event.label = rows[0].bookingNumber;
        continue;
      }
      // Only a path that bypassed the pitch's object can get here: the backstop index refused a second live booking.
      if (isUniqueRefusal(e, 'bookings.slot_id') || isUniqueRefusal(e, 'booking_slot_claims.slot_id'))
        throw conflict(msg.slotTaken);
      // A week's slot held for a waiting player's claim (docs/behaviour.md#waitlist).
      if (isHeldRefusal(e)) throw conflict(waitlistMsg.held);
      if (isClosedRefusal(e)) throw conflict(closureMsg.slotClosed);
      throw e;
    }
  }

  const slotsHeld: SlotRow[] = free.map((s) => ({
    id: s.id,
    documentId: s.documentId,
    date: s.date,
    startTime: s.startTime,
    endTime: s.endTime,
    startsAt: s.startsAt,
    price: s.price,
    bookingStatus: 'approved',
    customerName: input.customerName,
    isSubscriber: true,
    held: 0,
    // A booked slot is never closed (docs/behaviour.md#closures).
    closureReason: null,
    closureNote: null,
    closureDocumentId: null,
  }));
  return {
    answer: {
      status: 'success',
      success: true,
      message: successMessage(rows.length, dates.length),
      recurringGroupId,
      facility: { documentId: f.documentId, name: f.name },
      customerName: input.customerName,
      customerPhone: input.customerPhone,
      dayOfWeek: input.dayOfWeek,
      timeSlot: input.timeSlot,
      ...availability,
      bookings: rows.map((r) => ({
        documentId: r.documentId,
        bookingNumber: r.bookingNumber,
        date: r.date,
        day: label,
        startTime: r.startTime,
        endTime: r.endTime,
        status: 'approved',
        totalPrice: toTl(r.totalPrice),
        depositAmount: 0,
        isSubscriber: true,
        isRecurring: true,
        recurringGroupId,
      })),
    },
    slots: slotsHeld,
    notifications: notificationsToWire(written.notifications),
  };
}

// ---------- the panel's subscriber list ----------

function subscriberToWire(r: store.SubscriberRow): SubscriberWire {
  const latest = r.latest;
  const dayOfWeek = latest ? WEEK_DAYS[(weekdayIndex(latest.date) + 6) % 7] : null;
  const latestStart =
    latest && realStart({ date: latest.date, startTime: latest.startTime, startsAt: latest.startsAt });
  return {
    customerId: r.customerId,
    customerName: r.customerName,
    customerPhone: r.customerPhone,
    customerEmail: r.customerEmail,
    facility: latest ? { documentId: latest.facilityDocumentId, name: latest.facilityName } : null,
    dayOfWeek,
    day: dayOfWeek ? WEEK_DAY_LABELS[dayOfWeek] : null,
    timeSlot: latest?.startTime ?? null,
    slotText: latestStart
      ? `${TR_WEEKDAYS[weekdayIndex(latestStart.calendarDate)]} ${latestStart.time}${nightSuffix(latestStart)}`
      : null,
    recurringGroupId: latest?.recurringGroupId ?? null,
    remainingBookings: r.remainingBookings,
    totalBookings: r.totalBookings,
    cancelledBookings: r.cancelledBookings,
    playedBookings: r.playedBookings,
    isLoyal: r.playedBookings > LOYAL_ABOVE,
    firstBookingDate: r.firstBookingDate,
    lastBookingDate: r.lastBookingDate,
    nextBooking: r.next && { date: r.next.date, time: r.next.time, startsAt: isoInstant(r.next.startsAt) },
  };
}

/** GET /api/bookings/subscriptions: a page of subscribers, the renewals due and the four counters (behaviour.md#management-panel). */
export async function listSubscribers(
  db: Db,
  q: SubscriberListQuery,
  now: number,
): Promise<{ data: SubscriberWire[]; meta: SubscriberListMeta }> {
  const search = q.search ? foldSearch(q.search) : undefined;
  const digits = q.search?.replace(/[\s()+.\-/]/g, '');
  const filter: store.SubscriberFilter = search
    ? { name: search, digits: digits && /^\d{2,}$/.test(digits) ? digits.replace(/^(?:0090|90)(?=5)/, '0') : undefined }
    : {};
  const today = istanbulToday(now);
  const { rows, total, renewals, summary } = await store.subscriberList(
    db,
    filter,
    { limit: q.pageSize, offset: (q.page - 1) * q.pageSize },
    { today, monthFrom: monthStart(today), monthTo: monthEnd(today) },
    now,
    RENEWAL_MAX_REMAINING,
  );
  return {
    data: rows.map(subscriberToWire),
    meta: {
      pagination: { page: q.page, pageSize: q.pageSize, pageCount: Math.ceil(total / q.pageSize), total },
      summary: {
        totalSubscribers: summary?.totalSubscribers ?? 0,
        todayBookings: summary?.todayBookings ?? 0,
        monthBookings: summary?.monthBookings ?? 0,
        activeBookings: summary?.activeBookings ?? 0,
      },
      renewals: renewals.map(subscriberToWire),
    },
  };
}

// ---------- the form's slot view of a pitch ----------

/**
 * GET /api/facilities/{id}/subscription-slots: from today to 3 months ahead (behaviour.md#constants-and-limits), the first and last slot date (the
 * start date's bounds, behaviour.md#validation) and each weekday's start times with their price and free weeks (the time list), in one
 * grouped read instead of three 31-day slot calls.
 */
export async function subscriptionSlots(d1: D1Database, ref: string, now: number): Promise<SubscriptionSlotsWire> {
  const f = await resolveFacility(d1, ref);
  const from = istanbulToday(now);
  const to = addDays(from, SLOT_RANGE_DAYS);
  const rows = await store.weeklySlotTimes(getDb(d1), f.id, from, to, now);
  const days = Object.fromEntries(WEEK_DAYS.map((d) => [d, [] as SubscriptionSlotTimeWire[]])) as Record<
    WeekDay,
    SubscriptionSlotTimeWire[]
  >;
  let firstDate: string | null = null;
  let lastDate: string | null = null;
  for (const r of rows) {
    days[WEEK_DAYS[(r.weekday + 6) % 7]].push({
      startTime: r.startTime,
      endTime: r.endTime,
      price: toTl(r.price),
      weeks: r.total,
      freeWeeks: r.free ?? 0,
    });
    if (!firstDate || r.firstDate < firstDate) firstDate = r.firstDate;
    if (!lastDate || r.lastDate > lastDate) lastDate = r.lastDate;
  }
  return { from, to, firstDate, lastDate, days };
}
