// The public calendar's views and ranges (behaviour.md#public-site): pure rules over business dates, and the store of what is on screen.
import { atom, map } from 'nanostores';
import { addDays, daysBetween, istanbulToday, monthEnd, monthStart, weekStart } from '../../../../contracts/dates';
import { publicMsg as msg } from '../../../../contracts/public-texts';

export type CalendarView = 'daily' | 'weekly' | 'monthly' | 'custom';
export interface DateRange {
  from: string;
  to: string;
}
export const MAX_RANGE_DAYS = 31;

export interface CalendarState {
  view: CalendarView;
  /** The day the daily, weekly and monthly views are built around. */
  anchor: string;
  customFrom: string;
  customTo: string;
  /** The day whose slots the monthly view lists under its grid. */
  monthDay: string | null;
}

export function rangeOf(c: CalendarState): DateRange {
  switch (c.view) {
    case 'daily':
      return { from: c.anchor, to: c.anchor };
    case 'weekly': {
      const from = weekStart(c.anchor);
      return { from, to: addDays(from, 6) };
    }
    case 'monthly':
      return { from: monthStart(c.anchor), to: monthEnd(c.anchor) };
    case 'custom':
      return { from: c.customFrom, to: c.customTo };
  }
}

/** Why a custom range cannot be shown, or null. A week or a calendar month always fits one request. */
export function rangeProblem(c: CalendarState): string | null {
  if (c.view !== 'custom') return null;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(c.customFrom) || !/^\d{4}-\d{2}-\d{2}$/.test(c.customTo)) return msg.dateInvalid;
  if (c.customFrom > c.customTo) return msg.rangeReversed;
  if (daysBetween(c.customFrom, c.customTo) >= MAX_RANGE_DAYS) return msg.rangeTooLong;
  return null;
}

export function initialCalendar(today = istanbulToday()): CalendarState {
  return { view: 'weekly', anchor: today, customFrom: today, customTo: addDays(today, 7), monthDay: today };
}

export const $calendar = map<CalendarState>(initialCalendar());
/**
 * The Istanbul date the calendar counts from. The first render (on the server and at hydration) uses the date the server
 * rendered the page on, so the two agree even when midnight falls between them; BookingFlow then follows the clock.
 */
export const $today = atom<string>(istanbulToday());
/** The instant the page was rendered: the loading placeholders are drawn from it, so hydration draws what the server did. */
export const $renderedAt = atom<number>(Date.now());
/** The last date the pitch's slots are generated for (the slots answer's `bookableUntil`); later days are not open yet. */
export const $horizon = atom<string | null>(null);

export function defaultMonthDay(anchor: string): string {
  const today = $today.get();
  return monthStart(anchor) === monthStart(today) ? today : monthStart(anchor);
}

/** No going back past the range that holds today: those days hold only past slots. */
export function canStepBack(c: CalendarState, today = $today.get()): boolean {
  return c.view !== 'custom' && rangeOf(c).from > today;
}

/**
 * No going forward past the generated horizon: the days after it are not open for booking yet ('Henüz açılmadı').
 * Unknown until the first answer arrives.
 */
export function canStepForward(c: CalendarState, horizon: string | null = $horizon.get()): boolean {
  return c.view !== 'custom' && (horizon === null || rangeOf(c).to < horizon);
}

export function resetCalendar(today = istanbulToday()) {
  $today.set(today);
  $calendar.set(initialCalendar(today));
  $horizon.set(null);
}
