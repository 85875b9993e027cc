// This device's staff push (docs/behaviour.md#notifications 'Staff push'), for the bell's switch: the subscription
// lives in the panel worker's registration (scope /yonetim/), apart from any player subscription of the public site.
import { base64urlToBytes } from '../../../contracts/base64url';
import { client, unwrap } from './api';
import { PANEL_SW_SCOPE, registerPanelWorker } from './panel-sw';

/** Whether this browser can get push at all (an iPhone only once the panel is on the home screen). */
export const pushSupported = () =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window &&
  window.isSecureContext;

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration(PANEL_SW_SCOPE);
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** On when this browser has a subscription and the server has it for this session (a sign-out deleted it there). */
export async function staffPushState(): Promise<boolean> {
  if (Notification.permission !== 'granted') return false;
  const sub = await currentSubscription();
  if (!sub) return false;
  const { subscribed } = await unwrap(client.api.push.staff.status.$post({ json: { endpoint: sub.endpoint } }));
  return subscribed;
}

export class PushPermissionError extends Error {}

/** Asks for permission (the click is the user's gesture), subscribes with the VAPID key and hands the server the keys. */
export async function turnStaffPushOn(): Promise<void> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushPermissionError(permission);
  const registration = (await registerPanelWorker()) ?? (await navigator.serviceWorker.ready);
  const { publicKey } = await unwrap(client.api.push['public-key'].$get());
  const key = base64urlToBytes(publicKey);
  if (!key) throw new Error('VAPID key');
  let sub = await registration.pushManager.getSubscription();
  if (sub && !sameKey(sub.options.applicationServerKey, key)) {
    // The server's key was rotated: the old subscription cannot be sent to any more.
    await sub.unsubscribe();
    sub = null;
  }
  sub ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const json = sub.toJSON();
  await unwrap(
    client.api.push.staff.$post({
      json: {
        subscription: {
          endpoint: sub.endpoint,
          keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
        },
      },
    }),
  );
}

/** The server forgets the device first (so it is never sent to again), then the browser drops the subscription. */
export async function turnStaffPushOff(): Promise<void> {
  const sub = await currentSubscription();
  if (!sub) return;
  await unwrap(client.api.push.staff.$delete({ json: { endpoint: sub.endpoint } }));
  await sub.unsubscribe();
}

function sameKey(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a) return false;
  const x = new Uint8Array(a);
  return x.length === b.length && x.every((v, i) => v === b[i]);
}
