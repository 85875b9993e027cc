// GET /api/bookings/subscriptions (02 §2 'Subscriptions', §9): the subscriber list with search and pages, the renewal
// warnings (1–2 approved upcoming bookings left), the loyal badge above 10 bookings and the four counters.
import { describe, expect, it } from 'vitest';
import { monthEnd, monthStart } from '../../contracts/dates';
import { addDays, api, createSlots, expectError, freshPhone, istanbulToday, json } from './fixtures';
import {
  dayOf,
  pitchWithMonth,
  request,
  staffToken,
  subscribe,
  tomorrow,
  trDayOf,
  weeksFrom,
} from './subscriptions.fixtures';

const list = (token: string, query = '') => api(`/api/bookings/subscriptions${query}`, { token });

describe('the subscriber list', () => {
  it('needs a staff token', async () => {
    expect((await expectError(await list('nope'), 401)).name).toBe('UnauthorizedError');
  });

  it('lists, searches, pages, warns about renewals, marks loyal customers and counts', async () => {
    const { token } = await staffToken();
    const before = (await json(await list(token))).meta.summary;
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
      groups.push((await json(res)).data.recurringGroupId);
    }

    const search = tag.toLowerCase();
    const page1 = await json(await list(token, `?search=${search}&pageSize=3`));
    expect(page1.meta.pagination).toEqual({ page: 1, pageSize: 3, pageCount: 2, total: 4 });
    // Latest subscription first.
    expect(page1.data.map((s: any) => s.customerName)).toEqual([people[3].name, people[2].name, people[1].name]);
    const page2 = await json(await list(token, `?search=${search}&pageSize=3&page=2`));
    expect(page2.data.map((s: any) => s.customerName)).toEqual([people[0].name]);

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
      recurringGroupId: groups[3],
      remainingBookings: 12,
      totalBookings: 12,
      cancelledBookings: 0,
      isLoyal: true,
      firstBookingDate: first,
      lastBookingDate: addDays(first, 77),
      nextBooking: { date: first, time: '13:00' },
    });
    expect(page1.data[1]).toMatchObject({ isLoyal: false, remainingBookings: 1 });

    // Name search folds Turkish letters; a phone search matches digits; under 2 characters is no search.
    const byName = await json(await list(token, `?search=${encodeURIComponent('ISIK')}`));
    expect(byName.data.map((s: any) => s.customerPhone)).toEqual([people[2].phone]);
    const byPhone = await json(await list(token, `?search=${people[1].phone.slice(3)}`));
    expect(byPhone.data.map((s: any) => s.customerName)).toEqual([people[1].name]);
    const short = await json(await list(token, '?search=z'));
    expect(short.meta.pagination.total).toBeGreaterThanOrEqual(4);
    expect(short.meta.pagination.pageSize).toBe(10);

    // Renewals: 1 left before 2 left; 3 and 12 are not due.
    const mine = page1.meta.renewals.filter((s: any) => s.customerName.includes(tag));
    expect(mine.map((s: any) => [s.customerName, s.remainingBookings])).toEqual([
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
});
