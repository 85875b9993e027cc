// The panel list's query plans (issue 11), for every filter, tab and sort: in workerd's SQLite with the migrated schema
// and no statistics (D1 keeps none), as production plans them. A walked page reads an index already in its order (no
// temporary sort, so SQLite stops after the page); a covering page seeks a range of its covering index; the tab counts
// read the summary tables and a range of the index, never every booking. Only a search, whose text is a substring no
// index can range over, passes over an index whole, and that is stated here too.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { BOOKING_SORTS, BOOKING_TABS } from '../../contracts/panel';
import { bookingsPage, type ListFilter, pagePlan, tabCounts } from '../../worker/src/db/booking-list';
import { getDb } from '../../worker/src/db/client';
import { addDays, istanbulToday } from './fixtures';

const today = istanbulToday();
const FILTERS: [string, ListFilter][] = [
  ['nothing', { facilityId: null }],
  ['one pitch', { facilityId: 1 }],
  ['Aboneler', { facilityId: null, subscribers: true }],
  ['Servisli', { facilityId: null, transport: true }],
  ['Aboneler + Servisli + pitch', { facilityId: 1, subscribers: true, transport: true }],
  ['date range', { facilityId: null, from: addDays(today, -90), to: today }],
  ['date range + pitch', { facilityId: 2, from: today, to: addDays(today, 30) }],
  ['search', { facilityId: null, search: 'isik' }],
];

async function planOf(q: { toSQL: () => { sql: string; params: unknown[] } }): Promise<string> {
  const { sql, params } = q.toSQL();
  const { results } = await env.DB.prepare(`explain query plan ${sql}`)
    .bind(...params)
    .all<{ detail: string }>();
  return results.map((r) => r.detail).join('\n');
}

describe('the panel list reads indexes in proportion to what it shows', () => {
  it('every filter, tab and sort: the page walks its index in order or seeks a range of a covering index', async () => {
    const db = getDb(env.DB);
    const now = Date.now();
    let checked = 0;
    for (const [name, f] of FILTERS)
      for (const tab of BOOKING_TABS)
        for (const sort of BOOKING_SORTS) {
          const spec = { tab, sort, page: 3, pageSize: 10, today, yesterday: addDays(today, -1), now };
          const plan = await planOf(bookingsPage(db, f, spec));
          const how = pagePlan(f, spec);
          const label = `${name} / ${tab} / ${sort}: ${how}\n${plan}`;
          if (how === 'covering') {
            const index = f.subscribers
              ? 'bookings_subscriber_list'
              : f.transport
                ? 'bookings_shuttle_list'
                : 'bookings_panel_list';
            if (f.search && (tab === 'all' || tab === 'today') && !f.subscribers && !f.transport && !f.from)
              // A search names no status: the status IN list makes it seek per status, the same entries as a scan.
              expect(plan, label).toMatch(new RegExp(`COVERING INDEX ${index}`));
            else expect(plan, label).toMatch(new RegExp(`SEARCH bookings USING COVERING INDEX ${index} \\(`));
          } else {
            expect(plan, label).toMatch(new RegExp(`bookings USING INDEX ${how}\\b`));
            expect(plan, label).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
          }
          expect(plan, label).not.toMatch(/SCAN bookings$/m);
          checked++;
        }
    expect(checked).toBe(FILTERS.length * BOOKING_TABS.length * BOOKING_SORTS.length);
  });

  it('the tab counts without a search read the summary tables and a range of the index, never every booking', async () => {
    const db = getDb(env.DB);
    for (const [name, f] of FILTERS) {
      const spec = {
        tab: 'all' as const,
        sort: 'createdAt:desc' as const,
        page: 1,
        pageSize: 10,
        today,
        yesterday: addDays(today, -1),
        now: Date.now(),
      };
      const plan = await planOf(tabCounts(db, f, spec));
      if (f.search) {
        // The one count that grows with the table: documented in db/booking-list.ts and shown by bench:growth.
        expect(plan, name).toMatch(/SCAN bookings USING COVERING INDEX bookings_panel_list/);
        continue;
      }
      expect(plan, name).toMatch(/booking_day_stats USING PRIMARY KEY \(date=\?/);
      expect(plan, name).toMatch(
        f.from ? /booking_day_stats USING PRIMARY KEY \(date>\? AND date<\?\)/ : /booking_status_stats/,
      );
      expect(plan, name).toMatch(/SEARCH bookings USING COVERING INDEX \w+ \(status=\? AND date>\? AND date<\?\)/);
      expect(plan, name).not.toMatch(/SCAN bookings/);
    }
  });
});
