// 'Müşteri bilgilerini sil (KVKK)' erases the person everywhere (README 'Threat model'): not only the name, phone and
// e-mail fields but every text typed about their bookings, by them (a cancel reason) or by staff (approve notes, reject
// and cancel reasons, notes), which staff often fill with the customer's name and phone. The fact of each cancel or
// reject and its category stay. Afterwards no answer of the API, staff or public, holds any fragment of the person.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { notificationText } from '../../contracts/events';
import { foldSearch } from '../../contracts/search';
import {
  type AnonymiseAnswer,
  addDays,
  api,
  type BookingDetailAnswer,
  type BookingListAnswer,
  type BookingStatsAnswer,
  bookingRow,
  bookViaApi,
  type CustomerListAnswer,
  createFacility,
  createSlots,
  createStaff,
  expectError,
  freshPhone,
  istanbulToday,
  json,
  type ReportAnswer,
  tokenFor,
} from './fixtures';

let adminToken: string;
beforeAll(async () => {
  adminToken = await tokenFor(await createStaff('admin'), 'admin');
});

const NAME = 'Zebercet Kırkambaroğlu';
const PHONE = '05329876543';
const EMAIL = 'zebercet.kirkambar@example.com';
/** Every piece of the person a reader could recognise, in the spellings staff and customers type. */
const FRAGMENTS = [
  'Zebercet',
  'Kırkambar',
  'kirkambar',
  '9876543',
  '987 65 43',
  '987-65-43',
  '532 987',
  '5329876',
  'zebercet.kirkambar',
];

function leaks(text: string): string[] {
  const folded = foldSearch(text);
  return FRAGMENTS.filter((f) => text.includes(f) || folded.includes(foldSearch(f)));
}

const staff = (path: string, init: RequestInit & { json?: unknown } = {}) => api(path, { ...init, token: adminToken });

/** The person's booking form: every field names them. */
const PERSON = {
  customerName: NAME,
  customerPhone: '0532 987 65 43',
  customerEmail: EMAIL,
  notes: `${NAME} arayacak: 0532 987 65 43`,
};

