// What `npm run db:backup` and `npm run db:restore` share: wrangler calls and the reading of the schema.
//
// Why not `wrangler d1 export`: D1 refuses to export a database that holds a virtual table, and this one holds the FTS5
// index bookings_search (the refusal is checked against the whole database, so --table does not help remotely). The
// backup therefore reads every real table through `wrangler d1 execute --json` (the same path locally and remotely) and
// writes INSERT statements; the restore applies the migrations to an empty database and replays those statements with
// the triggers in place, so everything the triggers keep is rebuilt from the restored rows instead of copied:
//   * the search index (bookings_search and its shadow tables) fills as the bookings arrive;
//   * the summary tables (customer_stats, booking_status_stats, booking_day_stats, ...) count each restored row once
//     (copying them as well would count every row twice: once copied, once by the trigger of the row's own insert);
//   * content_version gets a new random token, so no edge cache keeps pages of the database that was replaced.
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { root, toolEnv, wranglerBin } from './local-server';

export { root };

/** Runs wrangler with this Node (22 under npm); stdout is returned, stderr shown; `inherit` hands the terminal over. */
export function wrangler(args: string[], opts: { inherit?: boolean } = {}): string {
  return (
    execFileSync(process.execPath, [wranglerBin, ...args], {
      cwd: root,
      env: toolEnv,
      encoding: 'utf8',
      stdio: opts.inherit ? 'inherit' : ['ignore', 'pipe', 'inherit'],
      maxBuffer: 512 * 1024 * 1024,
    }) ?? ''
  );
}

/** Where a command acts: `--local [--persist-to DIR]` or `--remote`, and the database (binding or name). */
export interface Target {
  database: string;
  remote: boolean;
  persistTo?: string;
}
export const targetArgs = (t: Target) =>
  t.remote ? ['--remote'] : ['--local', ...(t.persistTo ? ['--persist-to', resolve(t.persistTo)] : [])];
export const describeTarget = (t: Target) =>
  t.remote ? `uzak D1 (${t.database})` : `yerel D1 (${t.persistTo ? resolve(t.persistTo) : '.wrangler/state'})`;

/** Statements separated by ';' in one call; one result list per statement. */
export function query<T = Record<string, unknown>>(t: Target, statements: string[]): T[][] {
  const out = wrangler(['d1', 'execute', t.database, ...targetArgs(t), '--json', '--command', statements.join(';\n')]);
  const parsed = JSON.parse(out) as { results: T[]; success: boolean }[];
  if (parsed.length !== statements.length)
    throw new Error(`expected ${statements.length} results, got ${parsed.length}`);
  return parsed.map((r) => r.results);
}

export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

interface MasterRow {
  type: string;
  name: string;
  tbl_name: string;
  sql: string | null;
}

export interface Schema {
  /** Tables whose rows are the data, parents before children (the order an insert needs). */
  dataTables: string[];
  /** Tables the triggers write (summaries, content_version): rebuilt by the restore, not copied. */
  derivedTables: string[];
  /** Virtual tables (FTS5) and their shadow tables: rebuilt by the triggers too. */
  indexTables: string[];
  virtualTables: string[];
  columns: Map<string, string[]>;
  orderBy: Map<string, string>;
}

