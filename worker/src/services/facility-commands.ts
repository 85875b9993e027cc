// Every change to a pitch's slots goes through that pitch's Durable Object, which serialises them (behaviour.md#bookings). These find
// the pitch and call its object; the object runs services/bookings.ts and services/staff-bookings.ts under its lock.
import type { PublicUser } from '../../../contracts/auth';
import type { CreateBookingInput } from '../../../contracts/bookings';
import type { ApproveDeposit, DepositDecisionInput, RecordPaymentInput } from '../../../contracts/payment-input';
import type { StaffBookingInput } from '../../../contracts/staff-booking';
import type { CreateSubscriptionInput, SubscriptionAnswerWire } from '../../../contracts/subscriptions';
import type { BookingDetail, BookingWire } from '../../../contracts/wire/booking';
import { getDb } from '../db/client';
import { unwrap } from '../lib/errors';
import { toKurus } from '../lib/money';
import { step } from '../lib/timing';
import { facilityOfBookingNumber } from './bookings';
import { facilityStub, resolveFacilityId } from './facility-ref';
import { facilityOfBooking } from './staff-bookings';

export async function bookSlot(env: Env, input: CreateBookingInput): Promise<BookingWire> {
  const facilityId = await step('facility', () => resolveFacilityId(env.DB, input.facility!));
  return unwrap(await step('pitch', async () => await facilityStub(env, facilityId).createBooking(facilityId, input)));
}

/** A subscription's weeks, booked by staff through the pitch's object (behaviour.md#subscriptions). */
export async function bookSubscription(
  env: Env,
  input: CreateSubscriptionInput,
  actor: PublicUser,
): Promise<SubscriptionAnswerWire> {
  const facilityId = await resolveFacilityId(env.DB, input.facility);
  return unwrap(await facilityStub(env, facilityId).createSubscription(facilityId, input, actor));
}

export async function cancelByNumber(
  env: Env,
  bookingNumber: string,
  reason: string | null,
  customerPhone?: string,
): Promise<BookingWire> {
  const facilityId = await facilityOfBookingNumber(getDb(env.DB), bookingNumber, customerPhone);
  return unwrap(await facilityStub(env, facilityId).cancelBooking(facilityId, bookingNumber, reason, customerPhone));
}

/** The facility a booking belongs to (documentId or booking number), and that facility's object. */
async function facilityObjectOf(env: Env, ref: string) {
  const facilityId = await facilityOfBooking(getDb(env.DB), ref);
  return { facilityId, stub: facilityStub(env, facilityId) };
}

export async function approve(
  env: Env,
  ref: string,
  actor: PublicUser,
  note: string | null,
  deposit?: ApproveDeposit,
): Promise<BookingDetail> {
  const { facilityId, stub } = await facilityObjectOf(env, ref);
  // The kapora that arrived with the approval, as its payment row (behaviour.md#bookings 'Payments').
  const receipt = deposit
    ? { kind: 'deposit' as const, amount: toKurus(deposit.amount), method: deposit.method, note: null }
    : null;
  return unwrap(await stub.approveBooking(facilityId, ref, actor, note, receipt));
}

export async function reject(
  env: Env,
  ref: string,
  actor: PublicUser,
  reason: string,
  deposit?: DepositDecisionInput,
): Promise<BookingDetail> {
  const { facilityId, stub } = await facilityObjectOf(env, ref);
  return unwrap(await stub.rejectBooking(facilityId, ref, actor, reason, deposit ?? null));
}

export async function cancelByStaff(
  env: Env,
  ref: string,
  actor: PublicUser,
  reason: string,
  deposit?: DepositDecisionInput,
): Promise<BookingDetail> {
  const { facilityId, stub } = await facilityObjectOf(env, ref);
  return unwrap(await stub.staffCancelBooking(facilityId, ref, actor, reason, deposit ?? null));
}

/** A payment row through the booking's pitch object (api.md 'POST /bookings/{id}/payments'). */
export async function recordPayment(
  env: Env,
  ref: string,
  actor: PublicUser,
  input: RecordPaymentInput,
): Promise<BookingDetail> {
  const { facilityId, stub } = await facilityObjectOf(env, ref);
  return unwrap(await stub.recordPayment(facilityId, ref, actor, input));
}

export async function reversePayment(
  env: Env,
  ref: string,
  paymentId: number,
  actor: PublicUser,
  reason: string,
): Promise<BookingDetail> {
  const { facilityId, stub } = await facilityObjectOf(env, ref);
  return unwrap(await stub.reversePayment(facilityId, ref, paymentId, actor, reason));
}

/** A booking staff take for a free slot (behaviour.md#bookings 'Staff bookings'), through the pitch's object. */
export async function bookByStaff(env: Env, input: StaffBookingInput, actor: PublicUser): Promise<BookingDetail> {
  const facilityId = await resolveFacilityId(env.DB, input.facility!);
  return unwrap(await facilityStub(env, facilityId).createStaffBooking(facilityId, input, actor));
}
