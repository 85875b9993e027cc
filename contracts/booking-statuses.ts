// A booking's and a payment's states, without zod (the public islands read them; contracts/bookings.ts re-exports).
export const BOOKING_STATUSES = ['pending', 'approved', 'rejected', 'cancelled', 'expired'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const LIVE_STATUSES = ['pending', 'approved'] as const satisfies readonly BookingStatus[];
/**
 * Derived from the booking's payment rows (contracts/payments.ts paymentStatusOf), never set by hand: nothing received,
 * some received (kapora), the whole total received, refunded, a received deposit kept.
 */
export const PAYMENT_STATUSES = ['pending', 'paid', 'full', 'refunded', 'kept'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const STATUS_LABELS: Record<BookingStatus, string> = {
  pending: 'Beklemede',
  approved: 'Onaylandı',
  rejected: 'Reddedildi',
  cancelled: 'İptal Edildi',
  expired: 'Süresi Geçti',
};

/** An unknown status is displayed as pending (behaviour.md#states-and-transitions). */
export function bookingStatus(status: string | null | undefined): BookingStatus {
  return (BOOKING_STATUSES as readonly string[]).includes(status ?? '') ? (status as BookingStatus) : 'pending';
}
export const statusLabel = (status: string | null | undefined) => STATUS_LABELS[bookingStatus(status)];
