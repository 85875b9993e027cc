// 'Takıma gönder' and the match page (docs/behaviour.md#public-site 'Match page'): the holder proves the booking with its number and
// gets a separate random token, the same one on every call; only a live booking is shared; the page's read carries
// the pitch, the real date and the hours, and nothing personal; a KVKK erasure closes the page.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ShareWire, shareMsg } from '../../contracts/match-share';
import { msg } from '../../contracts/messages';
import { setShareToken } from '../../worker/src/db/match-share';
import { matchByToken, SHARE_TOKEN } from '../../worker/src/services/match-share';
import {
  type Answer,
  addDays,
  api,
  bookRow,
  bookViaApi,
  createFacility,
  createSlots,
  createStaff,
  db,
  everyDay,
  expectError,
  insertBookingRow,
  insertSlot,
  istanbulToday,
  json,
  slotAt,
  tokenFor,
} from './fixtures';

const day = (n: number) => addDays(istanbulToday(), n);
const NAME = 'Zümrüt Karagözoğlu';
const PHONE = '05417654321';
const share = (bookingNumber: string) => api(`/api/bookings/track/${bookingNumber}/share`, { method: 'POST' });
const tokenIn = (url: string) => new URL(url).pathname.replace('/mac/', '');
const storedToken = async (bookingNumber: string) =>
  (await env.DB.prepare('select share_token from bookings where booking_number = ?')
    .bind(bookingNumber)
    .first<{ share_token: string | null }>())!.share_token;

let f: Awaited<ReturnType<typeof createFacility>>;
let night: Awaited<ReturnType<typeof createFacility>>;
beforeAll(async () => {
  f = await createFacility({
    name: 'Yeşilvadi Halı Saha',
    address: 'Karşıyaka Mah. Spor Sok. 7, Nilüfer',
    location: 'Nilüfer',
    googleMapsLocation: 'https://www.google.com/maps/search/?api=1&query=40.21,28.98',
  });
  await createSlots(f, 0, 6);
  await env.DB.prepare(
    `insert into facility_images (facility_id, r2_key, name, mime, size, width, height, sort_order)
     values (?, ?, 'on.jpg', 'image/jpeg', 1000, 1600, 900, 1), (?, ?, 'arka.jpg', 'image/jpeg', 1000, 800, 600, 2)`,
  )
    .bind(f.id, `facilities/${f.id}/on.jpg`, f.id, `facilities/${f.id}/arka.jpg`)
    .run();
  night = await createFacility({ name: 'Gece Arena', workingHours: everyDay('18:00', '02:00') });
  await createSlots(night, 1, 5);
});

async function shared(bookingNumber: string): Promise<ShareWire> {
  const res = await share(bookingNumber);
  expect(res.status).toBe(200);
  return (await json<Answer<ShareWire>>(res)).data;
}

