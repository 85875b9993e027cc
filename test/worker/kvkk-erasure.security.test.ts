// 'Müşteri bilgilerini sil (KVKK)' erases the person everywhere (README 'Threat model'): not only the name, phone and
// e-mail fields but every text typed about their bookings, by them (a cancel reason) or by staff (approve notes, reject
// and cancel reasons, notes), which staff often fill with the customer's name and phone. The fact of each cancel or
// reject and its category stay. Afterwards no answer of the API, staff or public, holds any fragment of the person.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { foldSearch } from '../../contracts/search';
import {
  addDays,
  api,
  createFacility,
  createSlots,
  createStaff,
  istanbulToday,
  json,
  slotAt,
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

async function book(f: { documentId: string; id: number }, date: string, time: string, extra = {}) {
  const slot = await slotAt(f.id, date, time);
  const res = await api('/api/bookings', {
    method: 'POST',
    json: {
      facility: f.documentId,
      bookingSlot: slot.document_id,
      customerName: NAME,
      customerPhone: '0532 987 65 43',
      customerEmail: EMAIL,
      notes: `${NAME} arayacak: 0532 987 65 43`,
      ...extra,
    },
  });
  expect(res.status).toBe(201);
  return (await json(res)).data as { id: number; documentId: string; bookingNumber: string };
}

describe('a KVKK erasure leaves no fragment of the person in any answer', () => {
  it('erases typed reasons and notes (keeping each cancel and reject with its category) and nothing answers with them', async () => {
    const f = await createFacility();
    await createSlots(f, 1, 6);
    const day = (n: number) => addDays(istanbulToday(), n);

    // 1: approved with a note naming them, then cancelled by staff with a reason naming them.
    const staffCancelled = await book(f, day(2), '20:00');
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
    const customerCancelled = await book(f, day(3), '20:00');
    expect(
      (
        await api(`/api/bookings/cancel/${customerCancelled.bookingNumber}`, {
          method: 'POST',
          json: { reason: `Ben Zebercet, gelemiyoruz. ${EMAIL}` },
        })
      ).status,
    ).toBe(200);
    // 3: rejected with a reason naming them.
    const rejected = await book(f, day(4), '20:00');
    expect(
      (
        await staff(`/api/bookings/${rejected.documentId}/reject`, {
          method: 'POST',
          json: { reason: `Kırkambaroğlu kapora göndermedi, 5329876543` },
        })
      ).status,
    ).toBe(200);
    // 4: approved; staff edit its notes; this is the booking the erasure starts from.
    const approved = await book(f, day(5), '20:00');
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
    expect(leaks(JSON.stringify((await json(await staff(reportPath))).data)).length).toBeGreaterThan(0);
    expect(leaks(JSON.stringify((await json(await staff(`/api/bookings/${rejected.documentId}`))).data))).not.toEqual(
      [],
    );

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
    const customers = (await json(await staff('/api/bookings/customers/stats?pageSize=100'))).data as Array<{
      id: number;
    }>;
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
    const history = (await json(await staff(`/api/bookings/${approved.documentId}`))).data.history as Array<{
      event: string | null;
      reason: string | null;
    }>;
    expect(history.map((h) => h.event)).toEqual([null, null, 'notes', 'erased']);
  });
});
