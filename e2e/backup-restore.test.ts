// `npm run db:backup` and `npm run db:restore` on local databases: the demo data backed up, restored into a fresh
// state, and compared table by table: the same rows, the summaries the triggers keep equal (rebuilt, not copied twice),
// the search index answering as before, and the restored database served and searched through the panel's API.
import { execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, root, toolEnv, wrangler } from '../scripts/lib/local-server';
import { queryDbAt } from './support/panel';

const run = promisify(execFile);
const runs = resolve(root, 'e2e/.state');
mkdirSync(runs, { recursive: true });
const dir = mkdtempSync(resolve(runs, 'backup-'));
const src = resolve(dir, 'src');
const dst = resolve(dir, 'dst');
const backup = resolve(dir, 'backup.sql');

/** Text a backup must carry through unchanged: quotes, a semicolon, a line break, Turkish letters. */
const AWKWARD = "Kapı 2'den girin; top bizde.\nÇiğdem & Şükrü — ‘özel’ not";

async function npmRun(script: string, args: string[]) {
  try {
    const { stdout, stderr } = await run('npm', ['run', '--silent', script, '--', ...args], {
      cwd: root,
      env: toolEnv,
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, output: stdout + stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, output: err.stdout + err.stderr };
  }
}

/** The writable D1 file of a local state (queryDbAt opens it read-only). */
function d1File(state: string) {
  const d = resolve(state, 'v3/d1/miniflare-D1DatabaseObject');
  return resolve(d, readdirSync(d).find((f) => f.endsWith('.sqlite') && f !== 'metadata.sqlite') ?? 'missing');
}
const rows = (state: string, sql: string) => queryDbAt<Record<string, unknown>>(state, sql);
/** A table's rows in a stable order (a table keyed by text gets new rowids on restore; its rows are what count). */
const table = (state: string, name: string) =>
  rows(state, `SELECT * FROM "${name}"`)
    .map((r) => JSON.stringify(r))
    .sort();

let header: { rows: Record<string, number> };

beforeAll(async () => {
  wrangler(['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', src]);
  await run(process.execPath, [resolve(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/seed.ts'], {
    cwd: root,
    env: { ...toolEnv, SEED_PERSIST_TO: src },
    maxBuffer: 64 * 1024 * 1024,
  });
  const db = new DatabaseSync(d1File(src));
  db.prepare('UPDATE bookings SET notes = ? WHERE id = (SELECT min(id) FROM bookings)').run(AWKWARD);
  db.close();
}, 300_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('db:backup → db:restore on local D1', () => {
  it('backs up the data tables and leaves out what the triggers rebuild (summaries, search index)', async () => {
    const out = await npmRun('db:backup', ['--persist-to', src, '--output', backup]);
    expect(out.code, out.output).toBe(0);
    const text = readFileSync(backup, 'utf8');
    expect(text.startsWith('-- halisaha D1 backup v1')).toBe(true);
    header = { rows: {} };
    for (const pair of (text.match(/^-- rows: (.*)$/m)?.[1] ?? '').split(' ')) {
      const [k, v] = pair.split('=');
      header.rows[k] = Number(v);
    }
    expect(header.rows.bookings).toBe(rows(src, 'SELECT count(*) AS n FROM bookings')[0].n);
    expect(header.rows.bookings).toBeGreaterThan(10);
    // The payment rows are data; the bookings their trigger updates stay data too (restoring the rows recomputes them).
    expect(header.rows.payments).toBeGreaterThan(0);
    expect(header.rows.booking_slots).toBeGreaterThan(100);
    for (const derived of ['customer_stats', 'booking_status_stats', 'booking_day_stats', 'content_version'])
      expect(text).not.toContain(`INSERT INTO "${derived}"`);
    expect(text).not.toMatch(/INSERT INTO "bookings_search/);
    expect(text).toContain('INSERT INTO "bookings"');
  }, 300_000);

  it('restores into a fresh local database: every data table row for row, summaries equal, search as before', async () => {
    const startedAt = Date.now();
    const out = await npmRun('db:restore', ['--persist-to', dst, '--input', backup]);
    expect(out.code, out.output).toBe(0);
    const restoredAt = Date.now();

    for (const [name, n] of Object.entries(header.rows)) {
      expect(table(dst, name).length, name).toBe(n);
      expect(table(dst, name), name).toEqual(table(src, name));
    }
    expect(rows(dst, 'SELECT notes FROM bookings WHERE id = (SELECT min(id) FROM bookings)')[0].notes).toBe(AWKWARD);

    // The summaries were rebuilt by the triggers as the rows arrived: equal to the source's, each row counted once.
    for (const name of [
      'booking_status_stats',
      'booking_day_stats',
      'booking_reason_stats',
      'booking_addon_stats',
      'slot_hour_stats',
    ])
      expect(table(dst, name), name).toEqual(table(src, name));
    // Counted once: the status counters add up to the bookings there are (copied and re-counted would be twice).
    const counted = rows(dst, 'SELECT sum(bookings) AS n FROM booking_status_stats')[0].n;
    expect(counted).toBe(header.rows.bookings);
    // customer_stats also holds what depends on the clock (played, planned): computed at seed time in the source and
    // during the restore here, it agrees unless a booking started in between, so the source is brought to now.
    const src_db = new DatabaseSync(d1File(src));
    src_db.exec('UPDATE customer_stats SET next_change_at = -1');
    src_db.close();
    const crossed = rows(
      dst,
      `SELECT count(*) AS n FROM bookings WHERE starts_at BETWEEN ${startedAt} AND ${Date.now()}`,
    )[0].n;
    if (crossed) {
      const dst_db = new DatabaseSync(d1File(dst));
      dst_db.exec('UPDATE customer_stats SET next_change_at = -1');
      dst_db.close();
    }
    expect(table(dst, 'customer_stats').length).toBe(header.rows.customers);
    expect(table(dst, 'customer_stats')).toEqual(table(src, 'customer_stats'));
    expect(restoredAt).toBeGreaterThan(startedAt);

    // A new content version: no edge cache keeps pages of the replaced database.
    expect(rows(dst, 'SELECT version FROM content_version')[0].version).not.toBe(
      rows(src, 'SELECT version FROM content_version')[0].version,
    );

    // The search index answers the same fragments with the same bookings.
    const booking = rows(src, 'SELECT booking_number, customer_phone, search_key FROM bookings ORDER BY id LIMIT 1')[0];
    const fragments = [
      String(booking.customer_phone).slice(-6),
      String(booking.search_key).slice(0, 4),
      String(booking.booking_number).toLowerCase(),
    ];
    for (const fragment of fragments) {
      const q = `SELECT rowid FROM bookings_search WHERE bookings_search MATCH '"${fragment}"' ORDER BY rowid`;
      const found = rows(src, q);
      expect(found.length, fragment).toBeGreaterThan(0);
      expect(rows(dst, q), fragment).toEqual(found);
    }
  }, 600_000);

  it('the restored database is served, and the panel search finds a booking through the API', async () => {
    const booking = rows(dst, "SELECT booking_number FROM bookings WHERE status = 'approved' ORDER BY id LIMIT 1")[0];
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const server = spawn(process.execPath, ['scripts/serve.mjs'], {
      cwd: root,
      env: { ...toolEnv, STATE_DIR: dst, PORT: String(port), HOST: '127.0.0.1' },
      stdio: 'ignore',
      detached: true,
    });
    try {
      const deadline = Date.now() + 120_000;
      for (;;) {
        try {
          if ((await fetch(`${origin}/api/health`)).ok) break;
        } catch {
          /* not up yet */
        }
        if (Date.now() > deadline || server.exitCode !== null) throw new Error('the restored database was not served');
        await new Promise((r) => setTimeout(r, 500));
      }
      const login = await fetch(`${origin}/api/auth/local`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ identifier: 'admin', password: 'admin1234' }),
      });
      expect(login.status).toBe(200);
      const { jwt } = ((await login.json()) as { data: { jwt: string } }).data;
      const list = await fetch(`${origin}/api/bookings?q=${encodeURIComponent(String(booking.booking_number))}`, {
        headers: { authorization: `Bearer ${jwt}` },
      });
      expect(list.status).toBe(200);
      const { data } = (await list.json()) as { data: { bookingNumber: string }[] };
      expect(data.map((b) => b.bookingNumber)).toEqual([booking.booking_number]);
    } finally {
      if (server.pid && server.exitCode === null) {
        const exited = new Promise((r) => server.once('exit', r));
        process.kill(-server.pid, 'SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
      }
    }
  }, 240_000);

  it('refuses to restore into a database that already holds data', async () => {
    const before = rows(dst, 'SELECT count(*) AS n FROM bookings')[0].n;
    const out = await npmRun('db:restore', ['--persist-to', dst, '--input', backup]);
    expect(out.code).toBe(1);
    expect(out.output).toContain('hedef veritabanı boş değil');
    expect(rows(dst, 'SELECT count(*) AS n FROM bookings')[0].n).toBe(before);
  }, 300_000);

  it('refuses a backup taken on other migrations than this checkout applies', async () => {
    const other = resolve(dir, 'other-migrations.sql');
    writeFileSync(other, readFileSync(backup, 'utf8').replace(/^(-- migrations: .*)$/m, '$1 9999_from_the_future.sql'));
    const fresh = resolve(dir, 'fresh');
    const out = await npmRun('db:restore', ['--persist-to', fresh, '--input', other]);
    expect(out.code).toBe(1);
    expect(out.output).toContain('yedekte olup burada olmayan: 9999_from_the_future.sql');
    expect(rows(fresh, 'SELECT count(*) AS n FROM bookings')[0].n).toBe(0);
  }, 300_000);
});
