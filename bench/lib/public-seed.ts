// The public-API benches' private data: pitches open round the clock with 30 days of hourly slots, and bookings to
// track on one more pitch. Shared by `npm run bench` (bench/run.ts) and `npm run bench:profile` (bench/profile.ts).
import type { WorkingHours } from '../../worker/src/db/schema';
import { newBookingNumber, newDocumentId } from '../../worker/src/lib/ids';
import { addDays, istanbulToday } from '../../worker/src/lib/time';
import { planDay } from '../../worker/src/services/slots';

export const FACILITIES = 4;
const DAYS = 30;
const TRACKED = 500;
const allDay = (): WorkingHours => {
  const d = { isOpen: true, start: '00:00', end: '00:00' };
  return { monday: d, tuesday: d, wednesday: d, thursday: d, friday: d, saturday: d, sunday: d };
};
const q = (v: unknown) =>
  v === null ? 'NULL' : typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`;

export interface BenchData {
  slugs: string[];
  freeSlots: Array<{ facility: string; slot: string }>;
  bookingNumbers: string[];
}

/** Pitches open round the clock, 30 days of hourly slots each, and bookings to track on one more pitch. */
export function seedSql(): { sql: string; data: BenchData } {
  const today = istanbulToday();
  const lines: string[] = [];
  const data: BenchData = { slugs: [], freeSlots: [], bookingNumbers: [] };
  for (let p = 1; p <= FACILITIES + 1; p++) {
    const documentId = newDocumentId();
    const slug = `bench-saha-${p}`;
    const hours = allDay();
    lines.push(
      `insert into facilities (id, document_id, slug, name, hourly_price, deposit_amount, working_hours) values (${p}, ${q(documentId)}, ${q(slug)}, ${q(`Bench Saha ${p}`)}, 150000, 30000, ${q(JSON.stringify(hours))});`,
    );
    if (p <= FACILITIES) data.slugs.push(slug);
    const rows: string[] = [];
    for (let d = 1; d <= DAYS; d++) {
      for (const s of planDay(
        { workingHours: hours, bookingTimeType: 'hourly', startTimeOffset: 'full_hour' },
        addDays(today, d),
      )) {
        const slotDoc = newDocumentId();
        rows.push(
          `(${q(slotDoc)}, ${p}, ${q(s.date)}, ${q(s.startTime)}, ${q(s.endTime)}, ${s.startsAt}, ${s.endsAt}, 150000)`,
        );
        if (p <= FACILITIES) data.freeSlots.push({ facility: documentId, slot: slotDoc });
        else if (data.bookingNumbers.length < TRACKED) {
          const n = newBookingNumber();
          data.bookingNumbers.push(n);
          lines.push(`insert into bookings (document_id, booking_number, facility_id, customer_name, customer_phone, date, start_time, end_time, starts_at, slot_price, total_price, deposit_amount, status)
            values (${q(newDocumentId())}, ${q(n)}, ${p}, 'Bench Müşteri', ${q(`0555${String(data.bookingNumbers.length).padStart(7, '0')}`)}, ${q(s.date)}, ${q(s.startTime)}, ${q(s.endTime)}, ${s.startsAt}, 150000, 150000, 30000, 'approved');`);
        }
      }
    }
    for (let i = 0; i < rows.length; i += 200) {
      lines.push(
        `insert into booking_slots (document_id, facility_id, date, start_time, end_time, starts_at, ends_at, price) values ${rows.slice(i, i + 200).join(', ')};`,
      );
    }
  }
  // Link tracked bookings to their slots so they look like real ones.
  lines.push(
    `update bookings set slot_id = (select s.id from booking_slots s where s.facility_id = bookings.facility_id and s.date = bookings.date and s.start_time = bookings.start_time);`,
  );
  // Interleave pitches so concurrent creates spread over the four pitch objects.
  data.freeSlots.sort(() => Math.random() - 0.5);
  return { sql: lines.join('\n'), data };
}

/** A booking request for one free slot of the bench data, with a phone of its own (one live booking per phone and day). */
export function bookingBody(target: { facility: string; slot: string }, phone: number): string {
  return JSON.stringify({
    facility: target.facility,
    bookingSlot: target.slot,
    customerName: 'Bench Oyuncu',
    customerPhone: `05${String(phone).padStart(9, '0')}`,
  });
}
