// The last active admin under concurrency: two admins disabling (or demoting) each other at once must leave
// one admin. D1 is slowed between every read and what follows it, so a check-then-write would let both pass.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { staffMsg } from '../../contracts/staff';
import { getDb } from '../../worker/src/db/client';
import type { ApiError } from '../../worker/src/lib/errors';
import { updateStaff } from '../../worker/src/services/staff';
import { createStaff } from './fixtures';
import { slowReads } from './fixtures/slow-d1';

const activeAdmins = async () =>
  (await env.DB.prepare(
    "select count(*) n from users u join roles r on r.id = u.role_id where r.type = 'admin' and u.blocked = 0",
  ).first<{ n: number }>())!.n;

async function twoAdminsOnly() {
  // Only these two admins are active: every other admin of the file is disabled first.
  await env.DB.prepare('update users set blocked = 1 where role_id = 1').run();
  const a = await createStaff('admin');
  const b = await createStaff('admin');
  const pub = (u: typeof a) => ({ ...u, blocked: false, role: { id: 1, name: 'Admin', type: 'admin' as const } });
  return { a: pub(a), b: pub(b) };
}

describe('the last active admin', () => {
  for (const [what, patch] of [
    ['disable', { active: false }],
    ['demote', { role: 'manager' as const }],
  ] as const) {
    it(`two admins who ${what} each other at once leave one active admin (20 rounds)`, async () => {
      for (let round = 0; round < 20; round++) {
        const { a, b } = await twoAdminsOnly();
        const slow = getDb(slowReads(env.DB, 5));
        const results = await Promise.allSettled([
          updateStaff(slow, a, b.id, patch, async () => {}),
          updateStaff(slow, b, a.id, patch, async () => {}),
        ]);
        expect(await activeAdmins()).toBe(1);
        const refused = results.filter((r) => r.status === 'rejected');
        expect(refused).toHaveLength(1);
        const err = (refused[0] as PromiseRejectedResult).reason as ApiError;
        expect([err.status, err.message]).toEqual([409, staffMsg.lastAdmin]);
        // Only the change that landed is in the audit log.
        const audits = (await env.DB.prepare('select count(*) n from audit_log where entity_id in (?, ?)')
          .bind(String(a.id), String(b.id))
          .first<{ n: number }>())!.n;
        expect(audits).toBe(1);
      }
    });
  }

  it('refuses the last admin’s disable or demotion through the API with a Turkish 409, nothing written', async () => {
    const { a, b } = await twoAdminsOnly();
    const { tokenFor, api, expectError } = await import('./fixtures');
    const token = await tokenFor(a);
    expect((await api(`/api/staff-users/${b.id}`, { method: 'PATCH', token, json: { active: false } })).status).toBe(
      200,
    );
    // a is now the last active admin; a manager promoted and disabled again keeps it so.
    const m = await createStaff('manager');
    const tokenM = await tokenFor(m, 'admin');
    await env.DB.prepare('update users set role_id = 1 where id = ?').bind(m.id).run();
    await env.DB.prepare('update users set blocked = 1 where id = ?').bind(m.id).run();
    const before = (await env.DB.prepare('select count(*) n from audit_log').first<{ n: number }>())!.n;
    // Only a (blocked m's token is refused): a cannot disable itself, and no other active admin can act on it.
    await expectError(
      await api(`/api/staff-users/${a.id}`, { method: 'PATCH', token: tokenM, json: { active: false } }),
      401,
    );
    const err = await expectError(
      await api(`/api/staff-users/${a.id}`, { method: 'PATCH', token, json: { role: 'manager' } }),
      409,
    );
    expect(err.message).toBe(staffMsg.selfRole);
    // Through the service with another (inactive-at-the-time) actor: the guard itself refuses.
    await expect(updateStaff(getDb(env.DB), b, a.id, { active: false }, async () => {})).rejects.toMatchObject({
      status: 409,
      message: staffMsg.lastAdmin,
    });
    await expect(updateStaff(getDb(env.DB), b, a.id, { role: 'manager' }, async () => {})).rejects.toMatchObject({
      status: 409,
      message: staffMsg.lastAdmin,
    });
    expect(await activeAdmins()).toBe(1);
    expect((await env.DB.prepare('select count(*) n from audit_log').first<{ n: number }>())!.n).toBe(before);
  });
});
