// Deleting a pitch (behaviour.md#states-and-transitions Pitch, api.md DELETE /facilities/{id}?force): a soft delete that never loses history.
// With active bookings (pending or approved, not started yet) it is refused with 409 'aktif randevu' unless forced;
// forced, those bookings are cancelled through the pitch's Durable Object with history and notifications.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { notificationText } from '../../contracts/events';
import { facilityMsg } from '../../contracts/facility-form';
import { msg } from '../../contracts/messages';
import type { FacilityWire } from '../../contracts/wire/facility';
import { newBookingNumber, newDocumentId } from '../../worker/src/lib/ids';
import { runScheduled } from '../../worker/src/scheduled';
import { activeFacilities, publicFacility, sitemapFacilities } from '../../worker/src/services/facilities';
import {
  addDays,
  api,
  type BookingAnswer,
  bookingForm,
  bookViaApi,
  createStaff,
  type DeleteFacilityAnswer,
  db,
  expectError,
  type FacilityAnswer,
  type FacilityListAnswer,
  freshPhone,
  type Invalid,
  istanbulToday,
  json,
  postBooking,
  slotAt,
  tokenFor,
} from './fixtures';
import { pitchInput } from './fixtures/images';
import { sleep, slowPitchObject } from './fixtures/slow-d1';

let token: string;
beforeAll(async () => {
  token = await tokenFor(await createStaff('admin'));
});

const tomorrow = () => addDays(istanbulToday(), 1);
const unique = () => Math.random().toString(36).slice(2, 8);

/** A pitch made through the API, with a shuttle and slots for today … today + 3. */
async function pitch(overrides: Record<string, unknown> = {}) {
  const res = await api('/api/facilities', {
    method: 'POST',
    token,
    json: pitchInput({
      name: `Silinecek Saha ${unique()}`,
      depositAmount: 50,
      transportationService: {
        isActive: true,
        price: 20,
        pickupPoints: [{ id: 'pickup-9000', name: 'Merkez Durak', address: 'Atatürk Cad.', minutesBefore: 60 }],
      },
      ...overrides,
    }),
  });
  expect(res.status).toBe(201);
  const f = (await json<FacilityAnswer>(res)).data;
  const gen = await api(`/api/facilities/${f.documentId}/generate-slots`, {
    method: 'POST',
    token,
    json: { startDate: istanbulToday(), endDate: addDays(istanbulToday(), 3), overwrite: false },
  });
  expect(gen.status).toBe(200);
  return f;
}

/** A booking's shuttle fields on pitch `f`: its first pickup point, with the shuttle or (sent anyway) without it. */
const shuttle = (f: FacilityWire, withShuttle = false) => ({
  ...(withShuttle ? { includesTransportation: true } : {}),
  transportationDetails: { pickupPointId: f.transportationService.pickupPoints[0].id },
});

/** A booking that already started: not active, never touched by a delete. */
async function pastBooking(facilityId: number) {
  const documentId = newDocumentId();
  const number = newBookingNumber();
  const yesterday = addDays(istanbulToday(), -1);
  await env.DB.prepare(
    `insert into booking_slots (document_id, facility_id, date, start_time, end_time, starts_at, ends_at, price)
     values (?, ?, ?, '10:00', '11:00', ?, ?, 20000)`,
  )
    .bind(newDocumentId(), facilityId, yesterday, Date.now() - 86_400_000, Date.now() - 82_800_000)
    .run();
  await env.DB.prepare(
    `insert into bookings (document_id, booking_number, facility_id, customer_name, customer_phone, date, start_time, end_time, starts_at, slot_price, total_price, status)
     values (?, ?, ?, 'Eski Maç', ?, ?, '10:00', '11:00', ?, 20000, 20000, 'approved')`,
  )
    .bind(documentId, number, facilityId, freshPhone(), yesterday, Date.now() - 86_400_000)
    .run();
  return number;
}

