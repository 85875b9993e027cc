// An audit row stores its event (the kind in entity_kind and action, the entity's name, the facts in details) and its
// line is rendered by contracts/events.ts when the log is read: every kind reads as the writers wrote it before, the
// rows written since hold no sentence, the rows written before read their own, and the search still finds a row by
// what its line says.
import { env } from 'cloudflare:workers';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { dottedDate } from '../../contracts/dates';
import { AUDIT_EVENT_KINDS, type AuditEvent, auditEventLine, auditKindParts, auditLine } from '../../contracts/events';
import { actorName, recordAudit } from '../../worker/src/db/audit';
import { auditLog } from '../../worker/src/db/schema';
import {
  type AuditAnswer,
  addDays,
  api,
  createFacility,
  createStaff,
  db,
  everyDay,
  type FacilityAnswer,
  istanbulToday,
  json,
  tokenFor,
} from './fixtures';
import { pitchInput } from './fixtures/images';

const range = { startDate: '2026-03-01', endDate: '2026-03-07' };
const staffChange = (changes: object) => ({ username: 'elif.kaya', changes });
const NUMBER = 'HSRABC234DEF';
const PLAYS = {
  facilityName: 'Merkez Saha',
  date: '2026-12-01',
  startTime: '20:00',
  startsAt: Date.parse('2026-12-01T20:00:00+03:00'),
};
const NIGHT = {
  facilityName: 'Gece Sahası',
  date: '2026-12-01',
  startTime: '00:30',
  startsAt: Date.parse('2026-12-02T00:30:00+03:00'),
};

