// 'Bildirim al' for one booking (docs/behaviour.md#notifications), a chunk of its own loaded when the confirmation or
// tracking's booking view renders it (PushOptIn). On the press: the browser's permission, the public service worker
// (/sw.js, scope '/'), a push subscription to the server's VAPID key, and the subscription sent with the booking
// number, which proves the booking as tracking does. 'Bildirimleri kapat' forgets it on the server, and drops the
// browser's subscription once no other booking kept here uses it. The state after a reload is the browser's
// subscription and what this device keeps (localStorage 'hs:bildirimler': number → push address, the player's own).
import { useEffect, useRef, useState } from 'react';
import { base64urlToBytes } from '../../../../contracts/base64url';
import { client, unwrap } from '../../lib/api';
import { ApiRequestError } from '../../lib/errors';
import { readKept, writeKept } from '../../lib/push-device';
import { BellIcon } from '../ui/icons';
import { Action } from './Action';
import { PUSH_TEXT } from './push-text';
import type { ShareableBooking } from './ShareMatch';

export { PUSH_KEY } from '../../lib/push-device';
export { PUSH_TEXT };

const SW_URL = '/sw.js';
const SCOPE = '/';
const SUBSCRIBE_TIMEOUT_MS = 20_000;

const startOf = (b: ShareableBooking) => {
  const own = b.startsAt ? Date.parse(b.startsAt) : Number.NaN;
  return Number.isFinite(own) ? own : Date.parse(`${b.date}T${b.startTime.slice(0, 5)}:00+03:00`);
};

export type PushSupport = 'ok' | 'ios' | 'none';

/** Push needs a service worker, PushManager and Notification; iOS has them only inside a web app on the home screen. */
export function pushSupport(): PushSupport {
  if ('serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window) return 'ok';
  const ios =
    /iPad|iPhone|iPod/.test(navigator.userAgent) || (/Mac/.test(navigator.userAgent) && navigator.maxTouchPoints > 1);
  return ios ? 'ios' : 'none';
}

/** A failed step with the text the player reads. */
class StepError extends Error {}

/** Resolves once the registration has an active worker (subscribe needs one); a worker that fails to install throws. */
function activated(reg: ServiceWorkerRegistration): Promise<ServiceWorkerRegistration> {
  if (reg.active) return Promise.resolve(reg);
  const worker = reg.installing ?? reg.waiting;
  if (!worker) return Promise.reject(new StepError(PUSH_TEXT.workerFailed));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new StepError(PUSH_TEXT.workerFailed)), 15_000);
    worker.addEventListener('statechange', () => {
      if (worker.state === 'activated') {
        clearTimeout(timer);
        resolve(reg);
      } else if (worker.state === 'redundant') {
        clearTimeout(timer);
        reject(new StepError(PUSH_TEXT.workerFailed));
      }
    });
  });
}

const sameKey = (a: ArrayBuffer | null | undefined, b: Uint8Array) => {
  if (!a) return false;
  const x = new Uint8Array(a);
  return x.length === b.length && x.every((v, i) => v === b[i]);
};

export async function subscribeHere(): Promise<PushSubscription> {
  let reg: ServiceWorkerRegistration;
  try {
    reg = await activated(await navigator.serviceWorker.register(SW_URL, { scope: SCOPE }));
  } catch {
    throw new StepError(PUSH_TEXT.workerFailed);
  }
  const { publicKey } = await unwrap(client.api.push['public-key'].$get());
  const key = base64urlToBytes(publicKey);
  if (!key) throw new StepError(PUSH_TEXT.saveFailed);
  try {
    const current = await reg.pushManager.getSubscription();
    // A subscription to another key (a rotated one) cannot be sent to: it is replaced.
    if (current && sameKey(current.options.applicationServerKey, key)) return current;
    await current?.unsubscribe();
    // A push service out of reach may leave the promise unsettled: the player is told after a while.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new StepError(PUSH_TEXT.subscribeFailed)), SUBSCRIBE_TIMEOUT_MS);
    });
    try {
      return await Promise.race([
        reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }),
        late,
      ]);
    } finally {
      clearTimeout(timer);
    }
  } catch {
    throw new StepError(PUSH_TEXT.subscribeFailed);
  }
}

const currentSubscription = async () => {
  const reg = await navigator.serviceWorker.getRegistration(SCOPE);
  return (await reg?.pushManager.getSubscription()) ?? null;
};

type Phase = 'checking' | 'off' | 'on' | 'turning-on' | 'turning-off' | 'unsupported';

