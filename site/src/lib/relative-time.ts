import { addDays, istanbulToday, trDateTime } from './format';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Milliseconds since `iso`; null when missing or unreadable. A timestamp slightly ahead of our clock counts as now. */
function age(iso: string | null | undefined, now: number | Date): number | null {
  if (!iso) return null;
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return null;
  return Math.max(0, +now - then);
}

/** The bell's time-ago (behaviour.md#management-panel 'Notification bell'): 'Az önce' under a minute, then minutes, hours and days. */
export function bellTimeAgo(iso: string | null | undefined, now: number | Date = Date.now()): string {
  const ms = age(iso, now);
  if (ms === null) return '';
  if (ms < MINUTE) return 'Az önce';
  if (ms < HOUR) return `${Math.floor(ms / MINUTE)} dakika önce`;
  if (ms < DAY) return `${Math.floor(ms / HOUR)} saat önce`;
  return `${Math.floor(ms / DAY)} gün önce`;
}

/**
 * The full list's time (behaviour.md#management-panel 'Notifications'): just now, minutes, hours, 'Dün' for the Istanbul calendar day before
 * today (behaviour.md#time-money-and-identity), otherwise a Turkish date with time such as '12 Kasım 2026 14:05'.
 */
export function listTime(iso: string | null | undefined, now: number | Date = Date.now()): string {
  const ms = age(iso, now);
  if (ms === null) return '';
  if (ms < MINUTE) return 'Az önce';
  if (ms < HOUR) return `${Math.floor(ms / MINUTE)} dakika önce`;
  if (ms < DAY) return `${Math.floor(ms / HOUR)} saat önce`;
  if (istanbulToday(Date.parse(iso!)) === addDays(istanbulToday(+now), -1)) return 'Dün';
  return trDateTime(iso);
}
