// Holds that follow the money (docs/behaviour.md#bookings 'Hold expiry'): staff extend an unapproved hold through the
// pitch's object, staff are warned once 10 minutes before a hold ends (again after an extension), and a hold whose
// kapora is recorded never expires.
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { holdMsg } from '../../contracts/attendance';
import { notificationText } from '../../contracts/events';
import { dueHoldFacilities, facilitiesWithDueHolds } from '../../worker/src/db/bookings';
import type { FacilityBooking } from '../../worker/src/durable-objects/facility-booking';
import { MINUTE } from '../../worker/src/lib/time';
import { facilityStub } from '../../worker/src/services/facility-ref';
import {
  addDays,
  api,
  type BookingAnswer,
  type BookingDetailAnswer,
  createFacility,
  createSlots,
  createStaff,
  db,
  expectError,
  freshPhone,
  type Invalid,
  istanbulToday,
  json,
  slotAt,
  tokenFor,
} from './fixtures';

let admin: string;
let manager: string;
beforeAll(async () => {
  admin = await tokenFor(await createStaff('admin'), 'admin');
  manager = await tokenFor(await createStaff('manager'), 'manager');
});

async function held() {
  const f = await createFacility({ autoApprovalTimeout: 60 });
  await createSlots(f, 2, 2);
  const slot = await slotAt(f.id, addDays(istanbulToday(), 2), '20:00');
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
  return { f, booking: (await json<BookingAnswer>(res)).data };
}

const rowOf = async (id: number) =>
  (await env.DB.prepare(
    `select status, expires_at, hold_warned_at, starts_at, updated_at,
       (select count(*) from booking_history where booking_id = ?1) as history,
       (select count(*) from audit_log where entity_kind = 'booking' and entity_id = ?2) as audits
     from bookings where id = ?1`,
  )
    .bind(id, String(id))
    .first<{
      status: string;
      expires_at: number | null;
      hold_warned_at: number | null;
      starts_at: number;
      updated_at: number;
      history: number;
      audits: number;
    }>())!;

const setDeadline = (id: number, at: number) =>
  env.DB.prepare('update bookings set expires_at = ? where id = ?').bind(at, id).run();

const extend = (ref: string, body: unknown, token: string = admin) =>
  api(`/api/bookings/${ref}/extend-hold`, { method: 'POST', json: body, token });

const warnings = async (id: number) =>
  (
    await env.DB.prepare(
      "select type, priority, title, message, kind, facts from notifications where booking_id = ? and kind = 'hold_expiring' order by id",
    )
      .bind(id)
      .all<{ type: string; priority: string; title: string; message: string; kind: string; facts: string }>()
  ).results;

const sweep = (facilityId: number) =>
  runInDurableObject(facilityStub(env, facilityId), (o: FacilityBooking) => o.expireDue(facilityId));
const alarmOf = (facilityId: number) =>
  runInDurableObject(facilityStub(env, facilityId), (_: FacilityBooking, state) => state.storage.getAlarm());

