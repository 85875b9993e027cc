import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { trLongDate } from '../../contracts/dates';
import { notificationText } from '../../contracts/events';
import type { FacilityBooking } from '../../worker/src/durable-objects/facility-booking';
import { MINUTE } from '../../worker/src/lib/time';
import { facilityStub } from '../../worker/src/services/facility-ref';
import {
  addDays,
  api,
  type BookingAnswer,
  createFacility,
  createSlots,
  freshPhone,
  istanbulToday,
  json,
  type SlotsAnswer,
  slotAt,
} from './fixtures';

const date = () => addDays(istanbulToday(), 2);

async function bookedPitch(autoApprovalTimeout = 60) {
  const f = await createFacility({ autoApprovalTimeout });
  await createSlots(f, 2, 2);
  const slot = await slotAt(f.id, date(), '20:00');
  const before = Date.now();
  const res = await api('/api/bookings', {
    method: 'POST',
    json: {
      facility: f.documentId,
      bookingSlot: slot.document_id,
      customerName: 'Bekleyen Kişi',
      customerPhone: freshPhone(),
    },
  });
  expect(res.status).toBe(201);
  return { f, slot, booking: (await json<BookingAnswer>(res)).data, before };
}

const statusOf = async (id: number) =>
  (await env.DB.prepare('select status, expires_at from bookings where id = ?')
    .bind(id)
    .first<{ status: string; expires_at: number | null }>())!;
const historyCount = async (id: number) =>
  (await env.DB.prepare('select count(*) as n from booking_history where booking_id = ?')
    .bind(id)
    .first<{ n: number }>())!.n;

describe('pending holds expire through the pitch object alarm', () => {
  it('a new booking is held for the pitch autoApprovalTimeout and the alarm is set for its warning, 10 minutes before', async () => {
    const { f, booking, before } = await bookedPitch(15);
    const row = await statusOf(booking.id);
    expect(row.expires_at).toBeGreaterThanOrEqual(before + 15 * MINUTE);
    expect(row.expires_at).toBeLessThanOrEqual(Date.now() + 15 * MINUTE);
    const alarm = await runInDurableObject(facilityStub(env, f.id), (_: FacilityBooking, state) =>
      state.storage.getAlarm(),
    );
    expect(alarm).toBe(row.expires_at! - 10 * MINUTE);
  });

  it('the alarm leaves a hold alone before its deadline', async () => {
    const { f, booking } = await bookedPitch();
    expect(await runDurableObjectAlarm(facilityStub(env, f.id))).toBe(true);
    expect((await statusOf(booking.id)).status).toBe('pending');
  });

  it('after the deadline the alarm expires the booking, records it, and the slot is bookable right away', async () => {
    const { f, slot, booking } = await bookedPitch();
    await env.DB.prepare('update bookings set expires_at = ? where id = ?')
      .bind(Date.now() - 1000, booking.id)
      .run();

    expect(await runDurableObjectAlarm(facilityStub(env, f.id))).toBe(true);
    expect((await statusOf(booking.id)).status).toBe('expired');
    const last = await env.DB.prepare(
      'select from_status, to_status, actor_type from booking_history where booking_id = ? order by id desc limit 1',
    )
      .bind(booking.id)
      .first();
    expect(last).toEqual({ from_status: 'pending', to_status: 'expired', actor_type: 'system' });
    const note = await env.DB.prepare(
      "select type, priority, title, message, kind, facts from notifications where booking_id = ? and type = 'booking_updated'",
    )
      .bind(booking.id)
      .first<{ type: string; priority: string; title: string; message: string; kind: string; facts: string }>();
    expect(note).toMatchObject({ type: 'booking_updated', priority: 'medium', kind: 'booking_expired' });
    // Like every other booking notification: number · name · pitch · the date as a person reads it, never YYYY-MM-DD.
    const text = notificationText(note!);
    expect(text.title).toBe('Rezervasyon Süresi Doldu');
    const parts = text.message.split(' · ');
    expect(parts.slice(0, 3)).toEqual([booking.bookingNumber, booking.customerName, f.name]);
    expect(text.message).toContain(`${trLongDate(date())} 20:00`);
    expect(text.message).not.toMatch(/\d{4}-\d{2}-\d{2}/);

    const shown = (
      await json<SlotsAnswer>(await api(`/api/facilities/${f.slug}/slots?date=${date()}`))
    ).data.slots.find((s) => s.startTime === '20:00');
    expect(shown).toMatchObject({ isAvailable: true, booking: null });

    const again = await api('/api/bookings', {
      method: 'POST',
      json: {
        facility: f.documentId,
        bookingSlot: slot.document_id,
        customerName: 'Sonraki Kişi',
        customerPhone: freshPhone(),
      },
    });
    expect(again.status).toBe(201);
  });

  it('running the expiry twice changes nothing the second time', async () => {
    const { f, booking } = await bookedPitch();
    await env.DB.prepare('update bookings set expires_at = ? where id = ?')
      .bind(Date.now() - 1000, booking.id)
      .run();
    const stub = facilityStub(env, f.id);
    const first = await runInDurableObject(stub, (o: FacilityBooking) => o.expireDue(f.id));
    const afterFirst = { status: await statusOf(booking.id), history: await historyCount(booking.id) };
    const second = await runInDurableObject(stub, (o: FacilityBooking) => o.expireDue(f.id));
    expect(first).toBe(1);
    expect(second).toBe(0);
    expect({ status: await statusOf(booking.id), history: await historyCount(booking.id) }).toEqual(afterFirst);
  });

  it('an approved booking is never expired by the alarm', async () => {
    const { f, booking } = await bookedPitch();
    await env.DB.prepare("update bookings set status = 'approved', expires_at = ? where id = ?")
      .bind(Date.now() - 1000, booking.id)
      .run();
    await runInDurableObject(facilityStub(env, f.id), (o: FacilityBooking) => o.expireDue(f.id));
    expect((await statusOf(booking.id)).status).toBe('approved');
  });

  it('re-arms the alarm for the next hold (its warning first) after expiring the due one', async () => {
    const f = await createFacility();
    await createSlots(f, 2, 2);
    const mk = async (time: string) =>
      (
        await json<BookingAnswer>(
          await api('/api/bookings', {
            method: 'POST',
            json: {
              facility: f.documentId,
              bookingSlot: (await slotAt(f.id, date(), time)).document_id,
              customerName: 'Sıradaki',
              customerPhone: freshPhone(),
            },
          }),
        )
      ).data;
    const a = await mk('10:00');
    await env.DB.prepare('update bookings set expires_at = ? where id = ?')
      .bind(Date.now() - 1000, a.id)
      .run();
    const b = await mk('12:00');
    const bDeadline = (await statusOf(b.id)).expires_at;
    const stub = facilityStub(env, f.id);
    await runInDurableObject(stub, (o: FacilityBooking) => o.expireDue(f.id));
    expect((await statusOf(a.id)).status).toBe('expired');
    expect((await statusOf(b.id)).status).toBe('pending');
    expect(await runInDurableObject(stub, (_: FacilityBooking, state) => state.storage.getAlarm())).toBe(
      bDeadline! - 10 * MINUTE,
    );
  });
});
