// Match length (docs/behaviour.md#match-length): a booking may cover several consecutive slots of one pitch, as one
// booking with one number and one status. Written once for the server (which decides) and the calendar (which offers
// only what the server would accept). No zod here: the pitch page's first load imports this.
import { slotLengthOf } from './slot-plan';

/** The lengths a pitch form offers, in minutes; a pitch picks those that are whole multiples of its slot. */
export const MATCH_LENGTH_CHOICES = [30, 60, 90, 120, 150, 180] as const;
/** The longest match a booking may cover. */
export const MATCH_LENGTH_MAX = 180;

export interface MatchLengthSettings {
  bookingTimeType: 'hourly' | 'half-hourly';
  startTimeOffset: 'full_hour' | 'half_hour';
  /** Minutes, ascending; each a whole multiple of the slot. Empty or invalid entries fall back to one slot. */
  matchLengths: readonly number[];
  /** On a half-hourly pitch: whether a match may start on the half hour between the pitch's hourly starts. */
  halfHourStarts: boolean;
  /** Whether the deposit is per hour of the match (else one deposit per booking). */
  depositPerHour: boolean;
}

/** The lengths the pitch offers, in minutes, ascending, each valid for its slot; never empty (one slot at least). */
export function offeredLengths(f: Pick<MatchLengthSettings, 'bookingTimeType' | 'matchLengths'>): number[] {
  const slot = slotLengthOf(f.bookingTimeType);
  const valid = [...new Set(f.matchLengths)]
    .filter((m) => Number.isInteger(m) && m >= slot && m <= MATCH_LENGTH_MAX && m % slot === 0)
    .sort((a, b) => a - b);
  return valid.length ? valid : [slot];
}

/** The length a booking gets when none is named: the shortest the pitch offers. */
export const defaultLength = (f: Pick<MatchLengthSettings, 'bookingTimeType' | 'matchLengths'>) => offeredLengths(f)[0];

/** How many slots a match of `minutes` covers on this pitch. */
export const slotsIn = (f: Pick<MatchLengthSettings, 'bookingTimeType'>, minutes: number) =>
  minutes / slotLengthOf(f.bookingTimeType);

/**
 * Whether a match may start at `startTime` (HH:MM): always on an hourly pitch; on a half-hourly pitch either half-hour
 * starts are allowed or the start is on the pitch's hour grid (:00, or :30 when its hours start on the half hour).
 */
export function startAllowed(
  f: Pick<MatchLengthSettings, 'bookingTimeType' | 'startTimeOffset' | 'halfHourStarts'>,
  startTime: string,
) {
  if (f.bookingTimeType === 'hourly' || f.halfHourStarts) return true;
  const minute = Number(startTime.slice(3, 5));
  return minute === (f.startTimeOffset === 'half_hour' ? 30 : 0);
}

/** The deposit of a match of `minutes`, kuruş: the pitch's deposit, or per hour of the match when the pitch says so. */
export function depositFor(
  f: Pick<MatchLengthSettings, 'depositPerHour'> & { depositAmount: number },
  minutes: number,
) {
  return f.depositPerHour ? Math.round((f.depositAmount * minutes) / 60) : f.depositAmount;
}

/** The part of a slot the length check reads: its real start instant (ms) and whether it can be booked now. */
export interface LengthSlot {
  startsAt: number;
  free: boolean;
}

/**
 * The lengths (minutes) a match can have from `slots[start]`: the offered lengths whose slots, from the tapped one on,
 * all exist back to back (each starting one slot length after the previous) and are all free. `slots` is the pitch's slot list in
 * start order (one business day, or several: overnight hours stay back to back). Empty when the start itself may not
 * start a match or is not free.
 */
export function fittingLengths(
  f: MatchLengthSettings,
  slots: readonly LengthSlot[],
  start: number,
  startTime: string,
): number[] {
  const first = slots[start];
  if (!first?.free || !startAllowed(f, startTime)) return [];
  const step = slotLengthOf(f.bookingTimeType) * 60_000;
  let run = 1;
  while (
    start + run < slots.length &&
    slots[start + run].free &&
    slots[start + run].startsAt === slots[start + run - 1].startsAt + step
  )
    run++;
  return offeredLengths(f).filter((m) => slotsIn(f, m) <= run);
}

/** '90 dk' / '2 saat' / '1,5 saat': a length as the calendar offers it. */
export function lengthLabel(minutes: number): string {
  if (minutes < 60) return `${minutes} dk`;
  const hours = minutes / 60;
  return Number.isInteger(hours) ? `${hours} saat` : `${String(hours).replace('.', ',')} saat`;
}
