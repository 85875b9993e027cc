// docs/schema.sql is the database every migration leaves: the test D1 (migrated by setup.ts from worker/migrations)
// mapped the way `npm run db:schema` maps its own fresh one must give the committed text, byte for byte.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import committed from '../../docs/schema.sql?raw';
import { MASTER_QUERY, type MasterRow, schemaMapText } from '../../scripts/lib/schema-map';

const mapOf = async () =>
  schemaMapText(
    (await env.DB.prepare(MASTER_QUERY).all<MasterRow>()).results,
    env.TEST_MIGRATIONS.map((m) => m.name),
  );

describe('docs/schema.sql, the map of the database', () => {
  it('is what the migrations build (after a migration: npm run db:schema)', async () => {
    const built = await mapOf();
    // Line by line first, so a stale map names the first statement that differs.
    expect(committed.split('\n')).toEqual(built.split('\n'));
    expect(committed).toBe(built);
  });

  it('shows every table, index and trigger, and none of SQLite, D1 or FTS5 internals', async () => {
    const { results } = await env.DB.prepare(MASTER_QUERY).all<MasterRow>();
    const shown = (name: string) => committed.includes(`\`${name}\``) || committed.includes(` ${name} `);
    for (const r of results.filter((r) => r.sql && !/^(sqlite_|_cf_|d1_migrations$|bookings_search_)/.test(r.name)))
      expect(shown(r.name), `${r.type} ${r.name}`).toBe(true);
    expect(committed).not.toMatch(
      /CREATE TABLE\s+[`"']?(d1_migrations|_cf_|sqlite_|bookings_search_(data|idx|content|docsize|config))/,
    );
    expect(committed).toMatch(/CREATE VIRTUAL TABLE[\s\S]*bookings_search/i);
  });

  it('a schema change shows in the map', async () => {
    const before = await mapOf();
    await env.DB.prepare('create index schema_map_probe on bookings (notes)').run();
    const after = await mapOf();
    expect(after).not.toBe(before);
    expect(after).toMatch(/CREATE INDEX schema_map_probe on bookings \(notes\);/);
    await env.DB.prepare('drop index schema_map_probe').run();
    expect(await mapOf()).toBe(before);
  });
});
