// The visible range's slots: one request per range, changed in place by live events.
import type { InferResponseType } from 'hono/client';
import { atom } from 'nanostores';
import { datesOf } from '../../../../contracts/dates';
import { client, unwrap } from '../../lib/api';
import { $calendar, $horizon, type DateRange, rangeOf, rangeProblem } from './calendar';
import { $facility, type Slot } from './facility';
import { $selected, $step } from './flow';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';
export const $slots = atom<Record<string, Slot[]>>({});
export const $slotsStatus = atom<LoadStatus>('idle');
export const $loadedRange = atom<DateRange | null>(null);

// The endpoint answers a single day or a range; both carry `slots`.
type SlotsAnswer = InferResponseType<(typeof client.api.facilities)[':ref']['slots']['$get']>;

let loadSeq = 0;
/**
 * What the loaded answer may be missing (worker/src/lib/availability-memo.ts): an answer is up to a second old, so
 * `asOf` (the server's instant its read began) is checked against the live channel's `changedAt` (the pitch's last
 * change, same server clock), and a live event that arrives while a read is in flight marks that read suspect.
 */
let answerAsOf: number | null = null;
let lastChangeAt = Number.NEGATIVE_INFINITY;
let eventSeq = 0;
/** Two server machines' clocks may differ a little: a change this close before the read counts as after it. */
const CLOCK_MARGIN_MS = 1000;

/** The live channel said the pitch last changed at `at` (server ms): an answer read before that is read again. */
export function noteLastChange(at: number) {
  lastChangeAt = Math.max(lastChangeAt, at);
  if (answerAsOf !== null && at >= answerAsOf - CLOCK_MARGIN_MS) void loadSlots({ silent: true, fresh: true });
}

/** A live event: a read in flight may have begun before it. */
export function noteLiveEvent() {
  eventSeq++;
}

function groupByDate(slots: Slot[], range: DateRange): Record<string, Slot[]> {
  const out: Record<string, Slot[]> = {};
  for (const d of datesOf(range)) out[d] = [];
  // The API orders by real start, so an overnight pitch's 00:00–05:00 already follow 23:00.
  for (const s of slots) {
    out[s.date] ??= [];
    out[s.date].push(s);
  }
  return out;
}

/** Fetches the visible range in one request; a newer call wins over an older one still in flight. */
export async function loadSlots(opts: { silent?: boolean; fresh?: boolean } = {}): Promise<void> {
  const f = $facility.get();
  const c = $calendar.get();
  if (!f || rangeProblem(c)) return;
  const range = rangeOf(c);
  const mine = ++loadSeq;
  const loaded = $loadedRange.get();
  const sameRange = loaded?.from === range.from && loaded?.to === range.to;
  if (!(opts.silent && sameRange && $slotsStatus.get() === 'ready')) $slotsStatus.set('loading');
  const events = eventSeq;
  try {
    const query = { from: range.from, to: range.to, ...(opts.fresh ? { fresh: '1' as const } : {}) };
    const data = await unwrap<SlotsAnswer>(client.api.facilities[':ref'].slots.$get({ param: { ref: f.slug }, query }));
    if (mine !== loadSeq) return;
    answerAsOf = data.asOf;
    // Older than a change we know of: one more read, past the server's memory (never loops: that one is fresh).
    if (!opts.fresh && (events !== eventSeq || lastChangeAt >= data.asOf - CLOCK_MARGIN_MS)) {
      void loadSlots({ silent: true, fresh: true });
    }
    $slots.set(groupByDate(data.slots, range));
    $horizon.set(data.bookableUntil ?? null);
    $loadedRange.set(range);
    $slotsStatus.set('ready');
    const selected = $selected.get();
    if (selected && $step.get() === 1) {
      const fresh = data.slots.find((s) => s.documentId === selected.documentId);
      if (fresh && fresh.state !== 'available') $selected.set(null);
    }
  } catch {
    if (mine !== loadSeq) return;
    if (opts.silent && sameRange && $slotsStatus.get() === 'ready') return;
    $slotsStatus.set('error');
  }
}

/** A {type:'slot'} event: the slot changes in place; one we do not hold inside the visible range means a refetch. */
export function applySlotUpdate(slot: Slot) {
  const range = $loadedRange.get();
  if (!range || slot.date < range.from || slot.date > range.to) return;
  const day = $slots.get()[slot.date] ?? [];
  const i = day.findIndex((s) => s.documentId === slot.documentId);
  if (i === -1) {
    void loadSlots({ silent: true });
    return;
  }
  const next = day.slice();
  next[i] = slot;
  $slots.set({ ...$slots.get(), [slot.date]: next });
  const selected = $selected.get();
  if (selected?.documentId === slot.documentId && slot.state !== 'available' && $step.get() === 1) $selected.set(null);
}

/** The real instant a slot starts: an overnight pitch's early-morning slots sit after 23:00 on the same business date. */
export function slotStartsAt(slot: Slot, day: Slot[] = $slots.get()[slot.date] ?? []): number {
  const i = day.findIndex((s) => s.documentId === slot.documentId);
  const overnight = i > 0 && day.slice(0, i).some((s) => s.startTime > slot.startTime);
  return Date.parse(`${slot.date}T${slot.startTime}:00+03:00`) + (overnight ? 86_400_000 : 0);
}

export const isPastSlot = (slot: Slot, now = Date.now()) => slot.isPast || slotStartsAt(slot) <= now;

/** Free slots whose start has passed turn past, as the server would answer now; the next start still ahead, or null. */
function passStarted(now = Date.now()): number | null {
  let next: number | null = null;
  let changed = false;
  const all = $slots.get();
  const out: Record<string, Slot[]> = {};
  for (const [date, day] of Object.entries(all)) {
    out[date] = day.map((s): Slot => {
      if (s.state !== 'available') return s;
      const at = Date.parse(s.startsAt);
      if (at > now) {
        if (next === null || at < next) next = at;
        return s;
      }
      changed = true;
      return { ...s, state: 'past', isPast: true, isAvailable: false };
    });
    if (out[date].every((s, i) => s === day[i])) out[date] = day;
  }
  if (changed) $slots.set(out);
  return next;
}

/**
 * While the page is open a slot turns 'Geçti' when its start passes (behaviour.md#public-site): one timer for the next
 * start on screen, set again whenever the slots change, and a check when the tab comes back into view (a phone freezes
 * the timers of a tab in the background). Returns the stop.
 */
export function followSlotStarts(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const check = () => {
    const next = passStarted();
    clearTimeout(timer);
    // A long wait is cut in steps: a timer of more than ~24.8 days overflows, and a sleeping device's clock jumps.
    timer = next === null ? undefined : setTimeout(check, Math.min(next - Date.now() + 50, 3_600_000));
  };
  const stopSlots = $slots.listen(check);
  const onShow = () => {
    if (document.visibilityState === 'visible') check();
  };
  document.addEventListener('visibilitychange', onShow);
  check();
  return () => {
    clearTimeout(timer);
    stopSlots();
    document.removeEventListener('visibilitychange', onShow);
  };
}

/** Forgets the slots; an answer still in flight is dropped. */
export function resetSlots() {
  loadSeq++;
  answerAsOf = null;
  lastChangeAt = Number.NEGATIVE_INFINITY;
  $slots.set({});
  $slotsStatus.set('idle');
  $loadedRange.set(null);
}
