// The customer's side of bookings (behaviour.md#bookings): create, track, cancel, and the expiry of pending holds.

import { sql } from 'drizzle-orm';
import { addonMsg } from '../../../contracts/addons';
import type { CreateBookingInput } from '../../../contracts/bookings';
import { closureMsg } from '../../../contracts/closure-input';
import { maskBookingNumber, nameWithInitial } from '../../../contracts/common';
import { defaultLength, depositFor, offeredLengths, startAllowed } from '../../../contracts/match-length';
import { msg, sameDayMessage } from '../../../contracts/messages';
import type { BookingRatingWire } from '../../../contracts/ratings';
import { cancelTooLate } from '../../../contracts/settings';
import { waitlistMsg } from '../../../contracts/waitlist-input';
import type {
  BookingWire,
  PhoneLookupBookingWire,
  SameDayBookingWire,
  SubscriptionInfoWire,
} from '../../../contracts/wire/booking';
import type { NotificationWire } from '../../../contracts/wire/notification';
import * as store from '../db/bookings';
import type { Db } from '../db/client';
import { ratingOfNumber } from '../db/ratings';
import { type Booking, type BookingAddon, bookings } from '../db/schema';
import { isClaimRefusal, isClosedRefusal, isHeldRefusal, isRangeRefusal, isUniqueRefusal } from '../db/unique';
import { storedRules } from '../lib/booking-rules';
import { type ApiError, badRequest, conflict, notFound } from '../lib/errors';
import { newBookingNumber, newDocumentId } from '../lib/ids';
import { HOUR, MINUTE } from '../lib/time';
import { bookingToWire, phoneLookupToWire } from './booking-wire';
import type { FacilityBundle } from './facilities';
import { notificationsToWire } from './notifications';
import { ratingState } from './ratings';
import { type BookedSlot, slotOfBooking } from './slots';
import { entryOfClaim } from './waitlist';

export { type Audience, bookingToWire, phoneLookupToWire } from './booking-wire';

export interface Clock {
  now: number;
}

// ---------- creation ----------

/**
 * The same-day 409 (behaviour.md#bookings) tells the owner what they hold without handing it to whoever typed the phone: pitch, date,
 * hour, status, 'Barış A.' and the number masked to its last 3 characters. The full number is the key that cancels it.
 * Its message names that booking's real status ('onaylanmış' only when it is approved).
 */
function sameDayConflict(row: store.SameDayBooking) {
  const existingBooking: SameDayBookingWire = {
    bookingNumberMasked: maskBookingNumber(row.bookingNumber),
    customerName: nameWithInitial(row.customerName),
    facility: row.facility,
    date: row.date,
    time: row.time,
    endTime: row.endTime,
    startsAt: new Date(row.startsAt).toISOString(),
    status: row.status,
  };
  return conflict(sameDayMessage(row.status), { existingBooking });
}

export interface CreateDeps extends Clock {
  db: Db;
  /** For a waitlist claim (its secret is keyed by the app's secret). */
  env?: Pick<Env, 'JWT_SECRET' | 'DB'>;
}

export interface CreatedBooking {
  booking: BookingWire;
  slot: BookedSlot;
  notifications: NotificationWire[];
  expiresAt: number;
}

export const fieldError = (path: string[], message: string) => badRequest(message, { errors: [{ path, message }] });

/** The pickup point and shuttle price a booking asks for, by the pitch's transport rules (behaviour.md#bookings). */
export function transportFor(
  bundle: FacilityBundle,
  input: Pick<CreateBookingInput, 'includesTransportation' | 'transportationDetails'>,
) {
  const f = bundle.facility;
  if (!input.includesTransportation) return { price: 0, pickup: null };
  if (!f.transportIsActive) throw fieldError(['includesTransportation'], msg.transportUnavailable);
  const pickupId = input.transportationDetails?.pickupPointId ?? null;
  let pickup: FacilityBundle['pickupPoints'][number] | null = null;
  if (bundle.pickupPoints.length > 0) {
    if (!pickupId) throw fieldError(['transportationDetails', 'pickupPointId'], msg.pickupPointRequired);
    pickup = bundle.pickupPoints.find((p) => p.id === pickupId) ?? null;
    if (!pickup) throw fieldError(['transportationDetails', 'pickupPointId'], msg.pickupPointInvalid);
  }
  return { price: f.transportPrice, pickup };
}

