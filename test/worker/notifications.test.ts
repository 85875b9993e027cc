// The staff notifications API (behaviour.md#management-panel 'Notifications', api.md 'Notifications, reports, staff and settings'): create, list, search,
// filter, page, mark read, delete and count. Read state is shared by all staff, so the counts are global.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  api,
  type BookingAnswer,
  bookViaApi,
  createFacility,
  createSlots,
  createStaff,
  expectError,
  freshPhone,
  type Invalid,
  istanbulToday,
  json,
  type MarkAllReadAnswer,
  type MarkReadAnswer,
  type NotificationAnswer,
  type NotificationDeletedAnswer,
  type NotificationListAnswer,
  type NotificationStatsAnswer,
  slotAt,
  tokenFor,
  type UnreadAnswer,
} from './fixtures';

let token: string;
let managerToken: string;
let marker = 0;
/** A word no other notification carries, to scope a search to one test's rows. */
const uniq = (prefix: string) => `${prefix}${++marker}x${Math.random().toString(36).slice(2, 7)}`;

beforeAll(async () => {
  token = await tokenFor(await createStaff('admin'), 'admin');
  managerToken = await tokenFor(await createStaff('manager'), 'manager');
});

async function create(body: Record<string, unknown>, as = token) {
  const res = await api('/api/notifications', { method: 'POST', token: as, json: body });
  expect(res.status).toBe(201);
  return (await json<NotificationAnswer>(res)).data;
}

const get = async <T>(path: string, as = token) => {
  const res = await api(path, { token: as });
  expect(res.status).toBe(200);
  return json<T>(res);
};

const countRow = async (sql: string) => (await env.DB.prepare(sql).first<{ n: number }>())!.n;

describe('creating a notification', () => {
  it('answers 201 with the documented shape and defaults, and it is listed unread', async () => {
    const before = Date.now();
    const title = uniq('Test Bildirimi ');
    const n = await create({ title, message: 'Panelden gönderilen deneme' });
    expect(n).toEqual({
      id: expect.any(Number),
      documentId: expect.stringMatching(/^[a-z0-9]{10,}$/),
      type: 'system',
      priority: 'medium',
      title,
      message: 'Panelden gönderilen deneme',
      isRead: false,
      readAt: null,
      createdAt: expect.any(String),
      bookingId: null,
      // A note staff wrote is about no booking: nothing to open.
      bookingNumber: null,
      facilityId: null,
      actorUserId: null,
    });
    expect(Date.parse(n.createdAt!)).toBeGreaterThanOrEqual(before - 1000);

    const unread = await get<UnreadAnswer>('/api/notifications/unread');
    expect(unread.data[0]).toEqual(n);
    const listed = await get<NotificationListAnswer>(
      `/api/notifications/all?status=unread&q=${encodeURIComponent(title)}`,
    );
    expect(listed.data).toEqual([n]);
  });

  it('keeps the type and priority it is given, accepts a { data } wrapper, and a manager may create one', async () => {
    const n = await create(
      { data: { type: 'error', priority: 'urgent', title: uniq('Acil '), message: 'Sunucu hatası' } },
      managerToken,
    );
    expect(n).toMatchObject({ type: 'error', priority: 'urgent' });
  });

  it('refuses a missing or blank title or message, an unknown type or priority, and creates nothing', async () => {
    const before = await countRow('select count(*) as n from notifications');
    const cases: Array<[Record<string, unknown>, string | null]> = [
      [{ message: 'Başlıksız' }, 'Bildirim başlığı gerekli'],
      [{ title: '   ', message: 'Boş başlık' }, 'Bildirim başlığı gerekli'],
      [{ title: 'Mesajsız' }, 'Bildirim mesajı gerekli'],
      [{ title: 'Boş mesaj', message: '' }, 'Bildirim mesajı gerekli'],
      [{ title: 'Tür', message: 'x', type: 'spam' }, null],
      [{ title: 'Öncelik', message: 'x', priority: 'critical' }, null],
      [{ title: 'x'.repeat(121), message: 'Çok uzun başlık' }, null],
    ];
    for (const [body, message] of cases) {
      const error = await expectError<Invalid>(
        await api('/api/notifications', { method: 'POST', token, json: body }),
        400,
      );
      if (message) expect(error.message, JSON.stringify(body)).toBe(message);
      expect(error.details.errors.length).toBeGreaterThan(0);
    }
    expect(await countRow('select count(*) as n from notifications')).toBe(before);
  });
});

