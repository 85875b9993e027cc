// The flow's three steps: choose a slot, fill the form, see the confirmation. Each step is an entry of the browser's
// history (behaviour.md#public-site): the phone's Back on the form returns to the calendar
// with the slot still chosen, and Forward returns to the form with what was typed (the draft lives in memory).
import { atom } from 'nanostores';
import type { Booking, Slot } from './facility';
import { $draft, $errors } from './form';

export type Step = 1 | 2 | 3;
export const $step = atom<Step>(1);
export const $selected = atom<Slot | null>(null);
export const $confirmation = atom<Booking | null>(null);

/** What a history entry of the flow holds: the step, and on the form the chosen slot's id. Nothing personal. */
export interface StepEntry {
  hs: Step;
  slot?: string;
}
export const stepEntry = (state: unknown): StepEntry | null =>
  state && typeof state === 'object' && 'hs' in state ? (state as StepEntry) : null;

/** Records a step in the history at the page's own address (a deep link's query stays as it is). */
export function recordStep(entry: StepEntry, replace = false) {
  try {
    if (replace) history.replaceState(entry, '');
    else history.pushState(entry, '');
  } catch {
    // No history (a test, a sandbox): the steps still work, only Back does not step through them.
  }
}

/** Our own history.back(), whose popstate only confirms the step already shown (a choice made meanwhile stays). */
let ownBack = false;

/** An in-page move back ('Saati Değiştir', 'Yeni Rezervasyon') is the browser's Back when the step was pushed here. */
function stepBack(from: Step) {
  try {
    if (stepEntry(history.state)?.hs !== from) return;
    ownBack = true;
    history.back();
  } catch {
    ownBack = false;
  }
}

export function selectSlot(slot: Slot) {
  if (slot.state !== 'available') return;
  $selected.set(slot);
  $step.set(2);
  recordStep({ hs: 2, slot: slot.documentId });
}

export function backToSlots() {
  $errors.set({});
  $step.set(1);
  stepBack(2);
}

export function newBooking() {
  $confirmation.set(null);
  $selected.set(null);
  $draft.set({ ...$draft.get(), notes: '', includesTransportation: false, pickupPointId: null });
  $step.set(1);
  stepBack(3);
}

/**
 * The browser moved to another entry (Back, Forward). The form comes back only for a slot this page still knows; the
 * confirmation only while it is held (never a second sending: the form's entry was replaced by the confirmation's).
 */
export function followHistory(state: unknown, find: (id: string) => Slot | null) {
  if (ownBack) {
    ownBack = false;
    return;
  }
  const entry = stepEntry(state);
  if (entry?.hs === 2 && entry.slot) {
    const chosen = $selected.get();
    const slot = chosen?.documentId === entry.slot ? chosen : find(entry.slot);
    if (slot) {
      $selected.set(slot);
      $step.set(2);
      return;
    }
  } else if (entry?.hs === 3 && $confirmation.get()) {
    $step.set(3);
    return;
  }
  if (entry && entry.hs !== 1) recordStep({ hs: 1 }, true);
  if ($step.get() !== 1) {
    $errors.set({});
    $step.set(1);
  }
}

export function resetFlow() {
  ownBack = false;
  $step.set(1);
  $selected.set(null);
  $confirmation.set(null);
}
