// What a phone-holder can and cannot do: the same-day warning shows only a masked booking, cancelling
// needs the full number, guessing it is bounded per phone, and public input never rewrites or reveals a customer record.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { newDocumentId } from '../../worker/src/lib/ids';
import {
  addDays,
  api,
  type BookingAnswer,
  createFacility,
  createSlots,
  expectError,
  freshPhone,
  type Invalid,
  istanbulToday,
  json,
  postBooking,
  type SubscriptionInfoAnswer,
  slotAt,
} from './fixtures';

const day = (n: number) => addDays(istanbulToday(), n);
const statusOf = async (bookingNumber: string) =>
  (await env.DB.prepare('select status from bookings where booking_number = ?')
    .bind(bookingNumber)
    .first<{ status: string }>())!.status;

async function pitch() {
  const f = await createFacility();
  await createSlots(f, 0, 4);
  return f;
}

/** A booking held by 'Barış Aksoy' on day 3, and the same phone typed into another pitch's form that day. */
async function heldDay() {
  const a = await pitch();
  const b = await pitch();
  const phone = freshPhone();
  const res = await postBooking({
    facility: a.documentId,
    bookingSlot: (await slotAt(a.id, day(3), '18:00')).document_id,
    customerName: 'Barış Aksoy',
    customerPhone: phone,
    customerEmail: 'baris.aksoy@example.com',
    notes: 'Gizli not',
  });
  expect(res.status).toBe(201);
  const held = (await json<BookingAnswer>(res)).data;
  return { a, b, phone, held };
}

const cancel = (bookingNumber: string, body: Record<string, unknown>) =>
  api(`/api/bookings/cancel/${bookingNumber}`, { method: 'POST', json: body });

/** A wrong guess of a valid shape: never the held number. */
const guess = (held: string, i: number) => {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let out = 'HSR';
  for (let k = 0; k < 6; k++) out += alphabet[(i * 7 + k * 13 + 5) % alphabet.length];
  const candidate = out + held.slice(-3);
  return candidate === held ? 'HSR' + 'Z'.repeat(6) + held.slice(-3) : candidate;
};

describe('the same-day warning gives nothing away', () => {
  it('the raw 409 carries pitch, date, hour, status, "Barış A." and the number masked to its last 3 characters only', async () => {
    const { a, b, phone, held } = await heldDay();
    const res = await postBooking({
      facility: b.documentId,
      bookingSlot: (await slotAt(b.id, day(3), '21:00')).document_id,
      customerName: 'Yabancı Biri',
      customerPhone: phone,
    });
    expect(res.status).toBe(409);
    const raw = await res.text();
    const body = JSON.parse(raw);
    expect(body.error.message).toBe('Aynı gün için bekleyen bir rezervasyonunuz bulunmaktadır');
    expect(body.error.details.existingBooking).toEqual({
      bookingNumberMasked: `HSR••••••${held.bookingNumber.slice(-3)}`,
      customerName: 'Barış A.',
      facility: a.name,
      date: day(3),
      time: '18:00',
      endTime: '19:00',
      startsAt: new Date(`${day(3)}T18:00:00+03:00`).toISOString(),
      status: 'pending',
    });
    // Nothing else leaves the server: not the number (in any case), the surname, the phone, the e-mail or the notes.
    expect(raw).not.toContain(held.bookingNumber);
    expect(raw.toUpperCase()).not.toContain(held.bookingNumber.slice(3, 9));
    for (const secret of ['Aksoy', phone, phone.slice(1), 'baris.aksoy@example.com', 'Gizli not'])
      expect(raw).not.toContain(secret);
  });

  it("cancelling from the warning needs the full number of that phone's booking; a wrong one is refused and changes nothing", async () => {
    const { phone, held } = await heldDay();
    const wrong = await expectError<Invalid>(await cancel(guess(held.bookingNumber, 1), { customerPhone: phone }), 400);
    expect(wrong.message).toBe(
      'Girdiğiniz numara bu rezervasyonla eşleşmiyor. Onay ekranındaki veya takip sayfasındaki rezervasyon numarasının tamamını girin.',
    );
    expect(wrong.details.errors).toEqual([{ path: ['bookingNumber'], message: wrong.message }]);
    // The right number with someone else's phone is refused the same way.
    expect((await expectError(await cancel(held.bookingNumber, { customerPhone: freshPhone() }), 400)).message).toBe(
      wrong.message,
    );
    expect(await statusOf(held.bookingNumber)).toBe('pending');
    // A masked number is not a number.
    expect((await cancel(`HSR••••••${held.bookingNumber.slice(-3)}`, { customerPhone: phone })).status).toBe(400);
    expect(await statusOf(held.bookingNumber)).toBe('pending');
    // The full number and the phone: cancelled, and the day is free again.
    const ok = await cancel(held.bookingNumber, { customerPhone: phone, reason: 'Müşteri tarafından iptal edildi' });
    expect(ok.status).toBe(200);
    expect(await statusOf(held.bookingNumber)).toBe('cancelled');
  });

  it('wrong numbers count against the phone being targeted: after the per-target limit even the right number is refused (429)', async () => {
    const { phone, held } = await heldDay();
    const limit = Number(env.RATE_LIMIT_LOOKUP_PER_TARGET);
    // Each guess is a different number, so only the count kept for the phone can stop the guessing.
    for (let i = 0; i < limit; i++) {
      const res = await cancel(guess(held.bookingNumber, i + 10), { customerPhone: phone });
      expect(res.status).toBe(400);
      await res.body?.cancel();
    }
    expect((await expectError(await cancel(held.bookingNumber, { customerPhone: phone }), 429)).message).toBe(
      'Çok fazla deneme yaptınız. Lütfen birkaç dakika sonra tekrar deneyin.',
    );
    expect(await statusOf(held.bookingNumber)).toBe('pending');
  });

  it("no route cancels on a bare phone: a phone in the number's place is refused", async () => {
    const { phone, held } = await heldDay();
    expect((await cancel(phone, {})).status).toBe(400);
    expect((await cancel(phone, { customerPhone: phone })).status).toBe(400);
    expect((await api('/api/bookings/cancel/', { method: 'POST', json: { customerPhone: phone } })).status).toBe(404);
    expect(await statusOf(held.bookingNumber)).toBe('pending');
  });
});

