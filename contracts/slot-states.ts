// A slot's states, without zod (the public islands check live messages with them; wire/slot.ts re-exports).
export const SLOT_STATE_NAMES = ['past', 'available', 'pending', 'booked', 'subscriber'] as const;
export type SlotState = (typeof SLOT_STATE_NAMES)[number];
