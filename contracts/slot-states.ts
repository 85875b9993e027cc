// A slot's states, without zod (the public islands check live messages with them; wire/slot.ts re-exports).
// held: kept for a waiting player's claim (docs/behaviour.md#waitlist); nobody else may book it, nothing personal shows.
// closed: a closure holds it (docs/behaviour.md#closures); nobody may book it, it shows the reason and the public note.
export const SLOT_STATE_NAMES = ['past', 'available', 'pending', 'booked', 'subscriber', 'held', 'closed'] as const;
export type SlotState = (typeof SLOT_STATE_NAMES)[number];
