// The phone field formatted while typing (behaviour.md#validation), the caret kept after the same digit.
import { phoneTypingDigits } from '../../../../contracts/phone-format';

function grouped(digits: string, sizes: number[]): string {
  const parts: string[] = [];
  let i = 0;
  for (const size of sizes) {
    if (i >= digits.length) break;
    parts.push(digits.slice(i, i + size));
    i += size;
  }
  // A digit too many stays visible (the field refuses it with the phone message), never cut.
  if (i < digits.length) parts.push(digits.slice(i));
  return parts.join(' ');
}

/**
 * 0XXX XXX XX XX while typing or after a paste: +90, 90 and 0090 in front become the leading 0, a number started with 5
 * gets its 0 (every phone field normalises to 05XXXXXXXXX); digits past the eleventh follow as a last group.
 */
export function formatPhoneTyping(raw: string): string {
  const { digits } = phoneTypingDigits(raw);
  if (!digits && raw.trimStart().startsWith('+')) return '+';
  if (digits === '9' && raw.trimStart().startsWith('+')) return '+9';
  return grouped(digits, [4, 3, 2, 2]);
}

/** Where the caret belongs in `formatted` so that it stays after the same number of digits as in `raw`. */
export function caretAfterDigits(raw: string, caret: number, formatted: string): number {
  const { dropped, added } = phoneTypingDigits(raw);
  const typed = raw.slice(0, caret).replace(/\D/g, '').length;
  const digits = typed === 0 ? 0 : Math.max(0, typed - dropped) + added;
  if (digits === 0) return formatted.startsWith('+') && caret > 0 ? formatted.length : 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (/\d/.test(formatted[i]) && ++seen === digits) return i + 1;
  }
  return formatted.length;
}
