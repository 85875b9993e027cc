// Sending the booking (behaviour.md#validation, #error-messages): the past-slot check, the server's field errors and the same-day warning.
import { firstName } from '../../../../contracts/common';
import { publicMsg as msg, sameDayMessage } from '../../../../contracts/public-texts';
import { ApiRequestError, client, unwrap } from '../../lib/api';
import { keepConfirmation, rememberBooking } from '../../lib/device-bookings';
import { errorText, messageOf } from '../../lib/errors';
import { dropClaim } from '../../lib/waitlist-device';
import { toast } from '../toast';
import { $claim, claimOn } from './claim';
import { $duplicate, type DuplicateWarning } from './duplicate';
import { $facility, type Booking, type Slot } from './facility';
import { $confirmation, $length, $selected, $step } from './flow';
import { $draft, $errors, $submitting, serverFieldErrors } from './form';
import { validateDraft } from './form-rules';
import { spanOf } from './length-choice';
import { $slots, applySlotUpdate, isPastSlot } from './slots';
import { leaveForm, recordConfirmation } from './steps-history';
import { CREATE_FALLBACK } from './texts';

/**
 * The slots just booked here (every one the match covers) are taken at once in our own copy, so 'Yeni Rezervasyon' never shows it free while the
 * refetch (or the live event) is still on its way.
 */
function markTaken(slot: Slot, booking: Booking) {
  const isSubscriber = Boolean(booking.isSubscriber);
  const status = booking.status as NonNullable<Slot['booking']>['status'];
  applySlotUpdate({
    ...slot,
    isAvailable: false,
    isPending: status === 'pending',
    state: status === 'pending' ? 'pending' : isSubscriber ? 'subscriber' : 'booked',
    booking: { customerName: firstName(booking.customerName), status, isSubscriber },
  });
}

function backToSlotsWith(message: string) {
  toast('error', message);
  $selected.set(null);
  leaveForm();
}

export type SubmitOutcome = 'created' | 'invalid' | 'past' | 'duplicate' | 'failed';

export async function submitBooking(): Promise<SubmitOutcome> {
  const f = $facility.get();
  const slot = $selected.get();
  if (!f || !slot || $submitting.get()) return 'failed';
  const d = $draft.get();
  const duration = $length.get();
  const claim = claimOn(slot.documentId);
  const errors = validateDraft(d, f);
  $errors.set(errors);
  if (Object.keys(errors).length > 0) return 'invalid';
  if (isPastSlot(slot)) {
    backToSlotsWith(msg.pastSlot);
    return 'past';
  }
  // Offline the request cannot leave: said at once, and what was typed stays on the form.
  if (navigator.onLine === false) {
    toast('error', msg.networkDown);
    return 'failed';
  }
  const pickup = d.includesTransportation
    ? (f.transport?.pickupPoints.find((p) => p.id === d.pickupPointId) ?? null)
    : null;
  $submitting.set(true);
  try {
    const booking = await unwrap(
      client.api.bookings.$post({
        json: {
          facility: f.documentId,
          bookingSlot: slot.documentId,
          customerName: d.customerName,
          customerPhone: d.customerPhone,
          customerEmail: d.customerEmail || null,
          notes: d.notes || null,
          includesTransportation: Boolean(d.includesTransportation && f.transport),
          transportationDetails: pickup
            ? { pickupPointId: pickup.id, pickupPointName: pickup.name, pickupPointAddress: pickup.address }
            : null,
          addons: f.addons.filter((a) => d.addons[a.id]).map((a) => ({ id: a.id, quantity: d.addons[a.id] })),
          clientTimestamp: new Date().toISOString(),
          clientTimezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
          // The match's length (docs/behaviour.md#match-length); absent, the server books the pitch's shortest.
          ...(duration ? { duration } : {}),
          // The claim link's secret (docs/behaviour.md#waitlist): the only way to book a slot held for this player.
          ...(claim ? { claim: claim.secret } : {}),
        },
      }),
    );
    if (!booking?.bookingNumber) throw new Error(msg.bookingNumberMissing);
    // A claim is used once: this tab forgets it.
    if (claim) {
      $claim.set(null);
      dropClaim();
    }
    $confirmation.set(booking);
    // Kept on this device (behaviour.md#public-site 'Rezervasyonlarım'): the confirmation for this tab, without the
    // phone and e-mail it does not show, and the booking in the device's list.
    const { customerPhone: _phone, customerEmail: _email, ...shown } = booking;
    keepConfirmation(f.slug, shown);
    rememberBooking(booking);
    const span = spanOf(f, slot, duration, $slots.get());
    for (const s of span.length ? span : [slot]) markTaken(s, booking);
    $step.set(3);
    // The form's history entry becomes the confirmation's: Back then leads to the calendar, and Forward never brings
    // the sent form back to be sent twice (behaviour.md#public-site).
    recordConfirmation();
    return 'created';
  } catch (e) {
    if (e instanceof ApiRequestError) {
      const existing = e.details.existingBooking as DuplicateWarning['existing'] | undefined;
      if (e.status === 409 && existing) {
        // Worded by the existing booking's status, so the text never says 'onaylanmış' above 'Durum: Beklemede'.
        const message = existing.status
          ? sameDayMessage(existing.status)
          : e.body?.error?.message || msg.sameDayBookingUnknown;
        $duplicate.set({ message, existing });
        return 'duplicate';
      }
      // A field the server refused is marked on that field with the server's own Turkish message, not in a toast.
      const fieldErrors = e.status === 400 ? serverFieldErrors(e.details.errors) : {};
      if (Object.keys(fieldErrors).length > 0) {
        $errors.set(fieldErrors);
        return 'invalid';
      }
      const text = errorText(e.body, undefined, CREATE_FALLBACK);
      if (text === msg.pastSlot || (e.status === 409 && e.details.slot)) {
        backToSlotsWith(text);
        return 'past';
      }
      toast('error', text);
    } else if (e instanceof Error && e.message === msg.bookingNumberMissing) {
      toast('error', e.message);
    } else {
      // fetch rejects with a TypeError when the request never reached the server (no connection, a dropped network).
      toast('error', e instanceof TypeError ? msg.networkDown : messageOf(e, CREATE_FALLBACK));
    }
    return 'failed';
  } finally {
    $submitting.set(false);
  }
}