/** The tables a trigger body writes: INSERT INTO x, UPDATE x, DELETE FROM x (the part after BEGIN). */
export function triggerTargets(sql: string, verbs: 'all' | 'rows' = 'all'): string[] {
  const body = sql.slice(sql.search(/\bBEGIN\b/i) + 5);
  const out = new Set<string>();
  const re = /\b(INSERT\s+(?:OR\s+\w+\s+)?INTO|REPLACE\s+INTO|UPDATE(?:\s+OR\s+\w+)?|DELETE\s+FROM)\s+[`"[]?(\w+)/gi;
  for (const m of body.matchAll(re)) {
    if (['SET', 'OF', 'ON'].includes(m[2].toUpperCase())) continue;
    if (verbs === 'rows' && /^UPDATE/i.test(m[1])) continue;
    out.add(m[2]);
  }
  return [...out];
}

/** Reads sqlite_master, the columns and the foreign keys of `t`. */
export function readSchema(t: Target): Schema {
  const [master] = query<MasterRow>(t, [
    "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE type IN ('table', 'trigger') ORDER BY name",
  ]);
  const virtual = master.filter((r) => r.type === 'table' && /^CREATE\s+VIRTUAL\s+TABLE/i.test(r.sql ?? ''));
  const shadowOf = (name: string) =>
    virtual.some((v) => new RegExp(`^${v.name}_(data|idx|content|docsize|config)$`).test(name));
  const tables = master
    .filter((r) => r.type === 'table')
    .map((r) => r.name)
    .filter((n) => !/^sqlite_/.test(n) && !/^_cf_/.test(n) && n !== 'd1_migrations');
  const indexTables = tables.filter((n) => virtual.some((v) => v.name === n) || shadowOf(n));
  const derived = new Set<string>();
  const triggers = master.filter((r) => r.type === 'trigger');
  for (const trigger of triggers)
    for (const target of triggerTargets(trigger.sql ?? ''))
      if (target !== trigger.tbl_name && tables.includes(target) && !indexTables.includes(target)) derived.add(target);
  // A table whose rows only migrations and the application create, and whose columns a trigger on a child keeps (the
  // payments' trigger updates its booking's payment status), is data: restoring its children recomputes those columns.
  const references = (child: string, parent: string) =>
    query<{ table: string }>(t, [`PRAGMA foreign_key_list(${ident(child)})`])[0].some((f) => f.table === parent);
  for (const table of [...derived]) {
    const writers = triggers.filter((r) => r.tbl_name !== table && triggerTargets(r.sql ?? '').includes(table));
    const onlyUpdatedByChildren = writers.every(
      (r) => !triggerTargets(r.sql ?? '', 'rows').includes(table) && references(r.tbl_name, table),
    );
    if (writers.length > 0 && onlyUpdatedByChildren) derived.delete(table);
  }
  const rest = tables.filter((n) => !indexTables.includes(n) && !derived.has(n));

  const info = query<{ name: string; pk: number; table?: string; from?: string }>(
    t,
    rest.flatMap((n) => [`PRAGMA table_info(${ident(n)})`, `PRAGMA foreign_key_list(${ident(n)})`]),
  );
  const columns = new Map<string, string[]>();
  const orderBy = new Map<string, string>();
  const parents = new Map<string, Set<string>>();
  rest.forEach((n, i) => {
    const cols = info[2 * i];
    columns.set(
      n,
      cols.map((c) => c.name),
    );
    const pk = cols.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk);
    orderBy.set(n, pk.length ? pk.map((c) => ident(c.name)).join(', ') : 'rowid');
    parents.set(n, new Set(info[2 * i + 1].map((f) => f.table as string).filter((p) => p !== n && rest.includes(p))));
  });
  // Parents first; the names sorted within a rank so two backups of one database list tables alike.
  const dataTables: string[] = [];
  const left = new Set(rest);
  while (left.size) {
    const ready = [...left].filter((n) => [...(parents.get(n) ?? [])].every((p) => !left.has(p))).sort();
    if (!ready.length) throw new Error(`foreign keys form a cycle among: ${[...left].join(', ')}`);
    for (const n of ready) {
      dataTables.push(n);
      left.delete(n);
    }
  }
  return {
    dataTables,
    derivedTables: [...derived].sort(),
    indexTables,
    virtualTables: virtual.map((v) => v.name),
    columns,
    orderBy,
  };
}

export function appliedMigrations(t: Target): string[] {
  return query<{ name: string }>(t, ['SELECT name FROM d1_migrations ORDER BY id'])[0].map((r) => r.name);
}

// ------------------------------------------------------------------ the backup file

export const MAGIC = '-- halisaha D1 backup v1';

export interface BackupHeader {
  takenAt: string;
  migrations: string[];
  rows: Record<string, number>;
}

export function formatHeader(h: BackupHeader & { source: string; derived: string[]; index: string[] }): string {
  return [
    MAGIC,
    `-- taken-at: ${h.takenAt}`,
    `-- source: ${h.source}`,
    `-- migrations: ${h.migrations.join(' ')}`,
    `-- rows: ${Object.entries(h.rows)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ')}`,
    `-- rebuilt by the triggers on restore: ${[...h.derived, ...h.index].join(' ')}`,
    '-- Restore with `npm run db:restore -- --input <this file> [--remote]`: it applies the migrations to an EMPTY',
    '-- database first and checks they match the list above (the file itself deletes the reference rows migrations write).',
    '',
  ].join('\n');
}

export function parseHeader(text: string): BackupHeader {
  if (!text.startsWith(MAGIC)) throw new Error('bu dosya bir halisaha D1 yedeği değil (ilk satır tanınmadı)');
  const line = (key: string) => text.match(new RegExp(`^-- ${key}: (.*)$`, 'm'))?.[1] ?? '';
  const rows: Record<string, number> = {};
  for (const pair of line('rows').split(' ').filter(Boolean)) {
    const [k, v] = pair.split('=');
    rows[k] = Number(v);
  }
  return { takenAt: line('taken-at'), migrations: line('migrations').split(' ').filter(Boolean), rows };
}
