// What a day of the calendar will hold once its slots arrive, from the pitch's weekly hours: the loading placeholders take
// the same place, so the days below do not jump when the answer lands (docs/performance.md#budgets, layout shift).
import { ISTANBUL_OFFSET_MS } from '../../../../contracts/dates';
import { slotMinutes } from '../../../../contracts/slot-plan';
import type { WeekDay } from '../../../../contracts/wire/facility';
import type { BookingFacility } from './facility';

const WEEKDAYS: readonly WeekDay[] = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

export interface ExpectedDay {
  /** Leading slots already started at `at` (a phone folds them into one line). */
  started: number;
  /** Slots starting before the business day's midnight, and after it (listed under their own heading). */
  evening: number;
  night: number;
}

/** Null when the pitch's hours are unknown; zero slots on a closed weekday. */
export function expectedDay(f: BookingFacility | null, date: string, at: number): ExpectedDay | null {
  if (!f?.workingHours) return null;
  const weekday = WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()];
  const starts = slotMinutes(
    {
      workingHours: f.workingHours,
      bookingTimeType: f.bookingTimeType ?? 'hourly',
      startTimeOffset: f.startTimeOffset ?? 'full_hour',
    },
    weekday,
  );
  // The business day's midnight in Istanbul, as an instant.
  const midnight = Date.parse(`${date}T00:00:00Z`) - ISTANBUL_OFFSET_MS;
  let started = 0;
  while (started < starts.length && midnight + starts[started].start * 60_000 <= at) started++;
  const night = starts.filter((s) => s.start >= 1440).length;
  return { started, evening: starts.length - night, night };
}
