import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { SameDayBookingWire } from '../../contracts/wire/booking';
import { DAY, HOUR } from '../../worker/src/lib/time';
import {
  addDays,
  api,
  type BookingAnswer,
  createFacility,
  createSlots,
  createStaff,
  expectError,
  freshPhone,
  type Invalid,
  insertSlot,
  istanbulToday,
  json,
  pickupPointsOf,
  postBooking,
  slotAt,
  tokenFor,
} from './fixtures';

const tomorrow = () => addDays(istanbulToday(), 1);
const count = async (sql: string, ...binds: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...binds)
    .first<{ n: number }>())!.n;

async function setup(opts: { pickup?: boolean } = {}, overrides = {}) {
  const f = await createFacility(overrides, opts);
  await createSlots(f, 0, 3);
  return f;
}

describe('refused bookings change nothing', () => {
  it('each form rule has its own Turkish message and field path', async () => {
    const f = await setup();
    const slot = await slotAt(f.id, tomorrow(), '20:00');
    const base = {
      facility: f.documentId,
      bookingSlot: slot.document_id,
      customerName: 'Ali Veli',
      customerPhone: freshPhone(),
    };
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ customerName: '' }, 'customerName', 'Ad Soyad gerekli'],
      [{ customerName: ' A ' }, 'customerName', 'Ad Soyad en az 2 karakter olmalı'],
      [{ customerName: undefined }, 'customerName', 'Ad Soyad gerekli'],
      [{ customerPhone: '' }, 'customerPhone', 'Telefon numarası gerekli'],
      [{ customerPhone: '0212 123 45 67' }, 'customerPhone', 'Geçerli bir telefon numarası girin (05XX XXX XX XX)'],
      [{ customerPhone: '0532123456' }, 'customerPhone', 'Geçerli bir telefon numarası girin (05XX XXX XX XX)'],
      [{ customerEmail: 'nope' }, 'customerEmail', 'Geçerli bir e-posta adresi girin'],
      [{ bookingSlot: undefined }, 'bookingSlot', 'Saat seçimi gerekli'],
      [{ facility: undefined }, 'facility', 'Saha seçimi gerekli'],
    ];
    for (const [patch, path, message] of cases) {
      const error = await expectError<Invalid>(await postBooking({ ...base, ...patch }), 400);
      expect(error.name).toBe('ValidationError');
      expect(error.details.errors).toContainEqual({ path: [path], message });
    }
    expect(await count('select count(*) as n from bookings where facility_id = ?', f.id)).toBe(0);
  });

  it('malformed JSON is a 400 in the one error shape', async () => {
    const error = await expectError(
      await api('/api/bookings', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"customerName": "Ali",',
      }),
      400,
    );
    expect(error.message).toBe('İstek gövdesi geçerli bir JSON değil');
  });

  it('a slot of another pitch, an unknown slot and an unknown pitch are refused', async () => {
    const a = await setup();
    const b = await setup();
    const slotOfB = await slotAt(b.id, tomorrow(), '20:00');
    expect(
      (
        await expectError(
          await postBooking({
            facility: a.documentId,
            bookingSlot: slotOfB.document_id,
            customerName: 'Ali Veli',
            customerPhone: freshPhone(),
          }),
          400,
        )
      ).message,
    ).toBe('Seçilen saat bu sahaya ait değil');
    expect(
      (
        await expectError(
          await postBooking({
            facility: a.documentId,
            bookingSlot: 'yokboyleslot',
            customerName: 'Ali Veli',
            customerPhone: freshPhone(),
          }),
          404,
        )
      ).message,
    ).toBe('Seçilen saat bulunamadı. Lütfen takvimden yeniden seçin.');
    expect(
      (
        await expectError(
          await postBooking({
            facility: 'yok-boyle-saha',
            bookingSlot: slotOfB.document_id,
            customerName: 'Ali Veli',
            customerPhone: freshPhone(),
          }),
          404,
        )
      ).message,
    ).toBe('Saha bulunamadı');
  });

  it('no refusal leaves a customer, a history row or a notification behind (the write checks itself)', async () => {
    const f = await setup();
    const other = await setup();
    const inactive = await setup({}, { isActive: false });
    const taken = await slotAt(f.id, tomorrow(), '22:00');
    const held = freshPhone();
    expect(
      (
        await postBooking({
          facility: f.documentId,
          bookingSlot: taken.document_id,
          customerName: 'İlk',
          customerPhone: held,
        })
      ).status,
    ).toBe(201);
    const past = await insertSlot(f.id, istanbulToday(), '00:10', Date.now() - HOUR);
    const attempts: Array<[Record<string, unknown>, number]> = [
      [{ facility: f.documentId, bookingSlot: taken.document_id }, 409],
      [{ facility: f.documentId, bookingSlot: past }, 400],
      [{ facility: f.documentId, bookingSlot: (await slotAt(other.id, tomorrow(), '20:00')).document_id }, 400],
      [{ facility: f.documentId, bookingSlot: 'yokboyleslot' }, 404],
      [
        { facility: inactive.documentId, bookingSlot: (await slotAt(inactive.id, tomorrow(), '20:00')).document_id },
        409,
      ],
    ];
    const tally = async () => ({
      history: await count('select count(*) as n from booking_history'),
      notifications: await count('select count(*) as n from notifications'),
      bookings: await count('select count(*) as n from bookings'),
    });
    const before = await tally();
    const phones: string[] = [];
    for (const [body, status] of attempts) {
      const phone = freshPhone();
      phones.push(phone);
      await expectError(
        await postBooking({ ...body, customerName: 'Reddedilen Oyuncu', customerPhone: phone }),
        status,
      );
    }
    // The same-day refusal: the phone that holds tomorrow's 22:00 tries another pitch the same day.
    await expectError(
      await postBooking({
        facility: other.documentId,
        bookingSlot: (await slotAt(other.id, tomorrow(), '21:00')).document_id,
        customerName: 'Başka Ad',
        customerPhone: held,
      }),
      409,
    );
    const placeholders = phones.map(() => '?').join(', ');
    expect(await count(`select count(*) as n from customers where phone in (${placeholders})`, ...phones)).toBe(0);
    // The holder's customer row keeps the name of the booking that made it.
    expect(await count("select count(*) as n from customers where phone = ? and name = 'İlk'", held)).toBe(1);
    expect(await tally()).toEqual(before);
  });

  it('an inactive pitch takes no bookings', async () => {
    const f = await setup({}, { isActive: false });
    const slot = await slotAt(f.id, tomorrow(), '20:00');
    const error = await expectError(
      await postBooking({
        facility: f.documentId,
        bookingSlot: slot.document_id,
        customerName: 'Ali Veli',
        customerPhone: freshPhone(),
      }),
      409,
    );
    expect(error.message).toBe('Bu saha şu anda rezervasyona kapalı');
  });

  it('booking a past slot is refused with the documented message', async () => {
    const f = await setup();
    const past = await insertSlot(f.id, istanbulToday(), '00:05', Date.now() - HOUR);
    const error = await expectError(
      await postBooking({
        facility: f.documentId,
        bookingSlot: past,
        customerName: 'Geç Kalan',
        customerPhone: freshPhone(),
      }),
      400,
    );
    expect(error.message).toBe('Geçmiş tarih ve saatlere rezervasyon yapılamaz. Lütfen güncel bir slot seçin.');
  });

  it('a taken slot answers 409 and keeps the first booking', async () => {
    const f = await setup();
    const slot = await slotAt(f.id, tomorrow(), '22:00');
    expect(
      (
        await postBooking({
          facility: f.documentId,
          bookingSlot: slot.document_id,
          customerName: 'İlk Gelen',
          customerPhone: freshPhone(),
        })
      ).status,
    ).toBe(201);
    const error = await expectError(
      await postBooking({
        facility: f.documentId,
        bookingSlot: slot.document_id,
        customerName: 'İkinci Gelen',
        customerPhone: freshPhone(),
      }),
      409,
    );
    expect(error.message).toBe('Seçtiğiniz saat az önce başka biri tarafından alındı. Lütfen başka bir saat seçin.');
    const rows = await env.DB.prepare('select customer_name from bookings where slot_id = ?').bind(slot.id).all();
    expect(rows.results).toEqual([{ customer_name: 'İlk Gelen' }]);
  });

  it('a second live booking on the same day for one phone returns the existing booking for the Rezervasyon Uyarısı modal', async () => {
    const a = await setup();
    const b = await setup();
    const phone = freshPhone();
    const first = (
      await json<BookingAnswer>(
        await postBooking({
          facility: a.documentId,
          bookingSlot: (await slotAt(a.id, tomorrow(), '18:00')).document_id,
          customerName: 'Çift Rezerv',
          customerPhone: phone,
        }),
      )
    ).data;
    const error = await expectError(
      await postBooking({
        facility: b.documentId,
        bookingSlot: (await slotAt(b.id, tomorrow(), '21:00')).document_id,
        customerName: 'Çift Rezerv',
        customerPhone: phone,
      }),
      409,
    );
    // The message names the held booking's real status: this one is still pending.
    expect(error.message).toBe('Aynı gün için bekleyen bir rezervasyonunuz bulunmaktadır');
    // Masked: whoever typed the phone learns the last 3 characters of the number and 'Çift R.', no more.
    expect(error.details.existingBooking).toEqual({
      bookingNumberMasked: `HSR••••••${first.bookingNumber.slice(-3)}`,
      customerName: 'Çift R.',
      facility: a.name,
      date: tomorrow(),
      time: '18:00',
      endTime: '19:00',
      startsAt: new Date(`${tomorrow()}T18:00:00+03:00`).toISOString(),
      status: 'pending',
    });
    // Once staff approve it, the same attempt says 'onaylanmış'.
    await env.DB.prepare("update bookings set status = 'approved' where booking_number = ?")
      .bind(first.bookingNumber)
      .run();
    const approved = await expectError<{ existingBooking: SameDayBookingWire }>(
      await postBooking({
        facility: b.documentId,
        bookingSlot: (await slotAt(b.id, tomorrow(), '21:00')).document_id,
        customerName: 'Çift Rezerv',
        customerPhone: phone,
      }),
      409,
    );
    expect(approved.message).toBe('Aynı gün içinde onaylanmış rezervasyonunuz bulunmaktadır');
    expect(approved.details.existingBooking.status).toBe('approved');
    // Another day is fine, and after cancelling the first the same day is fine again.
    expect(
      (
        await postBooking({
          facility: b.documentId,
          bookingSlot: (await slotAt(b.id, addDays(istanbulToday(), 2), '21:00')).document_id,
          customerName: 'Çift Rezerv',
          customerPhone: phone,
        })
      ).status,
    ).toBe(201);
    await env.DB.prepare("update bookings set status = 'cancelled' where booking_number = ?")
      .bind(first.bookingNumber)
      .run();
    expect(
      (
        await postBooking({
          facility: b.documentId,
          bookingSlot: (await slotAt(b.id, tomorrow(), '21:00')).document_id,
          customerName: 'Çift Rezerv',
          customerPhone: phone,
        })
      ).status,
    ).toBe(201);
  });

  it('shuttle rules: a pitch without a shuttle, a missing pickup point and a foreign pickup point', async () => {
    const plain = await setup();
    const shuttle = await setup({ pickup: true });
    const other = await setup({ pickup: true });
    const [foreign] = await pickupPointsOf(other.id);
    const base = (f: { id: number; documentId: string }, time: string) =>
      slotAt(f.id, tomorrow(), time).then((s) => ({
        facility: f.documentId,
        bookingSlot: s.document_id,
        customerName: 'Servis Kullanıcı',
        customerPhone: freshPhone(),
        includesTransportation: true,
      }));
    expect((await expectError(await postBooking(await base(plain, '20:00')), 400)).message).toBe(
      'Bu sahada servis hizmeti bulunmuyor',
    );
    expect((await expectError(await postBooking(await base(shuttle, '20:00')), 400)).message).toBe(
      'Ulaşım hizmeti seçtiniz, lütfen bir alış noktası seçin',
    );
    expect(
      (
        await expectError(
          await postBooking({
            ...(await base(shuttle, '20:00')),
            transportationDetails: { pickupPointId: foreign.id },
          }),
          400,
        )
      ).message,
    ).toBe('Seçilen alış noktası bu sahanın servis hizmetine ait değil');
    expect(await count('select count(*) as n from bookings where facility_id in (?, ?)', plain.id, shuttle.id)).toBe(0);
  });

  it('per-phone booking attempts are rate limited with a Turkish 429', async () => {
    const f = await setup();
    const phone = freshPhone();
    const slot = await slotAt(f.id, tomorrow(), '09:00');
    const limit = Number(env.RATE_LIMIT_BOOKING_PER_PHONE);
    const statuses: number[] = [];
    for (let i = 0; i <= limit; i++)
      statuses.push(
        (
          await postBooking({
            facility: f.documentId,
            bookingSlot: slot.document_id,
            customerName: 'Israrcı Kişi',
            customerPhone: phone,
          })
        ).status,
      );
    expect(statuses[0]).toBe(201);
    expect(statuses.slice(1, limit)).toEqual(Array(limit - 1).fill(409));
    const res = await postBooking({
      facility: f.documentId,
      bookingSlot: slot.document_id,
      customerName: 'Israrcı Kişi',
      customerPhone: phone,
    });
    const error = await expectError(res, 429);
    expect(error.message).toBe('Çok fazla deneme yaptınız. Lütfen birkaç dakika sonra tekrar deneyin.');
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another phone from the same address is not affected.
    expect(
      (
        await postBooking({
          facility: f.documentId,
          bookingSlot: (await slotAt(f.id, tomorrow(), '10:00')).document_id,
          customerName: 'Başka Kişi',
          customerPhone: freshPhone(),
        })
      ).status,
    ).toBe(201);
  });
});