export default function PushButton({ booking, className = '' }: { booking: ShareableBooking; className?: string }) {
  const number = booking.bookingNumber;
  const [phase, setPhase] = useState<Phase>('checking');
  const [support, setSupport] = useState<PushSupport>('ok');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const alive = useRef(true);

  useEffect(() => {
    alive.current = true;
    const s = pushSupport();
    setSupport(s);
    if (s !== 'ok') {
      setPhase('unsupported');
      return;
    }
    if (Notification.permission === 'denied') setError(PUSH_TEXT.denied);
    currentSubscription().then(
      (sub) => {
        if (!alive.current) return;
        const kept = readKept();
        const on = Notification.permission === 'granted' && sub !== null && kept[number]?.endpoint === sub.endpoint;
        if (!on && kept[number]) {
          delete kept[number];
          writeKept(kept);
        }
        setPhase(on ? 'on' : 'off');
        if (on) setNote(PUSH_TEXT.on);
      },
      () => alive.current && setPhase('off'),
    );
    return () => {
      alive.current = false;
    };
  }, [number]);

  async function turnOn() {
    setError(null);
    setNote(PUSH_TEXT.turningOn);
    setPhase('turning-on');
    try {
      // Asked first, inside the press: browsers only show the question to a person's gesture.
      let permission = Notification.permission;
      if (permission !== 'granted') permission = await Notification.requestPermission();
      if (permission !== 'granted')
        throw new StepError(permission === 'denied' ? PUSH_TEXT.denied : PUSH_TEXT.dismissed);
      const sub = await subscribeHere();
      const { endpoint, keys } = sub.toJSON();
      await unwrap(
        client.api.bookings.track[':bookingNumber'].push.$post({
          param: { bookingNumber: number },
          json: {
            subscription: {
              endpoint: endpoint ?? sub.endpoint,
              keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' },
            },
          },
        }),
      );
      writeKept({ ...readKept(), [number]: { endpoint: sub.endpoint, startsAt: startOf(booking) } });
      if (!alive.current) return;
      setPhase('on');
      setNote(PUSH_TEXT.on);
    } catch (e) {
      if (!alive.current) return;
      setPhase('off');
      setNote('');
      setError(
        e instanceof StepError
          ? e.message
          : e instanceof ApiRequestError && e.message
            ? e.message
            : PUSH_TEXT.saveFailed,
      );
    }
  }

  async function turnOff() {
    setError(null);
    setNote(PUSH_TEXT.turningOff);
    setPhase('turning-off');
    try {
      const sub = await currentSubscription();
      const kept = readKept();
      const endpoint = sub?.endpoint ?? kept[number]?.endpoint;
      if (endpoint)
        await unwrap(
          client.api.bookings.track[':bookingNumber'].push.$delete({
            param: { bookingNumber: number },
            json: { endpoint },
          }),
        );
      delete kept[number];
      writeKept(kept);
      // The browser's subscription goes too, unless another booking kept here still hears through it.
      if (sub && !Object.values(kept).some((k) => k.endpoint === sub.endpoint)) await sub.unsubscribe().catch(() => {});
      if (!alive.current) return;
      setPhase('off');
      setNote(PUSH_TEXT.off);
    } catch (e) {
      if (!alive.current) return;
      setPhase('on');
      setNote(PUSH_TEXT.on);
      setError(e instanceof ApiRequestError && e.message ? e.message : PUSH_TEXT.offFailed);
    }
  }

  const on = phase === 'on' || phase === 'turning-off';
  const busy = phase === 'checking' || phase === 'turning-on' || phase === 'turning-off';
  return (
    <div
      className={`rounded-xl border border-slate-200 p-4 dark:border-slate-700 ${className}`}
      data-push-optin
      data-push-phase={phase}
    >
      {phase === 'unsupported' ? (
        <p className="flex items-start gap-2 text-sm text-slate-700 dark:text-slate-300" data-push-unsupported>
          <BellIcon className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          {support === 'ios' ? PUSH_TEXT.ios : PUSH_TEXT.unsupported}
        </p>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          {/* One button whose words change: focus stays on it when the state turns. */}
          <Action
            variant={on ? 'secondary' : 'primary'}
            onClick={on ? turnOff : turnOn}
            pending={busy}
            data-push-button
          >
            <BellIcon aria-hidden="true" />
            {on ? PUSH_TEXT.turnOff : PUSH_TEXT.turnOn}
          </Action>
          <p className="min-w-0 flex-1 text-sm text-slate-600 dark:text-slate-300">
            {on ? PUSH_TEXT.leadOn : PUSH_TEXT.lead}
          </p>
        </div>
      )}
      {phase !== 'unsupported' && (
        <p className="mt-2 text-xs text-slate-600 dark:text-slate-300" data-push-privacy>
          {PUSH_TEXT.privacy}{' '}
          <a
            href="/aydinlatma-metni#bildirimler"
            className="font-semibold text-turf-800 underline underline-offset-2 dark:text-turf-300"
          >
            {PUSH_TEXT.privacyLink}
          </a>
        </p>
      )}
      <p role="status" className="mt-2 text-sm font-semibold" data-push-state>
        {note}
      </p>
      {error && (
        <p role="alert" className="mt-2 text-sm font-medium text-red-800 dark:text-red-200" data-push-error>
          {error}
        </p>
      )}
    </div>
  );
}
