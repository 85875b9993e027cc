// Staff bookings screen, dashboard and detail dialog (behaviour.md#management-panel, api.md; api.md 'Bookings (staff)'): what staff see and do when all goes well.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { istanbulInstant, toMinutes } from '../../worker/src/lib/time';
import {
  addDays,
  api,
  type BookingAnswer,
  type BookingDetailAnswer,
  type BookingListAnswer,
  type BookingStatsAnswer,
  bookingRow,
  bookViaApi,
  createFacility,
  createSlots,
  createStaff,
  freshPhone,
  historyCount,
  istanbulToday,
  json,
  type NotificationListAnswer,
  pickupPointsOf,
  type SlotsAnswer,
  tokenFor,
} from './fixtures';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const randomBookingNumber = () =>
  `HSR${Array.from({ length: 9 }, () => ALPHABET[Math.floor(Math.random() * ALPHABET.length)]).join('')}`;

interface Seed {
  name: string;
  phone?: string;
  status?: 'pending' | 'approved' | 'rejected' | 'cancelled' | 'expired';
  payment?: 'pending' | 'paid' | 'refunded';
  date: string;
  startTime?: string;
  startsAt?: number;
  createdAt?: number;
  /** kuruş, the slot price; the total adds the shuttle price */
  slotPrice?: number;
  transportPrice?: number;
  deposit?: number;
  subscriber?: boolean;
}

/** A booking written straight into D1 (the search key comes from the migration's trigger), for list and figure tests. */
async function seedBooking(facilityId: number, s: Seed) {
  const startTime = s.startTime ?? '20:00';
  const startsAt = s.startsAt ?? istanbulInstant(s.date, toMinutes(startTime));
  const transport = s.transportPrice ?? 0;
  const slotPrice = s.slotPrice ?? 150_000;
  const createdAt = s.createdAt ?? Date.now();
  const row = await env.DB.prepare(
    `insert into bookings (document_id, booking_number, facility_id, customer_name, customer_phone, date, start_time, end_time,
       starts_at, slot_price, total_price, deposit_amount, includes_transportation, transportation_price, is_subscriber, status,
       payment_status, created_at, updated_at)
     values (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?18)
     returning id, document_id, booking_number`,
  )
    .bind(
      crypto.randomUUID().replace(/-/g, '').slice(0, 24),
      randomBookingNumber(),
      facilityId,
      s.name,
      s.phone ?? freshPhone(),
      s.date,
      startTime,
      startTime,
      startsAt,
      slotPrice,
      slotPrice + transport,
      s.deposit ?? 30_000,
      transport > 0 ? 1 : 0,
      transport,
      s.subscriber ? 1 : 0,
      s.status ?? 'pending',
      s.payment ?? 'pending',
      createdAt,
    )
    .first<{ id: number; document_id: string; booking_number: string }>();
  return row!;
}

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

const list = async (query: string, token = adminToken) => {
  const res = await api(`/api/bookings?${query}`, { token });
  expect(res.status).toBe(200);
  return json<BookingListAnswer>(res);
};
const names = (body: { data: Array<{ customerName: string }> }) => body.data.map((b) => b.customerName).sort();