const bookingRow = (number: string) =>
  env.DB.prepare(
    'select id, status, payment_status, cancellation_reason, pickup_point_id, pickup_point_name, pickup_point_address from bookings where booking_number = ?',
  )
    .bind(number)
    .first<any>();

describe('DELETE /api/facilities/:ref with active bookings', () => {
  it('without force: 409 with the count and isActive; nothing changes', async () => {
    const f = await pitch();
    const a = (await bookViaApi(f, tomorrow(), '18:00', shuttle(f))).booking;
    (await bookViaApi(f, tomorrow(), '19:00', shuttle(f))).booking;
    await pastBooking(f.id);
    for (const q of ['', '?force=false']) {
      const err = await expectError(await api(`/api/facilities/${f.slug}${q}`, { method: 'DELETE', token }), 409);
      expect(err.message).toBe(facilityMsg.activeBookings(2));
      expect(err.message).toContain('aktif randevu');
      expect(err.details).toEqual({ activeBookings: 2, isActive: true });
    }
    expect((await api(`/api/facilities/${f.slug}`)).status).toBe(200);
    expect((await bookingRow(a.bookingNumber)).status).toBe('pending');
    const row = await env.DB.prepare('select deleted_at from facilities where id = ?').bind(f.id).first<any>();
    expect(row.deleted_at).toBeNull();
  });

  it('with force: cancels them with history and notifications, frees nothing it should not, and soft-deletes', async () => {
    const f = await pitch();
    const pending = (await bookViaApi(f, tomorrow(), '18:00', shuttle(f, true))).booking;
    const approved = (await bookViaApi(f, tomorrow(), '20:00', shuttle(f))).booking;
    const ok = await api(`/api/bookings/${approved.documentId}/approve`, { method: 'POST', token, json: {} });
    expect(ok.status).toBe(200);
    const past = await pastBooking(f.id);

    const res = await api(`/api/facilities/${f.documentId}?force=true`, { method: 'DELETE', token });
    expect(res.status).toBe(200);
    expect((await json<DeleteFacilityAnswer>(res)).data).toEqual({
      id: f.id,
      documentId: f.documentId,
      name: f.name,
      cancelledBookings: 2,
    });

    const p = await bookingRow(pending.bookingNumber);
    const a = await bookingRow(approved.bookingNumber);
    expect([p.status, p.cancellation_reason]).toEqual(['cancelled', facilityMsg.forceCancelReason]);
    // Approving recorded no money, and a forced delete invents no refund (behaviour.md#bookings 'Payments').
    expect([a.status, a.payment_status]).toEqual(['cancelled', 'pending']);
    // The shuttle details written at booking time stay.
    expect([p.pickup_point_id, p.pickup_point_name, p.pickup_point_address]).toEqual([
      f.transportationService.pickupPoints[0].id,
      'Merkez Durak',
      'Atatürk Cad.',
    ]);
    expect((await bookingRow(past)).status).toBe('approved');

    for (const b of [p, a]) {
      const history = await env.DB.prepare(
        "select from_status, reason, actor_type from booking_history where booking_id = ? and to_status = 'cancelled'",
      )
        .bind(b.id)
        .all<any>();
      expect(history.results).toHaveLength(1);
      expect(history.results[0].reason).toBe(facilityMsg.forceCancelReason);
      expect(history.results[0].actor_type).toBe('staff');
      const notes = await env.DB.prepare(
        "select title, message, kind, facts from notifications where booking_id = ? and type = 'booking_cancelled'",
      )
        .bind(b.id)
        .all<any>();
      expect(notes.results).toHaveLength(1);
      expect(notificationText(notes.results[0]).message).toContain(f.name);
    }
    expect((await bookingRow(pending.bookingNumber)).status).toBe('cancelled');

    // The row stays (history), marked deleted.
    const row = await env.DB.prepare('select deleted_at, name from facilities where id = ?').bind(f.id).first<any>();
    expect(row.deleted_at).toBeGreaterThan(0);
    expect(row.name).toBe(f.name);
  });
});