/** One event of every kind, and the line each read as when the writers stored it. */
const EXPECTED: { [K in AuditEvent['kind']]: [Extract<AuditEvent, { kind: K }>, string] } = {
  'staff.create': [
    {
      kind: 'staff.create',
      label: 'Elif Kaya',
      facts: {
        username: 'elif.kaya',
        changes: {
          username: { before: null, after: 'elif.kaya' },
          email: { before: null, after: 'elif@ornek.com' },
          role: { before: null, after: 'manager' },
        },
      },
    },
    'Personel hesabı oluşturuldu: Elif Kaya (elif.kaya, Müdür)',
  ],
  'staff.update': [
    {
      kind: 'staff.update',
      label: 'Elif Kaya',
      facts: staffChange({
        active: { before: true, after: false },
        role: { before: 'manager', after: 'admin' },
      }),
    },
    'Elif Kaya (elif.kaya) devre dışı bırakıldı, rolü Müdür → Yönetici olarak değiştirildi',
  ],
  'staff.role': [
    { kind: 'staff.role', label: 'Elif Kaya', facts: staffChange({ role: { before: 'admin', after: 'manager' } }) },
    'Elif Kaya (elif.kaya) rolü Yönetici → Müdür olarak değiştirildi',
  ],
  'staff.enable': [
    { kind: 'staff.enable', label: 'Elif Kaya', facts: staffChange({ active: { before: false, after: true } }) },
    'Elif Kaya (elif.kaya) etkinleştirildi',
  ],
  'staff.disable': [
    { kind: 'staff.disable', label: 'Elif Kaya', facts: staffChange({ active: { before: true, after: false } }) },
    'Elif Kaya (elif.kaya) devre dışı bırakıldı',
  ],
  'staff.reset_password': [
    { kind: 'staff.reset_password', label: 'Elif Kaya', facts: { username: 'elif.kaya' } },
    'Elif Kaya (elif.kaya) için yeni şifre oluşturuldu; açık oturumları kapatıldı',
  ],
  'staff.sessions_ended': [
    { kind: 'staff.sessions_ended', label: 'Elif Kaya', facts: { username: 'elif.kaya' } },
    'Elif Kaya (elif.kaya) tüm oturumlarını kapattı',
  ],
  'staff.own_password': [
    { kind: 'staff.own_password', label: 'Elif Kaya', facts: { username: 'elif.kaya' } },
    'Elif Kaya (elif.kaya) kendi şifresini değiştirdi; diğer oturumları kapatıldı',
  ],
  'settings.update': [
    {
      kind: 'settings.update',
      label: 'Site ayarları',
      facts: {
        changes: { siteName: { before: 'A', after: 'B' }, city: { before: null, after: 'Bursa' } },
      },
    },
    'Site ayarları güncellendi: Site adı A → B, Şehir — → Bursa',
  ],
  'facility.create': [
    { kind: 'facility.create', label: 'Merkez Saha', facts: { imagesAdded: 2 } },
    'Saha oluşturuldu: Merkez Saha (2 görsel)',
  ],
  'facility.update': [
    {
      kind: 'facility.update',
      label: 'Merkez Saha',
      facts: { fields: ['hourlyPrice', 'facilities'], imagesAdded: 1, imagesRemoved: 2 },
    },
    'Saha güncellendi: Merkez Saha — hourlyPrice, facilities (1 görsel eklendi, 2 görsel kaldırıldı)',
  ],
  'facility.activate': [
    {
      kind: 'facility.activate',
      label: 'Merkez Saha',
      facts: { changes: { isActive: { before: false, after: true } } },
    },
    'Saha aktifleştirildi: Merkez Saha',
  ],
  'facility.deactivate': [
    {
      kind: 'facility.deactivate',
      label: 'Merkez Saha',
      facts: { changes: { isActive: { before: true, after: false } } },
    },
    'Saha pasifleştirildi: Merkez Saha',
  ],
  'facility.delete': [
    { kind: 'facility.delete', label: 'Merkez Saha', facts: { cancelledBookings: 3, force: true } },
    'Saha silindi: Merkez Saha (3 aktif rezervasyon iptal edildi)',
  ],
  'price_rule.update': [
    { kind: 'price_rule.update', label: 'Merkez Saha', facts: { before: [{}, {}], after: [{}] } },
    'Fiyat kuralları kaydedildi: Merkez Saha (2 → 1 kural)',
  ],
  'service.create': [
    { kind: 'service.create', label: 'Merkez Saha: Hakem', facts: { name: 'Hakem', facilityName: 'Merkez Saha' } },
    'Hizmet eklendi: Hakem (Merkez Saha)',
  ],
  'service.update': [
    { kind: 'service.update', label: 'Merkez Saha: Hakem', facts: { name: 'Hakem', facilityName: 'Merkez Saha' } },
    'Hizmet güncellendi: Hakem (Merkez Saha)',
  ],
  'service.delete': [
    { kind: 'service.delete', label: 'Merkez Saha: Hakem', facts: { name: 'Hakem', facilityName: 'Merkez Saha' } },
    'Hizmet silindi: Hakem (Merkez Saha)',
  ],
  'slots.generate': [
    {
      kind: 'slots.generate',
      label: 'Merkez Saha',
      facts: { ...range, overwrite: true, created: 3, replaced: 6, removed: 1, kept: 2 },
    },
    'Slot oluşturuldu: Merkez Saha, 01.03.2026 – 07.03.2026 (üzerine yazarak) — 3 yeni, 6 yenilendi, 1 kaldırıldı, 2 korundu',
  ],
  'slots.reprice': [
    { kind: 'slots.reprice', label: 'Merkez Saha', facts: { ...range, repriced: 2, unchanged: 1, skippedBooked: 4 } },
    'Fiyatlar uygulandı: Merkez Saha, 01.03.2026 – 07.03.2026 — 2 slotun fiyatı güncellendi, 1 slot zaten günceldi, dolu 4 slot korundu',
  ],
  'booking.create': [
    {
      kind: 'booking.create',
      label: NUMBER,
      facts: { ...PLAYS, channel: 'phone', status: 'approved', deposit: 'received', sameDayOverride: true },
    },
    `Personel rezervasyonu: ${NUMBER} — Merkez Saha · 1 Aralık 2026 Salı 20:00 (Telefon, onaylı, kapora alındı, aynı gün kuralı gerekçeyle aşıldı)`,
  ],
  'booking.approve': [
    { kind: 'booking.approve', label: NUMBER, facts: PLAYS },
    `Rezervasyon onaylandı: ${NUMBER} — Merkez Saha · 1 Aralık 2026 Salı 20:00`,
  ],
  'booking.reject': [
    { kind: 'booking.reject', label: NUMBER, facts: PLAYS },
    `Rezervasyon reddedildi: ${NUMBER} — Merkez Saha · 1 Aralık 2026 Salı 20:00`,
  ],
  // After midnight: the real calendar date, with the business night as context.
  'booking.cancel': [
    { kind: 'booking.cancel', label: NUMBER, facts: NIGHT },
    `Rezervasyon iptal edildi: ${NUMBER} — Gece Sahası · 2 Aralık 2026 Çarşamba 00:30 · Salı gecesi`,
  ],
  'booking.notes': [
    { kind: 'booking.notes', label: NUMBER, facts: PLAYS },
    `Rezervasyon notu güncellendi: ${NUMBER} — Merkez Saha · 1 Aralık 2026 Salı 20:00`,
  ],
  'booking.payment': [
    {
      kind: 'booking.payment',
      label: NUMBER,
      facts: { ...PLAYS, paymentKind: 'deposit', amount: 50000, method: 'transfer' },
    },
    `Ödeme kaydı: ${NUMBER} — Merkez Saha · 1 Aralık 2026 Salı 20:00 — Kapora alındı ₺500 (Havale/EFT)`,
  ],
  'booking.payment_reverse': [
    {
      kind: 'booking.payment_reverse',
      label: NUMBER,
      facts: { ...PLAYS, paymentKind: 'refund', amount: -120000, method: 'cash' },
    },
    `Ödeme kaydı geri alındı: ${NUMBER} — Merkez Saha · 1 Aralık 2026 Salı 20:00 — İade ₺1.200 (Nakit)`,
  ],
  'booking.attendance': [
    { kind: 'booking.attendance', label: NUMBER, facts: { ...PLAYS, attendance: 'no_show', before: 'played' } },
    `Katılım işaretlendi: ${NUMBER} — Merkez Saha · 1 Aralık 2026 Salı 20:00 — Geldi → Gelmedi`,
  ],
  'booking.hold_extend': [
    {
      kind: 'booking.hold_extend',
      label: NUMBER,
      facts: { ...PLAYS, minutes: 120, expiresAt: Date.parse('2026-11-30T16:45:00+03:00') },
    },
    `Onay süresi uzatıldı: ${NUMBER} — Merkez Saha · 1 Aralık 2026 Salı 20:00 — 120 dk, yeni bitiş 16:45`,
  ],
  'booking.erase': [{ kind: 'booking.erase', label: NUMBER, facts: {} }, `Müşteri bilgileri silindi (KVKK): ${NUMBER}`],
  'booking.subscription': [
    { kind: 'booking.subscription', label: NUMBER, facts: { ...PLAYS, weeks: 8 } },
    `Abonelik oluşturuldu: ${NUMBER} — Merkez Saha · 1 Aralık 2026 Salı 20:00 — 8 hafta`,
  ],
  'subscription.feed_create': [
    { kind: 'subscription.feed_create', label: NUMBER, facts: PLAYS },
    `Abonelik takvim bağlantısı oluşturuldu: ${NUMBER} — Merkez Saha · 1 Aralık 2026 Salı 20:00`,
  ],
  'subscription.feed_renew': [
    { kind: 'subscription.feed_renew', label: NUMBER, facts: PLAYS },
    `Abonelik takvim bağlantısı yenilendi: ${NUMBER} — Merkez Saha · 1 Aralık 2026 Salı 20:00`,
  ],
  'subscription.feed_revoke': [
    { kind: 'subscription.feed_revoke', label: NUMBER, facts: PLAYS },
    `Abonelik takvim bağlantısı iptal edildi: ${NUMBER} — Merkez Saha · 1 Aralık 2026 Salı 20:00`,
  ],
  'rating.hide': [
    { kind: 'rating.hide', label: NUMBER, facts: { ...PLAYS, score: 2 } },
    `Değerlendirme yorumu gizlendi: ${NUMBER} — Merkez Saha · 1 Aralık 2026 Salı 20:00 (2/5)`,
  ],
  'rating.show': [
    { kind: 'rating.show', label: NUMBER, facts: { ...NIGHT, score: 4 } },
    `Değerlendirme yorumu yeniden gösterildi: ${NUMBER} — Gece Sahası · 2 Aralık 2026 Çarşamba 00:30 · Salı gecesi (4/5)`,
  ],
  'closure.create': [
    {
      kind: 'closure.create',
      label: 'Merkez Saha, Gece Sahası',
      facts: { ...range, startTime: '18:00', endTime: '23:00', reason: 'weather', cancelled: 1, moved: 2, slots: 35 },
    },
    'Kapanış: Merkez Saha, Gece Sahası, 01.03.2026 – 07.03.2026, 18:00–23:00 (Hava durumu) — 35 slot kapatıldı, 1 rezervasyon iptal edildi, 2 taşındı',
  ],
  'closure.lift': [
    {
      kind: 'closure.lift',
      label: 'Merkez Saha',
      facts: { ...range, startTime: null, endTime: null, reason: 'maintenance', reopened: 12 },
    },
    'Kapanış kaldırıldı: Merkez Saha, 01.03.2026 – 07.03.2026, tüm gün (Bakım) — 12 slot yeniden açıldı',
  ],
  'booking.move': [
    { kind: 'booking.move', label: NUMBER, facts: { ...PLAYS, from: NIGHT } },
    `Rezervasyon kapanış nedeniyle taşındı: ${NUMBER} — Merkez Saha · 1 Aralık 2026 Salı 20:00`,
  ],
};

