// 'Rezervasyonlarım' (behaviour.md#public-site): a device asks for the live status of the numbers it keeps. Only the
// status of each existing booking comes back, nothing personal; every number counts as one look-up. The number's
// holder reads the hold's expiry; a phone look-up never does.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { limiterFor } from '../../worker/src/lib/rate-limit';
import {
  addDays,
  api,
  type BookingAnswer,
  bookViaApi,
  createFacility,
  createSlots,
  expectError,
  freshPhone,
  istanbulToday,
  json,
  type PhoneLookupAnswer,
  slotAt,
} from './fixtures';

const RATE_LIMITED = 'Çok fazla deneme yaptınız. Lütfen birkaç dakika sonra tekrar deneyin.';
const statuses = (numbers: unknown, ip?: string) =>
  api('/api/bookings/track/statuses', { method: 'POST', json: { numbers }, ip });

async function pitch() {
  const f = await createFacility({ autoApprovalTimeout: 60 });
  await createSlots(f, 0, 4);
  return f;
}

/** A valid number no booking has (booking numbers are random: seven Z's in a row are not drawn here). */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const unknownNumber = (i: number) => `HSRZZZZZZZ${ALPHABET[Math.floor(i / 32) % 32]}${ALPHABET[i % 32]}`;

describe('POST /api/bookings/track/statuses', () => {
  it('answers the status of the numbers that exist, in the order asked, and leaves unknown ones out', async () => {
    const f = await pitch();
    const a = (await bookViaApi(f, addDays(istanbulToday(), 1), '18:00', { customerName: 'Gizli Kişi' })).booking;
    const b = (await bookViaApi(f, addDays(istanbulToday(), 2), '18:00')).booking;
    await env.DB.prepare("update bookings set status = 'approved' where booking_number = ?")
      .bind(b.bookingNumber)
      .run();
    const res = await statuses([b.bookingNumber.toLowerCase(), unknownNumber(1), a.bookingNumber, a.bookingNumber]);
    expect(res.status).toBe(200);
    const body = await json<{ data: unknown[] }>(res);
    expect(body.data).toEqual([
      { bookingNumber: b.bookingNumber, status: 'approved', paymentStatus: 'pending' },
      { bookingNumber: a.bookingNumber, status: 'pending', paymentStatus: 'pending' },
    ]);
    // Nothing personal: no name, phone, pitch or time.
    const text = JSON.stringify(body);
    for (const secret of ['Gizli', a.customerPhone!, b.customerPhone!, f.name, '18:00'])
      expect(text).not.toContain(secret);
  });

  it('a list of numbers none of which exist answers an empty list', async () => {
    const body = await json<{ data: unknown[] }>(await statuses([unknownNumber(2), unknownNumber(3)]));
    expect(body.data).toEqual([]);
  });

  it('refuses an empty list, more than 20 numbers, a malformed number or no list, in Turkish, in the one error shape', async () => {
    const empty = await expectError(await statuses([]), 400);
    expect(empty.message).toBe('En az bir rezervasyon numarası gönderin');
    const many = await expectError(await statuses(Array.from({ length: 21 }, (_, i) => unknownNumber(i))), 400);
    expect(many.message).toBe('Bir seferde en fazla 20 rezervasyon sorgulanabilir');
    const bad = await expectError(await statuses([unknownNumber(4), 'HSR-123']), 400);
    expect(bad.message).toBe('Geçerli bir rezervasyon numarası girin (HSR ile başlayan 12 karakter)');
    const none = await expectError(await api('/api/bookings/track/statuses', { method: 'POST', json: {} }), 400);
    expect(none.message).toBe('En az bir rezervasyon numarası gönderin');
    const masked = await expectError(await statuses([`HSR••••••ABC`]), 400);
    expect(masked.message).toBe(bad.message);
  });

  it('counts one look-up per number on the address: twenty numbers in one request count twenty', async () => {
    const many = '100.77.1.1';
    const one = '100.77.2.1';
    expect(
      (
        await statuses(
          Array.from({ length: 20 }, (_, i) => unknownNumber(10 + i)),
          many,
        )
      ).status,
    ).toBe(200);
    expect((await statuses([unknownNumber(40)], one)).status).toBe(200);
    // Probe each address's counter with a limit of 20: the next hit is over it only where twenty were counted.
    const probe = async (ip: string) => {
      const key = `lookup:ip:${ip}`;
      return limiterFor(env, 'lookup', key).hit([{ key, limit: 20 }], 600_000, Date.now());
    };
    expect(await probe(many)).toBeGreaterThan(0);
    expect(await probe(one)).toBe(0);
  });

  it("each number's own look-up limit holds, from every address, shared with tracking by number", async () => {
    const f = await pitch();
    const { booking } = await bookViaApi(f, addDays(istanbulToday(), 3), '18:00');
    const limit = Number(env.RATE_LIMIT_LOOKUP_PER_TARGET);
    for (let i = 0; i < limit - 1; i++) {
      const res = await statuses([booking.bookingNumber], `100.78.${i}.1`);
      expect(res.status).toBe(200);
      await res.body?.cancel();
    }
    expect((await api(`/api/bookings/track/${booking.bookingNumber}`, { ip: '100.78.200.1' })).status).toBe(200);
    const refused = await statuses([unknownNumber(50), booking.bookingNumber], '100.78.201.1');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await expectError(refused, 429)).message).toBe(RATE_LIMITED);
  });
});

describe("the hold's expiry", () => {
  it("is in the booking's own answers (create, track by number) and not in a phone look-up's", async () => {
    const f = await pitch();
    const { booking } = await bookViaApi(f, addDays(istanbulToday(), 1), '20:00');
    expect(booking.expiresAt).toBeTruthy();
    const created = Date.parse(booking.createdAt!);
    expect(Date.parse(booking.expiresAt!) - created).toBe(60 * 60_000);
    const tracked = await json<BookingAnswer>(await api(`/api/bookings/track/${booking.bookingNumber}`));
    expect(tracked.data.expiresAt).toBe(booking.expiresAt);

    // A subscriber's pending booking with a hold, listed by phone: no expiry.
    const phone = freshPhone();
    await env.DB.prepare('insert into customers (phone, name, is_subscriber) values (?, ?, 1)')
      .bind(phone, 'Abone Veli')
      .run();
    const slot = await slotAt(f.id, addDays(istanbulToday(), 2), '20:00');
    await env.DB.prepare(
      `insert into bookings (document_id, booking_number, facility_id, slot_id, customer_name, customer_phone, date, start_time, end_time, starts_at, slot_price, total_price, status, is_subscriber, is_recurring, expires_at)
       select ?, 'HSRABCDEFGHK', facility_id, id, 'Abone Veli', ?, date, start_time, end_time, starts_at, price, price, 'pending', 1, 1, ? from booking_slots where id = ?`,
    )
      .bind(`doc-exp-${slot.id}`, phone, Date.now() + 3_600_000, slot.id)
      .run();
    const listed = await json<PhoneLookupAnswer>(await api(`/api/bookings/track-by-phone/${phone}`));
    expect(listed.data).toHaveLength(1);
    expect(listed.data[0]).not.toHaveProperty('expiresAt');
    expect(JSON.stringify(listed)).not.toContain('expiresAt');
  });
});
