// The bookings a forced delete of a pitch would cancel: pending or approved, not started (the same rule as the delete's
// own count in db/facility-admin.ts), soonest first. Index-bound: bookings(facility_id, starts_at) narrows it.
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db } from './client';
import { bookings } from './schema';
import { isLive } from './sql';

export function activeBookingsAhead(db: Db, facilityId: number, now: number) {
  return db
    .select({
      documentId: bookings.documentId,
      bookingNumber: bookings.bookingNumber,
      status: bookings.status,
      customerName: bookings.customerName,
      customerPhone: bookings.customerPhone,
      date: bookings.date,
      startTime: bookings.startTime,
      endTime: bookings.endTime,
      startsAt: bookings.startsAt,
      depositAmount: bookings.depositAmount,
      collected: bookings.collected,
      paymentStatus: bookings.paymentStatus,
      isSubscriber: bookings.isSubscriber,
    })
    .from(bookings)
    .where(and(eq(bookings.facilityId, facilityId), isLive(bookings.status), gt(bookings.startsAt, now)))
    .orderBy(asc(bookings.startsAt), asc(bookings.id))
    .all();
}
