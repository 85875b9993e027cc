// Europe/Istanbul has been UTC+3 all year round since 2016; business time is computed here, never from UTC dates (00 §1).
export const ISTANBUL_OFFSET_MS = 3 * 60 * 60 * 1000;
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Today's business date in Istanbul, YYYY-MM-DD. */
export function istanbulToday(now = Date.now()): string {
  return new Date(now + ISTANBUL_OFFSET_MS).toISOString().slice(0, 10);
}

/** Istanbul wall-clock time now, HH:MM. */
export function istanbulClock(now = Date.now()): string {
  return new Date(now + ISTANBUL_OFFSET_MS).toISOString().slice(11, 16);
}

export function addDays(date: string, days: number): string {
  const d = new Date(date + 'T00:00:00Z');
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(to + 'T00:00:00Z') - Date.parse(from + 'T00:00:00Z')) / DAY);
}

export function weekdayOf(date: string): Weekday {
  return WEEKDAYS[new Date(date + 'T00:00:00Z').getUTCDay()];
}

export function toMinutes(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 60 + m;
}

export function fromMinutes(total: number): string {
  const m = ((total % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/** The instant at which the Istanbul wall-clock time `minutes` after midnight of `date` falls (minutes may exceed 1440). */
export function istanbulInstant(date: string, minutes: number): number {
  return Date.parse(date + 'T00:00:00Z') - ISTANBUL_OFFSET_MS + minutes * MINUTE;
}

export function isoInstant(ms: number | null | undefined): string | null {
  return ms == null ? null : new Date(ms).toISOString();
}