describe('extending a hold', () => {
  it("'2 saat' from the current deadline: history with the reason, audit row, the warning owed again", async () => {
    const { f, booking } = await held();
    const before = await rowOf(booking.id);
    await env.DB.prepare('update bookings set hold_warned_at = ? where id = ?').bind(Date.now(), booking.id).run();
    const res = await extend(booking.documentId, { minutes: 120, reason: 'Müşteri ödediğini söyledi' });
    expect(res.status).toBe(200);
    const d = (await json<BookingDetailAnswer>(res)).data;
    expect(Date.parse(d.expiresAt!)).toBe(before.expires_at! + 120 * MINUTE);
    expect(d.history.at(-1)).toMatchObject({
      event: 'hold_extended',
      reason: 'Müşteri ödediğini söyledi: 2 saat uzatıldı',
      actorType: 'staff',
      actorLabel: 'Test Yönetici',
    });
    const after = await rowOf(booking.id);
    expect(after).toMatchObject({ status: 'pending', hold_warned_at: null, audits: 1 });
    const audit = await env.DB.prepare(
      "select action, details from audit_log where entity_kind = 'booking' and entity_id = ?",
    )
      .bind(String(booking.id))
      .first<{ action: string; details: string }>();
    expect(audit!.action).toBe('hold_extend');
    expect(JSON.parse(audit!.details)).toMatchObject({ minutes: 120, expiresAt: before.expires_at! + 120 * MINUTE });
    // The pitch's alarm stays at or before the new warning.
    expect(await alarmOf(f.id)).toBeLessThanOrEqual(after.expires_at! - 10 * MINUTE);
  });

  it('a hold already past its deadline (not yet swept) counts from now; a manager may extend', async () => {
    const { booking } = await held();
    await setDeadline(booking.id, Date.now() - 5 * MINUTE);
    const t0 = Date.now();
    const res = await extend(booking.documentId, { minutes: 30 }, manager);
    expect(res.status).toBe(200);
    const d = (await json<BookingDetailAnswer>(res)).data;
    expect(Date.parse(d.expiresAt!)).toBeGreaterThanOrEqual(t0 + 30 * MINUTE);
    expect(Date.parse(d.expiresAt!)).toBeLessThanOrEqual(Date.now() + 30 * MINUTE);
    expect(d.history.at(-1)).toMatchObject({ reason: '30 dk uzatıldı', actorLabel: 'Test Müdür' });
  });

  it("never past the match's start; once there, no more", async () => {
    const { booking } = await held();
    const { starts_at } = await rowOf(booking.id);
    await setDeadline(booking.id, starts_at - 30 * MINUTE);
    const res = await extend(booking.documentId, { minutes: 120 });
    expect(res.status).toBe(200);
    const d = (await json<BookingDetailAnswer>(res)).data;
    expect(Date.parse(d.expiresAt!)).toBe(starts_at);
    expect(d.history.at(-1)?.reason).toBe('maç saatine kadar uzatıldı');
    const before = await rowOf(booking.id);
    const err = await expectError(await extend(booking.documentId, { minutes: 60 }), 409);
    expect(err.message).toBe(holdMsg.atStart);
    expect(await rowOf(booking.id)).toEqual(before);
  });

  it('refusals are Turkish, in the one error shape, and write nothing', async () => {
    const { booking } = await held();
    const before = await rowOf(booking.id);
    const cases: [unknown, number, string][] = [
      [{ minutes: 10 }, 400, holdMsg.minutesRange],
      [{ minutes: 1441 }, 400, holdMsg.minutesRange],
      [{ minutes: 'iki saat' }, 400, holdMsg.minutesRequired],
      [{ minutes: 60, reason: 'x'.repeat(201) }, 400, holdMsg.reasonTooLong],
    ];
    for (const [body, status, message] of cases) {
      const err = await expectError<Invalid>(await extend(booking.documentId, body), status);
      expect(err.details?.errors?.[0]?.message).toBe(message);
    }
    await expectError(
      await api(`/api/bookings/${booking.documentId}/extend-hold`, { method: 'POST', json: { minutes: 60 } }),
      401,
    );
    expect(await rowOf(booking.id)).toEqual(before);

    // approved: not a hold any more
    await env.DB.prepare("update bookings set status = 'approved', expires_at = null where id = ?")
      .bind(booking.id)
      .run();
    const approved = await rowOf(booking.id);
    expect((await expectError(await extend(booking.documentId, { minutes: 60 }), 409)).message).toBe(
      holdMsg.notPending,
    );
    expect(await rowOf(booking.id)).toEqual(approved);
  });
});