describe('POST /api/bookings/track/:bookingNumber/share', () => {
  it('makes a random token once and answers the same absolute address on every later call', async () => {
    const { booking } = await bookViaApi(f, day(2), '21:00', { customerName: NAME, customerPhone: PHONE });
    expect(await storedToken(booking.bookingNumber)).toBeNull();
    const first = await shared(booking.bookingNumber);
    const token = tokenIn(first.url);
    expect(first.url).toBe(`${new URL(env.SITE_URL).origin}/mac/${token}`);
    expect(token).toMatch(SHARE_TOKEN);
    expect(await storedToken(booking.bookingNumber)).toBe(token);
    // Lower case in the address is the same booking, and the same token.
    expect((await shared(booking.bookingNumber.toLowerCase())).url).toBe(first.url);
    const again = await Promise.all([1, 2, 3].map(() => shared(booking.bookingNumber)));
    expect(new Set(again.map((s) => s.url))).toEqual(new Set([first.url]));
  });

  it('the token and the message never carry the booking number, the name or the phone', async () => {
    const { booking } = await bookViaApi(f, day(3), '21:00', { customerName: NAME, customerPhone: PHONE });
    const s = await shared(booking.bookingNumber);
    const token = tokenIn(s.url);
    expect(token).not.toBe(booking.bookingNumber);
    expect(token.toUpperCase()).not.toContain(booking.bookingNumber.slice(3));
    const all = JSON.stringify(s);
    for (const personal of [booking.bookingNumber, booking.bookingNumber.slice(3), 'Zümrüt', 'Karagöz', '7654321']) {
      expect(all).not.toContain(personal);
    }
    // What the team reads: the pitch, the day and the hours, the address, the map and the match page.
    expect(s.title).toMatch(/^\S+ \d{1,2} \S+, 21:00–22:00 · Yeşilvadi Halı Saha$/);
    expect(s.text).toContain('Karşıyaka Mah. Spor Sok. 7, Nilüfer');
    expect(s.text).toContain('https://www.google.com/maps/search/?api=1&query=40.21,28.98');
    expect(s.message).toBe(`${s.text}\nMaç sayfası: ${s.url}`);
  });

  it('two bookings never get the same token', async () => {
    const a = await bookViaApi(f, day(4), '20:00');
    const b = await bookViaApi(f, day(4), '21:00');
    expect(tokenIn((await shared(a.booking.bookingNumber)).url)).not.toBe(
      tokenIn((await shared(b.booking.bookingNumber)).url),
    );
  });

  it('the token is set only while none is: a second first share changes nothing', async () => {
    const { booking } = await bookViaApi(f, day(4), '18:00');
    expect(await setShareToken(db(), booking.id, 'a'.repeat(24))).toBe(true);
    expect(await setShareToken(db(), booking.id, 'b'.repeat(24))).toBe(false);
    expect(await storedToken(booking.bookingNumber)).toBe('a'.repeat(24));
    expect(tokenIn((await shared(booking.bookingNumber)).url)).toBe('a'.repeat(24));
  });

  it('refuses a booking that is no longer on: cancelled, rejected, expired or already started (409, Turkish)', async () => {
    for (const [time, status] of [
      ['10:00', 'cancelled'],
      ['11:00', 'rejected'],
      ['12:00', 'expired'],
    ] as const) {
      const b = await bookRow(f, day(5), time, { status });
      const error = await expectError(await share(b.bookingNumber), 409);
      expect(error.message).toBe(shareMsg.notShareable);
      expect(await storedToken(b.bookingNumber)).toBeNull();
    }
    const date = day(-1);
    await insertSlot(f.id, date, '20:00', Date.now() - 3_600_000);
    const past = await insertBookingRow(await slotAt(f.id, date, '20:00'), {
      facilityId: f.id,
      date,
      time: '20:00',
      status: 'approved',
    });
    expect((await expectError(await share(past.bookingNumber), 409)).message).toBe(shareMsg.notShareable);
  });

  it('an unknown number is 404, a malformed one 400, both in the one error shape', async () => {
    expect((await expectError(await share('HSRABCDEFGHJ'), 404)).message).toBe(msg.bookingNotFound);
    await expectError(await share('nope'), 400);
  });

  it('counts against the same look-up limit as tracking (per number): the next try is 429', async () => {
    const { booking } = await bookViaApi(f, day(5), '20:00');
    const limit = Number(env.RATE_LIMIT_LOOKUP_PER_TARGET);
    for (let i = 0; i < limit; i++) {
      const res = await share(booking.bookingNumber);
      expect(res.status).toBe(200);
      await res.body?.cancel();
    }
    expect((await expectError(await share(booking.bookingNumber), 429)).message).toBe(
      'Çok fazla deneme yaptınız. Lütfen birkaç dakika sonra tekrar deneyin.',
    );
    // Tracking the same number counts on the same key.
    await expectError(await api(`/api/bookings/track/${booking.bookingNumber}`), 429);
  });
});

