// Small SQL pieces the data layer shares. Nothing here knows a table.
import { Column, fillPlaceholders, getTableColumns, is, SQL, sql } from 'drizzle-orm';
import type { BatchItem, BatchResponse } from 'drizzle-orm/batch';
import type { AnySQLiteColumn, SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { LIVE_STATUSES } from '../../../contracts/bookings';
import type { Db } from './client';

/** A string as a quoted SQL literal (single quotes doubled). */
export const quoted = (s: string) => `'${s.replace(/'/g, "''")}'`;

/**
 * `column in ('a', 'b')` with the values as literals, never bound: SQLite uses a partial index (the live-booking ones,
 * `where status in ('pending', 'approved')`) only when the query's own term names the same constants.
 */
export const isOneOf = (column: SQLiteColumn, values: readonly string[]) =>
  sql`${column} in ${sql.raw(`(${values.map(quoted).join(', ')})`)}`;

/** A live booking holds its slot: pending or approved (behaviour.md#bookings). */
export const isLive = (status: SQLiteColumn) => isOneOf(status, LIVE_STATUSES);

/** Wraps an expression so drizzle keeps its column names qualified in a single-table select or RETURNING. */
export const qualified = <T>(expr: SQL<T>) => sql<T>`${expr}`;

type RowValues<T extends SQLiteTable> = { [K in keyof T['$inferInsert']]?: T['$inferInsert'][K] | SQL | SQLiteColumn };

/**
 * The select list of `insert into table select …`: every column of the table, in its order (drizzle's insert-select asks
 * for exactly that), from the values given, or the column's default, or null.
 */
export function rowOf<T extends SQLiteTable>(table: T, values: RowValues<T>) {
  const given: Record<string, unknown> = values;
  const out: Record<string, SQL | SQLiteColumn> = {};
  for (const [key, col] of Object.entries(getTableColumns(table))) {
    const v = given[key];
    if (is(v, SQL) || is(v, Column)) out[key] = v as SQL | SQLiteColumn;
    else if (v !== undefined) out[key] = sql`${sql.param(v, col)}`;
    else if (is(col.default, SQL)) out[key] = col.default;
    else out[key] = col.default === undefined ? sql`null` : sql`${sql.param(col.default, col)}`;
  }
  return out as { [K in keyof T['$inferInsert']]-?: SQL | SQLiteColumn };
}

/**
 * contracts/common.ts pickupTimeFor in SQL: an 'HH:MM' hour less `minutes` (null: no time), round midnight ('00:30' less
 * 45 minutes is '23:45'). strftime reads 'HH:MM' as that hour of 2000-01-01 and the modifier moves it.
 */
export const pickupTimeOf = (startTime: AnySQLiteColumn | SQL, minutes: unknown): SQL<string | null> =>
  sql`case when (${minutes}) is null then null else strftime('%H:%M', ${startTime}, '-' || (${minutes}) || ' minutes') end`;

// Turkish capitals and small letters to ASCII; replaced before lower(), which knows ASCII only.
const FOLD_PAIRS = [
  ['Ç', 'c'],
  ['ç', 'c'],
  ['Ğ', 'g'],
  ['ğ', 'g'],
  ['İ', 'i'],
  ['ı', 'i'],
  ['Ö', 'o'],
  ['ö', 'o'],
  ['Ş', 's'],
  ['ş', 's'],
  ['Ü', 'u'],
  ['ü', 'u'],
  ['Â', 'a'],
  ['â', 'a'],
] as const;

/**
 * The SQL twin of contracts/search.ts foldSearch for a column (null reads as ''). The letters are literals, not bound
 * parameters: D1 allows 100 parameters a statement and each folded column would take 28.
 */
export function folded(column: AnySQLiteColumn | SQL): SQL {
  const replaced = FOLD_PAIRS.reduce<SQL>(
    (e, [from, to]) => sql`replace(${e}, ${sql.raw(quoted(from))}, ${sql.raw(quoted(to))})`,
    sql`coalesce(${column}, '')`,
  );
  return sql`lower(${replaced})`;
}

/*
 * renderedBatch and renderedAll below read members drizzle does not publish, which is why package.json pins
 * drizzle-orm to one exact version. Before raising it, check in the new version's sqlite-core/session.js,
 * d1/session.js, sql/sql.js and utils.js (mapResultRow) that:
 *  - a prepared query (what a builder's public `prepare()` answers) still carries `fields` (`{ path, field }` in select
 *    order), `executeMethod` ('all' for a select or a RETURNING) and `customResultMapper` (set for relational queries);
 *  - an `sql` expression still keeps its `mapWith` in `decoder` (`mapFromDriverValue`), and an aliased one in
 *    `.sql.decoder`;
 *  - a D1 batch still answers each statement's rows as objects in select order (drizzle's own d1ToRawMapping reads
 *    them so).
 * test/worker/drizzle-internals.test.ts fails when any of these changes shape, or when the pin is loosened.
 */
interface DrizzleDecoder {
  mapFromDriverValue(value: unknown): unknown;
}
/** A drizzle prepared query: `getQuery` and `mapResult` are public; the other members are drizzle's internals. */
interface DrizzlePrepared {
  getQuery(): { sql: string; params: unknown[] };
  mapResult(response: unknown, isFromBatch?: boolean): unknown;
  executeMethod: 'all' | 'get' | 'run' | 'values';
  fields?: { path: string[]; field: unknown }[];
  customResultMapper?: unknown;
}
interface RenderedStatement {
  sql: string;
  params: unknown[];
  /** Rows as arrays of column values in select order (D1's `raw()`, or a batch's objects read in order). */
  map(rows: unknown[][]): unknown;
}

// drizzle keeps an SQL expression's decoder (its mapWith) internal.
type Decoded = { decoder: DrizzleDecoder };

function decoderOf(field: unknown): DrizzleDecoder {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return (field as unknown as Decoded).decoder;
  return ((field as SQL.Aliased).sql as unknown as Decoded).decoder;
}

/**
 * What a flat select's rows become, decided once: drizzle's own row mapping asks every cell what kind of field it is
 * (≈12 µs a slot row on the public calendar bench). Nested selections and joins that nullify an object keep drizzle's
 * public mapping.
 */
export function rowMapper(q: DrizzlePrepared): RenderedStatement['map'] {
  const fields = q.fields;
  if (q.executeMethod !== 'all' || !fields || q.customResultMapper || fields.some((f) => f.path.length !== 1)) {
    // drizzle's own mapping of value arrays (what its `.all()` does after D1's `raw()`).
    return (rows) => q.mapResult(rows, false);
  }
  const keys = fields.map((f) => f.path[0]);
  const decoders = fields.map((f) => decoderOf(f.field));
  const width = keys.length;
  return (rows) =>
    rows.map((values) => {
      const out: Record<string, unknown> = {};
      for (let i = 0; i < width; i++) {
        const v = values[i];
        out[keys[i]] = v === null ? null : decoders[i].mapFromDriverValue(v);
      }
      return out;
    });
}

/** A batchable query builder (select, insert, update, delete; not `db.run`'s raw SQL): one with a public `prepare()`. */
type Renderable = BatchItem<'sqlite'> & { prepare(): unknown };

/** A query builder's public `prepare()`, seen with the members rowMapper reads. */
export const preparedOf = (item: Renderable) => item.prepare() as DrizzlePrepared;

const rendered = new Map<string, RenderedStatement[]>();

/**
 * A batch whose SQL is rendered once per isolate and then only bound: drizzle renders a statement on every call, which
 * cost the public calendar ≈0.5 ms of CPU a request (calendar bench), and maps every row field by field. `build` returns
 * the batch with `sql.placeholder`s for every value that changes; `values` fills them. Rows come out exactly as
 * `db.batch` gives them (test/worker/slots.test.ts compares). For the hottest reads only.
 */
export async function renderedBatch<T extends readonly [Renderable, ...Renderable[]]>(
  db: Db,
  key: string,
  build: () => T,
  values: Record<string, unknown>,
): Promise<BatchResponse<T>> {
  const statements = renderOnce(key, build);
  const d1 = db.$client;
  const results = await d1.batch(statements.map((s) => d1.prepare(s.sql).bind(...fillPlaceholders(s.params, values))));
  // D1 answers a batch's rows as objects in select order; drizzle reads them the same way (d1ToRawMapping). Only flat
  // selects with distinct column names belong in a batch: a join's repeated names (two `id`s) would collapse.
  const mapped = statements.map((s, i) => s.map(results[i].results.map((row) => Object.values(row as object))));
  return mapped as unknown as BatchResponse<T>;
}

/**
 * One select rendered once per isolate, like `renderedBatch`, sent on its own (no batch, so no transaction around a
 * read). Rows come as value arrays (`raw()`), so a join's repeated column names are safe. Answers the rows as the
 * query builder's `.all()` would.
 */
export async function renderedAll<T extends Renderable>(
  db: Db,
  key: string,
  build: () => T,
  values: Record<string, unknown>,
): Promise<BatchResponse<[T]>[0]> {
  const [statement] = renderOnce(key, () => [build()]);
  const rows = await db.$client
    .prepare(statement.sql)
    .bind(...fillPlaceholders(statement.params, values))
    .raw();
  return statement.map(rows) as BatchResponse<[T]>[0];
}

function renderOnce(key: string, build: () => readonly Renderable[]): RenderedStatement[] {
  let statements = rendered.get(key);
  if (!statements) {
    statements = build().map((item) => {
      const q = preparedOf(item);
      const { sql: text, params } = q.getQuery();
      return { sql: text, params, map: rowMapper(q) };
    });
    rendered.set(key, statements);
  }
  return statements;
}