describe('the 10-minute warning', () => {
  it('is raised once per booking, in the batch that marks it, and the alarm re-arms for the deadline', async () => {
    const { f, booking } = await held();
    // Far from its end: nothing yet, and the alarm waits for the warning.
    await sweep(f.id);
    expect(await warnings(booking.id)).toHaveLength(0);
    const { expires_at } = await rowOf(booking.id);
    expect(await alarmOf(f.id)).toBe(expires_at! - 10 * MINUTE);

    const deadline = Date.now() + 8 * MINUTE;
    await setDeadline(booking.id, deadline);
    expect(await runDurableObjectAlarm(facilityStub(env, f.id))).toBe(true);
    const [note] = await warnings(booking.id);
    expect(note).toMatchObject({ type: 'booking_updated', priority: 'high', kind: 'hold_expiring' });
    expect(JSON.parse(note.facts).expiresAt).toBe(deadline);
    expect((await rowOf(booking.id)).hold_warned_at).not.toBeNull();
    const text = notificationText(note);
    expect(text.title).toBe('Onay Süresi Doluyor');
    const clock = new Intl.DateTimeFormat('tr-TR', {
      timeZone: 'Europe/Istanbul',
      hour: '2-digit',
      minute: '2-digit',
    }).format(deadline);
    expect(text.message).toContain(`Onaylanmazsa ${clock} itibarıyla düşecek: kapora geldiyse kaydedin`);
    expect(text.message.startsWith(`${booking.bookingNumber} · Bekleyen Kişi`)).toBe(true);
    expect(await alarmOf(f.id)).toBe(deadline);

    // Not twice.
    await sweep(f.id);
    await sweep(f.id);
    expect(await warnings(booking.id)).toHaveLength(1);
    expect((await rowOf(booking.id)).status).toBe('pending');
  });

  it('an extension owes the warning again', async () => {
    const { f, booking } = await held();
    await setDeadline(booking.id, Date.now() + 5 * MINUTE);
    await sweep(f.id);
    expect(await warnings(booking.id)).toHaveLength(1);
    expect((await extend(booking.documentId, { minutes: 15 })).status).toBe(200);
    expect((await rowOf(booking.id)).hold_warned_at).toBeNull();
    // 20 minutes left now: no warning yet.
    await sweep(f.id);
    expect(await warnings(booking.id)).toHaveLength(1);
    await setDeadline(booking.id, Date.now() + 9 * MINUTE);
    await sweep(f.id);
    expect(await warnings(booking.id)).toHaveLength(2);
  });

  it('a hold that is already due is expired, not warned', async () => {
    const { f, booking } = await held();
    await setDeadline(booking.id, Date.now() - 1000);
    await sweep(f.id);
    expect((await rowOf(booking.id)).status).toBe('expired');
    expect(await warnings(booking.id)).toHaveLength(0);
  });
});

describe('a hold whose kapora is recorded never expires', () => {
  it('the payment clears the deadline; even with a deadline forced back, neither the alarm nor the cron expires it', async () => {
    const { f, booking } = await held();
    await env.DB.prepare(
      `insert into payments (document_id, booking_id, facility_id, kind, amount, method, at, staff_name)
       values (lower(hex(randomblob(12))), ?, ?, 'deposit', 50000, 'transfer', ?, 'Test Yönetici')`,
    )
      .bind(booking.id, f.id, Date.now())
      .run();
    expect((await rowOf(booking.id)).expires_at).toBeNull();
    // No deadline, nothing to extend.
    expect((await expectError(await extend(booking.documentId, { minutes: 60 }), 409)).message).toBe(
      holdMsg.noDeadline,
    );
    // The backstop: a deadline written back by any path still does not expire a paid hold, nor warn about it.
    await setDeadline(booking.id, Date.now() - 1000);
    expect((await facilitiesWithDueHolds(db(), Date.now())).map((r) => r.id)).not.toContain(f.id);
    await sweep(f.id);
    expect((await rowOf(booking.id)).status).toBe('pending');
    expect(await warnings(booking.id)).toHaveLength(0);
  });
});

describe("the cron's read of pitches with a due hold", () => {
  it('lists the pitch of an unpaid hold past its deadline, not one still running', async () => {
    const { f, booking } = await held();
    expect((await facilitiesWithDueHolds(db(), Date.now())).map((r) => r.id)).not.toContain(f.id);
    await setDeadline(booking.id, Date.now() - 1000);
    expect((await facilitiesWithDueHolds(db(), Date.now())).map((r) => r.id)).toContain(f.id);
  });

  it('seeks the due part of bookings_pending_expiry per pitch, never walking every pending booking', async () => {
    const plan = await db().all<{ detail: string }>(sql`explain query plan ${dueHoldFacilities(Date.now())}`);
    const lines = plan.map((r) => r.detail).join('\n');
    expect(lines).toMatch(
      /SEARCH b (EXISTS )?USING INDEX bookings_pending_expiry \(facility_id=\? AND expires_at<\?\)/,
    );
    expect(lines).not.toMatch(/SCAN b\b|bookings_status_created/);
  });
});
