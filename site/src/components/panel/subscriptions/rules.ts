// The quick subscription form's rules that are not a field check (behaviour.md#validation 'Subscription form', #constants-and-limits): the start date's
// bounds from the pitch's slot range, the week-count options that fit it, the time list with its fallbacks, the total.
import { addDays, daysBetween, weekdayIndex } from '../../../../../contracts/dates';
import { WEEK_DAYS } from '../../../../../contracts/facility-form';
import {
  DEFAULT_HOURS,
  type SubscriptionSlotsWire,
  slotWarning,
  WEEK_COUNT_DEFAULT,
  WEEK_COUNT_MAX,
  WEEK_COUNT_OPTIONS,
} from '../../../../../contracts/subscriptions';
import type { FacilityWire, WeekDay } from '../../../../../contracts/wire/facility';

/** The weekday of a date as the form names it. */
export const weekDayOf = (date: string): WeekDay => WEEK_DAYS[(weekdayIndex(date) + 6) % 7];

/** The first `day` on or after `date`: the subscription's first week (the server counts the same way). */
export function firstOn(date: string, day: WeekDay): string {
  const target = (WEEK_DAYS.indexOf(day) + 1) % 7;
  return addDays(date, (target - weekdayIndex(date) + 7) % 7);
}

/** behaviour.md#validation: from the first slot date to the last one; without slots from tomorrow, with no upper bound. */
export function startBounds(view: SubscriptionSlotsWire | null, today: string): { min: string; max: string | null } {
  if (view?.firstDate && view.lastDate)
    return { min: view.firstDate < today ? today : view.firstDate, max: view.lastDate };
  return { min: addDays(today, 1), max: null };
}

/** How many weekly dates from the start date on `day` fit before the last slot date; 52 without a range. */
export function maxWeeks(startDate: string, day: WeekDay | '', lastDate: string | null): number {
  if (!lastDate || !startDate || !day) return WEEK_COUNT_MAX;
  const first = firstOn(startDate, day);
  if (first > lastDate) return 0;
  return Math.min(WEEK_COUNT_MAX, Math.floor(daysBetween(first, lastDate) / 7) + 1);
}

const PERIOD: Record<number, string> = { 4: '1 ay', 8: '2 ay', 12: '3 ay', 16: '4 ay', 24: '6 ay', 52: '1 yıl' };
export const weekLabel = (n: number) => (PERIOD[n] ? `${n} hafta (${PERIOD[n]})` : `${n} hafta`);

export interface WeekOption {
  value: number;
  label: string;
}

/** behaviour.md#constants-and-limits: the fixed choices that fit, and the maximum possible (named as such), capped at 52. */
export function weekOptions(max: number): WeekOption[] {
  const fits = WEEK_COUNT_OPTIONS.filter((n) => n <= max).map((n) => ({ value: n as number, label: weekLabel(n) }));
  if (max < 1) return [];
  const same = fits.find((o) => o.value === max);
  if (same) same.label = `${same.label} · en fazla`;
  else fits.push({ value: max, label: `En fazla: ${weekLabel(max)}` });
  return fits;
}

/** 12 when it fits, else the most that does. */
export const defaultWeeks = (max: number) => (max >= WEEK_COUNT_DEFAULT ? WEEK_COUNT_DEFAULT : Math.max(max, 1));

export interface TimeOption {
  startTime: string;
  /** TL; null when the time does not come from a slot (the pitch's hourly price applies). */
  price: number | null;
  /** Weeks of the range with this slot still bookable; null without slots. */
  freeWeeks: number | null;
}

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const toHhmm = (m: number) => `${String(Math.floor(m / 60) % 24).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/** Hourly starts from `start` until an hour before `end` (an end at or before the start runs past midnight). */
export function hourly(start: string, end: string, halfHour = false): string[] {
  let from = toMinutes(start);
  let to = toMinutes(end);
  if (to <= from) to += 24 * 60;
  if (halfHour && from % 60 === 0) from += 30;
  const out: string[] = [];
  for (let m = from; m + 60 <= to; m += 60) out.push(toHhmm(m));
  return out;
}

/**
 * The time list of behaviour.md#error-messages: the pitch's slots on that weekday; else its working hours that day; else 09:00–22:00; each
 * fallback with its warning. `failed`: the slot view could not be read.
 */
export function timeOptions(
  view: SubscriptionSlotsWire | null,
  facility: FacilityWire | undefined,
  day: WeekDay | '',
  failed = false,
): { times: TimeOption[]; warning: string | null } {
  if (!day) return { times: [], warning: null };
  const slots = view?.days[day] ?? [];
  if (slots.length > 0)
    return {
      times: slots.map((s) => ({ startTime: s.startTime, price: s.price, freeWeeks: s.freeWeeks })),
      warning: slots.every((s) => s.freeWeeks === 0) ? slotWarning.noneFree : null,
    };
  const hours = facility?.workingHours?.[day];
  const plain = (list: string[]) => list.map((startTime) => ({ startTime, price: null, freeWeeks: null }));
  if (hours?.isOpen && hours.start && hours.end) {
    const list = hourly(hours.start, hours.end, facility?.startTimeOffset === 'half_hour');
    if (list.length > 0) {
      const hasAny = view ? Object.values(view.days).some((d) => d.length > 0) : false;
      return {
        times: plain(list),
        warning: failed
          ? slotWarning.loadFailed
          : hasAny
            ? slotWarning.noSlotsThisDay
            : slotWarning.noSlotsWorkingHours,
      };
    }
  }
  return {
    times: plain(hourly(DEFAULT_HOURS.start, DEFAULT_HOURS.end)),
    warning: failed ? slotWarning.loadFailed : slotWarning.defaultHours,
  };
}

/** behaviour.md#constants-and-limits: (slot price + shuttle fee per booking) × weeks; subscribers pay no deposit. */
export const totalOf = (price: number, shuttleFee: number, weeks: number) => (price + shuttleFee) * weeks;

/** dd.mm.yyyy (behaviour.md#public-site short form). */
export const shortDate = (date: string | null | undefined) =>
  date && /^\d{4}-\d{2}-\d{2}/.test(date) ? `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}` : '—';
