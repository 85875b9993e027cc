// The panel's weekly calendar (behaviour.md#management-panel 'Weekly calendar'): a pitch and its slots with their live booking in full.
import { eq, sql } from 'drizzle-orm';
import type { Db } from './client';
import { facilityIdOf } from './facility-ref';
import { bookings, facilities, slots } from './schema';
import { liveSlots } from './slots';

// The booking's document_id is aliased: in a D1 batch drizzle matches columns by name, and the slot has one too.
const bookingColumns = {
  bookingDocumentId: sql<string | null>`${bookings.documentId}`.as('booking_document_id'),
  bookingNumber: bookings.bookingNumber,
  customerPhone: bookings.customerPhone,
  paymentStatus: bookings.paymentStatus,
  includesTransportation: bookings.includesTransportation,
  // The booking's own range, aliased like the document_id: every slot it covers shows it (docs/behaviour.md#match-length).
  bookingStartTime: sql<string | null>`${bookings.startTime}`.as('booking_start_time'),
  bookingEndTime: sql<string | null>`${bookings.endTime}`.as('booking_end_time'),
  bookingDuration: sql<number | null>`${bookings.duration}`.as('booking_duration'),
  // The live waitlist of the slot's start (docs/behaviour.md#waitlist): its slot entries, the waiting window entries that
  // include this pitch and start, and a window entry holding it here.
  waitlist: sql<number>`((select count(*) from waitlist_entries w where w.facility_id = ${slots.facilityId}
      and w.date = ${slots.date} and w.from_time = ${slots.startTime} and w.status in ('waiting', 'offered'))
    + (select count(*) from waitlist_entries w where w.kind = 'window' and w.date = ${slots.date} and ((w.status = 'waiting'
      and exists (select 1 from json_each(w.facility_ids) j where j.value = ${slots.facilityId})
      and case when w.from_time < w.to_time then ${slots.startTime} >= w.from_time and ${slots.startTime} < w.to_time
        else ${slots.startTime} >= w.from_time or ${slots.startTime} < w.to_time end)
      or (w.status = 'offered' and w.offer_slot_id = ${slots.id}))))`.as('waitlist'),
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
