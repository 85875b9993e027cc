// The tracking answer carries the booking's real start instant: the tracking page judges the 24-hour cancel
// rule from it, and an overnight slot's business date is the day before its start (behaviour.md#time-money-and-identity).
import { describe, expect, it } from 'vitest';
import {
  addDays,
  api,
  type BookingAnswer,
  createFacility,
  everyDay,
  freshPhone,
  insertSlot,
  istanbulToday,
  json,
} from './fixtures';

describe('tracking answer', () => {
  it('gives startsAt, the real instant, also for an overnight slot listed under the previous business date', async () => {
    const f = await createFacility({ workingHours: everyDay('18:00', '02:00') });
    const date = addDays(istanbulToday(), 5);
    // 00:30 after the evening of `date`: the next calendar day in Istanbul (UTC+3).
    const startsAt = Date.parse(`${addDays(date, 1)}T00:30:00+03:00`);
    const slot = await insertSlot(f.id, date, '00:30', startsAt);
    const created = await api('/api/bookings', {
      method: 'POST',
      json: { facility: f.documentId, bookingSlot: slot, customerName: 'Gece Maçı', customerPhone: freshPhone() },
    });
    expect(created.status).toBe(201);
    const { data: booking } = await json<BookingAnswer>(created);

    const { data } = await json<BookingAnswer>(await api(`/api/bookings/track/${booking.bookingNumber}`));
    expect(data.date).toBe(date);
    expect(data.startTime).toBe('00:30');
    expect(data.startsAt).toBe(new Date(startsAt).toISOString());
    // Read naively from date + time it would be a day early.
    expect(Date.parse(data.startsAt!) - Date.parse(`${date}T00:30:00+03:00`)).toBe(86_400_000);
  });
});