/**
 * The add-ons a booking takes, priced by the server from the pitch's own list: each must be offered (active)
 * on this pitch; a per-booking one comes once; a per-person one at most its stock for the hour (or 50). The visitor's
 * own prices are never read.
 */
export function addonsFor(
  bundle: FacilityBundle,
  input: Pick<CreateBookingInput, 'addons'>,
): { lines: BookingAddon[]; price: number } {
  const lines: BookingAddon[] = [];
  input.addons.forEach((pick, i) => {
    const addon = bundle.addons.find((a) => a.id === pick.id && a.isActive);
    if (!addon) throw fieldError(['addons', String(i), 'id'], addonMsg.notOffered);
    if (addon.unit === 'booking' && pick.quantity !== 1)
      throw fieldError(['addons', String(i), 'quantity'], addonMsg.onePerBooking);
    if (addon.stockPerSlot !== null && pick.quantity > addon.stockPerSlot)
      throw fieldError(['addons', String(i), 'quantity'], addonMsg.stockExceeded(addon.name, addon.stockPerSlot));
    lines.push({
      addonId: addon.id,
      name: addon.name,
      unit: addon.unit,
      unitPrice: addon.price,
      quantity: pick.quantity,
      total: addon.price * pick.quantity,
    });
  });
  return { lines, price: lines.reduce((sum, l) => sum + l.total, 0) };
}

type OrderInput = Pick<
  CreateBookingInput,
  | 'customerName'
  | 'customerPhone'
  | 'customerEmail'
  | 'notes'
  | 'includesTransportation'
  | 'transportationDetails'
  | 'addons'
>;

/**
 * A new booking's customer, shuttle and add-on columns, priced by the server (transportFor, addonsFor): the same for a
 * public and a staff booking. `price` is what the shuttle and add-ons add to the slot's price; `pickup` the chosen
 * pickup point (its minutes before the hour give the pickup time).
 */
export function orderOf(bundle: FacilityBundle, input: OrderInput) {
  const { price: transportationPrice, pickup } = transportFor(bundle, input);
  const extras = addonsFor(bundle, input);
  const columns = {
    customerName: input.customerName,
    customerPhone: input.customerPhone,
    customerEmail: input.customerEmail,
    notes: input.notes,
    includesTransportation: Boolean(input.includesTransportation),
    transportationPrice,
    pickupPointId: pickup?.id ?? null,
    pickupPointName: pickup?.name ?? null,
    pickupPointAddress: pickup?.address ?? null,
    addons: extras.lines,
    addonsPrice: extras.price,
  };
  return { columns, price: transportationPrice + extras.price, pickup };
}

/**
 * The match length a booking asks for (docs/behaviour.md#match-length): one the pitch offers, or its shortest when none is
 * named. Refused before anything is read or written.
 */
export function lengthFor(f: FacilityBundle['facility'], duration: number | undefined): number {
  const minutes = duration ?? defaultLength(f);
  if (!offeredLengths(f).includes(minutes)) throw fieldError(['duration'], msg.lengthNotOffered);
  return minutes;
}

/** The minute a match must start on ('00' or '30') when the pitch allows no half-hour starts; null when any slot may. */
export function startMinuteOf(f: FacilityBundle['facility']): string | null {
  if (startAllowed(f, '00:30') && startAllowed(f, '00:00')) return null;
  return startAllowed(f, '00:30') ? '30' : '00';
}

