// An overnight pitch (open 18:00–02:00) lists 00:00 and 01:00 under the business day of the evening before: the 00:00
// slot of Monday is played on Tuesday. Every text the API writes for a person (staff notifications) names the real
// calendar date with the business day as context, and every answer a screen formats carries the real start instant.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, istanbulToday, TR_WEEKDAYS, trLongDate, weekdayIndex } from '../../contracts/dates';
import { notificationText } from '../../contracts/events';
import {
  api,
  type BookingListAnswer,
  bookingForm,
  bookViaApi,
  type CustomerDetailAnswer,
  createFacility,
  createSlots,
  createStaff,
  everyDay,
  expectError,
  freshPhone,
  json,
  postBooking,
  type SlotsAnswer,
  type SubscriberListAnswer,
  slotAt,
  tokenFor,
} from './fixtures';

let admin: string;
let f: Awaited<ReturnType<typeof createFacility>>;
/** Business days ahead, well out of any 24-hour cancel window. */
const day = (n: number) => addDays(istanbulToday(), n);
/** '1 Aralık 2026 Salı 00:00 · Pazartesi gecesi' for the 00:00 of business day `date`, written out independently. */
const real = (date: string, time = '00:00') =>
  `${trLongDate(addDays(date, 1))} ${time} · ${TR_WEEKDAYS[weekdayIndex(date)]} gecesi`;
/** What the notifications said before: the business day with the after-midnight time. */
const wrong = (date: string, time = '00:00') => `${trLongDate(date)} ${time}`;

beforeAll(async () => {
  admin = await tokenFor(await createStaff('admin'));
  f = await createFacility({ name: 'Gece Arena', workingHours: everyDay('18:00', '02:00') });
  await createSlots(f, 2, 8);
});

const NIGHT_PLAYER = { customerName: 'Gece Oyuncu' };

/** The notifications' texts as staff read them: rendered from each stored event (contracts/events.ts). */
const messagesOf = async (bookingNumberOrName: string) =>
  (
    await env.DB.prepare(
      `select n.title, n.message, n.kind, n.facts from notifications n join bookings b on b.id = n.booking_id
       where b.booking_number = ? or b.customer_name = ? order by n.id`,
    )
      .bind(bookingNumberOrName, bookingNumberOrName)
      .all<{ title: string; message: string; kind: string | null; facts: string | null }>()
  ).results.map(notificationText);

describe('after-midnight slots in what the API writes', () => {
  it('the new-booking notification names the real calendar date and the business night', async () => {
    const date = day(3);
    const { booking } = await bookViaApi(f, date, '00:00', NIGHT_PLAYER);
    expect(booking.date).toBe(date);
    const [created] = await messagesOf(booking.bookingNumber);
    expect(created.title).toBe('Yeni Rezervasyon');
    expect(created.message).toBe(`Gece Oyuncu · Gece Arena · ${real(date)}`);
    expect(created.message).not.toContain(wrong(date));
    // An evening slot keeps its own date, with no night named.
    const evening = await bookViaApi(f, date, '22:00', NIGHT_PLAYER);
    const [eveningCreated] = await messagesOf(evening.booking.bookingNumber);
    expect(eveningCreated.message).toBe(`Gece Oyuncu · Gece Arena · ${trLongDate(date)} 22:00`);
  });

  it('approval and the customer cancel write the real date too', async () => {
    const date = day(4);
    const { booking, phone } = await bookViaApi(f, date, '01:00', NIGHT_PLAYER);
    const approved = await api(`/api/bookings/${booking.documentId}/approve`, {
      method: 'POST',
      token: admin,
      json: {},
    });
    expect(approved.status).toBe(200);
    const cancelled = await api(`/api/bookings/cancel/${booking.bookingNumber}`, {
      method: 'POST',
      json: { customerPhone: phone },
    });
    expect(cancelled.status).toBe(200);
    const messages = (await messagesOf(booking.bookingNumber)).map((m) => m.message);
    expect(messages).toHaveLength(3);
    for (const m of messages) {
      expect(m).toContain(real(date, '01:00'));
      expect(m).not.toContain(wrong(date, '01:00'));
    }
  });

  it('a staff cancel of an approved booking writes the real date', async () => {
    const date = day(5);
    const { booking } = await bookViaApi(f, date, '00:00', NIGHT_PLAYER);
    await api(`/api/bookings/${booking.documentId}/approve`, { method: 'POST', token: admin, json: {} });
    const res = await api(`/api/bookings/${booking.documentId}/cancel`, {
      method: 'POST',
      token: admin,
      json: { reason: 'Saha bakımda' },
    });
    expect(res.status).toBe(200);
    const last = (await messagesOf(booking.bookingNumber)).at(-1)!;
    expect(last.message).toContain(real(date));
  });
});

