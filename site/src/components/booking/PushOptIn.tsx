import { lazy, Suspense } from 'react';
import { isShareable, type ShareableBooking } from './ShareMatch';

/** The button's code is a chunk of its own, fetched when a live booking is on screen (docs/performance.md 'Budgets'). */
const PushButton = lazy(() => import('./PushButton'));

/**
 * 'Bildirim al' on the confirmation and in tracking (docs/behaviour.md#notifications): only for a booking that can
 * still change, pending or approved and not started (the server refuses the rest).
 */
export function PushOptIn({ booking, className = 'mt-6' }: { booking: ShareableBooking; className?: string }) {
  if (!isShareable(booking)) return null;
  return (
    <Suspense fallback={null}>
      <PushButton booking={booking} className={className} />
    </Suspense>
  );
}
