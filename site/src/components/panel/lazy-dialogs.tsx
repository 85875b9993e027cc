// The panel's big dialogs as chunks of their own (docs/performance.md#budgets): a page's first load carries none of
// their code (forms, date pickers, zod rules), only this wrapper. A dialog's code is fetched the first time it opens,
// or earlier when staff first touch the page (`preloadDialogs` on pointerdown/keydown, so by the tap's click the code
// is usually in); once loaded it stays mounted, so its open and close animations run as before.
import { type ComponentProps, lazy, Suspense, useState } from 'react';
import type { NewBookingDialogProps } from './new-booking/NewBookingDialog';

type DetailProps = ComponentProps<typeof import('./BookingDetailDialog').BookingDetailDialog>;

const loadDetail = () => import('./BookingDetailDialog');
const loadNewBooking = () => import('./new-booking/NewBookingDialog');

const LazyDetail = lazy(() => loadDetail().then((m) => ({ default: m.BookingDetailDialog })));
const LazyNewBooking = lazy(() => loadNewBooking().then((m) => ({ default: m.NewBookingDialog })));

let preloaded = false;
/** Starts fetching both dialogs' code once (a failed fetch is retried when the dialog opens). */
export function preloadDialogs() {
  if (preloaded) return;
  preloaded = true;
  void loadDetail().catch(() => {});
  void loadNewBooking().catch(() => {});
}

/** Props for a container whose first touch or key press fetches the dialogs' code ahead of the click. */
export const preloadOnTouch = { onPointerDownCapture: preloadDialogs, onKeyDownCapture: preloadDialogs };

/** Mounted from the first time `open` holds, then kept (its close animation and state reset work as before). */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

/** The booking detail dialog (components/panel/BookingDetailDialog), loaded on first open. */
export function BookingDetailDialog(props: DetailProps) {
  if (!useOpenedOnce(props.documentId !== null)) return null;
  return (
    <Suspense fallback={null}>
      <LazyDetail {...props} />
    </Suspense>
  );
}

/** 'Yeni Rezervasyon' (components/panel/new-booking/NewBookingDialog), loaded on first open. */
export function NewBookingDialog(props: NewBookingDialogProps) {
  if (!useOpenedOnce(props.prefill !== null)) return null;
  return (
    <Suspense fallback={null}>
      <LazyNewBooking {...props} />
    </Suspense>
  );
}
