// What players paste: a booking number with dashes, spaces, lower case or a closing full stop opens the same booking on
// every route that takes one, and counts against that one number's look-up limit; a phone with a digit too many is
// refused with the phone message on every route that takes one, never cut to 11 digits; +90 in front is a real paste
// (behaviour.md#time-money-and-identity).
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { msg } from '../../contracts/messages';
import {
  addDays,
  api,
  type BookingAnswer,
  bookingForm,
  bookViaApi,
  type CancelAnswer,
  createFacility,
  createSlots,
  createStaff,
  expectError,
  freshPhone,
  type Invalid,
  istanbulToday,
  json,
  type PhoneLookupAnswer,
  postBooking,
  slotAt,
  tokenFor,
} from './fixtures';

type Facility = Awaited<ReturnType<typeof createFacility>>;
let f: Facility;
let ip = 0;
/** Each call from its own address: only the per-number limit is in play. */
const from = () => `10.26.0.${++ip % 250}`;

beforeAll(async () => {
  f = await createFacility();
  await createSlots(f, 0, 4);
});

/** How a number reaches the field from a message, a screenshot's text or a friend's note. */
const pastes = (n: string) => [
  `HSR-${n.slice(3)}`,
  `${n.slice(0, 3)}-${n.slice(3, 7)}-${n.slice(7)}`,
  ` ${n.slice(0, 3).toLowerCase()} ${n.slice(3, 7).toLowerCase()} ${n.slice(7).toLowerCase()} `,
  `${n}.`,
  `\u00a0${n}\u200b`,
  `${n.slice(0, 3)}\u2013${n.slice(3)}`,
];

describe('a pasted booking number', () => {
  it('opens the booking on tracking however it was pasted', async () => {
    const { booking } = await bookViaApi(f, addDays(istanbulToday(), 2), '20:00');
    for (const typed of pastes(booking.bookingNumber)) {
      const res = await api(`/api/bookings/track/${encodeURIComponent(typed)}`, { ip: from() });
      expect(res.status, JSON.stringify(typed)).toBe(200);
      expect((await json<BookingAnswer>(res)).data.bookingNumber).toBe(booking.bookingNumber);
    }
  });

  it('cancels by the pasted number too', async () => {
    const { booking } = await bookViaApi(f, addDays(istanbulToday(), 3), '20:00');
    const dashed = `${booking.bookingNumber.slice(0, 3)}-${booking.bookingNumber.slice(3)}.`;
    const res = await api(`/api/bookings/cancel/${encodeURIComponent(dashed)}`, {
      method: 'POST',
      json: {},
      ip: from(),
    });
    expect(res.status).toBe(200);
    expect((await json<CancelAnswer>(res)).data.status).toBe('cancelled');
  });

  it('still refuses what is no booking number, in Turkish', async () => {
    for (const typed of ['HSR-K4G3-NB82', 'HSR K4G3 NB82G X', 'HSR_K4G3NB82G', 'HSRO4G3NB82G', 'HSR-K4G3-NB82G-2']) {
      const error = await expectError<Invalid>(
        await api(`/api/bookings/track/${encodeURIComponent(typed)}`, { ip: from() }),
        400,
      );
      expect(error.details.errors, typed).toContainEqual({
        path: ['bookingNumber'],
        message: msg.bookingNumberInvalid,
      });
    }
  });

  it('counts every spelling against the one number: the look-up limit is not multiplied by dashes', async () => {
    const { booking } = await bookViaApi(f, addDays(istanbulToday(), 4), '20:00');
    const spellings = pastes(booking.bookingNumber);
    // RATE_LIMIT_LOOKUP_PER_TARGET is 30 in the test Worker (vitest.config.ts).
    for (let i = 0; i < 30; i++) {
      const res = await api(`/api/bookings/track/${encodeURIComponent(spellings[i % spellings.length])}`, {
        ip: from(),
      });
      expect(res.status).toBe(200);
    }
    await expectError(await api(`/api/bookings/track/HSR-${booking.bookingNumber.slice(3)}`, { ip: from() }), 429);
  });
});

describe('a pasted phone with a digit too many', () => {
  let subscriber: string;
  beforeAll(async () => {
    subscriber = freshPhone();
    await env.DB.prepare('insert into customers (phone, name, is_subscriber) values (?, ?, 1)')
      .bind(subscriber, 'Abone Yapıştıran')
      .run();
    const slot = await slotAt(f.id, addDays(istanbulToday(), 1), '18:00');
    await env.DB.prepare(
      `insert into bookings (document_id, booking_number, facility_id, slot_id, customer_name, customer_phone, date,
         start_time, end_time, starts_at, slot_price, total_price, status, is_subscriber)
       values ('doc-pasted-phone', 'HSRPASTED2ZZ', ?, ?, 'Abone Yapıştıran', ?, ?, '18:00', '19:00', ?, ?, ?, 'approved', 1)`,
    )
      .bind(f.id, slot.id, subscriber, addDays(istanbulToday(), 1), slot.starts_at, slot.price, slot.price)
      .run();
  });

  it('the subscriber look-up takes +90 and 90 in front as the same mobile', async () => {
    const national = subscriber.slice(1);
    for (const typed of [`90${national}`, `+90 ${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`]) {
      const res = await api(`/api/bookings/track-by-phone/${encodeURIComponent(typed)}`, { ip: from() });
      expect(res.status, typed).toBe(200);
      const body = await json<PhoneLookupAnswer>(res);
      expect(body.data.map((b) => b.customerPhone)).toEqual([subscriber]);
    }
  });

  it('the subscriber look-up refuses 12 digits with the phone message instead of finding the first 11', async () => {
    for (const typed of [`${subscriber}8`, `${subscriber.slice(1)}89`, '123456789012', `90${subscriber}`]) {
      const error = await expectError<Invalid>(
        await api(`/api/bookings/track-by-phone/${encodeURIComponent(typed)}`, { ip: from() }),
        400,
      );
      expect(error.details.errors, typed).toContainEqual({ path: ['phone'], message: msg.phoneInvalid });
    }
  });

  it('the booking form refuses it with the phone message and books nothing', async () => {
    const slot = await slotAt(f.id, addDays(istanbulToday(), 1), '21:00');
    const error = await expectError<Invalid>(
      await postBooking(bookingForm(f, slot, { customerPhone: `${freshPhone()}7` }), { ip: from() }),
      400,
    );
    expect(error.details.errors).toContainEqual({ path: ['customerPhone'], message: msg.phoneInvalid });
    const held = await env.DB.prepare('select count(*) as n from bookings where slot_id = ?').bind(slot.id).first();
    expect(held).toEqual({ n: 0 });
  });

  it("the panel's staff booking refuses it with the same message", async () => {
    const token = await tokenFor(await createStaff('admin'));
    const slot = await slotAt(f.id, addDays(istanbulToday(), 1), '22:00');
    const error = await expectError<Invalid>(
      await api('/api/bookings/staff', {
        method: 'POST',
        token,
        json: {
          facility: f.documentId,
          bookingSlot: slot.document_id,
          customerName: 'Telefonla Arayan',
          customerPhone: `+90 ${freshPhone().slice(1)} 4`,
          channel: 'phone',
          status: 'approved',
          deposit: { mode: 'due' },
        },
      }),
      400,
    );
    expect(error.details.errors).toContainEqual({ path: ['customerPhone'], message: msg.phoneInvalid });
  });
});