describe('refused cancels and look-ups', () => {
  it('cancelling less than 24 hours before the start is refused and changes nothing', async () => {
    const f = await setup();
    const soon = await insertSlot(f.id, tomorrow(), '23:59', Date.now() + 23 * HOUR);
    const created = (
      await json<BookingAnswer>(
        await postBooking({
          facility: f.documentId,
          bookingSlot: soon,
          customerName: 'Son Dakika',
          customerPhone: freshPhone(),
        }),
      )
    ).data;
    const error = await expectError(
      await api(`/api/bookings/cancel/${created.bookingNumber}`, { method: 'POST', json: {} }),
      400,
    );
    expect(error.message).toBe(
      'Rezervasyon saatine 24 saatten az kaldığı için iptal edilemez. Lütfen saha ile iletişime geçin.',
    );
    expect(await count("select count(*) as n from bookings where id = ? and status = 'pending'", created.id)).toBe(1);
  });

  it('a booking 25 hours ahead can still be cancelled', async () => {
    const f = await setup();
    const later = await insertSlot(f.id, addDays(istanbulToday(), 2), '23:58', Date.now() + DAY + HOUR);
    const created = (
      await json<BookingAnswer>(
        await postBooking({
          facility: f.documentId,
          bookingSlot: later,
          customerName: 'Vaktinde İptal',
          customerPhone: freshPhone(),
        }),
      )
    ).data;
    expect((await api(`/api/bookings/cancel/${created.bookingNumber}`, { method: 'POST', json: {} })).status).toBe(200);
  });

  it('rejected and expired bookings answer "zaten işlem görmüş"', async () => {
    const f = await setup();
    for (const status of ['rejected', 'expired']) {
      const slot = await slotAt(f.id, addDays(istanbulToday(), 3), status === 'rejected' ? '11:00' : '12:00');
      const created = (
        await json<BookingAnswer>(
          await postBooking({
            facility: f.documentId,
            bookingSlot: slot.document_id,
            customerName: 'Durum Testi',
            customerPhone: freshPhone(),
          }),
        )
      ).data;
      await env.DB.prepare('update bookings set status = ? where id = ?').bind(status, created.id).run();
      const error = await expectError(
        await api(`/api/bookings/cancel/${created.bookingNumber}`, { method: 'POST', json: {} }),
        409,
      );
      expect(error.message).toContain('zaten işlem görmüş');
    }
  });

  it('unknown and malformed booking numbers', async () => {
    expect((await expectError(await api('/api/bookings/track/HSRAAAAAAAAA'), 404)).message).toBe(
      'Rezervasyon bulunamadı. Lütfen rezervasyon numaranızı kontrol ediniz.',
    );
    expect((await expectError(await api('/api/bookings/track/XYZ'), 400)).message).toBe(
      'Geçerli bir rezervasyon numarası girin (HSR ile başlayan 12 karakter)',
    );
    expect(
      (await expectError(await api('/api/bookings/cancel/HSRAAAAAAAAA', { method: 'POST', json: {} }), 404)).message,
    ).toBe('Rezervasyon bulunamadı. Lütfen rezervasyon numaranızı kontrol ediniz.');
    expect((await expectError(await api('/api/bookings/track-by-phone/12345'), 400)).message).toBe(
      'Geçerli bir telefon numarası girin (05XX XXX XX XX)',
    );
    expect((await expectError(await api('/api/bookings/subscription-info'), 400)).name).toBe('ValidationError');
  });

  it('look-ups of one booking number are rate limited', async () => {
    const limit = Number(env.RATE_LIMIT_LOOKUP_PER_TARGET);
    for (let i = 0; i < limit; i++) expect((await api('/api/bookings/track/HSRBBBBBBBBB')).status).toBe(404);
    expect((await expectError(await api('/api/bookings/track/HSRBBBBBBBBB'), 429)).name).toBe('RateLimitError');
    expect((await api('/api/bookings/track/HSRCCCCCCCCC')).status).toBe(404);
  });
});