describe('a deleted pitch', () => {
  it('is gone from every read, its slots are not bookable, and its old bookings are still trackable', async () => {
    const f = await pitch();
    const kept = (await bookViaApi(f, tomorrow(), '21:00', shuttle(f))).booking;
    const freeSlot = await slotAt(f.id, tomorrow(), '15:00');
    const res = await api(`/api/facilities/${f.id}?force=1`, { method: 'DELETE', token });
    expect(res.status).toBe(200);

    const publicList = await json<FacilityListAnswer>(await api(`/api/facilities?filters[slug][$eq]=${f.slug}`));
    expect(publicList.data).toEqual([]);
    const staffList = await json<FacilityListAnswer>(
      await api(`/api/facilities/all?filters[slug][$eq]=${f.slug}`, { token }),
    );
    expect(staffList.data).toEqual([]);
    for (const ref of [f.slug, f.documentId, String(f.id)]) {
      expect((await expectError(await api(`/api/facilities/${ref}`, { token }), 404)).message).toBe(
        msg.facilityNotFound,
      );
    }
    await expectError(await api(`/api/facilities/${f.slug}/slots?date=${tomorrow()}`), 404);
    await expectError(await api(`/api/facilities/${f.slug}/slots?date=${tomorrow()}`, { token }), 404);
    const week = `from=${istanbulToday()}&to=${addDays(istanbulToday(), 6)}`;
    await expectError(await api(`/api/facilities/${f.slug}/calendar?${week}`, { token }), 404);
    await expectError(
      await api(`/api/facilities/${f.slug}/generate-slots`, {
        method: 'POST',
        token,
        json: { startDate: istanbulToday(), endDate: addDays(istanbulToday(), 1), overwrite: false },
      }),
      404,
    );
    await expectError(await api(`/api/facilities/${f.slug}`, { method: 'PUT', token, json: pitchInput() }), 404);
    await expectError(
      await api(`/api/facilities/${f.slug}/toggle-status`, { method: 'PATCH', token, json: { isActive: true } }),
      404,
    );
    await expectError(await api(`/api/facilities/${f.slug}?force=true`, { method: 'DELETE', token }), 404);

    // Booking a slot of it, by the documentId the page had: refused, nothing written.
    const attempt = await postBooking(bookingForm(f, freeSlot, { customerName: 'Geç Kalan' }));
    expect(attempt.status).toBeGreaterThanOrEqual(400);
    const live = await env.DB.prepare(
      "select count(*) as n from bookings where facility_id = ? and status in ('pending', 'approved')",
    )
      .bind(f.id)
      .first<{ n: number }>();
    expect(live?.n).toBe(0);

    // Tracking and the staff detail still show the old booking with its pitch's name.
    const track = await api(`/api/bookings/track/${kept.bookingNumber}`);
    expect(track.status).toBe(200);
    const tracked = (await json<BookingAnswer>(track)).data;
    expect(tracked.status).toBe('cancelled');
    expect(JSON.stringify(tracked)).toContain(f.name);
    const detail = await api(`/api/bookings/${kept.documentId}`, { token });
    expect(detail.status).toBe(200);

    // Neither the server-rendered pages (home list, pitch page), the sitemap nor the cron see it.
    expect((await activeFacilities(db())).map((p) => p.slug)).not.toContain(f.slug);
    expect(await publicFacility(db(), f.slug)).toBeNull();
    const { facilities: pitches } = await sitemapFacilities(db());
    expect(pitches.map((p) => p.slug)).not.toContain(f.slug);
    const slotsBefore = await env.DB.prepare('select count(*) as n from booking_slots where facility_id = ?')
      .bind(f.id)
      .first<{ n: number }>();
    await runScheduled(env);
    const slotsAfter = await env.DB.prepare('select count(*) as n from booking_slots where facility_id = ?')
      .bind(f.id)
      .first<{ n: number }>();
    expect(slotsAfter?.n).toBe(slotsBefore?.n);
  });

  it('without active bookings is deleted at once (force not needed); its name can be used again', async () => {
    const name = `Boş Saha ${unique()}`;
    const f = await pitch({ name });
    const res = await api(`/api/facilities/${f.slug}`, { method: 'DELETE', token });
    expect(res.status).toBe(200);
    expect((await json<DeleteFacilityAnswer>(res)).data.cancelledBookings).toBe(0);
    const again = await api('/api/facilities', { method: 'POST', token, json: pitchInput({ name }) });
    expect(again.status).toBe(201);
    expect((await json<FacilityAnswer>(again)).data.slug).toBe(`${f.slug}-2`);
  });
});

