// GET /api/bookings/subscriptions (behaviour.md#management-panel 'Subscriptions', #constants-and-limits): the subscriber list with search and pages, the renewal
// warnings (1–2 approved upcoming bookings left), the loyal badge above 10 bookings and the four counters.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { monthEnd, monthStart } from '../../contracts/dates';
import {
  addDays,
  api,
  createFacility,
  createSlots,
  expectError,
  freshPhone,
  insertBookingRow,
  insertSlot,
  istanbulToday,
  json,
  type SubscribedAnswer,
  type SubscriberListAnswer,
} from './fixtures';
import {
  dayOf,
  pitchWithMonth,
  request,
  staffToken,
  subscribe,
  tomorrow,
  trDayOf,
  weeksFrom,
} from './fixtures/subscriptions';

const list = (token: string, query = '') => api(`/api/bookings/subscriptions${query}`, { token });

describe('the subscriber list', () => {
  it('needs a staff token', async () => {
    expect((await expectError(await list('nope'), 401)).name).toBe('UnauthorizedError');
  });

  it('lists, searches, pages, warns about renewals, marks loyal customers and counts', async () => {
    const { token } = await staffToken();
    const before = (await json<SubscriberListAnswer>(await list(token))).meta.summary;
    const tag = `Zq${Math.random().toString(36).slice(2, 8)}`;
    const f = await pitchWithMonth();
    // Enough slots for a 12-week subscription.
    await createSlots(f, 31, 90);
    const people = [
      { name: `Ahmet ${tag}`, weeks: 3 },
      { name: `Burak ${tag}`, weeks: 2 },
      { name: `Şükrü Işık ${tag}`, weeks: 1 },
      { name: `Deniz ${tag}`, weeks: 12 },
    ].map((p) => ({ ...p, phone: freshPhone() }));
    const groups: string[] = [];
    for (const [i, p] of people.entries()) {
      // Each on its own hour, so none takes another's slot.
      const res = await subscribe(
        token,
        request(f, p.phone, { customerName: p.name, weekCount: p.weeks, timeSlot: `1${i}:00` }),
      );
      expect(res.status).toBe(201);
      groups.push((await json<SubscribedAnswer>(res)).data.recurringGroupId);
    }

    const search = tag.toLowerCase();
    const page1 = await json<SubscriberListAnswer>(await list(token, `?search=${search}&pageSize=3`));
    expect(page1.meta.pagination).toEqual({ page: 1, pageSize: 3, pageCount: 2, total: 4 });
    // Latest subscription first.
    expect(page1.data.map((s) => s.customerName)).toEqual([people[3].name, people[2].name, people[1].name]);
    const page2 = await json<SubscriberListAnswer>(await list(token, `?search=${search}&pageSize=3&page=2`));
    expect(page2.data.map((s) => s.customerName)).toEqual([people[0].name]);

    const deniz = page1.data[0];
    const first = tomorrow();
    expect(deniz).toEqual({
      customerId: expect.any(Number),
      customerName: people[3].name,
      customerPhone: people[3].phone,
      customerEmail: null,
      facility: { documentId: f.documentId, name: f.name },
      dayOfWeek: dayOf(first),
      day: trDayOf(first),
      timeSlot: '13:00',
      slotText: `${trDayOf(first)} 13:00`,
      recurringGroupId: groups[3],
      remainingBookings: 12,
      totalBookings: 12,
      cancelledBookings: 0,
      // Twelve weeks booked, none played yet: not loyal until more than 10 have been played.
      playedBookings: 0,
      isLoyal: false,
      firstBookingDate: first,
      lastBookingDate: addDays(first, 77),
      // 13:00 Istanbul is 10:00 UTC.
      nextBooking: { date: first, time: '13:00', startsAt: `${first}T10:00:00.000Z` },
    });
    expect(page1.data[1]).toMatchObject({ isLoyal: false, playedBookings: 0, remainingBookings: 1 });

    // Name search folds Turkish letters; a phone search matches digits; under 2 characters is no search.
    const byName = await json<SubscriberListAnswer>(await list(token, `?search=${encodeURIComponent('ISIK')}`));
    expect(byName.data.map((s) => s.customerPhone)).toEqual([people[2].phone]);
    const byPhone = await json<SubscriberListAnswer>(await list(token, `?search=${people[1].phone.slice(3)}`));
    expect(byPhone.data.map((s) => s.customerName)).toEqual([people[1].name]);
    const short = await json<SubscriberListAnswer>(await list(token, '?search=z'));
    expect(short.meta.pagination.total).toBeGreaterThanOrEqual(4);
    expect(short.meta.pagination.pageSize).toBe(10);

    // Renewals: 1 left before 2 left; 3 and 12 are not due.
    const mine = page1.meta.renewals.filter((s) => s.customerName.includes(tag));
    expect(mine.map((s) => [s.customerName, s.remainingBookings])).toEqual([
      [people[2].name, 1],
      [people[1].name, 2],
    ]);

    const today = istanbulToday();
    const dates = people.flatMap((p) => weeksFrom(first, p.weeks));
    const inMonth = dates.filter((d) => d >= monthStart(today) && d <= monthEnd(today)).length;
    expect(page1.meta.summary).toEqual({
      totalSubscribers: before.totalSubscribers + 4,
      todayBookings: before.todayBookings,
      monthBookings: before.monthBookings + inMonth,
      activeBookings: before.activeBookings + 18,
    });
  });

  it('the loyal badge counts played matches: 11 played is loyal, 10 played and 5 ahead is not', async () => {
    const { token } = await staffToken();
    const tag = `Sd${Math.random().toString(36).slice(2, 8)}`;
    const f = await createFacility();
    const today = istanbulToday();
    const weekly = async (name: string, phone: string, time: string, days: number[]) => {
      await env.DB.prepare('insert into customers (name, phone, is_subscriber) values (?, ?, 1)')
        .bind(name, phone)
        .run();
      for (const day of days) {
        const date = addDays(today, day);
        const documentId = await insertSlot(f.id, date, time, Date.parse(`${date}T${time}:00+03:00`));
        const slot = (await env.DB.prepare('select id, starts_at, price from booking_slots where document_id = ?')
          .bind(documentId)
          .first<{ id: number; starts_at: number; price: number }>())!;
        await insertBookingRow(slot, {
          facilityId: f.id,
          date,
          time,
          name,
          phone,
          status: 'approved',
          subscriber: true,
        });
      }
    };
    const played = (n: number) => Array.from({ length: n }, (_, i) => -7 * (n - i));
    await weekly(`Eski ${tag}`, freshPhone(), '20:00', played(11));
    await weekly(`Yeni ${tag}`, freshPhone(), '21:00', [...played(10), 7, 14, 21, 28, 35]);
    const { data } = await json<SubscriberListAnswer>(await list(token, `?search=${tag.toLowerCase()}`));
    const byName = Object.fromEntries(
      data.map((s) => [s.customerName.split(' ')[0], [s.totalBookings, s.playedBookings, s.isLoyal]]),
    );
    expect(byName).toEqual({ Eski: [11, 11, true], Yeni: [15, 10, false] });
  });
});
