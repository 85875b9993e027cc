// The booking write computes in SQL, in the statement that reads the slot, what the code computes elsewhere: the shuttle
// pickup time (db/sql.ts pickupTimeOf, twin of contracts/common.ts pickupTimeFor), compared with its twin through D1
// itself. The staff notification's text is no longer built in SQL: it is rendered from the event (contracts/events.ts).
import { env } from 'cloudflare:workers';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pickupTimeFor } from '../../contracts/common';
import { getDb } from '../../worker/src/db/client';
import { pickupTimeOf } from '../../worker/src/db/sql';

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
