// A start found by 'Boş saat bul' (docs/behaviour.md#boş-saat-bul): /saha/<slug>#gun=<business day>&slot=<slot id>.
// The fragment never reaches the server, so the pitch page stays one cached page. The calendar opens on that day;
// a slot still free opens the form for it, a slot taken (or started) meanwhile is said so and the calendar stays.
import { msg } from '../../../../contracts/texts';
import { toast } from '../toast';
import { $calendar } from './calendar';
import { selectSlot } from './flow';
import { $slots, $slotsStatus, isPastSlot, loadSlots } from './slots';

export function openDeepLink(): () => void {
  const p = new URLSearchParams(location.hash.slice(1));
  const day = p.get('gun') ?? '';
  const id = p.get('slot');
  if (!id || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return () => {};
  // Followed once: a reload or Back shows the calendar, not the same choice again.
  history.replaceState(history.state, '', location.pathname + location.search);
  $calendar.set({ ...$calendar.get(), anchor: day, monthDay: day });
  const stop = $slotsStatus.listen((status) => {
    const list = $slots.get()[day];
    if (status === 'error') stop();
    if (status !== 'ready' || !list) return;
    stop();
    const slot = list.find((s) => s.documentId === id);
    if (slot?.state === 'available' && !isPastSlot(slot)) selectSlot(slot);
    else
      toast(
        'error',
        slot ? (slot.state === 'past' || isPastSlot(slot) ? msg.pastSlot : msg.slotTaken) : msg.slotNotFound,
      );
  });
  // This module loads after the page's first read may have begun: the day's range is read now (a newer read wins).
  void loadSlots();
  return stop;
}
