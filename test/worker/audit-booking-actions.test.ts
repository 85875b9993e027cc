// Every staff action on a booking is in the audit log (docs/behaviour.md#audit-log-denetim-kaydı): approve, reject,
// cancel, notes, subscription and KVKK erasure each write exactly one row in the batch of the change, with the booking
// number as its name and only where and when it plays as its facts; a refused action writes none.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { auditLine } from '../../contracts/events';
import {
  type AuditAnswer,
  addDays,
  api,
  bookRow,
  createFacility,
  createSlots,
  createStaff,
  expectError,
  istanbulToday,
  json,
  tokenFor,
} from './fixtures';
import { request, subscribe } from './fixtures/subscriptions';

interface AuditDbRow {
  entity_kind: string;
  action: string;
  entity_id: string | null;
  entity_label: string | null;
  actor_name: string;
  details: string;
  summary: string;
}

/** The booking audit rows written for `label` (a booking number), oldest first. */
async function auditOf(label: string) {
  const { results } = await env.DB.prepare(
    "select * from audit_log where entity_kind = 'booking' and entity_label = ? order by id",
  )
    .bind(label)
    .all<AuditDbRow>();
  return results.map((r) => ({
    ...r,
    facts: JSON.parse(r.details) as Record<string, unknown>,
    line: auditLine({
      entityKind: r.entity_kind,
      action: r.action,
      entityLabel: r.entity_label,
      details: JSON.parse(r.details),
      summary: r.summary,
    }),
  }));
}

async function setup() {
  const f = await createFacility({ name: 'Denetim Sahası' });
  await createSlots(f, 0, 3);
  const admin = await createStaff('admin', { firstName: 'Ayşe', lastName: 'Denetçi' });
  const token = await tokenFor(admin, 'admin');
  const date = addDays(istanbulToday(), 2);
  return { f, admin, token, date };
}

const post = (path: string, token: string, body: unknown) => api(path, { method: 'POST', token, json: body });
const idOf = async (documentId: string) =>
  (await env.DB.prepare('select id from bookings where document_id = ?').bind(documentId).first<{ id: number }>())!.id;

