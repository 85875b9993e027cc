// The booking number's rule without zod, for the public islands (contracts/common.ts builds bookingNumberSchema on it).
export const BOOKING_NUMBER = /^HSR[A-HJ-NP-Z2-9]{9}$/;

/** What bookingNumberSchema accepts, as it sends it (trimmed, upper case), or null when it refuses. */
export function normaliseBookingNumber(raw: string): string | null {
  const value = raw.trim().toUpperCase();
  return BOOKING_NUMBER.test(value) ? value : null;
}