describe('the bookings list', () => {
  const today = () => istanbulToday();
  let f: Awaited<ReturnType<typeof createFacility>>;
  let other: Awaited<ReturnType<typeof createFacility>>;
  const seeded: Record<string, { id: number; document_id: string; booking_number: string }> = {};
  const base = Date.now() - 60 * 60_000;

  beforeAll(async () => {
    f = await createFacility();
    other = await createFacility();
    const now = Date.now();
    // created_at order differs from date order on purpose, so the sort tests can tell them apart.
    const rows: Array<[string, Seed]> = [
      [
        'isik',
        {
          name: 'Işık Çelik',
          phone: '05417771122',
          status: 'pending',
          date: addDays(today(), 2),
          transportPrice: 5_000,
          createdAt: base + 1 * 60_000,
        },
      ],
      [
        'ahmet',
        {
          name: 'Ahmet Yılmaz',
          phone: '05420000001',
          status: 'approved',
          payment: 'paid',
          date: today(),
          startsAt: now - 60_000,
          createdAt: base + 7 * 60_000,
        },
      ],
      [
        'zeynep',
        {
          name: 'Zeynep Kaya',
          phone: '05420000002',
          status: 'rejected',
          date: addDays(today(), 1),
          createdAt: base + 3 * 60_000,
        },
      ],
      [
        'mehmet',
        {
          name: 'Mehmet Öz',
          phone: '05420000003',
          status: 'cancelled',
          date: addDays(today(), 3),
          createdAt: base + 9 * 60_000,
        },
      ],
      [
        'elif',
        {
          name: 'Elif Şahin',
          phone: '05420000004',
          status: 'expired',
          date: addDays(today(), -1),
          createdAt: base + 2 * 60_000,
        },
      ],
      [
        'can',
        {
          name: 'Can Demir',
          phone: '05420000005',
          status: 'approved',
          date: addDays(today(), 4),
          subscriber: true,
          deposit: 0,
          createdAt: base + 8 * 60_000,
        },
      ],
      [
        'eski',
        {
          name: 'Eski Maç',
          phone: '05420000006',
          status: 'approved',
          payment: 'paid',
          date: addDays(today(), -2),
          createdAt: base + 4 * 60_000,
        },
      ],
      [
        'yuzde',
        {
          name: 'Yüzde %50 Oyuncu',
          phone: '05420000007',
          status: 'pending',
          date: addDays(today(), 5),
          createdAt: base + 6 * 60_000,
        },
      ],
      [
        'alt',
        {
          name: 'Alt_Çizgi Spor',
          phone: '05420000008',
          status: 'pending',
          date: today(),
          startsAt: now + 60 * 60_000,
          createdAt: base + 5 * 60_000,
        },
      ],
    ];
    for (const [key, seed] of rows) seeded[key] = await seedBooking(f.id, seed);
    // Noise on another pitch that the facility filter must keep out.
    await seedBooking(other.id, {
      name: 'Işık Başka',
      status: 'pending',
      date: today(),
      startsAt: now + 2 * 60 * 60_000,
    });
  });

  const scope = () => `facility=${f.documentId}&pageSize=100`;

  it('counts every tab under the pitch filter, and the all tab returns every row of the pitch only', async () => {
    const body = await list(scope());
    expect(body.meta.counts).toEqual({
      all: 9,
      today: 2,
      upcoming: 4,
      pending: 3,
      approved: 3,
      rejected: 1,
      cancelled: 2,
    });
    expect(body.meta.pagination).toEqual({ page: 1, pageSize: 100, pageCount: 1, total: 9 });
    expect(names(body)).toEqual(
      [
        'Ahmet Yılmaz',
        'Alt_Çizgi Spor',
        'Can Demir',
        'Elif Şahin',
        'Eski Maç',
        'Işık Çelik',
        'Mehmet Öz',
        'Yüzde %50 Oyuncu',
        'Zeynep Kaya',
      ].sort(),
    );
  });

  it('each tab returns only its own rows and its total is that tab count', async () => {
    const expected: Record<string, string[]> = {
      today: ['Ahmet Yılmaz', 'Alt_Çizgi Spor'],
      upcoming: ['Alt_Çizgi Spor', 'Can Demir', 'Işık Çelik', 'Yüzde %50 Oyuncu'],
      pending: ['Alt_Çizgi Spor', 'Işık Çelik', 'Yüzde %50 Oyuncu'],
      approved: ['Ahmet Yılmaz', 'Can Demir', 'Eski Maç'],
      rejected: ['Zeynep Kaya'],
      cancelled: ['Elif Şahin', 'Mehmet Öz'],
    };
    for (const [tab, want] of Object.entries(expected)) {
      const body = await list(`${scope()}&tab=${tab}`);
      expect(names(body), tab).toEqual([...want].sort());
      expect(body.meta.pagination.total, tab).toBe(want.length);
      // The counts ignore the tab: the same figures whichever tab is open.
      expect(body.meta.counts.all, tab).toBe(9);
    }
  });

  it('the cancelled tab gathers customer cancels and expired holds', async () => {
    const body = await list(`${scope()}&tab=cancelled`);
    expect(body.data.map((b) => b.status).sort()).toEqual(['cancelled', 'expired']);
  });

  it('counts honour the subscribers, transport and date range filters', async () => {
    const subs = await list(`${scope()}&subscribers=true`);
    expect(subs.meta.counts).toEqual({
      all: 1,
      today: 0,
      upcoming: 1,
      pending: 0,
      approved: 1,
      rejected: 0,
      cancelled: 0,
    });
    expect(names(subs)).toEqual(['Can Demir']);

    const transport = await list(`${scope()}&transport=true`);
    expect(transport.meta.counts).toEqual({
      all: 1,
      today: 0,
      upcoming: 1,
      pending: 1,
      approved: 0,
      rejected: 0,
      cancelled: 0,
    });
    expect(names(transport)).toEqual(['Işık Çelik']);
    expect(transport.data[0]).toMatchObject({
      includesTransportation: true,
      transportationPrice: 50,
      totalPrice: 1550,
    });

    const range = await list(`${scope()}&from=${addDays(today(), 1)}&to=${addDays(today(), 3)}`);
    expect(range.meta.counts).toEqual({
      all: 3,
      today: 0,
      upcoming: 1,
      pending: 1,
      approved: 0,
      rejected: 1,
      cancelled: 1,
    });
    expect(names(range)).toEqual(['Işık Çelik', 'Mehmet Öz', 'Zeynep Kaya']);

    // Either end alone, inclusive.
    expect(names(await list(`${scope()}&from=${addDays(today(), 4)}`))).toEqual(['Can Demir', 'Yüzde %50 Oyuncu']);
    expect(names(await list(`${scope()}&to=${addDays(today(), -1)}`))).toEqual(['Elif Şahin', 'Eski Maç']);
    // Filters combine with the tab.
    expect(names(await list(`${scope()}&from=${addDays(today(), 1)}&tab=pending`))).toEqual([
      'Işık Çelik',
      'Yüzde %50 Oyuncu',
    ]);
  });

  it('a list item carries the documented fields, money in TL and the pitch', async () => {
    const body = await list(`${scope()}&q=isik`);
    expect(body.data).toHaveLength(1);
    const item = body.data[0];
    expect(Object.keys(item).sort()).toEqual(
      [
        'id',
        'documentId',
        'bookingNumber',
        'customerName',
        'customerPhone',
        'customerEmail',
        'status',
        'paymentStatus',
        'date',
        'startTime',
        'endTime',
        'startsAt',
        'totalPrice',
        'depositAmount',
        'isSubscriber',
        'includesTransportation',
        'transportationPrice',
        'addons',
        'addonsPrice',
        'facility',
        'createdAt',
        'isPast',
      ].sort(),
    );
    expect(item).toEqual({
      id: seeded.isik.id,
      documentId: seeded.isik.document_id,
      bookingNumber: seeded.isik.booking_number,
      customerName: 'Işık Çelik',
      customerPhone: '05417771122',
      customerEmail: null,
      status: 'pending',
      paymentStatus: 'pending',
      date: addDays(today(), 2),
      startTime: '20:00',
      endTime: '20:00',
      startsAt: new Date(Date.parse(`${addDays(today(), 2)}T20:00:00+03:00`)).toISOString(),
      totalPrice: 1550,
      depositAmount: 300,
      isSubscriber: false,
      includesTransportation: true,
      transportationPrice: 50,
      addons: [],
      addonsPrice: 0,
      facility: { documentId: f.documentId, name: f.name, slug: f.slug },
      createdAt: new Date(base + 60_000).toISOString(),
      isPast: false,
    });
    const past = (await list(`${scope()}&q=eski`)).data[0];
    expect(past.isPast).toBe(true);
  });

  it('finds a name with the Turkish letters folded either way', async () => {
    for (const q of ['isik', 'IŞIK', 'ışık', 'ÇELİK', 'celik', 'Işık Çelik', 'k ç']) {
      expect(names(await list(`${scope()}&q=${encodeURIComponent(q)}`)), q).toEqual(['Işık Çelik']);
    }
    expect(names(await list(`${scope()}&q=${encodeURIComponent('şahin')}`))).toEqual(['Elif Şahin']);
    expect(names(await list(`${scope()}&q=${encodeURIComponent('OZ')}`))).toEqual(['Mehmet Öz']);
  });

  it('finds a phone typed with spaces, with +90, or only in part', async () => {
    for (const q of [
      '0541 777 11 22',
      '+90 541 777 11 22',
      '+905417771122',
      '541 777 11 22',
      '(0541) 777-11-22',
      '777 11',
      '71122',
      '+90 541',
    ]) {
      const body = await list(`${scope()}&q=${encodeURIComponent(q)}`);
      expect(names(body), q).toEqual(['Işık Çelik']);
    }
  });

  it('finds a booking by its number typed in lower case, and counts under the search', async () => {
    const number = seeded.zeynep.booking_number;
    const body = await list(`${scope()}&q=${number.toLowerCase()}`);
    expect(body.data.map((b) => b.bookingNumber)).toEqual([number]);
    expect(body.meta.counts).toEqual({
      all: 1,
      today: 0,
      upcoming: 0,
      pending: 0,
      approved: 0,
      rejected: 1,
      cancelled: 0,
    });
    expect((await list(`${scope()}&q=${number}`)).data).toHaveLength(1);
  });

  it('treats % and _ in the search as plain characters', async () => {
    expect(names(await list(`${scope()}&q=${encodeURIComponent('%')}`))).toEqual(['Yüzde %50 Oyuncu']);
    expect(names(await list(`${scope()}&q=${encodeURIComponent('%50')}`))).toEqual(['Yüzde %50 Oyuncu']);
    expect(names(await list(`${scope()}&q=_`))).toEqual(['Alt_Çizgi Spor']);
    expect(names(await list(`${scope()}&q=${encodeURIComponent('t_ç')}`))).toEqual(['Alt_Çizgi Spor']);
    expect((await list(`${scope()}&q=${encodeURIComponent('y%z')}`)).data).toEqual([]);
  });

  it('a quote in the search is a plain character too: no SQL gets through, the other filters still apply', async () => {
    const injected = `x' or 1=1 or b.search_key like '`;
    const body = await list(`${scope()}&q=${encodeURIComponent(injected)}`);
    expect(body.data).toEqual([]);
    expect(body.meta.counts.all).toBe(0);
    expect((await list(`${scope()}&q=${encodeURIComponent("'")}&tab=approved`)).data).toEqual([]);
    // The list is intact afterwards and the scoped search still finds its rows.
    expect(names(await list(`${scope()}&q=${encodeURIComponent('%')}`))).toEqual(['Yüzde %50 Oyuncu']);
  });

  it('a search that matches nothing gives zero counts and one empty page', async () => {
    const body = await list(`${scope()}&q=hicbiryerde`);
    expect(body.data).toEqual([]);
    expect(body.meta.counts).toEqual({
      all: 0,
      today: 0,
      upcoming: 0,
      pending: 0,
      approved: 0,
      rejected: 0,
      cancelled: 0,
    });
    expect(body.meta.pagination).toEqual({ page: 1, pageSize: 100, pageCount: 1, total: 0 });
  });

  it('sorts by creation (newest first by default, or oldest first) and by slot date either way', async () => {
    const numbersOf = (body: { data: Array<{ customerName: string }> }) => body.data.map((b) => b.customerName);
    const byCreatedDesc = [
      'Mehmet Öz',
      'Can Demir',
      'Ahmet Yılmaz',
      'Yüzde %50 Oyuncu',
      'Alt_Çizgi Spor',
      'Eski Maç',
      'Zeynep Kaya',
      'Elif Şahin',
      'Işık Çelik',
    ];
    expect(numbersOf(await list(scope()))).toEqual(byCreatedDesc);
    expect(numbersOf(await list(`${scope()}&sort=createdAt:desc`))).toEqual(byCreatedDesc);
    expect(numbersOf(await list(`${scope()}&sort=createdAt:asc`))).toEqual([...byCreatedDesc].reverse());
    // Today's two rows are ordered by their real start: the one that already started comes first.
    const byDateAsc = [
      'Eski Maç',
      'Elif Şahin',
      'Ahmet Yılmaz',
      'Alt_Çizgi Spor',
      'Zeynep Kaya',
      'Işık Çelik',
      'Mehmet Öz',
      'Can Demir',
      'Yüzde %50 Oyuncu',
    ];
    expect(numbersOf(await list(`${scope()}&sort=date:asc`))).toEqual(byDateAsc);
    expect(numbersOf(await list(`${scope()}&sort=date:desc`))).toEqual([...byDateAsc].reverse());
  });

  it('pages: pageSize 5 gives two pages, page 2 holds the rest in the same order', async () => {
    const all = (await list(`${scope()}&sort=date:asc`)).data.map((b) => b.id);
    const first = await list(`facility=${f.documentId}&sort=date:asc&pageSize=5`);
    expect(first.meta.pagination).toEqual({ page: 1, pageSize: 5, pageCount: 2, total: 9 });
    expect(first.data.map((b) => b.id)).toEqual(all.slice(0, 5));
    const second = await list(`facility=${f.documentId}&sort=date:asc&pageSize=5&page=2`);
    expect(second.meta.pagination).toEqual({ page: 2, pageSize: 5, pageCount: 2, total: 9 });
    expect(second.data.map((b) => b.id)).toEqual(all.slice(5));
    // A page past the end is empty but keeps the figures.
    const beyond = await list(`facility=${f.documentId}&pageSize=5&page=3`);
    expect(beyond.data).toEqual([]);
    expect(beyond.meta.pagination).toEqual({ page: 3, pageSize: 5, pageCount: 2, total: 9 });
  });

  it('the page count and total follow the open tab', async () => {
    const body = await list(`facility=${f.documentId}&tab=pending&pageSize=2`);
    expect(body.meta.pagination).toEqual({ page: 1, pageSize: 2, pageCount: 2, total: 3 });
    expect(body.data).toHaveLength(2);
    const rest = await list(`facility=${f.documentId}&tab=pending&pageSize=2&page=2`);
    expect(rest.data).toHaveLength(1);
  });

  it('defaults to page 1 of 10 rows, and the pitch may be named by slug', async () => {
    const body = await list(`facility=${f.slug}`);
    expect(body.meta.pagination).toEqual({ page: 1, pageSize: 10, pageCount: 1, total: 9 });
  });

  it('a manager sees the same list', async () => {
    const body = await list(scope(), managerToken);
    expect(body.meta.counts.all).toBe(9);
  });
});

