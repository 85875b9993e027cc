// Match length on the pitch page (docs/behaviour.md#match-length): a booking may cover several consecutive slots. A
// tapped start offers the lengths the pitch allows that fit there. Only the tap and the highlight's store are on the
// page's first load; the rules (contracts/match-length.ts, the server's own) and the choice load on the first tap on a
// pitch offering several lengths, with the chooser and with the form (length-choice.ts, docs/performance.md 'Budgets').
import { atom } from 'nanostores';
import { $facility, type BookingFacility, type Slot } from './facility';
import { selectSlot } from './flow';
import { slotMinutes } from './slot-time';

/**
 * Whether the calendar asks for a length at all: a pitch offering one length books as it always did. The pitch's list
 * is kept valid by the server (contracts/facility-form.ts refuses a length that is not a whole number of its slots).
 */
export const choosesLength = (f: BookingFacility) => new Set(f.matchLengths ?? []).size > 1;

/**
 * The ids of the slots after the start that the chosen length covers, joined (a string, so the calendar's days redraw
 * only when the choice changes): highlighted over the calendar while the player chooses. Kept by length-choice.ts.
 */
export const $coveredKey = atom('');

/**
 * A free start tapped on the calendar: on a pitch offering one length of one slot, the form at once (as always);
 * otherwise the lengths from the start are offered under it (length-choice.ts tapWithLengths).
 */
export function tapSlot(slot: Slot) {
  const f = $facility.get();
  const only = f && !choosesLength(f) ? (f.matchLengths?.[0] ?? slotMinutes(slot)) : null;
  if (!f || only === slotMinutes(slot)) return selectSlot(slot, only, false);
  void import('./length-choice').then((m) => m.tapWithLengths(slot));
}
