// The claim link (docs/behaviour.md#waitlist): /saha/<slug>#gun=…&slot=…&sure=…&hak=<secret>. The secret is read from
// the fragment (the address is replaced at once, so it stays in no history entry; it never goes into a request line)
// and kept for this tab only (sessionStorage). The form opens for the held slot with the length, says until when it is
// reserved, and the booking sends the secret as `claim`.
import { publicMsg as msg } from '../../../../contracts/public-texts';
import { CLAIM_HASH_KEY } from '../../../../contracts/waitlist';
import { deviceWaitEntries, dropClaim, type KeptClaim, keepClaim } from '../../lib/waitlist-device';
import { toast } from '../toast';
import { $calendar } from './calendar';
import { $claim } from './claim';
import { $length, $selected, $step } from './flow';
import { $slots, $slotsStatus, isPastSlot, loadSlots } from './slots';

export const CLAIM_GONE = 'Bu saat için ayrılan süre doldu ya da saat artık size ayrılmış değil.';

/** Reads `hak=` from a fragment's parameters; null without one. */
export const claimSecretOf = (p: URLSearchParams) => p.get(CLAIM_HASH_KEY) || null;

/** Until when the hold lasts, from this device's own waitlist entries (the link does not say); best effort. */
async function findExpiry(c: KeptClaim) {
  const entries = deviceWaitEntries();
  if (!entries.length) return;
  const { waitlistEntry } = await import('../../lib/waitlist-api');
  for (const e of entries) {
    try {
      const live = await waitlistEntry(e.key);
      const url = live.offer?.claimUrl ?? '';
      if (live.offer && url.includes(`${CLAIM_HASH_KEY}=${encodeURIComponent(c.secret)}`)) {
        const now = $claim.get();
        if (now?.secret === c.secret) $claim.set({ ...now, expiresAt: live.offer.expiresAt });
        return;
      }
    } catch {
      // That entry is gone: the next one.
    }
  }
}

/** Opens the booking form for the held slot once the day's slots are read. Returns the stop. */
export function openClaim(c: KeptClaim): () => void {
  keepClaim(c);
  $claim.set({ slot: c.slot, secret: c.secret, expiresAt: null });
  void findExpiry(c);
  $calendar.set({ ...$calendar.get(), anchor: c.day, monthDay: c.day });
  const stop = $slotsStatus.listen((status) => {
    const list = $slots.get()[c.day];
    if (status === 'error') stop();
    if (status !== 'ready' || !list) return;
    stop();
    const slot = list.find((s) => s.documentId === c.slot);
    const state = slot?.state as string | undefined;
    if (!slot || isPastSlot(slot) || (state !== 'held' && state !== 'available')) {
      dropClaim();
      $claim.set(null);
      toast('error', slot && (slot.state === 'past' || isPastSlot(slot)) ? msg.pastSlot : CLAIM_GONE);
      return;
    }
    $selected.set(slot);
    $length.set(c.sure);
    $step.set(2);
    // The form's own history entry, as a tap makes it: the slot and the length, never the secret.
    try {
      history.pushState({ hs: 2, slot: slot.documentId, ...(c.sure ? { sure: c.sure } : {}) }, '');
    } catch {
      // No history: the form still opens.
    }
  });
  void loadSlots();
  return stop;
}
