// A staff notification about a booking stores the event (kind and facts) and every text is rendered from it by one
// module (contracts/events.ts): the texts read as the writers wrote them before, the rows written before the events
// read the same after migration 0023, the search still finds a notification by what it says, and the booking history's
// labels come from the same module.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { trLongDate } from '../../contracts/dates';
import { type BookingEvent, historyActor, historyLabel, notificationText } from '../../contracts/events';
import {
  addDays,
  api,
  bookViaApi,
  createFacility,
  createSlots,
  createStaff,
  everyDay,
  istanbulToday,
  json,
  type NotificationListAnswer,
  tokenFor,
} from './fixtures';

const start = { date: '2026-11-21', startTime: '20:00', startsAt: Date.parse('2026-11-21T20:00:00+03:00') };
const night = { date: '2026-11-30', startTime: '00:00', startsAt: Date.parse('2026-12-01T00:00:00+03:00') };
const booking = { bookingNumber: 'HSRAB12CD34E', customerName: 'Ayşe Yılmaz', facilityName: 'Merkez Saha', ...start };
const render = (e: BookingEvent) => notificationText({ kind: e.kind, facts: e.facts, title: '', message: '' });

describe('the texts rendered from an event', () => {
  it('read as the writers wrote them: number · name · pitch · the real start (· the staff member)', () => {
    expect(render({ kind: 'booking_created', facts: booking })).toEqual({
      title: 'Yeni Rezervasyon',
      message: 'Ayşe Yılmaz · Merkez Saha · 21 Kasım 2026 Cumartesi 20:00',
    });
    expect(render({ kind: 'booking_cancelled_by_customer', facts: booking })).toEqual({
      title: 'Rezervasyon İptal Edildi',
      message: 'HSRAB12CD34E · Ayşe Yılmaz · Merkez Saha · 21 Kasım 2026 Cumartesi 20:00',
    });
    expect(render({ kind: 'booking_expired', facts: { ...booking, ...night } })).toEqual({
      title: 'Rezervasyon Süresi Doldu',
      message: 'HSRAB12CD34E · Ayşe Yılmaz · Merkez Saha · 1 Aralık 2026 Salı 00:00 · Pazartesi gecesi',
    });
    const staff = { ...booking, actorLabel: 'Mert Müdür' };
    const tail = 'HSRAB12CD34E · Ayşe Yılmaz · Merkez Saha · 21 Kasım 2026 Cumartesi 20:00 · Mert Müdür';
    expect(render({ kind: 'booking_approved', facts: staff })).toEqual({
      title: 'Rezervasyon Onaylandı',
      message: tail,
    });
    expect(render({ kind: 'booking_rejected', facts: staff })).toEqual({
      title: 'Rezervasyon Reddedildi',
      message: tail,
    });
    expect(render({ kind: 'booking_cancelled_by_staff', facts: staff })).toEqual({
      title: 'Rezervasyon iptal edildi',
      message: tail,
    });
    expect(
      render({ kind: 'customer_erased', facts: { bookingNumber: 'HSRAB12CD34E', actorLabel: 'Mert Müdür' } }),
    ).toEqual({ title: 'Müşteri bilgileri silindi', message: 'HSRAB12CD34E · Mert Müdür' });
  });

  it('the front desk events: a staff booking names its channel, choice and staff; a hold about to end; a cancel leaving a deposit', () => {
    expect(
      render({
        kind: 'booking_created_by_staff',
        facts: { ...booking, actorLabel: 'Mert Müdür', channel: 'whatsapp', status: 'pending' },
      }),
    ).toEqual({
      title: 'Personel Rezervasyonu',
      message:
        'HSRAB12CD34E · Ayşe Yılmaz · Merkez Saha · 21 Kasım 2026 Cumartesi 20:00 · WhatsApp · Onay bekliyor · Mert Müdür',
    });
    expect(
      render({ kind: 'hold_expiring', facts: { ...booking, expiresAt: Date.parse('2026-11-20T14:10:00+03:00') } }),
    ).toEqual({
      title: 'Onay Süresi Doluyor',
      message:
        'HSRAB12CD34E · Ayşe Yılmaz · Merkez Saha · 21 Kasım 2026 Cumartesi 20:00 · Onaylanmazsa 14:10 itibarıyla düşecek: kapora geldiyse kaydedin',
    });
    expect(render({ kind: 'booking_cancelled_by_customer', facts: { ...booking, deposit: 50000 } }).message).toBe(
      'HSRAB12CD34E · Ayşe Yılmaz · Merkez Saha · 21 Kasım 2026 Cumartesi 20:00 · Alınan ₺500 kapora için iade ya da tutma kararı bekliyor',
    );
  });

  it('a subscription names its weekly hour on the real weekday, its weeks and its first real date', () => {
    expect(render({ kind: 'subscription_created', facts: { ...booking, weeks: 8 } }).message).toBe(
      'Ayşe Yılmaz · Merkez Saha · Cumartesi 20:00 · 8 hafta (21 Kasım 2026 Cumartesi başlangıç)',
    );
    expect(render({ kind: 'subscription_created', facts: { ...booking, ...night, weeks: 4 } }).message).toBe(
      'Ayşe Yılmaz · Merkez Saha · Salı 00:00 · Pazartesi gecesi · 4 hafta (1 Aralık 2026 Salı başlangıç)',
    );
  });

  it('an erased name reads Silinmiş müşteri; a row that is no event keeps its own text', () => {
    expect(render({ kind: 'booking_created', facts: { ...booking, customerName: null } }).message).toBe(
      'Silinmiş müşteri · Merkez Saha · 21 Kasım 2026 Cumartesi 20:00',
    );
    const own = { title: 'Duyuru', message: 'Saha 3 bakımda' };
    expect(notificationText({ kind: null, facts: null, ...own })).toEqual(own);
    expect(notificationText({ kind: 'booking_created', facts: '{"broken"', ...own })).toEqual(own);
    expect(notificationText({ kind: 'unknown_kind', facts: JSON.stringify(booking), ...own })).toEqual(own);
  });

  it('the booking history reads its labels from the same module', () => {
    const row = { actorType: 'staff', actorLabel: null, event: null } as const;
    expect(historyLabel({ ...row, fromStatus: null, toStatus: 'pending' })).toBe('Oluşturuldu: Beklemede');
    expect(historyLabel({ ...row, fromStatus: 'pending', toStatus: 'approved' })).toBe('Beklemede → Onaylandı');
    expect(historyLabel({ ...row, fromStatus: 'approved', toStatus: 'approved', event: 'erased' })).toBe(
      'Müşteri bilgileri silindi',
    );
    expect(historyLabel({ ...row, fromStatus: 'pending', toStatus: 'pending', event: 'notes' })).toBe(
      'Notlar güncellendi',
    );
    expect(historyActor(row)).toBe('Personel');
    expect(historyActor({ actorType: 'customer', actorLabel: 'Ayşe Yılmaz' })).toBe('Ayşe Yılmaz');
  });
});

