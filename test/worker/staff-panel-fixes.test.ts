// Issue 7 §3 and §5 (panel, staff side): Turkish length messages, editing notes, Gelecek by play time, staff cancel as a
// cancel, the actor's own notifications, the approver's full name and anonymising a customer (KVKK).
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookingListQuery } from '../../contracts/panel';
import { getDb } from '../../worker/src/db/client';
import { pageQuery } from '../../worker/src/services/staff-bookings';
import {
  addDays,
  api,
  createFacility,
  createSlots,
  createStaff,
  expectError,
  freshPhone,
  istanbulToday,
  json,
  slotAt,
  tokenFor,
} from './fixtures';

let admin: Awaited<ReturnType<typeof createStaff>>;
let manager: Awaited<ReturnType<typeof createStaff>>;
let adminToken: string;
let managerToken: string;

beforeAll(async () => {
  admin = await createStaff('admin', { firstName: 'Ayşe', lastName: 'Yönetici' });
  manager = await createStaff('manager', { firstName: 'Mert', lastName: 'Müdür' });
  adminToken = await tokenFor(admin, 'admin');
  managerToken = await tokenFor(manager, 'manager');
});

const playDay = (n = 3) => addDays(istanbulToday(), n);

async function pitch() {
  const f = await createFacility();
  await createSlots(f, 1, 4);
  return f;
}

async function book(
  f: { documentId: string; id: number },
  time: string,
  extra: Record<string, unknown> = {},
  date = playDay(),
) {
  const slot = await slotAt(f.id, date, time);
  const res = await api('/api/bookings', {
    method: 'POST',
    json: {
      facility: f.documentId,
      bookingSlot: slot.document_id,
      customerName: 'Deniz Aydın',
      customerPhone: freshPhone(),
      ...extra,
    },
  });
  expect(res.status).toBe(201);
  return {
    booking: (await json(res)).data as { id: number; documentId: string; bookingNumber: string; customerPhone: string },
    slot,
  };
}

const post = (path: string, body: unknown, token = adminToken, method = 'POST') =>
  api(path, { method, token, json: body });
const detail = async (ref: string) => (await json(await api(`/api/bookings/${ref}`, { token: adminToken }))).data;
const row = (id: number) =>
  env.DB.prepare('select * from bookings where id = ?').bind(id).first<Record<string, unknown>>();
const historyCount = async (id: number) =>
  (await env.DB.prepare('select count(*) as n from booking_history where booking_id = ?')
    .bind(id)
    .first<{ n: number }>())!.n;

describe('length limits answer in Turkish (issue 7 §3)', () => {
  it('a reject reason over 500 characters says so, not "Lütfen red sebebini belirtin", and changes nothing', async () => {
    const { booking } = await book(await pitch(), '20:00');
    const error = await expectError(
      await post(`/api/bookings/${booking.documentId}/reject`, { reason: 'x'.repeat(501) }),
      400,
    );
    expect(error.message).toBe('Red sebebi en fazla 500 karakter olabilir');
    expect(error.details.errors).toEqual([{ path: ['reason'], message: 'Red sebebi en fazla 500 karakter olabilir' }]);
    expect((await row(booking.id))!.status).toBe('pending');
  });

  it('an approve note over 500 characters says so in Turkish, with no raw validator text', async () => {
    const { booking } = await book(await pitch(), '20:00');
    const error = await expectError(
      await post(`/api/bookings/${booking.documentId}/approve`, { notes: 'n'.repeat(501) }),
      400,
    );
    expect(error.message).toBe('Onay notu en fazla 500 karakter olabilir');
    expect(JSON.stringify(error)).not.toMatch(/Çok büyük|string|karakter olmalı/);
    expect((await row(booking.id))!.status).toBe('pending');
  });
});

