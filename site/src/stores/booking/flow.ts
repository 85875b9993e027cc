// The flow's three steps: choose a slot, fill the form, see the confirmation.
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
