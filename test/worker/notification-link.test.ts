// A notification opens the booking it is about (docs/behaviour.md#notifications): its wire names the booking by its
// number, which the panel links as /yonetim/rezervasyonlar?booking=<number> and the detail route reads; a notification
// about no booking names none.
import { describe, expect, it } from 'vitest';
import {
  addDays,
  api,
  type BookingDetailAnswer,
  bookViaApi,
  createFacility,
  createSlots,
  createStaff,
  istanbulToday,
  json,
  type NotificationAnswer,
  type NotificationListAnswer,
  tokenFor,
} from './fixtures';

describe('notification wire: the booking it is about', () => {
  it('a booking notification carries the booking number, and the detail route opens that booking by it', async () => {
    const f = await createFacility({ name: 'Bildirim Sahası' });
    await createSlots(f, 0, 3);
    const token = await tokenFor(await createStaff('manager'), 'manager');
    const { booking } = await bookViaApi(f, addDays(istanbulToday(), 1), '20:00', { customerName: 'Link Testi' });
    const list = await json<NotificationListAnswer>(
      await api('/api/notifications/all?q=Link%20Testi&pageSize=10', { token }),
    );
    const mine = list.data.filter((n) => n.bookingNumber === booking.bookingNumber);
    expect(mine).toHaveLength(1);
    expect(mine[0].bookingId).not.toBeNull();

    // The link's target: the detail dialog reads the booking by that number.
    const res = await api(`/api/bookings/${encodeURIComponent(mine[0].bookingNumber!)}`, { token });
    expect(res.status).toBe(200);
    expect((await json<BookingDetailAnswer>(res)).data.documentId).toBe(booking.documentId);

    // The unread list (the bell) carries it too.
    const unread = await json<NotificationListAnswer>(await api('/api/notifications/unread', { token }));
    expect(unread.data.find((n) => n.bookingId === mine[0].bookingId)?.bookingNumber).toBe(booking.bookingNumber);
  });

  it('a notification about no booking links none', async () => {
    const token = await tokenFor(await createStaff('admin'), 'admin');
    const res = await api('/api/notifications', {
      method: 'POST',
      token,
      json: { title: 'Deneme', message: 'Bağlantısız bildirim', type: 'system' },
    });
    expect(res.status).toBe(201);
    expect((await json<NotificationAnswer>(res)).data.bookingNumber).toBeNull();
  });
});
