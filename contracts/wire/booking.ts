// What the API answers about a booking, written once for the worker (which builds it) and the site (which reads it).
import type { BookingAddonWire } from '../addons';
import type { BookingStatus, PaymentStatus } from '../bookings';
import type { AttendanceMark, HistoryEvent, PaymentKind, PaymentMethod } from '../payments';

export type BookingSource = 'web' | 'panel' | 'subscription';
export type HistoryActorType = 'customer' | 'staff' | 'system';

export interface TransportationDetailsWire {
  pickupPointId: string | null;
  pickupPointName: string | null;
  pickupPointAddress: string | null;
  pickupTime: string | null;
}

export interface BookingSlotWire {
  date: string;
  startTime: string;
  endTime: string;
  price: number;
}

/** The pitch as a booking answer shows it: where to play and where to pay the deposit. */
export interface BookingFacilityWire {
  documentId: string;
  slug: string;
  name: string;
  address: string | null;
  phone: string | null;
  phoneNumbers: string[];
  bankName: string | null;
  recipientName: string | null;
  depositIban: string | null;
}

/**
 * One booking. The owner's answer (create, track by number) and the panel's carry the phone and e-mail; someone else's
 * carries only the masked phone (behaviour.md#slots); the panel's alone carries approvedBy and source.
 */
export interface BookingWire {
  id: number;
  documentId: string;
  bookingNumber: string;
  customerName: string;
  customerPhoneMasked?: string;
  customerPhone?: string;
  customerEmail?: string | null;
  notes: string | null;
  status: BookingStatus;
  paymentStatus: PaymentStatus;
  totalPrice: number;
  depositAmount: number;
  isSubscriber: boolean;
  isRecurring: boolean;
  recurringGroupId: string | null;
  date: string;
  time: string;
  startTime: string;
  /** The match's end: the last covered slot's end (docs/behaviour.md#match-length). */
  endTime: string;
  /** The match length in minutes: one slot's length or more. */
  duration: number;
  isPast: boolean;
  /** The real start instant (an overnight slot's business date is the day before): the tracking page's 24 h cancel rule. */
  startsAt: string | null;
  includesTransportation: boolean;
  transportationPrice: number;
  transportationDetails: TransportationDetailsWire | null;
  /** Paid add-ons as sold and their sum, TL; both are part of totalPrice. */
  addons: BookingAddonWire[];
  addonsPrice: number;
  facility: BookingFacilityWire;
  bookingSlot: BookingSlotWire;
  approvedAt: string | null;
  approvedBy?: { username: string; email: string } | null;
  source?: BookingSource;
  /** When an unpaid hold lapses: in the number holder's and the panel's answers, never a phone look-up's. */
  expiresAt?: string | null;
  rejectionReason: string | null;
  cancellationReason: string | null;
  cancelledAt: string | null;
  createdAt: string | null;
  updatedAt: string | null;
  clientTimestamp: string | null;
  clientTimezone: string | null;
}

/** A booking found by a phone alone: no e-mail, no notes, 'Barış A.', the number masked. */
export interface PhoneLookupBookingWire
  extends Omit<BookingWire, 'bookingNumber' | 'notes' | 'customerEmail' | 'expiresAt'> {
  customerEmail: null;
  notes: null;
  bookingNumberMasked: string;
}

/** The subscriber card of the tracking page (behaviour.md#public-site). */
export interface SubscriptionInfoWire {
  customerPhone: string;
  isSubscriber: boolean;
  customerName: string | null;
  totalBookings: number;
  approvedBookings: number;
  upcomingBookings: number;
  nextBooking: { date: string; time: string | null } | null;
  firstBookingDate: string | null;
  lastBookingDate: string | null;
}

/** The same-day 409's view of the booking the phone already holds (behaviour.md#bookings): nothing that would cancel it. */
export interface SameDayBookingWire {
  bookingNumberMasked: string;
  customerName: string;
  facility: string;
  date: string;
  time: string;
  endTime: string;
  /** The real start instant, so the warning shows the real calendar date of an after-midnight hour. */
  startsAt: string;
  status: BookingStatus;
}

