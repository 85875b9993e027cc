// The flow's three steps: choose a slot, fill the form, see the confirmation. Each step is an entry of the browser's
// history (steps-history.ts, behaviour.md#public-site).
import { atom } from 'nanostores';
import type { Booking, Slot } from './facility';
import { $draft, $errors } from './form';

export type Step = 1 | 2 | 3;
export const $step = atom<Step>(1);
export const $selected = atom<Slot | null>(null);
/**
 * The match's length in minutes from the selected start (docs/behaviour.md#match-length); null while none fits. A pitch
 * offering one length has it set as well, so the form and the booking always say it.
 */
export const $length = atom<number | null>(null);
export const $confirmation = atom<Booking | null>(null);

/** A start tapped on a pitch offering several lengths: chosen, and the lengths from it offered under it. */
export function pickStart(slot: Slot, length: number | null) {
  if (slot.state !== 'available') return;
  $selected.set(slot);
  $length.set(length);
}

/** `remember`: the history entry keeps the length (a pitch offering one length keeps the entry as it always was). */
export function selectSlot(slot: Slot, length: number | null = null, remember = length !== null) {
  if (slot.state !== 'available') return;
  $selected.set(slot);
  $length.set(length);
  $step.set(2);
  // The form is a history entry of its own (steps-history.ts): the phone's Back returns to the calendar, the start and
  // the length still chosen.
  try {
    history.pushState({ hs: 2, slot: slot.documentId, ...(length && remember ? { sure: length } : {}) }, '');
  } catch {
    // No history (a sandbox): the steps still work, only Back does not step through them.
  }
}

export function backToSlots() {
  $errors.set({});
  $step.set(1);
}

export function newBooking() {
  $confirmation.set(null);
  $selected.set(null);
  $length.set(null);
  $draft.set({ ...$draft.get(), notes: '', includesTransportation: false, pickupPointId: null });
  $step.set(1);
}

export function resetFlow() {
  $step.set(1);
  $selected.set(null);
  $length.set(null);
  $confirmation.set(null);
}

// 'Boşalınca haber ver' (docs/behaviour.md#waitlist): a taken hour still ahead opens the waitlist form under it. Only
// the tap lives in the first load; the form and its calls are a chunk of their own (WaitlistJoin).

/** A slot someone holds (a booking, a subscriber, a waiting player's hold) whose start is still ahead. */
export const waitable = (s: Slot, now = Date.now()) =>
  s.state !== 'available' && s.state !== 'past' && s.state !== 'closed' && Date.parse(s.startsAt) > now;

/** The taken slot whose waitlist form is open, or null. */
export const $waitFor = atom<Slot | null>(null);

/** A tap on a taken slot opens its form under it (a second tap closes it); a chosen free start is let go. */
export function tapTaken(slot: Slot) {
  if ($waitFor.get()?.documentId === slot.documentId) return $waitFor.set(null);
  $selected.set(null);
  $waitFor.set(slot);
}
