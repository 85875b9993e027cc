// The same-day warning and cancelling the booking it points at (behaviour.md#bookings, behaviour.md#public-site, #error-messages).
import { atom } from 'nanostores';
import { compactBookingNumber } from '../../../../contracts/booking-number';
import { normalisePhone } from '../../../../contracts/phone-format';
import { publicMsg as msg } from '../../../../contracts/public-texts';
import { ApiRequestError, client, unwrap } from '../../lib/api';
import { checkBookingNumber } from '../../lib/checks';
import { errorText, messageOf } from '../../lib/errors';
import { toast } from '../toast';
import { $draft } from './form';
import { CANCEL_FALLBACK, CANCEL_SUCCESS } from './texts';

/**
 * What the 409 says of the booking already held that day (behaviour.md#bookings): masked number and 'Barış A.' only, so
 * whoever typed the phone learns nothing that cancels it. Cancelling asks for the full number.
 */
export interface DuplicateWarning {
  message: string;
  existing: {
    bookingNumberMasked: string;
    customerName?: string;
    facility?: string;
    date?: string;
    time?: string;
    endTime?: string;
    /** The real start instant: the warning shows an after-midnight hour on its real calendar date. */
    startsAt?: string;
    status?: string;
  };
}
export const $duplicate = atom<DuplicateWarning | null>(null);

export const $cancelling = atom(false);
/** Shown inside the modal: while it is open everything outside it, the toasts included, is hidden from screen readers. */
export const $cancelError = atom<string | null>(null);
/** The full booking number the owner types to cancel from the warning, and whether the 'Evet, iptal et' step is showing. */
export const $cancelNumber = atom('');
export const $cancelConfirming = atom(false);

export function closeDuplicate() {
  $duplicate.set(null);
  $cancelError.set(null);
  $cancelNumber.set('');
  $cancelConfirming.set(false);
}

export function editCancelNumber(value: string) {
  $cancelNumber.set(compactBookingNumber(value));
  $cancelError.set(null);
}

/** First step: the typed number must at least look like one before the confirmation is asked. */
export function askCancelConfirmation(): boolean {
  const parsed = checkBookingNumber($cancelNumber.get());
  if ('error' in parsed) {
    $cancelError.set(parsed.error);
    return false;
  }
  $cancelError.set(null);
  $cancelConfirming.set(true);
  return true;
}

export function stepBackFromConfirmation() {
  $cancelConfirming.set(false);
}

/**
 * Cancels the booking the warning points at (behaviour.md#public-site, #error-messages): by the full number the owner typed, together with the phone of
 * the form, so the server checks that the number is that phone's booking and counts each try against the phone.
 */
export async function cancelExistingBooking(): Promise<boolean> {
  const dup = $duplicate.get();
  if (!dup || $cancelling.get()) return false;
  const parsed = checkBookingNumber($cancelNumber.get());
  if ('error' in parsed) {
    $cancelConfirming.set(false);
    $cancelError.set(parsed.error);
    return false;
  }
  const customerPhone = normalisePhone($draft.get().customerPhone) ?? undefined;
  $cancelling.set(true);
  $cancelError.set(null);
  try {
    await unwrap(
      client.api.bookings.cancel[':bookingNumber'].$post({
        param: { bookingNumber: parsed.value },
        json: { reason: msg.customerCancelReason, customerPhone },
      }),
    );
    closeDuplicate();
    toast('success', CANCEL_SUCCESS);
    return true;
  } catch (e) {
    $cancelConfirming.set(false);
    $cancelError.set(
      e instanceof ApiRequestError ? errorText(e.body, undefined, CANCEL_FALLBACK) : messageOf(e, CANCEL_FALLBACK),
    );
    return false;
  } finally {
    $cancelling.set(false);
  }
}

export function resetDuplicate() {
  closeDuplicate();
  $cancelling.set(false);
}
