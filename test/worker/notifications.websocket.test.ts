// The staff bell's live feed (behaviour.md#management-panel 'Notifications'; api.md 'WebSocket GET /api/notifications/live'): every signed-in
// tab hears new notifications, reads and deletes as they happen, whoever caused them.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  api,
  type BookingAnswer,
  createFacility,
  createSlots,
  createStaff,
  freshPhone,
  istanbulToday,
  json,
  type NotificationAnswer,
  slotAt,
  tokenFor,
} from './fixtures';
import { connectBell as connect } from './fixtures/staff-bell';

let admin: Awaited<ReturnType<typeof createStaff>>;
let manager: Awaited<ReturnType<typeof createStaff>>;
let adminToken: string;
let managerToken: string;

beforeAll(async () => {
  admin = await createStaff('admin');
  manager = await createStaff('manager');
  adminToken = await tokenFor(admin, 'admin');
  managerToken = await tokenFor(manager, 'manager');
});

const post = async (title: string, as = adminToken) => {
  const res = await api('/api/notifications', {
    method: 'POST',
    token: as,
    json: { title, message: 'Canlı deneme', priority: 'high' },
  });
  expect(res.status).toBe(201);
  return (await json<NotificationAnswer>(res)).data;
};

describe('the staff live feed', () => {
  it('greets the socket with the signed-in user, by ?token= or by the session cookie', async () => {
    const byToken = await connect({ token: managerToken });
    expect(byToken.messages[0]).toEqual({ type: 'hello', userId: manager.id });
    const byCookie = await connect({ cookie: adminToken });
    expect(byCookie.messages[0]).toEqual({ type: 'hello', userId: admin.id });
    byToken.close();
    byCookie.close();
  });

  it('pushes a posted notification, exactly as the API answered it, to every staff socket', async () => {
    const adminBell = await connect({ token: adminToken });
    const managerBell = await connect({ cookie: managerToken });
    const created = await post('Canlı bildirim');
    for (const bell of [adminBell, managerBell]) {
      const pushed = await bell.next((m) => m.type === 'notification' && m.notification.id === created.id);
      expect(pushed).toEqual({ type: 'notification', notification: created });
    }
    adminBell.close();
    managerBell.close();
  });

  it('pushes a booking made on the public site as booking_created, and a staff approval as booking_updated', async () => {
    const bell = await connect({ token: managerToken });
    const f = await createFacility();
    await createSlots(f, 2, 2);
    const slot = await slotAt(f.id, addDays(istanbulToday(), 2), '21:00');
    const booking = (
      await json<BookingAnswer>(
        await api('/api/bookings', {
          method: 'POST',
          json: {
            facility: f.documentId,
            bookingSlot: slot.document_id,
            customerName: 'Canlı Müşteri',
            customerPhone: freshPhone(),
          },
        }),
      )
    ).data;
    const created = await bell.next(
      (m) =>
        m.type === 'notification' &&
        m.notification.bookingId === booking.id &&
        m.notification.type === 'booking_created',
    );
    expect(created.notification).toMatchObject({ title: 'Yeni Rezervasyon', isRead: false, facilityId: f.id });
    expect(created.notification.message).toContain('Canlı Müşteri');

    expect(
      (await api(`/api/bookings/${booking.documentId}/approve`, { method: 'POST', token: adminToken, json: {} }))
        .status,
    ).toBe(200);
    const updated = await bell.next(
      (m) =>
        m.type === 'notification' &&
        m.notification.bookingId === booking.id &&
        m.notification.type === 'booking_updated',
    );
    expect(updated.notification).toMatchObject({ title: 'Rezervasyon Onaylandı' });

    expect(
      (
        await api(`/api/bookings/${booking.documentId}/reject`, {
          method: 'POST',
          token: adminToken,
          json: { reason: 'Canlı red' },
        })
      ).status,
    ).toBe(200);
    await bell.next(
      (m) =>
        m.type === 'notification' &&
        m.notification.bookingId === booking.id &&
        m.notification.type === 'booking_cancelled',
    );
    bell.close();
  });

  it('tells every socket when one is marked read, when all are, and when one is deleted', async () => {
    const watcher = await connect({ token: managerToken });
    const first = await post('Okunacak canlı');
    const second = await post('Silinecek canlı');
    await watcher.next((m) => m.type === 'notification' && m.notification.id === second.id);

    expect((await api(`/api/notifications/${first.id}/mark-read`, { method: 'POST', token: adminToken })).status).toBe(
      200,
    );
    expect(await watcher.next((m) => m.type === 'read' && m.id === first.id)).toEqual({ type: 'read', id: first.id });

    expect((await api('/api/notifications/mark-all-read', { method: 'PUT', token: adminToken })).status).toBe(200);
    expect(await watcher.next((m) => m.type === 'read' && m.id === 'all')).toEqual({ type: 'read', id: 'all' });

    expect((await api(`/api/notifications/${second.id}`, { method: 'DELETE', token: adminToken })).status).toBe(200);
    expect(await watcher.next((m) => m.type === 'deleted')).toEqual({ type: 'deleted', id: second.id });
    watcher.close();
  });

  it('a refused mark-read or delete announces nothing', async () => {
    const watcher = await connect({ token: adminToken });
    expect((await api('/api/notifications/99999998/mark-read', { method: 'POST', token: adminToken })).status).toBe(
      404,
    );
    expect((await api('/api/notifications/99999998', { method: 'DELETE', token: adminToken })).status).toBe(404);
    expect(await watcher.heard((m) => m.type === 'read' || m.type === 'deleted')).toBe(false);
    watcher.close();
  });

  it('answers ping with pong', async () => {
    const bell = await connect({ token: adminToken });
    bell.ws.send('ping');
    expect(await bell.next((m) => m === 'pong')).toBe('pong');
    bell.close();
  });

  it("a read reported by one tab reaches the same user's other tabs only", async () => {
    const tabA = await connect({ token: adminToken });
    const tabB = await connect({ cookie: adminToken });
    const otherUser = await connect({ token: managerToken });
    tabA.ws.send(JSON.stringify({ type: 'read', id: 4242 }));
    expect(await tabB.next((m) => m.type === 'read' && m.id === 4242)).toEqual({ type: 'read', id: 4242 });
    expect(await otherUser.heard((m) => m.type === 'read' && m.id === 4242)).toBe(false);
    expect(tabA.messages.some((m) => typeof m === 'object' && m.type === 'read' && m.id === 4242)).toBe(false);
    // Anything else a client sends is ignored.
    tabA.ws.send(JSON.stringify({ type: 'deleted', id: 1 }));
    tabA.ws.send('{not json');
    tabA.ws.send(JSON.stringify({ type: 'read', id: 'some' }));
    expect(await tabB.heard((m) => m.type === 'deleted' && m.id === 1)).toBe(false);
    expect(tabB.messages.some((m) => typeof m === 'object' && m.id === 'some')).toBe(false);
    for (const s of [tabA, tabB, otherUser]) s.close();
  });
});
