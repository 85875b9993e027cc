// Raporlar's query plans (issue 12): in workerd's SQLite with the migrated schema and no statistics (D1 keeps none), as
// production plans them. Every report reads a range of an index by play date; the sums over approved bookings read
// their covering index without visiting a row; nothing scans the bookings or slots tables whole.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { getDb } from '../../worker/src/db/client';
import { reportStatements } from '../../worker/src/db/reports';

async function planOf(q: { toSQL: () => { sql: string; params: unknown[] } }): Promise<string> {
  const { sql, params } = q.toSQL();
  const { results } = await env.DB.prepare(`explain query plan ${sql}`)
    .bind(...params)
    .all<{ detail: string }>();
  return results.map((r) => r.detail).join('\n');
}

const NAMES = ['revenue', 'statuses', 'reasons', 'shares', 'addons', 'top customers', 'occupancy'];

describe('every report reads a range of an index', () => {
  for (const facility of [null, 3])
    for (const bucket of ['day', 'week', 'month'] as const)
      it(`${facility === null ? 'every pitch' : 'one pitch'}, by ${bucket}`, async () => {
        const statements = reportStatements(getDb(env.DB), '2026-01-01', '2026-12-31', facility, bucket);
        const plans = await Promise.all(statements.map((s) => planOf(s)));
        expect(plans).toHaveLength(NAMES.length);
        plans.forEach((plan, i) => {
          const label = `${NAMES[i]}:\n${plan}`;
          expect(plan, label).not.toMatch(/SCAN bookings(?! USING)/);
          expect(plan, label).not.toMatch(/SCAN booking_slots(?! USING)/);
          expect(plan, label).not.toMatch(/SCAN (b|bookings) USING (COVERING )?INDEX/);
        });
        const [revenue, statuses, , shares, , top, occupancy] = plans;
        for (const [name, plan] of [
          ['revenue', revenue],
          ['shares', shares],
          ['top customers', top],
        ])
          expect(plan, `${name}:\n${plan}`).toMatch(
            /SEARCH bookings USING COVERING INDEX bookings_report \(status=\? AND date>\? AND date<\?\)/,
          );
        // One pitch's year of statuses is that pitch's range of bookings_facility_date (a row read each, one pitch only).
        expect(statuses).toMatch(
          facility === null
            ? /SEARCH bookings USING COVERING INDEX bookings_report_status \(date>\? AND date<\?\)/
            : /SEARCH bookings USING INDEX bookings_facility_date \(facility_id=\? AND date>\? AND date<\?\)/,
        );
        expect(occupancy).toMatch(
          /SEARCH booking_slots USING (COVERING )?INDEX (booking_slots_date|booking_slots_facility_date_time)/,
        );
        expect(occupancy).toMatch(/bookings_one_live_per_slot/);
      });
});