describe('stored events', () => {
  let token: string;
  let f: Awaited<ReturnType<typeof createFacility>>;
  const date = addDays(istanbulToday(), 3);
  beforeAll(async () => {
    const admin = await createStaff('admin', { firstName: 'Olay', lastName: 'Yazan' });
    token = await tokenFor(admin);
    f = await createFacility({ name: 'Olay Arena', workingHours: everyDay('18:00', '23:00') });
    await createSlots(f, 2, 4);
  });
  const notes = async (q: string) =>
    (
      await json<NotificationListAnswer>(
        await api(`/api/notifications/all?pageSize=100&q=${encodeURIComponent(q)}`, { token }),
      )
    ).data;

  it('hold no sentence: the row keeps the kind and facts, and the API answers the rendered text', async () => {
    const { booking } = await bookViaApi(f, date, '19:00', { customerName: 'Olcay Kaydeden' });
    const row = await env.DB.prepare('select kind, facts, title, message from notifications where booking_id = ?')
      .bind(booking.id)
      .first<{ kind: string; facts: string; title: string; message: string }>();
    expect(row).toMatchObject({ kind: 'booking_created', title: 'Yeni Rezervasyon', message: '' });
    expect(JSON.parse(row!.facts)).toEqual({
      bookingNumber: booking.bookingNumber,
      customerName: 'Olcay Kaydeden',
      facilityName: 'Olay Arena',
      date,
      startTime: '19:00',
      startsAt: Date.parse(`${date}T19:00:00+03:00`),
      endTime: '20:00',
      duration: 60,
    });
    const [shown] = (await notes('olcay kaydeden')).filter((n) => n.bookingId === booking.id);
    expect(shown.message).toBe(`Olcay Kaydeden · Olay Arena · ${trLongDate(date)} 19:00`);
  });

  it('are found by the name, number, pitch and staff member their texts name, Turkish letters folded', async () => {
    const { booking } = await bookViaApi(f, date, '20:00', { customerName: 'Şenay Arayıcı' });
    const approved = await api(`/api/bookings/${booking.documentId}/approve`, { method: 'POST', token, json: {} });
    expect(approved.status).toBe(200);
    const ids = async (q: string) => (await notes(q)).filter((n) => n.bookingId === booking.id).map((n) => n.title);
    expect(await ids('senay arayici')).toEqual(['Rezervasyon Onaylandı', 'Yeni Rezervasyon']);
    expect(await ids(booking.bookingNumber)).toEqual(['Rezervasyon Onaylandı', 'Yeni Rezervasyon']);
    expect(await ids('OLAY ARENA')).toEqual(['Rezervasyon Onaylandı', 'Yeni Rezervasyon']);
    expect(await ids('olay yazan')).toEqual(['Rezervasyon Onaylandı']);
    expect(await ids('rezervasyon onaylandi')).toEqual(['Rezervasyon Onaylandı']);
    // A fact's key is no text a person reads.
    expect(await ids('customerName')).toEqual([]);
  });

  it('rows written before the events read the same after migration 0023; the old expiry text reads its date in Turkish', async () => {
    const a = (await bookViaApi(f, date, '21:00', { customerName: 'Eski Kayıt' })).booking;
    const b = (await bookViaApi(f, date, '22:00', { customerName: 'Eski Süre' })).booking;
    await api(`/api/bookings/${a.documentId}/approve`, { method: 'POST', token, json: {} });
    const when = `${trLongDate(date)} 21:00`;
    // The rows as the writers before the events left them: the text in the message, no kind, no facts. The pitch was
    // renamed since, and the expiry wrote a raw YYYY-MM-DD date then.
    const legacy = [
      [a.id, 'Yeni Rezervasyon', `Eski Kayıt · Eski Ad Arena · ${when}`],
      [a.id, 'Rezervasyon Onaylandı', `${a.bookingNumber} · Eski Kayıt · Eski Ad Arena · ${when} · Olay Yazan`],
      [b.id, 'Rezervasyon Süresi Doldu', `${b.bookingNumber} · Eski Süre · Olay Arena · ${date} 22:00`],
    ] as const;
    await env.DB.prepare('update notifications set kind = null, facts = null where booking_id in (?, ?)')
      .bind(a.id, b.id)
      .run();
    for (const [id, title, message] of legacy)
      await env.DB.prepare('update notifications set message = ?, title = ? where booking_id = ? and title = ?')
        .bind(message, title, id, title === 'Rezervasyon Süresi Doldu' ? 'Yeni Rezervasyon' : title)
        .run();
    const noKind = await env.DB.prepare('select count(*) as n from notifications where booking_id in (?, ?)')
      .bind(a.id, b.id)
      .first<{ n: number }>();
    expect(noKind!.n).toBe(3);

    // The migration's own statements, after its two new columns.
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith('0023_'))!;
    const backfill = migration.queries.filter((q) => !/ALTER TABLE/i.test(q));
    expect(backfill.length).toBeGreaterThan(0);
    await env.DB.batch(backfill.map((q) => env.DB.prepare(q)));

    const rows = await env.DB.prepare(
      'select booking_id, kind, facts, title, message from notifications where booking_id in (?, ?) order by booking_id, id',
    )
      .bind(a.id, b.id)
      .all<{ booking_id: number; kind: string; facts: string; title: string; message: string }>();
    expect(rows.results.map((r) => [r.kind, r.message])).toEqual([
      ['booking_created', ''],
      ['booking_approved', ''],
      ['booking_expired', ''],
    ]);
    expect(rows.results.map((r) => notificationText(r))).toEqual([
      { title: 'Yeni Rezervasyon', message: legacy[0][2] },
      { title: 'Rezervasyon Onaylandı', message: legacy[1][2] },
      {
        title: 'Rezervasyon Süresi Doldu',
        message: `${b.bookingNumber} · Eski Süre · Olay Arena · ${trLongDate(date)} 22:00`,
      },
    ]);
  });
});
