// The new-booking form's model (behaviour.md#bookings 'Staff bookings'): its values, the request they make, the
// checks the server runs too (contracts/staff-booking.ts), the total and the same-day refusal read from an answer.
// Pure functions: the dialog holds the state, the tests drive these directly.
import { depositFor, fittingLengths, offeredLengths, slotsIn } from '../../../../../contracts/match-length';
import {
  BOOKING_CHANNEL_LABELS,
  BOOKING_CHANNELS,
  type BookingChannel,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type PaymentMethod,
} from '../../../../../contracts/payments';
import {
  DEPOSIT_MODE_LABELS,
  DEPOSIT_MODES,
  type DepositMode,
  STAFF_BOOKING_STATUS_LABELS,
  STAFF_BOOKING_STATUSES,
  type StaffBookingFields,
  type StaffBookingStatus,
  staffBookingSchema,
} from '../../../../../contracts/staff-booking';
import type { SameDayBookingWire } from '../../../../../contracts/wire/booking';
import type { FacilityWire } from '../../../../../contracts/wire/facility';
import type { SlotWire } from '../../../../../contracts/wire/slot';
import { ApiRequestError } from '../../../lib/errors';

export interface NewBookingValues {
  /** The pitch's documentId. */
  facility: string;
  /** The business day, YYYY-MM-DD. */
  date: string;
  /** The chosen slot's documentId. */
  slot: string;
  /** The match length in minutes (docs/behaviour.md#match-length); null: the shortest that fits from the hour. */
  duration: number | null;
  customerName: string;
  customerPhone: string;
  notes: string;
  includesTransportation: boolean;
  pickupPointId: string;
  /** Add-on id → quantity; 0 or absent: not taken. */
  addons: Record<number, number>;
  channel: BookingChannel;
  status: StaffBookingStatus;
  depositMode: DepositMode;
  /** TL as typed ('250' or '250,50'). */
  depositAmount: string;
  depositMethod: PaymentMethod;
  /** Filled only after the same-day refusal. */
  overrideReason: string;
}

export interface Prefill {
  facility?: string;
  date?: string;
  slot?: string;
}

/**
 * A new form: a phone booking approved at once with the deposit due is what the desk takes most, so those are the
 * defaults; a calendar cell fills the pitch, the day and the hour.
 */
export function initialValues(prefill: Prefill = {}, today = ''): NewBookingValues {
  return {
    facility: prefill.facility ?? '',
    date: prefill.date ?? today,
    slot: prefill.slot ?? '',
    duration: null,
    customerName: '',
    customerPhone: '',
    notes: '',
    includesTransportation: false,
    pickupPointId: '',
    addons: {},
    channel: 'phone',
    status: 'approved',
    depositMode: 'due',
    depositAmount: '',
    depositMethod: 'cash',
    overrideReason: '',
  };
}

export const CHANNEL_OPTIONS = BOOKING_CHANNELS.map((v) => ({ value: v, label: BOOKING_CHANNEL_LABELS[v] }));
export const STATUS_OPTIONS = STAFF_BOOKING_STATUSES.map((v) => ({ value: v, label: STAFF_BOOKING_STATUS_LABELS[v] }));
export const DEPOSIT_OPTIONS = DEPOSIT_MODES.map((v) => ({ value: v, label: DEPOSIT_MODE_LABELS[v] }));
export const METHOD_OPTIONS = PAYMENT_METHODS.map((v) => ({ value: v, label: PAYMENT_METHOD_LABELS[v] }));

/** The request body the values make; the server prices everything itself. */
export function requestOf(v: NewBookingValues): StaffBookingFields {
  return {
    facility: v.facility,
    bookingSlot: v.slot,
    ...(v.duration ? { duration: v.duration } : {}),
    customerName: v.customerName,
    customerPhone: v.customerPhone,
    notes: v.notes,
    includesTransportation: v.includesTransportation,
    transportationDetails: v.includesTransportation ? { pickupPointId: v.pickupPointId || null } : null,
    addons: Object.entries(v.addons)
      .filter(([, q]) => q > 0)
      .map(([id, quantity]) => ({ id: Number(id), quantity })),
    channel: v.channel,
    status: v.status,
    deposit:
      v.depositMode === 'received'
        ? { mode: 'received', amount: v.depositAmount, method: v.depositMethod }
        : { mode: v.depositMode },
    sameDayOverrideReason: v.overrideReason.trim() || null,
  };
}

/** The form's field keys, as the errors are filed under them (a path of the request, dotted). */
export type FieldErrors = Record<string, string>;

