// The bell's shared state (behaviour.md#entities, #constants-and-limits): the latest notifications, the unread count and the live channel's state.
import { atom } from 'nanostores';
import type { StaffHubEvent } from '../../../../contracts/socket/staff-hub';
import type { NotificationWire } from '../../../../contracts/wire/notification';
import type { LiveSocketState } from '../../lib/live-socket';

export type Notification = NotificationWire;
export type NotificationType = Notification['type'];
export type NotificationPriority = Notification['priority'];
export type LiveState = LiveSocketState;
/** What the server pushes over /api/notifications/live (api.md). */
export type LiveMessage = StaffHubEvent;

export const BELL_ITEMS = 5;
export const BADGE_CAP = 99;
/** The bell asks page 1, size 10 (api.md): a few more than it shows, so marking one read never leaves a gap. */
export const BELL_FETCH_SIZE = 10;
export const TOAST_MS = 8_000;
/** behaviour.md#constants-and-limits: the general poll runs every 30 s; with the socket open only the bell's 60 s safety poll remains. */
export const POLL_DOWN_MS = 30_000;
export const POLL_OPEN_MS = 60_000;

export const badgeText = (count: number) => (count > BADGE_CAP ? `${BADGE_CAP}+` : String(count));

/** The latest notifications, newest first. */
export const $notifications = atom<Notification[]>([]);
/** Every unread notification on the server, not only those in the list; never below 0 (behaviour.md#states-and-transitions). */
export const $unreadCount = atom<number>(0);
export const $notificationLive = atom<LiveState>('connecting');
/** The last message from the socket, for the full list page to follow (it keeps its own, filtered page). */
export const $liveEvent = atom<LiveMessage | null>(null);

/**
 * `version` is bumped by every local change, so a list fetched before it is not allowed to undo it; `islands` counts
 * the islands that asked for the feed (the bell and the full list share one).
 */
export const feed = { version: 0, islands: 0 };

export const setItems = (items: Notification[]) => {
  feed.version++;
  $notifications.set(items);
};
export const setCount = (n: number) => $unreadCount.set(Math.max(0, n));

/** Forgets the list when the last island lets go. */
export function clearFeed() {
  feed.version++;
  $notifications.set([]);
  $unreadCount.set(0);
  $notificationLive.set('connecting');
  $liveEvent.set(null);
}
