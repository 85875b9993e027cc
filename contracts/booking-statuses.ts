// A booking's and a payment's states, without zod (the public islands read them; contracts/bookings.ts re-exports).
export const BOOKING_STATUSES = ['pending', 'approved', 'rejected', 'cancelled', 'expired'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const LIVE_STATUSES = ['pending', 'approved'] as const satisfies readonly BookingStatus[];
export const PAYMENT_STATUSES = ['pending', 'paid', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
