// The panel's weekly calendar (behaviour.md#management-panel 'Weekly calendar'): slots with their live booking in full, one request a week.
import { msg } from '../../../contracts/messages';
import type { CalendarWire } from '../../../contracts/wire/calendar';
import { calendarRows } from '../db/calendar';
import type { Db } from '../db/client';
import { notFound } from '../lib/errors';
import { toTl } from '../lib/money';
import { isoInstant } from '../lib/time';
import { step } from '../lib/timing';
import { slotToWire } from './slots';

export async function staffCalendar(db: Db, ref: string, from: string, to: string, now: number): Promise<CalendarWire> {
  const found = await step('read', () => calendarRows(db, ref, from, to));
  if (!found) throw notFound(msg.facilityNotFound);
  const { facility: f, slots } = found;
  return {
    facility: {
      documentId: f.documentId,
      slug: f.slug,
      name: f.name,
      isActive: f.isActive,
      hourlyPrice: toTl(f.hourlyPrice),
      workingHours: f.workingHours,
    },
    from,
    to,
    slots: slots.map((r) => {
      const { closure, ...wire } = slotToWire(r, now);
      return {
        ...wire,
        // Staff see which closure holds a closed slot (docs/behaviour.md#closures), to lift it from the calendar.
        ...(closure ? { closure: { ...closure, documentId: r.closureDocumentId ?? '' } } : {}),
        startsAt: isoInstant(r.startsAt)!,
        waitlist: Number(r.waitlist ?? 0),
        // Staff see the booking in full: the whole name, the phone, payment and shuttle (the public shape hides them).
        booking:
          r.bookingStatus === null
            ? null
            : {
                documentId: r.bookingDocumentId!,
                bookingNumber: r.bookingNumber!,
                customerName: r.customerName ?? '',
                customerPhone: r.customerPhone ?? '',
                status: r.bookingStatus,
                paymentStatus: r.paymentStatus ?? 'pending',
                isSubscriber: r.isSubscriber === true,
                includesTransportation: r.includesTransportation === true,
                startTime: r.bookingStartTime ?? r.startTime,
                endTime: r.bookingEndTime ?? r.endTime,
                duration: r.bookingDuration ?? 0,
              },
      };
    }),
  };
}
