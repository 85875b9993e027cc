// When a slot really starts, for everything a person reads. A slot's `date` is its business day: an overnight pitch
// (open 18:00–02:00) lists 00:00 and 01:00 under the same date as 23:00, but they are played on the next calendar day.
// Screens, notifications and exports show the real calendar date and time, with the business day as context
// ('1 Aralık Salı 00:00 · Pazartesi gecesi'); the business date stays in the data for grouping only.
import { addDays, istanbulToday, TR_MONTHS, TR_WEEKDAYS } from './dates';

/** A slot or booking as the API sends it: the business date, the start time and, when known, the real start instant. */
export interface SlotStartLike {
  date: string;
  startTime: string;
  /** The real start instant: ISO text (the wire) or ms (the database). */
  startsAt?: string | number | null;
}

export interface RealStart {
  /** The business day the slot is grouped under (YYYY-MM-DD). */
  businessDate: string;
  /** The day the slot is played on (YYYY-MM-DD): the business day, or the next one after midnight. */
  calendarDate: string;
  /** 'HH:MM'. */
  time: string;
  /** Starts after midnight of its business day. */
  overnight: boolean;
}

const instantOf = (at: SlotStartLike['startsAt']) =>
  typeof at === 'number' ? at : typeof at === 'string' && at ? Date.parse(at) : Number.NaN;

/**
 * The real calendar date of a slot's start. The start instant decides when it is known; without it, a start before the
 * pitch's opening time (`openingTime`, 'HH:MM') belongs to the next calendar day; without either, to the business day.
 */
export function realStart(s: SlotStartLike, openingTime?: string | null): RealStart {
  const time = s.startTime.slice(0, 5);
  const at = instantOf(s.startsAt);
  let calendarDate = s.date;
  if (!Number.isNaN(at)) calendarDate = istanbulToday(at);
  else if (openingTime && time < openingTime.slice(0, 5)) calendarDate = addDays(s.date, 1);
  return { businessDate: s.date, calendarDate, time, overnight: calendarDate !== s.date };
}

const parts = (date: string) => {
  const d = new Date(date + 'T00:00:00Z');
  return { day: d.getUTCDate(), month: TR_MONTHS[d.getUTCMonth()], year: d.getUTCFullYear(), weekday: d.getUTCDay() };
};

/** 'Pazartesi gecesi': the business day an after-midnight start belongs to. */
export const nightOf = (businessDate: string) => `${TR_WEEKDAYS[parts(businessDate).weekday]} gecesi`;

/** '1 Aralık 2026 Salı' (or '1 Aralık Salı' without the year) for a YYYY-MM-DD date. */
export function trCalendarDay(date: string, { year = true } = {}): string {
  const p = parts(date);
  return `${p.day} ${p.month}${year ? ` ${p.year}` : ''} ${TR_WEEKDAYS[p.weekday]}`;
}

/** ' · Pazartesi gecesi' after an after-midnight start, '' otherwise. */
export const nightSuffix = (r: RealStart) => (r.overnight ? ` · ${nightOf(r.businessDate)}` : '');

export interface SlotTextOptions {
  /** Write the year ('1 Aralık 2026 Salı'); default true. */
  year?: boolean;
  /** What follows the date instead of the start time, e.g. '00:00–01:00'. */
  time?: string;
  openingTime?: string | null;
}

/**
 * The date and time a person reads: '1 Aralık 2026 Salı 00:00 · Pazartesi gecesi' for an after-midnight start,
 * '30 Kasım 2026 Pazartesi 18:00' otherwise.
 */
export function slotStartText(s: SlotStartLike, o: SlotTextOptions = {}): string {
  const r = realStart(s, o.openingTime);
  return `${trCalendarDay(r.calendarDate, o)} ${o.time ?? r.time}${nightSuffix(r)}`;
}

/** The date alone, for a screen that shows the time in a row of its own: '1 Aralık 2026 Salı · Pazartesi gecesi'. */
export function slotDateText(s: SlotStartLike, o: Omit<SlotTextOptions, 'time'> = {}): string {
  const r = realStart(s, o.openingTime);
  return `${trCalendarDay(r.calendarDate, o)}${nightSuffix(r)}`;
}

/** The real calendar date of the start, YYYY-MM-DD. */
export const calendarDateOf = (s: SlotStartLike, openingTime?: string | null) => realStart(s, openingTime).calendarDate;

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Start hours ('HH:MM') in the order of a business day, as the calendars list them: the day starts after the longest
 * stretch without a start, so an overnight pitch's 00:00 and 01:00 follow 23:00 ('18:00' … '23:00', '00:00', '01:00').
 * A set that covers the whole clock starts at 00:00.
 */
export function businessHourOrder(hours: Iterable<string>): string[] {
  const sorted = [...new Set(hours)].sort();
  if (sorted.length < 2) return sorted;
  const mins = sorted.map(minutesOf);
  let start = 0;
  let widest = -1;
  for (let i = 0; i < mins.length; i++) {
    const gap = mins[i] - (i > 0 ? mins[i - 1] : mins[mins.length - 1] - 1440);
    if (gap > widest) {
      widest = gap;
      start = i;
    }
  }
  return [...sorted.slice(start), ...sorted.slice(0, start)];
}
