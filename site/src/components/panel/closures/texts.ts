// What the closure screens write (docs/behaviour.md#closures): the window, the counts, a hit's day and hours. No zod:
// Kapanışlar' list reads these on its first load; the step dialog's checks are in model.ts.
import {
  type ClosureAlternativeWire,
  type ClosureWindowWire,
  type ClosureWire,
  closureReasonLabel,
} from '../../../../../contracts/closures';
import { realStart, trDate, trDateWithDay } from '../../../lib/format';

export { closureReasonLabel };

const hm = (t: string) => t.slice(0, 5);

/** '20:00–22:00' */
export const rangeText = (x: { startTime: string; endTime: string }) => `${hm(x.startTime)}–${hm(x.endTime)}`;

/** The real calendar date with its weekday: an after-midnight hour is the next day's ('13.12.2026 Pazar'). */
export const calendarDayText = (x: { date: string; startTime: string; startsAt: string }) =>
  trDateWithDay(realStart(x).calendarDate);

/** 'Nilüfer Arena · 13.12.2026 Pazar · 21:00–22:00' */
export const alternativeText = (a: ClosureAlternativeWire) =>
  `${a.facility.name} · ${calendarDayText(a)} · ${rangeText(a)}`;

/** The window in words: '12.12.2026 – 14.12.2026 · 18:00–23:00' or '12.12.2026 · Tüm gün'. */
export function windowText(w: Pick<ClosureWindowWire, 'from' | 'to' | 'startTime' | 'endTime'>): string {
  const days = w.from === w.to ? trDate(w.from) : `${trDate(w.from)} – ${trDate(w.to)}`;
  const hours = w.startTime && w.endTime ? `${hm(w.startTime)}–${hm(w.endTime)}` : 'Tüm gün';
  return `${days} · ${hours}`;
}

/** '3 saat kapalı · 1 iptal · 1 taşındı' */
export function countsText(c: Pick<ClosureWire, 'slotCount' | 'cancelledCount' | 'movedCount'>): string {
  return `${c.slotCount} saat kapalı · ${c.cancelledCount} iptal · ${c.movedCount} taşındı`;
}