describe('PUT /api/bookings/:id edits the notes (02 §7)', () => {
  it('staff set and clear the notes; each edit writes a history row and moves updatedAt', async () => {
    const { booking } = await book(await pitch(), '19:00', { notes: 'Forma getirin' });
    const before = await row(booking.id);
    await new Promise((r) => setTimeout(r, 5));
    const res = await post(
      `/api/bookings/${booking.documentId}`,
      { data: { notes: '  Kapora elden alındı  ' } },
      managerToken,
      'PUT',
    );
    expect(res.status).toBe(200);
    const { data } = await json(res);
    expect(data).toMatchObject({ notes: 'Kapora elden alındı', status: 'pending' });
    expect(Date.parse(data.updatedAt)).toBeGreaterThan(before!.updated_at as number);
    expect(data.history.at(-1)).toMatchObject({
      fromStatus: 'pending',
      toStatus: 'pending',
      reason: 'Notlar güncellendi',
      actorType: 'staff',
      actorLabel: 'Mert Müdür',
    });

    const cleared = await json(await post(`/api/bookings/${booking.bookingNumber}`, { notes: '' }, adminToken, 'PUT'));
    expect(cleared.data.notes).toBeNull();
    expect(await historyCount(booking.id)).toBe(3);
  });

  it('notes over 1000 characters are 400 in Turkish and change nothing; unknown is 404; no token is 401', async () => {
    const { booking } = await book(await pitch(), '18:00', { notes: 'Eski not' });
    const error = await expectError(
      await post(`/api/bookings/${booking.documentId}`, { notes: 'y'.repeat(1001) }, adminToken, 'PUT'),
      400,
    );
    expect(error.message).toBe('Notlar en fazla 1000 karakter olabilir');
    expect((await row(booking.id))!.notes).toBe('Eski not');
    expect(await historyCount(booking.id)).toBe(1);
    await expectError(await post('/api/bookings/HSRAAAAAAAAA', { notes: 'x' }, adminToken, 'PUT'), 404);
    await expectError(await api(`/api/bookings/${booking.documentId}`, { method: 'PUT', json: { notes: 'x' } }), 401);
    expect((await row(booking.id))!.notes).toBe('Eski not');
  });
});

describe('Gelecek is ordered by play time (issue 7 §3)', () => {
  it('the upcoming tab lists the soonest match first, whatever the creation order, with or without filters', async () => {
    const f = await pitch();
    const late = await book(f, '21:00', { customerName: 'Geç Oyun' }, playDay(4));
    const early = await book(f, '10:00', { customerName: 'Erken Oyun' }, playDay(1));
    const middle = await book(f, '15:00', { customerName: 'Orta Oyun' }, playDay(2));
    void late;
    void early;
    void middle;
    for (const query of [`facility=${f.documentId}&tab=upcoming`, `facility=${f.documentId}&tab=upcoming&q=oyun`]) {
      const body = await json(await api(`/api/bookings?${query}`, { token: adminToken }));
      expect(
        body.data.map((b: { customerName: string }) => b.customerName),
        query,
      ).toEqual(['Erken Oyun', 'Orta Oyun', 'Geç Oyun']);
    }
    // An explicit sort still wins, and the other tabs stay newest first.
    const all = await json(await api(`/api/bookings?facility=${f.documentId}`, { token: adminToken }));
    expect(all.data.map((b: { customerName: string }) => b.customerName)).toEqual([
      'Orta Oyun',
      'Erken Oyun',
      'Geç Oyun',
    ]);
  });

  it('the unfiltered upcoming page walks the starts_at index in order: no temporary sort of every upcoming row', async () => {
    const q = bookingListQuery.parse({ tab: 'upcoming' });
    const page = pageQuery(getDb(env.DB), q, null, Date.now()).toSQL();
    const plan = await env.DB.prepare(`explain query plan ${page.sql}`)
      .bind(...page.params)
      .all<{ detail: string }>();
    const text = plan.results.map((r) => r.detail).join('\n');
    expect(text).toMatch(/bookings_starts_at/);
    expect(text).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
  });
});

