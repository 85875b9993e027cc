// The messages of the two WebSocket channels, one discriminated union each. Both ends parse what they receive: the
// Durable Objects parse what a client sends, the site parses every message and ignores one that does not fit.
import { z } from 'zod';
import './messages';
import { notificationWire } from './wire/notification';
import { slotWire } from './wire/slot';

/** GET /api/facilities/:ref/live: one pitch's slot changes, server to browser. */
export const pitchEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello') }),
  z.object({ type: z.literal('slot'), facility: z.string(), slot: slotWire }),
  z.object({ type: z.literal('slots-regenerated'), from: z.string(), to: z.string() }),
]);
export type PitchEvent = z.infer<typeof pitchEvent>;

const readEvent = z.object({ type: z.literal('read'), id: z.union([z.number(), z.literal('all')]) });
const deletedEvent = z.object({ type: z.literal('deleted'), id: z.number() });

/** GET /api/notifications/live: the staff bell's feed, server to browser. */
export const staffHubEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello'), userId: z.number() }),
  z.object({ type: z.literal('notification'), notification: notificationWire }),
  readEvent,
  deletedEvent,
]);
export type StaffHubEvent = z.infer<typeof staffHubEvent>;

/** What the API asks the hub to pass on to every bell. */
export const staffHubBroadcast = z.discriminatedUnion('type', [readEvent, deletedEvent]);
export type StaffHubBroadcast = z.infer<typeof staffHubBroadcast>;

/** Browser to hub: a tab read something, so the user's other tabs follow at once. ('ping' stays a bare string.) */
export const staffHubRequest = readEvent;
export type StaffHubRequest = z.infer<typeof staffHubRequest>;

/** A socket frame as one of `schema`'s messages, or null when it is not JSON or does not fit. */
export function parseSocketMessage<T>(schema: z.ZodType<T>, data: unknown): T | null {
  if (typeof data !== 'string') return null;
  let raw: unknown;
  try {
    raw = JSON.parse(data);
  } catch {
    return null;
  }
  const parsed = schema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}
