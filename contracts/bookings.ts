import { z } from 'zod';
import { bookingAddonsInput } from './addons';
import { optionalText } from './common';
import { MATCH_LENGTH_MAX } from './match-length';
import { msg } from './messages';
import { phoneSchema } from './phone';

export {
  BOOKING_STATUSES,
  type BookingStatus,
  LIVE_STATUSES,
  PAYMENT_STATUSES,
  type PaymentStatus,
} from './booking-statuses';

/** Every length limit of the booking form, written once for the inputs' maxLength and the schema. */
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
export const NOTES_MAX = 1000;
export const CANCEL_REASON_MAX = 500;

export const customerNameSchema = z
  .string({ error: msg.nameRequired })
  .trim()
  .min(1, msg.nameRequired)
  .min(2, msg.nameTooShort)
  .max(NAME_MAX, msg.nameTooLong);

const relationId = z.union([z.string().trim().min(1).max(64), z.number().int().positive()]).transform(String);

// The client's own prices (totalPrice, transportationPrice) and status are not part of the schema:
// zod strips unknown keys, so the server always computes them (behaviour.md#bookings).
export const createBookingSchema = z
  .object({
    facility: relationId.optional(),
    bookingSlot: relationId.optional(),
    /** The match length in minutes (docs/behaviour.md#match-length); left out: the pitch's shortest offered length. */
    duration: z
      .number({ error: msg.lengthNotOffered })
      .int(msg.lengthNotOffered)
      .min(30, msg.lengthNotOffered)
      .max(MATCH_LENGTH_MAX, msg.lengthNotOffered)
      .optional(),
    customerName: customerNameSchema,
    customerPhone: phoneSchema,
    customerEmail: optionalText(EMAIL_MAX, msg.customerEmailTooLong).refine(
      (v) => v === null || v.includes('@'),
      msg.customerEmailInvalid,
    ),
    notes: optionalText(NOTES_MAX, msg.notesTooLong),
    includesTransportation: z.boolean().optional().default(false),
    /** Paid add-ons, after the shuttle option; the server prices them. */
    addons: bookingAddonsInput,
    transportationDetails: z
      .object({ pickupPointId: z.string().trim().max(64).nullish() })
      .passthrough()
      .nullish(),
    clientTimestamp: z.string().max(64).nullish(),
    clientTimezone: z.string().max(64).nullish(),
    /** The claim secret of a waitlist offer (the claim link's `hak`): books the slot held for its holder (docs/behaviour.md#waitlist). */
    claim: z.string().trim().min(1).max(128).optional(),
  })
  .superRefine((b, ctx) => {
    if (!b.facility) ctx.addIssue({ code: 'custom', path: ['facility'], message: msg.facilityRequired });
    if (!b.bookingSlot) ctx.addIssue({ code: 'custom', path: ['bookingSlot'], message: msg.slotRequired });
  });
export type CreateBookingInput = z.infer<typeof createBookingSchema>;

export const cancelBookingSchema = z.object({
  reason: optionalText(CANCEL_REASON_MAX, msg.cancelReasonTooLong),
  /**
   * Sent by the same-day warning: the phone typed into the booking form. The booking must belong to it, and every try
   * counts against that phone's look-up limit, so guessing the number behind a masked one is bounded per phone (behaviour.md#bookings).
   */
  customerPhone: phoneSchema.optional(),
});