describe('staff cancel of an approved booking (issue 7 §3)', () => {
  it('is a cancel: İptal tab, cancellationReason, refunded, slot freed, history and a notification', async () => {
    const f = await pitch();
    const { booking, slot } = await book(f, '20:00');
    await post(`/api/bookings/${booking.documentId}/approve`, {});
    const res = await post(`/api/bookings/${booking.documentId}/cancel`, {});
    expect(res.status).toBe(200);
    const { data } = await json(res);
    expect(data).toMatchObject({
      status: 'cancelled',
      cancellationReason: 'Randevu iptal edildi',
      rejectionReason: null,
      paymentStatus: 'refunded',
    });
    expect(data.cancelledAt).not.toBeNull();
    expect(data.history.at(-1)).toMatchObject({
      fromStatus: 'approved',
      toStatus: 'cancelled',
      reason: 'Randevu iptal edildi',
      actorLabel: 'Ayşe Yönetici',
    });
    const counts = (await json(await api(`/api/bookings?facility=${f.documentId}`, { token: adminToken }))).meta.counts;
    expect(counts).toMatchObject({ cancelled: 1, rejected: 0, approved: 0 });
    const note = await env.DB.prepare(
      "select title, type from notifications where booking_id = ? and type = 'booking_cancelled'",
    )
      .bind(booking.id)
      .first();
    expect(note).toEqual({ title: 'Rezervasyon iptal edildi', type: 'booking_cancelled' });
    const shown = (await json(await api(`/api/facilities/${f.slug}/slots?date=${playDay()}`))).data.slots.find(
      (s: { documentId: string }) => s.documentId === slot.document_id,
    );
    expect(shown).toMatchObject({ isAvailable: true, booking: null });
  });

  it('takes a reason of its own; a pending booking is refused (reject it instead), a cancelled one is 409, over 500 chars 400', async () => {
    const f = await pitch();
    const { booking } = await book(f, '19:00');
    expect((await expectError(await post(`/api/bookings/${booking.documentId}/cancel`, {}), 409)).message).toBe(
      'Yalnızca onaylı rezervasyonlar iptal edilebilir',
    );
    await post(`/api/bookings/${booking.documentId}/approve`, {});
    expect(
      (await expectError(await post(`/api/bookings/${booking.documentId}/cancel`, { reason: 'z'.repeat(501) }), 400))
        .message,
    ).toBe('İptal sebebi en fazla 500 karakter olabilir');
    expect((await row(booking.id))!.status).toBe('approved');
    const ok = await json(
      await post(`/api/bookings/${booking.documentId}/cancel`, { reason: 'Saha bakımda' }, managerToken),
    );
    expect(ok.data).toMatchObject({ status: 'cancelled', cancellationReason: 'Saha bakımda' });
    expect((await expectError(await post(`/api/bookings/${booking.documentId}/cancel`, {}), 409)).message).toBe(
      'Bu rezervasyon zaten işlem görmüş',
    );
    await expectError(await api(`/api/bookings/${booking.documentId}/cancel`, { method: 'POST', json: {} }), 401);
  });
});

describe("the actor's own notifications (issue 7 §3)", () => {
  it('record the actor; they are read for the actor and unread for the other staff', async () => {
    const f = await pitch();
    const { booking } = await book(f, '17:00');
    await post(`/api/bookings/${booking.documentId}/approve`, {}, adminToken);
    const stored = await env.DB.prepare(
      "select actor_user_id from notifications where booking_id = ? and type = 'booking_updated'",
    )
      .bind(booking.id)
      .first();
    expect(stored).toEqual({ actor_user_id: admin.id });

    const mine = (token: string) => api('/api/notifications/all?pageSize=100', { token }).then(json);
    const forAdmin = (await mine(adminToken)).data.find(
      (n: { bookingId: number; type: string }) => n.bookingId === booking.id && n.type === 'booking_updated',
    );
    const forManager = (await mine(managerToken)).data.find(
      (n: { bookingId: number; type: string }) => n.bookingId === booking.id && n.type === 'booking_updated',
    );
    expect(forAdmin).toMatchObject({ isRead: true, actorUserId: admin.id });
    expect(forManager).toMatchObject({ isRead: false, actorUserId: admin.id });

    const unread = async (token: string) =>
      (await json(await api('/api/notifications/unread', { token }))).data.map((n: { id: number }) => n.id);
    expect(await unread(adminToken)).not.toContain(forAdmin.id);
    expect(await unread(managerToken)).toContain(forAdmin.id);
    // The customer's own booking (no staff actor) stays unread for everyone.
    const created = await env.DB.prepare(
      "select id from notifications where booking_id = ? and type = 'booking_created'",
    )
      .bind(booking.id)
      .first<{ id: number }>();
    expect(await unread(adminToken)).toContain(created!.id);
  });
});

describe('the approver is shown by full name (issue 7 §3)', () => {
  it('approvedBy carries the full name the history shows', async () => {
    const { booking } = await book(await pitch(), '16:00');
    await post(`/api/bookings/${booking.documentId}/approve`, {}, managerToken);
    const data = await detail(booking.documentId);
    expect(data.approvedBy).toMatchObject({ fullName: 'Mert Müdür', username: manager.username });
    expect(data.history.at(-1).actorLabel).toBe('Mert Müdür');
  });
});