describe('the dashboard figures', () => {
  it('counts today, this month, pending, all time and the approved revenue with the shuttle, for one pitch', async () => {
    const f = await createFacility();
    const other = await createFacility();
    const today = istanbulToday();
    const monthStart = `${today.slice(0, 8)}01`;
    const lastMonth = addDays(monthStart, -1);
    const [y, m] = today.split('-').map(Number);
    const nextMonth = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
    const now = Date.now();
    const a = await seedBooking(f.id, {
      name: 'Bekleyen Bugün',
      status: 'pending',
      date: today,
      createdAt: now - 1 * 60_000,
    });
    const b = await seedBooking(f.id, {
      name: 'Bekleyen Eski',
      status: 'pending',
      date: lastMonth,
      createdAt: now - 10 * 60_000,
    });
    const c = await seedBooking(f.id, {
      name: 'Onaylı Servisli',
      status: 'approved',
      payment: 'paid',
      date: today,
      transportPrice: 5_000,
      createdAt: now - 2 * 60_000,
    });
    const d = await seedBooking(f.id, {
      name: 'Onaylı Geçen Ay',
      status: 'approved',
      payment: 'paid',
      date: lastMonth,
      createdAt: now - 3 * 60_000,
    });
    const e = await seedBooking(f.id, {
      name: 'Onaylı Gelecek Ay',
      status: 'approved',
      payment: 'paid',
      date: nextMonth,
      slotPrice: 120_050,
      createdAt: now - 4 * 60_000,
    });
    await seedBooking(f.id, { name: 'Reddedilen', status: 'rejected', date: today, createdAt: now - 5 * 60_000 });
    await seedBooking(f.id, { name: 'İptal Eden', status: 'cancelled', date: today, createdAt: now - 6 * 60_000 });
    await seedBooking(other.id, { name: 'Başka Saha', status: 'approved', date: today, createdAt: now });

    const res = await api(`/api/bookings/stats?facilityId=${f.documentId}`, { token: adminToken });
    expect(res.status).toBe(200);
    const { data } = await json<BookingStatsAnswer>(res);
    expect(data.today).toEqual({ total: 4, pending: 1, approved: 1 });
    expect(data.monthly).toEqual({ total: 4, approved: 1, revenue: 1550 });
    expect(data.pending).toBe(2);
    expect(data.total).toBe(7);
    expect(data.revenue).toBe(1550 + 1500 + 1200.5);
    // Pending first (newest of them first), then the newest of the rest, five in all.
    expect(data.latest.map((x) => x.id)).toEqual([a.id, b.id, c.id, d.id, e.id]);
    expect(data.latest[2]).toMatchObject({
      customerName: 'Onaylı Servisli',
      totalPrice: 1550,
      facility: { documentId: f.documentId },
    });

    // The pitch may be named by slug; the figures are the same.
    const bySlug = await json<BookingStatsAnswer>(
      await api(`/api/bookings/stats?facilityId=${f.slug}`, { token: managerToken }),
    );
    expect(bySlug.data.total).toBe(7);
  });

  it('without a pitch the figures cover every pitch', async () => {
    const f = await createFacility();
    await seedBooking(f.id, { name: 'Genel Sayım', status: 'approved', date: istanbulToday() });
    const one = (
      await json<BookingStatsAnswer>(await api(`/api/bookings/stats?facilityId=${f.documentId}`, { token: adminToken }))
    ).data;
    const all = (await json<BookingStatsAnswer>(await api('/api/bookings/stats', { token: adminToken }))).data;
    const total = (await env.DB.prepare('select count(*) as n from bookings').first<{ n: number }>())!.n;
    expect(one.total).toBe(1);
    expect(all.total).toBe(total);
    expect(all.latest).toHaveLength(5);
  });
});

