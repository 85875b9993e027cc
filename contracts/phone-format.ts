// The phone rules as plain functions (no zod), for the public islands; contracts/phone.ts builds the schema on them.
// Turkish mobile: 5 and nine more digits, written with 0, +90, 90 or 0090 in front (or nothing); spaces, dashes,
// dots, slashes and brackets ignored (behaviour.md#validation). Stored and sent as 05XXXXXXXXX.
const MOBILE = /^(?:\+90|0090|90|0)?5\d{9}$/;

export function normalisePhone(input: string): string | null {
  const compact = input.replace(/[\s().\-/]/g, '');
  if (!MOBILE.test(compact)) return null;
  return '0' + compact.slice(-10);
}

/**
 * The digits a phone field shows while typing or after a paste: a country code (+90, 90, 0090) becomes the leading 0,
 * a number started with 5 gets its 0. Nothing is cut: a digit too many stays on screen, so a pasted 12-digit number is
 * refused with the phone message instead of becoming another number. `dropped` and `added` say how the typed digits
 * moved, so a field can keep its caret after the same digit.
 */
export function phoneTypingDigits(raw: string): { digits: string; dropped: number; added: number } {
  const all = raw.replace(/\D/g, '');
  if (all.startsWith('0090')) return { digits: '0' + all.slice(4), dropped: 4, added: 1 };
  if (all.startsWith('90')) return { digits: '0' + all.slice(2), dropped: 2, added: 1 };
  if (all.startsWith('5')) return { digits: '0' + all, dropped: 0, added: 1 };
  return { digits: all, dropped: 0, added: 0 };
}

/** 0XXX XXX XX XX, for display. */
export function formatPhone(phone: string): string {
  const d = phone.replace(/\D/g, '');
  if (d.length !== 11) return phone;
  return `${d.slice(0, 4)} ${d.slice(4, 7)} ${d.slice(7, 9)} ${d.slice(9)}`;
}
