// The audit log: site settings, pitch changes, slot generation and re-pricing write their row in the same
// batch as the change; the list is admin-only, newest first, filtered and paged on the server.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { dottedDate as dotted } from '../../contracts/dates';
import { auditMsg } from '../../contracts/staff';
import { actorName, recordAudit } from '../../worker/src/db/audit';
import { auditLog } from '../../worker/src/db/schema';
import { runScheduled } from '../../worker/src/scheduled';
import {
  type AuditAnswer,
  addDays,
  api,
  createFacility,
  createStaff,
  db,
  everyDay,
  expectError,
  type FacilityAnswer,
  freshPhone,
  istanbulToday,
  json,
  slotAt,
  tokenFor,
} from './fixtures';
import { pitchInput } from './fixtures/images';
import { failingBatches, wrapPitchObjectDb } from './fixtures/slow-d1';

let admin: Awaited<ReturnType<typeof createStaff>>;
let token: string;
beforeAll(async () => {
  admin = await createStaff('admin', { firstName: 'Ayşe', lastName: 'Denetçi' });
  token = await tokenFor(admin);
});

/** A row as written before the events: its sentence stored in summary, read as is. */
const oldRow = (
  d: ReturnType<typeof db>,
  row: Omit<typeof auditLog.$inferInsert, 'actorUserId' | 'actorName'> & {
    actor: { id: number } & Parameters<typeof actorName>[0];
  },
) => {
  const { actor, ...rest } = row;
  return d.insert(auditLog).values({ ...rest, actorUserId: actor.id, actorName: actorName(actor) });
};

const list = async (query = '') => {
  const res = await api(`/api/audit-log${query}`, { token });
  expect(res.status).toBe(200);
  return json<AuditAnswer>(res);
};

describe('what is recorded', () => {
  it('a site settings save names the changed fields, before → after, and its actor', async () => {
    const body = {
      siteName: 'Denetim Sahası',
      tagline: null,
      contactPhones: [],
      contactEmail: null,
      address: null,
      city: 'Bursa',
    };
    expect((await api('/api/site-settings', { method: 'PUT', token, json: body })).status).toBe(200);
    const { data } = await list('?entityKind=settings');
    expect(data[0]).toMatchObject({
      actorUserId: admin.id,
      actorName: 'Ayşe Denetçi',
      entityKind: 'settings',
      action: 'update',
    });
    // Field labels and values as staff read them, never the code names.
    expect(data[0].summary).toContain('Site adı');
    expect(data[0].summary).toContain('→ Denetim Sahası');
    expect(data[0].summary).not.toContain('siteName');
    expect(data[0].details?.changes?.siteName).toEqual({ before: expect.any(String), after: 'Denetim Sahası' });
    // An invalid save writes neither the settings nor an audit row.
    const before = data.length;
    await expectError(await api('/api/site-settings', { method: 'PUT', token, json: { ...body, siteName: '' } }), 400);
    expect((await list('?entityKind=settings')).data).toHaveLength(before);
  });

  it('pitch create, update (with the changed field names) and deactivate', async () => {
    const created = await api('/api/facilities', {
      method: 'POST',
      token,
      json: pitchInput({ name: 'Denetim Halı Saha' }),
    });
    expect(created.status).toBe(201);
    const pitch = (await json<FacilityAnswer>(created)).data;
    const updated = await api(`/api/facilities/${pitch.documentId}`, {
      method: 'PUT',
      token,
      json: pitchInput({ name: 'Denetim Halı Saha', hourlyPrice: 2222 }),
    });
    expect(updated.status).toBe(200);
    const toggled = await api(`/api/facilities/${pitch.documentId}/toggle-status`, {
      method: 'PATCH',
      token,
      json: { isActive: false },
    });
    expect(toggled.status).toBe(200);
    const { data } = await list('?entityKind=facility');
    const mine = data.filter((a) => a.entityId === String(pitch.id));
    expect(mine.map((a) => a.action)).toEqual(['deactivate', 'update', 'create']);
    expect(mine[1].details?.fields).toContain('hourlyPrice');
    expect(mine[1].details?.fields).not.toContain('name');
    expect(mine[0].details?.changes?.isActive).toEqual({ before: true, after: false });
    // A toggle of a pitch that no longer exists writes nothing.
    await expectError(
      await api('/api/facilities/yok-boyle-saha/toggle-status', { method: 'PATCH', token, json: { isActive: true } }),
      404,
    );
    expect((await list('?entityKind=facility')).data).toHaveLength(data.length);
  });

  it('an audit row shares its change’s batch: when the change fails, no row is written', async () => {
    const count = async () => (await env.DB.prepare('select count(*) n from audit_log').first<{ n: number }>())!.n;
    const before = await count();
    const d = db();
    const audit = recordAudit(d, {
      at: Date.now(),
      actor: admin,
      entityId: '1',
      event: { kind: 'staff.sessions_ended', label: 'yazılmamalı', facts: { username: 'x' } },
    });
    // The second statement breaks the nocase unique index: the whole batch, audit row included, is rolled back.
    await expect(
      d.batch([
        audit,
        d.run(
          `insert into users (document_id, username, email, password_hash, role_id) values ('dup', upper('${admin.username}'), 'dup@ornek.com', 'x', 1)`,
        ),
      ] as never),
    ).rejects.toThrow();
    expect(await count()).toBe(before);
  });
});

