// Display formats of behaviour.md#public-site: whole TL with ₺ in tr-TR, Turkish long dates; wire dates stay YYYY-MM-DD.
//
// The money and calendar-date formats are written out here rather than built with Intl: the first tr-TR Intl
// formatter a page builds loads the locale's data, one uninterruptible 20–100 ms piece of main-thread work on a slow
// phone, which the pitch page paid while hydrating its calendar (total blocking time). The output is the
// same as Intl's, which test/site/format.test.ts checks day by day against Intl.
import { TR_MONTHS, TR_WEEKDAYS } from '../../../contracts/dates';
import { slotLengthOf } from '../../../contracts/slot-plan';

const MONTHS = TR_MONTHS;
const WEEKDAYS = TR_WEEKDAYS;
const MONTHS_SHORT = ['Oca', 'Şub', 'Mar', 'Nis', 'May', 'Haz', 'Tem', 'Ağu', 'Eyl', 'Eki', 'Kas', 'Ara'];
const WEEKDAYS_SHORT = ['Paz', 'Pzt', 'Sal', 'Çar', 'Per', 'Cum', 'Cmt'];

/** Day, month index and weekday index of a business date (YYYY-MM-DD); no time zone is involved. */
function parts(date: string) {
  const d = new Date(date + 'T00:00:00Z');
  return { year: d.getUTCFullYear(), month: d.getUTCMonth(), day: d.getUTCDate(), weekday: d.getUTCDay() };
}

/** '23 Kasım 2026'. */
export function trDate(date: string): string {
  const p = parts(date);
  return `${p.day} ${MONTHS[p.month]} ${p.year}`;
}
/** '23 Kasım 2026 Pazartesi'. */
export const trDateWithDay = (date: string) => `${trDate(date)} ${WEEKDAYS[parts(date).weekday]}`;
/** '23 Kasım Pazartesi'. */
export function trDayMonth(date: string): string {
  const p = parts(date);
  return `${p.day} ${MONTHS[p.month]} ${WEEKDAYS[p.weekday]}`;
}
/** '23 Kas Pzt'. */
export function trDayShort(date: string): string {
  const p = parts(date);
  return `${p.day} ${MONTHS_SHORT[p.month]} ${WEEKDAYS_SHORT[p.weekday]}`;
}
/** 'Kasım 2026'. */
export function trMonth(date: string): string {
  const p = parts(date);
  return `${MONTHS[p.month]} ${p.year}`;
}
/** 'Paz' … 'Cmt' for 0 (Sunday) … 6. */
export const trWeekdayShort = (index: number) => WEEKDAYS_SHORT[index];
/** '22–28 Kasım 2026', '29 Kasım – 5 Aralık 2026', '27 Aralık 2026 – 2 Ocak 2027' (thin spaces round the dash). */
export function trDateRange(from: string, to: string): string {
  if (from === to) return trDate(from);
  const a = parts(from);
  const b = parts(to);
  if (a.year !== b.year) return `${trDate(from)}\u2009–\u2009${trDate(to)}`;
  if (a.month !== b.month) return `${a.day} ${MONTHS[a.month]}\u2009–\u2009${trDate(to)}`;
  return `${a.day}–${trDate(to)}`;
}

/** Whole TL as tr-TR shows it: '₺1.200', '-₺50'. */
export function tl(amount: number | null | undefined): string {
  const n = Math.round(amount ?? 0) || 0;
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${n < 0 ? '-' : ''}₺${digits}`;
}

/** A date and time in Istanbul ('23 Kasım 2026 14:05'); its Intl formatter is built on first use only. */
let dateTime: Intl.DateTimeFormat | null = null;
export function trDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  dateTime ??= new Intl.DateTimeFormat('tr-TR', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/Istanbul',
  });
  return dateTime.format(new Date(iso));
}

type SlotKind = 'hourly' | 'half-hourly';
type PriceRange = { min: number; max: number } | null;

/**
 * What one slot of a pitch lasts, as the price is written after it: 'saat' (60 minutes), '30 dk' (30). A pitch's
 * stored price is the price of ONE slot, whatever its length: a half-hourly pitch at ₺900 costs ₺900 per 30 minutes.
 */
export const slotUnit = (kind: SlotKind) => (slotLengthOf(kind) === 60 ? 'saat' : `${slotLengthOf(kind)} dk`);

/**
 * A pitch's slot price as its page, cards and dialogs show it: the coming slots' range when their prices differ
 * ('₺1.800 – ₺2.345 / saat'), their one price when they agree, the pitch's own price when none is generated; each
 * per slot length ('₺900 / 30 dk').
 */
export const slotPriceText = (price: number, range: PriceRange, kind: SlotKind): string =>
  `${slotPrice(price, range)} / ${slotUnit(kind)}`;

/** The same without the slot length (the cards set it smaller): '₺1.800 – ₺2.345', '₺1.800'. */
export function slotPrice(price: number, range: PriceRange): string {
  if (!range) return tl(price);
  return range.min === range.max ? tl(range.min) : `${tl(range.min)} – ${tl(range.max)}`;
}

/** An hour's play at a slot price: what the pitch list filters and sorts on (₺900 / 30 dk is ₺1.800 an hour). */
export const hourlyEquivalent = (slotPrice: number, kind: SlotKind) => (slotPrice * 60) / slotLengthOf(kind);

/** 'Saatlik ₺1.800' ('Saatlik ₺1.800 – ₺2.400') for a pitch whose slots are not an hour; null for an hourly one. */
export function hourlyEquivalentText(price: number, range: PriceRange, kind: SlotKind): string | null {
  if (slotLengthOf(kind) === 60) return null;
  const hourly = (n: number) => hourlyEquivalent(n, kind);
  return `Saatlik ${slotPrice(hourly(price), range && { min: hourly(range.min), max: hourly(range.max) })}`;
}

// Business-date maths is shared with the API.
export { addDays, istanbulToday } from '../../../contracts/dates';
// The real calendar date and time of a slot (an after-midnight hour is played the day after its business date).
export {
  nightOf,
  nightSuffix,
  realStart,
  slotDateText,
  slotStartText,
  trCalendarDay,
} from '../../../contracts/slot-start';
