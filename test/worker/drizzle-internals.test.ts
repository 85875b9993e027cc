// The drizzle members db/sql.ts (renderedBatch, renderedAll) reads although drizzle does not publish them, and the exact
// pin that keeps them: a drizzle upgrade that changes their shape fails here, not in a calendar answer.
import { env } from 'cloudflare:workers';
import { Column, eq, max, SQL, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import drizzlePackage from '../../node_modules/drizzle-orm/package.json';
import rootPackage from '../../package.json';
import { facilities, slots } from '../../worker/src/db/schema';
import { preparedOf, rowMapper } from '../../worker/src/db/sql';
import { createFacility, createSlots, db } from './fixtures';

const flatSelect = (id: number) =>
  db()
    .select({
      id: facilities.id,
      name: facilities.name,
      isActive: facilities.isActive,
      workingHours: facilities.workingHours,
      deletedAt: facilities.deletedAt,
      doubled: sql<number>`${facilities.hourlyPrice} * 2`.mapWith(Number),
      label: sql<string>`'saha-' || ${facilities.id}`.as('label'),
      lastDate: max(slots.date),
    })
    .from(facilities)
    .leftJoin(slots, eq(slots.facilityId, facilities.id))
    .where(eq(facilities.id, id))
    .groupBy(facilities.id);

describe('drizzle internals the rendered statements rely on', () => {
  it('drizzle-orm is pinned to one exact version, the one installed', () => {
    const wanted = (rootPackage.dependencies as Record<string, string>)['drizzle-orm'];
    expect(wanted).toMatch(/^\d+\.\d+\.\d+$/);
    expect(drizzlePackage.version).toBe(wanted);
  });

  it("a prepared select carries its fields in select order, executeMethod 'all' and no custom mapper", () => {
    const q = preparedOf(flatSelect(1)) as unknown as Record<string, unknown>;
    expect(q.executeMethod).toBe('all');
    expect(q.customResultMapper).toBeUndefined();
    const fields = q.fields as { path: string[]; field: unknown }[];
    expect(fields.map((f) => f.path)).toEqual([
      ['id'],
      ['name'],
      ['isActive'],
      ['workingHours'],
      ['deletedAt'],
      ['doubled'],
      ['label'],
      ['lastDate'],
    ]);
    expect(fields[0].field).toBe(facilities.id);
    expect(fields[0].field).toBeInstanceOf(Column);
  });

  it('a relational query carries a custom mapper (so its rows keep drizzle mapping)', () => {
    const q = preparedOf(db().query.facilities.findMany({ limit: 1 })) as unknown as Record<string, unknown>;
    expect(typeof q.customResultMapper).toBe('function');
  });

  it("an sql expression keeps its mapWith in 'decoder', an aliased one in '.sql.decoder'", () => {
    const mapped = sql<number>`1`.mapWith(Number);
    expect(mapped).toBeInstanceOf(SQL);
    expect(
      (mapped as unknown as { decoder: { mapFromDriverValue(v: unknown): unknown } }).decoder.mapFromDriverValue('7'),
    ).toBe(7);
    const aliased = sql<number>`1`.mapWith(Number).as('n');
    expect(
      (aliased.sql as unknown as { decoder: { mapFromDriverValue(v: unknown): unknown } }).decoder.mapFromDriverValue(
        '8',
      ),
    ).toBe(8);
  });

  it('the precomputed row mapper answers what drizzle itself answers, from raw() and from a batch', async () => {
    const f = await createFacility({ hourlyPrice: 120_000 });
    await createSlots(f, 0, 2);
    const query = flatSelect(f.id);
    const expected = await query.all();
    expect(expected).toHaveLength(1);
    expect(expected[0]).toMatchObject({ id: f.id, isActive: true, deletedAt: null, doubled: 240_000 });
    expect(typeof expected[0].workingHours).toBe('object');

    const q = preparedOf(query);
    const { sql: text, params } = q.getQuery();
    const map = rowMapper(q);
    const raw = await env.DB.prepare(text)
      .bind(...params)
      .raw();
    expect(map(raw)).toEqual(expected);
    // A batch answers rows as objects whose values come in select order.
    const [batched] = await env.DB.batch([env.DB.prepare(text).bind(...params)]);
    expect(map(batched.results.map((row) => Object.values(row as object)))).toEqual(expected);
  });
});
