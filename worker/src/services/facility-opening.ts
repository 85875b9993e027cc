// Two panel helpers around a pitch's life (docs/behaviour.md#management-panel 'Pitches'): a new pitch is bookable at
// once (its slot horizon generated when it is created, not at the next hourly cron), and a forced delete first lists
// the bookings it would cancel.
import { realStart } from '../../../contracts/slot-start';
import type { ActiveBookingWire, OpenedFacility } from '../../../contracts/wire/active-bookings';
import { activeBookingsAhead } from '../db/active-bookings';
import { getDb } from '../db/client';
import { effectiveRules } from '../lib/booking-rules';
import { toTl } from '../lib/money';
import { facilityStub, resolveFacility } from './facility-ref';
import { isAnonymisedPhone } from './staff-bookings';

/**
 * Generates the new pitch's horizon through its object, as the hourly cron does (worker/src/scheduled.ts). An
 * inactive new pitch is generated too: its slots stay hidden until it is activated, which then takes effect at once.
 * The pitch is already stored: a failure here is logged and the cron fills the horizon within the hour.
 */
export async function openNewFacility(env: Env, facilityId: number): Promise<OpenedFacility> {
  const { slotHorizonDays } = await effectiveRules(env);
  try {
    const result = await facilityStub(env, facilityId).ensureHorizon(facilityId, slotHorizonDays);
    if (result.ok) return { slotsCreated: result.value.created, horizonDays: slotHorizonDays };
    console.error('new facility horizon', facilityId, result);
  } catch (e) {
    console.error('new facility horizon', facilityId, e);
  }
  return { slotsCreated: 0, horizonDays: slotHorizonDays };
}

/** GET /api/facilities/:ref/active-bookings: what a forced delete would cancel, soonest first. */
export async function activeBookingsOf(env: Env, ref: string, now = Date.now()): Promise<ActiveBookingWire[]> {
  const f = await resolveFacility(env.DB, ref);
  const rows = await activeBookingsAhead(getDb(env.DB), f.id, now);
  return rows.map((r) => ({
    documentId: r.documentId,
    bookingNumber: r.bookingNumber,
    status: r.status as ActiveBookingWire['status'],
    customerName: r.customerName,
    customerPhone: isAnonymisedPhone(r.customerPhone) ? null : r.customerPhone,
    date: r.date,
    calendarDate: realStart(r).calendarDate,
    startTime: r.startTime,
    endTime: r.endTime,
    startsAt: new Date(r.startsAt).toISOString(),
    depositAmount: toTl(r.depositAmount),
    collected: toTl(r.collected),
    paymentStatus: r.paymentStatus,
    isSubscriber: r.isSubscriber,
  }));
}