describe('booking actions in the audit log', () => {
  it('approve writes one booking.approve row naming the booking, the pitch and the start, not the customer', async () => {
    const { f, token, date } = await setup();
    const b = await bookRow(f, date, '20:00', { name: 'Gizli Müşteri' });
    const res = await post(`/api/bookings/${b.documentId}/approve`, token, { notes: 'Kapora geldi 0532' });
    expect(res.status).toBe(200);
    const rows = await auditOf(b.bookingNumber);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ entity_kind: 'booking', action: 'approve', actor_name: 'Ayşe Denetçi' });
    expect(rows[0].entity_id).toBe(String(await idOf(b.documentId)));
    expect(rows[0].facts).toEqual({
      facilityName: 'Denetim Sahası',
      date,
      startTime: '20:00',
      startsAt: b.slot.starts_at,
    });
    expect(rows[0].line).toMatch(new RegExp(`^Rezervasyon onaylandı: ${b.bookingNumber} — Denetim Sahası · .*20:00$`));
    expect(rows[0].details).not.toContain('Gizli');
    expect(rows[0].details).not.toContain('0532');

    // Approving again is refused (409) and writes nothing more.
    await expectError(await post(`/api/bookings/${b.documentId}/approve`, token, {}), 409);
    expect(await auditOf(b.bookingNumber)).toHaveLength(1);
  });

  it('reject writes one booking.reject row; a reject of a rejected booking writes none', async () => {
    const { f, token, date } = await setup();
    const b = await bookRow(f, date, '21:00');
    expect((await post(`/api/bookings/${b.documentId}/reject`, token, { reason: 'Saha bakımda' })).status).toBe(200);
    await expectError(await post(`/api/bookings/${b.documentId}/reject`, token, { reason: 'Yine' }), 409);
    const rows = await auditOf(b.bookingNumber);
    expect(rows.map((r) => r.action)).toEqual(['reject']);
    expect(rows[0].line).toContain(`Rezervasyon reddedildi: ${b.bookingNumber}`);
    expect(rows[0].details).not.toContain('bakım');
  });

  it('staff cancel writes one booking.cancel row; cancelling a pending booking is refused with none', async () => {
    const { f, token, date } = await setup();
    const pending = await bookRow(f, date, '18:00');
    await expectError(await post(`/api/bookings/${pending.documentId}/cancel`, token, { reason: 'Deneme' }), 409);
    expect(await auditOf(pending.bookingNumber)).toEqual([]);

    const b = await bookRow(f, date, '19:00', { status: 'approved' });
    expect((await post(`/api/bookings/${b.documentId}/cancel`, token, { reason: 'Müşteri aradı' })).status).toBe(200);
    const rows = await auditOf(b.bookingNumber);
    expect(rows.map((r) => r.action)).toEqual(['cancel']);
    expect(rows[0].line).toContain(`Rezervasyon iptal edildi: ${b.bookingNumber}`);
  });

  it('a notes edit writes one booking.notes row without the note; an unknown booking writes none', async () => {
    const { f, token, date } = await setup();
    const b = await bookRow(f, date, '17:00');
    const res = await api(`/api/bookings/${b.documentId}`, {
      method: 'PUT',
      token,
      json: { data: { notes: 'Ali Bey 0532 111 22 33 arayacak' } },
    });
    expect(res.status).toBe(200);
    const rows = await auditOf(b.bookingNumber);
    expect(rows.map((r) => r.action)).toEqual(['notes']);
    expect(rows[0].line).toContain(`Rezervasyon notu güncellendi: ${b.bookingNumber}`);
    expect(rows[0].details).not.toContain('Ali');

    const before = (await env.DB.prepare('select count(*) as n from audit_log').first<{ n: number }>())!.n;
    await expectError(
      await api('/api/bookings/HSRZZZZZZZZZ', { method: 'PUT', token, json: { data: { notes: 'x' } } }),
      404,
    );
    expect((await env.DB.prepare('select count(*) as n from audit_log').first<{ n: number }>())!.n).toBe(before);
  });

  it('a KVKK erasure writes one booking.erase row holding only the booking number; a second erasure none', async () => {
    const { f, token, date } = await setup();
    const b = await bookRow(f, date, '16:00', { name: 'Silinecek Kişi' });
    expect((await post(`/api/bookings/${b.documentId}/anonymize`, token, {})).status).toBe(200);
    await expectError(await post(`/api/bookings/${b.documentId}/anonymize`, token, {}), 409);
    const rows = await auditOf(b.bookingNumber);
    expect(rows.map((r) => r.action)).toEqual(['erase']);
    expect(rows[0].facts).toEqual({});
    expect(rows[0].line).toBe(`Müşteri bilgileri silindi (KVKK): ${b.bookingNumber}`);
  });

  it('a subscription writes one booking.subscription row on its first week with the weeks; a refused one none', async () => {
    const f = await createFacility({ name: 'Abone Sahası' });
    await createSlots(f, 0, 30);
    const admin = await createStaff('manager');
    const token = await tokenFor(admin, 'manager');
    const body = request(f, '05321234567');
    const res = await subscribe(token, body);
    expect(res.status).toBe(201);
    const answer = (
      await json<{ data: { bookings: { documentId: string; bookingNumber: string; date: string }[] } }>(res)
    ).data;
    const first = answer.bookings[0];
    const rows = await auditOf(first.bookingNumber);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'subscription', entity_id: String(await idOf(first.documentId)) });
    expect(rows[0].facts).toMatchObject({ facilityName: 'Abone Sahası', date: first.date, weeks: 4 });
    expect(rows[0].line).toMatch(/— 4 hafta$/);
    for (const other of answer.bookings.slice(1)) expect(await auditOf(other.bookingNumber)).toEqual([]);

    // The same weeks again: none free, refused, nothing written.
    const count = async () =>
      (await env.DB.prepare("select count(*) as n from audit_log where action = 'subscription'").first<{
        n: number;
      }>())!.n;
    const before = await count();
    await expectError(await subscribe(token, body), 409);
    expect(await count()).toBe(before);
  });

  it('the Denetim list filters booking rows under Rezervasyon', async () => {
    const { f, token, date } = await setup();
    const b = await bookRow(f, date, '15:00');
    await post(`/api/bookings/${b.documentId}/approve`, token, {});
    const res = await api('/api/audit-log?entityKind=booking&pageSize=100', { token });
    expect(res.status).toBe(200);
    const body = await json<AuditAnswer>(res);
    expect(body.data.every((r) => r.entityKind === 'booking')).toBe(true);
    expect(body.data.some((r) => r.summary.startsWith(`Rezervasyon onaylandı: ${b.bookingNumber}`))).toBe(true);
  });
});
