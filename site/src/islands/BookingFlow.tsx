import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { BookingForm } from '../components/booking/BookingForm';
import { Confirmation } from '../components/booking/Confirmation';
import { DuplicateBookingModal } from '../components/booking/DuplicateBookingModal';
import { SlotCalendar } from '../components/booking/SlotCalendar';
import { StepIndicator } from '../components/booking/StepIndicator';
import { Toasts } from '../components/ui/Toasts';
import { $confirmation, $step, type BookingFacility, initBookingFlow, loadSlots, watchLive } from '../stores/booking';

/** The pitch page's booking flow (01 §2, §4): slot selection, the form, the confirmation. */
export default function BookingFlow({ facility }: { facility: BookingFacility }) {
  useState(() => initBookingFlow(facility));
  const step = useStore($step);
  const confirmation = useStore($confirmation);
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);

  // The calendar is fresh and live whenever it is on screen.
  useEffect(() => {
    if (step !== 1) return;
    void loadSlots();
    return watchLive();
  }, [step]);

  // A step change moves focus to the new step's heading, so keyboard and screen-reader users land on it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each step change; the heading ref is the new step's
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
    const still = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
    heading.current?.scrollIntoView?.({ block: 'start', behavior: still ? 'auto' : 'smooth' });
  }, [step]);

  return (
    <div data-booking-flow data-step={step}>
      <StepIndicator step={step} />
      {step === 1 && <SlotCalendar headingRef={heading} />}
      {step === 2 && <BookingForm facility={facility} headingRef={heading} />}
      {step === 3 && confirmation && <Confirmation booking={confirmation} facility={facility} headingRef={heading} />}
      <DuplicateBookingModal />
      <Toasts />
    </div>
  );
}
