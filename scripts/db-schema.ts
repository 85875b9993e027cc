// `npm run db:schema`: writes docs/schema.sql, the map of the database after every migration in worker/migrations.
// The migrations run on a fresh local D1 in a temporary folder (wrangler's platform proxy: the engine the tests and
// `wrangler dev` use), applied the way the worker tests apply them; the map is built from its sqlite_master by
// scripts/lib/schema-map.ts.
// `npm run db:schema -- --check` writes nothing and exits 1 when the committed file differs; `--migrations DIR` reads
// another folder of migrations (an older checkout's, say).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { readD1Migrations } from '@cloudflare/vitest-plugin';
import { getPlatformProxy } from 'wrangler';
import { MASTER_QUERY, type MasterRow, schemaMapText } from './lib/schema-map';

const root = fileURLToPath(new URL('..', import.meta.url));
const output = resolve(root, 'docs/schema.sql');
const { values } = parseArgs({
  options: {
    check: { type: 'boolean', default: false },
    migrations: { type: 'string', default: resolve(root, 'worker/migrations') },
  },
});

const migrations = await readD1Migrations(resolve(values.migrations));
// A configuration with the database only (the real one's Durable Objects live in a script the proxy does not run).
const state = mkdtempSync(join(tmpdir(), 'halisaha-schema-'));
const date = /^compatibility_date\s*=\s*"([^"]+)"/m.exec(readFileSync(resolve(root, 'wrangler.toml'), 'utf8'))?.[1];
writeFileSync(
  join(state, 'wrangler.toml'),
  `name = "schema-map"\ncompatibility_date = "${date}"\n\n[[d1_databases]]\nbinding = "DB"\ndatabase_name = "schema-map"\ndatabase_id = "schema-map"\n`,
);
const proxy = await getPlatformProxy<{ DB: D1Database }>({
  configPath: join(state, 'wrangler.toml'),
  persist: { path: join(state, 'state') },
});
try {
  const db = proxy.env.DB;
  for (const m of migrations) await db.batch(m.queries.map((q) => db.prepare(q)));
  const { results } = await db.prepare(MASTER_QUERY).all<MasterRow>();
  const text = schemaMapText(
    results,
    migrations.map((m) => m.name),
  );
  if (values.check) {
    const committed = readFileSync(output, 'utf8');
    if (committed !== text) {
      console.error('db:schema: docs/schema.sql is out of date; run `npm run db:schema`');
      process.exitCode = 1;
    } else console.log('db:schema: docs/schema.sql is up to date');
  } else {
    writeFileSync(output, text);
    console.log(
      `db:schema: docs/schema.sql written (${migrations.length} migrations, the last ${migrations.at(-1)?.name})`,
    );
  }
} finally {
  await proxy.dispose();
  rmSync(state, { recursive: true, force: true });
}
