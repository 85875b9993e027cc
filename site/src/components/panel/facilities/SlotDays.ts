import { addDays } from '../../../../../contracts/dates';
import type { SlotWire } from '../../../../../contracts/wire/slot';
import { tl } from '../../../lib/format';
import { type CellState, cellState } from '../calendar/slot-view';

// Pure rules of the slot preview (behaviour.md#management-panel 'Slot preview modal'): day labels, the ≤ 31-day requests, counts, cell texts.

/** The API answers at most 31 days a request (behaviour.md#slots). */
export const MAX_RANGE_DAYS = 31;
/** Days shown at once in the day selector: seven equal columns that always fit at 360 px. */
export const DAYS_PER_PAGE = 7;

const weekdayShort = new Intl.DateTimeFormat('tr-TR', { weekday: 'short', timeZone: 'UTC' });
const weekdayLong = new Intl.DateTimeFormat('tr-TR', { weekday: 'long', timeZone: 'UTC' });
const utc = (date: string) => new Date(date + 'T00:00:00Z');

/** 'Pzt' and '24.11' of a business date. */
export const weekdayOf = (date: string) => weekdayShort.format(utc(date));
export const dayMonthOf = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}`;
/** 'Pazartesi 24.11.2026', the heading of the chosen day (dd.mm.yyyy, the year taken from the date itself). */
export const longDayOf = (date: string) => `${weekdayLong.format(utc(date))} ${dayMonthOf(date)}.${date.slice(0, 4)}`;
/** '24.11.2026'. */
export const trShortDate = (date: string) => `${dayMonthOf(date)}.${date.slice(0, 4)}`;

/** [from, to] cut into requests of at most MAX_RANGE_DAYS days each. */
export function rangeChunks(from: string, to: string): Array<{ from: string; to: string }> {
  const out: Array<{ from: string; to: string }> = [];
  for (let start = from; start <= to; start = addDays(start, MAX_RANGE_DAYS)) {
    const end = addDays(start, MAX_RANGE_DAYS - 1);
    out.push({ from: start, to: end < to ? end : to });
  }
  return out;
}

/** The days of the range in pages of DAYS_PER_PAGE. */
export function dayPages(days: string[]): string[][] {
  const pages: string[][] = [];
  for (let i = 0; i < days.length; i += DAYS_PER_PAGE) pages.push(days.slice(i, i + DAYS_PER_PAGE));
  return pages;
}

export interface DayCounts {
  available: number;
  taken: number;
  total: number;
}

/** Müsait: free and still bookable; Dolu: held by a pending or approved booking; Toplam: every slot of the day. */
export function countDay(slots: SlotWire[]): DayCounts {
  let available = 0;
  let taken = 0;
  for (const s of slots) {
    if (s.booking) taken++;
    else if (s.isAvailable && !s.isPast) available++;
  }
  return { available, taken, total: slots.length };
}

export const PREVIEW_LABELS: Record<CellState, string> = {
  available: 'Müsait',
  pending: 'Beklemede',
  booked: 'Onaylı',
  subscriber: 'Abone',
  held: 'Ayrıldı',
  closed: 'Kapalı',
  past: 'Geçmiş',
};

export interface PreviewCell {
  state: CellState;
  past: boolean;
  /** '18:00 – 19:00'. */
  time: string;
  /** The price when free, the customer's name when held. */
  text: string;
  /** 'Müsait', 'Beklemede', 'Onaylı', 'Abone' or 'Geçmiş'. */
  label: string;
}

export function previewCell(slot: SlotWire): PreviewCell {
  const b = slot.booking;
  // A closed hour (docs/behaviour.md#closures) reads 'Kapalı', never a price.
  const state = !b && (slot.state as string) === 'closed' ? 'closed' : cellState(b, slot.isPast);
  const time = `${slot.startTime.slice(0, 5)} – ${slot.endTime.slice(0, 5)}`;
  return {
    state,
    past: slot.isPast,
    time,
    text: b
      ? b.customerName.trim() || 'Bilinmeyen Müşteri'
      : state === 'closed'
        ? PREVIEW_LABELS.closed
        : tl(slot.price),
    label: PREVIEW_LABELS[state],
  };
}
