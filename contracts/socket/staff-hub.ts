// The staff hub channel's messages (the bell's feed), one discriminated union, and what a tab may send the hub.
import { z } from 'zod';
import '../messages';
import { notificationWire } from '../wire/notification';

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

/**
 * The close code of a bell socket whose session ended (a logout, 'Tüm oturumları kapat', a disable, a role change, a
 * password reset): the tab is signed out and does not reconnect.
 */
export const SESSION_ENDED_CLOSE = 4001;
