// Staff bookings refused (behaviour.md#validation, api.md; behaviour.md#bookings, #errors-and-input): bad filters, unknown bookings, decisions on the wrong status, and
// simultaneous decisions on one booking. Every refusal leaves the booking exactly as it was.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PublicUser } from '../../contracts/auth';
import { getDb } from '../../worker/src/db/client';
import { ApiError } from '../../worker/src/lib/errors';
import { approveByStaff, rejectByStaff } from '../../worker/src/services/staff-bookings';
import {
  addDays,
  api,
  type BookingDetailAnswer,
  type BookingFields,
  bookingRow,
  bookViaApi,
  createFacility,
  createSlots,
  createStaff,
  expectError,
  freshPhone,
  historyCount,
  type Invalid,
  istanbulToday,
  json,
  tokenFor,
} from './fixtures';
import { slowPitchObject, slowReads } from './fixtures/slow-d1';

const NOT_FOUND = 'Rezervasyon bulunamadı. Lütfen rezervasyon numaranızı kontrol ediniz.';
const ALREADY = 'Bu rezervasyon zaten işlem görmüş';
const REASON_REQUIRED = 'Lütfen red sebebini belirtin';

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

// Three days ahead, so a customer cancel (24 hours or more before the start) is allowed too.
const playDay = () => addDays(istanbulToday(), 3);
let round = 0;

async function pendingBooking(time = '20:00', fields: BookingFields = {}) {
  round++;
  const f = await createFacility();
  await createSlots(f, 3, 3);
  const { booking, slot } = await bookViaApi(f, playDay(), time, {
    customerName: `Yarış Oyuncusu ${round}`,
    ...fields,
  });
  return { f, slot, booking };
}

/** Everything a refused decision must leave untouched. */
async function snapshot(bookingId: number) {
  const [row, history, notes] = await env.DB.batch([
    env.DB.prepare(
      `select status, payment_status, approved_by_id, approved_at, rejection_reason, notes, expires_at, updated_at, cancelled_at
       from bookings where id = ?`,
    ).bind(bookingId),
    env.DB.prepare('select count(*) as n from booking_history where booking_id = ?').bind(bookingId),
    env.DB.prepare('select count(*) as n from notifications where booking_id = ?').bind(bookingId),
  ]);
  return {
    row: row.results[0],
    history: (history.results[0] as { n: number }).n,
    notifications: (notes.results[0] as { n: number }).n,
  };
}

const approve = (ref: string, body: unknown = {}, token = adminToken) =>
  api(`/api/bookings/${ref}/approve`, { method: 'POST', token, json: body });
const reject = (ref: string, body: unknown, token = adminToken) =>
  api(`/api/bookings/${ref}/reject`, { method: 'POST', token, json: body });
const customerCancel = (number: string) => api(`/api/bookings/cancel/${number}`, { method: 'POST', json: {} });

describe('list filters that make no sense are refused', () => {
  it('an unknown tab, page size over 100, page 0, an unknown sort and a bad flag answer 400', async () => {
    for (const query of [
      'tab=foo',
      'pageSize=1000',
      'pageSize=0',
      'page=0',
      'page=abc',
      'sort=name:asc',
      'subscribers=maybe',
    ]) {
      const error = await expectError<Invalid>(await api(`/api/bookings?${query}`, { token: adminToken }), 400);
      expect(error.name, query).toBe('ValidationError');
      expect(error.details.errors.length, query).toBeGreaterThan(0);
    }
  });

  it('a start date after the end date is refused with the Turkish message', async () => {
    const error = await expectError<Invalid>(
      await api(`/api/bookings?from=${addDays(istanbulToday(), 5)}&to=${istanbulToday()}`, { token: adminToken }),
      400,
    );
    expect(error.message).toBe('Başlangıç tarihi bitiş tarihinden sonra olamaz!');
    expect(error.details.errors).toContainEqual({
      path: ['from'],
      message: 'Başlangıç tarihi bitiş tarihinden sonra olamaz!',
    });
  });

  it('a date that is not a real YYYY-MM-DD is refused', async () => {
    for (const query of ['from=2026-02-30', 'to=yarın', 'from=22.11.2026', 'to=2026-1-5']) {
      const error = await expectError(await api(`/api/bookings?${encodeURI(query)}`, { token: adminToken }), 400);
      expect(error.message, query).toBe('Tarih YYYY-MM-DD biçiminde olmalı');
    }
  });

  it('an unknown pitch is 404, for the list and for the dashboard figures', async () => {
    expect(
      (await expectError(await api('/api/bookings?facility=yok-boyle-saha', { token: adminToken }), 404)).message,
    ).toBe('Saha bulunamadı');
    expect(
      (await expectError(await api('/api/bookings/stats?facilityId=yok-boyle-saha', { token: adminToken }), 404))
        .message,
    ).toBe('Saha bulunamadı');
  });
});

