// The booking form's rules (behaviour.md#validation), taken from the same schema the API validates with. Only the form (a chunk loaded
// when a slot is chosen) imports this file: the calendar step ships no zod.
import { createBookingSchema } from '../../../../contracts/bookings';
import { msg } from '../../../../contracts/messages';
import type { BookingFacility } from './facility';
import { type Draft, type DraftField, type FieldErrors, FORM_FIELDS } from './form';

/** The rules of behaviour.md#validation, taken from the same schema the API validates with; the pickup point rule needs the pitch. */
export function validateDraft(d: Draft, f: BookingFacility): FieldErrors {
  const errors: FieldErrors = {};
  const parsed = createBookingSchema.safeParse({
    facility: f.documentId,
    bookingSlot: 'slot',
    customerName: d.customerName,
    customerPhone: d.customerPhone,
    customerEmail: d.customerEmail,
    notes: d.notes,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] as DraftField;
      if (key in errors || !FORM_FIELDS.includes(key)) continue;
      errors[key] = issue.message;
    }
  }
  if (d.includesTransportation && f.transport && f.transport.pickupPoints.length > 0 && !d.pickupPointId)
    errors.pickupPointId = msg.pickupPointRequired;
  return errors;
}