/** The checks the server runs, before sending: errors by field, empty when the form may be sent. */
export function validate(v: NewBookingValues, facility: FacilityWire | null): FieldErrors {
  const errors: FieldErrors = {};
  if (!v.facility) errors.facility = 'Saha seçin';
  if (!v.slot) errors.bookingSlot = 'Boş bir saat seçin';
  const parsed = staffBookingSchema.safeParse(requestOf(v));
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const key = issue.path.join('.');
      errors[key] ??= issue.message;
    }
  if (
    v.includesTransportation &&
    facility &&
    facility.transportationService.pickupPoints.length > 0 &&
    !v.pickupPointId
  )
    errors['transportationDetails.pickupPointId'] ??= 'Alınış noktası seçin';
  return errors;
}

/** The errors a refusal names by field (details.errors), filed like validate's. */
export function serverErrors(e: unknown): FieldErrors {
  if (!(e instanceof ApiRequestError)) return {};
  const list = (e.details.errors ?? []) as { path?: (string | number)[]; message?: string }[];
  const out: FieldErrors = {};
  for (const item of list) if (item.path && item.message) out[item.path.join('.')] ??= item.message;
  return out;
}

/** The booking the phone already holds that day, when the answer is the same-day refusal. */
export function sameDayOf(e: unknown): SameDayBookingWire | null {
  if (!(e instanceof ApiRequestError) || e.status !== 409) return null;
  const existing = (e.details as { existingBooking?: SameDayBookingWire }).existingBooking;
  return existing ?? null;
}

/** The hours staff may book: free and still ahead. */
export const freeSlots = (slots: readonly SlotWire[]) => slots.filter((s) => s.isAvailable && !s.isPast);

/** The pitch's match-length rules as the wire gives them (read so while a server without them may answer). */
type LengthFacility = Pick<FacilityWire, 'bookingTimeType' | 'startTimeOffset' | 'depositAmount'> & {
  matchLengths?: number[];
  halfHourStarts?: boolean;
  depositPerHour?: boolean;
};
const rulesOf = (f: LengthFacility) => ({
  bookingTimeType: f.bookingTimeType,
  startTimeOffset: f.startTimeOffset,
  matchLengths: f.matchLengths ?? [],
  halfHourStarts: f.halfHourStarts ?? true,
  depositPerHour: f.depositPerHour ?? false,
});

/** Whether the pitch offers more than one match length: then the form asks for one after the hour. */
export const offersLengths = (f: LengthFacility | null) => Boolean(f && offeredLengths(rulesOf(f)).length > 1);

/**
 * The lengths a match may have from the hour `slotId` of the day's slots (contracts/match-length.ts, the server's own
 * rule): each covered slot free and back to back. Empty when the hour cannot start one.
 */
export function lengthsFrom(f: LengthFacility | null, day: readonly SlotWire[], slotId: string): number[] {
  if (!f) return [];
  const i = day.findIndex((s) => s.documentId === slotId);
  if (i === -1) return [];
  const line = day.map((s) => ({ startsAt: Date.parse(s.startsAt), free: s.isAvailable && !s.isPast }));
  return fittingLengths(rulesOf(f), line, i, day[i].startTime.slice(0, 5));
}

/** The slots a match of `minutes` from `slotId` covers (one when no length is named). */
export function spanFrom(
  f: LengthFacility | null,
  day: readonly SlotWire[],
  slotId: string,
  minutes: number | null,
): SlotWire[] {
  const i = day.findIndex((s) => s.documentId === slotId);
  if (!f || i === -1) return [];
  return day.slice(i, i + (minutes ? slotsIn(rulesOf(f), minutes) : 1));
}

/** TL: the match (its covered slots' own prices, or the one slot's), the shuttle when taken, the add-ons. */
export function totalOf(
  v: NewBookingValues,
  facility: FacilityWire | null,
  slot: SlotWire | null,
  span: readonly SlotWire[] = slot ? [slot] : [],
): number {
  if (!facility || !slot) return 0;
  const shuttle = v.includesTransportation ? facility.transportationService.price : 0;
  const extras = facility.addons.reduce((sum, a) => sum + a.price * (v.addons[a.id] ?? 0), 0);
  const field = span.length ? span.reduce((sum, s) => sum + s.price, 0) : slot.price;
  return field + shuttle + extras;
}

/** The deposit the booking asks for: the pitch's (per hour of the match when it says so), none when waived. */
export const depositOf = (v: NewBookingValues, facility: FacilityWire | null, minutes: number | null = null) =>
  v.depositMode === 'waived' || !facility
    ? 0
    : minutes
      ? depositFor(
          {
            depositPerHour: (facility as LengthFacility).depositPerHour ?? false,
            depositAmount: Math.round(facility.depositAmount * 100),
          },
          minutes,
        ) / 100
      : facility.depositAmount;
