// Bugün and Gün Sonu's query plans (worker/src/db/day-end.ts), in workerd's SQLite with the migrated schema and no
// statistics, as production plans them: each statement reads one day of an index (the business day of the bookings,
// the calendar day of the payment rows), and every joined row by its primary key; nothing scans a table.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { getDb } from '../../worker/src/db/client';
import {
  collectedStatement,
  dayPaymentsStatement,
  daySheetStatement,
  expectedBalanceStatement,
} from '../../worker/src/db/day-end';
import { facilityIdOf } from '../../worker/src/db/facility-ref';

async function planOf(q: { toSQL: () => { sql: string; params: unknown[] } }): Promise<string> {
  const { sql, params } = q.toSQL();
  const { results } = await env.DB.prepare(`explain query plan ${sql}`)
    .bind(...params)
    .all<{ detail: string }>();
  return results.map((r) => r.detail).join('\n');
}

const DATE = '2026-06-01';
const FROM = Date.parse('2026-05-31T21:00:00Z');
const NOW = Date.parse('2026-06-01T20:00:00Z');

/**
 * The equality and range terms of the index the bookings are searched by: a day's key (date, and the pitch when one is
 * asked) must be among them, whichever date index SQLite picks (bookings_facility_date, bookings_date_time, or
 * bookings_report led by the status).
 */
function bookingsTerms(plan: string): string[] {
  const m = plan.match(/SEARCH bookings USING (?:COVERING )?INDEX (bookings_\w+) \(([^)]*)\)/);
  expect(m, plan).not.toBeNull();
  expect(['bookings_facility_date', 'bookings_date_time', 'bookings_report'], plan).toContain(m![1]);
  return m![2].split(' AND ');
}

const noScan = (plan: string) => {
  expect(plan, plan).not.toMatch(/SCAN (bookings|payments|facilities)\b/);
  expect(plan, plan).not.toMatch(/USING (COVERING )?INDEX \w+ *$/m);
};

describe('the day sheet and the day-end report read one day of an index', () => {
  it('the sheet: the day (and pitch) of a bookings date index', async () => {
    const one = await planOf(daySheetStatement(getDb(env.DB), DATE, 3));
    noScan(one);
    expect(bookingsTerms(one)).toEqual(expect.arrayContaining(['facility_id=?', 'date=?']));
    expect(one).toMatch(/SEARCH facilities USING INTEGER PRIMARY KEY \(rowid=\?\)/);
    const all = await planOf(daySheetStatement(getDb(env.DB), DATE, null));
    noScan(all);
    expect(bookingsTerms(all)).toContain('date=?');
  });

  it('the day’s payment rows: payments_facility_at for one pitch, payments_at for every pitch', async () => {
    const one = await planOf(dayPaymentsStatement(getDb(env.DB), FROM, FROM + 86_400_000, 3));
    noScan(one);
    expect(one).toMatch(/SEARCH payments USING INDEX payments_facility_at \(facility_id=\? AND at>\? AND at<\?\)/);
    expect(one).toMatch(/SEARCH bookings USING INTEGER PRIMARY KEY \(rowid=\?\)/);
    const all = await planOf(dayPaymentsStatement(getDb(env.DB), FROM, FROM + 86_400_000, null));
    noScan(all);
    expect(all).toMatch(/SEARCH payments USING INDEX payments_at \(at>\? AND at<\?\)/);
  });

  it('the balance still expected: the business day of the bookings date indexes', async () => {
    const one = await planOf(expectedBalanceStatement(getDb(env.DB), DATE, 3, NOW));
    noScan(one);
    expect(bookingsTerms(one)).toEqual(expect.arrayContaining(['facility_id=?', 'date=?']));
    const all = await planOf(expectedBalanceStatement(getDb(env.DB), DATE, null, NOW));
    noScan(all);
    expect(bookingsTerms(all)).toContain('date=?');
  });

  it('the dashboard’s collected money: a month of payment_day_stats by its key, never a payment row', async () => {
    const days = { from: '2026-06-01', to: '2026-06-30', today: DATE };
    const all = await planOf(collectedStatement(getDb(env.DB), days, null));
    noScan(all);
    expect(all).toMatch(/SEARCH payment_day_stats USING PRIMARY KEY \(date>\? AND date<\?\)/);
    expect(all).not.toMatch(/\bpayments\b/);
    const db = getDb(env.DB);
    const one = await planOf(collectedStatement(db, days, facilityIdOf(db, 'saha-1')));
    noScan(one);
    expect(one).toMatch(/SEARCH payment_day_stats USING PRIMARY KEY \(date>\? AND date<\?\)/);
    expect(one).not.toMatch(/\bpayments\b/);
  });
});