describe('delete racing a booking', () => {
  it('a forced delete and a booking of the same pitch at once: no live booking survives on a deleted pitch', async () => {
    const f = await pitch();
    // Warm the reference cache so the booking reaches the pitch's object, then widen every check-to-write gap there.
    (await bookViaApi(f, tomorrow(), '10:00', shuttle(f))).booking;
    await slowPitchObject(f.id, 40);
    const booking = slotAt(f.id, tomorrow(), '11:00').then((slot) => postBooking(bookingForm(f, slot, shuttle(f))));
    await sleep(5);
    const [b, d] = await Promise.all([booking, api(`/api/facilities/${f.id}?force=true`, { method: 'DELETE', token })]);
    expect(d.status).toBe(200);
    const deleted = (await json<DeleteFacilityAnswer>(d)).data;
    const live = await env.DB.prepare(
      "select count(*) as n from bookings where facility_id = ? and status in ('pending', 'approved')",
    )
      .bind(f.id)
      .first<{ n: number }>();
    expect(live?.n).toBe(0);
    // Whichever came first, the outcome adds up: a booking made before the delete was cancelled by it.
    expect(deleted.cancelledBookings).toBe(b.status === 201 ? 2 : 1);
  });
});

describe('history survives an update', () => {
  it('removing a pickup point keeps a booking’s shuttle details; the removed point cannot be chosen any more', async () => {
    const f = await pitch();
    const pointId = f.transportationService.pickupPoints[0].id;
    const b = (await bookViaApi(f, tomorrow(), '17:00', shuttle(f, true))).booking;
    const res = await api(`/api/facilities/${f.id}`, {
      method: 'PUT',
      token,
      json: pitchInput({
        name: f.name,
        hourlyPrice: 250,
        transportationService: { isActive: true, price: 30, pickupPoints: [{ name: 'Yeni Durak' }] },
      }),
    });
    expect(res.status).toBe(200);
    const updated = (await json<FacilityAnswer>(res)).data;
    expect(updated.transportationService.pickupPoints.map((p) => p.name)).toEqual(['Yeni Durak']);

    const row = await bookingRow(b.bookingNumber);
    expect([row.status, row.pickup_point_id, row.pickup_point_name, row.pickup_point_address]).toEqual([
      'pending',
      pointId,
      'Merkez Durak',
      'Atatürk Cad.',
    ]);
    const track = (await json<BookingAnswer>(await api(`/api/bookings/track/${b.bookingNumber}`))).data;
    expect(JSON.stringify(track)).toContain('Merkez Durak');

    // The pitch's object reads the pitch afresh after the update: the removed point is refused at once.
    const slot = await slotAt(f.id, tomorrow(), '12:00');
    const refused = await postBooking(
      bookingForm(f, slot, {
        customerName: 'Eski Durakçı',
        includesTransportation: true,
        transportationDetails: { pickupPointId: pointId },
      }),
    );
    const err = await expectError<Invalid>(refused, 400);
    expect(err.details.errors[0].path).toEqual(['transportationDetails', 'pickupPointId']);
    const fresh = await postBooking(
      bookingForm(f, slot, {
        customerName: 'Yeni Durakçı',
        includesTransportation: true,
        transportationDetails: { pickupPointId: updated.transportationService.pickupPoints[0].id },
      }),
    );
    expect(fresh.status).toBe(201);
    expect((await json<BookingAnswer>(fresh)).data.transportationPrice).toBe(30);
  });
});
