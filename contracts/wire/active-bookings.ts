// GET /api/facilities/:ref/active-bookings: the bookings a forced delete of the pitch would cancel (pending or
// approved, not started yet), each with what staff need to call the customer and settle the deposit.
import type { PaymentStatus } from '../payments';

export interface ActiveBookingWire {
  documentId: string;
  bookingNumber: string;
  status: 'pending' | 'approved';
  customerName: string;
  /** null once the customer was erased (KVKK): an anonymised phone is never shown. */
  customerPhone: string | null;
  /** The business date and hour as booked, and the real calendar date it is played on (after midnight: the next day). */
  date: string;
  calendarDate: string;
  startTime: string;
  endTime: string;
  /** The real start, ISO. */
  startsAt: string;
  /** TL: the deposit asked for, and the money collected so far (payment rows). */
  depositAmount: number;
  collected: number;
  paymentStatus: PaymentStatus;
  isSubscriber: boolean;
}

/** POST /api/facilities meta: the new pitch's slots, generated at once from today to the booking rules' horizon. */
export interface OpenedFacility {
  slotsCreated: number;
  horizonDays: number;
}
