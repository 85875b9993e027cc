// The venue's day on paper (behaviour.md#management-panel 'Bugün', 'Gün Sonu'): the match sheet of one business day
// and the day-end report of one calendar day. Money is TL on the wire (behaviour.md#time-money-and-identity).
import { z } from 'zod';
import type { BookingAddonWire } from './addons';
import type { BookingStatus, PaymentStatus } from './booking-statuses';
import { isoDate } from './common';
import './messages';
import type { AttendanceMark, BookingChannel, PaymentKind, PaymentMethod } from './payments';

export const daySheetMsg = {
  facility: 'Geçersiz saha',
} as const;

/** `?date=YYYY-MM-DD&facility=` (both optional: today in Istanbul, every pitch). */
export const dayQuery = z.object({
  date: isoDate.optional(),
  facility: z.string().trim().min(1, daySheetMsg.facility).max(64, daySheetMsg.facility).optional(),
});
export type DayQuery = z.infer<typeof dayQuery>;

export interface DayFacilityWire {
  id: number;
  documentId: string;
  name: string;
}

/** One booking on the match sheet. */
export interface DaySheetRowWire {
  id: number;
  documentId: string;
  bookingNumber: string;
  customerName: string;
  /** Null once the customer's data were erased (KVKK): nothing to call. */
  customerPhone: string | null;
  /** The business date; `startsAt` is the real start (an after-midnight hour is played the next calendar day). */
  date: string;
  startTime: string;
  endTime: string;
  startsAt: string;
  /** The match has started (Geldi/Gelmedi can be marked). */
  started: boolean;
  status: Extract<BookingStatus, 'pending' | 'approved'>;
  paymentStatus: PaymentStatus;
  totalPrice: number;
  depositAmount: number;
  /** Received less refunded, from the payment rows. */
  collected: number;
  /** What the customer still owes: total − collected, never below zero. */
  balanceDue: number;
  attendance: AttendanceMark | null;
  isSubscriber: boolean;
  channel: BookingChannel | null;
  source: 'web' | 'panel' | 'subscription';
  notes: string | null;
  shuttle: { pickupPointName: string | null; pickupTime: string | null } | null;
  addons: BookingAddonWire[];
  addonsPrice: number;
}

export interface DaySheetSectionWire {
  facility: DayFacilityWire;
  /** In the order of the business day: an after-midnight start follows 23:00. */
  bookings: DaySheetRowWire[];
}

export interface DaySheetWire {
  date: string;
  /** The pitch the sheet was asked for; null for every pitch. */
  facility: DayFacilityWire | null;
  /** Pitches with at least one booking that day (the asked pitch always, even when empty). */
  sections: DaySheetSectionWire[];
  generatedAt: string;
}

/** Money per payment method or staff member (TL). */
export interface DayEndMoneyWire {
  /** Kapora and balance received, reversals netted. */
  received: number;
  /** Paid back (positive), reversals netted. */
  refunded: number;
  /** received − refunded: what the till and the account should show. */
  net: number;
}

export interface DayEndMovementWire {
  id: number;
  at: string;
  bookingId: number;
  bookingDocumentId: string;
  bookingNumber: string;
  customerName: string;
  facilityName: string;
  kind: PaymentKind;
  method: PaymentMethod | null;
  /** Signed as money flows into the venue: a refund is negative; a reversal carries the negated amount. */
  amount: number;
  staffName: string;
  note: string | null;
  /** This row reverses an earlier one. */
  reversal: boolean;
}

export interface DayEndFiguresWire extends DayEndMoneyWire {
  /** Deposits kept on a cancel or no-show that day (money already received earlier: not added to `received`). */
  kept: number;
  /** Balance still expected: approved bookings of the business day already started and not marked no-show, total − collected. */
  expected: number;
  /** How many of those bookings still owe something. */
  expectedBookings: number;
}

export interface DayEndWire {
  /** The Istanbul calendar day of the money (00:00–24:00) and the business day of the expected balance. */
  date: string;
  facility: DayFacilityWire | null;
  totals: DayEndFiguresWire;
  byMethod: (DayEndMoneyWire & { method: PaymentMethod })[];
  byStaff: (DayEndMoneyWire & { staffName: string })[];
  byFacility: (DayEndFiguresWire & { facility: DayFacilityWire })[];
  movements: DayEndMovementWire[];
  generatedAt: string;
}