/** Why the create check refuses a booking (behaviour.md#bookings, docs/behaviour.md#match-length), or null when it would not. */
export function refusalOf(
  check: store.CreateCheck | undefined,
  f: FacilityBundle['facility'],
  sameDayRule: boolean,
  now: number,
): ApiError | null {
  if (!check) return notFound(msg.slotNotFound);
  if (check.facilityId !== f.id) return fieldError(['bookingSlot'], msg.slotWrongFacility);
  // Read fresh: the object's cached pitch data may be seconds old when staff deactivate a pitch.
  if (check.facilityActive !== 1) return conflict(msg.facilityInactive);
  if (check.startsAt <= now) return fieldError(['bookingSlot'], msg.pastSlot);
  if (!startAllowed(f, check.startTime)) return fieldError(['bookingSlot'], msg.startNotAllowed);
  // Every covered slot must exist back to back on the first slot's business day.
  if (!check.fits) return conflict(msg.rangeUnavailable, { slot: check.documentId });
  if (check.liveId !== null) return conflict(msg.slotTaken, { slot: check.documentId });
  // An admin may turn the same-day rule off; a booking made while it is on still sees those made while off.
  if (sameDayRule && check.sameDay) return sameDayConflict(check.sameDay);
  return null;
}

/**
 * Checks every rule of behaviour.md#bookings and writes the booking, its history row and the staff notification in one D1 batch whose
 * statements write only while the slot is bookable (db/bookings.ts insertCheckedBooking): one round trip, and no gap
 * between check and write. When it writes nothing, the create check reads why, for the answer.
 * Callers are serialised per pitch (the FacilityBooking Durable Object), which orders a booking against slot
 * generation, re-pricing and the pitch's other changes; the primary key of booking_slot_claims (every covered slot,
 * docs/behaviour.md#match-length), the partial unique indexes on bookings(slot_id) and on (phone, date) are the
 * backstop for any other path.
 */