describe('unknown bookings', () => {
  it('the detail of an unknown documentId or booking number is 404 with the Turkish message', async () => {
    for (const ref of ['yokboyledocument', 'HSRZZZZZZZZZ']) {
      const error = await expectError(await api(`/api/bookings/${ref}`, { token: adminToken }), 404);
      expect(error.message).toBe(NOT_FOUND);
      expect(error.name).toBe('NotFoundError');
    }
  });

  it('approving or rejecting an unknown booking is 404 too', async () => {
    expect((await expectError(await approve('HSRZZZZZZZZZ'), 404)).message).toBe(NOT_FOUND);
    expect((await expectError(await reject('yokboyledocument', { reason: 'Yok' }), 404)).message).toBe(NOT_FOUND);
  });
});

describe('a reject needs a reason', () => {
  it('an empty, blank or missing reason is 400 and changes nothing', async () => {
    const { booking } = await pendingBooking();
    const before = await snapshot(booking.id);
    for (const body of [{ reason: '' }, { reason: '   \n ' }, {}, { reason: null }]) {
      const error = await expectError<Invalid>(await reject(booking.documentId, body), 400);
      expect(error.message, JSON.stringify(body)).toBe(REASON_REQUIRED);
      expect(error.details.errors).toContainEqual({ path: ['reason'], message: REASON_REQUIRED });
    }
    expect(await snapshot(booking.id)).toEqual(before);
    expect(before.row).toMatchObject({ status: 'pending' });
  });

  it('a reason over 500 characters, or a body that is not JSON, is 400 and changes nothing', async () => {
    const { booking } = await pendingBooking();
    const before = await snapshot(booking.id);
    await expectError(await reject(booking.documentId, { reason: 'x'.repeat(501) }), 400);
    const malformed = await api(`/api/bookings/${booking.documentId}/reject`, {
      method: 'POST',
      token: adminToken,
      headers: { 'content-type': 'application/json' },
      body: '{"reason": ',
    });
    expect((await expectError(malformed, 400)).message).toBe('İstek gövdesi geçerli bir JSON değil');
    expect(await snapshot(booking.id)).toEqual(before);
  });

  it('an approval note over 500 characters is 400 and changes nothing', async () => {
    const { booking } = await pendingBooking();
    const before = await snapshot(booking.id);
    await expectError(await approve(booking.documentId, { notes: 'n'.repeat(501) }), 400);
    expect(await snapshot(booking.id)).toEqual(before);
  });
});

