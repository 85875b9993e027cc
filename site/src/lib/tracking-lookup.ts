// The tracking page's search form (behaviour.md#public-site 'Booking tracking'): the phone input and the cancel
// outcome. Kept apart from ./tracking so the page's first load carries these few lines, not the views' rules.
import { phoneTypingDigits } from '../../../contracts/phone-format';

/**
 * Digits only, forced to start with 0 (behaviour.md#public-site); +90, 90 and 0090 in front become the 0, the same rule
 * as the booking form's phone field (contracts/phone.ts). Never cut: a 12th digit stays, so the look-up refuses it with
 * the phone message. '' stays '' so the field can be emptied.
 */
export function phoneDigits(raw: string): string {
  const { digits } = phoneTypingDigits(raw);
  if (!digits || digits === '9') return digits; // '9' may still become +90
  return digits.startsWith('0') ? digits : '0' + digits;
}

/** 0XXX XXX XX XX, built up while typing; digits past the eleventh follow as a last group. */
export function displayPhone(raw: string): string {
  const d = phoneDigits(raw);
  return [d.slice(0, 4), d.slice(4, 7), d.slice(7, 9), d.slice(9, 11), d.slice(11)].filter(Boolean).join(' ');
}

/** What the phone look-up sends: the shown value with its spaces removed. */
export const phoneForLookup = (shown: string) => shown.replace(/\s/g, '');

/** The server refused because the booking is no longer live (behaviour.md#error-messages): the page reloads to show its current state. */
export const isAlreadyProcessed = (message: string) => /zaten işlem görmüş|already processed/i.test(message);
