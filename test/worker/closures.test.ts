// Closures (docs/behaviour.md#closures): the preview, the confirmation with a cancel (deposit refunded) and a move, the
// closed slots in every read (public slots, the panel calendar, 'Boş saat bul', occupancy), the D1 guarantee, slot
// generation never reopening a closed slot, lifting, and the refusals.
import { env, exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { closureMsg } from '../../contracts/closure-input';
import type {
  ClosureAlternativeWire,
  ClosureCreatedWire,
  ClosurePreviewWire,
  ClosureWire,
} from '../../contracts/closures';
import type { FreeHoursWire } from '../../contracts/free-hours';
import type { CalendarWire } from '../../contracts/wire/calendar';
import type { SlotWire } from '../../contracts/wire/slot';
import { generateSlots } from '../../worker/src/services/slots';
import {
  type Answer,
  addDays,
  api,
  bookingForm,
  bookViaApi,
  createFacility,
  createSlots,
  createStaff,
  db,
  type ErrorBody,
  expectError,
  freshPhone,
  insertBookingRow,
  istanbulToday,
  json,
  postBooking,
  rowsOf,
  slotAt,
  tokenFor,
} from './fixtures';
import { browserSubscription, freshEndpoint, playPushService } from './fixtures/push-service';

const day = addDays(istanbulToday(), 2);
let token: string;

beforeAll(async () => {
  const staff = await createStaff('manager');
  token = await tokenFor(staff, 'manager');
});

type Pitch = Awaited<ReturnType<typeof createFacility>>;
const windowOf = (pitches: Pitch[], extra: Record<string, unknown> = {}) => ({
  facilities: pitches.map((p) => p.documentId),
  from: day,
  to: day,
  startTime: '18:00',
  endTime: '23:00',
  reason: 'weather',
  note: 'Yoğun yağmur nedeniyle saha kapalı',
  ...extra,
});

const post = (path: string, body: unknown) => api(path, { method: 'POST', json: body, token });

async function publicSlots(p: Pitch, date = day) {
  const res = await api(`/api/facilities/${p.documentId}/slots?date=${date}&fresh=1`);
  expect(res.status).toBe(200);
  return (await json<Answer<{ slots: SlotWire[] }>>(res)).data.slots;
}

describe('closing an evening with two bookings', () => {
  it('previews, refuses an undecided hit, cancels one with a refund, moves the other, and lifts', async () => {
    const location = `Kapanış${Math.random().toString(36).slice(2, 8)}, Bursa`;
    const f = await createFacility({ location });
    const other = await createFacility({ location });
    await createSlots(f, 2, 2);
    await createSlots(other, 2, 2);
    const a = await bookViaApi(f, day, '19:00');
    const b = await bookViaApi(f, day, '21:00');
    // A deposit received on the first: the cancel refunds it.
    const paid = await post(`/api/bookings/${a.booking.documentId}/payments`, {
      kind: 'deposit',
      amount: 200,
      method: 'transfer',
      approve: true,
    });
    expect(paid.status).toBe(200);

    // A player waits for the taken 21:00: the closure ends the entry.
    const waiting = await api('/api/waitlist', {
      method: 'POST',
      json: {
        facility: f.documentId,
        bookingSlot: b.slot.document_id,
        customerName: 'Ece Kaya',
        customerPhone: freshPhone(),
      },
    });
    expect(waiting.status).toBe(201);

    const preview = (await json<Answer<ClosurePreviewWire>>(await post('/api/closures/preview', windowOf([f])))).data;
    expect(preview.slotCount).toBe(5);
    expect(preview.waitlisted).toBe(1);
    expect(preview.hits.map((h) => h.bookingNumber)).toEqual([a.booking.bookingNumber, b.booking.bookingNumber]);
    expect(preview.hits[0]).toMatchObject({ status: 'approved', collectedKurus: 20000, customerPhone: a.phone });

    // A hit without a decision: 409 with the fresh preview, and nothing written.
    const undecided = await post('/api/closures', {
      ...windowOf([f]),
      decisions: [{ booking: a.booking.documentId, action: 'cancel', deposit: 'refund', method: 'cash' }],
    });
    const refused = await expectError<{ preview: ClosurePreviewWire }>(undecided, 409);
    expect(refused.message).toBe(closureMsg.changed);
    expect(refused.details.preview.hits).toHaveLength(2);
    expect(await rowsOf('select id from booking_slots where facility_id = ? and closure_id is not null', f.id)).toEqual(
      [],
    );

    const alternatives = (
      await json<Answer<{ items: ClosureAlternativeWire[] }>>(
        await post('/api/closures/alternatives', { ...windowOf([f]), booking: b.booking.documentId, date: day }),
      )
    ).data.items;
    // Never inside the window: the other pitch's 21:00 is the nearest free start.
    expect(alternatives.every((x) => x.facility.documentId === other.documentId || x.startTime < '18:00')).toBe(true);
    expect(alternatives[0]).toMatchObject({ facility: { documentId: other.documentId }, startTime: '21:00' });

    const res = await post('/api/closures', {
      ...windowOf([f]),
      decisions: [
        { booking: a.booking.documentId, action: 'cancel', deposit: 'refund', method: 'cash' },
        { booking: b.booking.documentId, action: 'move', toSlot: alternatives[0].slot },
      ],
    });
    expect(res.status).toBe(201);
    const created = (await json<Answer<ClosureCreatedWire>>(res)).data;
    expect(created.closure).toMatchObject({ slotCount: 5, cancelledCount: 1, movedCount: 1, reason: 'weather' });
    const [cancelOut, moveOut] = created.outcomes;
    expect(cancelOut.action).toBe('cancel');
    expect(moveOut).toMatchObject({ action: 'move', movedTo: { startTime: '21:00', facility: { slug: other.slug } } });
    // The prepared message names the pitch, the hour and the public note, never the booking number.
    const text = decodeURIComponent(moveOut.whatsappUrl!.split('?text=')[1]);
    expect(text).toContain('Yoğun yağmur');
    expect(text).not.toContain(b.booking.bookingNumber);

    expect(
      await rowsOf('select status from waitlist_entries where facility_id = ? and from_time = ?', f.id, '21:00'),
    ).toEqual([{ status: 'ended' }]);
    const [cancelled] = await rowsOf(
      'select status, payment_status, cancellation_reason from bookings where document_id = ?',
      a.booking.documentId,
    );
    expect(cancelled).toMatchObject({ status: 'cancelled', payment_status: 'refunded' });
    const [refund] = await rowsOf(
      "select p.note, p.method from payments p join bookings b on b.id = p.booking_id where b.document_id = ? and p.kind = 'refund'",
      a.booking.documentId,
    );
    expect(refund).toEqual({ note: closureMsg.refundNote, method: 'cash' });
    const [movedRow] = await rowsOf(
      'select booking_number, facility_id, status, start_time from bookings where document_id = ?',
      b.booking.documentId,
    );
    expect(movedRow).toEqual({
      booking_number: b.booking.bookingNumber,
      facility_id: other.id,
      status: 'pending',
      start_time: '21:00',
    });
    const history = await rowsOf(
      "select h.reason from booking_history h join bookings b on b.id = h.booking_id where b.document_id = ? and h.event = 'moved'",
      b.booking.documentId,
    );
    expect(history[0].reason).toMatch(/^Taşındı: .* → .* \(Hava durumu\)$/);
    // Tracking reads the booking: the new time.
    const tracked = await json<Answer<{ startTime: string }>>(
      await api(`/api/bookings/track/${b.booking.bookingNumber}`),
    );
    expect(tracked.data.startTime).toBe('21:00');

    // The public calendar: closed slots with the reason and the note, never a booking; the moved booking on the other pitch.
    const slots = await publicSlots(f);
    const evening = slots.filter((s) => s.startTime >= '18:00');
    expect(evening.every((s) => s.state === 'closed' && !s.isAvailable && s.booking === null)).toBe(true);
    expect(evening[0].closure).toEqual({ reason: 'weather', note: 'Yoğun yağmur nedeniyle saha kapalı' });
    expect(slots.find((s) => s.startTime === '17:00')?.state).toBe('available');
    expect((await publicSlots(other)).find((s) => s.startTime === '21:00')?.state).toBe('pending');

    // Nobody can book a closed slot.
    const closedSlot = await slotAt(f.id, day, '20:00');
    const booking = await postBooking(bookingForm(f, closedSlot));
    expect((await expectError(booking, 409)).message).toBe(closureMsg.slotClosed);
    // Nor wait for one: the waitlist says it is closed, not that it is free to book.
    const closedWait = await api('/api/waitlist', {
      method: 'POST',
      json: {
        customerName: 'Bekleyen Oyuncu',
        customerPhone: freshPhone(),
        facility: f.slug,
        bookingSlot: closedSlot.document_id,
      },
    });
    expect((await expectError(closedWait, 409)).message).toBe(closureMsg.slotClosed);

    // The panel calendar carries the closure's documentId; 'Boş saat bul' never offers a closed hour; occupancy leaves it out.
    const calendar = await json<Answer<CalendarWire>>(
      await api(`/api/facilities/${f.documentId}/calendar?from=${day}&to=${day}`, { token }),
    );
    expect(calendar.data.slots.find((s) => s.startTime === '20:00')?.closure?.documentId).toBe(
      created.closure.documentId,
    );
    const free = await json<Answer<FreeHoursWire>>(
      await api(
        `/api/availability/search?${new URLSearchParams({ gun: day, saat: '18:00-23:00', ilce: location.split(',')[0] })}`,
      ),
    );
    expect(free.data.facilities.map((p) => p.slug)).toEqual([other.slug]);
    const [stats] = await rowsOf(
      "select sum(closed) as closed from slot_hour_stats where facility_id = ? and date = ? and hour >= '18:00'",
      f.id,
      day,
    );
    expect(stats.closed).toBe(5);

    // The audit log has the closure.
    expect(
      await rowsOf(
        "select action from audit_log where entity_kind = 'closure' and entity_id = ?",
        created.closure.documentId,
      ),
    ).toEqual([{ action: 'create' }]);

    const current = (await json<Answer<{ items: ClosureWire[] }>>(await api('/api/closures?scope=current', { token })))
      .data;
    expect(current.items.some((c) => c.documentId === created.closure.documentId)).toBe(true);

    // Lifting: the slots reopen, the cancelled booking stays cancelled.
    const lifted = await api(`/api/closures/${created.closure.documentId}`, { method: 'DELETE', token });
    expect(lifted.status).toBe(200);
    expect((await json<Answer<ClosureWire>>(lifted)).data.liftedAt).not.toBeNull();
    const reopened = (await publicSlots(f)).filter((s) => s.startTime >= '18:00');
    expect(reopened.map((s) => s.state)).toEqual(['available', 'available', 'available', 'available', 'available']);
    expect((await rowsOf('select status from bookings where document_id = ?', a.booking.documentId))[0].status).toBe(
      'cancelled',
    );
    const [after] = await rowsOf(
      "select sum(closed) as closed from slot_hour_stats where facility_id = ? and date = ? and hour >= '18:00'",
      f.id,
      day,
    );
    expect(after.closed).toBe(0);
    const past = (await json<Answer<{ items: ClosureWire[] }>>(await api('/api/closures?scope=past', { token }))).data;
    expect(past.items.some((c) => c.documentId === created.closure.documentId)).toBe(true);
    expect(
      (await expectError(await api(`/api/closures/${created.closure.documentId}`, { method: 'DELETE', token }), 409))
        .message,
    ).toBe(closureMsg.alreadyLifted);
    expect((await expectError(await api('/api/closures/yok', { method: 'DELETE', token }), 404)).message).toBe(
      closureMsg.notFound,
    );
  });
});

describe('the guarantee and generation', () => {
  it('D1 refuses a booking on a closed slot and closing a booked one, whatever path writes', async () => {
    const f = await createFacility();
    await createSlots(f, 2, 2);
    const res = await post('/api/closures', {
      ...windowOf([f], { startTime: '20:00', endTime: '21:00' }),
      decisions: [],
    });
    expect(res.status).toBe(201);
    const closed = await slotAt(f.id, day, '20:00');
    await expect(insertBookingRow(closed, { facilityId: f.id, date: day, time: '20:00' })).rejects.toThrow(
      /closure_closed/,
    );
    const open = await slotAt(f.id, day, '19:00');
    await insertBookingRow(open, { facilityId: f.id, date: day, time: '19:00' });
    const [closure] = await rowsOf('select id from closures order by id desc limit 1');
    await expect(
      env.DB.prepare('update booking_slots set closure_id = ? where id = ?').bind(closure.id, open.id).run(),
    ).rejects.toThrow(/closure_booked/);
  });

  it('regeneration with overwrite and newly generated days create the window slots closed, never reopened', async () => {
    const f = await createFacility();
    await createSlots(f, 2, 2);
    const later = addDays(day, 1);
    const res = await post('/api/closures', {
      ...windowOf([f], { to: later, startTime: '22:00', endTime: '01:00' }),
      decisions: [],
    });
    expect(res.status).toBe(201);
    // The day after was not generated yet: generating it now creates its 22:00 closed.
    await generateSlots(db(), f, later, later, false);
    // Overwrite replaces the free slots: the closed ones come back closed.
    await generateSlots(db(), f, day, day, true);
    for (const d of [day, later]) {
      const slots = await publicSlots(f, d);
      expect(slots.filter((s) => s.state === 'closed').map((s) => s.startTime)).toEqual(['22:00']);
    }
    // Occupancy's closed count (kept by triggers) matches the closed slots, per hour, through the deletes and inserts.
    const kept = await rowsOf(
      'select date, hour, closed from slot_hour_stats where facility_id = ? and closed <> 0 order by date, hour',
      f.id,
    );
    const counted = await rowsOf(
      `select date, substr(start_time, 1, 2) || ':00' as hour, count(*) as closed from booking_slots
        where facility_id = ? and closure_id is not null group by 1, 2 order by 1, 2`,
      f.id,
    );
    expect(kept).toEqual(counted);
    expect(counted).toHaveLength(2);
  });

  it('refuses what is not a window, and anonymous callers', async () => {
    const f = await createFacility();
    const bad = await post('/api/closures/preview', windowOf([f], { startTime: '18:00', endTime: null }));
    expect(bad.status).toBe(400);
    const backwards = await post('/api/closures/preview', windowOf([f], { from: addDays(day, 1), to: day }));
    expect(backwards.status).toBe(400);
    const unknown = await post('/api/closures/preview', windowOf([f], { facilities: ['yok'] }));
    expect((await json<ErrorBody>(unknown)).error.message).toBe(closureMsg.facilityNotFound);
    const anonymous = await api('/api/closures/preview', { method: 'POST', json: windowOf([f]) });
    expect(anonymous.status).toBe(401);
  });
});

describe('the live channel', () => {
  it('closing and lifting broadcast every slot they change', async () => {
    const f = await createFacility();
    await createSlots(f, 2, 2);
    const res = await exports.default.fetch(
      new Request(`http://localhost/api/facilities/${f.slug}/live`, { headers: { Upgrade: 'websocket' } }),
    );
    expect(res.status).toBe(101);
    const ws = res.webSocket!;
    const messages: Array<{ type: string; slot?: SlotWire }> = [];
    ws.addEventListener('message', (e) => messages.push(JSON.parse(String(e.data))));
    ws.accept();
    const slotsSeen = async (state: string, n: number) => {
      for (let i = 0; i < 40; i++) {
        const seen = messages.filter((m) => m.type === 'slot' && m.slot?.date === day && m.slot.state === state);
        if (seen.length >= n) return seen;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`no ${n} '${state}' slots in ${JSON.stringify(messages)}`);
    };
    const created = await post('/api/closures', {
      ...windowOf([f], { startTime: '21:00', endTime: '23:00' }),
      decisions: [],
    });
    expect(created.status).toBe(201);
    const closed = await slotsSeen('closed', 2);
    expect(closed.map((m) => m.slot!.startTime).sort()).toEqual(['21:00', '22:00']);
    expect(closed[0].slot!.closure).toEqual({ reason: 'weather', note: 'Yoğun yağmur nedeniyle saha kapalı' });
    const { documentId } = (await json<Answer<ClosureCreatedWire>>(created)).data.closure;
    expect((await api(`/api/closures/${documentId}`, { method: 'DELETE', token })).status).toBe(200);
    const reopened = await slotsSeen('available', 2);
    expect(reopened.map((m) => m.slot!.startTime).sort()).toEqual(['21:00', '22:00']);
    ws.close();
  });
});

describe("the holder's push", () => {
  it("a cancelled and a moved booking's devices hear it, with the note and nothing personal", async () => {
    const f = await createFacility({ name: 'Kapanış Sahası' });
    await createSlots(f, 2, 2);
    const a = await bookViaApi(f, day, '19:00');
    const b = await bookViaApi(f, day, '20:00');
    const subs = [await browserSubscription(freshEndpoint()), await browserSubscription(freshEndpoint())];
    for (const [i, x] of [a, b].entries()) {
      const res = await api(`/api/bookings/track/${x.booking.bookingNumber}/push`, {
        method: 'POST',
        json: { subscription: subs[i].json },
      });
      expect(res.status).toBe(201);
    }
    const push = await playPushService(subs);
    const morning = await slotAt(f.id, day, '10:00');
    const res = await post('/api/closures', {
      ...windowOf([f]),
      decisions: [
        { booking: a.booking.documentId, action: 'cancel' },
        { booking: b.booking.documentId, action: 'move', toSlot: morning.document_id },
      ],
    });
    expect(res.status).toBe(201);
    const received = await push.exactly(2);
    const payloads = received.map((m) => JSON.parse(m.payload) as { title: string; body: string; url: string });
    expect(payloads.map((p) => p.title).sort()).toEqual([
      'Rezervasyonunuz taşındı',
      'Saha kapalı: rezervasyonunuz iptal edildi',
    ]);
    for (const [i, m] of received.entries()) {
      expect(payloads[i].body).toContain('Yoğun yağmur');
      expect(m.headers.urgency).toBe('high');
      for (const x of [a, b]) {
        expect(m.payload).not.toContain(x.booking.bookingNumber);
        expect(m.payload).not.toContain(x.phone);
      }
    }
    expect(payloads.find((p) => p.title === 'Rezervasyonunuz taşındı')?.body).toContain('10:00');
  });
});