describe('a decision on a booking that is no longer pending', () => {
  it('approving twice answers 409 "Bu rezervasyon zaten işlem görmüş" and keeps the first approval', async () => {
    const { booking } = await pendingBooking();
    expect((await approve(booking.documentId, { notes: 'İlk' })).status).toBe(200);
    const before = await snapshot(booking.id);
    const error = await expectError(await approve(booking.documentId, { notes: 'İkinci' }, managerToken), 409);
    expect(error.message).toBe(ALREADY);
    expect(error.name).toBe('ConflictError');
    const after = await snapshot(booking.id);
    expect(after).toEqual(before);
    expect(after.row).toMatchObject({ status: 'approved', approved_by_id: admin.id, notes: 'Onay notu: İlk' });
  });

  it('approving a rejected, cancelled or expired booking is 409 and changes nothing', async () => {
    const rejected = (await pendingBooking()).booking;
    expect((await reject(rejected.documentId, { reason: 'Kapalı' })).status).toBe(200);
    const cancelled = (await pendingBooking()).booking;
    expect((await customerCancel(cancelled.bookingNumber)).status).toBe(200);
    const expired = (await pendingBooking()).booking;
    await env.DB.prepare("update bookings set status = 'expired', expires_at = null where id = ?")
      .bind(expired.id)
      .run();

    for (const b of [rejected, cancelled, expired]) {
      const before = await snapshot(b.id);
      const error = await expectError(await approve(b.documentId), 409);
      expect(error.message).toMatch(/bekleyen|zaten işlem görmüş/);
      expect(await snapshot(b.id)).toEqual(before);
    }
  });

  it('rejecting a rejected, cancelled or expired booking is 409 and changes nothing', async () => {
    const rejected = (await pendingBooking()).booking;
    expect((await reject(rejected.documentId, { reason: 'İlk red' })).status).toBe(200);
    const cancelled = (await pendingBooking()).booking;
    expect((await customerCancel(cancelled.bookingNumber)).status).toBe(200);
    const expired = (await pendingBooking()).booking;
    await env.DB.prepare("update bookings set status = 'expired', expires_at = null where id = ?")
      .bind(expired.id)
      .run();

    for (const b of [rejected, cancelled, expired]) {
      const before = await snapshot(b.id);
      const error = await expectError(await reject(b.bookingNumber, { reason: 'Tekrar' }), 409);
      expect(error.message).toBe(ALREADY);
      expect(await snapshot(b.id)).toEqual(before);
    }
    expect((await snapshot(rejected.id)).row).toMatchObject({ rejection_reason: 'İlk red' });
  });

  it('a customer cannot cancel what staff rejected', async () => {
    const { booking } = await pendingBooking();
    await reject(booking.documentId, { reason: 'Kapalı' });
    const error = await expectError(await customerCancel(booking.bookingNumber), 409);
    expect(error.message).toContain('zaten işlem görmüş');
  });
});

// ---------- simultaneous decisions ----------

const staffHistory = async (bookingId: number) =>
  (
    await env.DB.prepare(
      "select from_status, to_status from booking_history where booking_id = ? and actor_type = 'staff' order by id",
    )
      .bind(bookingId)
      .all()
  ).results;
const changesAfterCreate = async (bookingId: number) =>
  (
    await env.DB.prepare(
      'select from_status, to_status, actor_type from booking_history where booking_id = ? and from_status is not null order by id',
    )
      .bind(bookingId)
      .all<{ from_status: string; to_status: string; actor_type: string }>()
  ).results;
const notificationsOf = async (bookingId: number, type: string) =>
  (await env.DB.prepare('select count(*) as n from notifications where booking_id = ? and type = ?')
    .bind(bookingId, type)
    .first<{ n: number }>())!.n;
const statusOf = async (bookingId: number) =>
  (await env.DB.prepare('select status from bookings where id = ?').bind(bookingId).first<{ status: string }>())!
    .status;

async function tally(responses: Response[]) {
  const bodies = await Promise.all(
    responses.map(
      (r) => r.json() as Promise<{ data: unknown; error?: { message: string; details: Record<string, unknown> } }>,
    ),
  );
  return responses.map((r, i) => ({ status: r.status, body: bodies[i] }));
}

const DELAY_MS = 40;

