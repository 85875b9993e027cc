// Customers with known bookings, written straight into D1 (the stats triggers run as for any write), for the customer
// list and detail tests.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { bookings, customers } from '../../worker/src/db/schema';
import { newDocumentId } from '../../worker/src/lib/ids';
import { addDays, db, istanbulToday } from './fixtures';

export type Status = 'pending' | 'approved' | 'rejected' | 'cancelled' | 'expired';
export interface Planned {
  day: number;
  status: Status;
  facilityId: number;
  time?: string;
  transport?: boolean;
  reason?: string;
}

let n = 0;
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const bookingNumber = () => {
  n++;
  let s = '';
  let v = n + Math.floor(Math.random() * 1e6) * 1000;
  for (let i = 0; i < 9; i++) {
    s += ALPHABET[v % 32];
    v = Math.floor(v / 32);
  }
  return `HSR${s}`;
};

export const startsAtOf = (date: string, time: string) => Date.parse(`${date}T${time}:00+03:00`);

export async function addCustomer(c: { name: string; phone: string; email?: string; subscriber?: boolean }) {
  return db()
    .insert(customers)
    .values({ name: c.name, phone: c.phone, email: c.email ?? null, isSubscriber: Boolean(c.subscriber) })
    .returning()
    .get();
}

/** Inserts the bookings of one customer (by phone). Prices: slot 1500 TL, shuttle 50 TL. */
export async function addBookings(customer: { id: number; name: string; phone: string }, planned: Planned[]) {
  const today = istanbulToday();
  for (const p of planned) {
    const date = addDays(today, p.day);
    const time = p.time ?? '20:00';
    await db()
      .insert(bookings)
      .values({
        documentId: newDocumentId(),
        bookingNumber: bookingNumber(),
        facilityId: p.facilityId,
        customerId: customer.id,
        customerName: customer.name,
        customerPhone: customer.phone,
        date,
        startTime: time,
        endTime: `${String(Number(time.slice(0, 2)) + 1).padStart(2, '0')}:00`,
        startsAt: startsAtOf(date, time),
        slotPrice: 150_000,
        includesTransportation: Boolean(p.transport),
        transportationPrice: p.transport ? 5_000 : 0,
        totalPrice: 150_000 + (p.transport ? 5_000 : 0),
        status: p.status,
        cancellationReason: p.status === 'cancelled' ? (p.reason ?? 'Müşteri tarafından iptal edildi') : null,
        rejectionReason: p.status === 'rejected' ? (p.reason ?? 'Kapora gelmedi') : null,
      });
  }
}

export async function storedRow(customerId: number) {
  return env.DB.prepare('select * from customer_stats where customer_id = ?').bind(customerId).first();
}

export const customerById = (id: number) => db().select().from(customers).where(eq(customers.id, id)).get();
