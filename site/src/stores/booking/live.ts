// The pitch's live channel while the calendar is on screen.
import { atom } from 'nanostores';
import { type LiveState, POLL_MS, watchFacilityLive } from '../../lib/facility-live';
import { $facility } from './facility';
import { applySlotUpdate, loadSlots, noteLastChange, noteLiveEvent } from './slots';

export type { LiveState };
export { POLL_MS };
export const $live = atom<LiveState>('off');

/**
 * Watches the pitch's live channel while the calendar is on screen (a slot taken elsewhere turns 'Beklemede' here);
 * a closed socket means a refetch and polling until it is back. Returns the function that stops it all.
 */
export function watchLive(): () => void {
  const f = $facility.get();
  if (!f) return () => {};
  return watchFacilityLive(f.slug, {
    onState: (state) => $live.set(state),
    onEvent: (event) => {
      if (event.type === 'hello') {
        if (event.changedAt !== undefined) noteLastChange(event.changedAt);
        return;
      }
      noteLiveEvent();
      if (event.type === 'slot' && (!event.facility || event.facility === f.documentId)) applySlotUpdate(event.slot);
      else if (event.type === 'slots-regenerated') void loadSlots({ silent: true });
    },
    resync: () => void loadSlots({ silent: true }),
  });
}
