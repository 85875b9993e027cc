// The panel's weekly calendar (behaviour.md#management-panel 'Weekly calendar'): a pitch and its slots with their live booking in full.
import { eq, sql } from 'drizzle-orm';
import type { Db } from './client';
import { facilityIdOf } from './facility-ref';
import { bookings, facilities } from './schema';
import { liveSlots } from './slots';

// The booking's document_id is aliased: in a D1 batch drizzle matches columns by name, and the slot has one too.
const bookingColumns = {
  bookingDocumentId: sql<string | null>`${bookings.documentId}`.as('booking_document_id'),
  bookingNumber: bookings.bookingNumber,
  customerPhone: bookings.customerPhone,
  paymentStatus: bookings.paymentStatus,
  includesTransportation: bookings.includesTransportation,
};

export async function calendarRows(db: Db, ref: string, from: string, to: string) {
  const [[facility], slots] = await db.batch([
    db
      .select({
        documentId: facilities.documentId,
        slug: facilities.slug,
        name: facilities.name,
        isActive: facilities.isActive,
        workingHours: facilities.workingHours,
        hourlyPrice: facilities.hourlyPrice,
      })
      .from(facilities)
      .where(eq(facilities.id, facilityIdOf(db, ref))),
    liveSlots(db, facilityIdOf(db, ref), from, to, bookingColumns),
  ]);
  return facility ? { facility, slots } : null;
}
