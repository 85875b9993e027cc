// Voluntary application server identification (RFC 8292): each push request carries an ES256 JWT signed with our
// VAPID private key, for the push service's origin, valid 12 hours, naming a contact, and our public key beside it.
import { bytesToBase64url } from '../../../../contracts/base64url';
import { decodeKey, PRIVATE_KEY_BYTES, PUBLIC_KEY_BYTES, privateJwk } from './keys';

export interface VapidKeys {
  /** base64url of the 65-byte uncompressed P-256 point: the browser's applicationServerKey. */
  publicKey: string;
  /** base64url of the 32-byte private scalar (the format `web-push generate-vapid-keys` prints). */
  privateKey: string;
  /** A contact for the push service's operator: a mailto: or an https: address. */
  subject: string;
}

/** RFC 8292 §2: exp at most 24 hours ahead; 12 leaves room for a clock that runs ahead. */
export const VAPID_TTL_SECONDS = 12 * 60 * 60;

/** The keys from the Worker's secrets (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT), or null while any is unset. */
export function vapidKeysOf(env: {
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
  VAPID_SUBJECT?: string;
}): VapidKeys | null {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey, VAPID_SUBJECT: subject } = env;
  if (!publicKey || !privateKey || !subject) return null;
  return { publicKey, privateKey, subject };
}

function checkSubject(subject: string): void {
  if (!/^mailto:[^\s@]+@[^\s@]+$/.test(subject) && !/^https:\/\/[^\s/]+/.test(subject))
    throw new Error('VAPID subject must be a mailto: or https: contact');
}

let cached: { privateKey: string; publicKey: string; key: Promise<CryptoKey> } | undefined;

function signingKey(vapid: VapidKeys): Promise<CryptoKey> {
  if (cached?.privateKey === vapid.privateKey && cached.publicKey === vapid.publicKey) return cached.key;
  const pub = decodeKey(vapid.publicKey, PUBLIC_KEY_BYTES, 'VAPID public key');
  const priv = decodeKey(vapid.privateKey, PRIVATE_KEY_BYTES, 'VAPID private key');
  const key = crypto.subtle.importKey('jwk', privateJwk(pub, priv), { name: 'ECDSA', namedCurve: 'P-256' }, false, [
    'sign',
  ]);
  cached = { privateKey: vapid.privateKey, publicKey: vapid.publicKey, key };
  key.catch(() => {
    if (cached?.key === key) cached = undefined;
  });
  return key;
}

const json = (value: unknown) => bytesToBase64url(new TextEncoder().encode(JSON.stringify(value)));

/** The signed JWT: Web Crypto's ECDSA signature is already r || s (64 bytes), the JOSE form ES256 wants. */
export async function vapidJwt(endpoint: string, vapid: VapidKeys, nowSeconds = Math.floor(Date.now() / 1000)) {
  checkSubject(vapid.subject);
  const input = `${json({ typ: 'JWT', alg: 'ES256' })}.${json({
    aud: new URL(endpoint).origin,
    exp: nowSeconds + VAPID_TTL_SECONDS,
    sub: vapid.subject,
  })}`;
  const signature = await crypto.subtle.sign(
    { name: 'ECDSA', hash: 'SHA-256' },
    await signingKey(vapid),
    new TextEncoder().encode(input),
  );
  return `${input}.${bytesToBase64url(new Uint8Array(signature))}`;
}

/** The Authorization header of RFC 8292 §3: `vapid t=<jwt>, k=<public key>`. */
export async function vapidAuthorization(endpoint: string, vapid: VapidKeys, nowSeconds?: number): Promise<string> {
  return `vapid t=${await vapidJwt(endpoint, vapid, nowSeconds)}, k=${vapid.publicKey}`;
}