/** The row an event is stored as, read back as the list reads it. */
const stored = (e: AuditEvent) => ({
  ...auditKindParts(e.kind),
  entityLabel: e.label,
  details: JSON.stringify(e.facts),
  summary: '',
});

describe('every audit line, rendered from its event', () => {
  it('reads exactly as the writers wrote it, for every kind', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual([...AUDIT_EVENT_KINDS].sort());
    for (const [event, line] of Object.values(EXPECTED)) {
      expect(auditEventLine(event as AuditEvent)).toBe(line);
      expect(auditLine(stored(event as AuditEvent))).toBe(line);
    }
  });

  it('leaves out what did not happen: no images, no cancelled bookings, no overwrite, no field changed', () => {
    const line = (e: AuditEvent) => auditLine(stored(e));
    expect(line({ kind: 'facility.create', label: 'A', facts: { imagesAdded: 0 } })).toBe('Saha oluşturuldu: A');
    expect(line({ kind: 'facility.update', label: 'A', facts: { fields: [], imagesAdded: 0, imagesRemoved: 0 } })).toBe(
      'Saha güncellendi: A',
    );
    expect(line({ kind: 'facility.delete', label: 'A', facts: { cancelledBookings: 0, force: false } })).toBe(
      'Saha silindi: A',
    );
    expect(
      line({
        kind: 'slots.generate',
        label: 'A',
        facts: { ...range, overwrite: false, created: 6, replaced: 0, removed: 0, kept: 0 },
      }),
    ).toBe('Slot oluşturuldu: A, 01.03.2026 – 07.03.2026 — 6 yeni, 0 yenilendi, 0 kaldırıldı, 0 korundu');
    expect(line({ kind: 'settings.update', label: 'Rezervasyon kuralları', facts: { changes: {} } })).toBe(
      'Rezervasyon kuralları değişiklik olmadan kaydedildi',
    );
    // Field labels with before → after, booleans as Açık/Kapalı, a long text only named, never the code names.
    expect(
      line({
        kind: 'settings.update',
        label: 'Rezervasyon kuralları',
        facts: {
          changes: {
            cancelWindowHours: { before: 24, after: 12 },
            sameDayRule: { before: true, after: false },
          },
        },
      }),
    ).toBe('Rezervasyon kuralları güncellendi: Müşteri iptal süresi (saat) 24 → 12, Aynı gün kuralı Açık → Kapalı');
    expect(
      line({
        kind: 'settings.update',
        label: 'Site ayarları',
        facts: {
          changes: {
            kvkkText: { before: null, after: 'Uzun bir metin '.repeat(20) },
            contactPhones: { before: [], after: ['0532 111 22 33', '0212 222 33 44'] },
            maintenanceMode: { before: false, after: true },
          },
        },
      }),
    ).toBe(
      'Site ayarları güncellendi: Aydınlatma metni değiştirildi, Telefonlar — → 0532 111 22 33, 0212 222 33 44, Bakım modu Kapalı → Açık',
    );
  });

  it('a row written before the events reads its own sentence; a row it cannot read names its entity', () => {
    const [event] = EXPECTED['facility.delete'];
    expect(auditLine({ ...stored(event), summary: 'Saha silindi: Eski Ad' })).toBe('Saha silindi: Eski Ad');
    expect(auditLine({ entityKind: 'facility', action: 'archive', entityLabel: 'Merkez Saha', details: null })).toBe(
      'Merkez Saha · archive',
    );
    expect(auditLine({ ...stored(event), details: '{"force":true}' })).toBe('Merkez Saha · delete');
    expect(auditLine({ ...stored(event), details: 'not json' })).toBe('Merkez Saha · delete');
  });
});