describe('after-midnight slots in the answers screens format', () => {
  it('the public slots, the panel list and the customer history carry the real start instant', async () => {
    const date = day(6);
    const { booking, slot, phone } = await bookViaApi(f, date, '00:00', NIGHT_PLAYER);
    const iso = new Date(slot.starts_at).toISOString();
    expect(iso).toBe(new Date(`${addDays(date, 1)}T00:00:00+03:00`).toISOString());

    const slots = (await json<SlotsAnswer>(await api(`/api/facilities/${f.slug}/slots?date=${date}`))).data.slots;
    const midnight = slots.find((s: { startTime: string }) => s.startTime === '00:00');
    expect(midnight).toMatchObject({ date, startsAt: iso });

    const list = await json<BookingListAnswer>(await api(`/api/bookings?q=${booking.bookingNumber}`, { token: admin }));
    const item = list.data.find((b: { bookingNumber: string }) => b.bookingNumber === booking.bookingNumber);
    expect(item).toMatchObject({ date, startTime: '00:00', startsAt: iso });

    const customer = await env.DB.prepare('select id from customers where phone = ?')
      .bind(phone)
      .first<{ id: number }>();
    const history = (
      await json<CustomerDetailAnswer>(await api(`/api/bookings/customers/${customer!.id}`, { token: admin }))
    ).data.bookings;
    expect(history[0]).toMatchObject({ bookingNumber: booking.bookingNumber, date, startsAt: iso });
  });

  it("the same-day warning's existing booking carries the real start instant", async () => {
    const date = day(7);
    const phone = freshPhone();
    const { slot } = await bookViaApi(f, date, '00:00', { ...NIGHT_PLAYER, customerPhone: phone });
    const other = await slotAt(f.id, date, '20:00');
    const err = await expectError(
      await postBooking(bookingForm(f, other, { ...NIGHT_PLAYER, customerPhone: phone })),
      409,
    );
    expect(err.details.existingBooking).toMatchObject({
      date,
      time: '00:00',
      startsAt: new Date(slot.starts_at).toISOString(),
    });
  });
});

describe('an after-midnight weekly hour in the subscriber list', () => {
  it("reads on its real weekday with the business night ('Salı 00:00 · Pazartesi gecesi'), and Sıradaki on its real date", async () => {
    const start = day(8);
    const weekday = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'][weekdayIndex(start)];
    const res = await api('/api/bookings/create-subscription', {
      method: 'POST',
      token: admin,
      json: {
        customerName: 'Gece Abonesi',
        customerPhone: freshPhone(),
        facility: f.documentId,
        dayOfWeek: weekday,
        timeSlot: '00:00',
        startDate: start,
        weekCount: 1,
      },
    });
    expect(res.status).toBe(201);
    const list = await json<SubscriberListAnswer>(
      await api('/api/bookings/subscriptions?search=Gece%20Abonesi', { token: admin }),
    );
    const row = list.data.find((s) => s.customerName === 'Gece Abonesi')!;
    expect(row.day).toBe(TR_WEEKDAYS[weekdayIndex(start)]);
    expect(row.slotText).toBe(
      `${TR_WEEKDAYS[weekdayIndex(addDays(start, 1))]} 00:00 · ${TR_WEEKDAYS[weekdayIndex(start)]} gecesi`,
    );
    expect(row.nextBooking!.date).toBe(start);
    expect(istanbulToday(Date.parse(row.nextBooking!.startsAt!))).toBe(addDays(start, 1));
  });
});
