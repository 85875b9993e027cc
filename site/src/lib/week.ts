// Pure rules of the panel's weekly calendar (behaviour.md#management-panel 'Weekly calendar', behaviour.md#time-money-and-identity–2): the week runs Monday to Sunday on
// Istanbul business dates; an overnight pitch's 00:00–05:59 starts sit after the late evening. No DOM, no network.
import { addDays, istanbulToday, weekdayIndex } from '../../../contracts/dates';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const utc = (date: string) => new Date(date + 'T00:00:00Z');
const fmt = (o: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('tr-TR', { ...o, timeZone: 'UTC' });
const weekdayLong = fmt({ weekday: 'long' });
const dayMonth = fmt({ day: 'numeric', month: 'long' });
const monthLong = fmt({ month: 'long' });

export const isIsoDate = (s: string | null | undefined): s is string =>
  !!s && ISO_DATE.test(s) && utc(s).toISOString().slice(0, 10) === s;

/** The Monday of the week holding `date` (a business date, YYYY-MM-DD). */
export function mondayOf(date: string): string {
  return addDays(date, -((weekdayIndex(date) + 6) % 7));
}

/** This week's Monday in Istanbul, whatever the browser's zone. */
export const thisMonday = (now = Date.now()) => mondayOf(istanbulToday(now));

/** Monday … Sunday. */
export function weekDates(monday: string): string[] {
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

/** '16 – 22 Kasım 2026', '30 Kasım – 6 Aralık 2026', '28 Aralık 2026 – 3 Ocak 2027'. */
export function weekRangeLabel(monday: string): string {
  const sunday = addDays(monday, 6);
  const [y1, m1, d1] = [monday.slice(0, 4), monday.slice(5, 7), Number(monday.slice(8))];
  const [y2, m2, d2] = [sunday.slice(0, 4), sunday.slice(5, 7), Number(sunday.slice(8))];
  const month = (d: string) => monthLong.format(utc(d));
  if (y1 !== y2) return `${d1} ${month(monday)} ${y1} – ${d2} ${month(sunday)} ${y2}`;
  if (m1 !== m2) return `${d1} ${month(monday)} – ${d2} ${month(sunday)} ${y2}`;
  return `${d1} – ${d2} ${month(sunday)} ${y2}`;
}

/** 'Pazartesi' and '16 Kasım' for a column heading. */
export const weekdayName = (date: string) => weekdayLong.format(utc(date));
export const dayAndMonth = (date: string) => dayMonth.format(utc(date));

/** The `hafta` address parameter as a Monday, or null when it is missing or not a date. */
export function mondayFromParam(param: string | null | undefined): string | null {
  return isIsoDate(param) ? mondayOf(param) : null;
}

// ---------------------------------------------------------------- hours of a business day

/** Starts before this hour on an overnight pitch belong to the next calendar day (behaviour.md#time-money-and-identity). */
export const OVERNIGHT_BEFORE_HOUR = 6;

const toMinutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
const hhmm = (minutes: number) => {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};

export interface TimedSlot {
  date: string;
  startTime: string;
  endTime: string;
  /** The real instant (ISO); when present it decides whether a start lies after midnight. */
  startsAt?: string | null;
}

/**
 * Minutes from the business day's midnight to the slot's start: 00:00 on an overnight pitch is 1440, not 0.
 * The real instant decides; without it, a start before 06:00 counts as after midnight.
 */
export function businessMinutes(slot: Pick<TimedSlot, 'date' | 'startTime' | 'startsAt'>): number {
  const at = slot.startsAt ? Date.parse(slot.startsAt) : NaN;
  if (!Number.isNaN(at)) return Math.round((at - Date.parse(`${slot.date}T00:00:00+03:00`)) / 60_000);
  const m = toMinutes(slot.startTime);
  return m < OVERNIGHT_BEFORE_HOUR * 60 ? m + 1440 : m;
}

/** The instant a slot starts, in ms: the API's startsAt, or the business date and time with the overnight rule. */
export function startInstant(slot: Pick<TimedSlot, 'date' | 'startTime' | 'startsAt'>): number {
  return Date.parse(`${slot.date}T00:00:00+03:00`) + businessMinutes(slot) * 60_000;
}

export const isPastSlot = (slot: Pick<TimedSlot, 'date' | 'startTime' | 'startsAt'>, now = Date.now()) =>
  startInstant(slot) <= now;

const durationOf = (s: Pick<TimedSlot, 'startTime' | 'endTime'>) =>
  (((toMinutes(s.endTime) - toMinutes(s.startTime)) % 1440) + 1440) % 1440 || 1440;

/** The distinct start times of the week as table rows: 06:00 … 23:30, then the overnight 00:00 … 05:30. */
export function timeRows(slots: TimedSlot[]): string[] {
  const order = new Map<string, number>();
  for (const s of slots) {
    const key = s.startTime.slice(0, 5);
    order.set(key, Math.max(order.get(key) ?? -Infinity, businessMinutes(s)));
  }
  return [...order.keys()].sort((a, b) => order.get(a)! - order.get(b)! || a.localeCompare(b));
}

/** The hours the week's slots cover: the first start to the last end, e.g. '18:00 – 02:00'; null without slots. */
export function coveredHours(slots: TimedSlot[]): string | null {
  if (slots.length === 0) return null;
  let first = Infinity;
  let last = -Infinity;
  for (const s of slots) {
    const start = businessMinutes(s);
    first = Math.min(first, start);
    last = Math.max(last, start + durationOf(s));
  }
  return `${hhmm(first)} – ${hhmm(last)}`;
}

export const slotTimeLabel = (s: Pick<TimedSlot, 'startTime' | 'endTime'>) =>
  `${s.startTime.slice(0, 5)}–${s.endTime.slice(0, 5)}`;
