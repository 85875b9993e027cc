import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { facilityEvent } from '../../contracts/socket/facility';
import { staffHubEvent } from '../../contracts/socket/staff-hub';
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
  slotAt,
  tokenFor,
} from './fixtures';

async function connect(path: string, headers: Record<string, string> = {}) {
  const res = await exports.default.fetch(
    new Request(`http://localhost${path}`, { headers: { Upgrade: 'websocket', ...headers } }),
  );
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  const messages: any[] = [];
  const waiters: Array<() => void> = [];
  ws.addEventListener('message', (e) => {
    messages.push(typeof e.data === 'string' && e.data.startsWith('{') ? JSON.parse(e.data) : e.data);
    for (const w of waiters.splice(0)) w();
  });
  ws.accept();
  const next = async (pred: (m: any) => boolean, timeoutMs = 2000) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const found = messages.find(pred);
      if (found) return found;
      await new Promise<void>((r) => {
        waiters.push(r);
        setTimeout(r, 50);
      });
    }
    throw new Error(`no matching message in ${JSON.stringify(messages)}`);
  };
  return { ws, messages, next };
}

describe('visitors watching a pitch see slot changes live', () => {
  it('a booking elsewhere turns the slot Beklemede and a cancel frees it, over the pitch WebSocket', async () => {
    const f = await createFacility();
    const date = addDays(istanbulToday(), 3);
    await createSlots(f, 3, 3);
    const slot = await slotAt(f.id, date, '20:00');
    const watcher = await connect(`/api/facilities/${f.slug}/live`);
    await watcher.next((m) => m.type === 'hello');

    const created = (
      await json<BookingAnswer>(
        await api('/api/bookings', {
          method: 'POST',
          json: {
            facility: f.documentId,
            bookingSlot: slot.document_id,
            customerName: 'Canlı Test',
            customerPhone: freshPhone(),
          },
        }),
      )
    ).data;
    const taken = await watcher.next((m) => m.type === 'slot' && m.slot.state === 'pending');
    expect(taken).toMatchObject({
      facility: f.documentId,
      slot: {
        documentId: slot.document_id,
        date,
        startTime: '20:00',
        isAvailable: false,
        booking: { customerName: 'Canlı', status: 'pending' },
      },
    });
    expect(JSON.stringify(taken)).not.toContain(created.customerPhone);

    await api(`/api/bookings/cancel/${created.bookingNumber}`, { method: 'POST', json: {} });
    const freed = await watcher.next((m) => m.type === 'slot' && m.slot.state === 'available');
    expect(freed.slot).toMatchObject({ documentId: slot.document_id, isAvailable: true, booking: null });

    watcher.ws.send('ping');
    await watcher.next((m) => m === 'pong');
    // Every frame the pitch sent is one of the contract's messages (the calendars drop anything else).
    for (const m of watcher.messages.filter((x) => typeof x === 'object'))
      expect(facilityEvent.safeParse(m).success).toBe(true);
    watcher.ws.close(1000, 'done');
  });

  it('an unknown or inactive pitch has no live channel, and a plain GET is refused', async () => {
    expect((await api('/api/facilities/yok-boyle/live', { headers: { Upgrade: 'websocket' } })).status).toBe(404);
    const inactive = await createFacility({ isActive: false });
    expect((await api(`/api/facilities/${inactive.slug}/live`, { headers: { Upgrade: 'websocket' } })).status).toBe(
      404,
    );
    expect((await api(`/api/facilities/${inactive.slug}/live`)).status).toBe(400);
  });
});

describe('staff bell hub', () => {
  it('pushes a new booking notification to a signed-in staff socket and refuses anonymous sockets', async () => {
    const admin = await createStaff('admin');
    const token = await tokenFor(admin);
    expect((await api('/api/notifications/live', { headers: { Upgrade: 'websocket' } })).status).toBe(401);
    const bell = await connect('/api/notifications/live', { cookie: `hs_session=${token}` });
    await bell.next((m) => m.type === 'hello' && m.userId === admin.id);

    const f = await createFacility();
    await createSlots(f, 3, 3);
    const slot = await slotAt(f.id, addDays(istanbulToday(), 3), '21:00');
    const created = (
      await json<BookingAnswer>(
        await api('/api/bookings', {
          method: 'POST',
          json: {
            facility: f.documentId,
            bookingSlot: slot.document_id,
            customerName: 'Zil Testi',
            customerPhone: freshPhone(),
          },
        }),
      )
    ).data;
    const pushed = await bell.next((m) => m.type === 'notification' && m.notification.bookingId === created.id);
    expect(pushed.notification).toMatchObject({ type: 'booking_created', isRead: false, title: 'Yeni Rezervasyon' });
    expect(pushed.notification.message).toContain('Zil Testi');
    for (const m of bell.messages) expect(staffHubEvent.safeParse(m).success).toBe(true);
    bell.ws.close(1000, 'done');
  });
});
