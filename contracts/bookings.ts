import { z } from 'zod';
import { msg } from './messages';
import { phoneSchema } from './phone';
import { optionalText } from './common';

export const BOOKING_STATUSES = ['pending', 'approved', 'rejected', 'cancelled', 'expired'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const LIVE_STATUSES = ['pending', 'approved'] as const satisfies readonly BookingStatus[];
export const PAYMENT_STATUSES = ['pending', 'paid', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const customerNameSchema = z
  .string({ error: msg.nameRequired })
  .trim()
  .min(1, msg.nameRequired)
  .min(2, msg.nameTooShort)
  .max(100);

const relationId = z.union([z.string().trim().min(1).max(64), z.number().int().positive()]).transform(String);

// The client's own prices (totalPrice, transportationPrice) and status are not part of the schema:
// zod strips unknown keys, so the server always computes them (00 §3).
export const createBookingSchema = z.object({
  facility: relationId.optional(),
  bookingSlot: relationId.optional(),
  customerName: customerNameSchema,
  customerPhone: phoneSchema,
  customerEmail: optionalText(254).refine((v) => v === null || v.includes('@'), msg.customerEmailInvalid),
  notes: optionalText(1000),
  includesTransportation: z.boolean().optional().default(false),
  transportationDetails: z
    .object({ pickupPointId: z.string().trim().max(64).nullish() })
    .passthrough()
    .nullish(),
  clientTimestamp: z.string().max(64).nullish(),
  clientTimezone: z.string().max(64).nullish(),
})
  .superRefine((b, ctx) => {
    if (!b.facility) ctx.addIssue({ code: 'custom', path: ['facility'], message: msg.facilityRequired });
    if (!b.bookingSlot) ctx.addIssue({ code: 'custom', path: ['bookingSlot'], message: msg.slotRequired });
  });
export type CreateBookingInput = z.infer<typeof createBookingSchema>;

export const cancelBookingSchema = z.object({
  reason: optionalText(500),
});