let admin: Awaited<ReturnType<typeof createStaff>>;
let token: string;
beforeAll(async () => {
  admin = await createStaff('admin', { firstName: 'Deniz', lastName: 'Denetçi' });
  token = await tokenFor(admin);
});

const list = async (query = '') => {
  const res = await api(`/api/audit-log${query}`, { token });
  expect(res.status).toBe(200);
  return json<AuditAnswer>(res);
};

describe('what the writers store and the list reads', () => {
  it('stores the kind and facts, never the sentence; the list reads each line as before', async () => {
    const d = db();
    const since = (await env.DB.prepare('select coalesce(max(id), 0) n from audit_log').first<{ n: number }>())!.n;
    // A staff account, a pitch with an add-on, slots and a role change: each through the API.
    const created = await api('/api/staff-users', {
      method: 'POST',
      token,
      json: { username: 'olay.mudur', email: 'olay@ornek.com', firstName: 'Olay', lastName: 'Müdür', role: 'manager' },
    });
    expect(created.status).toBe(201);
    const staffId = (await json<{ data: { user: { id: number } } }>(created)).data.user.id;
    expect((await api(`/api/staff-users/${staffId}`, { method: 'PATCH', token, json: { role: 'admin' } })).status).toBe(
      200,
    );
    const pitchRes = await api('/api/facilities', { method: 'POST', token, json: pitchInput({ name: 'Olay Sahası' }) });
    expect(pitchRes.status).toBe(201);
    const pitch = (await json<FacilityAnswer>(pitchRes)).data;
    const addon = { name: 'Yelek', description: null, price: 50, unit: 'booking' };
    expect(
      (await api(`/api/facilities/${pitch.documentId}/addons`, { method: 'POST', token, json: addon })).status,
    ).toBe(201);
    const f = await createFacility({ name: 'Olay Slot Sahası', workingHours: everyDay('18:00', '20:00') });
    const day = addDays(istanbulToday(), 1);
    expect(
      (
        await api(`/api/facilities/${f.documentId}/generate-slots`, {
          method: 'POST',
          token,
          json: { startDate: day, endDate: day, overwrite: false },
        })
      ).status,
    ).toBe(200);

    const rows = await d.select().from(auditLog).where(sql`${auditLog.id} > ${since}`).orderBy(auditLog.id);
    expect(rows.map((r) => `${r.entityKind}.${r.action}`)).toEqual([
      'staff.create',
      'staff.role',
      'facility.create',
      'service.create',
      'slots.generate',
    ]);
    // No sentence is stored: the summary is empty and no column holds a word of the line.
    for (const r of rows) {
      expect(r.summary).toBe('');
      expect(JSON.stringify(r)).not.toMatch(/oluşturuldu|değiştirildi|eklendi|yeni,/);
    }
    expect(rows[0].details).toMatchObject({ username: 'olay.mudur', changes: { role: { after: 'manager' } } });
    expect(rows[3].details).toMatchObject({ name: 'Yelek', facilityName: 'Olay Sahası' });
    expect(rows[4].details).toMatchObject({ startDate: day, endDate: day, created: 2, overwrite: false });

    const lines = (await list('?pageSize=100')).data.filter((a) => a.id > since).map((a) => a.summary);
    expect(lines).toEqual([
      `Slot oluşturuldu: Olay Slot Sahası, ${dottedDate(day)} – ${dottedDate(day)} — 2 yeni, 0 yenilendi, 0 kaldırıldı, 0 korundu`,
      'Hizmet eklendi: Yelek (Olay Sahası)',
      'Saha oluşturuldu: Olay Sahası',
      'Olay Müdür (olay.mudur) rolü Müdür → Yönetici olarak değiştirildi',
      'Personel hesabı oluşturuldu: Olay Müdür (olay.mudur, Müdür)',
    ]);
  });

  it('a row written before the events reads its stored sentence, even where its facts would read otherwise', async () => {
    const d = db();
    const [event] = EXPECTED['facility.delete'];
    await d.insert(auditLog).values({
      at: Date.parse('2025-01-10T09:00:00Z'),
      actorUserId: admin.id,
      actorName: actorName(admin),
      ...(auditKindParts(event.kind) as { entityKind: 'facility'; action: string }),
      entityId: 'eski-satir',
      entityLabel: 'Merkez Saha',
      summary: 'Saha silindi: Merkez Saha (eski yazım)',
      details: event.facts,
    });
    const { data } = await list('?from=2025-01-10&to=2025-01-10');
    expect(data.map((a) => [a.entityId, a.summary])).toEqual([
      ['eski-satir', 'Saha silindi: Merkez Saha (eski yazım)'],
    ]);
  });
});

