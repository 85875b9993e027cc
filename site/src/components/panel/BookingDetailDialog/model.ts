import type { InferResponseType } from 'hono/client';
import { msg } from '../../../../../contracts/messages';
import type { client } from '../../../lib/api';

export type BookingDetail = InferResponseType<(typeof client.api.bookings)[':id']['$get'], 200>['data'];

// Texts of behaviour.md#management-panel 'Booking detail dialog' and #error-messages 'Bookings'.
export const UNKNOWN_CUSTOMER = 'Bilinmeyen Müşteri';
export const NO_FACILITY = 'Saha bilgisi yok';
export const NO_DATE = 'Tarih yok';
export const LOAD_FAILED = 'Rezervasyon bilgileri yüklenemedi';
export const APPROVE_FAILED = msg.approveFailed;
export const REJECT_FAILED = msg.rejectFailed;
export const CANCEL_FAILED = msg.cancelFailedStaff;
/** What an anonymised booking shows instead of the stored hash. */
export const HIDDEN_PHONE = 'Gizlendi (KVKK)';
/** After approve or reject the dialog shows the new status, then closes (behaviour.md#management-panel: about 0.8 s). */
export const CLOSE_AFTER_MS = 800;

/** What the dialog can be doing; one at a time, and each button names its own while it runs. */
export type BookingAction = 'approve' | 'reject' | 'cancel' | 'notes' | 'anonymise' | 'payment';
export type Busy = BookingAction | null;

export const isHiddenPhone = (phone: string | null | undefined) => Boolean(phone?.startsWith('#'));

export const customerOf = (b: BookingDetail) => b.customerName?.trim() || UNKNOWN_CUSTOMER;
export const dateOf = (b: BookingDetail) => b.bookingSlot?.date ?? b.date ?? null;
/** The slot's start as a person reads it: the real calendar date of an after-midnight hour (its business day follows). */
export const startOf = (b: BookingDetail) => ({
  date: dateOf(b)!,
  startTime: b.bookingSlot?.startTime ?? b.startTime,
  startsAt: b.startsAt,
});
export const timeOf = (b: BookingDetail) => {
  const start = b.bookingSlot?.startTime ?? b.startTime;
  const end = b.bookingSlot?.endTime ?? b.endTime;
  return start ? (end ? `${start}–${end}` : start) : '';
};

// What a history row says happened and who did it, rendered by the one module of event texts.
export { historyActor, historyLabel as historyTitle } from '../../../../../contracts/events';
