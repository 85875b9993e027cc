// `npm run db:restore -- --input FILE [--remote] [--database DB] [--persist-to DIR]`
// Restores a file of `npm run db:backup` into an EMPTY D1 database: applies this checkout's migrations, refuses when
// they differ from the ones the backup was taken on (check out the commit that matches) or when the database already
// holds staff, pitches, customers or bookings, then replays the file with the triggers in place (the search index and
// the summaries are rebuilt from the restored rows: scripts/lib/d1-backup.ts) and compares the row counts.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  appliedMigrations,
  describeTarget,
  ident,
  parseHeader,
  query,
  readSchema,
  type Target,
  targetArgs,
  wrangler,
} from './lib/d1-backup';

const { values } = parseArgs({
  options: {
    input: { type: 'string' },
    remote: { type: 'boolean', default: false },
    local: { type: 'boolean', default: false },
    database: { type: 'string', default: 'DB' },
    'persist-to': { type: 'string' },
  },
});
function fail(message: string): never {
  console.error(`db:restore: ${message}`);
  process.exit(1);
}
if (!values.input)
  fail('Kullanım: npm run db:restore -- --input <yedek.sql> [--remote] [--database DB] [--persist-to DIR]');
if (values.remote && (values.local || values['persist-to']))
  fail('--remote ile --local/--persist-to birlikte verilemez');
const target: Target = { database: values.database, remote: values.remote, persistTo: values['persist-to'] };
const file = resolve(values.input);
const header = parseHeader(readFileSync(file, 'utf8'));

console.log(`db:restore: ${file} (${header.takenAt}) → ${describeTarget(target)}`);
wrangler(['d1', 'migrations', 'apply', target.database, ...targetArgs(target)], { inherit: target.remote });

const applied = appliedMigrations(target);
if (applied.join(' ') !== header.migrations.join(' ')) {
  const missing = header.migrations.filter((m) => !applied.includes(m));
  const extra = applied.filter((m) => !header.migrations.includes(m));
  fail(
    [
      'veritabanının migration listesi yedeğinkiyle aynı değil.',
      missing.length ? `  yedekte olup burada olmayan: ${missing.join(', ')}` : '',
      extra.length ? `  burada olup yedekte olmayan: ${extra.join(', ')}` : '',
      '  Yedeğin alındığı sürümü (aynı worker/migrations) çıkarıp geri yükleyin, sonra yeni sürümün migration’larını uygulayın.',
    ]
      .filter(Boolean)
      .join('\n'),
  );
}

const schema = readSchema(target);
const unknown = Object.keys(header.rows).filter((n) => !schema.dataTables.includes(n));
if (unknown.length) fail(`yedekteki tablolar bu şemada yok: ${unknown.join(', ')}`);
const guarded = ['users', 'facilities', 'customers', 'bookings'].filter((n) => schema.dataTables.includes(n));
const [counts] = query<Record<string, number>>(target, [
  `SELECT ${guarded.map((n) => `(SELECT count(*) FROM ${ident(n)}) AS ${ident(n)}`).join(', ')}`,
]);
const occupied = guarded.filter((n) => counts[0][n] > 0);
if (occupied.length)
  fail(
    `hedef veritabanı boş değil (${occupied.map((n) => `${n}: ${counts[0][n]}`).join(', ')}). Yeni bir D1 veritabanına geri yükleyin.`,
  );

wrangler(['d1', 'execute', target.database, ...targetArgs(target), '--yes', '--file', file], {
  inherit: target.remote,
});

const tables = Object.keys(header.rows);
const [after] = query<Record<string, number>>(target, [
  `SELECT ${tables.map((n) => `(SELECT count(*) FROM ${ident(n)}) AS ${ident(n)}`).join(', ')}`,
]);
const wrong = tables.filter((n) => after[0][n] !== header.rows[n]);
if (wrong.length)
  fail(`satır sayıları yedekle aynı değil: ${wrong.map((n) => `${n} ${after[0][n]} ≠ ${header.rows[n]}`).join(', ')}`);
const total = tables.reduce((s, n) => s + header.rows[n], 0);
console.log(
  `db:restore: ${tables.length} tablo, ${total} satır geri yüklendi; yeniden kuruldu: ${[...schema.derivedTables, ...schema.virtualTables].join(', ')}`,
);
