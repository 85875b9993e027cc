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
  setSoundEnabled,
  SOUND_KEY,
} from './settings';
export { playNotificationSound, tonesFor, type Tone } from './sound';
export {
  $liveEvent,
  $notificationLive,
  $notifications,
  $unreadCount,
  BADGE_CAP,
  badgeText,
  BELL_FETCH_SIZE,
  BELL_ITEMS,
  POLL_DOWN_MS,
  POLL_OPEN_MS,
  TOAST_MS,
  type LiveMessage,
  type LiveState,
  type Notification,
  type NotificationPriority,
  type NotificationType,
} from './state';
