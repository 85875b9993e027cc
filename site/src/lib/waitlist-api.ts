// The waitlist's calls (docs/behaviour.md#waitlist): joining, the holder's status and leaving by the entry's key, and the
// staff queue. Loaded with the join form, 'Rezervasyonlarım' and the panel's queue, never with a public page's first load.
import type { WaitlistEntryWire, WaitlistQueueEntryWire } from '../../../contracts/waitlist';
import { client, unwrap } from './api';

/** The device's push subscription as the API takes it (contracts/push.ts pushSubscriptionSchema). */
export interface PushJson {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

interface JoinCommon {
  customerName: string;
  customerPhone: string;
  /** Minutes; absent, the pitch's shortest length. */
  duration?: number;
  push?: PushJson;
}
/** A taken slot: the start of the wanted match. */
export interface SlotJoin extends JoinCommon {
  facility: string;
  bookingSlot: string;
}
/** A 'Boş saat bul' window with nothing free: the search as it was asked. */
export interface WindowJoin extends JoinCommon {
  gun: string;
  saat: string;
  ilce?: string;
  servis?: boolean;
  kapali?: boolean;
  aydinlatma?: boolean;
}
export type JoinBody = SlotJoin | WindowJoin;

export interface QueueAnswer {
  slots: Array<{ slotDocumentId: string; startTime: string; entries: WaitlistQueueEntryWire[] }>;
  windows: WaitlistQueueEntryWire[];
}

const waitlist = client.api.waitlist;

export const joinWaitlist = (json: JoinBody): Promise<WaitlistEntryWire> => unwrap(waitlist.$post({ json }));

export const waitlistEntry = (key: string): Promise<WaitlistEntryWire> =>
  unwrap(waitlist[':key'].$get({ param: { key } }));

/** Leaves the queue (204). */
export async function leaveWaitlist(key: string): Promise<void> {
  const res = await waitlist[':key'].$delete({ param: { key } });
  if (!res.ok && (res.status as number) !== 404) await unwrap(Promise.resolve(res));
}

export const slotQueue = (facility: string, date: string): Promise<QueueAnswer> =>
  unwrap(waitlist.queue.$get({ query: { facility, date } }));

/** Staff take one entry off (204); an offered one passes its hold on. */
export async function removeFromQueue(documentId: string): Promise<void> {
  const res = await waitlist.entries[':documentId'].$delete({ param: { documentId } });
  if (!res.ok) await unwrap(Promise.resolve(res));
}
