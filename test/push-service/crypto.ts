// What a push service and a browser check of a push message, on Web Crypto alone so that both sides of the worker
// tests use the same code: the local push service in Node (test/push-service/server.ts) and the RFC vector tests in
// workerd (test/worker/fixtures/push-service.ts). A failed check throws PushRefusal with the status a push service
// answers (RFC 8030, RFC 8292) and the reason in words.
import { base64urlToBytes } from '../../contracts/base64url';

export class PushRefusal extends Error {
  constructor(
    readonly status: number,
    reason: string,
  ) {
    super(reason);
    this.name = 'PushRefusal';
  }
}

const text = new TextEncoder();

export function bytesOf(b64: string, what: string, status = 400): Uint8Array<ArrayBuffer> {
  const decoded = base64urlToBytes(b64);
  if (!decoded) throw new PushRefusal(status, `${what} is not base64url`);
  return decoded;
}

async function hkdf(salt: Uint8Array<ArrayBuffer>, ikm: Uint8Array<ArrayBuffer>, info: Uint8Array, n: number) {
  const key = await crypto.subtle.importKey('raw', ikm, 'HKDF', false, ['deriveBits']);
  const params = { name: 'HKDF', hash: 'SHA-256', salt, info: new Uint8Array(info) };
  return new Uint8Array(await crypto.subtle.deriveBits(params, key, n * 8));
}

/** ECDH's `public` member: the runtime reads `public`, the generated workers types spell it `$public`. */
type DeriveParams = Parameters<typeof crypto.subtle.deriveBits>[0];

/**
 * The browser's side of RFC 8291 (the aes128gcm content coding of RFC 8188): read the header, agree on the secret with
 * the subscription's private key, derive the key and nonce, decrypt the one record and strip its padding and the
 * last-record delimiter 0x02. Returns the payload as text.
 */
export async function decryptPushBody(
  body: Uint8Array<ArrayBuffer>,
  subscriber: { privateKey: CryptoKey; publicKey: Uint8Array; auth: Uint8Array },
): Promise<string> {
  if (body.length < 21) throw new PushRefusal(400, 'body shorter than the aes128gcm header');
  const salt = body.slice(0, 16);
  const rs = new DataView(body.buffer, body.byteOffset).getUint32(16);
  const idlen = body[20];
  const asPublic = body.slice(21, 21 + idlen);
  const ciphertext = body.slice(21 + idlen);
  if (rs !== 4096) throw new PushRefusal(400, `record size ${rs}, expected 4096`);
  if (idlen !== 65 || asPublic[0] !== 0x04) throw new PushRefusal(400, `key id of ${idlen} bytes, not a P-256 point`);
  if (ciphertext.length > rs) throw new PushRefusal(400, 'more than one record');
  if (ciphertext.length < 17) throw new PushRefusal(400, 'record shorter than its tag');
  const ecdh = { name: 'ECDH', namedCurve: 'P-256' };
  let secret: Uint8Array<ArrayBuffer>;
  try {
    const asKey = await crypto.subtle.importKey('raw', asPublic, ecdh, false, []);
    const agree = { name: 'ECDH', public: asKey } as unknown as DeriveParams;
    secret = new Uint8Array(await crypto.subtle.deriveBits(agree, subscriber.privateKey, 256));
  } catch (e) {
    throw new PushRefusal(400, `the sender's key does not agree: ${(e as Error).message}`);
  }
  const keyInfo = new Uint8Array([...text.encode('WebPush: info\0'), ...subscriber.publicKey, ...asPublic]);
  const ikm = await hkdf(new Uint8Array(subscriber.auth), secret, keyInfo, 32);
  const cek = await hkdf(salt, ikm, text.encode('Content-Encoding: aes128gcm\0'), 16);
  const nonce = await hkdf(salt, ikm, text.encode('Content-Encoding: nonce\0'), 12);
  const key = await crypto.subtle.importKey('raw', cek, 'AES-GCM', false, ['decrypt']);
  let padded: Uint8Array;
  try {
    padded = new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: nonce }, key, ciphertext));
  } catch {
    throw new PushRefusal(400, "the record does not decrypt with the subscription's keys");
  }
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 0x02) throw new PushRefusal(400, 'the last record does not end with the delimiter 0x02');
  return new TextDecoder().decode(padded.slice(0, end));
}