describe('the match page read', () => {
  it('carries the pitch, the date, the hours, the map and the first photo; nothing personal, no price', async () => {
    const { booking } = await bookViaApi(f, day(1), '19:00', {
      customerName: NAME,
      customerPhone: PHONE,
      customerEmail: 'zumrut@example.com',
      notes: 'Kaleci eksik',
    });
    const match = await matchByToken(db(), tokenIn((await shared(booking.bookingNumber)).url), Date.now());
    expect(match).toEqual({
      state: 'on',
      awaitingApproval: true,
      date: day(1),
      startsAt: booking.startsAt,
      startTime: '19:00',
      endTime: '20:00',
      facility: {
        name: 'Yeşilvadi Halı Saha',
        slug: f.slug,
        address: 'Karşıyaka Mah. Spor Sok. 7, Nilüfer',
        location: 'Nilüfer',
        mapUrl: 'https://www.google.com/maps/search/?api=1&query=40.21,28.98',
      },
      image: { url: `/api/images/facilities/${f.id}/on.jpg`, width: 1600, height: 900, alt: 'Yeşilvadi Halı Saha' },
    });
    const all = JSON.stringify(match);
    for (const personal of [booking.bookingNumber, 'Zümrüt', '7654321', 'zumrut', 'Kaleci', 'HSR']) {
      expect(all).not.toContain(personal);
    }
    expect(all).not.toMatch(/price|deposit|total|paid|customer|phone|email|notes|iban|number/i);
  });

  it('says when the match is off or played, and knows nothing of a token it never made', async () => {
    const cancelled = await bookRow(f, day(6), '10:00', { status: 'cancelled' });
    await env.DB.prepare('update bookings set share_token = ? where booking_number = ?')
      .bind('c'.repeat(24), cancelled.bookingNumber)
      .run();
    expect((await matchByToken(db(), 'c'.repeat(24), Date.now()))?.state).toBe('cancelled');
    const { booking } = await bookViaApi(f, day(6), '21:00');
    const token = tokenIn((await shared(booking.bookingNumber)).url);
    expect((await matchByToken(db(), token, Date.parse(booking.startsAt!) + 1))?.state).toBe('played');
    expect(await matchByToken(db(), 'd'.repeat(24), Date.now())).toBeNull();
    expect(await matchByToken(db(), booking.bookingNumber, Date.now())).toBeNull();
    expect(await matchByToken(db(), '', Date.now())).toBeNull();
  });

  it('an after-midnight slot is played on the next calendar day, and the title says that day', async () => {
    const date = day(2);
    const { booking } = await bookViaApi(night, date, '00:00');
    const s = await shared(booking.bookingNumber);
    const match = (await matchByToken(db(), tokenIn(s.url), Date.now()))!;
    expect(match.date).toBe(date);
    expect(match.startsAt).toBe(new Date(Date.parse(`${addDays(date, 1)}T00:00:00+03:00`)).toISOString());
    const next = new Date(`${addDays(date, 1)}T00:00:00Z`);
    expect(
      s.title.startsWith(
        `${['Pazar', 'Pazartesi', 'Salı', 'Çarşamba', 'Perşembe', 'Cuma', 'Cumartesi'][next.getUTCDay()]} ${next.getUTCDate()} `,
      ),
    ).toBe(true);
    expect(s.title).toContain('00:00–01:00 · Gece Arena');
  });

  it('a KVKK erasure clears the token: the page opens nothing afterwards', async () => {
    const admin = await tokenFor(await createStaff('admin'), 'admin');
    const { booking } = await bookViaApi(f, day(3), '18:00', { customerName: 'Silinecek Kişi' });
    const token = tokenIn((await shared(booking.bookingNumber)).url);
    expect(await matchByToken(db(), token, Date.now())).not.toBeNull();
    const erased = await api(`/api/bookings/${booking.documentId}/anonymize`, {
      method: 'POST',
      json: {},
      token: admin,
    });
    expect(erased.status).toBe(200);
    expect(await storedToken(booking.bookingNumber)).toBeNull();
    expect(await matchByToken(db(), token, Date.now())).toBeNull();
  });
});