/** One row of the panel's bookings list (behaviour.md#management-panel). */
export interface BookingListItem {
  id: number;
  documentId: string;
  bookingNumber: string;
  customerName: string;
  customerPhone: string;
  customerEmail: string | null;
  status: BookingStatus;
  paymentStatus: PaymentStatus;
  date: string;
  startTime: string;
  endTime: string;
  /** The real start instant: an after-midnight hour is played the day after its business `date`. */
  startsAt: string;
  totalPrice: number;
  depositAmount: number;
  transportationPrice: number;
  isSubscriber: boolean;
  includesTransportation: boolean;
  /** Paid add-ons as sold and their sum, TL; both are part of totalPrice (the list's export shows them). */
  addons: BookingAddonWire[];
  addonsPrice: number;
  facility: { documentId: string; name: string; slug: string };
  createdAt: string;
  isPast: boolean;
}

export interface BookingCounts {
  all: number;
  today: number;
  upcoming: number;
  pending: number;
  approved: number;
  rejected: number;
  cancelled: number;
}

export interface BookingHistoryWire {
  id: number;
  fromStatus: string | null;
  toStatus: string;
  reason: string | null;
  /** What happened when the status stayed the same: the notes were edited, or the customer's data erased. */
  event: HistoryEvent | null;
  actorType: HistoryActorType;
  actorLabel: string | null;
  createdAt: string;
}

/** The panel's booking detail dialog (behaviour.md#management-panel): the list row with everything else and the history. */
export interface BookingDetail extends Omit<BookingListItem, 'facility'> {
  /** The match length in minutes (docs/behaviour.md#match-length); endTime is the match's end. */
  duration: number;
  notes: string | null;
  rejectionReason: string | null;
  cancellationReason: string | null;
  cancelledAt: string | null;
  approvedAt: string | null;
  /** The full name, as the history shows it ('Onaylayan'); the username when no name is stored. */
  approvedBy: { username: string; email: string; fullName: string } | null;
  isRecurring: boolean;
  recurringGroupId: string | null;
  transportationDetails: TransportationDetailsWire | null;
  bookingSlot: BookingSlotWire;
  facility: BookingFacilityWire & { hourlyPrice: number };
  source: BookingSource;
  expiresAt: string | null;
  /** After the start staff mark who came ('Geldi' / 'Gelmedi'); null until then. When, and by whom (their name). */
  attendance: AttendanceMark | null;
  attendanceAt: string | null;
  attendanceBy: string | null;
  updatedAt: string | null;
  history: BookingHistoryWire[];
  /** The booking's payment rows, oldest first (behaviour.md#bookings 'Payments'). */
  payments: PaymentRowWire[];
  /** TL received less TL refunded (a kept deposit stays collected). */
  collected: number;
  /** TL still to collect: total − collected for a live booking, else 0. */
  balanceDue: number;
  /** Money collected on an ended booking (or a no-show) with no refund or keep decided yet: staff decide. */
  depositDecision: DepositDecisionWire | null;
  /** Ayarlar' deposit rule: kept by default when cancelled less than this many hours before the start. */
  depositKeepHours: number;
}

/** One payment row: amount in TL signed as money flows into the venue (a refund is negative). */
export interface PaymentRowWire {
  id: number;
  kind: PaymentKind;
  amount: number;
  method: PaymentMethod | null;
  at: string;
  staffName: string;
  note: string | null;
  /** A later row reversed this one. */
  reversed: boolean;
  /** This row reverses that one. */
  reversesId: number | null;
}

/** What the deposit rule of Ayarlar suggests for money still held on an ended booking, and why. */
export interface DepositDecisionWire {
  suggested: 'refund' | 'keep';
  /** TL still held (collected less what was kept). */
  amount: number;
  reason: string;
}

/** The dashboard's figures (behaviour.md#management-panel 'Dashboard', api.md 'GET /bookings/stats'). */
export interface BookingStatsWire {
  today: { total: number; pending: number; approved: number };
  monthly: { total: number; approved: number; revenue: number };
  pending: number;
  total: number;
  /** TL: approved bookings' totals (planned money), all time; `monthly.revenue` the month's. */
  revenue: number;
  /** TL: money received less refunded by the payment rows written today and this month (Istanbul calendar days). */
  collected: { today: number; month: number };
  latest: BookingListItem[];
}
