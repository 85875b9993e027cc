// The bell's stored keys (behaviour.md#constants-and-limits): sound on or off, and when the bell was last opened.
import { atom } from 'nanostores';

export const SOUND_KEY = 'notificationSoundEnabled';
export const LAST_CHECK_KEY = 'lastNotificationCheck';

export const $soundEnabled = atom<boolean>(true);

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** Sound is on unless the user turned it off. */
export function readSoundSetting(): boolean {
  return storage()?.getItem(SOUND_KEY) !== 'false';
}

export function setSoundEnabled(on: boolean) {
  storage()?.setItem(SOUND_KEY, String(on));
  $soundEnabled.set(on);
}

/** Opening the bell counts as having looked at the notifications. */
export function markBellOpened(now = new Date()) {
  storage()?.setItem(LAST_CHECK_KEY, now.toISOString());
}
