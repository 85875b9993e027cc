// Europe/Istanbul has been UTC+3 all year round since 2016; business time is computed here, never from UTC dates (behaviour.md#time-money-and-identity).
// Date maths shared with the site lives in contracts/dates.ts.
import { ISTANBUL_OFFSET_MS, weekdayIndex } from '../../../contracts/dates';

export { addDays, daysBetween, ISTANBUL_OFFSET_MS, istanbulToday } from '../../../contracts/dates';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export function weekdayOf(date: string): Weekday {
  return WEEKDAYS[weekdayIndex(date)];
}

export { minutesOfTime as toMinutes, timeOfMinutes as fromMinutes } from '../../../contracts/slot-plan';

/** The instant at which the Istanbul wall-clock time `minutes` after midnight of `date` falls (minutes may exceed 1440). */
export function istanbulInstant(date: string, minutes: number): number {
  return Date.parse(date + 'T00:00:00Z') - ISTANBUL_OFFSET_MS + minutes * MINUTE;
}

export function isoInstant(ms: number | null | undefined): string | null {
  return ms == null ? null : new Date(ms).toISOString();
}
