// Match length on the pitch page (docs/behaviour.md#match-length): a booking may cover several consecutive slots. A
// tapped start offers the lengths the pitch allows that fit there (contracts/match-length.ts, the rules the server
// decides by). This part is what the calendar needs on the page's first load: the tap and the covered slots' highlight;
// the choice itself (prices, reasons, deposit) is length-choice.ts, loaded with the chooser and the form.
import { computed } from 'nanostores';
import { fittingLengths, type MatchLengthSettings, offeredLengths, slotsIn } from '../../../../contracts/match-length';
import { $facility, type BookingFacility, type Slot } from './facility';
import { $length, $selected, pickStart, selectSlot } from './flow';
import { hhmm } from './slot-time';
import { $slots } from './slots';

/** The pitch's length rules, with today's behaviour (one slot a booking) for a pitch that names none. */
export const lengthRules = (f: BookingFacility): MatchLengthSettings => ({
  bookingTimeType: f.bookingTimeType ?? 'hourly',
  startTimeOffset: f.startTimeOffset ?? 'full_hour',
  matchLengths: f.matchLengths ?? [],
  halfHourStarts: f.halfHourStarts ?? true,
  depositPerHour: f.depositPerHour ?? false,
});

export const lengthsOf = (f: BookingFacility) => offeredLengths(lengthRules(f));
/** Whether the calendar asks for a length at all: a pitch offering one length books as it always did. */
export const choosesLength = (f: BookingFacility) => lengthsOf(f).length > 1;

/** Every loaded slot in real start order: an overnight pitch's hours run on into the next business day's. */
export function slotLine(all: Record<string, Slot[]>): Slot[] {
  return Object.keys(all)
    .sort()
    .flatMap((d) => all[d]);
}

export const startsOf = (s: Slot) => Date.parse(s.startsAt);

/** The slots a match of `minutes` from `start` covers, as loaded now (whatever their state); [] when unknown. */
export function spanOf(f: BookingFacility, start: Slot, minutes: number | null, all: Record<string, Slot[]>): Slot[] {
  const line = slotLine(all);
  const i = line.findIndex((s) => s.documentId === start.documentId);
  if (i === -1) return [];
  const n = minutes ? slotsIn(lengthRules(f), minutes) : 1;
  return Number.isInteger(n) && n >= 1 ? line.slice(i, i + n) : [];
}

/** The shortest length that fits from `start` now, or null when none does (contracts/match-length.ts decides). */
export function firstFitFrom(f: BookingFacility, start: Slot, all: Record<string, Slot[]>, now = Date.now()) {
  const line = slotLine(all);
  const i = line.findIndex((s) => s.documentId === start.documentId);
  if (i === -1) return null;
  const free = line.map((s) => ({ startsAt: startsOf(s), free: s.state === 'available' && startsOf(s) > now }));
  return fittingLengths(lengthRules(f), free, i, hhmm(start.startTime))[0] ?? null;
}

/**
 * A free start tapped on the calendar: on a pitch offering one length that fits there, the form at once (as always);
 * otherwise the start is chosen and the lengths from it are offered under it (shortest that fits chosen first).
 */
export function tapSlot(slot: Slot) {
  const f = $facility.get();
  if (!f) return selectSlot(slot);
  const first = firstFitFrom(f, slot, $slots.get());
  if (!choosesLength(f) && first !== null) selectSlot(slot, first, false);
  else pickStart(slot, first);
}

/**
 * The ids of the slots after the start that the chosen length covers, joined (a string, so the calendar's days redraw
 * only when the choice changes): highlighted over the calendar while the player chooses.
 */
export const $coveredKey = computed([$facility, $selected, $length, $slots], (f, start, length, all) => {
  if (!f || !start || !length) return '';
  const span = spanOf(f, start, length, all);
  return span.length > 1 && span.every((s) => s.state === 'available')
    ? span
        .slice(1)
        .map((s) => s.documentId)
        .join(' ')
    : '';
});
