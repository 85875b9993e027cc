import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { trLongDate } from '../../contracts/dates';
import { notificationText } from '../../contracts/events';
import {
  addDays,
  api,
  type BookingAnswer,
  type CancelAnswer,
  createFacility,
  createSlots,
  type ErrorBody,
  freshPhone,
  istanbulToday,
  json,
  type PhoneLookupAnswer,
  pickupPointsOf,
  type SlotsAnswer,
  type SubscriptionInfoAnswer,
  slotAt,
} from './fixtures';

const tomorrow = () => addDays(istanbulToday(), 1);

async function pitchWithSlots(opts: { pickup?: boolean } = {}, overrides = {}) {
  const f = await createFacility(overrides, opts);
  await createSlots(f, 0, 3);
  return f;
}

describe('creating a booking', () => {
  it('a visitor gets a pending booking with an HSR number, server prices and the deposit', async () => {
    const f = await pitchWithSlots();
    const slot = await slotAt(f.id, tomorrow(), '20:00');
    const phone = freshPhone();
    const res = await api('/api/bookings', {
      method: 'POST',
      json: {
        facility: f.documentId,
        bookingSlot: slot.document_id,
        customerName: '  Ahmet Yılmaz ',
        customerPhone: phone,
        notes: 'Yelek lazım',
        clientTimestamp: new Date().toISOString(),
        clientTimezone: 'Europe/Istanbul',
      },
    });
    expect(res.status).toBe(201);
    const { data } = await json<BookingAnswer>(res);
    expect(data.bookingNumber).toMatch(/^HSR[A-HJ-NP-Z2-9]{9}$/);
    expect(data.bookingNumber).toHaveLength(12);
    expect(data).toMatchObject({
      status: 'pending',
      paymentStatus: 'pending',
      customerName: 'Ahmet Yılmaz',
      customerPhone: phone,
      notes: 'Yelek lazım',
      totalPrice: 1500,
      depositAmount: 300,
      isSubscriber: false,
      date: tomorrow(),
      startTime: '20:00',
      endTime: '21:00',
      includesTransportation: false,
      transportationDetails: null,
      clientTimezone: 'Europe/Istanbul',
    });
    expect(data.facility).toMatchObject({
      documentId: f.documentId,
      name: f.name,
      depositIban: f.depositIban,
      bankName: f.bankName,
    });
  });

  it('accepts a body wrapped as { data: {...} } and a phone written with +90 and spaces', async () => {
    const f = await pitchWithSlots();
    const slot = await slotAt(f.id, tomorrow(), '10:00');
    const res = await api('/api/bookings', {
      method: 'POST',
      json: {
        data: {
          facility: f.slug,
          bookingSlot: slot.document_id,
          customerName: 'Mehmet Kaya',
          customerPhone: '+90 532 111 22 33',
        },
      },
    });
    expect(res.status).toBe(201);
    expect((await json<BookingAnswer>(res)).data.customerPhone).toBe('05321112233');
  });

  it('ignores status, prices and flags a client sends', async () => {
    const f = await pitchWithSlots();
    const slot = await slotAt(f.id, tomorrow(), '11:00');
    const res = await api('/api/bookings', {
      method: 'POST',
      json: {
        facility: f.documentId,
        bookingSlot: slot.document_id,
        customerName: 'Hacker Can',
        customerPhone: freshPhone(),
        status: 'approved',
        paymentStatus: 'paid',
        totalPrice: 1,
        transportationPrice: 0,
        depositAmount: 0,
        isSubscriber: true,
        approvedAt: '2020-01-01',
      },
    });
    expect(res.status).toBe(201);
    const { data } = await json<BookingAnswer>(res);
    expect(data).toMatchObject({
      status: 'pending',
      paymentStatus: 'pending',
      totalPrice: 1500,
      depositAmount: 300,
      isSubscriber: false,
      approvedAt: null,
    });
  });

  it('adds the shuttle price and records the chosen pickup point', async () => {
    const f = await pitchWithSlots({ pickup: true });
    const [point] = await pickupPointsOf(f.id);
    const slot = await slotAt(f.id, tomorrow(), '21:00');
    const res = await api('/api/bookings', {
      method: 'POST',
      json: {
        facility: f.documentId,
        bookingSlot: slot.document_id,
        customerName: 'Servisli Oyuncu',
        customerPhone: freshPhone(),
        includesTransportation: true,
        transportationPrice: 0,
        transportationDetails: { pickupPointId: point.id, pickupPointName: 'yalan' },
      },
    });
    expect(res.status).toBe(201);
    const { data } = await json<BookingAnswer>(res);
    expect(data.totalPrice).toBe(1550);
    expect(data.transportationPrice).toBe(50);
    // The point leaves 90 minutes before the match (fixtures): 19:30 for 21:00, derived, not the stored clock time.
    expect(data.transportationDetails).toEqual({
      pickupPointId: point.id,
      pickupPointName: point.name,
      pickupPointAddress: point.address,
      pickupTime: '19:30',
    });
  });

  it('the shuttle pickup time follows the booked hour, never a fixed clock time', async () => {
    const f = await pitchWithSlots({ pickup: true });
    const [point] = await pickupPointsOf(f.id);
    // A stored clock time that would contradict a morning match.
    await env.DB.prepare("update pickup_points set time = '18:40' where id = ?").bind(point.id).run();
    const morning = await slotAt(f.id, tomorrow(), '10:00');
    const res = await api('/api/bookings', {
      method: 'POST',
      json: {
        facility: f.documentId,
        bookingSlot: morning.document_id,
        customerName: 'Sabahçı Oyuncu',
        customerPhone: freshPhone(),
        includesTransportation: true,
        transportationDetails: { pickupPointId: point.id },
      },
    });
    expect(res.status).toBe(201);
    expect((await json<BookingAnswer>(res)).data.transportationDetails!.pickupTime).toBe('08:30');
    // A point without an offset gives no time rather than a wrong one.
    const [, other] = await pickupPointsOf(f.id);
    const evening = await slotAt(f.id, addDays(istanbulToday(), 2), '10:00');
    const second = await api('/api/bookings', {
      method: 'POST',
      json: {
        facility: f.documentId,
        bookingSlot: evening.document_id,
        customerName: 'Sabahçı Oyuncu',
        customerPhone: freshPhone(),
        includesTransportation: true,
        transportationDetails: { pickupPointId: other.id },
      },
    });
    expect((await json<BookingAnswer>(second)).data.transportationDetails!.pickupTime).toBeNull();
  });

  it('phones typed with +90, 90, 0090, spaces or dashes are stored as 05XXXXXXXXX', async () => {
    const f = await pitchWithSlots();
    const forms = [
      '+90 532 555 12 01',
      '90 532 555 12 02',
      '0090 532 555 12 03',
      '0532-555-12-04',
      '(0532) 555 12 05',
      '532 555 12 06',
    ];
    for (const [i, typed] of forms.entries()) {
      const slot = await slotAt(f.id, addDays(istanbulToday(), 1 + (i % 3)), `${10 + i}:00`);
      const res = await api('/api/bookings', {
        method: 'POST',
        json: {
          facility: f.documentId,
          bookingSlot: slot.document_id,
          customerName: 'Telefon Biçimi',
          customerPhone: typed,
        },
      });
      expect(res.status).toBe(201);
      expect((await json<BookingAnswer>(res)).data.customerPhone).toBe(`053255512${String(i + 1).padStart(2, '0')}`);
    }
  });

  it('a subscriber pays no deposit and is flagged as such', async () => {
    const f = await pitchWithSlots();
    const phone = freshPhone();
    await env.DB.prepare('insert into customers (phone, name, is_subscriber) values (?, ?, 1)')
      .bind(phone, 'Abone Ali')
      .run();
    const slot = await slotAt(f.id, tomorrow(), '12:00');
    const res = await api('/api/bookings', {
      method: 'POST',
      json: { facility: f.documentId, bookingSlot: slot.document_id, customerName: 'Abone Ali', customerPhone: phone },
    });
    const { data } = await json<BookingAnswer>(res);
    expect(res.status).toBe(201);
    expect(data.depositAmount).toBe(0);
    expect(data.isSubscriber).toBe(true);
  });

  it('writes the booking history, a staff notification and the customer row', async () => {
    const f = await pitchWithSlots();
    const slot = await slotAt(f.id, tomorrow(), '13:00');
    const phone = freshPhone();
    const { data } = await json<BookingAnswer>(
      await api('/api/bookings', {
        method: 'POST',
        json: {
          facility: f.documentId,
          bookingSlot: slot.document_id,
          customerName: 'Kayıt Testi',
          customerPhone: phone,
        },
      }),
    );
    const history = await env.DB.prepare('select * from booking_history where booking_id = ?').bind(data.id).all();
    expect(history.results).toEqual([
      expect.objectContaining({ from_status: null, to_status: 'pending', actor_type: 'customer' }),
    ]);
    const note = await env.DB.prepare('select * from notifications where booking_id = ?').bind(data.id).first<any>();
    expect(note).toMatchObject({ type: 'booking_created', is_read: 0 });
    // The booking's own statement stores the event with the facts it read from the slot; the text is rendered from them.
    expect(note).toMatchObject({ kind: 'booking_created', message: '' });
    expect(JSON.parse(note.facts)).toMatchObject({
      customerName: 'Kayıt Testi',
      facilityName: f.name,
      startTime: '13:00',
    });
    expect(notificationText(note).message).toBe(`Kayıt Testi · ${f.name} · ${trLongDate(tomorrow())} 13:00`);
    const customer = await env.DB.prepare('select * from customers where phone = ?').bind(phone).first<any>();
    expect(customer).toMatchObject({ name: 'Kayıt Testi', is_subscriber: 0 });
    const booking = await env.DB.prepare('select customer_id, expires_at from bookings where id = ?')
      .bind(data.id)
      .first<any>();
    expect(booking.customer_id).toBe(customer.id);
  });

  it('the slot turns Beklemede with only the first name in the public calendar', async () => {
    const f = await pitchWithSlots();
    const slot = await slotAt(f.id, tomorrow(), '14:00');
    const phone = freshPhone();
    await api('/api/bookings', {
      method: 'POST',
      json: {
        facility: f.documentId,
        bookingSlot: slot.document_id,
        customerName: 'Zeynep Demir',
        customerPhone: phone,
      },
    });
    const res = await api(`/api/facilities/${f.slug}/slots?date=${tomorrow()}`);
    const text = await res.text();
    expect(text).not.toContain(phone);
    const { data } = JSON.parse(text) as SlotsAnswer;
    const shown = data.slots.find((s) => s.startTime === '14:00');
    expect(shown).toMatchObject({
      isAvailable: false,
      isPending: true,
      state: 'pending',
      booking: { customerName: 'Zeynep', status: 'pending' },
    });
  });
});