const tomorrow = () => addDays(istanbulToday(), 1);

async function pitch(overrides = {}, opts: { pickup?: boolean } = {}) {
  const f = await createFacility(overrides, opts);
  await createSlots(f, 1, 3);
  return f;
}

const detail = async (ref: string, token = adminToken) => {
  const res = await api(`/api/bookings/${ref}`, { token });
  expect(res.status).toBe(200);
  return (await json<BookingDetailAnswer>(res)).data;
};

describe('the booking detail', () => {
  it('answers every documented field, by documentId and by booking number alike', async () => {
    const f = await pitch(
      { address: 'Spor Cad. 5, Nilüfer', phoneNumbers: ['0224 111 11 11', '0532 222 22 22'] },
      { pickup: true },
    );
    const [point] = await pickupPointsOf(f.id);
    const { booking } = await bookViaApi(f, tomorrow(), '21:00', {
      customerName: 'Servisli Oyuncu',
      customerEmail: 'oyuncu@example.com',
      notes: 'Forma getirin',
      includesTransportation: true,
      transportationDetails: { pickupPointId: point.id },
    });
    const data = await detail(booking.documentId);
    expect(data).toMatchObject({
      id: booking.id,
      documentId: booking.documentId,
      bookingNumber: booking.bookingNumber,
      customerName: 'Servisli Oyuncu',
      customerPhone: booking.customerPhone,
      customerEmail: 'oyuncu@example.com',
      status: 'pending',
      paymentStatus: 'pending',
      date: tomorrow(),
      startTime: '21:00',
      endTime: '22:00',
      totalPrice: 1550,
      depositAmount: 300,
      isSubscriber: false,
      includesTransportation: true,
      transportationPrice: 50,
      isPast: false,
      notes: 'Forma getirin',
      rejectionReason: null,
      cancellationReason: null,
      cancelledAt: null,
      approvedAt: null,
      approvedBy: null,
      transportationDetails: {
        pickupPointId: point.id,
        pickupPointName: point.name,
        pickupPointAddress: point.address,
        pickupTime: point.time,
      },
      bookingSlot: { date: tomorrow(), startTime: '21:00', endTime: '22:00', price: 1500 },
      facility: {
        documentId: f.documentId,
        slug: f.slug,
        name: f.name,
        address: 'Spor Cad. 5, Nilüfer',
        phone: '0224 111 11 11',
        phoneNumbers: ['0224 111 11 11', '0532 222 22 22'],
        hourlyPrice: 1500,
      },
      source: 'web',
    });
    expect(new Date(data.createdAt).toISOString()).toBe(data.createdAt);
    expect(new Date(data.updatedAt!).toISOString()).toBe(data.updatedAt);
    expect(Date.parse(data.expiresAt!)).toBeGreaterThan(Date.now());
    expect(data.history).toEqual([
      {
        id: expect.any(Number),
        fromStatus: null,
        toStatus: 'pending',
        reason: null,
        event: null,
        actorType: 'customer',
        actorLabel: 'Servisli Oyuncu',
        createdAt: data.createdAt,
      },
    ]);

    const byNumber = await detail(booking.bookingNumber, managerToken);
    expect(byNumber).toEqual(data);
  });

  it('lists the history oldest first: created, approved by staff, then rejected by staff', async () => {
    const f = await pitch();
    const { booking } = await bookViaApi(f, tomorrow(), '18:00');
    expect(
      (
        await api(`/api/bookings/${booking.documentId}/approve`, {
          method: 'POST',
          token: adminToken,
          json: { notes: 'Kapora geldi' },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await api(`/api/bookings/${booking.documentId}/reject`, {
          method: 'POST',
          token: managerToken,
          json: { reason: 'Saha bakımda' },
        })
      ).status,
    ).toBe(200);
    const { history } = await detail(booking.bookingNumber);
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.actorType, h.actorLabel, h.reason])).toEqual([
      [null, 'pending', 'customer', 'Deniz Aydın', null],
      ['pending', 'approved', 'staff', 'Ayşe Yönetici', 'Kapora geldi'],
      ['approved', 'rejected', 'staff', 'Mert Müdür', 'Saha bakımda'],
    ]);
    const ids = history.map((h) => h.id);
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    const times = history.map((h) => Date.parse(h.createdAt));
    expect(times).toEqual([...times].sort((x, y) => x - y));
  });
});

