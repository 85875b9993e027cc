// The panel's weekly calendar (02 §2 'Weekly calendar'): slots with their live booking in full, one request a week.
import { msg } from '../../../contracts/messages';
import { notFound } from '../lib/errors';
import { toTl } from '../lib/money';
import { isoInstant } from '../lib/time';
import { facilityWhere } from './facility-ref';
import { slotToWire, type SlotRow } from './slots';

interface CalendarRow extends SlotRow {
  b_document_id: string | null;
  booking_number: string | null;
  customer_phone: string | null;
  payment_status: string | null;
  includes_transportation: number | null;
}

export async function staffCalendar(d1: D1Database, ref: string, from: string, to: string, now: number) {
  const [facilityRes, slotRes] = await d1.batch([
    d1.prepare(`select document_id, slug, name, is_active, working_hours, hourly_price from facilities where ${facilityWhere}`).bind(ref),
    d1.prepare(
      `select s.id, s.document_id, s.date, s.start_time, s.end_time, s.starts_at, s.price,
         b.status as booking_status, b.customer_name, b.is_subscriber, b.document_id as b_document_id, b.booking_number,
         b.customer_phone, b.payment_status, b.includes_transportation
       from booking_slots s
       left join bookings b on b.slot_id = s.id and b.status in ('pending', 'approved')
       where s.facility_id = (select id from facilities where ${facilityWhere}) and s.date between ?2 and ?3
       order by s.date, s.starts_at`,
    ).bind(ref, from, to),
  ]);
  const f = facilityRes.results[0] as Record<string, unknown> | undefined;
  if (!f) throw notFound(msg.facilityNotFound);
  return {
    facility: {
      documentId: f.document_id as string,
      slug: f.slug as string,
      name: f.name as string,
      isActive: f.is_active === 1,
      hourlyPrice: toTl(f.hourly_price as number),
      workingHours: JSON.parse(f.working_hours as string) as Record<string, unknown>,
    },
    from,
    to,
    slots: (slotRes.results as unknown as CalendarRow[]).map((r) => ({
      ...slotToWire(r, now),
      startsAt: isoInstant(r.starts_at)!,
      // Staff see the booking in full: the whole name, the phone, payment and shuttle (the public shape hides them).
      booking:
        r.booking_status === null
          ? null
          : {
              documentId: r.b_document_id!,
              bookingNumber: r.booking_number!,
              customerName: r.customer_name ?? '',
              customerPhone: r.customer_phone ?? '',
              status: r.booking_status,
              paymentStatus: r.payment_status,
              isSubscriber: r.is_subscriber === 1,
              includesTransportation: r.includes_transportation === 1,
            },
    })),
  };
}
export type CalendarWire = Awaited<ReturnType<typeof staffCalendar>>;