/** A subscriber with a stored name, e-mail and private notes on a weekly booking. */
async function subscriber() {
  const f = await pitch();
  const phone = freshPhone();
  await env.DB.prepare(
    "insert into customers (phone, name, email, is_subscriber) values (?, 'Emre Kaya', 'emre.kaya@example.com', 1)",
  )
    .bind(phone)
    .run();
  const slot = await slotAt(f.id, day(2), '21:00');
  await env.DB.prepare(
    `insert into bookings (document_id, booking_number, facility_id, slot_id, customer_id, customer_name, customer_phone, customer_email, notes,
       date, start_time, end_time, starts_at, slot_price, total_price, status, payment_status, is_subscriber, is_recurring, recurring_group_id, source)
     values (?, ?, ?, ?, (select id from customers where phone = ?5), 'Emre Kaya', ?5, 'emre.kaya@example.com', 'Kapı şifresi 4321',
       ?, '21:00', '22:00', ?, 150000, 150000, 'approved', 'paid', 1, 1, 'grup-1', 'subscription')`,
  )
    .bind(
      newDocumentId(),
      `HSRSUB${Array.from({ length: 6 }, () => 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[Math.floor(Math.random() * 32)]).join('')}`,
      f.id,
      slot.id,
      phone,
      day(2),
      slot.starts_at,
    )
    .run();
  return { f, phone };
}

describe('a phone is not an identity', () => {
  it("a public booking with a subscriber's phone never rewrites the stored name or e-mail", async () => {
    const { f, phone } = await subscriber();
    const res = await postBooking({
      facility: f.documentId,
      bookingSlot: (await slotAt(f.id, day(4), '20:00')).document_id,
      customerName: 'Yabancı Kişi',
      customerPhone: phone,
      customerEmail: 'yabanci@example.com',
    });
    expect(res.status).toBe(201);
    expect((await json<BookingAnswer>(res)).data.customerName).toBe('Yabancı Kişi');
    const customer = await env.DB.prepare('select name, email from customers where phone = ?').bind(phone).first();
    expect(customer).toEqual({ name: 'Emre Kaya', email: 'emre.kaya@example.com' });
    const info = (
      await json<SubscriptionInfoAnswer>(await api(`/api/bookings/subscription-info?customerPhone=${phone}`))
    ).data;
    expect(info.customerName).toBe('Emre K.');
  });

  it('track-by-phone and subscription-info show no e-mail and no notes', async () => {
    const { phone } = await subscriber();
    const tracked = await api(`/api/bookings/track-by-phone/${phone}`);
    expect(tracked.status).toBe(200);
    const raw = await tracked.text();
    const body = JSON.parse(raw);
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({ customerEmail: null, notes: null, customerName: 'Emre K.' });
    // The full number cancels the booking: a phone alone never hands it out, nor the full name.
    const { number } = (await env.DB.prepare('select booking_number as number from bookings where customer_phone = ?')
      .bind(phone)
      .first<{ number: string }>())!;
    expect(body.data[0].bookingNumber).toBeUndefined();
    expect(body.data[0].bookingNumberMasked).toBe(`HSR••••••${number.slice(-3)}`);
    expect(raw).not.toContain(number);
    expect(raw).not.toContain('Kaya');
    expect(raw).not.toContain('emre.kaya@example.com');
    expect(raw).not.toContain('Kapı şifresi');
    const info = await (await api(`/api/bookings/subscription-info?customerPhone=${phone}`)).text();
    expect(info).not.toContain('Kaya');
    expect(info).not.toContain('emre.kaya@example.com');
    expect(info).not.toContain('Kapı şifresi');
  });
});
