// Business-date maths on YYYY-MM-DD strings, shared by the API and the site. Europe/Istanbul has been UTC+3 all year
// round since 2016, so a business date is computed here, never from the runtime's own zone (behaviour.md#time-money-and-identity).
export const ISTANBUL_OFFSET_MS = 3 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'YYYY-MM-DD' → 'dd.mm.yyyy', the way the UI shows a date; anything else unchanged. */
export function dottedDate(value: string): string {
  const m = ISO_DATE.exec(value);
  return m ? `${m[3]}.${m[2]}.${m[1]}` : value;
}

const utc = (date: string) => new Date(date + 'T00:00:00Z');

/** Turkish month names, January first. Written out: the first tr-TR Intl formatter loads the locale's data. */
export const TR_MONTHS = [
  'Ocak',
  'Şubat',
  'Mart',
  'Nisan',
  'Mayıs',
  'Haziran',
  'Temmuz',
  'Ağustos',
  'Eylül',
  'Ekim',
  'Kasım',
  'Aralık',
];
/** Turkish weekday names, Sunday first, as Date#getUTCDay counts. */
export const TR_WEEKDAYS = ['Pazar', 'Pazartesi', 'Salı', 'Çarşamba', 'Perşembe', 'Cuma', 'Cumartesi'];

/** '21 Kasım 2026 Cumartesi' for a business date YYYY-MM-DD (what Intl tr-TR writes for day, long month, year, weekday). */
export function trLongDate(date: string): string {
  const d = utc(date);
  return `${d.getUTCDate()} ${TR_MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} ${TR_WEEKDAYS[d.getUTCDay()]}`;
}
const isoOf = (d: Date) => d.toISOString().slice(0, 10);

/** Today's business date in Istanbul, YYYY-MM-DD. */
export const istanbulToday = (now = Date.now()) => isoOf(new Date(now + ISTANBUL_OFFSET_MS));

export function addDays(date: string, days: number): string {
  const d = utc(date);
  d.setUTCDate(d.getUTCDate() + days);
  return isoOf(d);
}

export const daysBetween = (from: string, to: string) => Math.round((utc(to).getTime() - utc(from).getTime()) / DAY_MS);

/** 0 for Sunday … 6 for Saturday. */
export const weekdayIndex = (date: string) => utc(date).getUTCDay();

/** The Sunday that starts the week holding `date` (the public calendar's weeks start on Sunday, behaviour.md#public-site). */
export const weekStart = (date: string) => addDays(date, -weekdayIndex(date));
export const monthStart = (date: string) => date.slice(0, 8) + '01';

export function addMonths(date: string, months: number): string {
  const d = utc(monthStart(date));
  d.setUTCMonth(d.getUTCMonth() + months);
  return isoOf(d);
}

export const monthEnd = (date: string) => addDays(addMonths(date, 1), -1);

/** Every date from `from` to `to`, both included. */
export function datesOf({ from, to }: { from: string; to: string }): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}
