// Raporlar's statements one by one, in Node's own SQLite over the migrated schema with bench:reports' data
// (100,000 bookings, every pitch's slots for two years, add-ons on every 5th approved booking): which report costs what,
// without the worker, the wrangler proxy or the network. Mean ms of 5 runs per statement, each as the summaries of
// migration 0016 answer it and, after the slash, as the GROUP BY over bookings and slots it replaced
// (test/worker/fixtures/reports-oracle.ts; slower here than before 0016, which dropped the report-only indexes it used) — and
// whether the two answers are the same at this size.
//   npm run bench:reports:statements
import { readdirSync, readFileSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { rawReportStatements } from '../test/worker/fixtures/reports-oracle';
import { getDb } from '../worker/src/db/client';
import { reportStatements } from '../worker/src/db/reports';
import { addDays, istanbulToday } from '../worker/src/lib/time';
import { facilitiesSql, panelBookingsSql, q } from './lib/seed';

const db = new DatabaseSync(':memory:');
for (const f of readdirSync('worker/migrations')
  .filter((f) => f.endsWith('.sql'))
  .sort()) {
  for (const stmt of readFileSync(`worker/migrations/${f}`, 'utf8').split('--> statement-breakpoint'))
    if (stmt.trim()) db.exec(stmt);
}
const today = istanbulToday();
db.exec(facilitiesSql(5));
db.exec(panelBookingsSql({ bookings: 100_000, facilities: 5 }));
const day = `date(${q(today)}, printf('%+d days', i - 600))`;
const instant = (hours: string) =>
  `(cast(julianday(${day}) - 2440587.5 as integer) * 86400 + (${hours}) * 3600) * 1000`;
db.exec(`with recursive days(i) as (select 0 union all select i + 1 from days where i < 729),
      hours(h) as (select 9 union all select h + 1 from hours where h < 23),
      pitches(p) as (select 1 union all select p + 1 from pitches where p < 5)
    insert into booking_slots (document_id, facility_id, date, start_time, end_time, starts_at, ends_at, price)
    select 'bench-slot-' || p || '-' || i || '-' || h, p, ${day}, printf('%02d:00', h), printf('%02d:00', (h + 1) % 24),
      ${instant('h - 3')}, ${instant('h - 2')}, 150000 from pitches, days, hours;
    update bookings set slot_id = (select s.id from booking_slots s where s.facility_id = bookings.facility_id
        and s.date = bookings.date and s.start_time = bookings.start_time)
      where id in (select min(b.id) from bookings b join booking_slots s on s.facility_id = b.facility_id
        and s.date = b.date and s.start_time = b.start_time where b.status in ('pending', 'approved') group by s.id);
    update bookings set addons = '[{"name":"Maç videosu","quantity":1,"total":30000}]', addons_price = 30000 where status = 'approved' and id % 5 = 0;`);
const names = ['revenue', 'statuses', 'reasons', 'shares', 'addons', 'top', 'occupancy'];
const drz = getDb({} as D1Database);
for (const [label, days, fac, bucket] of [
  ['30d all', 30, null, 'day'],
  ['90d all week', 90, null, 'week'],
  ['365d all month', 365, null, 'month'],
  ['365d one month', 365, 1, 'month'],
] as const) {
  const range = [addDays(today, -days + 1), today, fac, bucket] as const;
  const raw = rawReportStatements(drz, ...range);
  const out: string[] = [];
  let same = true;
  reportStatements(drz, ...range).forEach((s, i) => {
    const [summary, groupBy] = [s, raw[i]].map((stmt) => {
      const { sql, params } = stmt.toSQL();
      const p = db.prepare(sql);
      const t = performance.now();
      let rows: unknown[] = [];
      for (let k = 0; k < 5; k++) rows = p.all(...(params as never[]));
      return { ms: (performance.now() - t) / 5, values: JSON.stringify(rows.map((r) => Object.values(r as object))) };
    });
    same &&= summary.values === groupBy.values;
    out.push(`${names[i]} ${summary.ms.toFixed(1)}/${groupBy.ms.toFixed(1)}`);
  });
  console.log(label.padEnd(16), out.join('  '), same ? ' same answers' : ' ANSWERS DIFFER');
}
