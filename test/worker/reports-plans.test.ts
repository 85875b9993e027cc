// Raporlar's query plans: in workerd's SQLite with the migrated schema and no statistics (D1 keeps none), as
// production plans them. Every report but the top customers reads a date range of its summary table's key (migration
// 0016) and never touches bookings or booking_slots; the top customers read the approved bookings of the range from
// their covering index without visiting a row; nothing scans a table whole.
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

describe('every report reads a range of a summary or an index', () => {
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
        const [revenue, statuses, reasons, shares, addons, top, occupancy] = plans;
        for (const [name, plan, table] of [
          ['revenue', revenue, 'booking_day_stats'],
          ['statuses', statuses, 'booking_day_stats'],
          ['reasons', reasons, 'booking_reason_stats'],
          ['shares', shares, 'booking_day_stats'],
          ['add-ons', addons, 'booking_addon_stats'],
        ]) {
          // The pitch is a filter on the range's rows: a pitch's year is a few thousand summary rows at most.
          expect(plan, `${name}:\n${plan}`).toMatch(
            new RegExp(`^SEARCH ${table} USING PRIMARY KEY \\(date>\\? AND date<\\?\\)`),
          );
          expect(plan, `${name}:\n${plan}`).not.toMatch(/bookings|booking_slots/);
        }
        expect(top).toMatch(
          /SEARCH bookings USING COVERING INDEX bookings_report \(status=\? AND date>\? AND date<\?\)/,
        );
        // The ten names: the phone's latest date, then that day's bookings of the phone; never all of its bookings.
        expect(top).toMatch(/SEARCH b2 USING INDEX bookings_phone_date \(customer_phone=\? AND date=\?\)/);
        expect(top).not.toMatch(/SEARCH b2 USING (COVERING )?INDEX \w+ \(customer_phone=\?\)|bookings_date_time/);
        // Every pitch is facility_id 0's rows, one pitch its own: either way one range of the key.
        expect(occupancy).toMatch(
          /^SEARCH slot_hour_stats USING PRIMARY KEY \(facility_id=\? AND date>\? AND date<\?\)/,
        );
        expect(occupancy).not.toMatch(/bookings|booking_slots/);
      });
});

describe('deleting a slot', () => {
  it("finds the slot's bookings of every status through bookings_slot, as the foreign key's ON DELETE SET NULL does", async () => {
    // SQLite's foreign key actions look the child rows up by an index whose first column is the key, and a partial one
    // (bookings_one_live_per_slot) does not qualify: without bookings_slot every deleted slot scanned every booking.
    const { results } = await env.DB.prepare('explain query plan select id from bookings where slot_id = ?')
      .bind(1)
      .all<{ detail: string }>();
    expect(results.map((r) => r.detail).join('\n')).toMatch(
      /SEARCH bookings USING COVERING INDEX bookings_slot \(slot_id=\?\)/,
    );
  });
});
