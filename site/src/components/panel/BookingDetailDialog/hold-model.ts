// The hold's clock as the booking detail shows it (docs/behaviour.md#bookings 'Hold expiry'): when an unapproved hold
// ends, as a clock time in Istanbul and a countdown ('14:35 · 23 dk kaldı').
import { trDateTime } from '../../../lib/format';

let clock: Intl.DateTimeFormat | null = null;
let day: Intl.DateTimeFormat | null = null;

/** 'HH:MM' in Istanbul when the hold ends today, else the date with the time. */
export function holdEndText(expiresAt: string, now: number): string {
  clock ??= new Intl.DateTimeFormat('tr-TR', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Istanbul' });
  day ??= new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul' });
  const end = Date.parse(expiresAt);
  return day.format(end) === day.format(now) ? clock.format(end) : trDateTime(expiresAt);
}

/** What is left: '23 dk kaldı', '1 sa 5 dk kaldı', '1 dk’dan az kaldı', or 'Süre doldu' once past. */
export function holdLeftText(expiresAt: string, now: number): string {
  const ms = Date.parse(expiresAt) - now;
  if (ms <= 0) return 'Süre doldu';
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return '1 dk’dan az kaldı';
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} dk kaldı`;
  return m === 0 ? `${h} sa kaldı` : `${h} sa ${m} dk kaldı`;
}

/** The hold line: '14:35 · 23 dk kaldı'. */
export const holdText = (expiresAt: string, now: number) =>
  `${holdEndText(expiresAt, now)} · ${holdLeftText(expiresAt, now)}`;

/** Within the warning's 10 minutes: the line turns to a warning colour. */
export const holdIsUrgent = (expiresAt: string, now: number) => Date.parse(expiresAt) - now <= 10 * 60_000;

/** A custom length typed in minutes, or the error to show (Turkish, the server's own limits). */
export function customMinutes(text: string, min: number, max: number, message: string): number | string {
  const t = text.trim();
  if (!/^\d+$/.test(t)) return message;
  const n = Number(t);
  return n >= min && n <= max ? n : message;
}
