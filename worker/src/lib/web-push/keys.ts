// P-256 keys as Web Crypto keys: push and VAPID keys travel as base64url raw bytes (a 65-byte uncompressed public
// point, a 32-byte private scalar), Web Crypto imports a private key only as a JWK built from both.
import { base64urlToBytes, bytesToBase64url } from '../../../../contracts/base64url';

export const PUBLIC_KEY_BYTES = 65;
export const PRIVATE_KEY_BYTES = 32;

export function decodeKey(text: string, bytes: number, what: string): Uint8Array<ArrayBuffer> {
  const decoded = base64urlToBytes(text);
  if (!decoded || decoded.length !== bytes || (bytes === PUBLIC_KEY_BYTES && decoded[0] !== 0x04))
    throw new Error(
      `${what} must be ${bytes} bytes of base64url${bytes === PUBLIC_KEY_BYTES ? ' (an uncompressed P-256 point)' : ''}`,
    );
  return decoded;
}

/** The private JWK of a P-256 key pair: x and y from the uncompressed public point, d the scalar. */
export function privateJwk(publicKey: Uint8Array, privateKey: Uint8Array): JsonWebKey {
  return {
    kty: 'EC',
    crv: 'P-256',
    x: bytesToBase64url(publicKey.subarray(1, 33)),
    y: bytesToBase64url(publicKey.subarray(33, 65)),
    d: bytesToBase64url(privateKey),
  };
}

/** An ECDH key pair from fixed keys (a test's RFC vector); sending uses a fresh pair per message. */
export async function importEcdhKeyPair(publicKey: string, privateKey: string): Promise<CryptoKeyPair> {
  const pub = decodeKey(publicKey, PUBLIC_KEY_BYTES, 'public key');
  const priv = decodeKey(privateKey, PRIVATE_KEY_BYTES, 'private key');
  const algorithm = { name: 'ECDH', namedCurve: 'P-256' };
  return {
    publicKey: await crypto.subtle.importKey('raw', pub, algorithm, true, []),
    privateKey: await crypto.subtle.importKey('jwk', privateJwk(pub, priv), algorithm, false, ['deriveBits']),
  };
}

/**
 * The ECDH shared secret (the x coordinate, 32 bytes). The runtime reads the peer's key from `public`; the generated
 * workers types spell that member `$public` (a reserved word escaped), hence the cast.
 */
export async function ecdhSecret(privateKey: CryptoKey, peer: CryptoKey): Promise<Uint8Array<ArrayBuffer>> {
  const algorithm = { name: 'ECDH', public: peer } as unknown as SubtleCryptoDeriveKeyAlgorithm;
  return new Uint8Array(await crypto.subtle.deriveBits(algorithm, privateKey, 256));
}