describe('simultaneous decisions on one booking', () => {
  it('ten approvals at once (admins and managers): exactly one succeeds, nine get 409, one history row, one notification', async () => {
    const { booking } = await pendingBooking();
    const results = await tally(
      await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          approve(booking.documentId, { notes: `Onay ${i}` }, i % 2 ? managerToken : adminToken),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(9);
    for (const r of refused) {
      expect(r.status).toBe(409);
      expect(r.body.error!.message).toBe(ALREADY);
    }
    expect(await staffHistory(booking.id)).toEqual([{ from_status: 'pending', to_status: 'approved' }]);
    expect(await notificationsOf(booking.id, 'booking_updated')).toBe(1);
    expect(await statusOf(booking.id)).toBe('approved');
  });

  it('a reject, a second reject and a customer cancel at once: exactly one succeeds, the others get 409', async () => {
    const { f, slot, booking } = await pendingBooking();
    const results = await tally(
      await Promise.all([
        reject(booking.documentId, { reason: 'Birinci' }),
        reject(booking.bookingNumber, { reason: 'İkinci' }, managerToken),
        customerCancel(booking.bookingNumber),
      ]),
    );
    const winners = results.filter((r) => r.status === 200);
    expect(winners).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(2);
    const changes = await changesAfterCreate(booking.id);
    expect(changes).toHaveLength(1);
    expect(changes[0].from_status).toBe('pending');
    expect(await statusOf(booking.id)).toBe(changes[0].to_status);
    expect((await staffHistory(booking.id)).length).toBe(changes[0].actor_type === 'staff' ? 1 : 0);
    // The slot was freed exactly once and takes a new booking.
    const again = await api('/api/bookings', {
      method: 'POST',
      json: {
        facility: f.documentId,
        bookingSlot: slot.document_id,
        customerName: 'Yeni Gelen',
        customerPhone: freshPhone(),
      },
    });
    expect(again.status).toBe(201);
  });

  it('an approve, a reject and a customer cancel at once are applied one after another, never interleaved', async () => {
    // Reject and cancel are both allowed from approved (behaviour.md#bookings), so when the approve takes the lock first one of them
    // may follow it; when either of them goes first, everything else is refused. Each success is one history step.
    const { booking } = await pendingBooking();
    const results = await tally(
      await Promise.all([
        approve(booking.documentId, {}, managerToken),
        reject(booking.documentId, { reason: 'Aynı anda' }),
        customerCancel(booking.bookingNumber),
      ]),
    );
    const [a, r, c] = results.map((x) => x.status);
    for (const s of [a, r, c]) expect([200, 409]).toContain(s);
    const changes = await changesAfterCreate(booking.id);
    const successes = results.filter((x) => x.status === 200).length;
    expect(changes).toHaveLength(successes);
    // The steps form one chain starting from pending, and the booking ends where the chain ends.
    let from = 'pending';
    for (const step of changes) {
      expect(step.from_status).toBe(from);
      from = step.to_status;
    }
    expect(await statusOf(booking.id)).toBe(from);
    // At most one terminal decision, and an approval only ever as the first step.
    expect([r, c].filter((s) => s === 200).length).toBe(1);
    if (a === 200) expect(changes[0]).toMatchObject({ to_status: 'approved', actor_type: 'staff' });
    else expect(changes).toHaveLength(1);
  });

  it('with a pause injected between check and write, the pitch lock still lets one approval through and the others see it', async () => {
    const { f, booking } = await pendingBooking();
    await slowPitchObject(f.id, DELAY_MS);
    const started = Date.now();
    const results = await tally(await Promise.all(Array.from({ length: 4 }, () => approve(booking.documentId))));
    // Serialised: each holder paused in turn, so the four decisions took at least four pauses.
    expect(Date.now() - started).toBeGreaterThanOrEqual(4 * DELAY_MS - 5);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = results.filter((r) => r.status === 409);
    expect(refused).toHaveLength(3);
    // The losers were refused by the check itself (it already saw 'approved'), not only by the conditional write.
    for (const r of refused) expect(r.body.error!.details).toMatchObject({ status: 'approved' });
    expect(await staffHistory(booking.id)).toEqual([{ from_status: 'pending', to_status: 'approved' }]);
    expect(await notificationsOf(booking.id, 'booking_updated')).toBe(1);
  });

  it('with the pause and a reject and a customer cancel racing, the lock keeps exactly one and the slot is freed once', async () => {
    const { f, booking } = await pendingBooking();
    await slowPitchObject(f.id, DELAY_MS);
    const results = await tally(
      await Promise.all([
        reject(booking.documentId, { reason: 'Yavaş red' }),
        customerCancel(booking.bookingNumber),
        reject(booking.documentId, { reason: 'Yavaş red 2' }, managerToken),
      ]),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(2);
    expect(await changesAfterCreate(booking.id)).toHaveLength(1);
  });

  describe('control: the same decisions without the pitch lock', () => {
    const actor = (): PublicUser => ({
      id: admin.id,
      documentId: admin.documentId,
      username: admin.username,
      email: admin.email,
      firstName: admin.firstName,
      lastName: admin.lastName,
      blocked: false,
      role: { id: 1, name: 'Admin', type: 'admin' },
    });

    async function race(calls: Array<() => Promise<unknown>>) {
      const settled = await Promise.allSettled(calls.map((call) => call()));
      const ok = settled.filter((s) => s.status === 'fulfilled').length;
      const conflicts = settled.filter(
        (s) => s.status === 'rejected' && s.reason instanceof ApiError && s.reason.status === 409,
      );
      return { ok, conflicts: conflicts.length, other: settled.length - ok - conflicts.length, settled };
    }

    it('two approvals that both passed the check: the conditional update lets one win, with one history row and one notification', async () => {
      const { f, booking } = await pendingBooking();
      const slow = slowReads(env.DB, DELAY_MS);
      const result = await race([
        () => approveByStaff(getDb(slow), f.id, booking.documentId, actor(), 'Bir', Date.now()),
        () => approveByStaff(getDb(slow), f.id, booking.documentId, actor(), 'İki', Date.now()),
      ]);
      expect(result).toMatchObject({ ok: 1, conflicts: 1, other: 0 });
      // Both checks saw 'pending' (the loser's refusal came from the write, so it carries no status).
      const loser = result.settled.find((s) => s.status === 'rejected') as PromiseRejectedResult;
      expect((loser.reason as ApiError).details).not.toHaveProperty('status');
      expect(await staffHistory(booking.id)).toEqual([{ from_status: 'pending', to_status: 'approved' }]);
      expect(await notificationsOf(booking.id, 'booking_updated')).toBe(1);
    });

    it('two rejects that both passed the check: one wins, with one history row and one notification', async () => {
      const { f, booking } = await pendingBooking();
      const slow = slowReads(env.DB, DELAY_MS);
      const result = await race([
        () => rejectByStaff(getDb(slow), f.id, booking.documentId, actor(), 'Bir', Date.now()),
        () => rejectByStaff(getDb(slow), f.id, booking.documentId, actor(), 'İki', Date.now()),
      ]);
      expect(result).toMatchObject({ ok: 1, conflicts: 1, other: 0 });
      expect(await staffHistory(booking.id)).toEqual([{ from_status: 'pending', to_status: 'rejected' }]);
      expect(await notificationsOf(booking.id, 'booking_cancelled')).toBe(1);
    });

    it('an approve and a reject that both passed the check: one wins and only its history row and notification are written', async () => {
      const { f, booking } = await pendingBooking();
      const slow = slowReads(env.DB, DELAY_MS);
      const result = await race([
        () => approveByStaff(getDb(slow), f.id, booking.documentId, actor(), null, Date.now()),
        () => rejectByStaff(getDb(slow), f.id, booking.documentId, actor(), 'Red', Date.now()),
      ]);
      expect(result).toMatchObject({ ok: 1, conflicts: 1, other: 0 });
      const history = await staffHistory(booking.id);
      expect(history).toHaveLength(1);
      const final = await statusOf(booking.id);
      expect(history[0]).toEqual({ from_status: 'pending', to_status: final });
      expect(
        (await notificationsOf(booking.id, 'booking_updated')) +
          (await notificationsOf(booking.id, 'booking_cancelled')),
      ).toBe(1);
    });
  });
});

const putNotes = (ref: string, body: unknown, token = adminToken) =>
  api(`/api/bookings/${ref}`, { method: 'PUT', token, json: body });
const staffCancel = (ref: string, body: unknown, token = adminToken) =>
  api(`/api/bookings/${ref}/cancel`, { method: 'POST', token, json: body });

describe('length limits answer in Turkish', () => {
  it('a reject reason over 500 characters says so, not "Lütfen red sebebini belirtin", and changes nothing', async () => {
    const { booking } = await pendingBooking('20:00');
    const error = await expectError<Invalid>(await reject(booking.documentId, { reason: 'x'.repeat(501) }), 400);
    expect(error.message).toBe('Red sebebi en fazla 500 karakter olabilir');
    expect(error.details.errors).toEqual([{ path: ['reason'], message: 'Red sebebi en fazla 500 karakter olabilir' }]);
    expect((await bookingRow(booking.id))!.status).toBe('pending');
  });

  it('an approve note over 500 characters says so in Turkish, with no raw validator text', async () => {
    const { booking } = await pendingBooking('20:00');
    const error = await expectError(await approve(booking.documentId, { notes: 'n'.repeat(501) }), 400);
    expect(error.message).toBe('Onay notu en fazla 500 karakter olabilir');
    expect(JSON.stringify(error)).not.toMatch(/Çok büyük|string|karakter olmalı/);
    expect((await bookingRow(booking.id))!.status).toBe('pending');
  });
});

describe('PUT /api/bookings/:id edits the notes (api.md)', () => {
  it('notes over 1000 characters are 400 in Turkish and change nothing; unknown is 404; no token is 401', async () => {
    const { booking } = await pendingBooking('18:00', { notes: 'Eski not' });
    const error = await expectError(await putNotes(booking.documentId, { notes: 'y'.repeat(1001) }), 400);
    expect(error.message).toBe('Notlar en fazla 1000 karakter olabilir');
    expect((await bookingRow(booking.id))!.notes).toBe('Eski not');
    expect(await historyCount(booking.id)).toBe(1);
    await expectError(await putNotes('HSRAAAAAAAAA', { notes: 'x' }), 404);
    await expectError(await api(`/api/bookings/${booking.documentId}`, { method: 'PUT', json: { notes: 'x' } }), 401);
    expect((await bookingRow(booking.id))!.notes).toBe('Eski not');
  });
});

describe('staff cancel of an approved booking', () => {
  it('takes a reason of its own; a pending booking is refused (reject it instead), a cancelled one is 409, over 500 chars 400', async () => {
    const { booking } = await pendingBooking('19:00');
    expect((await expectError(await staffCancel(booking.documentId, {}), 409)).message).toBe(
      'Yalnızca onaylı rezervasyonlar iptal edilebilir',
    );
    await approve(booking.documentId);
    expect((await expectError(await staffCancel(booking.documentId, { reason: 'z'.repeat(501) }), 400)).message).toBe(
      'İptal sebebi en fazla 500 karakter olabilir',
    );
    expect((await bookingRow(booking.id))!.status).toBe('approved');
    const ok = await json<BookingDetailAnswer>(
      await staffCancel(booking.documentId, { reason: 'Saha bakımda' }, managerToken),
    );
    expect(ok.data).toMatchObject({ status: 'cancelled', cancellationReason: 'Saha bakımda' });
    expect((await expectError(await staffCancel(booking.documentId, {}), 409)).message).toBe(
      'Bu rezervasyon zaten işlem görmüş',
    );
    await expectError(await api(`/api/bookings/${booking.documentId}/cancel`, { method: 'POST', json: {} }), 401);
  });
});
