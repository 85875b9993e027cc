// The one place a booking is shaped for the wire: the owner's, a stranger's and the panel's views, the list row and
// the detail dialog. The shapes themselves are contracts/wire/booking.ts.
import type { BookingAddonWire } from '../../../contracts/addons';
import { maskBookingNumber, nameWithInitial } from '../../../contracts/common';
import type {
  BookingDetail,
  BookingFacilityWire,
  BookingListItem,
  BookingWire,
  PhoneLookupBookingWire,
  TransportationDetailsWire,
} from '../../../contracts/wire/booking';
import type { ListRow } from '../db/booking-list';
import type { DetailRow, HistoryRow } from '../db/bookings';
import type { Booking, Facility } from '../db/schema';
import { maskPhone } from '../lib/format';
import { toTl } from '../lib/money';
import { isoInstant } from '../lib/time';
import { moneyToWire } from './payment-rules';

/** owner: the booking's own answers (create, track by number); public: someone else's booking; staff: the panel. */
export type Audience = 'owner' | 'public' | 'staff';

export type BookingFacility = Pick<
  Facility,
  'documentId' | 'slug' | 'name' | 'address' | 'phoneNumbers' | 'bankName' | 'recipientName' | 'depositIban'
>;

const facilityToWire = (f: BookingFacility): BookingFacilityWire => ({
  documentId: f.documentId,
  slug: f.slug,
  name: f.name,
  address: f.address,
  phone: f.phoneNumbers[0] ?? null,
  phoneNumbers: f.phoneNumbers,
  bankName: f.bankName,
  recipientName: f.recipientName,
  depositIban: f.depositIban,
});

const transportOf = (b: Booking): TransportationDetailsWire | null =>
  b.includesTransportation
    ? {
        pickupPointId: b.pickupPointId,
        pickupPointName: b.pickupPointName,
        pickupPointAddress: b.pickupPointAddress,
        pickupTime: b.pickupTime,
      }
    : null;

const bookingSlotOf = (b: Booking) => ({
  date: b.date,
  startTime: b.startTime,
  endTime: b.endTime,
  price: toTl(b.slotPrice),
});

/** The add-ons a booking bought, in TL, as they were sold. */
function addonsOf(b: Pick<Booking, 'addons' | 'addonsPrice'>): { addons: BookingAddonWire[]; addonsPrice: number } {
  return {
    addons: b.addons.map((a) => ({
      name: a.name,
      unit: a.unit,
      unitPrice: toTl(a.unitPrice),
      quantity: a.quantity,
      total: toTl(a.total),
    })),
    addonsPrice: toTl(b.addonsPrice),
  };
}

export function bookingToWire(
  b: Booking,
  f: BookingFacility,
  audience: Audience,
  now: number,
  approver?: { username: string; email: string } | null,
): BookingWire {
  return {
    id: b.id,
    documentId: b.documentId,
    bookingNumber: b.bookingNumber,
    customerName: b.customerName,
    // A public answer never carries a phone other than the caller's own (behaviour.md#slots).
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
    duration: b.duration,
    isPast: b.startsAt <= now,
    startsAt: isoInstant(b.startsAt),
    includesTransportation: b.includesTransportation,
    transportationPrice: toTl(b.transportationPrice),
    transportationDetails: transportOf(b),
    ...addonsOf(b),
    facility: facilityToWire(f),
    bookingSlot: bookingSlotOf(b),
    approvedAt: isoInstant(b.approvedAt),
    ...(audience === 'staff' ? { approvedBy: approver ?? null, source: b.source } : {}),
    // When an unpaid hold lapses: the number's holder reads it as a clock time next to the deposit box
    // (behaviour.md#public-site 'Tracking'); a phone look-up drops it (phoneLookupToWire).
    expiresAt: isoInstant(b.expiresAt),
    rejectionReason: b.rejectionReason,
    cancellationReason: b.cancellationReason,
    cancelledAt: isoInstant(b.cancelledAt),
    createdAt: isoInstant(b.createdAt),
    updatedAt: isoInstant(b.updatedAt),
    clientTimestamp: b.clientTimestamp,
    clientTimezone: b.clientTimezone,
  };
}

/**
 * A booking found by a phone alone (subscriber tracking). Whoever holds a phone is not the customer:
 * no e-mail, no notes, the name as 'Barış A.', and the booking number masked to its last 3 characters, since the full
 * number is the key that cancels it. Details and cancelling ask for the full number.
 */
export function phoneLookupToWire(b: Booking, f: BookingFacility, now: number): PhoneLookupBookingWire {
  const { bookingNumber, notes: _notes, expiresAt: _expiresAt, ...rest } = bookingToWire(b, f, 'owner', now);
  return {
    ...rest,
    customerEmail: null,
    notes: null,
    customerName: nameWithInitial(b.customerName),
    bookingNumberMasked: maskBookingNumber(bookingNumber),
  };
}

export function listItemToWire(
  r: Omit<ListRow, 'facility'> & { facility: Pick<ListRow['facility'], 'documentId' | 'name' | 'slug'> },
  now: number,
): BookingListItem {
  return {
    id: r.id,
    documentId: r.documentId,
    bookingNumber: r.bookingNumber,
    customerName: r.customerName,
    customerPhone: r.customerPhone,
    customerEmail: r.customerEmail,
    status: r.status,
    paymentStatus: r.paymentStatus,
    date: r.date,
    startTime: r.startTime,
    endTime: r.endTime,
    startsAt: isoInstant(r.startsAt)!,
    totalPrice: toTl(r.totalPrice),
    depositAmount: toTl(r.depositAmount),
    transportationPrice: toTl(r.transportationPrice),
    isSubscriber: r.isSubscriber,
    includesTransportation: r.includesTransportation,
    ...addonsOf(r),
    facility: { documentId: r.facility.documentId, name: r.facility.name, slug: r.facility.slug },
    createdAt: isoInstant(r.createdAt)!,
    isPast: r.startsAt <= now,
  };
}

export function detailToWire(
  { booking: b, facility: f, approver, payments, depositKeepHours }: DetailRow,
  history: HistoryRow[],
  now: number,
): BookingDetail {
  return {
    ...listItemToWire({ ...b, facility: f }, now),
    duration: b.duration,
    notes: b.notes,
    rejectionReason: b.rejectionReason,
    cancellationReason: b.cancellationReason,
    cancelledAt: isoInstant(b.cancelledAt),
    approvedAt: isoInstant(b.approvedAt),
    // The full name, as the history shows it ('Onaylayan'); the username when no name is stored.
    approvedBy: approver
      ? {
          username: approver.username,
          email: approver.email,
          fullName: [approver.firstName, approver.lastName].filter(Boolean).join(' ') || approver.username,
        }
      : null,
    isRecurring: b.isRecurring,
    recurringGroupId: b.recurringGroupId,
    transportationDetails: transportOf(b),
    bookingSlot: bookingSlotOf(b),
    facility: { ...facilityToWire(f), hourlyPrice: toTl(f.hourlyPrice) },
    source: b.source,
    expiresAt: isoInstant(b.expiresAt),
    attendance: b.attendance,
    attendanceAt: isoInstant(b.attendanceAt),
    // The name the latest attendance history row stored (who marked it, as they were shown then).
    attendanceBy: b.attendance ? (history.findLast((h) => h.event === 'attendance')?.actorLabel ?? null) : null,
    updatedAt: isoInstant(b.updatedAt),
    history: history.map((h) => ({ ...h, createdAt: isoInstant(h.createdAt)! })),
    ...moneyToWire(b, payments, depositKeepHours),
  };
}
