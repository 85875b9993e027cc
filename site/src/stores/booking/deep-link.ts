// A start found by 'Boş saat bul' (docs/behaviour.md#boş-saat-bul): /saha/<slug>#gun=<business day>&slot=<slot id>,
// and `&sure=<minutes>` when a match length was asked for (`&hak=<secret>` on a claim link: claim-link.ts). The fragment
// never reaches the server, so the pitch page stays one cached page. The calendar opens on that day; a slot still free
// opens the form for it (with that length while it still fits there; without one, the shortest that fits), a slot taken
// (or started) meanwhile is said so and the calendar stays.
import { publicMsg as msg } from '../../../../contracts/public-texts';
import { toast } from '../toast';
import { $calendar } from './calendar';
import { claimSecretOf, openClaim } from './claim-link';
import { $facility } from './facility';
import { pickStart, selectSlot } from './flow';
import { choosesLength, tapSlot } from './length';
import { firstFit, lengthChoice } from './length-choice';
import { $slots, $slotsStatus, isPastSlot, loadSlots } from './slots';

const LENGTH_GONE = 'Seçtiğiniz süre bu saatten artık sığmıyor: sığan sürelerden birini seçin.';

export function openDeepLink(): () => void {
  const p = new URLSearchParams(location.hash.slice(1));
  const day = p.get('gun') ?? '';
  const id = p.get('slot');
  const sure = Number(p.get('sure')) || null;
  if (!id || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return () => {};
  // Followed once: a reload or Back shows the calendar, not the same choice again.
  history.replaceState(history.state, '', location.pathname + location.search);
  // A claim link (`&hak=`, docs/behaviour.md#waitlist): the slot held for this player; the secret is out of the
  // address now and kept for this tab only.
  const secret = claimSecretOf(p);
  const slug = $facility.get()?.slug;
  if (secret && slug) return openClaim({ slug, slot: id, secret, sure, day });
  $calendar.set({ ...$calendar.get(), anchor: day, monthDay: day });
  const stop = $slotsStatus.listen((status) => {
    const list = $slots.get()[day];
    if (status === 'error') stop();
    if (status !== 'ready' || !list) return;
    stop();
    const slot = list.find((s) => s.documentId === id);
    const f = $facility.get();
    if (slot?.state === 'available' && !isPastSlot(slot)) {
      if (!f) return selectSlot(slot);
      const choice = lengthChoice(f, slot, $slots.get());
      // No length asked for ('Farketmez'): the form at once, for the shortest length that fits there (one tap, as
      // 'Boş saat bul' promises); 'Saati Değiştir' offers the others.
      if (!sure && firstFit(choice) !== null) return selectSlot(slot, firstFit(choice), choosesLength(f));
      if (!sure) return tapSlot(slot);
      if (choice.options.some((o) => o.fits && o.minutes === sure)) return selectSlot(slot, sure);
      // The length asked for no longer fits there: the start stays chosen with the lengths that do.
      pickStart(slot, firstFit(choice));
      toast('error', LENGTH_GONE);
    } else
      toast(
        'error',
        slot ? (slot.state === 'past' || isPastSlot(slot) ? msg.pastSlot : msg.slotTaken) : msg.slotNotFound,
      );
  });
  // This module loads after the page's first read may have begun: the day's range is read now (a newer read wins).
  void loadSlots();
  return stop;
}
