// 'Boşalınca haber ver' on the pitch page (docs/behaviour.md#waitlist): a taken hour still ahead opens the waitlist form
// under it. Only the tap lives in the first load; the form and its calls are a chunk of their own.
import { atom } from 'nanostores';
import type { Slot } from './facility';
import { $selected } from './flow';

/** A slot someone holds (a booking, a subscriber, a waiting player's hold) whose start is still ahead. */
export const waitable = (s: Slot, now = Date.now()) =>
  (s.state === 'pending' || s.state === 'booked' || s.state === 'subscriber' || (s.state as string) === 'held') &&
  Date.parse(s.startsAt) > now;

/** The taken slot whose waitlist form is open, or null. */
export const $waitFor = atom<Slot | null>(null);

/** A tap on a taken slot opens its form under it (a second tap closes it); a chosen free start is let go. */
export function tapTaken(slot: Slot) {
  if ($waitFor.get()?.documentId === slot.documentId) return $waitFor.set(null);
  $selected.set(null);
  $waitFor.set(slot);
}
