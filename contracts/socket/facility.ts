// The pitch channel's messages, one discriminated union. Kept apart from the staff hub's, so the public booking page
// does not ship the panel's notification schemas.
import { z } from 'zod';
import '../messages';
import { slotWire } from '../wire/slot';

/** GET /api/facilities/:ref/live: one pitch's slot changes, server to browser. */
export const facilityEvent = z.discriminatedUnion('type', [
  /** On connect. `changedAt`: when the pitch's slots last changed (ms); a calendar read before it reads again. */
  z.object({ type: z.literal('hello'), changedAt: z.number().optional() }),
  z.object({ type: z.literal('slot'), facility: z.string(), slot: slotWire }),
  z.object({ type: z.literal('slots-regenerated'), from: z.string(), to: z.string() }),
]);
export type FacilityEvent = z.infer<typeof facilityEvent>;