export async function createBooking(
  deps: CreateDeps,
  bundle: FacilityBundle,
  input: CreateBookingInput,
): Promise<CreatedBooking> {
  const { db, now } = deps;
  const f = bundle.facility;
  // The rules come from the isolate's cache (lib/booking-rules.ts): no round trip on the hot path, one at most per 30 s.
  const minutes = lengthFor(f, input.duration);
  const rules = await storedRules(db, now);
  const order = orderOf(bundle, input);
  const expiresAt = now + f.autoApprovalTimeout * MINUTE;
  // A waitlist claim: the offered entry whose hold this booking takes, or a Turkish refusal (docs/behaviour.md#waitlist).
  const claimed =
    input.claim !== undefined && deps.env
      ? { waitlistEntryId: await entryOfClaim(deps.env, f.id, input.bookingSlot!, input.claim, minutes, now) }
      : {};
  const values = {
    documentId: newDocumentId(),
    facilityId: f.id,
    duration: minutes,
    ...claimed,
    ...order.columns,
    expiresAt,
    clientTimestamp: input.clientTimestamp ?? null,
    clientTimezone: input.clientTimezone ?? null,
    status: 'pending',
    paymentStatus: 'pending',
    source: 'web',
    // Outside bookings_one_live_per_phone_day when made with the rule off (migration 0012).
    sameDayRule: rules.sameDayRule,
    createdAt: now,
    updatedAt: now,
  } as const;

  const write = (bookingNumber: string) =>
    store.insertCheckedBooking(db, {
      slotRef: input.bookingSlot!,
      values: { ...values, bookingNumber },
      extrasPrice: order.price,
      depositAmount: depositFor(f, minutes),
      startMinute: startMinuteOf(f),
      // The pickup time is derived from the booked hour; a stored clock time would contradict another.
      pickupMinutesBefore: order.pickup ? order.pickup.minutesBefore : null,
      sameDayRule: rules.sameDayRule,
      now,
      notificationDocumentId: newDocumentId(),
    });
  /** Why the write refused: the check reads it. `otherwise` answers if nothing refuses it any more. */
  const refusal = async (otherwise: (check: store.CreateCheck | undefined) => ApiError) => {
    const check = await store.createCheck(db, input.bookingSlot!, input.customerPhone, minutes);
    return refusalOf(check, f, rules.sameDayRule, now) ?? otherwise(check);
  };
  const slotTaken = (check: store.CreateCheck | undefined) => conflict(msg.slotTaken, { slot: check?.documentId });

  for (let attempt = 0; ; attempt++) {
    const bookingNumber = newBookingNumber();
    let written: Awaited<ReturnType<typeof write>>;
    try {
      written = await write(bookingNumber);
    } catch (e) {
      if (isUniqueRefusal(e, 'bookings.booking_number') && attempt < 3) continue;
      // The partial unique indexes, the backstop for any path that skipped the write's own conditions: the slot is
      // held, or the phone holds a live booking that day (bookings_one_live_per_phone_day). The check reads which.
      if (isUniqueRefusal(e, 'bookings.slot_id') || isUniqueRefusal(e, 'booking_slot_claims.slot_id'))
        throw await refusal(slotTaken);
      // The claims trigger's own guard: a gap in the range (docs/behaviour.md#match-length).
      if (isRangeRefusal(e)) throw await refusal(() => conflict(msg.rangeUnavailable));
      // A slot held for a waiting player, or a claim that no longer holds (the waitlist triggers, migration 0033).
      if (isHeldRefusal(e)) throw conflict(waitlistMsg.held, { slot: input.bookingSlot });
      // A closed slot (docs/behaviour.md#closures): the closure's trigger refused the claim.
      if (isClosedRefusal(e)) throw conflict(closureMsg.slotClosed, { slot: input.bookingSlot });
      if (isClaimRefusal(e)) throw conflict(waitlistMsg.claimInvalid);
      if (isUniqueRefusal(e, 'bookings.customer_phone')) throw await refusal(() => conflict(sameDayMessage(null)));
      throw e;
    }
    // Nothing was written: the slot was not bookable. Nothing refusing it when the check reads could only mean a change
    // between the two, which the pitch's lock rules out; it is refused as taken rather than guessed at.
    if (!written) throw await refusal(slotTaken);
    const { booking: b, notifications } = written;
    // Every column but those the statement read is already known here; no need to read the row back.
    const created: Booking & { slotDocumentId: string | null } = {
      waitlistEntryId: null,
      ...values,
      ...b,
      bookingNumber,
      isRecurring: false,
      recurringGroupId: null,
      shareToken: null,
      approvedById: null,
      approvedAt: null,
      rejectionReason: null,
      cancellationReason: null,
      cancelledAt: null,
      searchKey: null,
      collected: 0,
      channel: null,
      createdById: null,
      sameDayOverrideReason: null,
      depositWaived: false,
      attendance: null,
      attendanceAt: null,
      attendanceById: null,
      holdWarnedAt: null,
      reminderSentAt: null,
      ratingPromptSentAt: null,
    };
    return {
      booking: bookingToWire(created, f, 'owner', now),
      slot: slotOfBooking(created, true),
      notifications: notificationsToWire(notifications),
      expiresAt,
    };
  }
}

// ---------- reading ----------

export async function trackByNumber(
  db: Db,
  bookingNumber: string,
  now: number,
): Promise<BookingWire & { rating: BookingRatingWire | null }> {
  const [found, rated] = await Promise.all([
    store.findByNumber(db, bookingNumber),
    ratingOfNumber(db, bookingNumber).get(),
  ]);
  if (!found) throw notFound(msg.bookingNotFound);
  // The holder's rating of the played match, or the form while it is open (docs/behaviour.md#ratings).
  return {
    ...bookingToWire(found.booking, found.facility, 'public', now),
    rating: ratingState(found.booking, rated, now),
  };
}

/** Subscriber bookings only, newest first (behaviour.md#public-site 'Sadece abone rezervasyonlarınız görüntülenir'). */
export async function trackByPhone(db: Db, phone: string, now: number): Promise<PhoneLookupBookingWire[]> {
  const rows = await store.subscriberBookings(db, phone);
  return rows.map((r) => phoneLookupToWire(r.booking, r.facility, now));
}