describe('anonymising a customer (KVKK, issue 7 §5)', () => {
  it('clears name, phone, e-mail and notes on every booking of the phone; keeps statuses, prices and revenue; audits it', async () => {
    const f = await pitch();
    const phone = freshPhone();
    const a = await book(
      f,
      '20:00',
      { customerName: 'Gizli Kişi', customerPhone: phone, customerEmail: 'gizli@example.com', notes: 'Evim Nilüfer' },
      playDay(1),
    );
    const b = await book(
      f,
      '20:00',
      { customerName: 'Gizli Kişi', customerPhone: phone, notes: 'Özel not' },
      playDay(3),
    );
    const other = await book(f, '21:00', { customerName: 'Başka Biri' }, playDay(3));
    await post(`/api/bookings/${a.booking.documentId}/approve`, {});
    const statsBefore = (await json(await api(`/api/bookings/stats?facilityId=${f.documentId}`, { token: adminToken })))
      .data;
    const pricesBefore = await env.DB.prepare(
      'select id, status, total_price, deposit_amount, payment_status from bookings where facility_id = ? order by id',
    )
      .bind(f.id)
      .all();

    const res = await post(`/api/bookings/${b.booking.documentId}/anonymize`, {}, managerToken);
    expect(res.status).toBe(200);
    const { data } = await json(res);
    expect(data).toMatchObject({ customerName: 'Silinmiş müşteri', customerEmail: null, notes: null });
    expect(data.history.at(-1)).toMatchObject({
      reason: 'Müşteri bilgileri silindi',
      actorType: 'staff',
      actorLabel: 'Mert Müdür',
    });
    expect(data.history[0].actorLabel).toBe('Silinmiş müşteri');

    for (const id of [a.booking.id, b.booking.id]) {
      const r = (await row(id))!;
      expect(r).toMatchObject({ customer_name: 'Silinmiş müşteri', customer_email: null, notes: null });
      expect(r.customer_phone).not.toBe(phone);
      expect(r.customer_phone).toMatch(/^#[0-9a-f]{24}$/);
      expect(String(r.search_key)).not.toContain(phone);
      expect(String(r.search_key)).not.toContain('gizli');
    }
    expect((await row(other.booking.id))!.customer_name).toBe('Başka Biri');
    expect(
      (
        await env.DB.prepare(
          'select id, status, total_price, deposit_amount, payment_status from bookings where facility_id = ? order by id',
        )
          .bind(f.id)
          .all()
      ).results,
    ).toEqual(pricesBefore.results);
    expect(
      (await json(await api(`/api/bookings/stats?facilityId=${f.documentId}`, { token: adminToken }))).data,
    ).toMatchObject({ revenue: statsBefore.revenue, total: statsBefore.total });

    // No one finds them by phone or name any more; the customers row is anonymised too; no message still names them.
    const byPhone = await json(await api(`/api/bookings?facility=${f.documentId}&q=${phone}`, { token: adminToken }));
    expect(byPhone.meta.pagination.total).toBe(0);
    expect(
      (await json(await api(`/api/bookings?facility=${f.documentId}&q=gizli`, { token: adminToken }))).meta.pagination
        .total,
    ).toBe(0);
    expect(
      await env.DB.prepare('select count(*) as n from customers where phone = ? or name = ?')
        .bind(phone, 'Gizli Kişi')
        .first(),
    ).toEqual({ n: 0 });
    expect(
      await env.DB.prepare("select count(*) as n from notifications where message like '%Gizli Kişi%'").first(),
    ).toEqual({ n: 0 });
    const created = await env.DB.prepare(
      "select message from notifications where booking_id = ? and type = 'booking_created'",
    )
      .bind(a.booking.id)
      .first<{ message: string }>();
    expect(created!.message.startsWith('Silinmiş müşteri · ')).toBe(true);
    const audit = await env.DB.prepare(
      "select title, actor_user_id from notifications where booking_id = ? and title = 'Müşteri bilgileri silindi'",
    )
      .bind(b.booking.id)
      .first();
    expect(audit).toEqual({ title: 'Müşteri bilgileri silindi', actor_user_id: manager.id });

    // The real owner of the phone may book again the same day: the hash never counts as their phone.
    const again = await book(f, '22:00', { customerName: 'Yeni Kayıt', customerPhone: phone }, playDay(3));
    expect(again.booking.customerPhone).toBe(phone);
    // ...and anonymising them a second time does not collide with the first (a fresh salt per anonymisation).
    expect((await post(`/api/bookings/${again.booking.documentId}/anonymize`, {})).status).toBe(200);
    expect((await expectError(await post(`/api/bookings/${a.booking.documentId}/anonymize`, {}), 409)).message).toBe(
      'Bu müşterinin bilgileri zaten silinmiş',
    );
  });

  it('is staff only and 404 for an unknown booking', async () => {
    const { booking } = await book(await pitch(), '15:00', { customerName: 'Korunan Kişi' });
    await expectError(await api(`/api/bookings/${booking.documentId}/anonymize`, { method: 'POST', json: {} }), 401);
    await expectError(await post('/api/bookings/HSRAAAAAAAAA/anonymize', {}), 404);
    expect((await row(booking.id))!.customer_name).toBe('Korunan Kişi');
  });
});
