// The staff bell's store, split by job: state, stored settings, sound, fetching, the event reducer, actions, live feed.
export { backoffDelay, MAX_BACKOFF_MS } from '../../lib/live-socket';
export { markAllRead, markRead, removeNotification } from './actions';
export { handleLiveMessage, isOwnAction, parseLiveMessage } from './events';
export { refreshNotifications } from './fetch';
export { startNotifications } from './live';
export {
  $soundEnabled,
  LAST_CHECK_KEY,
  markBellOpened,
  readSoundSetting,
  SOUND_KEY,
  setSoundEnabled,
} from './settings';
export { playNotificationSound, type Tone, tonesFor } from './sound';
export {
  $liveEvent,
  $notificationLive,
  $notifications,
  $unreadCount,
  BADGE_CAP,
  BELL_FETCH_SIZE,
  BELL_ITEMS,
  badgeText,
  type LiveMessage,
  type LiveState,
  type Notification,
  type NotificationPriority,
  type NotificationType,
  POLL_DOWN_MS,
  POLL_OPEN_MS,
  TOAST_MS,
} from './state';
