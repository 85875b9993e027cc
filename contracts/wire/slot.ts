// A slot as the API and the pitch's live channel send it (services/slots.ts slotToWire).
import { z } from 'zod';
import '../messages';

import { CLOSURE_REASONS } from '../closures';
import { SLOT_STATE_NAMES } from '../slot-states';

export const SLOT_STATES = SLOT_STATE_NAMES;
export type { SlotState } from '../slot-states';

export const slotWire = z.object({
  id: z.number(),
  documentId: z.string(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  /** The real start instant (ISO): an after-midnight hour is played the day after its business `date`. */
  startsAt: z.string(),
  price: z.number(),
  isAvailable: z.boolean(),
  isPending: z.boolean(),
  isPast: z.boolean(),
  state: z.enum(SLOT_STATES),
  /** What the public sees of the booking holding the slot: a first name, or 'Barış A.' once approved (behaviour.md#bookings). */
  booking: z
    .object({ customerName: z.string(), status: z.enum(['pending', 'approved']), isSubscriber: z.boolean() })
    .nullable(),
  /** A closed slot's closure (docs/behaviour.md#closures): the reason and the public note; null or absent when open. */
  closure: z
    .object({ reason: z.enum(CLOSURE_REASONS), note: z.string() })
    .nullable()
    .optional(),
});
export type SlotWire = z.infer<typeof slotWire>;