describe('approving a booking', () => {
  it('turns pending into approved, records who and when and keeps the note; no money is marked without a payment row', async () => {
    const f = await pitch();
    const { booking } = await bookViaApi(f, tomorrow(), '20:00', { notes: 'Yelek lazım' });
    const before = Date.now();
    const res = await api(`/api/bookings/${booking.documentId}/approve`, {
      method: 'POST',
      token: adminToken,
      json: { notes: '  Kapora alındı ' },
    });
    expect(res.status).toBe(200);
    const { data } = await json<BookingDetailAnswer>(res);
    expect(data).toMatchObject({
      documentId: booking.documentId,
      status: 'approved',
      // The payment status follows the payment rows: approving alone records no money.
      paymentStatus: 'pending',
      approvedBy: { username: admin.username, email: admin.email },
      notes: 'Yelek lazım\nOnay notu: Kapora alındı',
      expiresAt: null,
    });
    expect(Date.parse(data.approvedAt!)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(data.approvedAt!)).toBeLessThanOrEqual(Date.now() + 1000);
    const last = data.history.at(-1);
    expect(last).toMatchObject({
      fromStatus: 'pending',
      toStatus: 'approved',
      reason: 'Kapora alındı',
      actorType: 'staff',
      actorLabel: 'Ayşe Yönetici',
    });
    const staffRow = await env.DB.prepare(
      "select actor_user_id from booking_history where booking_id = ? and actor_type = 'staff'",
    )
      .bind(booking.id)
      .first<{ actor_user_id: number }>();
    expect(staffRow).toEqual({ actor_user_id: admin.id });
    // The answer is what a fresh read shows.
    expect(await detail(booking.documentId)).toEqual(data);
  });

  it('without a note the notes stay as the customer wrote them and the history reason is empty', async () => {
    const f = await pitch();
    const { booking } = await bookViaApi(f, tomorrow(), '19:00');
    const { data } = await json<BookingDetailAnswer>(
      await api(`/api/bookings/${booking.bookingNumber}/approve`, { method: 'POST', token: adminToken, json: {} }),
    );
    expect(data).toMatchObject({ status: 'approved', notes: null });
    expect(data.history.at(-1)).toMatchObject({ toStatus: 'approved', reason: null });
  });

  it('a manager may approve too, with PUT', async () => {
    const f = await pitch();
    const { booking } = await bookViaApi(f, tomorrow(), '17:00');
    const res = await api(`/api/bookings/${booking.documentId}/approve`, {
      method: 'PUT',
      token: managerToken,
      json: {},
    });
    expect(res.status).toBe(200);
    expect((await json<BookingDetailAnswer>(res)).data).toMatchObject({
      status: 'approved',
      approvedBy: { username: manager.username, email: manager.email },
    });
  });

  it('leaves the payment pending when no deposit was due', async () => {
    const f = await pitch({ depositAmount: 0 });
    const { booking } = await bookViaApi(f, tomorrow(), '20:00');
    expect(booking.depositAmount).toBe(0);
    const { data } = await json<BookingDetailAnswer>(
      await api(`/api/bookings/${booking.documentId}/approve`, { method: 'POST', token: adminToken, json: {} }),
    );
    expect(data).toMatchObject({ status: 'approved', paymentStatus: 'pending', depositAmount: 0 });
  });

  it('raises a booking_updated notification for the staff', async () => {
    const f = await pitch();
    const { booking } = await bookViaApi(f, tomorrow(), '22:00', { customerName: 'Bildirim Beklenen' });
    await api(`/api/bookings/${booking.documentId}/approve`, { method: 'POST', token: adminToken, json: {} });
    // Unread for the other staff; the approving admin's own action is read for them.
    const { data } = await json<NotificationListAnswer>(
      await api('/api/notifications/all?type=booking_updated&pageSize=100', { token: managerToken }),
    );
    const mine = data.filter((n) => n.bookingId === booking.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      type: 'booking_updated',
      title: 'Rezervasyon Onaylandı',
      isRead: false,
      actorUserId: admin.id,
    });
    expect(mine[0].message).toContain(booking.bookingNumber);
    expect(mine[0].message).toContain('Bildirim Beklenen');
    expect(mine[0].message).toContain('Ayşe Yönetici');
  });

  it("the public calendar then shows the slot booked as 'Onaylı İ.', never the whole surname", async () => {
    const f = await pitch();
    const { booking, slot } = await bookViaApi(f, tomorrow(), '21:00', { customerName: 'Onaylı Tam İsim' });
    await api(`/api/bookings/${booking.documentId}/approve`, { method: 'POST', token: adminToken, json: {} });
    const shown = (
      await json<SlotsAnswer>(await api(`/api/facilities/${f.slug}/slots?date=${tomorrow()}`))
    ).data.slots.find((s) => s.documentId === slot.document_id);
    expect(shown).toMatchObject({
      isAvailable: false,
      isPending: false,
      state: 'booked',
      booking: { customerName: 'Onaylı İ.', status: 'approved' },
    });
  });
});

