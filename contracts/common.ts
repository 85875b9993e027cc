import { z } from 'zod';
import { BOOKING_NUMBER, compactBookingNumber } from './booking-number';
import { msg } from './messages';

export const isoDate = z
  .string({ error: msg.dateInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, msg.dateInvalid)
  .refine((s) => {
    const d = new Date(s + 'T00:00:00Z');
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, msg.dateInvalid);

export const hhmm = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, 'Saat SS:DD biçiminde olmalı')
  .transform((s) => s.slice(0, 5));

/** A number written as text: digits with an optional sign, decimal point and exponent (no hex, no blank, no comma). */
const NUMERIC_TEXT = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;

/** A form's or a query's text holding a number becomes that number; every other value is left for the schema to judge. */
export const numberFromText = (value: unknown): unknown => {
  if (typeof value !== 'string') return value;
  const t = value.trim();
  return NUMERIC_TEXT.test(t) ? Number(t) : value;
};

/**
 * Every number field: a number, or a string holding one (a form's input, a query parameter), and nothing else. Build
 * the rule on z.number() and wrap it: `numeric(z.number({ error }).int().min(1).optional())`. z.coerce.number read
 * `true` as 1 and `[]`, `null` and '' as 0; here they reach the number schema as they are and it refuses them.
 */
export const numeric = <T extends z.ZodType>(schema: T) =>
  z.preprocess<unknown, T, z.input<T> | string>(numberFromText, schema);

/**
 * Control characters no text field keeps (Unicode's Cc): C0 (NUL, ESC, …) but tab, line feed and carriage return (a
 * multi-line note sends them), DEL, and C1. A NUL cut SQL literals and exports short; no person types any of them.
 */
export const CONTROL_CHAR = /(?![\t\n\r])\p{Cc}/u;

/**
 * Where the first text holding a control character is in a value (an object's keys count too), or null: the whole
 * input of a request is checked once, so every text field and every key of every body, query and path refuses them.
 */
export function controlCharPath(value: unknown, path: (string | number)[] = []): (string | number)[] | null {
  if (typeof value === 'string') return CONTROL_CHAR.test(value) ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = controlCharPath(value[i], [...path, i]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (CONTROL_CHAR.test(key)) return [...path, key];
      const found = controlCharPath(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/** Trim; an empty string becomes null (behaviour.md#content-staff-enter). */
export const optionalText = (max = 2000, tooLong?: string) =>
  z
    .string()
    .max(max, tooLong)
    .nullish()
    .transform((v) => {
      const t = v?.trim();
      return t ? t : null;
    });

export { BOOKING_NUMBER, normaliseBookingNumber } from './booking-number';
/** A booking number as typed or pasted: spaces, dashes and dots dropped, upper case, then the rule (booking-number.ts). */
export const bookingNumberSchema = z
  .string()
  .transform(compactBookingNumber)
  .pipe(z.string().regex(BOOKING_NUMBER, msg.bookingNumberInvalid));

/** The first word of a name: what the public sees of someone else's booking until it is approved. */
export const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? '';

/**
 * 'HSR••••••XYZ': what a caller who typed only a phone may see of a booking number (behaviour.md#bookings). The number is the key that
 * cancels the booking, so the rest never leaves the server on that path.
 */
export const maskBookingNumber = (bookingNumber: string) =>
  bookingNumber.length > 6
    ? bookingNumber.slice(0, 3) + '•'.repeat(bookingNumber.length - 6) + bookingNumber.slice(-3)
    : '•'.repeat(bookingNumber.length);

/** A word's first letter (\p{L}), upper case the Turkish way; '' when it has none (an emoji, digits, punctuation). */
const initialLetter = (word: string) => word.normalize('NFC').match(/\p{L}/u)?.[0].toLocaleUpperCase('tr-TR') ?? '';

/**
 * 'Barış A.': first name and the initial of the last, enough for the owner to recognise a booking (behaviour.md#bookings).
 * The initial is always a letter, the first one of the last word after the first name that has one ('Ahmet 😀Yılmaz' →
 * 'Ahmet Y.'); with no such word the first name stands alone ('Ahmet 😀' → 'Ahmet').
 */
export function nameWithInitial(name: string): string {
  const [first, ...rest] = name.trim().split(/\s+/).filter(Boolean);
  if (!first) return '';
  const initial = rest.map(initialLetter).filter(Boolean).pop();
  return initial ? `${first} ${initial}.` : first;
}

/**
 * A shuttle's pickup time for a match at `startTime` (HH:MM): the pickup point stores minutes before the match, so the
 * time always follows the booked hour (never a fixed clock time). Wraps past midnight.
 */
export function pickupTimeFor(startTime: string, minutesBefore: number | null | undefined): string | null {
  if (minutesBefore === null || minutesBefore === undefined || !/^\d{2}:\d{2}/.test(startTime)) return null;
  const total =
    (((Number(startTime.slice(0, 2)) * 60 + Number(startTime.slice(3, 5)) - minutesBefore) % 1440) + 1440) % 1440;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}
