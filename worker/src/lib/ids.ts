// Unambiguous upper-case alphabet: no 0/O/1/I (behaviour.md#time-money-and-identity).
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const DOC_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

function randomString(alphabet: string, length: number): string {
  // Rejection sampling keeps every character equally likely.
  const limit = 256 - (256 % alphabet.length);
  let out = '';
  while (out.length < length) {
    const bytes = crypto.getRandomValues(new Uint8Array(length * 2));
    for (const b of bytes) {
      if (b < limit && out.length < length) out += alphabet[b % alphabet.length];
    }
  }
  return out;
}

export const newBookingNumber = () => 'HSR' + randomString(ALPHABET, 9);
export const newDocumentId = () => randomString(DOC_ALPHABET, 24);
