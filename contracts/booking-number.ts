// The booking number's rule without zod, for the public islands (contracts/common.ts builds bookingNumberSchema on it).
export const BOOKING_NUMBER = /^HSR[A-HJ-NP-Z2-9]{9}$/;

/**
 * A number as people paste it, made whole: spaces (and invisible marks), dashes and dots dropped, upper case, so
 * 'HSR-K4G3NB82G', 'hsr k4g3 nb82g' and 'HSRK4G3NB82G.' are the same number (behaviour.md#time-money-and-identity).
 */
export const compactBookingNumber = (raw: string) =>
  raw.replace(/[\s.\-\u2010-\u2015\u2212\u200b-\u200f\u2060\ufeff]/g, '').toUpperCase();

/** What bookingNumberSchema accepts, as it sends it (compacted, upper case), or null when it refuses. */
export function normaliseBookingNumber(raw: string): string | null {
  const value = compactBookingNumber(raw);
  return BOOKING_NUMBER.test(value) ? value : null;
}