describe('rejecting a booking', () => {
  it('turns pending into rejected with the reason, frees the slot for the next visitor', async () => {
    const f = await pitch();
    const { booking, slot } = await bookViaApi(f, tomorrow(), '20:00');
    const res = await api(`/api/bookings/${booking.documentId}/reject`, {
      method: 'POST',
      token: adminToken,
      json: { reason: '  Saha kapalı  ' },
    });
    expect(res.status).toBe(200);
    const { data } = await json<BookingDetailAnswer>(res);
    expect(data).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Saha kapalı',
      paymentStatus: 'pending',
      expiresAt: null,
      approvedBy: null,
    });
    expect(data.history.at(-1)).toMatchObject({
      fromStatus: 'pending',
      toStatus: 'rejected',
      reason: 'Saha kapalı',
      actorType: 'staff',
      actorLabel: 'Ayşe Yönetici',
    });

    const shown = (
      await json<SlotsAnswer>(await api(`/api/facilities/${f.slug}/slots?date=${tomorrow()}`))
    ).data.slots.find((s) => s.documentId === slot.document_id);
    expect(shown).toMatchObject({ isAvailable: true, state: 'available', booking: null });
    const again = await api('/api/bookings', {
      method: 'POST',
      json: {
        facility: f.documentId,
        bookingSlot: slot.document_id,
        customerName: 'Sonraki Oyuncu',
        customerPhone: freshPhone(),
      },
    });
    expect(again.status).toBe(201);
  });

  it('an approved booking with its kapora received is rejected; the kapora waits for a refund or keep (a manager, with PUT)', async () => {
    const f = await pitch();
    const { booking } = await bookViaApi(f, tomorrow(), '19:00');
    const approved = (
      await json<BookingDetailAnswer>(
        await api(`/api/bookings/${booking.documentId}/approve`, {
          method: 'POST',
          token: adminToken,
          json: { deposit: { amount: 100, method: 'transfer' } },
        }),
      )
    ).data;
    expect(approved.paymentStatus).toBe('paid');
    const res = await api(`/api/bookings/${booking.bookingNumber}/reject`, {
      method: 'PUT',
      token: managerToken,
      json: { reason: 'Randevu iptal edildi' },
    });
    expect(res.status).toBe(200);
    expect((await json<BookingDetailAnswer>(res)).data).toMatchObject({
      status: 'rejected',
      // Nothing is marked refunded that nobody refunded (behaviour.md#bookings 'Payments').
      paymentStatus: 'paid',
      rejectionReason: 'Randevu iptal edildi',
      depositDecision: { suggested: 'refund', amount: 100 },
    });
  });

  it('the customer sees the rejection and its reason on the public tracking page', async () => {
    const f = await pitch();
    const { booking } = await bookViaApi(f, tomorrow(), '18:00');
    await api(`/api/bookings/${booking.documentId}/reject`, {
      method: 'POST',
      token: adminToken,
      json: { reason: 'Yağmur nedeniyle kapalı' },
    });
    const res = await api(`/api/bookings/track/${booking.bookingNumber}`);
    expect(res.status).toBe(200);
    expect((await json<BookingAnswer>(res)).data).toMatchObject({
      bookingNumber: booking.bookingNumber,
      status: 'rejected',
      rejectionReason: 'Yağmur nedeniyle kapalı',
    });
  });

  it('raises a booking_cancelled notification for the staff', async () => {
    const f = await pitch();
    const { booking } = await bookViaApi(f, tomorrow(), '17:00');
    await api(`/api/bookings/${booking.documentId}/reject`, {
      method: 'POST',
      token: adminToken,
      json: { reason: 'Bakım' },
    });
    const rows = await env.DB.prepare(
      "select type, title, is_read from notifications where booking_id = ? and type = 'booking_cancelled'",
    )
      .bind(booking.id)
      .all();
    expect(rows.results).toEqual([{ type: 'booking_cancelled', title: 'Rezervasyon Reddedildi', is_read: 0 }]);
  });

  it('approved and rejected bookings leave and join the right tabs of the list', async () => {
    const f = await pitch();
    const a = (await bookViaApi(f, tomorrow(), '20:00')).booking;
    const b = (await bookViaApi(f, tomorrow(), '21:00')).booking;
    await api(`/api/bookings/${a.documentId}/approve`, { method: 'POST', token: adminToken, json: {} });
    await api(`/api/bookings/${b.documentId}/reject`, { method: 'POST', token: adminToken, json: { reason: 'Dolu' } });
    const body = await list(`facility=${f.documentId}`);
    expect(body.meta.counts).toMatchObject({ all: 2, pending: 0, approved: 1, rejected: 1, upcoming: 1 });
  });
});