describe('the unread list', () => {
  it('returns the newest 50 unread, newest first, and counts every unread one', async () => {
    const word = uniq('Toplu');
    for (let i = 0; i < 52; i++) {
      await env.DB.prepare(
        `insert into notifications (document_id, type, priority, title, message, created_at) values (?, 'other', 'low', ?, 'toplu', ?)`,
      )
        .bind(`${word}${i}`, `${word} ${i}`, Date.now() + i)
        .run();
    }
    const body = await get<UnreadAnswer>('/api/notifications/unread');
    expect(body.data).toHaveLength(50);
    expect(body.meta.count).toBe(await countRow('select count(*) as n from notifications where is_read = 0'));
    expect(body.meta.count).toBeGreaterThanOrEqual(52);
    expect(body.data[0].title).toBe(`${word} 51`);
    expect(body.data[1].title).toBe(`${word} 50`);
    const times = body.data.map((n) => Date.parse(n.createdAt!));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(body.data.every((n) => !n.isRead)).toBe(true);
  });

  it('a booking made on the public site arrives as a booking_created notification', async () => {
    const f = await createFacility();
    await createSlots(f, 1, 1);
    const slot = await slotAt(f.id, addDays(istanbulToday(), 1), '20:00');
    const res = await api('/api/bookings', {
      method: 'POST',
      json: {
        facility: f.documentId,
        bookingSlot: slot.document_id,
        customerName: 'Şükrü Öztürk',
        customerPhone: freshPhone(),
      },
    });
    const booking = (await json<BookingAnswer>(res)).data;
    const unread = await get<UnreadAnswer>('/api/notifications/unread');
    const mine = unread.data.filter((n) => n.bookingId === booking.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      type: 'booking_created',
      priority: 'high',
      title: 'Yeni Rezervasyon',
      isRead: false,
      facilityId: f.id,
    });
    expect(mine[0].message).toContain('Şükrü Öztürk');
    // The search folds the Turkish letters of the message too.
    const found = await get<NotificationListAnswer>('/api/notifications/all?q=sukru%20ozturk&type=booking_created');
    expect(found.data.map((n) => n.bookingId)).toEqual([booking.id]);
  });
});

describe('the full list', () => {
  it('searches title and message with Turkish letters folded, and % or _ are plain characters', async () => {
    const word = uniq('Arama');
    const inTitle = await create({ title: `Işıklı Saha ${word}`, message: 'Aydınlatma arızası' });
    const inMessage = await create({ title: `Duyuru ${word}`, message: 'Çelik kale direkleri değişti' });
    const withPercent = await create({ title: `İndirim ${word}`, message: '%20 indirim, alt_çizgi' });
    const ids = (body: { data: Array<{ id: number }> }) => body.data.map((n) => n.id).sort((a, b) => a - b);
    const search = (q: string) =>
      get<NotificationListAnswer>(`/api/notifications/all?pageSize=100&q=${encodeURIComponent(q)}`);

    expect(ids(await search(word))).toEqual([inTitle.id, inMessage.id, withPercent.id].sort((a, b) => a - b));
    for (const q of [`isikli saha ${word}`, `IŞIKLI SAHA ${word}`])
      expect(ids(await search(q)), q).toEqual([inTitle.id]);
    expect((await search('aydinlatma ariza')).data.map((n) => n.id)).toContain(inTitle.id);
    expect((await search('CELIK KALE')).data.map((n) => n.id)).toEqual([inMessage.id]);
    expect((await search('çelik kale')).data.map((n) => n.id)).toEqual([inMessage.id]);
    expect(ids(await search(`indirim ${word}`))).toEqual([withPercent.id]);
    expect((await search('%20 ind')).data.map((n) => n.id)).toEqual([withPercent.id]);
    expect((await search('t_ç')).data.map((n) => n.id)).toEqual([withPercent.id]);
    expect((await search('%%%')).data).toEqual([]);
  });

  it('filters by read status and by type, while meta total and unread ignore every filter', async () => {
    const word = uniq('Filtre');
    await create({ title: `${word} a`, message: 'm', type: 'system' });
    const b = await create({ title: `${word} b`, message: 'm', type: 'error' });
    await create({ title: `${word} c`, message: 'm', type: 'error' });
    expect((await api(`/api/notifications/${b.id}/mark-read`, { method: 'POST', token })).status).toBe(200);
    const titles = (body: { data: Array<{ title: string }> }) => body.data.map((n) => n.title);

    expect(titles(await get<NotificationListAnswer>(`/api/notifications/all?q=${word}`))).toEqual([
      `${word} c`,
      `${word} b`,
      `${word} a`,
    ]);
    expect(titles(await get<NotificationListAnswer>(`/api/notifications/all?q=${word}&status=unread`))).toEqual([
      `${word} c`,
      `${word} a`,
    ]);
    expect(titles(await get<NotificationListAnswer>(`/api/notifications/all?q=${word}&status=read`))).toEqual([
      `${word} b`,
    ]);
    expect(titles(await get<NotificationListAnswer>(`/api/notifications/all?q=${word}&type=error`))).toEqual([
      `${word} c`,
      `${word} b`,
    ]);
    expect(
      titles(await get<NotificationListAnswer>(`/api/notifications/all?q=${word}&type=error&status=unread`)),
    ).toEqual([`${word} c`]);
    expect(
      titles(await get<NotificationListAnswer>(`/api/notifications/all?q=${word}&type=all&status=all`)),
    ).toHaveLength(3);

    const filtered = await get<NotificationListAnswer>(`/api/notifications/all?q=${word}&type=error&status=unread`);
    expect(filtered.meta.pagination.total).toBe(1);
    expect(filtered.meta.total).toBe(await countRow('select count(*) as n from notifications'));
    expect(filtered.meta.unread).toBe(await countRow('select count(*) as n from notifications where is_read = 0'));
    expect(filtered.meta.total).toBeGreaterThan(3);
  });

  it('pages newest first with page, pageSize and pageCount', async () => {
    const word = uniq('Sayfa');
    for (let i = 1; i <= 7; i++) await create({ title: `${word} ${i}`, message: 'sayfalama' });
    const page = (n: number) => get<NotificationListAnswer>(`/api/notifications/all?q=${word}&pageSize=3&page=${n}`);
    const first = await page(1);
    expect(first.meta.pagination).toEqual({ page: 1, pageSize: 3, pageCount: 3, total: 7 });
    expect(first.data.map((n) => n.title)).toEqual([`${word} 7`, `${word} 6`, `${word} 5`]);
    expect((await page(2)).data.map((n) => n.title)).toEqual([`${word} 4`, `${word} 3`, `${word} 2`]);
    const last = await page(3);
    expect(last.data.map((n) => n.title)).toEqual([`${word} 1`]);
    expect(last.meta.pagination).toEqual({ page: 3, pageSize: 3, pageCount: 3, total: 7 });
    expect((await page(4)).data).toEqual([]);
  });

  it('defaults to 25 a page and refuses a bad status, type or page size', async () => {
    const body = await get<NotificationListAnswer>('/api/notifications/all');
    expect(body.meta.pagination.pageSize).toBe(25);
    for (const q of ['status=old', 'type=spam', 'pageSize=101', 'pageSize=0', 'page=0']) {
      await expectError(await api(`/api/notifications/all?${q}`, { token }), 400);
    }
  });
});

