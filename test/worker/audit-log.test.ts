// The audit log (issue 12): site settings and pitch changes write their row in the same batch as the change; the list
// is admin-only, newest first, filtered and paged on the server.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditMsg } from '../../contracts/staff';
import { recordAudit } from '../../worker/src/db/audit';
import { api, createStaff, db, expectError, json, tokenFor } from './fixtures';
import { pitchInput } from './images';

let admin: Awaited<ReturnType<typeof createStaff>>;
let token: string;
beforeAll(async () => {
  admin = await createStaff('admin', { firstName: 'Ayşe', lastName: 'Denetçi' });
  token = await tokenFor(admin);
});

const list = async (query = '') => {
  const res = await api(`/api/audit-log${query}`, { token });
  expect(res.status).toBe(200);
  return json(res);
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
    expect(data[0].summary).toContain('siteName');
    expect(data[0].details.changes.siteName).toEqual({ before: expect.any(String), after: 'Denetim Sahası' });
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
    const pitch = (await json(created)).data;
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
    const mine = data.filter((a: { entityId: string }) => a.entityId === String(pitch.id));
    expect(mine.map((a: { action: string }) => a.action)).toEqual(['deactivate', 'update', 'create']);
    expect(mine[1].details.fields).toContain('hourlyPrice');
    expect(mine[1].details.fields).not.toContain('name');
    expect(mine[0].details.changes.isActive).toEqual({ before: true, after: false });
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
      entityKind: 'staff',
      entityId: '1',
      entityLabel: 'x',
      action: 'test',
      summary: 'yazılmamalı',
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
      recordAudit(d, {
        at: day1,
        actor: other,
        entityKind: 'service',
        entityId: '7',
        entityLabel: 'Hakem',
        action: 'create',
        summary: 'Servis eklendi: Hakem',
      }),
      recordAudit(d, {
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
    expect(byDay.data.map((a: { summary: string }) => a.summary)).toEqual(['Servis eklendi: Hakem']);
    const next = await list('?from=2026-03-02&to=2026-03-02');
    expect(next.data.map((a: { entityKind: string }) => a.entityKind)).toEqual(['price_rule']);
    const byActor = await list(`?actorId=${other.id}`);
    expect(byActor.data.map((a: { at: number }) => a.at)).toEqual([day2, day1]);
    expect(byActor.meta.pagination).toEqual({ page: 1, pageSize: 25, pageCount: 1, total: 2 });
    expect((await list('?q=hakem')).data.map((a: { entityId: string }) => a.entityId)).toEqual(['7']);
    // % and _ are letters in a search, not wildcards.
    expect((await list('?q=%25_x')).data.map((a: { entityId: string }) => a.entityId)).toEqual(['8']);
    expect((await list('?q=zzzz%25')).data).toEqual([]);
    const page2 = await list(`?actorId=${other.id}&pageSize=25&page=2`);
    expect(page2.data).toEqual([]);
    const all = await list('?pageSize=100');
    const ats = all.data.map((a: { at: number }) => a.at);
    expect(ats).toEqual([...ats].sort((a, b) => b - a));
  });

  it('refuses bad filters in Turkish', async () => {
    const cases: [string, string][] = [
      ['?pageSize=7', auditMsg.pageSize],
      ['?entityKind=booking', auditMsg.kind],
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
