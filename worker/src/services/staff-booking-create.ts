// Staff take a booking for a free slot (behaviour.md#bookings 'Staff bookings'): by phone, WhatsApp, at the counter or
// otherwise. The public rule set runs unchanged (pitch active, slot this pitch's, ahead and free, the same-day rule,
// the shuttle and add-ons priced by the server) under the pitch's lock; staff also choose approved or pending, the
// deposit due, received or waived, and may override the same-day rule with a written reason.
import type { PublicUser } from '../../../contracts/auth';
import { closureMsg } from '../../../contracts/closure-input';
import { depositFor } from '../../../contracts/match-length';
import { msg } from '../../../contracts/messages';
import { BOOKING_CHANNEL_LABELS } from '../../../contracts/payments';
import { type StaffBookingInput, staffBookingMsg } from '../../../contracts/staff-booking';
import { waitlistMsg } from '../../../contracts/waitlist-input';
import type { BookingDetail } from '../../../contracts/wire/booking';
import type { NotificationWire } from '../../../contracts/wire/notification';
import { actorName, recordAudit } from '../db/audit';
import * as store from '../db/bookings';
import type { Db } from '../db/client';
import { insertPayments } from '../db/payments';
import { isClosedRefusal, isHeldRefusal, isRangeRefusal, isUniqueRefusal } from '../db/unique';
import { storedRules } from '../lib/booking-rules';
import { type ApiError, conflict } from '../lib/errors';
import { newBookingNumber, newDocumentId } from '../lib/ids';
import { toKurus } from '../lib/money';
import { MINUTE } from '../lib/time';
import { detailToWire } from './booking-wire';
import { fieldError, lengthFor, orderOf, refusalOf, startMinuteOf } from './bookings';
import type { FacilityBundle } from './facilities';
import { notificationsToWire } from './notifications';
import { type BookedSlot, slotOfBooking } from './slots';

export interface StaffCreated {
  booking: BookingDetail;
  slot: BookedSlot;
  notifications: NotificationWire[];
  /** When the hold lapses, for the pitch's alarm; null when approved or when the kapora is already recorded. */
  expiresAt: number | null;
}

/** The history row's reason: 'Personel rezervasyonu · Telefon', and the override's reason when the rule was overridden. */
export function historyReasonOf(channel: StaffBookingInput['channel'], override: string | null): string {
  const line = `${staffBookingMsg.historyReason} · ${BOOKING_CHANNEL_LABELS[channel]}`;
  return override ? `${line} · ${staffBookingMsg.overrideLabel}: ${override}` : line;
}

/**
 * Checks, then writes in one D1 batch whose statements still write only while the slot is bookable (db/bookings.ts
 * insertStaffBooking): the booking, its customer, the history row and notification naming the staff member, the
 * kapora's payment row when it was received, the audit row, and the detail read back. Called inside the pitch's lock.
 * The check comes first here (unlike the public write, which reads it only on refusal) because the audit row and the
 * deposit's limit need the slot's hour and price; the write's own conditions still guard every statement.
 */
