// The flow's three steps: choose a slot, fill the form, see the confirmation. Each step is an entry of the browser's
// history (steps-history.ts, behaviour.md#public-site).
import { atom } from 'nanostores';
import type { Booking, Slot } from './facility';
import { $draft, $errors } from './form';

export type Step = 1 | 2 | 3;
export const $step = atom<Step>(1);
export const $selected = atom<Slot | null>(null);
export const $confirmation = atom<Booking | null>(null);

export function selectSlot(slot: Slot) {
  if (slot.state !== 'available') return;
  $selected.set(slot);
  $step.set(2);
  // The form is a history entry of its own (steps-history.ts): the phone's Back returns to the calendar.
  try {
    history.pushState({ hs: 2, slot: slot.documentId }, '');
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
  $draft.set({ ...$draft.get(), notes: '', includesTransportation: false, pickupPointId: null });
  $step.set(1);
}

export function resetFlow() {
  $step.set(1);
  $selected.set(null);
  $confirmation.set(null);
}
