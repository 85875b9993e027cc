// How a slot's time reads in the booking flow: the calendar's buttons, the form's summary, the confirmation and the
// same-day warning all say it the same way.
import type { Slot } from './facility';

type Times = Pick<Slot, 'startTime' | 'endTime'>;

export const hhmm = (t: string) => t.slice(0, 5);
export const slotTime = (s: Times) => `${hhmm(s.startTime)}–${hhmm(s.endTime)}`;

const minutesOf = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
/** A slot's length in minutes; an overnight slot (23:30–00:00) wraps. */
export const slotMinutes = (s: Times) =>
  (((minutesOf(s.endTime) - minutesOf(s.startTime)) % 1440) + 1440) % 1440 || 1440;
/** '1 saat', '30 dakika', '1 saat 30 dakika'. */
export function slotLength(s: Times): string {
  const m = slotMinutes(s);
  const h = Math.floor(m / 60);
  return [h ? `${h} saat` : '', m % 60 ? `${m % 60} dakika` : ''].filter(Boolean).join(' ');
}