describe('marking read', () => {
  it('sets isRead and readAt, and a second mark keeps the first moment', async () => {
    const n = await create({ title: uniq('Okunacak '), message: 'm' });
    const before = Date.now();
    const res = await api(`/api/notifications/${n.id}/mark-read`, { method: 'POST', token });
    expect(res.status).toBe(200);
    const read = (await json<MarkReadAnswer>(res)).data;
    expect(read).toMatchObject({ id: n.id, isRead: true, title: n.title });
    expect(Date.parse(read.readAt!)).toBeGreaterThanOrEqual(before - 1000);
    const again = (
      await json<MarkReadAnswer>(
        await api(`/api/notifications/${n.id}/mark-read`, { method: 'PUT', token: managerToken }),
      )
    ).data;
    expect(again.readAt).toBe(read.readAt);
    const unread = await get<UnreadAnswer>('/api/notifications/unread');
    expect(unread.data.map((x) => x.id)).not.toContain(n.id);
  });

  it('an unknown id is 404 and a non-numeric id is 400', async () => {
    expect(
      (await expectError(await api('/api/notifications/99999999/mark-read', { method: 'POST', token }), 404)).message,
    ).toBe('Bildirim bulunamadı');
    await expectError(await api('/api/notifications/abc/mark-read', { method: 'POST', token }), 400);
    await expectError(await api('/api/notifications/-3/mark-read', { method: 'POST', token }), 400);
  });

  it('mark-all-read marks every unread one and answers how many it changed', async () => {
    await create({ title: uniq('Hepsi '), message: 'm' });
    await create({ title: uniq('Hepsi '), message: 'm' });
    const unreadBefore = (await get<UnreadAnswer>('/api/notifications/unread')).meta.count;
    expect(unreadBefore).toBeGreaterThanOrEqual(2);
    const res = await api('/api/notifications/mark-all-read', { method: 'POST', token });
    expect(res.status).toBe(200);
    expect((await json<MarkAllReadAnswer>(res)).data).toEqual({ updated: unreadBefore });
    const after = await get<UnreadAnswer>('/api/notifications/unread');
    expect(after.meta.count).toBe(0);
    expect(after.data).toEqual([]);
    expect(await countRow('select count(*) as n from notifications where is_read = 1 and read_at is null')).toBe(0);
    expect(
      (await json<MarkAllReadAnswer>(await api('/api/notifications/mark-all-read', { method: 'PUT', token }))).data,
    ).toEqual({
      updated: 0,
    });
  });
});

