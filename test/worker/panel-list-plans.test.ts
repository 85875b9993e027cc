// The panel list's query plans, for every filter, tab and sort: in workerd's SQLite with the migrated schema
// and no statistics (D1 keeps none), as production plans them. A walked page reads an index already in its order (no
// temporary sort, so SQLite stops after the page); a covering page seeks a range of its covering index; the tab counts
// read the summary tables and a range of the index, never every booking. A search with few matches reads them by id
// from the trigram index (migration 0017); one with many walks in order like an unsearched list, and counts its
// matches per status in that index. Only a search the trigram index cannot answer (1–2 characters) passes over an
// index whole (or over a date range of it), and that is stated here too.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { BOOKING_SORTS, BOOKING_TABS, bookingListQuery } from '../../contracts/panel';
import { bookingsPage, type ListFilter, pagePlan, type SearchReach, tabCounts } from '../../worker/src/db/booking-list';
import { getDb } from '../../worker/src/db/client';
import { pageQuery } from '../../worker/src/services/staff-bookings';
import { addDays, istanbulToday } from './fixtures';

const today = istanbulToday();
const FILTERS: [string, ListFilter, SearchReach?][] = [
  ['nothing', { facilityId: null }],
  ['one pitch', { facilityId: 1 }],
  ['Aboneler', { facilityId: null, subscribers: true }],
  ['Servisli', { facilityId: null, transport: true }],
  ['Aboneler + Servisli + pitch', { facilityId: 1, subscribers: true, transport: true }],
  ['date range', { facilityId: null, from: addDays(today, -90), to: today }],
  ['date range + pitch', { facilityId: 2, from: today, to: addDays(today, 30) }],
  ['search, 2 characters (no trigram)', { facilityId: null, search: 'is' }],
  ['search, few matches', { facilityId: null, search: 'isik' }, 'few'],
  ['search, few matches + pitch + date range', { facilityId: 1, search: 'isik', from: today, to: today }, 'few'],
  ['search, few matches + Aboneler', { facilityId: null, search: 'isik', subscribers: true }, 'few'],
  ['search, many matches', { facilityId: null, search: 'isik' }, 'many'],
  ['search, many matches + pitch', { facilityId: 1, search: 'isik' }, 'many'],
  ['search, many matches + Servisli', { facilityId: null, search: 'isik', transport: true }, 'many'],
  [
    'search, many matches + date range',
    { facilityId: null, search: 'isik', from: addDays(today, -30), to: today },
    'many',
  ],
  ['search, 2 characters + Aboneler + date range', { facilityId: null, search: 'is', subscribers: true, to: today }],
];

/** A search with few matches: its ids from the trigram index, each booking read by rowid, never an index walked. */
function expectReadById(plan: string, label: string) {
  expect(plan, label).toMatch(/bookings_search VIRTUAL TABLE/);
  expect(plan, label).toMatch(/SEARCH bookings USING INTEGER PRIMARY KEY \(rowid=\?\)/);
  expect(plan, label).not.toMatch(/bookings USING (COVERING )?INDEX/);
}

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
    for (const [name, f, reach] of FILTERS)
      for (const tab of BOOKING_TABS)
        for (const sort of BOOKING_SORTS) {
          const spec = { tab, sort, page: 3, pageSize: 10, today, yesterday: addDays(today, -1), now };
          const plan = await planOf(bookingsPage(db, f, spec, reach));
          const how = pagePlan(f, spec, reach);
          const label = `${name} / ${tab} / ${sort}: ${how}\n${plan}`;
          if (how === 'matches') {
            expect(reach, label).toBe('few');
            expectReadById(plan, label);
          } else if (how === 'covering') {
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

  it('the tab counts read the summary tables and a range of the index (a search: its matches by id, or one pass)', async () => {
    const db = getDb(env.DB);
    for (const [name, f, reach] of FILTERS) {
      const spec = {
        tab: 'all' as const,
        sort: 'createdAt:desc' as const,
        page: 1,
        pageSize: 10,
        today,
        yesterday: addDays(today, -1),
        now: Date.now(),
      };
      const plan = await planOf(tabCounts(db, f, spec, reach));
      if (f.search && reach === 'few') {
        expectReadById(plan, name);
        continue;
      }
      if (f.search && reach === 'many' && !f.from && !f.to) {
        // Each status's matches from the trigram index, today's and those ahead from ranges of the covering index.
        expect(plan, name).toMatch(/SCAN bookings_search VIRTUAL TABLE/);
        expect(plan, name).toMatch(/SEARCH bookings USING COVERING INDEX \w+ \(status=\? AND date=\?\)/);
        expect(plan, name).toMatch(/SEARCH bookings USING COVERING INDEX \w+ \(status=\? AND date>\?\)/);
        expect(plan, name).not.toMatch(/SCAN bookings\b(?!_search)/);
        continue;
      }
      if (f.search && f.from) {
        // A date range: the range sought once per status.
        expect(plan, name).toMatch(
          /SEARCH bookings USING COVERING INDEX bookings_panel_list \(status=\? AND date>\? AND date<\?\)/,
        );
        continue;
      }
      if (f.search && f.to) {
        expect(plan, name).toMatch(
          /SEARCH bookings USING COVERING INDEX bookings_subscriber_list \(status=\? AND date<\?\)/,
        );
        continue;
      }
      if (f.search) {
        // The one count that grows with the table (a fragment of 1–2 characters): documented in db/booking-list.ts
        // and shown by bench:growth.
        const index = f.transport ? 'bookings_shuttle_list' : 'bookings_panel_list';
        expect(plan, name).toMatch(new RegExp(`SCAN bookings USING COVERING INDEX ${index}`));
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

describe('Gelecek is ordered by play time', () => {
  it('the unfiltered upcoming page walks the starts_at index in order: no temporary sort of every upcoming row', async () => {
    const q = bookingListQuery.parse({ tab: 'upcoming' });
    const page = pageQuery(getDb(env.DB), q, null, Date.now()).toSQL();
    const plan = await env.DB.prepare(`explain query plan ${page.sql}`)
      .bind(...page.params)
      .all<{ detail: string }>();
    const text = plan.results.map((r) => r.detail).join('\n');
    expect(text).toMatch(/bookings_starts_at/);
    expect(text).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
  });
});
