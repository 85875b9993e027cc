// A browser's push subscription (PushSubscription.toJSON()) as the API accepts it: an https address of a real push
// service and the two keys RFC 8291 encrypts to. Anything else is refused before it is stored or sent to.
import { z } from 'zod';
import { base64urlToBytes } from './base64url';
import './messages';

export const pushTexts = {
  endpointRequired: 'Bildirim adresi gerekli',
  endpointNotHttps: 'Bildirim adresi güvenli (https) bir adres olmalı',
  endpointUnknown: 'Bildirim adresi tanınan bir bildirim servisine ait değil',
  p256dhInvalid: 'Tarayıcının bildirim anahtarı (p256dh) geçersiz',
  authInvalid: 'Tarayıcının bildirim doğrulama anahtarı (auth) geçersiz',
  pushUnavailable: 'Bildirimler şu anda kullanılamıyor',
  notLive: 'Bildirim yalnızca bekleyen ya da onaylı, henüz başlamamış rezervasyonlar için açılabilir',
  tooMany: 'Bu rezervasyon için en fazla 5 cihazda bildirim açılabilir',
  subscriptionRequired: 'Tarayıcının bildirim aboneliği gerekli',
} as const;

/** Push services of the browsers players use: Chrome, Edge's Chromium and the other Chromium browsers, Firefox, Safari, legacy Edge. */
const PUSH_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  'web.push.apple.com',
];
const PUSH_HOST_SUFFIXES = ['.push.apple.com', '.notify.windows.com'];

export const PUSH_ENDPOINT_MAX = 2048;
/** An uncompressed P-256 point (0x04 || x || y) and the 16-byte auth secret (RFC 8291 §2). */
export const P256DH_BYTES = 65;
export const AUTH_BYTES = 16;

function parseUrl(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

export function isKnownPushHost(host: string): boolean {
  const name = host.toLowerCase();
  return PUSH_HOSTS.includes(name) || PUSH_HOST_SUFFIXES.some((suffix) => name.endsWith(suffix));
}

export const pushEndpointSchema = z
  .string({ error: pushTexts.endpointRequired })
  .trim()
  .min(1, pushTexts.endpointRequired)
  .max(PUSH_ENDPOINT_MAX, pushTexts.endpointUnknown)
  .superRefine((value, ctx) => {
    const url = parseUrl(value);
    if (url?.protocol !== 'https:') {
      ctx.addIssue({ code: 'custom', message: pushTexts.endpointNotHttps });
      return;
    }
    // No credentials, no other port, a path to post to: the shape every real push service gives.
    if (url.username || url.password || url.port || url.pathname.length < 2 || !isKnownPushHost(url.hostname))
      ctx.addIssue({ code: 'custom', message: pushTexts.endpointUnknown });
  });

const keyOf = (bytes: number, message: string, first?: number) =>
  z.string({ error: message }).refine((value) => {
    const decoded = base64urlToBytes(value);
    return decoded !== null && decoded.length === bytes && (first === undefined || decoded[0] === first);
  }, message);

export const pushSubscriptionSchema = z.object({
  endpoint: pushEndpointSchema,
  keys: z.object(
    {
      p256dh: keyOf(P256DH_BYTES, pushTexts.p256dhInvalid, 0x04),
      auth: keyOf(AUTH_BYTES, pushTexts.authInvalid),
    },
    { error: pushTexts.p256dhInvalid },
  ),
});

export type PushSubscriptionJson = z.infer<typeof pushSubscriptionSchema>;

/** At most this many devices hear one booking: a holder's phone, a laptop, a friend or two. */
export const PUSH_SUBSCRIPTIONS_PER_BOOKING = 5;

/** POST /api/bookings/track/:bookingNumber/push: 'Bildirim al' on this device. */
export const pushSubscribeSchema = z.object({
  subscription: z.object(pushSubscriptionSchema.shape, { error: pushTexts.subscriptionRequired }),
});

/** DELETE /api/bookings/track/:bookingNumber/push: this device no longer hears the booking. */
export const pushUnsubscribeSchema = z.object({ endpoint: pushEndpointSchema });

export interface PushSubscribedWire {
  subscribed: boolean;
}

/** GET /api/push/public-key: the VAPID public key the browser's pushManager.subscribe() needs (applicationServerKey). */
export interface PushPublicKey {
  publicKey: string;
}
