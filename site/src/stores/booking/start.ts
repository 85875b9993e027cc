// Every mount starts fresh: on the server the module outlives the request, and "today" must be today.
import { ISTANBUL_OFFSET_MS, istanbulToday } from '../../../../contracts/dates';
import { $renderedAt, $today, resetCalendar } from './calendar';
import { resetDuplicate } from './duplicate';
import { $facility, type BookingFacility } from './facility';
import { resetFlow } from './flow';
import { resetForm } from './form';
import { $live } from './live';
import { resetSlots } from './slots';

/** `today`, `renderedAt`: the Istanbul date and the instant the page was rendered on (see $today); the clock's when not given. */
export function initBookingFlow(f: BookingFacility, today?: string, renderedAt = Date.now()) {
  resetBookingFlow(today);
  $renderedAt.set(renderedAt);
  $facility.set(f);
}

export function resetBookingFlow(today = istanbulToday()) {
  resetSlots();
  resetCalendar(today);
  resetFlow();
  resetForm();
  resetDuplicate();
  $live.set('off');
}

const DAY_MS = 86_400_000;

/**
 * Keeps $today on the Istanbul date: at once (a page rendered before midnight and opened after it starts again from the
 * new day, as a fresh load would), then at each midnight while the tab stays open, and whenever the tab comes back into
 * view (a phone freezes the timers of a tab in the background). The day that ended then shows as past. Returns the stop.
 */
export function followIstanbulDay(): () => void {
  const now = istanbulToday();
  if (now !== $today.get()) resetCalendar(now);
  const check = () => {
    const today = istanbulToday();
    if (today !== $today.get()) $today.set(today);
  };
  let timer: ReturnType<typeof setTimeout>;
  const schedule = () => {
    const wait = DAY_MS - ((Date.now() + ISTANBUL_OFFSET_MS) % DAY_MS) + 1_000;
    timer = setTimeout(() => {
      check();
      schedule();
    }, wait);
  };
  schedule();
  const onShow = () => {
    if (document.visibilityState === 'visible') check();
  };
  document.addEventListener('visibilitychange', onShow);
  window.addEventListener('pageshow', check);
  return () => {
    clearTimeout(timer);
    document.removeEventListener('visibilitychange', onShow);
    window.removeEventListener('pageshow', check);
  };
}