describe('tracking and subscriber look-ups', () => {
  it('tracks a booking by number without revealing the phone', async () => {
    const f = await pitchWithSlots();
    const slot = await slotAt(f.id, tomorrow(), '15:00');
    const phone = freshPhone();
    const created = (
      await json<BookingAnswer>(
        await api('/api/bookings', {
          method: 'POST',
          json: {
            facility: f.documentId,
            bookingSlot: slot.document_id,
            customerName: 'Takip Eden',
            customerPhone: phone,
          },
        }),
      )
    ).data;
    const res = await api(`/api/bookings/track/${created.bookingNumber.toLowerCase()}`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain(phone);
    const { data } = JSON.parse(text);
    expect(data).toMatchObject({
      bookingNumber: created.bookingNumber,
      status: 'pending',
      customerName: 'Takip Eden',
      isPast: false,
      totalPrice: 1500,
    });
    expect(data.customerPhoneMasked).toBe(`${phone.slice(0, 4)} *** ** ${phone.slice(9)}`);
    expect(data.facility).toMatchObject({ name: f.name, address: f.address, phone: '0224 000 00 00' });
  });

  it('track-by-phone lists only subscriber bookings, and subscription-info summarises them', async () => {
    const f = await pitchWithSlots();
    const phone = freshPhone();
    await env.DB.prepare('insert into customers (phone, name, is_subscriber) values (?, ?, 1)')
      .bind(phone, 'Abone Veli')
      .run();
    const slotA = await slotAt(f.id, addDays(istanbulToday(), 1), '18:00');
    const slotB = await slotAt(f.id, addDays(istanbulToday(), 2), '18:00');
    for (const [slot, sub] of [
      [slotA, 1],
      [slotB, 0],
    ] as const) {
      await env.DB.prepare(
        `insert into bookings (document_id, booking_number, facility_id, slot_id, customer_name, customer_phone, date, start_time, end_time, starts_at, slot_price, total_price, status, is_subscriber, is_recurring)
         select ?, ?, facility_id, id, 'Abone Veli', ?, date, start_time, end_time, starts_at, price, price, 'approved', ?, ? from booking_slots where id = ?`,
      )
        .bind(
          `doc${slot.id}`,
          `HSRABCDEFG${sub ? 'H' : 'J'}${String(slot.id % 10).replace(/[01]/, '2')}`.slice(0, 12),
          phone,
          sub,
          sub,
          slot.id,
        )
        .run();
    }
    const res = await api(
      `/api/bookings/track-by-phone/${phone.replace(/(\d{4})(\d{3})(\d{2})(\d{2})/, '$1 $2 $3 $4')}`,
    );
    expect(res.status).toBe(200);
    const body = await json<PhoneLookupAnswer>(res);
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({ isSubscriber: true, customerPhone: phone, date: addDays(istanbulToday(), 1) });
    expect(body.meta.customer).toMatchObject({ name: 'Abone V.', phone });

    const info = await json<SubscriptionInfoAnswer>(
      await api(`/api/bookings/subscription-info?customerPhone=${phone}`),
    );
    expect(info.data).toMatchObject({
      isSubscriber: true,
      customerName: 'Abone V.',
      totalBookings: 1,
      upcomingBookings: 1,
      nextBooking: { date: addDays(istanbulToday(), 1), time: '18:00' },
    });
  });

  it('a phone with no subscriber bookings gets an empty list with the documented text', async () => {
    const body = await json<PhoneLookupAnswer>(await api(`/api/bookings/track-by-phone/${freshPhone()}`));
    expect(body.data).toEqual([]);
    expect(body.meta.message).toBe('Bu telefon numarasına ait abone rezervasyonu bulunamadı.');
    const info = await json<SubscriptionInfoAnswer>(
      await api(`/api/bookings/subscription-info?customerPhone=${freshPhone()}`),
    );
    expect(info.data).toMatchObject({ isSubscriber: false, customerName: null, totalBookings: 0 });
  });
});

describe('cancelling by booking number', () => {
  it('frees the slot, records who and why, and refuses a second cancel with "zaten işlem görmüş"', async () => {
    const f = await pitchWithSlots();
    const date = addDays(istanbulToday(), 3);
    const slot = await slotAt(f.id, date, '19:00');
    const created = (
      await json<BookingAnswer>(
        await api('/api/bookings', {
          method: 'POST',
          json: {
            facility: f.documentId,
            bookingSlot: slot.document_id,
            customerName: 'İptal Eden',
            customerPhone: freshPhone(),
          },
        }),
      )
    ).data;

    const res = await api(`/api/bookings/cancel/${created.bookingNumber}`, { method: 'POST', json: {} });
    expect(res.status).toBe(200);
    const body = await json<CancelAnswer>(res);
    expect(body.data).toMatchObject({ status: 'cancelled', cancellationReason: 'Müşteri tarafından iptal edildi' });
    expect(body.meta.message).toBe('Rezervasyon başarıyla iptal edildi.');

    const history = await env.DB.prepare(
      'select from_status, to_status, reason, actor_type from booking_history where booking_id = ? order by id',
    )
      .bind(created.id)
      .all();
    expect(history.results.at(-1)).toEqual({
      from_status: 'pending',
      to_status: 'cancelled',
      reason: 'Müşteri tarafından iptal edildi',
      actor_type: 'customer',
    });
    const slots = (await json<SlotsAnswer>(await api(`/api/facilities/${f.slug}/slots?date=${date}`))).data.slots;
    expect(slots.find((s) => s.startTime === '19:00')).toMatchObject({ isAvailable: true, booking: null });

    const again = await api(`/api/bookings/cancel/${created.bookingNumber}`, {
      method: 'POST',
      json: { reason: 'tekrar' },
    });
    expect(again.status).toBe(409);
    expect((await json<ErrorBody>(again)).error.message).toContain('zaten işlem görmüş');
  });

  it('keeps a custom reason and works without a request body', async () => {
    const f = await pitchWithSlots();
    const slot = await slotAt(f.id, addDays(istanbulToday(), 3), '09:00');
    const created = (
      await json<BookingAnswer>(
        await api('/api/bookings', {
          method: 'POST',
          json: {
            facility: f.documentId,
            bookingSlot: slot.document_id,
            customerName: 'Neden Var',
            customerPhone: freshPhone(),
          },
        }),
      )
    ).data;
    const res = await api(`/api/bookings/cancel/${created.bookingNumber}`, {
      method: 'POST',
      json: { reason: '  Maç ertelendi ' },
    });
    expect((await json<CancelAnswer>(res)).data.cancellationReason).toBe('Maç ertelendi');

    const slot2 = await slotAt(f.id, addDays(istanbulToday(), 3), '10:00');
    const created2 = (
      await json<BookingAnswer>(
        await api('/api/bookings', {
          method: 'POST',
          json: {
            facility: f.documentId,
            bookingSlot: slot2.document_id,
            customerName: 'Gövdesiz',
            customerPhone: freshPhone(),
          },
        }),
      )
    ).data;
    const bare = await api(`/api/bookings/cancel/${created2.bookingNumber}`, { method: 'POST' });
    expect(bare.status).toBe(200);
  });

  it('a customer cancel in time leaves a received kapora received: nobody refunded it yet', async () => {
    const f = await pitchWithSlots();
    const slot = await slotAt(f.id, addDays(istanbulToday(), 3), '17:00');
    const created = (
      await json<BookingAnswer>(
        await api('/api/bookings', {
          method: 'POST',
          json: {
            facility: f.documentId,
            bookingSlot: slot.document_id,
            customerName: 'Ödeyen Kişi',
            customerPhone: freshPhone(),
          },
        }),
      )
    ).data;
    await env.DB.prepare("update bookings set status = 'approved' where id = ?").bind(created.id).run();
    await env.DB.prepare(
      `insert into payments (document_id, booking_id, facility_id, kind, amount, method, at, staff_name)
       values ('kaporadoc' || ?1, ?1, ?2, 'deposit', 30000, 'transfer', ?3, 'Test Personel')`,
    )
      .bind(created.id, f.id, Date.now())
      .run();
    const { data } = await json<CancelAnswer>(
      await api(`/api/bookings/cancel/${created.bookingNumber}`, { method: 'POST', json: {} }),
    );
    expect(data).toMatchObject({ status: 'cancelled', paymentStatus: 'paid' });
  });
});
