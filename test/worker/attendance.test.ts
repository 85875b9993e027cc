// 'Geldi' / 'Gelmedi' (docs/behaviour.md#bookings): staff mark an approved booking whose start has passed; a mark may be
// changed (before → after in the history and the audit log); the customer's no-show count and risk follow at once.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { attendanceMsg } from '../../contracts/attendance';
import {
  api,
  type BookingDetailAnswer,
  createFacility,
  createStaff,
  expectError,
  freshPhone,
  json,
  tokenFor,
} from './fixtures';
import { addBookings, addCustomer, type Planned, storedRow } from './fixtures/customers';

let admin: string;
let manager: string;
beforeAll(async () => {
  admin = await tokenFor(await createStaff('admin'), 'admin');
  manager = await tokenFor(await createStaff('manager'), 'manager');
});

/** A customer with the given bookings; answers the customer and the document ids of their bookings by play time. */
async function customerWith(planned: Omit<Planned, 'facilityId'>[]) {
  const f = await createFacility();
  const c = await addCustomer({ name: 'Katılım Müşteri', phone: freshPhone() });
  await addBookings(
    c,
    planned.map((p) => ({ ...p, facilityId: f.id })),
  );
  const { results } = await env.DB.prepare(
    'select id, document_id from bookings where customer_phone = ? order by starts_at',
  )
    .bind(c.phone)
    .all<{ id: number; document_id: string }>();
  return { c, f, bookings: results };
}

const mark = (ref: string, attendance: unknown, token: string | undefined = admin) =>
  api(`/api/bookings/${ref}/attendance`, { method: 'POST', json: { attendance }, token });

/** What a refusal must leave untouched: the mark, the history and the audit log. */
async function traces(id: number) {
  const row = await env.DB.prepare(
    `select attendance, attendance_at, attendance_by_id,
       (select count(*) from booking_history where booking_id = ?1) as history,
       (select count(*) from audit_log where entity_kind = 'booking' and entity_id = ?2) as audits
     from bookings where id = ?1`,
  )
    .bind(id, String(id))
    .first();
  return row;
}

const auditsOf = async (id: number) =>
  (
    await env.DB.prepare(
      "select action, actor_name, entity_label, details from audit_log where entity_kind = 'booking' and entity_id = ? order by id",
    )
      .bind(String(id))
      .all<{ action: string; actor_name: string; entity_label: string; details: string }>()
  ).results.map((r) => ({ ...r, details: JSON.parse(r.details) }));