const playDay = (n: number) => addDays(istanbulToday(), n);
const staffPost = (path: string, body: unknown = {}, token = adminToken) =>
  api(path, { method: 'POST', token, json: body });
const putNotes = (ref: string, body: unknown, token = adminToken) =>
  api(`/api/bookings/${ref}`, { method: 'PUT', token, json: body });

describe('PUT /api/bookings/:id edits the notes (api.md)', () => {
  it('staff set and clear the notes; each edit writes a history row and moves updatedAt', async () => {
    const { booking } = await bookViaApi(await pitch(), playDay(3), '19:00', { notes: 'Forma getirin' });
    const before = await bookingRow(booking.id);
    await new Promise((r) => setTimeout(r, 5));
    const res = await putNotes(booking.documentId, { data: { notes: '  Kapora elden alındı  ' } }, managerToken);
    expect(res.status).toBe(200);
    const { data } = await json<BookingDetailAnswer>(res);
    expect(data).toMatchObject({ notes: 'Kapora elden alındı', status: 'pending' });
    expect(Date.parse(data.updatedAt!)).toBeGreaterThan(before!.updated_at as number);
    expect(data.history.at(-1)).toMatchObject({
      fromStatus: 'pending',
      toStatus: 'pending',
      reason: 'Notlar güncellendi',
      actorType: 'staff',
      actorLabel: 'Mert Müdür',
    });

    const cleared = await json<BookingDetailAnswer>(await putNotes(booking.bookingNumber, { notes: '' }));
    expect(cleared.data.notes).toBeNull();
    expect(await historyCount(booking.id)).toBe(3);
  });
});