describe('the search over the rendered lines', () => {
  const at = (minute: number) => Date.parse(`2025-02-03T09:${String(minute).padStart(2, '0')}:00Z`);
  const ids = async (q: string, extra = '') =>
    (await list(`?pageSize=100&from=2025-02-03&to=2025-02-03&q=${encodeURIComponent(q)}${extra}`)).data.map(
      (a) => a.entityId,
    );

  beforeAll(async () => {
    const d = db();
    const rows: [string, AuditEvent][] = [
      ['servis', EXPECTED['service.create'][0]],
      ['slot', EXPECTED['slots.generate'][0]],
      ['personel', EXPECTED['staff.create'][0]],
      ['rol', EXPECTED['staff.role'][0]],
      ['ayar', EXPECTED['settings.update'][0]],
    ];
    await d.batch(
      rows.map(([entityId, event], i) => recordAudit(d, { at: at(i), actor: admin, entityId, event })) as never,
    );
    // One row written before the events, found by its stored sentence as before.
    await d.insert(auditLog).values({
      at: at(10),
      actorUserId: admin.id,
      actorName: actorName(admin),
      entityKind: 'service',
      action: 'create',
      entityId: 'eski',
      entityLabel: 'Top',
      summary: 'Servis eklendi: Top (Eski Saha)',
      details: null,
    });
  });

  it('finds a row by any part of its line: fixed words, facts, and both at once', async () => {
    expect(await ids('Hizmet eklendi: Hakem')).toEqual(['servis']);
    expect(await ids('eklendi')).toEqual(['eski', 'servis']);
    expect(await ids('07.03.2026 (üzerine yazarak) — 3 yeni')).toEqual(['slot']);
    // The role as the line names it (the facts hold 'manager'), and the username.
    expect(await ids('elif.kaya, Müdür')).toEqual(['personel']);
    expect(await ids('Yönetici → Müdür')).toEqual(['rol']);
    expect(await ids('güncellendi: Site adı A → B')).toEqual(['ayar']);
    expect(await ids('Eski Saha')).toEqual(['eski']);
    expect(await ids('zzzz')).toEqual([]);
  });

  it('folds Turkish letters and case both ways, matches the staff member’s name, and pages the matches', async () => {
    expect(await ids('PERSONEL HESABI OLUSTURULDU')).toEqual(['personel']);
    expect(await ids('sifre')).toEqual([]);
    expect(await ids('deniz denetci')).toHaveLength(6);
    expect(await ids('Merkez Saha', '&entityKind=slots')).toEqual(['slot']);
    const page = await list(`?pageSize=25&page=1&from=2025-02-03&to=2025-02-03&q=${encodeURIComponent('elif')}`);
    expect(page.meta.pagination).toEqual({ page: 1, pageSize: 25, pageCount: 1, total: 2 });
    expect(page.data.map((a) => a.entityId)).toEqual(['rol', 'personel']);
    const second = await list(`?pageSize=25&page=2&from=2025-02-03&to=2025-02-03&q=elif`);
    expect(second.data).toEqual([]);
    expect(second.meta.pagination.total).toBe(2);
  });
});