export async function subscriptionInfo(db: Db, phone: string, now: number): Promise<SubscriptionInfoWire> {
  const row = await store.subscriptionSummary(db, phone, now);
  return {
    customerPhone: phone,
    isSubscriber: row?.isSubscriber === true,
    customerName: row?.isSubscriber && row.name ? nameWithInitial(row.name) : null,
    totalBookings: row?.total ?? 0,
    approvedBookings: row?.approved ?? 0,
    upcomingBookings: row?.upcoming ?? 0,
    nextBooking: row?.nextDate ? { date: row.nextDate, time: row.nextTime } : null,
    firstBookingDate: row?.firstDate ?? null,
    lastBookingDate: row?.lastDate ?? null,
  };
}

/** The pitch whose object a customer cancel by this number goes through; a number that is no booking is refused here. */
export async function facilityOfBookingNumber(db: Db, bookingNumber: string, customerPhone?: string): Promise<number> {
  const facilityId = await store.facilityIdOfBooking(db, store.bookingByNumber(bookingNumber));
  if (facilityId === undefined)
    throw customerPhone ? fieldError(['bookingNumber'], msg.bookingNumberMismatch) : notFound(msg.bookingNotFound);
  return facilityId;
}

// ---------- status changes ----------

export interface StatusChange {
  booking: BookingWire;
  slot: BookedSlot | null;
  notifications: NotificationWire[];
}

/**
 * Customer cancel by booking number (behaviour.md#bookings): only live bookings, and only the cancel window (24 hours unless an admin
 * changed it) or more before the start.
 */
export async function cancelByCustomer(
  deps: { db: Db; now: number },
  bookingNumber: string,
  reason: string | null,
  customerPhone?: string,
): Promise<StatusChange> {
  const { db, now } = deps;
  const [found, rules] = await Promise.all([store.findByNumber(db, bookingNumber), storedRules(db, now)]);
  // From the same-day warning the number must be that phone's booking; a wrong one is told apart from nothing else.
  if (customerPhone !== undefined && found?.booking.customerPhone !== customerPhone)
    throw fieldError(['bookingNumber'], msg.bookingNumberMismatch);
  if (!found) throw notFound(msg.bookingNotFound);
  const b = found.booking;
  if (b.status !== 'pending' && b.status !== 'approved') throw conflict(msg.alreadyProcessed, { status: b.status });
  if (b.startsAt <= now) throw badRequest(msg.cancelPast);
  if (b.startsAt - now < rules.cancelWindowHours * HOUR) throw badRequest(cancelTooLate(rules.cancelWindowHours));

  const why = reason ?? msg.customerCancelReason;
  const change = await store.changeStatus(
    db,
    b,
    {
      status: 'cancelled',
      cancellationReason: why,
      cancelledAt: now,
      expiresAt: null,
      updatedAt: now,
    },
    {
      history: { reason: why, actorType: 'customer', actorLabel: b.customerName, createdAt: now },
      // Money received stays received: staff refund it or keep it (behaviour.md#bookings 'Payments'); the notice says so.
      notification: {
        kind: 'booking_cancelled_by_customer',
        documentId: newDocumentId(),
        createdAt: now,
        facts: { deposit: sql`${bookings.collected}` },
      },
    },
  );
  if (!change.booking) throw conflict(msg.alreadyProcessed);
  const after = change.booking;
  return {
    booking: bookingToWire(after, found.facility, 'public', now),
    slot: after.slotId ? slotOfBooking(after, false) : null,
    notifications: notificationsToWire(change.notifications),
  };
}

/**
 * Pending holds past their deadline become expired and free their slot (behaviour.md#bookings). Idempotent: a second run finds nothing.
 * History, notifications and the status change are one atomic batch keyed on the same instant.
 */
export async function expireHolds(
  db: Db,
  facilityId: number,
  now: number,
): Promise<{ freed: BookedSlot[]; count: number; notifications: NotificationWire[] }> {
  const { expired, notifications } = await store.expireDueHolds(db, facilityId, now);
  return {
    freed: expired.filter((b) => b.slotId).map((b) => slotOfBooking(b, false)),
    count: expired.length,
    notifications: notificationsToWire(notifications),
  };
}

export const nextHoldDeadline = store.nextHoldDeadline;
