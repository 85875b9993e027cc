// 'Rezervasyonlarım' (behaviour.md#public-site): the live status of the booking numbers a device keeps. The answer is
// the status and payment status of each number that is a booking, nothing else: no name, no phone, no pitch, no time.
import { inArray } from 'drizzle-orm';
import type { BookingStatusWire } from '../../../contracts/device-bookings';
import type { Db } from '../db/client';
import { bookings } from '../db/schema';

export async function statusesByNumbers(db: Db, numbers: string[]): Promise<BookingStatusWire[]> {
  const rows = await db
    .select({ bookingNumber: bookings.bookingNumber, status: bookings.status, paymentStatus: bookings.paymentStatus })
    .from(bookings)
    .where(inArray(bookings.bookingNumber, numbers));
  // In the order asked, so the device list and the answer line up.
  const found = new Map(rows.map((r) => [r.bookingNumber, r]));
  return numbers.flatMap((n) => {
    const r = found.get(n);
    return r ? [{ bookingNumber: r.bookingNumber, status: r.status, paymentStatus: r.paymentStatus }] : [];
  });
}
