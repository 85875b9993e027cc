// Which slots a pitch's working hours give on one weekday (behaviour.md#slots): shared by slot generation on the server and the
// Fiyatlandırma preview in the panel, so the preview shows exactly the hours generation will create.
import type { WeekDay, WorkingHoursWire } from './wire/facility';

export interface FacilityHours {
  workingHours: WorkingHoursWire | null | undefined;
  bookingTimeType: 'hourly' | 'half-hourly';
  startTimeOffset: 'full_hour' | 'half_hour';
}

/** Minutes of one slot: 60 on an hourly pitch, 30 on a half-hourly one. */
export const slotLengthOf = (bookingTimeType: FacilityHours['bookingTimeType']) =>
  bookingTimeType === 'hourly' ? 60 : 30;

export const minutesOfTime = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 60 + m;
};

/** HH:MM of minutes after midnight; 1440 and beyond wrap to the next day's clock (an overnight slot keeps its date). */
export function timeOfMinutes(total: number): string {
  const m = ((total % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/**
 * The [start, end) minutes after the business day's midnight of each slot on `weekday`; overnight hours run past 1440
 * on the same business day. Empty on a closed day.
 */
export function slotMinutes(f: FacilityHours, weekday: WeekDay): Array<{ start: number; end: number }> {
  const day = f.workingHours?.[weekday];
  if (!day?.isOpen) return [];
  const open = minutesOfTime(day.start);
  let close = minutesOfTime(day.end);
  if (close <= open) close += 1440;
  const length = slotLengthOf(f.bookingTimeType);
  const within = open % 60;
  const first =
    f.startTimeOffset === 'half_hour'
      ? open - within + (within <= 30 ? 30 : 90)
      : open - within + (within === 0 ? 0 : 60);
  const out: Array<{ start: number; end: number }> = [];
  for (let t = first; t + length <= close; t += length) out.push({ start: t, end: t + length });
  return out;
}
