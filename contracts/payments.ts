// The venue's money and day (behaviour.md#bookings 'Payments', 'Staff bookings', 'Attendance'): the kinds of payment
// row, the methods, the channels a staff booking came through, the attendance marks and the rule that derives a
// booking's payment status from its rows. No zod here: the public islands read the labels.
import type { PaymentStatus } from './booking-statuses';

/** A payment row: kapora received, the balance collected at the pitch, a refund, a received deposit kept. */
export const PAYMENT_KINDS = ['deposit', 'balance', 'refund', 'kept'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];
export { PAYMENT_STATUSES, type PaymentStatus } from './booking-statuses';

export const PAYMENT_KIND_LABELS: Record<PaymentKind, string> = {
  deposit: 'Kapora alındı',
  balance: 'Kalan tahsil edildi',
  refund: 'İade',
  kept: 'Kapora tutuldu',
};

export const PAYMENT_METHODS = ['transfer', 'cash', 'card', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  transfer: 'Havale/EFT',
  cash: 'Nakit',
  card: 'Kart',
  other: 'Diğer',
};

/** How a staff booking reached the venue. */
export const BOOKING_CHANNELS = ['phone', 'whatsapp', 'counter', 'other'] as const;
export type BookingChannel = (typeof BOOKING_CHANNELS)[number];
export const BOOKING_CHANNEL_LABELS: Record<BookingChannel, string> = {
  phone: 'Telefon',
  whatsapp: 'WhatsApp',
  counter: 'Gişe',
  other: 'Diğer',
};

/** After the start staff mark who came. */
export const ATTENDANCE_MARKS = ['played', 'no_show'] as const;
export type AttendanceMark = (typeof ATTENDANCE_MARKS)[number];
export const ATTENDANCE_LABELS: Record<AttendanceMark, string> = { played: 'Geldi', no_show: 'Gelmedi' };

/** A history row that is not a status change: notes edited, customer erased, a payment row, attendance, hold extended. */
export const HISTORY_EVENTS = [
  'notes',
  'erased',
  'payment',
  'attendance',
  'hold_extended',
  'whatsapp',
  'moved',
] as const;
export type HistoryEvent = (typeof HISTORY_EVENTS)[number];

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'Ödenmedi',
  paid: 'Kapora Alındı',
  full: 'Tamamı Ödendi',
  refunded: 'İade Edildi',
  kept: 'Kapora Tutuldu',
};

/** A booking's payment rows summed (kuruş): received = deposit + balance rows, refunded = refund rows (positive), kept. */
export interface PaymentSums {
  received: number;
  refunded: number;
  kept: number;
  totalPrice: number;
}

/**
 * The payment status the rows say (the payments_booking trigger of migration 0024 is the same rule in SQL): a kept
 * deposit first; then refunded when refunds took everything back; then the whole total received; then some received;
 * else nothing.
 */
export function paymentStatusOf(s: PaymentSums): PaymentStatus {
  const collected = s.received - s.refunded;
  if (s.kept > 0) return 'kept';
  if (s.refunded > 0 && collected <= 0) return 'refunded';
  if (collected > 0 && collected >= s.totalPrice) return 'full';
  if (collected > 0) return 'paid';
  return 'pending';
}