describe('GET /api/audit-log', () => {
  it('is newest first, pages on the server, and filters by kind, actor, text and Istanbul days', async () => {
    const other = await createStaff('admin', { firstName: 'Başka', lastName: 'Kişi' });
    const d = db();
    // Two rows on 01.03.2026 at 23:30 and 00:30 Istanbul (20:30 and 21:30 UTC of the 1st): different days there.
    const day1 = Date.parse('2026-03-01T20:30:00Z');
    const day2 = Date.parse('2026-03-01T21:30:00Z');
    await d.batch([
      oldRow(d, {
        at: day1,
        actor: other,
        entityKind: 'service',
        entityId: '7',
        entityLabel: 'Hakem',
        action: 'create',
        summary: 'Servis eklendi: Hakem',
      }),
      oldRow(d, {
        at: day2,
        actor: other,
        entityKind: 'price_rule',
        entityId: '8',
        entityLabel: 'Akşam',
        action: 'create',
        summary: 'Fiyat kuralı eklendi: Akşam %_x',
      }),
    ]);
    const byDay = await list('?from=2026-03-01&to=2026-03-01');
    expect(byDay.data.map((a) => a.summary)).toEqual(['Servis eklendi: Hakem']);
    const next = await list('?from=2026-03-02&to=2026-03-02');
    expect(next.data.map((a) => a.entityKind)).toEqual(['price_rule']);
    const byActor = await list(`?actorId=${other.id}`);
    expect(byActor.data.map((a) => a.at)).toEqual([day2, day1]);
    expect(byActor.meta.pagination).toEqual({ page: 1, pageSize: 25, pageCount: 1, total: 2 });
    expect((await list('?q=hakem')).data.map((a) => a.entityId)).toEqual(['7']);
    // % and _ are letters in a search, not wildcards.
    expect((await list('?q=%25_x')).data.map((a) => a.entityId)).toEqual(['8']);
    expect((await list('?q=zzzz%25')).data).toEqual([]);
    const page2 = await list(`?actorId=${other.id}&pageSize=25&page=2`);
    expect(page2.data).toEqual([]);
    const all = await list('?pageSize=100');
    const ats = all.data.map((a) => a.at);
    expect(ats).toEqual([...ats].sort((a, b) => b - a));
  });

  it('searches any allowed text (up to 100 characters, Turkish letters too), folded like the bookings list', async () => {
    const d = db();
    const turkish = 'Çağrı Şükrü Öztürk ığdır gölü çiçekçi '.repeat(3).slice(0, 100);
    const ascii = 'abcdefghij'.repeat(10);
    await d.batch([
      oldRow(d, {
        at: Date.parse('2026-04-01T09:00:00Z'),
        actor: admin,
        entityKind: 'service',
        entityId: 'uzun-tr',
        entityLabel: turkish,
        action: 'create',
        summary: 'Servis eklendi',
      }),
      oldRow(d, {
        at: Date.parse('2026-04-01T09:01:00Z'),
        actor: admin,
        entityKind: 'service',
        entityId: 'uzun-ascii',
        entityLabel: null,
        action: 'create',
        summary: `Servis eklendi: ${ascii}`,
      }),
    ]);
    const ids = async (q: string) =>
      (await list(`?pageSize=100&q=${encodeURIComponent(q)}`)).data.map((a) => a.entityId);
    expect(await ids(ascii.slice(0, 49))).toEqual(['uzun-ascii']);
    expect(await ids(ascii)).toEqual(['uzun-ascii']);
    expect(await ids(turkish.slice(0, 25))).toEqual(['uzun-tr']);
    expect(turkish).toHaveLength(100);
    expect(await ids(turkish)).toEqual(['uzun-tr']);
    // Case and Turkish letters fold both ways: capitals find small letters, ASCII finds the Turkish spelling.
    expect(await ids('ÇAĞRI ŞÜKRÜ')).toEqual(['uzun-tr']);
    expect(await ids('cagri sukru ozturk igdir')).toEqual(['uzun-tr']);
    expect(await ids(`${ascii.slice(0, 48)}z`)).toEqual([]);
  });

  it('is for admins: a manager gets 403, an anonymous caller 401', async () => {
    const manager = await createStaff('manager');
    await expectError(await api('/api/audit-log', { token: await tokenFor(manager, 'manager') }), 403);
    await expectError(await api('/api/audit-log'), 401);
  });

  it('refuses bad filters in Turkish', async () => {
    const cases: [string, string][] = [
      ['?pageSize=7', auditMsg.pageSize],
      ['?entityKind=bookings', auditMsg.kind],
      ['?from=2026-03-05&to=2026-03-01', auditMsg.dateReversed],
      ['?from=01.03.2026', 'Geçersiz tarih'],
    ];
    for (const [q, message] of cases) {
      const err = await expectError(await api(`/api/audit-log${q}`, { token }), 400);
      if (message === 'Geçersiz tarih') expect(err.message).toMatch(/tarih/i);
      else expect(err.message).toBe(message);
    }
  });
});