describe('marking who came', () => {
  it("'Gelmedi' on a past approved booking: the mark, who and when, the history, the audit row and the customer's figures", async () => {
    const { c, bookings } = await customerWith([{ day: -1, status: 'approved' }]);
    const [b] = bookings;
    const before = Date.now();
    const res = await mark(b.document_id, 'no_show');
    expect(res.status).toBe(200);
    const d = (await json<BookingDetailAnswer>(res)).data;
    expect(d).toMatchObject({ attendance: 'no_show', attendanceBy: 'Test Yönetici', status: 'approved' });
    expect(Date.parse(d.attendanceAt!)).toBeGreaterThanOrEqual(before - 1000);
    expect(d.history.at(-1)).toMatchObject({
      event: 'attendance',
      reason: 'Gelmedi',
      actorType: 'staff',
      actorLabel: 'Test Yönetici',
    });
    const [audit] = await auditsOf(b.id);
    expect(audit).toMatchObject({ action: 'attendance', actor_name: 'Test Yönetici' });
    expect(audit.details).toMatchObject({ attendance: 'no_show', before: null });
    // One no-show weighs 2: the customer is at Dikkat (ORTA) at once, and the match is not counted as played.
    expect(await storedRow(c.id)).toMatchObject({
      no_show_bookings: 1,
      played_bookings: 0,
      consecutive_cancellations: 2,
    });
    const detail = await json<{ data: { stats: { noShowBookings: number; warningLevel: string; riskLabel: string } } }>(
      await api(`/api/bookings/customers/${c.id}`, { token: admin }),
    );
    expect(detail.data.stats).toMatchObject({ noShowBookings: 1, warningLevel: 'caution', riskLabel: 'ORTA' });
  });

  it("a mark may be changed: 'Gelmedi' → 'Geldi' is recorded with before → after, and 'Geldi' ends the run", async () => {
    const { c, bookings } = await customerWith([
      { day: -3, status: 'cancelled' },
      { day: -1, status: 'approved' },
    ]);
    const b = bookings[1];
    expect((await mark(b.document_id, 'no_show')).status).toBe(200);
    // cancellation 1 + no-show 2
    expect(await storedRow(c.id)).toMatchObject({ consecutive_cancellations: 3, no_show_bookings: 1 });
    const res = await mark(b.document_id, 'played', manager);
    expect(res.status).toBe(200);
    const d = (await json<BookingDetailAnswer>(res)).data;
    expect(d).toMatchObject({ attendance: 'played', attendanceBy: 'Test Müdür' });
    expect(d.history.filter((h) => h.event === 'attendance').map((h) => h.reason)).toEqual([
      'Gelmedi',
      'Gelmedi → Geldi',
    ]);
    const audits = await auditsOf(b.id);
    expect(audits.map((a) => a.details.before)).toEqual([null, 'no_show']);
    expect(await storedRow(c.id)).toMatchObject({
      consecutive_cancellations: 0,
      no_show_bookings: 0,
      played_bookings: 1,
    });
  });

  it('the same mark again writes nothing', async () => {
    const { bookings } = await customerWith([{ day: -1, status: 'approved' }]);
    const [b] = bookings;
    expect((await mark(b.document_id, 'played')).status).toBe(200);
    const after = await traces(b.id);
    const again = await mark(b.document_id, 'played');
    expect(again.status).toBe(200);
    expect((await json<BookingDetailAnswer>(again)).data.attendance).toBe('played');
    expect(await traces(b.id)).toEqual(after);
  });
});

describe('refusals: Turkish, in the one error shape, nothing written', () => {
  it('before the start: 409', async () => {
    const { bookings } = await customerWith([{ day: 2, status: 'approved' }]);
    const [b] = bookings;
    const before = await traces(b.id);
    const err = await expectError(await mark(b.document_id, 'no_show'), 409);
    expect(err.message).toBe(attendanceMsg.notStarted);
    expect(err.message).toBe('Maç başlamadan katılım işaretlenemez');
    expect(await traces(b.id)).toEqual(before);
  });

  it('a booking that is not approved (pending, cancelled): 409', async () => {
    const { bookings } = await customerWith([
      { day: -2, status: 'pending' },
      { day: -1, status: 'cancelled' },
    ]);
    for (const b of bookings) {
      const before = await traces(b.id);
      const err = await expectError(await mark(b.document_id, 'played'), 409);
      expect(err.message).toBe(attendanceMsg.notApproved);
      expect(await traces(b.id)).toEqual(before);
    }
  });

  it('a mark that is neither Geldi nor Gelmedi: 400 with the field named', async () => {
    const { bookings } = await customerWith([{ day: -1, status: 'approved' }]);
    const [b] = bookings;
    const before = await traces(b.id);
    for (const bad of ['came', null, 1]) {
      const err = await expectError<{ errors: { path: string[]; message: string }[] }>(
        await mark(b.document_id, bad),
        400,
      );
      expect(err.details?.errors?.[0]).toMatchObject({ message: attendanceMsg.markRequired });
    }
    expect(await traces(b.id)).toEqual(before);
  });

  it('anonymous: 401; an unknown booking: 404', async () => {
    const { bookings } = await customerWith([{ day: -1, status: 'approved' }]);
    const [b] = bookings;
    const before = await traces(b.id);
    const anonymous = api(`/api/bookings/${b.document_id}/attendance`, {
      method: 'POST',
      json: { attendance: 'no_show' },
    });
    await expectError(await anonymous, 401);
    const err = await expectError(await mark('HSRZZZZZZZZZ', 'no_show'), 404);
    expect(err.message).toContain('Rezervasyon bulunamadı');
    expect(await traces(b.id)).toEqual(before);
  });
});
