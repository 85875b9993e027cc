// The live status of the bookings a device keeps ('Rezervasyonlarım', behaviour.md#public-site): the numbers go up, only
// each existing booking's status comes back.
import { z } from 'zod';
import type { BookingStatus, PaymentStatus } from './booking-statuses';
import { bookingNumberSchema } from './common';

/** At most this many numbers per request: a device list longer than that asks in several requests. */
export const STATUSES_MAX = 20;

export const deviceBookingsMsg = {
  numbersRequired: 'En az bir rezervasyon numarası gönderin',
  numbersTooMany: `Bir seferde en fazla ${STATUSES_MAX} rezervasyon sorgulanabilir`,
} as const;

export const trackStatusesSchema = z.object({
  numbers: z
    .array(bookingNumberSchema, { error: deviceBookingsMsg.numbersRequired })
    .min(1, deviceBookingsMsg.numbersRequired)
    .max(STATUSES_MAX, deviceBookingsMsg.numbersTooMany)
    // The same number twice is asked (and counted) once.
    .transform((list) => [...new Set(list)]),
});

/** One existing booking's status; a number that is no booking is simply missing from the answer. */
export interface BookingStatusWire {
  bookingNumber: string;
  status: BookingStatus;
  /** Money as it stands (contracts/payments.ts): 'pending' while nothing is received. */
  paymentStatus: PaymentStatus;
}
