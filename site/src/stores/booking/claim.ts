// The claim this tab holds (docs/behaviour.md#waitlist): a slot held for this player, opened by the claim link. The
// booking form says it is reserved for them and sends the secret with the booking; nothing else sees it.
import { atom } from 'nanostores';

export interface Claim {
  slot: string;
  secret: string;
  /** When the hold runs out (ISO), once known from the device's waitlist entry; null: not known here. */
  expiresAt: string | null;
}

export const $claim = atom<Claim | null>(null);

/** The claim for this slot, or null. */
export const claimOn = (slotId: string | null | undefined) => {
  const c = $claim.get();
  return c && slotId && c.slot === slotId ? c : null;
};
