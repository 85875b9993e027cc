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

// Business-date maths is shared with the API.
export { addDays, istanbulToday } from '../../../contracts/dates';
