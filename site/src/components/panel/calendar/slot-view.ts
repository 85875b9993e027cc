import { type ClosureReason, closureReasonLabel, closureTexts } from '../../../../../contracts/closures';
import { nightOf, realStart, tl } from '../../../lib/format';
import { dayAndMonth, isPastSlot, slotTimeLabel, weekdayName } from '../../../lib/week';
import type { CalendarSlot } from '../../../stores/weekly-calendar';

// What a cell of the weekly calendar shows (behaviour.md#management-panel 'Weekly calendar'), as plain data: the tables and lists render it.

/** The API's slot states; 'past' only for a slot nobody holds (a held past slot keeps its state and is dimmed). */
/** 'held': kept for a waiting player's claim (docs/behaviour.md#waitlist), nobody's booking yet. */
/** 'closed': in a closure's window (docs/behaviour.md#closures): nobody can book it; the cell shows the reason. */
export type CellState = 'available' | 'pending' | 'booked' | 'subscriber' | 'held' | 'closed' | 'past';

export const STATE_LABELS: Record<CellState, string> = {
  available: 'Müsait',
  pending: 'Beklemede',
  booked: 'Onaylı',
  subscriber: 'Abone',
  held: 'Ayrıldı',
  closed: closureTexts.closed,
  past: 'Geçmiş',
};

/** A closed slot's closure as the calendar answer carries it (the reason, the public note, its documentId for staff). */
export interface CellClosure {
  reason: ClosureReason;
  note: string;
  documentId: string | null;
}

export function closureOf(slot: CalendarSlot): CellClosure | null {
  if ((slot.state as string) !== 'closed') return null;
  const s = slot as CalendarSlot & {
    closure?: { reason?: ClosureReason; note?: string; documentId?: string } | null;
    closureDocumentId?: string;
  };
  const reason = s.closure?.reason && s.closure.reason in closureReasonLabel ? s.closure.reason : 'other';
  return {
    reason,
    note: s.closure?.note ?? '',
    documentId: s.closure?.documentId ?? s.closureDocumentId ?? null,
  };
}
export const AWAITING_APPROVAL = 'Onay bekliyor';
/** A cell after a match's first one (docs/behaviour.md#match-length): the same booking goes on here. */
export const CONTINUES = 'devamı';
export const TRANSPORT = 'Servis';

export interface CellView {
  state: CellState;
  /** Starts at or before now, judged on the real instant (an overnight 01:00 is the next calendar day's 01:00). */
  past: boolean;
  /** Shown in the cell: the price of a free slot, else the holder's full name (staff see full names everywhere). */
  text: string;
  awaitingApproval: boolean;
  transport: boolean;
  /** Set for a closed slot: the reason and the public note. */
  closure: CellClosure | null;
  /** The booking the detail dialog opens; null for a free slot. */
  bookingId: string | null;
  /**
   * A booking covering several slots (docs/behaviour.md#match-length) shows as one over its cells: 'first' holds its
   * name and range, each 'rest' cell is its continuation; 'single' for a one-slot booking or a free slot.
   */
  part: 'single' | 'first' | 'rest';
  /** The booking's own range ('20:00–22:00') when it covers several slots, else null. */
  range: string | null;
  /** '20:00–21:00 Salı 24 Kasım, Ahmet Yılmaz, Onaylı'. */
  label: string;
  /**
   * The same facts for a row that shows the time before the name: '20:00–21:00, Ahmet Yılmaz, Onaylı,
   * Salı 24 Kasım'. An accessible name holds the visible words in the order shown (WCAG 2.5.3).
   */
  timedLabel: string;
}

/**
 * A free hour's button: 'Boş saat: 20:00–21:00 Salı 24 Kasım, ₺1.500 için rezervasyon oluştur'; a row that shows the
 * time first names it first (the visible words stay one run of the name).
 */
export function bookLabel(slot: CalendarSlot, withTime = false): string {
  const real = realStart(slot);
  const day = `${weekdayName(real.calendarDate)} ${dayAndMonth(real.calendarDate)}${real.overnight ? ` · ${nightOf(slot.date)}` : ''}`;
  const facts = withTime
    ? `${slotTimeLabel(slot)}, ${tl(slot.price)}, ${day}`
    : `${slotTimeLabel(slot)} ${day}, ${tl(slot.price)}`;
  return `Boş saat: ${facts} için rezervasyon oluştur`;
}

/** A slot's state in the panel (the weekly calendar, the slot preview): who holds it, else past or free. */
export function cellState(booking: { isSubscriber: boolean; status: string } | null, past: boolean): CellState {
  if (!booking) return past ? 'past' : 'available';
  if (booking.isSubscriber) return 'subscriber';
  return booking.status === 'pending' ? 'pending' : 'booked';
}