describe('a KVKK erasure leaves no fragment of the person in any answer', () => {
  it('erases typed reasons and notes (keeping each cancel and reject with its category) and nothing answers with them', async () => {
    const f = await createFacility();
    await createSlots(f, 1, 6);
    const day = (n: number) => addDays(istanbulToday(), n);

    // 1: approved with a note naming them, then cancelled by staff with a reason naming them.
    const staffCancelled = (await bookViaApi(f, day(2), '20:00', PERSON)).booking;
    expect(
      (
        await staff(`/api/bookings/${staffCancelled.documentId}/approve`, {
          method: 'POST',
          json: { notes: `${NAME} 05329876543 kaporayı gönderdi` },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await staff(`/api/bookings/${staffCancelled.documentId}/cancel`, {
          method: 'POST',
          json: { reason: `Zebercet aradı (0532 987 65 43), iptal istedi` },
        })
      ).status,
    ).toBe(200);
    // 2: the customer cancels it themselves, writing their name and e-mail in the reason.
    const customerCancelled = (await bookViaApi(f, day(3), '20:00', PERSON)).booking;
    expect(
      (
        await api(`/api/bookings/cancel/${customerCancelled.bookingNumber}`, {
          method: 'POST',
          json: { reason: `Ben Zebercet, gelemiyoruz. ${EMAIL}` },
        })
      ).status,
    ).toBe(200);
    // 3: rejected with a reason naming them.
    const rejected = (await bookViaApi(f, day(4), '20:00', PERSON)).booking;
    expect(
      (
        await staff(`/api/bookings/${rejected.documentId}/reject`, {
          method: 'POST',
          json: { reason: `Kırkambaroğlu kapora göndermedi, 5329876543` },
        })
      ).status,
    ).toBe(200);
    // 4: approved; staff edit its notes; this is the booking the erasure starts from.
    const approved = (await bookViaApi(f, day(5), '20:00', PERSON)).booking;
    expect((await staff(`/api/bookings/${approved.documentId}/approve`, { method: 'POST', json: {} })).status).toBe(
      200,
    );
    expect(
      (
        await staff(`/api/bookings/${approved.documentId}`, {
          method: 'PUT',
          json: { notes: `Zebercet'in kardeşi gelecek, ${EMAIL}` },
        })
      ).status,
    ).toBe(200);

    const from = day(0);
    const to = day(7);
    const reportPath = `/api/reports?from=${from}&to=${to}&facility=${f.id}`;
    // Control: before the erasure the sweep does find the person, so a clean sweep afterwards means something.
    expect(leaks(JSON.stringify((await json<ReportAnswer>(await staff(reportPath))).data)).length).toBeGreaterThan(0);
    expect(
      leaks(
        JSON.stringify((await json<BookingDetailAnswer>(await staff(`/api/bookings/${rejected.documentId}`))).data),
      ),
    ).not.toEqual([]);

    const erased = await staff(`/api/bookings/${approved.documentId}/anonymize`, { method: 'POST', json: {} });
    expect(erased.status).toBe(200);

    // The facts stay: statuses, and each reason as its category.
    const reasons = await env.DB.prepare(
      'select booking_number, status, cancellation_reason, rejection_reason from bookings where facility_id = ? order by id',
    )
      .bind(f.id)
      .all<Record<string, string | null>>();
    expect(reasons.results).toEqual([
      {
        booking_number: staffCancelled.bookingNumber,
        status: 'cancelled',
        cancellation_reason: 'Randevu iptal edildi',
        rejection_reason: null,
      },
      {
        booking_number: customerCancelled.bookingNumber,
        status: 'cancelled',
        cancellation_reason: 'Müşteri tarafından iptal edildi',
        rejection_reason: null,
      },
      {
        booking_number: rejected.bookingNumber,
        status: 'rejected',
        cancellation_reason: null,
        rejection_reason: 'Açıklama silindi (KVKK)',
      },
      { booking_number: approved.bookingNumber, status: 'approved', cancellation_reason: null, rejection_reason: null },
    ]);
    const stats = await env.DB.prepare(
      'select status, reason, bookings from booking_reason_stats where facility_id = ? order by status, reason',
    )
      .bind(f.id)
      .all();
    expect(stats.results).toEqual([
      { status: 'cancelled', reason: 'Müşteri tarafından iptal edildi', bookings: 1 },
      { status: 'cancelled', reason: 'Randevu iptal edildi', bookings: 1 },
      { status: 'rejected', reason: 'Açıklama silindi (KVKK)', bookings: 1 },
    ]);

    // Every answer that could carry them: staff detail and history, lists and searches, customers, reports,
    // notifications, the audit log, public tracking, the subscriber look-up and the public calendar.
    const customers = (await json<CustomerListAnswer>(await staff('/api/bookings/customers/stats?pageSize=100'))).data;
    const paths = [
      ...[staffCancelled, customerCancelled, rejected, approved].map((b) => `/api/bookings/${b.documentId}`),
      `/api/bookings?facility=${f.documentId}&pageSize=100`,
      `/api/bookings?facility=${f.documentId}&tab=cancelled&pageSize=100`,
      `/api/bookings?facility=${f.documentId}&tab=rejected&pageSize=100`,
      `/api/bookings?q=zebercet`,
      `/api/bookings?q=9876543`,
      '/api/bookings/customers/stats?pageSize=100',
      '/api/bookings/customers/stats?q=zebercet',
      ...customers.map((c) => `/api/bookings/customers/${c.id}`),
      reportPath,
      `/api/reports?from=${from}&to=${to}&bucket=week`,
      '/api/notifications/all?pageSize=100',
      '/api/notifications/unread',
      '/api/audit-log?pageSize=100',
      `/api/facilities/${f.documentId}/calendar?from=${from}&to=${to}`,
      `/api/bookings/stats?facilityId=${f.documentId}`,
    ];
    for (const path of paths) {
      const res = await staff(path);
      expect(res.status, path).toBe(200);
      expect(leaks(await res.text()), path).toEqual([]);
    }
    const publicPaths = [
      ...[staffCancelled, customerCancelled, rejected, approved].map((b) => `/api/bookings/track/${b.bookingNumber}`),
      `/api/bookings/track-by-phone/${PHONE}`,
      `/api/facilities/${f.documentId}/slots?from=${from}&to=${to}`,
    ];
    for (const path of publicPaths) {
      const res = await api(path);
      expect([200, 404], path).toContain(res.status);
      expect(leaks(await res.text()), path).toEqual([]);
    }

    // And nothing of them is left in any text column of D1 (the trigram index keeps no text of its own).
    const tables = await env.DB.prepare(
      "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '_cf_%' and name not like 'd1_%' and name not like 'bookings_search%'",
    ).all<{ name: string }>();
    for (const { name } of tables.results) {
      const rows = await env.DB.prepare(`select * from "${name}"`).all();
      expect(leaks(JSON.stringify(rows.results)), name).toEqual([]);
    }

    // The history names each event: the erasure is not 'Onaylandı → Onaylandı'.
    const history = (await json<BookingDetailAnswer>(await staff(`/api/bookings/${approved.documentId}`))).data.history;
    expect(history.map((h) => h.event)).toEqual([null, null, 'notes', 'erased']);
  });
});

describe('anonymising a customer (KVKK)', () => {
  let manager: Awaited<ReturnType<typeof createStaff>>;
  let managerToken: string;
  beforeAll(async () => {
    manager = await createStaff('manager', { firstName: 'Mert', lastName: 'Müdür' });
    managerToken = await tokenFor(manager, 'manager');
  });
  const post = (path: string, body: unknown, token = adminToken) => api(path, { method: 'POST', token, json: body });
  const playDay = (n: number) => addDays(istanbulToday(), n);
  async function pitch() {
    const f = await createFacility();
    await createSlots(f, 1, 4);
    return f;
  }

  it('clears name, phone, e-mail and notes on every booking of the phone; keeps statuses, prices and revenue; audits it', async () => {
    const f = await pitch();
    const phone = freshPhone();
    const a = await bookViaApi(f, playDay(1), '20:00', {
      customerName: 'Gizli Kişi',
      customerPhone: phone,
      customerEmail: 'gizli@example.com',
      notes: 'Evim Nilüfer',
    });
    const b = await bookViaApi(f, playDay(3), '20:00', {
      customerName: 'Gizli Kişi',
      customerPhone: phone,
      notes: 'Özel not',
    });
    const other = await bookViaApi(f, playDay(3), '21:00', { customerName: 'Başka Biri' });
    await post(`/api/bookings/${a.booking.documentId}/approve`, {});
    const statsBefore = (
      await json<BookingStatsAnswer>(await api(`/api/bookings/stats?facilityId=${f.documentId}`, { token: adminToken }))
    ).data;
    const pricesBefore = await env.DB.prepare(
      'select id, status, total_price, deposit_amount, payment_status from bookings where facility_id = ? order by id',
    )
      .bind(f.id)
      .all();

    const res = await post(`/api/bookings/${b.booking.documentId}/anonymize`, {}, managerToken);
    expect(res.status).toBe(200);
    const { data } = await json<AnonymiseAnswer>(res);
    expect(data).toMatchObject({ customerName: 'Silinmiş müşteri', customerEmail: null, notes: null });
    expect(data.history.at(-1)).toMatchObject({
      reason: 'Müşteri bilgileri silindi',
      actorType: 'staff',
      actorLabel: 'Mert Müdür',
    });
    expect(data.history[0].actorLabel).toBe('Silinmiş müşteri');

    for (const id of [a.booking.id, b.booking.id]) {
      const r = (await bookingRow(id))!;
      expect(r).toMatchObject({ customer_name: 'Silinmiş müşteri', customer_email: null, notes: null });
      expect(r.customer_phone).not.toBe(phone);
      expect(r.customer_phone).toMatch(/^#[0-9a-f]{24}$/);
      expect(String(r.search_key)).not.toContain(phone);
      expect(String(r.search_key)).not.toContain('gizli');
    }
    expect((await bookingRow(other.booking.id))!.customer_name).toBe('Başka Biri');
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
      (
        await json<BookingStatsAnswer>(
          await api(`/api/bookings/stats?facilityId=${f.documentId}`, { token: adminToken }),
        )
      ).data,
    ).toMatchObject({ revenue: statsBefore.revenue, total: statsBefore.total });

    // No one finds them by phone or name any more; the customers row is anonymised too; no message still names them.
    const byPhone = await json<BookingListAnswer>(
      await api(`/api/bookings?facility=${f.documentId}&q=${phone}`, { token: adminToken }),
    );
    expect(byPhone.meta.pagination.total).toBe(0);
    expect(
      (
        await json<BookingListAnswer>(
          await api(`/api/bookings?facility=${f.documentId}&q=gizli`, { token: adminToken }),
        )
      ).meta.pagination.total,
    ).toBe(0);
    expect(
      await env.DB.prepare('select count(*) as n from customers where phone = ? or name = ?')
        .bind(phone, 'Gizli Kişi')
        .first(),
    ).toEqual({ n: 0 });
    expect(
      await env.DB.prepare(
        "select count(*) as n from notifications where message like '%Gizli Kişi%' or facts like '%Gizli Kişi%'",
      ).first(),
    ).toEqual({ n: 0 });
    // The erasure cleared the name among the event's facts; the message rendered from them says who is gone.
    const created = await env.DB.prepare(
      "select title, message, kind, facts from notifications where booking_id = ? and type = 'booking_created'",
    )
      .bind(a.booking.id)
      .first<{ title: string; message: string; kind: string; facts: string }>();
    expect(created!.kind).toBe('booking_created');
    expect(JSON.parse(created!.facts)).toMatchObject({ customerName: null, bookingNumber: a.booking.bookingNumber });
    expect(notificationText(created!).message.startsWith('Silinmiş müşteri · ')).toBe(true);
    const audit = await env.DB.prepare(
      "select title, actor_user_id from notifications where booking_id = ? and title = 'Müşteri bilgileri silindi'",
    )
      .bind(b.booking.id)
      .first();
    expect(audit).toEqual({ title: 'Müşteri bilgileri silindi', actor_user_id: manager.id });

    // The real owner of the phone may book again the same day: the hash never counts as their phone.
    const again = await bookViaApi(f, playDay(3), '22:00', { customerName: 'Yeni Kayıt', customerPhone: phone });
    expect(again.booking.customerPhone).toBe(phone);
    // ...and anonymising them a second time does not collide with the first (a fresh salt per anonymisation).
    expect((await post(`/api/bookings/${again.booking.documentId}/anonymize`, {})).status).toBe(200);
    expect((await expectError(await post(`/api/bookings/${a.booking.documentId}/anonymize`, {}), 409)).message).toBe(
      'Bu müşterinin bilgileri zaten silinmiş',
    );
  });

  it('is staff only and 404 for an unknown booking', async () => {
    const { booking } = await bookViaApi(await pitch(), playDay(3), '15:00', { customerName: 'Korunan Kişi' });
    await expectError(await api(`/api/bookings/${booking.documentId}/anonymize`, { method: 'POST', json: {} }), 401);
    await expectError(await post('/api/bookings/HSRAAAAAAAAA/anonymize', {}), 404);
    expect((await bookingRow(booking.id))!.customer_name).toBe('Korunan Kişi');
  });
});