export async function createStaffBooking(
  deps: { db: Db; now: number },
  bundle: FacilityBundle,
  input: StaffBookingInput,
  actor: PublicUser,
): Promise<StaffCreated> {
  const { db, now } = deps;
  const f = bundle.facility;
  const minutes = lengthFor(f, input.duration);
  const rules = await storedRules(db, now);
  const order = orderOf(bundle, input);
  const slotRef = input.bookingSlot!;
  const check = await store.createCheck(db, slotRef, input.customerPhone, minutes);
  // Overriding applies only when the rule is on and the phone holds a live booking that day; otherwise the reason is moot.
  const overriding = rules.sameDayRule && Boolean(check?.sameDay) && input.sameDayOverrideReason !== null;
  const sameDayRule = rules.sameDayRule && !overriding;
  const refused = refusalOf(check, f, sameDayRule, now);
  if (refused || !check) throw refused;

  // Each covered slot's own price, summed (docs/behaviour.md#match-length).
  const total = check.rangePrice + order.price;
  const { deposit } = input;
  const paid = deposit.mode === 'received' ? toKurus(deposit.amount!) : 0;
  if (paid > total) throw fieldError(['deposit', 'amount'], staffBookingMsg.amountTooHigh);

  const approved = input.status === 'approved';
  const expiresAt = approved ? null : now + f.autoApprovalTimeout * MINUTE;
  const label = actorName(actor);
  const values = {
    documentId: newDocumentId(),
    facilityId: f.id,
    duration: minutes,
    ...order.columns,
    expiresAt,
    status: input.status,
    paymentStatus: 'pending',
    source: 'panel',
    channel: input.channel,
    createdById: actor.id,
    approvedById: approved ? actor.id : null,
    approvedAt: approved ? now : null,
    depositWaived: deposit.mode === 'waived',
    sameDayOverrideReason: overriding ? input.sameDayOverrideReason : null,
    // Outside bookings_one_live_per_phone_day when the rule is off or overridden (migration 0012).
    sameDayRule,
    createdAt: now,
    updatedAt: now,
  } as const;

  const write = (bookingNumber: string) =>
    store.insertStaffBooking(db, {
      slotRef,
      values: { ...values, bookingNumber },
      extrasPrice: order.price,
      depositAmount: deposit.mode === 'waived' ? 0 : depositFor(f, minutes),
      startMinute: startMinuteOf(f),
      pickupMinutesBefore: order.pickup ? order.pickup.minutesBefore : null,
      sameDayRule,
      now,
      notificationDocumentId: newDocumentId(),
      actorUserId: actor.id,
      actorLabel: label,
      historyReason: historyReasonOf(input.channel, overriding ? input.sameDayOverrideReason : null),
      also: (mine) => [
        ...(paid > 0
          ? [
              insertPayments(db, mine, {
                kind: 'deposit',
                amount: paid,
                method: deposit.method!,
                at: now,
                staffUserId: actor.id,
                staffName: label,
                note: null,
                documentId: newDocumentId(),
              }),
            ]
          : []),
        // Written only if the statement before wrote (the notification or the payment row, each only with the booking).
        recordAudit(
          db,
          {
            at: now,
            actor,
            entityId: values.documentId,
            event: {
              kind: 'booking.create',
              label: bookingNumber,
              facts: {
                facilityName: f.name,
                date: check.date,
                startTime: check.startTime,
                endTime: check.rangeEndTime,
                duration: minutes,
                startsAt: check.startsAt,
                channel: input.channel,
                status: input.status,
                deposit: deposit.mode,
                sameDayOverride: overriding,
              },
            },
          },
          { whenChanged: true },
        ),
      ],
    });

  const refusal = async (): Promise<ApiError> => {
    const again = await store.createCheck(db, slotRef, input.customerPhone, minutes);
    return refusalOf(again, f, sameDayRule, now) ?? conflict(msg.slotTaken, { slot: again?.documentId });
  };
  for (let attempt = 0; ; attempt++) {
    const bookingNumber = newBookingNumber();
    let written: Awaited<ReturnType<typeof write>>;
    try {
      written = await write(bookingNumber);
    } catch (e) {
      if (isUniqueRefusal(e, 'bookings.booking_number') && attempt < 3) continue;
      if (
        isUniqueRefusal(e, 'bookings.slot_id') ||
        isUniqueRefusal(e, 'booking_slot_claims.slot_id') ||
        isUniqueRefusal(e, 'bookings.customer_phone') ||
        isRangeRefusal(e)
      )
        throw await refusal();
      // A slot held for a waiting player's claim (docs/behaviour.md#waitlist).
      if (isHeldRefusal(e)) throw conflict(waitlistMsg.held);
      if (isClosedRefusal(e)) throw conflict(closureMsg.slotClosed);
      throw e;
    }
    if (!written?.detail) throw await refusal();
    const { detail, history, notifications } = written;
    return {
      booking: detailToWire(detail, history, now),
      slot: slotOfBooking({ ...detail.booking, slotDocumentId: check.documentId }, true),
      notifications: notificationsToWire(notifications),
      expiresAt: detail.booking.status === 'pending' ? detail.booking.expiresAt : null,
    };
  }
}