export function cellView(slot: CalendarSlot, now = Date.now()): CellView {
  const past = slot.isPast || isPastSlot(slot, now);
  const b = slot.booking;
  const closure = b ? null : closureOf(slot);
  const state = closure ? 'closed' : !b && !past && (slot.state as string) === 'held' ? 'held' : cellState(b, past);
  const awaitingApproval = b?.status === 'pending';
  const transport = Boolean(b?.includesTransportation);
  const name = b?.customerName ?? '';
  const text = b
    ? name
    : closure
      ? `${STATE_LABELS.closed} · ${closureReasonLabel[closure.reason]}`
      : state === 'held'
        ? STATE_LABELS.held
        : tl(slot.price);
  // The booking's own range, on every slot it covers: longer than this slot means one booking over several cells.
  const own = b as { startTime?: string; endTime?: string } | null;
  const [from, to] = [own?.startTime?.slice(0, 5), own?.endTime?.slice(0, 5)];
  const multi = Boolean(from && to && (from !== slot.startTime.slice(0, 5) || to !== slot.endTime.slice(0, 5)));
  const part: CellView['part'] = !multi ? 'single' : from === slot.startTime.slice(0, 5) ? 'first' : 'rest';
  const range = multi ? `${from}–${to}` : null;
  // The real calendar day: an after-midnight hour is played the day after its business date, which follows as context.
  const real = realStart(slot);
  const day = `${weekdayName(real.calendarDate)} ${dayAndMonth(real.calendarDate)}${real.overnight ? ` · ${nightOf(slot.date)}` : ''}`;
  const parts: string[] = [];
  if (b) {
    // In the order shown: 'devamı' and the name, then the booking's own range (the name holds the visible words).
    if (part === 'rest') parts.push(CONTINUES);
    if (name) parts.push(name);
    if (range) parts.push(`${range} maçı`);
    parts.push(STATE_LABELS[state]);
    if (awaitingApproval && state !== 'pending') parts.push(AWAITING_APPROVAL);
    if (transport) parts.push(TRANSPORT);
    if (past) parts.push(STATE_LABELS.past);
  } else if (closure) {
    // The visible 'Kapalı · Hava durumu' first, then the public note (shown in full in the cell's title).
    parts.push(text);
    if (closure.note) parts.push(closure.note);
    if (past) parts.push(STATE_LABELS.past);
  } else {
    parts.push(...(state === 'held' ? [STATE_LABELS.held] : [tl(slot.price), STATE_LABELS[state]]));
  }
  return {
    state,
    past,
    text,
    awaitingApproval,
    transport,
    closure,
    bookingId: b?.documentId ?? null,
    part,
    range,
    label: [`${slotTimeLabel(slot)} ${day}`, ...parts].join(', '),
    timedLabel: [slotTimeLabel(slot), ...parts, day].join(', '),
  };
}

export interface WeekCounts {
  total: number;
  available: number;
  pending: number;
  booked: number;
  subscriber: number;
}

/**
 * The five counters: Toplam, Müsait, Beklemede, Onaylı, Abone. Toplam is every slot of the week; the four state
 * counters count only slots still ahead (a past week's Abone counted played slots while Müsait did not),
 * so every counter but Toplam reads 0 for a week that is over and they add up to Toplam minus the past slots.
 */
export function countWeek(slots: CalendarSlot[], now = Date.now()): WeekCounts {
  const counts: WeekCounts = { total: slots.length, available: 0, pending: 0, booked: 0, subscriber: 0 };
  for (const s of slots) {
    const { state, past } = cellView(s, now);
    if (state !== 'past' && state !== 'held' && state !== 'closed' && !past) counts[state]++;
  }
  return counts;
}

/**
 * Tones with AA contrast in both themes. A past cell is dimmed by a grey ground and a lighter border, never by
 * opacity, so its text stays readable; 'Geçmiş' is in its accessible name.
 */
export const TONE: Record<CellState, { live: string; past: string }> = {
  available: {
    live: 'border-slate-300 bg-white text-turf-800 dark:border-slate-600 dark:bg-slate-900 dark:text-turf-300',
    past: 'border-slate-200 bg-slate-100 text-slate-700 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-300',
  },
  pending: {
    live: 'border-dashed border-amber-500 bg-amber-50 text-amber-950 dark:border-amber-500 dark:bg-amber-950 dark:text-amber-100',
    past: 'border-dashed border-amber-300 bg-slate-100 text-slate-700 dark:border-amber-800 dark:bg-slate-800 dark:text-slate-300',
  },
  booked: {
    live: 'border-turf-500 bg-turf-100 text-turf-950 dark:border-turf-600 dark:bg-turf-950 dark:text-turf-100',
    past: 'border-turf-300 bg-slate-100 text-slate-700 dark:border-turf-900 dark:bg-slate-800 dark:text-slate-300',
  },
  subscriber: {
    live: 'border-violet-400 bg-violet-100 text-violet-950 dark:border-violet-600 dark:bg-violet-950 dark:text-violet-100',
    past: 'border-violet-300 bg-slate-100 text-slate-700 dark:border-violet-900 dark:bg-slate-800 dark:text-slate-300',
  },
  held: {
    live: 'border-2 border-dotted border-sky-500 bg-sky-50 text-sky-950 dark:border-sky-500 dark:bg-sky-950 dark:text-sky-100',
    past: 'border-dotted border-sky-300 bg-slate-100 text-slate-700 dark:border-sky-900 dark:bg-slate-800 dark:text-slate-300',
  },
  closed: {
    live: 'border-slate-500 bg-[repeating-linear-gradient(135deg,transparent_0_6px,rgb(148_163_184/0.25)_6px_12px)] bg-slate-100 text-slate-900 dark:border-slate-400 dark:bg-slate-800 dark:text-slate-50',
    past: 'border-slate-300 bg-slate-100 text-slate-700 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-300',
  },
  past: {
    live: 'border-slate-200 bg-slate-100 text-slate-700 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-300',
    past: 'border-slate-200 bg-slate-100 text-slate-700 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-300',
  },
};
export const toneOf = (v: Pick<CellView, 'state' | 'past'>) => TONE[v.state][v.past ? 'past' : 'live'];