export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
}

/** RFC 8292 §2: a JWT's exp at most 24 hours ahead. */
export const VAPID_MAX_AGE_S = 24 * 60 * 60;

/**
 * RFC 8292 as a push service checks it: `vapid t=<JWT>, k=<key>`; the key is the one the subscription was made with
 * (else 403); the JWT is ES256 with a raw r||s signature that verifies with that key, for the endpoint's origin,
 * expiring within 24 hours and naming a mailto: or https: contact (else 401).
 */
export async function verifyVapidAuthorization(
  authorization: string | null | undefined,
  expected: { applicationServerKey: string; audience?: string; nowSeconds?: number },
): Promise<VapidClaims> {
  const params = /^vapid\s+(.+)$/i.exec(authorization ?? '')?.[1];
  if (!params) throw new PushRefusal(401, `not a vapid Authorization header: ${authorization ?? '(none)'}`);
  const fields = new Map(
    params.split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const jwt = fields.get('t');
  const k = fields.get('k');
  if (!jwt || !k) throw new PushRefusal(401, 'the vapid Authorization header needs t= and k=');
  if (k !== expected.applicationServerKey)
    throw new PushRefusal(403, "k= is not the key the subscription was made with (the site's applicationServerKey)");
  const parts = jwt.split('.');
  if (parts.length !== 3) throw new PushRefusal(401, 'the token is not a JWS of three parts');
  const [header, claims, signature] = parts;
  let head: { alg?: string; typ?: string };
  let body: Partial<VapidClaims>;
  try {
    head = JSON.parse(new TextDecoder().decode(bytesOf(header, 'JWT header', 401)));
    body = JSON.parse(new TextDecoder().decode(bytesOf(claims, 'JWT claims', 401)));
  } catch (e) {
    if (e instanceof PushRefusal) throw e;
    throw new PushRefusal(401, 'the JWT header or claims are not JSON');
  }
  if (head.alg !== 'ES256' || (head.typ !== undefined && head.typ !== 'JWT'))
    throw new PushRefusal(401, `JWT header ${JSON.stringify(head)}, expected ES256`);
  const sig = bytesOf(signature, 'JWT signature', 401);
  if (sig.length !== 64) throw new PushRefusal(401, `a ${sig.length}-byte signature, not JOSE's raw r||s`);
  const point = bytesOf(k, 'k=', 401);
  let verifyKey: CryptoKey;
  try {
    verifyKey = await crypto.subtle.importKey('raw', point, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
  } catch {
    throw new PushRefusal(401, 'k= is not a P-256 public key');
  }
  const valid = await crypto.subtle.verify(
    { name: 'ECDSA', hash: 'SHA-256' },
    verifyKey,
    sig,
    text.encode(`${header}.${claims}`),
  );
  if (!valid) throw new PushRefusal(401, 'the JWT signature does not verify with k=');
  const now = expected.nowSeconds ?? Math.floor(Date.now() / 1000);
  if (typeof body.aud !== 'string' || (expected.audience !== undefined && body.aud !== expected.audience))
    throw new PushRefusal(401, `aud ${JSON.stringify(body.aud)}, expected ${expected.audience}`);
  if (typeof body.exp !== 'number' || body.exp <= now) throw new PushRefusal(401, `exp ${body.exp} has passed`);
  if (body.exp > now + VAPID_MAX_AGE_S) throw new PushRefusal(401, `exp ${body.exp} is more than 24 hours ahead`);
  if (typeof body.sub !== 'string' || !/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/.test(body.sub))
    throw new PushRefusal(401, `sub ${JSON.stringify(body.sub)} is not a mailto: or https: contact`);
  return { aud: body.aud as string, exp: body.exp, sub: body.sub };
}
