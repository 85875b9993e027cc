// GET /api/facilities/{id}/subscription-slots: the subscription form's view of a pitch (behaviour.md#validation): the first and last slot
// date in the next 3 months (the start date's bounds) and each weekday's start times with price and free weeks.
import { describe, expect, it } from 'vitest';
import {
  addDays,
  api,
  createFacility,
  createSlots,
  expectError,
  freshPhone,
  insertSlot,
  istanbulToday,
  json,
  type SubscriptionSlotsAnswer,
} from './fixtures';
import { dayOf, request, staffToken, subscribe } from './fixtures/subscriptions';

const slotView = (ref: string, token?: string) => api(`/api/facilities/${ref}/subscription-slots`, { token });

describe('the subscription form slot view', () => {
  it('gives the slot range and the times of each weekday with their price and free weeks', async () => {
    const f = await createFacility();
    await createSlots(f, 1, 14);
    const { token } = await staffToken('manager');
    const res = await slotView(f.documentId, token);
    expect(res.status).toBe(200);
    const { data } = await json<SubscriptionSlotsAnswer>(res);
    const today = istanbulToday();
    expect(data.from).toBe(today);
    expect(data.to).toBe(addDays(today, 92));
    expect(data.firstDate).toBe(addDays(today, 1));
    expect(data.lastDate).toBe(addDays(today, 14));
    const day = dayOf(addDays(today, 1));
    const at20 = data.days[day].find((t: { startTime: string }) => t.startTime === '20:00');
    // Days 1..14 hold each weekday twice.
    expect(at20).toEqual({ startTime: '20:00', endTime: '21:00', price: 1500, weeks: 2, freeWeeks: 2 });
    // Every weekday has the same hourly times, sorted.
    const times = data.days[day].map((t: { startTime: string }) => t.startTime);
    expect(times).toEqual([...times].sort());
    expect(times[0]).toBe('09:00');
    expect(Object.keys(data.days).sort()).toEqual(
      ['friday', 'monday', 'saturday', 'sunday', 'thursday', 'tuesday', 'wednesday'].sort(),
    );
  });

  it('counts a booked week and a past slot as not free', async () => {
    const f = await createFacility();
    await createSlots(f, 1, 14);
    const { token } = await staffToken('manager');
    const booked = await subscribe(token, request(f, freshPhone(), { weekCount: 1 }));
    expect(booked.status).toBe(201);
    // A slot today that already started: it exists but cannot be booked.
    await insertSlot(f.id, istanbulToday(), '06:00', Date.now() - 60_000);
    const { data } = await json<SubscriptionSlotsAnswer>(await slotView(f.documentId, token));
    const at20 = data.days[dayOf(addDays(istanbulToday(), 1))].find((t) => t.startTime === '20:00')!;
    expect(at20.weeks).toBe(2);
    expect(at20.freeWeeks).toBe(1);
    const early = data.days[dayOf(istanbulToday())].find((t: { startTime: string }) => t.startTime === '06:00');
    expect(early).toMatchObject({ weeks: 1, freeWeeks: 0 });
    expect(data.firstDate).toBe(istanbulToday());
  });

  it('leaves out slots before today and after the 3-month window', async () => {
    const f = await createFacility();
    await insertSlot(f.id, addDays(istanbulToday(), -1), '20:00', Date.now() - 86_400_000);
    await insertSlot(f.id, addDays(istanbulToday(), 93), '20:00', Date.now() + 93 * 86_400_000);
    await insertSlot(f.id, addDays(istanbulToday(), 92), '21:00', Date.now() + 92 * 86_400_000);
    const { token } = await staffToken('admin');
    const { data } = await json<SubscriptionSlotsAnswer>(await slotView(String(f.id), token));
    expect(data.firstDate).toBe(addDays(istanbulToday(), 92));
    expect(data.lastDate).toBe(addDays(istanbulToday(), 92));
    const all = Object.values(data.days).flat() as { startTime: string }[];
    expect(all.map((t) => t.startTime)).toEqual(['21:00']);
  });

  it('answers a pitch without slots with no range and empty days', async () => {
    const f = await createFacility();
    const { token } = await staffToken('manager');
    const { data } = await json<SubscriptionSlotsAnswer>(await slotView(f.slug, token));
    expect(data.firstDate).toBeNull();
    expect(data.lastDate).toBeNull();
    expect(Object.values(data.days).every((d) => Array.isArray(d) && d.length === 0)).toBe(true);
  });

  it('is for staff only and names an unknown pitch in Turkish', async () => {
    const f = await createFacility();
    await createSlots(f, 1, 3);
    expect((await expectError(await slotView(f.documentId), 401)).name).toBe('UnauthorizedError');
    expect((await expectError(await slotView(f.documentId, 'not-a-token'), 401)).name).toBe('UnauthorizedError');
    const { token } = await staffToken('manager');
    const missing = await expectError(await slotView('yok-boyle-saha', token), 404);
    expect(missing.message).toBe('Saha bulunamadı');
  });
});
