// Joining a waitlist from the pitch page or 'Boş saat bul' (docs/behaviour.md#waitlist): the device's push subscription
// when the player asked for it, the request, the entry kept on the device, and the words of the answer.
import { publicMsg as msg } from '../../../contracts/public-texts';
import { WAITLIST_CLAIM_MINUTES, type WaitlistEntryWire, waitlistTexts } from '../../../contracts/waitlist';
import { ApiRequestError } from './errors';
import { type JoinBody, joinWaitlist, leaveWaitlist, type PushJson } from './waitlist-api';
import { forgetWaitEntry, rememberWaitEntry } from './waitlist-device';

export const PUSH_FAILED =
  'Bildirim açılamadı; sıradaki yeriniz yine de saklandı. Durumu Rezervasyonlarım sayfasından izleyin.';
export const LEFT_TEXT = 'Listeden çıktınız.';
export const LEAVE_FAILED = 'Listeden çıkılamadı. Lütfen tekrar deneyin.';
export const JOIN_FAILED = 'Bekleme listesine eklenemediniz. Lütfen tekrar deneyin.';
export const NAME_REQUIRED = 'Ad soyad gerekli';
export const PHONE_REQUIRED = 'Telefon numarası gerekli';

/** Push where the browser has it: the permission asked inside the press, then the subscription (PushButton's steps). */
export async function pushSubscription(): Promise<PushJson | null> {
  if (!('serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window)) return null;
  let permission = Notification.permission;
  if (permission !== 'granted') permission = await Notification.requestPermission();
  if (permission !== 'granted') return null;
  const { subscribeHere } = await import('../components/booking/PushButton');
  const sub = await subscribeHere();
  const { endpoint, keys } = sub.toJSON();
  return { endpoint: endpoint ?? sub.endpoint, keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' } };
}

export interface Joined {
  entry: WaitlistEntryWire;
  /** Push asked for and not turned on. */
  pushFailed: boolean;
}

/** Joins; a failed push subscription still joins (said so). Throws ApiRequestError with the server's Turkish text. */
export async function join(body: JoinBody, wantsPush: boolean): Promise<Joined> {
  let push: PushJson | null = null;
  let pushFailed = false;
  if (wantsPush) {
    try {
      push = await pushSubscription();
      pushFailed = push === null;
    } catch {
      pushFailed = true;
    }
  }
  const entry = await joinWaitlist({ ...body, ...(push ? { push } : {}) });
  rememberWaitEntry(entry);
  return { entry, pushFailed };
}

export async function leave(key: string) {
  await leaveWaitlist(key);
  forgetWaitEntry(key);
}

/** The claim window's minutes: the answer's own when the server says it, else the default. */
export const claimMinutesOf = (entry: WaitlistEntryWire) => entry.claimMinutes ?? WAITLIST_CLAIM_MINUTES;

/** 'Sıraya eklendiniz. Sıranız: N.' and what happens next. */
export const joinedLines = (entry: WaitlistEntryWire) => [
  waitlistTexts.joined(entry.position ?? 1),
  waitlistTexts.explain(claimMinutesOf(entry)),
];

export const errorOf = (e: unknown) =>
  e instanceof ApiRequestError && e.message ? e.message : e instanceof TypeError ? msg.networkDown : JOIN_FAILED;

/** A field the server refused, by its path (customerName, customerPhone). */
export function fieldErrorsOf(e: unknown): { customerName?: string; customerPhone?: string } {
  if (!(e instanceof ApiRequestError) || e.status !== 400) return {};
  const list = e.details.errors;
  const out: { customerName?: string; customerPhone?: string } = {};
  if (!Array.isArray(list)) return out;
  for (const item of list as { path?: unknown[]; message?: unknown }[]) {
    const key = item?.path?.[0];
    if ((key === 'customerName' || key === 'customerPhone') && typeof item.message === 'string' && !out[key])
      out[key] = item.message;
  }
  return out;
}