describe('a pitch deactivated while its object holds cached data', () => {
  it('takes no more bookings from that moment on', async () => {
    const f = await setup();
    expect(
      (
        await postBooking({
          facility: f.documentId,
          bookingSlot: (await slotAt(f.id, tomorrow(), '18:00')).document_id,
          customerName: 'Önce Gelen',
          customerPhone: freshPhone(),
        })
      ).status,
    ).toBe(201);
    await env.DB.prepare('update facilities set is_active = 0 where id = ?').bind(f.id).run();
    const error = await expectError(
      await postBooking({
        facility: f.documentId,
        bookingSlot: (await slotAt(f.id, tomorrow(), '19:00')).document_id,
        customerName: 'Sonra Gelen',
        customerPhone: freshPhone(),
      }),
      409,
    );
    expect(error.message).toBe('Bu saha şu anda rezervasyona kapalı');
  });
});

describe('malformed bodies on every write route', () => {
  it('cancel and generate-slots answer 400 in the error shape and change nothing', async () => {
    const f = await setup();
    const slot = await slotAt(f.id, addDays(istanbulToday(), 3), '20:00');
    const created = (
      await json<BookingAnswer>(
        await postBooking({
          facility: f.documentId,
          bookingSlot: slot.document_id,
          customerName: 'Bozuk Gövde',
          customerPhone: freshPhone(),
        }),
      )
    ).data;
    const raw = (path: string, token?: string) =>
      api(path, { method: 'POST', token, headers: { 'content-type': 'application/json' }, body: '{"reason": ' });
    expect((await expectError(await raw(`/api/bookings/cancel/${created.bookingNumber}`), 400)).message).toBe(
      'İstek gövdesi geçerli bir JSON değil',
    );
    expect(await count("select count(*) as n from bookings where id = ? and status = 'pending'", created.id)).toBe(1);

    const token = await tokenFor(await createStaff('admin'));
    const before = await count('select count(*) as n from booking_slots where facility_id = ?', f.id);
    expect((await expectError(await raw(`/api/facilities/${f.slug}/generate-slots`, token), 400)).message).toBe(
      'İstek gövdesi geçerli bir JSON değil',
    );
    expect(await count('select count(*) as n from booking_slots where facility_id = ?', f.id)).toBe(before);
  });
});
