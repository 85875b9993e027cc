// base64url without padding (RFC 4648 §5), the encoding of push subscription keys, VAPID keys and JWT parts. No zod
// here: the worker's push code and the push subscription schema share it.

const ALPHABET = /^[A-Za-z0-9_-]*$/;

export function bytesToBase64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The bytes of a base64url text (trailing '=' padding tolerated), or null when it is not base64url. */
export function base64urlToBytes(text: string): Uint8Array<ArrayBuffer> | null {
  const bare = text.replace(/={1,2}$/, '');
  if (!ALPHABET.test(bare) || bare.length % 4 === 1) return null;
  const binary = atob(bare.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (bare.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
