// What a notification event does to the bell (behaviour.md#states-and-transitions): the same reducer for the socket's pushes and the bell's own
// actions once the server confirmed them.
import { parseSocketMessage } from '../../../../contracts/socket/parse';
import { staffHubEvent } from '../../../../contracts/socket/staff-hub';
import { $session } from '../session';
import { toast } from '../toast';
import { refreshNotifications } from './fetch';
import { $soundEnabled } from './settings';
import { playNotificationSound } from './sound';
import {
  $liveEvent,
  $notifications,
  $unreadCount,
  type LiveMessage,
  type Notification,
  setCount,
  setItems,
  TOAST_MS,
} from './state';

/** A new notification goes on top and raises the unread count; one we already hold is not counted twice. */
function insert(n: Notification): boolean {
  const list = $notifications.get();
  if (list.some((x) => x.id === n.id)) return false;
  setItems([n, ...list].slice(0, 50));
  if (!n.isRead) setCount($unreadCount.get() + 1);
  return true;
}

/** Marks one as read if we hold it; null when we do not (then only the server knows whether it was unread). */
export function applyRead(id: number, readAt: string | null): boolean | null {
  const list = $notifications.get();
  const item = list.find((x) => x.id === id);
  if (!item) return null;
  if (item.isRead) return true;
  setItems(list.map((x) => (x.id === id ? { ...x, isRead: true, readAt: readAt ?? new Date().toISOString() } : x)));
  setCount($unreadCount.get() - 1);
  return true;
}

export function applyReadAll() {
  const now = new Date().toISOString();
  setItems($notifications.get().map((x) => (x.isRead ? x : { ...x, isRead: true, readAt: now })));
  setCount(0);
}

export function applyDeleted(id: number): boolean {
  const list = $notifications.get();
  const item = list.find((x) => x.id === id);
  if (!item) return false;
  setItems(list.filter((x) => x.id !== id));
  if (!item.isRead) setCount($unreadCount.get() - 1);
  return true;
}

/** A socket frame as a staff hub message, or null when it is not JSON or does not fit the contract. */
export const parseLiveMessage = (raw: unknown): LiveMessage | null => parseSocketMessage(staffHubEvent, raw);

/** Who this bell belongs to: the socket's hello names the user; the stored session is the fallback. */
let helloUserId: number | null = null;
function viewerId(): number | null {
  if (helloUserId !== null) return helloUserId;
  const session = $session.get();
  return session.status === 'signed-in' ? session.user.id : null;
}

export function forgetViewer() {
  helloUserId = null;
}

/** One's own action: already seen, so no toast, no sound and no unread count for the actor. */
export const isOwnAction = (n: Notification) => n.actorUserId != null && n.actorUserId === viewerId();

export function handleLiveMessage(incoming: LiveMessage) {
  let message = incoming;
  switch (message.type) {
    case 'notification': {
      const own = isOwnAction(message.notification);
      const n =
        own && !message.notification.isRead
          ? { ...message.notification, isRead: true, readAt: message.notification.createdAt }
          : message.notification;
      message = { type: 'notification', notification: n };
      if (!insert(n)) break;
      if (own) break;
      if ($soundEnabled.get()) playNotificationSound(n.type);
      toast('info', n.title, n.message, TOAST_MS);
      break;
    }
    case 'read':
      if (message.id === 'all') applyReadAll();
      // Read elsewhere, and not in our short list: the count can only come from the server.
      else if (applyRead(message.id, null) === null) void refreshNotifications();
      break;
    case 'deleted':
      if (!applyDeleted(message.id)) void refreshNotifications();
      break;
    case 'hello':
      helloUserId = message.userId;
      break;
  }
  $liveEvent.set(message);
}
