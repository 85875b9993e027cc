// Display formats of 01 §1: whole TL with ₺ in tr-TR, Turkish long dates; wire dates stay YYYY-MM-DD.
const money = new Intl.NumberFormat('tr-TR', {
  style: 'currency',
  currency: 'TRY',
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});
const longDate = new Intl.DateTimeFormat('tr-TR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const longDateWeekday = new Intl.DateTimeFormat('tr-TR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  weekday: 'long',
  timeZone: 'UTC',
});
const dateTime = new Intl.DateTimeFormat('tr-TR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Istanbul',
});

export const tl = (amount: number | null | undefined) => money.format(Math.round(amount ?? 0));
export const trDate = (date: string) => longDate.format(new Date(date + 'T00:00:00Z'));
export const trDateWithDay = (date: string) => longDateWeekday.format(new Date(date + 'T00:00:00Z'));
export const trDateTime = (iso: string | null | undefined) => (iso ? dateTime.format(new Date(iso)) : '');

/**
 * A pitch's price per hour as its page shows it (issue 12): the coming slots' range when their prices differ
 * ('₺1.800 – ₺2.345 / saat'), their one price when they agree, the pitch's hourly price when none is generated.
 */
export function hourlyPriceText(hourlyPrice: number, range: { min: number; max: number } | null): string {
  if (!range) return `${tl(hourlyPrice)} / saat`;
  return range.min === range.max ? `${tl(range.min)} / saat` : `${tl(range.min)} – ${tl(range.max)} / saat`;
}

// Business-date maths is shared with the API.
export { addDays, istanbulToday } from '../../../contracts/dates';
