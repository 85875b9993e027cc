// The booking write computes in SQL, in the statement that reads the slot, what the code computes elsewhere: the staff
// notification's long date (db/sql.ts trLongDateOf, twin of contracts/dates.ts trLongDate) and the shuttle pickup time
// (pickupTimeOf, twin of contracts/common.ts pickupTimeFor). Each is compared with its twin through D1 itself.
import { env } from 'cloudflare:workers';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pickupTimeFor } from '../../contracts/common';
import { addDays, trLongDate } from '../../contracts/dates';
import { slotStartText } from '../../contracts/slot-start';
import { getDb } from '../../worker/src/db/client';
import { pickupTimeOf, slotStartTextOf, trLongDateOf } from '../../worker/src/db/sql';

describe('trLongDateOf (SQL) against trLongDate', () => {
  it('writes every day of 2026–2028 as trLongDate does', async () => {
    const days: string[] = [];
    for (let d = '2026-01-01'; d <= '2028-12-31'; d = addDays(d, 1)) days.push(d);
    expect(days).toHaveLength(365 + 365 + 366);
    const db = getDb(env.DB);
    // One statement over a recursive list of the same days, so the comparison is of D1's own strftime.
    const rows = await db.all<{ day: string; text: string }>(
      sql`with recursive d(day) as (select '2026-01-01' union all select date(day, '+1 day') from d where day < '2028-12-31')
        select day, ${trLongDateOf(sql.raw('day'))} as text from d order by day`,
    );
    expect(rows.map((r) => r.day)).toEqual(days);
    const wrong = rows.filter((r) => r.text !== trLongDate(r.day));
    expect(wrong).toEqual([]);
    expect(rows.find((r) => r.day === '2028-02-29')?.text).toBe('29 Şubat 2028 Salı');
    expect(rows.find((r) => r.day === '2026-11-21')?.text).toBe('21 Kasım 2026 Cumartesi');
  });
});

describe('pickupTimeOf (SQL) against pickupTimeFor', () => {
  it('every quarter hour of the day less 0–180 minutes, round midnight, and no offset', async () => {
    const hours: string[] = [];
    for (let m = 0; m < 1440; m += 15)
      hours.push(`${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
    const offsets = [null, 0, 5, 15, 30, 45, 59, 60, 90, 120, 180];
    const pairs = hours.flatMap((h) => offsets.map((o) => [h, o] as const));
    const rows = await getDb(env.DB).all<{ h: string; o: number | null; t: string | null }>(
      sql`select value ->> 0 as h, value ->> 1 as o, ${pickupTimeOf(sql.raw('value ->> 0'), sql.raw('value ->> 1'))} as t
        from json_each(${JSON.stringify(pairs)})`,
    );
    expect(rows).toHaveLength(pairs.length);
    const wrong = rows.filter((r) => r.t !== pickupTimeFor(r.h, r.o));
    expect(wrong).toEqual([]);
    expect(rows.find((r) => r.h === '00:30' && r.o === 45)?.t).toBe('23:45');
    expect(rows.find((r) => r.h === '10:00' && r.o === null)?.t).toBeNull();
  });
});

describe('slotStartTextOf (SQL) against slotStartText', () => {
  it('writes the real calendar date of every start hour of a year of business days, with the night after midnight', async () => {
    // An overnight pitch's day: 18:00 … 23:00 on the business date, 00:00 and 01:00 on the next calendar day.
    const starts: [string, string, number][] = [];
    for (let d = '2026-01-01'; d <= '2026-12-31'; d = addDays(d, 1))
      for (const [time, next] of [
        ['18:00', false],
        ['23:30', false],
        ['00:00', true],
        ['01:30', true],
      ] as const)
        starts.push([d, time, Date.parse(`${next ? addDays(d, 1) : d}T${time}:00+03:00`)]);
    const rows = await getDb(env.DB).all<{ d: string; t: string; at: number; text: string }>(
      sql`select value ->> 0 as d, value ->> 1 as t, value ->> 2 as at,
        ${slotStartTextOf(sql.raw('(value ->> 0)'), sql.raw('(value ->> 2)'), sql.raw('(value ->> 1)'))} as text
        from json_each(${JSON.stringify(starts)})`,
    );
    expect(rows).toHaveLength(starts.length);
    const wrong = rows.filter((r) => r.text !== slotStartText({ date: r.d, startTime: r.t, startsAt: r.at }));
    expect(wrong).toEqual([]);
    const text = (d: string, t: string) => rows.find((r) => r.d === d && r.t === t)?.text;
    expect(text('2026-11-30', '00:00')).toBe('1 Aralık 2026 Salı 00:00 · Pazartesi gecesi');
    expect(text('2026-11-30', '23:30')).toBe('30 Kasım 2026 Pazartesi 23:30');
    expect(text('2026-12-31', '01:30')).toBe('1 Ocak 2027 Cuma 01:30 · Perşembe gecesi');
  });
});
