// Message encryption for Web Push (RFC 8291) in the 'aes128gcm' content coding (RFC 8188), on Web Crypto alone.
//
// A fresh ECDH key pair of ours meets the browser's p256dh key; HKDF mixes the shared secret with the browser's auth
// secret ('WebPush: info'), then with a random salt into the content key and nonce. The body is one record: a header
// (salt, record size 4096, key id length 65, our public key: 86 bytes) and the AES-128-GCM ciphertext of the payload
// followed by the last-record delimiter 0x02.
import { base64urlToBytes } from '../../../../contracts/base64url';
import { ecdhSecret, PUBLIC_KEY_BYTES } from './keys';

export const RECORD_SIZE = 4096;
export const HEADER_BYTES = 16 + 4 + 1 + PUBLIC_KEY_BYTES;
const TAG_BYTES = 16;
/** A push service need not accept a body over 4096 bytes (RFC 8030 §7.2): header, delimiter and tag leave 3993. */
export const MAX_BODY_BYTES = 4096;
export const MAX_PAYLOAD_BYTES = MAX_BODY_BYTES - HEADER_BYTES - 1 - TAG_BYTES;

export class PushPayloadTooLargeError extends Error {
  constructor(readonly bytes: number) {
    super(`Push payload is ${bytes} bytes; at most ${MAX_PAYLOAD_BYTES} fit in one ${MAX_BODY_BYTES}-byte message`);
    this.name = 'PushPayloadTooLargeError';
  }
}

export interface PushKeys {
  /** The browser's ECDH public key, base64url of the 65-byte uncompressed point. */
  p256dh: string;
  /** The browser's 16-byte auth secret, base64url. */
  auth: string;
}

/** Fixed salt and server key pair: only the RFC's own example needs them; every message otherwise gets fresh ones. */
export interface EncryptInputs {
  salt?: Uint8Array<ArrayBuffer>;
  serverKeys?: CryptoKeyPair;
}

const text = new TextEncoder();
/** An HKDF info label as bytes. */
const label = (value: string) => new Uint8Array(text.encode(value));

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

async function hkdf(
  salt: Uint8Array<ArrayBuffer>,
  ikm: Uint8Array<ArrayBuffer>,
  info: Uint8Array<ArrayBuffer>,
  bytes: number,
): Promise<Uint8Array<ArrayBuffer>> {
  const key = await crypto.subtle.importKey('raw', ikm, 'HKDF', false, ['deriveBits']);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt, info }, key, bytes * 8));
}

function browserKeys(keys: PushKeys): { uaPublic: Uint8Array<ArrayBuffer>; authSecret: Uint8Array<ArrayBuffer> } {
  const uaPublic = base64urlToBytes(keys.p256dh);
  const authSecret = base64urlToBytes(keys.auth);
  if (!uaPublic || uaPublic.length !== PUBLIC_KEY_BYTES || uaPublic[0] !== 0x04)
    throw new Error('p256dh must be a base64url uncompressed P-256 point (65 bytes)');
  if (authSecret?.length !== 16) throw new Error('auth must be a base64url 16-byte secret');
  return { uaPublic, authSecret };
}

/** The request body for a push message: header and one encrypted record (RFC 8291 §4, RFC 8188 §2). */
export async function encryptPayload(
  payload: Uint8Array,
  keys: PushKeys,
  inputs: EncryptInputs = {},
): Promise<Uint8Array<ArrayBuffer>> {
  if (payload.length > MAX_PAYLOAD_BYTES) throw new PushPayloadTooLargeError(payload.length);
  const { uaPublic, authSecret } = browserKeys(keys);
  const ecdh = { name: 'ECDH', namedCurve: 'P-256' } as const;
  const serverKeys =
    inputs.serverKeys ?? ((await crypto.subtle.generateKey(ecdh, true, ['deriveBits'])) as CryptoKeyPair);
  const salt = inputs.salt ?? crypto.getRandomValues(new Uint8Array(16));
  if (salt.length !== 16) throw new Error('salt must be 16 bytes');

  const asPublic = new Uint8Array((await crypto.subtle.exportKey('raw', serverKeys.publicKey)) as ArrayBuffer);
  const uaKey = await crypto.subtle.importKey('raw', uaPublic, ecdh, false, []);
  const secret = await ecdhSecret(serverKeys.privateKey, uaKey);

  // RFC 8291 §3.3-3.4: IKM from the auth secret and 'WebPush: info' || 0x00 || ua_public || as_public.
  const keyInfo = concat(label('WebPush: info\0'), uaPublic, asPublic);
  const ikm = await hkdf(authSecret, secret, keyInfo, 32);
  // RFC 8188 §2.2-2.3: the content-encryption key and the nonce (record 0: the nonce as is).
  const cek = await hkdf(salt, ikm, label('Content-Encoding: aes128gcm\0'), 16);
  const nonce = await hkdf(salt, ikm, label('Content-Encoding: nonce\0'), 12);

  const key = await crypto.subtle.importKey('raw', cek, 'AES-GCM', false, ['encrypt']);
  const record = concat(payload, new Uint8Array([0x02]));
  const ciphertext = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv: nonce, tagLength: TAG_BYTES * 8 }, key, record),
  );

  const header = new Uint8Array(HEADER_BYTES);
  header.set(salt, 0);
  new DataView(header.buffer).setUint32(16, RECORD_SIZE);
  header[20] = PUBLIC_KEY_BYTES;
  header.set(asPublic, 21);
  return concat(header, ciphertext);
}