// Pitch delete, staff slot generation and re-pricing run inside the pitch's Durable Object: each writes its
// audit row in the change's own D1 batch there, so a refused change (thrown before the batch) or a failed one (the
// batch rolled back) records nothing, and a change that is done has its row.
describe('what the pitch’s object records', () => {
  const auditOf = async (kind: string, facilityId: number) =>
    (await list(`?entityKind=${kind}&pageSize=100`)).data.filter((a) => a.entityId === String(facilityId));
  const generate = (ref: string, startDate: string, endDate: string, overwrite = false) =>
    api(`/api/facilities/${ref}/generate-slots`, { method: 'POST', token, json: { startDate, endDate, overwrite } });
  const slotCount = async (facilityId: number) =>
    (await env.DB.prepare('select count(*) n from booking_slots where facility_id = ?')
      .bind(facilityId)
      .first<{ n: number }>())!.n;

  it('a staff generation records its range and counts; a refused or failed one and the cron’s record nothing', async () => {
    const f = await createFacility({ workingHours: everyDay('18:00', '21:00') });
    const today = istanbulToday();
    const [from, to] = [addDays(today, 1), addDays(today, 2)];
    expect((await generate(f.documentId, from, to)).status).toBe(200);
    expect((await generate(f.documentId, from, addDays(today, 3), true)).status).toBe(200);
    const rows = await auditOf('slots', f.id);
    expect(rows.map((a) => a.action)).toEqual(['generate', 'generate']);
    expect(rows[1]).toMatchObject({
      actorUserId: admin.id,
      actorName: 'Ayşe Denetçi',
      entityLabel: f.name,
      summary: `Slot oluşturuldu: ${f.name}, ${dotted(from)} – ${dotted(to)} — 6 yeni, 0 yenilendi, 0 kaldırıldı, 0 korundu`,
      details: { startDate: from, endDate: to, overwrite: false, created: 6, replaced: 0, kept: 0, removed: 0 },
    });
    expect(rows[0].summary).toContain('(üzerine yazarak) — 3 yeni, 6 yenilendi');
    // Refused before the object's batch: a range past three months.
    await expectError(await generate(f.documentId, today, addDays(today, 200)), 400);
    // The cron keeps the horizon generated, as the system: housekeeping, not a staff change, so no row.
    await runScheduled(env);
    expect(await slotCount(f.id)).toBeGreaterThan(9);
    expect(await auditOf('slots', f.id)).toHaveLength(2);
    // Failed inside the batch: neither the slots nor the row stay.
    const slotsBefore = await slotCount(f.id);
    await wrapPitchObjectDb(f.id, failingBatches);
    const failed = await generate(f.documentId, today, addDays(today, 80), true);
    expect(failed.status).toBe(500);
    expect(await slotCount(f.id)).toBe(slotsBefore);
    expect(await auditOf('slots', f.id)).toHaveLength(2);
  });

  it('‘Fiyatları uygula’ records the range and how many slots were re-priced; a failed one records nothing', async () => {
    const f = await createFacility({ workingHours: everyDay('17:00', '20:00') });
    const day = addDays(istanbulToday(), 2);
    expect((await generate(f.documentId, day, day)).status).toBe(200);
    const rules = [
      {
        name: 'Akşam',
        days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
        startTime: '18:00',
        endTime: '00:00',
        adjustment: 'fixed',
        amount: 2000,
      },
    ];
    expect(
      (await api(`/api/facilities/${f.documentId}/price-rules`, { method: 'PUT', token, json: { rules } })).status,
    ).toBe(200);
    const apply = () =>
      api(`/api/facilities/${f.documentId}/price-rules/apply`, {
        method: 'POST',
        token,
        json: { startDate: day, endDate: addDays(day, 1) },
      });
    expect((await apply()).status).toBe(200);
    const [row] = await auditOf('slots', f.id);
    expect(row).toMatchObject({
      actorUserId: admin.id,
      action: 'reprice',
      summary: `Fiyatlar uygulandı: ${f.name}, ${dotted(day)} – ${dotted(addDays(day, 1))} — 2 slotun fiyatı güncellendi, 1 slot zaten günceldi, dolu 0 slot korundu`,
      details: { startDate: day, endDate: addDays(day, 1), repriced: 2, unchanged: 1, skippedBooked: 0 },
    });
    // Refused (a past start) and failed (the batch rolled back): no row, no price changed.
    await expectError(
      await api(`/api/facilities/${f.documentId}/price-rules/apply`, {
        method: 'POST',
        token,
        json: { startDate: addDays(istanbulToday(), -1), endDate: day },
      }),
      400,
    );
    await env.DB.prepare('update booking_slots set price = 1 where facility_id = ?').bind(f.id).run();
    await wrapPitchObjectDb(f.id, failingBatches);
    expect((await apply()).status).toBe(500);
    const prices = await env.DB.prepare('select distinct price from booking_slots where facility_id = ?')
      .bind(f.id)
      .all<{ price: number }>();
    expect(prices.results).toEqual([{ price: 1 }]);
    expect((await auditOf('slots', f.id)).map((a) => a.action)).toEqual(['reprice', 'generate']);
  });

  it('a pitch delete records how many bookings it cancelled; a refused or failed delete records nothing', async () => {
    const f = await createFacility({ workingHours: everyDay('18:00', '20:00') });
    const day = addDays(istanbulToday(), 1);
    expect((await generate(f.documentId, day, day)).status).toBe(200);
    const booked = await api('/api/bookings', {
      method: 'POST',
      json: {
        facility: f.documentId,
        bookingSlot: (await slotAt(f.id, day, '18:00')).document_id,
        customerName: 'Deniz Kaya',
        customerPhone: freshPhone(),
      },
    });
    expect(booked.status).toBe(201);
    const del = (force: boolean) => api(`/api/facilities/${f.documentId}?force=${force}`, { method: 'DELETE', token });
    // Refused: an active booking and no force.
    await expectError(await del(false), 409);
    expect(await auditOf('facility', f.id)).toEqual([]);
    // Failed: the batch (cancellations, soft delete, audit row) rolls back whole.
    const other = await createFacility();
    await wrapPitchObjectDb(other.id, failingBatches);
    expect((await api(`/api/facilities/${other.documentId}?force=true`, { method: 'DELETE', token })).status).toBe(500);
    expect(await auditOf('facility', other.id)).toEqual([]);
    // Done: one row; a second delete of the gone pitch is a 404 and records nothing more.
    expect((await del(true)).status).toBe(200);
    await expectError(await del(true), 404);
    const rows = await auditOf('facility', f.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorUserId: admin.id,
      action: 'delete',
      entityLabel: f.name,
      summary: `Saha silindi: ${f.name} (1 aktif rezervasyon iptal edildi)`,
      details: { cancelledBookings: 1, force: true },
    });
  });
});
