import { useStore } from '@nanostores/react';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { SlotCalendar } from '../components/booking/SlotCalendar';
import { StepIndicator } from '../components/booking/StepIndicator';
import { Toasts } from '../components/ui/Toasts';
import { $duplicate } from '../stores/booking/duplicate';
import { $facility, type Booking, type BookingFacility } from '../stores/booking/facility';
import { $confirmation, $step } from '../stores/booking/flow';
import { choosesLength } from '../stores/booking/length';
import { watchLive } from '../stores/booking/live';
import { followSlotStarts, loadSlots } from '../stores/booking/slots';
import { followIstanbulDay, initBookingFlow } from '../stores/booking/start';

// The page opens on the calendar; the form (with the zod rules and the field kit), the confirmation and the same-day
// warning dialog are separate chunks, fetched on the visitor's first touch of the flow and needed only after a choice.
const loadForm = () => import('../components/booking/BookingForm');
const loadConfirmation = () => import('../components/booking/Confirmation');
const loadDuplicate = () => import('../components/booking/DuplicateBookingModal');
const BookingForm = lazy(() => loadForm().then((m) => ({ default: m.BookingForm })));
const Confirmation = lazy(() => loadConfirmation().then((m) => ({ default: m.Confirmation })));
const DuplicateBookingModal = lazy(() => loadDuplicate().then((m) => ({ default: m.DuplicateBookingModal })));

let prefetched = false;
/** First pointer, touch or keyboard focus on the flow: the next step's code starts loading before the choice. */
function prefetchSteps() {
  if (prefetched) return;
  prefetched = true;
  void loadForm().catch(() => {});
  void loadConfirmation().catch(() => {});
  void loadDuplicate().catch(() => {});
  const f = $facility.get();
  if (f && choosesLength(f)) void import('../components/booking/LengthChooser').catch(() => {});
}

/** Holds the next step's place while its code arrives: the form's outline, so the page does not jump. */
function StepSkeleton() {
  return (
    <div
      aria-busy="true"
      className="mt-6 min-h-[36rem] animate-pulse rounded-2xl bg-slate-100 motion-reduce:animate-none dark:bg-slate-900"
    >
      <span className="sr-only">Yükleniyor…</span>
    </div>
  );
}

/** The pitch page's booking flow (behaviour.md#public-site, #states-and-transitions): slot selection, the form, the confirmation. */
/** This tab's kept confirmation's key prefix (lib/device-bookings.ts CONFIRMATION_PREFIX; a site test checks they agree). */
export const CONFIRMATION_PREFIX = 'hs:onay:';
function keptHere(slug: string): boolean {
  try {
    return Boolean(sessionStorage.getItem(CONFIRMATION_PREFIX + slug));
  } catch {
    return false;
  }
}

/**
 * `today` and `renderedAt`: the Istanbul date and the instant the page was rendered on, so hydration draws the server's
 * calendar (see $today and $renderedAt).
 */
export default function BookingFlow({
  facility,
  today,
  renderedAt,
}: {
  facility: BookingFacility;
  today?: string;
  renderedAt?: number;
}) {
  useState(() => initBookingFlow(facility, today, renderedAt));
  const step = useStore($step);
  const confirmation = useStore($confirmation);
  const duplicate = useStore($duplicate);
  const first = useRef(true);
  /** A step change waits for the new step's heading, which may mount only once its chunk has arrived. */
  const focusPending = useRef(false);

  const moveTo = useCallback((el: HTMLHeadingElement) => {
    focusPending.current = false;
    el.focus();
    const still = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
    el.scrollIntoView?.({ block: 'start', behavior: still ? 'auto' : 'smooth' });
  }, []);
  const heading = useRef<HTMLHeadingElement | null>(null);
  const headingRef = useCallback(
    (el: HTMLHeadingElement | null) => {
      heading.current = el;
      if (el && focusPending.current) moveTo(el);
    },
    [moveTo],
  );

  // The page may have been rendered before midnight (or the visitor's tab stays open past it): the calendar follows
  // the clock from here on, starting again from the new day when the page's day is already over.
  useEffect(() => followIstanbulDay(), []);
  // A start chosen on 'Boş saat bul' (#gun=&slot=): that day, and the form for it while it is free. Its code loads
  // only for such an address (docs/performance.md 'Budgets').
  useEffect(() => {
    if (location.hash.includes('slot=')) void import('../stores/booking/deep-link').then((m) => m.openDeepLink());
  }, []);

  // The steps are history entries (behaviour.md#public-site): Back and Forward move between them, by code that loads
  // with the form or on the first of them. A reload on the form starts again from the calendar (the typed text lived in
  // memory only).
  useEffect(() => {
    if (history.state?.hs === 2) history.replaceState({ hs: 1 }, '');
    const onPop = (e: PopStateEvent) =>
      void import('../stores/booking/steps-history').then((m) => m.followHistory(e.state));
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  // A reload, or Android restoring a dropped tab, shows this tab's confirmation again (behaviour.md#public-site).
  // The module that reads it loads only for a tab that booked here (docs/performance.md 'Budgets').
  useEffect(() => {
    if (!keptHere(facility.slug)) return;
    let live = true;
    void import('../lib/device-bookings').then(({ keptConfirmation }) => {
      const kept = live ? keptConfirmation<Booking>(facility.slug) : null;
      if (!kept) return;
      $confirmation.set(kept);
      $step.set(3);
    });
    return () => {
      live = false;
    };
  }, [facility.slug]);

  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = root.current;
    if (!el) return;
    const events = ['pointerover', 'touchstart', 'focusin'] as const;
    for (const e of events) el.addEventListener(e, prefetchSteps, { once: true, passive: true });
    return () => {
      for (const e of events) el.removeEventListener(e, prefetchSteps);
    };
  }, []);

  // The calendar is fresh and live whenever it or the form is on screen: the form tells at once when its slot is taken
  // elsewhere or starts (behaviour.md#public-site). The request, the socket and the slot-start timer each start in a
  // task of their own, not in the one that commits the hydrated calendar: on a slow phone they made one long task.
  const choosing = step !== 3;
  useEffect(() => {
    if (!choosing) return;
    const stops: (() => void)[] = [];
    const timers = [
      setTimeout(() => void loadSlots(), 0),
      setTimeout(() => stops.push(watchLive()), 0),
      setTimeout(() => stops.push(followSlotStarts()), 0),
    ];
    return () => {
      for (const t of timers) clearTimeout(t);
      for (const stop of stops) stop();
    };
  }, [choosing]);

  // A step change moves focus to the new step's heading, so keyboard and screen-reader users land on it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each step change; the heading ref is the new step's
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (heading.current?.isConnected) moveTo(heading.current);
    else focusPending.current = true;
  }, [step]);

  return (
    <div data-booking-flow data-step={step} ref={root}>
      <StepIndicator step={step} />
      {step === 1 && <SlotCalendar headingRef={headingRef} />}
      {step === 2 && (
        <Suspense fallback={<StepSkeleton />}>
          <BookingForm facility={facility} headingRef={headingRef} />
        </Suspense>
      )}
      {step === 3 && confirmation && (
        <Suspense fallback={<StepSkeleton />}>
          <Confirmation booking={confirmation} facility={facility} headingRef={headingRef} />
        </Suspense>
      )}
      {duplicate && (
        <Suspense fallback={null}>
          <DuplicateBookingModal />
        </Suspense>
      )}
      <Toasts />
    </div>
  );
}
