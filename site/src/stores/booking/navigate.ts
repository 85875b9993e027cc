// Moving the calendar (behaviour.md#public-site): each move shows the new range and loads its slots.
import { addDays, addMonths, istanbulToday, weekStart } from '../../../../contracts/dates';
import { $calendar, $today, type CalendarView, canStepForward, defaultMonthDay } from './calendar';
import { loadSlots } from './slots';

export function setView(view: CalendarView) {
  const c = $calendar.get();
  if (c.view === view) return;
  $calendar.set({ ...c, view, monthDay: view === 'monthly' ? defaultMonthDay(c.anchor) : c.monthDay });
  void loadSlots();
}

/** Previous/next day, week or month; the custom range has no previous/next (behaviour.md#public-site). */
export function step(direction: -1 | 1) {
  const c = $calendar.get();
  if (c.view === 'custom' || (direction === 1 && !canStepForward(c))) return;
  const anchor =
    c.view === 'daily'
      ? addDays(c.anchor, direction)
      : c.view === 'weekly'
        ? addDays(weekStart(c.anchor), 7 * direction)
        : addMonths(c.anchor, direction);
  $calendar.set({ ...c, anchor, monthDay: c.view === 'monthly' ? defaultMonthDay(anchor) : c.monthDay });
  void loadSlots();
}

export function goToday() {
  const today = istanbulToday();
  $today.set(today);
  $calendar.set({ ...$calendar.get(), anchor: today, monthDay: today });
  void loadSlots();
}

export function setCustomRange(from: string, to: string) {
  $calendar.set({ ...$calendar.get(), customFrom: from, customTo: to });
  void loadSlots();
}

export function setMonthDay(date: string) {
  $calendar.setKey('monthDay', date);
}
