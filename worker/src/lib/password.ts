// PBKDF2-SHA256 with a per-user salt. 100,000 is the most iterations the production Workers runtime accepts.
export const PBKDF2_ITERATIONS = 100_000;
const SALT_BYTES = 16;
const HASH_BITS = 256;

const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const unb64 = (s: string): Uint8Array<ArrayBuffer> => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, HASH_BITS);
  return new Uint8Array(bits);
}

/** Format: pbkdf2_sha256$<iterations>$<salt b64>$<hash b64> */
export async function hashPassword(password: string, iterations = PBKDF2_ITERATIONS): Promise<string> {
  if (iterations > PBKDF2_ITERATIONS)
    throw new Error(`PBKDF2 iterations above ${PBKDF2_ITERATIONS} fail in production Workers`);
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const hash = await derive(password, salt, iterations);
  return `pbkdf2_sha256$${iterations}$${b64(salt)}$${b64(hash)}`;
}

export function parseHash(stored: string) {
  const [scheme, iter, salt, hash] = stored.split('$');
  if (scheme !== 'pbkdf2_sha256' || !iter || !salt || !hash) return null;
  return { iterations: Number(iter), salt: unb64(salt), hash: unb64(hash) };
}

function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i] ^ b[i];
  return diff === 0;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed || parsed.iterations > PBKDF2_ITERATIONS) return false;
  const candidate = await derive(password, parsed.salt, parsed.iterations);
  return constantTimeEqual(candidate, parsed.hash);
}

/** Spend the same time for an unknown user as for a wrong password, so timing does not reveal which usernames exist. */
export async function burnPasswordTime(password: string): Promise<void> {
  await derive(password, new Uint8Array(SALT_BYTES), PBKDF2_ITERATIONS);
}