describe('deleting', () => {
  it('removes the notification; a second delete is 404; a non-numeric id is 400', async () => {
    const n = await create({ title: uniq('Silinecek '), message: 'm' });
    const res = await api(`/api/notifications/${n.id}`, { method: 'DELETE', token });
    expect(res.status).toBe(200);
    expect((await json<NotificationDeletedAnswer>(res)).data).toEqual({ id: n.id });
    expect(await env.DB.prepare('select id from notifications where id = ?').bind(n.id).first()).toBeNull();
    expect((await expectError(await api(`/api/notifications/${n.id}`, { method: 'DELETE', token }), 404)).message).toBe(
      'Bildirim bulunamadı',
    );
    await expectError(await api('/api/notifications/abc', { method: 'DELETE', token }), 400);
  });
});

describe('the figures', () => {
  it('counts all, unread, by type and by priority', async () => {
    const before = (await get<NotificationStatsAnswer>('/api/notifications/stats')).data;
    await create({ title: uniq('Sayım '), message: 'm', type: 'error', priority: 'urgent' });
    await create({ title: uniq('Sayım '), message: 'm', type: 'error', priority: 'low' });
    const read = await create({ title: uniq('Sayım '), message: 'm', type: 'other', priority: 'low' });
    await api(`/api/notifications/${read.id}/mark-read`, { method: 'POST', token });
    const after = (await get<NotificationStatsAnswer>('/api/notifications/stats', managerToken)).data;
    expect(after.total).toBe(before.total + 3);
    expect(after.unread).toBe(before.unread + 2);
    expect(after.byType.error).toBe((before.byType.error ?? 0) + 2);
    expect(after.byType.other).toBe((before.byType.other ?? 0) + 1);
    expect(after.byPriority.urgent).toBe((before.byPriority.urgent ?? 0) + 1);
    expect(after.byPriority.low).toBe((before.byPriority.low ?? 0) + 2);
    // The figures are the table's own.
    expect(after.total).toBe(await countRow('select count(*) as n from notifications'));
    const sumType = Object.values(after.byType as Record<string, number>).reduce((s, n) => s + n, 0);
    const sumPriority = Object.values(after.byPriority as Record<string, number>).reduce((s, n) => s + n, 0);
    expect(sumType).toBe(after.total);
    expect(sumPriority).toBe(after.total);
  });
});

describe("the actor's own notifications", () => {
  let actor: Awaited<ReturnType<typeof createStaff>>;
  let actorToken: string;
  let otherToken: string;
  beforeAll(async () => {
    actor = await createStaff('admin', { firstName: 'Ayşe', lastName: 'Yönetici' });
    actorToken = await tokenFor(actor, 'admin');
    otherToken = await tokenFor(await createStaff('manager', { firstName: 'Mert', lastName: 'Müdür' }), 'manager');
  });

  it('record the actor; they are read for the actor and unread for the other staff', async () => {
    const f = await createFacility();
    await createSlots(f, 1, 4);
    const { booking } = await bookViaApi(f, addDays(istanbulToday(), 3), '17:00');
    await api(`/api/bookings/${booking.documentId}/approve`, { method: 'POST', token: actorToken, json: {} });
    const stored = await env.DB.prepare(
      "select actor_user_id from notifications where booking_id = ? and type = 'booking_updated'",
    )
      .bind(booking.id)
      .first();
    expect(stored).toEqual({ actor_user_id: actor.id });

    const mine = (token: string) =>
      api('/api/notifications/all?pageSize=100', { token }).then(json<NotificationListAnswer>);
    const forAdmin = (await mine(actorToken)).data.find(
      (n) => n.bookingId === booking.id && n.type === 'booking_updated',
    )!;

    const forManager = (await mine(otherToken)).data.find(
      (n) => n.bookingId === booking.id && n.type === 'booking_updated',
    );
    expect(forAdmin).toMatchObject({ isRead: true, actorUserId: actor.id });
    expect(forManager).toMatchObject({ isRead: false, actorUserId: actor.id });

    const unread = async (token: string) =>
      (await json<UnreadAnswer>(await api('/api/notifications/unread', { token }))).data.map((n) => n.id);
    expect(await unread(actorToken)).not.toContain(forAdmin.id);
    expect(await unread(otherToken)).toContain(forAdmin.id);
    // The customer's own booking (no staff actor) stays unread for everyone.
    const created = await env.DB.prepare(
      "select id from notifications where booking_id = ? and type = 'booking_created'",
    )
      .bind(booking.id)
      .first<{ id: number }>();
    expect(await unread(actorToken)).toContain(created!.id);
  });
});