describe('Gelecek is ordered by play time', () => {
  it('the upcoming tab lists the soonest match first, whatever the creation order, with or without filters', async () => {
    const f = await pitch();
    await createSlots(f, 4, 4);
    const late = await bookViaApi(f, playDay(4), '21:00', { customerName: 'Geç Oyun' });
    const early = await bookViaApi(f, playDay(1), '10:00', { customerName: 'Erken Oyun' });
    const middle = await bookViaApi(f, playDay(2), '15:00', { customerName: 'Orta Oyun' });
    void late;
    void early;
    void middle;
    for (const query of [`facility=${f.documentId}&tab=upcoming`, `facility=${f.documentId}&tab=upcoming&q=oyun`]) {
      const body = await json<BookingListAnswer>(await api(`/api/bookings?${query}`, { token: adminToken }));
      expect(
        body.data.map((b) => b.customerName),
        query,
      ).toEqual(['Erken Oyun', 'Orta Oyun', 'Geç Oyun']);
    }
    // An explicit sort still wins, and the other tabs stay newest first.
    const all = await json<BookingListAnswer>(
      await api(`/api/bookings?facility=${f.documentId}`, { token: adminToken }),
    );
    expect(all.data.map((b) => b.customerName)).toEqual(['Orta Oyun', 'Erken Oyun', 'Geç Oyun']);
  });
});

describe('staff cancel of an approved booking', () => {
  it('is a cancel: İptal tab, cancellationReason, no refund invented, slot freed, history and a notification', async () => {
    const f = await pitch();
    const { booking, slot } = await bookViaApi(f, playDay(3), '20:00');
    await staffPost(`/api/bookings/${booking.documentId}/approve`);
    const res = await staffPost(`/api/bookings/${booking.documentId}/cancel`);
    expect(res.status).toBe(200);
    const { data } = await json<BookingDetailAnswer>(res);
    expect(data).toMatchObject({
      status: 'cancelled',
      cancellationReason: 'Randevu iptal edildi',
      rejectionReason: null,
      paymentStatus: 'pending',
    });
    expect(data.cancelledAt).not.toBeNull();
    expect(data.history.at(-1)).toMatchObject({
      fromStatus: 'approved',
      toStatus: 'cancelled',
      reason: 'Randevu iptal edildi',
      actorLabel: 'Ayşe Yönetici',
    });
    const counts = (
      await json<BookingListAnswer>(await api(`/api/bookings?facility=${f.documentId}`, { token: adminToken }))
    ).meta.counts;
    expect(counts).toMatchObject({ cancelled: 1, rejected: 0, approved: 0 });
    const note = await env.DB.prepare(
      "select title, type from notifications where booking_id = ? and type = 'booking_cancelled'",
    )
      .bind(booking.id)
      .first();
    expect(note).toEqual({ title: 'Rezervasyon iptal edildi', type: 'booking_cancelled' });
    const shown = (
      await json<SlotsAnswer>(await api(`/api/facilities/${f.slug}/slots?date=${playDay(3)}`))
    ).data.slots.find((s) => s.documentId === slot.document_id);
    expect(shown).toMatchObject({ isAvailable: true, booking: null });
  });
});

describe('the approver is shown by full name', () => {
  it('approvedBy carries the full name the history shows', async () => {
    const { booking } = await bookViaApi(await pitch(), playDay(3), '16:00');
    await staffPost(`/api/bookings/${booking.documentId}/approve`, {}, managerToken);
    const data = await detail(booking.documentId);
    expect(data.approvedBy).toMatchObject({ fullName: 'Mert Müdür', username: manager.username });
    expect(data.history.at(-1)!.actorLabel).toBe('Mert Müdür');
  });
});
