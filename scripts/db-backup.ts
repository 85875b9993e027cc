// `npm run db:backup -- [--remote] [--output FILE] [--database DB] [--persist-to DIR] [--page-rows N]`
// Writes every data table of the D1 database as INSERT statements into one .sql file (default backups/, which git
// ignores: a backup holds customers' personal data). The tables the triggers keep (the search index, the summaries,
// content_version) are left out and rebuilt by `npm run db:restore` (why: scripts/lib/d1-backup.ts).
// A database that fits in one read of --page-rows rows per table (default 5000) is read in one D1 request, so the file
// is one consistent moment; a larger one is read in several, children before parents, so a row written between two
// reads may be missing but no restored row points at a parent the file lacks (the restore checks that too).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  appliedMigrations,
  describeTarget,
  formatHeader,
  ident,
  query,
  readSchema,
  root,
  type Target,
} from './lib/d1-backup';

const { values } = parseArgs({
  options: {
    remote: { type: 'boolean', default: false },
    local: { type: 'boolean', default: false },
    database: { type: 'string', default: 'DB' },
    'persist-to': { type: 'string' },
    output: { type: 'string' },
    'page-rows': { type: 'string', default: '5000' },
  },
});
if (values.remote && (values.local || values['persist-to'])) {
  console.error('db:backup: --remote ile --local/--persist-to birlikte verilemez');
  process.exit(1);
}
const target: Target = { database: values.database, remote: values.remote, persistTo: values['persist-to'] };
const pageRows = Number(values['page-rows']);
const takenAt = new Date().toISOString();
const output = resolve(
  values.output ??
    resolve(root, 'backups', `halisaha-${target.remote ? 'remote' : 'local'}-${takenAt.replace(/[:.]/g, '-')}.sql`),
);

console.log(`db:backup: ${describeTarget(target)} okunuyor`);
const schema = readSchema(target);
const migrations = appliedMigrations(target);

/**
 * The row's values as one text, `a || ',' || b || …`, nested as a balanced tree: a flat chain over a wide table (the
 * bookings have 57 columns) passes SQLite's expression depth limit of 100 in D1.
 */
function commaJoined(parts: string[]): string {
  if (parts.length === 1) return parts[0];
  const half = Math.ceil(parts.length / 2);
  return `(${commaJoined(parts.slice(0, half))} || ',' || ${commaJoined(parts.slice(half))})`;
}

// Children first: a child row read before its parent always finds the parent in the later read.
const rows = new Map<string, string[]>(schema.dataTables.map((n) => [n, []]));
let pending = [...schema.dataTables].reverse();
let reads = 0;
while (pending.length) {
  const results = query<{ v: string }>(
    target,
    pending.map((n) => {
      const values = commaJoined(schema.columns.get(n)!.map((c) => `quote(${ident(c)})`));
      return `SELECT ${values} AS v FROM ${ident(n)} ORDER BY ${schema.orderBy.get(n)} LIMIT ${pageRows} OFFSET ${rows.get(n)!.length}`;
    }),
  );
  reads++;
  const next: string[] = [];
  pending.forEach((n, i) => {
    rows.get(n)!.push(...results[i].map((r) => r.v));
    if (results[i].length === pageRows) next.push(n);
  });
  pending = next;
}

const sql: string[] = [
  formatHeader({
    takenAt,
    source: describeTarget(target),
    migrations,
    rows: Object.fromEntries(schema.dataTables.map((n) => [n, rows.get(n)!.length])),
    derived: schema.derivedTables,
    index: schema.indexTables,
  }),
  'PRAGMA defer_foreign_keys = on;',
  // The reference rows the migrations wrote (roles, the default booking rules) make way for the backup's own.
  ...[...schema.dataTables].reverse().map((n) => `DELETE FROM ${ident(n)};`),
];
const MAX_ROWS = 100;
const MAX_CHARS = 60_000; // well under D1's 100 KB statement limit
for (const n of schema.dataTables) {
  const head = `INSERT INTO ${ident(n)} (${schema.columns.get(n)!.map(ident).join(', ')}) VALUES\n`;
  let chunk: string[] = [];
  let size = 0;
  const flush = () => {
    if (chunk.length) sql.push(`${head}${chunk.join(',\n')};`);
    chunk = [];
    size = 0;
  };
  for (const row of rows.get(n)!) {
    if (chunk.length >= MAX_ROWS || (chunk.length && size + row.length > MAX_CHARS)) flush();
    if (row.length > 95_000) console.warn(`db:backup: ${n} tablosunda D1'in 100 KB sınırına yakın bir satır var`);
    chunk.push(`(${row})`);
    size += row.length + 4;
  }
  flush();
}
mkdirSync(dirname(output), { recursive: true });
writeFileSync(output, `${sql.join('\n')}\n`, { mode: 0o600 });

const total = [...rows.values()].reduce((s, r) => s + r.length, 0);
console.log(
  `db:backup: ${schema.dataTables.length} tablo, ${total} satır, ${reads} okuma${reads > 1 ? ' (tek bir an değil: bkz. docs/operations.md)' : ''} → ${output}`,
);
