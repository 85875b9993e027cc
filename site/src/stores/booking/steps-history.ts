// The flow's steps as entries of the browser's history (behaviour.md#public-site): the phone's Back on the form returns
// to the calendar with the slot still chosen, and Forward returns to the form with what was typed (the draft lives in
// memory). An entry holds `{hs: step, slot: id, sure: minutes}` at the page's own address, nothing personal. The calendar pushes the
// form's entry itself (flow.ts selectSlot); this module loads with the form, or on the first Back or Forward, so the
// pitch page's first load does not carry it (docs/performance.md 'Budgets').
import type { Slot } from './facility';
import { $confirmation, $length, $selected, $step, backToSlots, newBooking, type Step } from './flow';
import { $errors } from './form';
import { $slots } from './slots';

export interface StepEntry {
  hs: Step;
  slot?: string;
  /** The match's length in minutes (docs/behaviour.md#match-length): Forward returns to the form with it. */
  sure?: number;
}
export const stepEntry = (state: unknown): StepEntry | null =>
  state && typeof state === 'object' && 'hs' in state ? (state as StepEntry) : null;

export function recordStep(entry: StepEntry, replace = false) {
  try {
    if (replace) history.replaceState(entry, '');
    else history.pushState(entry, '');
  } catch {
    // No history (a sandbox): the steps still work, only Back does not step through them.
  }
}

/** Our own history.back(), whose popstate only confirms the step already shown (a choice made meanwhile stays). */
let ownBack = false;

/** An in-page move back is the browser's Back when the step was pushed here, so Forward still returns to it. */
function stepBack(from: Step) {
  try {
    if (stepEntry(history.state)?.hs !== from) return;
    ownBack = true;
    history.back();
  } catch {
    ownBack = false;
  }
}

/** 'Saati Değiştir', 'Başka Saat Seç', a refusal on submit: back to the calendar, the form one Forward away. */
export function leaveForm() {
  backToSlots();
  stepBack(2);
}

/** 'Yeni Rezervasyon': the calendar again, from the entry before the confirmation. */
export function startOver() {
  newBooking();
  stepBack(3);
}

/** After a successful booking the form's entry becomes the confirmation's: Forward never brings the sent form back. */
export function recordConfirmation() {
  recordStep({ hs: 3 }, stepEntry(history.state)?.hs === 2);
}

function slotById(id: string): Slot | null {
  for (const day of Object.values($slots.get())) {
    const found = day.find((s) => s.documentId === id);
    if (found) return found;
  }
  return null;
}

/**
 * The browser moved to another entry (Back, Forward). The form comes back only for a slot this page still knows (told
 * on the form when it was taken or started meanwhile); the confirmation only while it is held, never a second sending.
 */
export function followHistory(state: unknown) {
  if (ownBack) {
    ownBack = false;
    return;
  }
  const entry = stepEntry(state);
  if (entry?.hs === 2 && entry.slot) {
    const chosen = $selected.get();
    const slot = chosen?.documentId === entry.slot ? chosen : slotById(entry.slot);
    if (slot) {
      $selected.set(slot);
      if (typeof entry.sure === 'number') $length.set(entry.sure);
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
