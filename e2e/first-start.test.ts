// `npm run start:empty`, the documented first start of a new owner: a database of its own, migrated and never seeded,
// the first admin from ADMIN_* without questions, and the build served on PORT. Runs the command itself (on the build
// the browser tests' setup made, hence --no-build) on 127.0.0.1 over a temporary state directory, and stops it.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, root } from '../scripts/lib/local-server';
import { queryDbAt } from './support/panel';

const ADMIN = { ADMIN_USERNAME: 'sahip', ADMIN_EMAIL: 'sahip@ornek.com', ADMIN_PASSWORD: 'ilk-yonetici-sifresi' };

const runs = resolve(root, 'e2e/.state');
mkdirSync(runs, { recursive: true });
const dir = mkdtempSync(resolve(runs, 'first-start-'));
const state = resolve(dir, 'state');
const running = new Set<ChildProcess>();

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** `npm run start:empty -- --no-build` with no terminal (stdin closed), in its own process group. */
function startEmpty(env: Record<string, string>): Run {
  let output = '';
  const child = spawn('npm', ['run', 'start:empty', '--', '--no-build'], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', STATE_DIR: state, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  running.add(child);
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((ok) =>
    child.on('exit', (code) => {
      running.delete(child);
      ok(code);
    }),
  );
  return { child, output: () => output, exited };
}

async function stop(run: Run) {
  if (run.child.pid && run.child.exitCode === null) {
    try {
      process.kill(-run.child.pid, 'SIGTERM');
    } catch {
      /* gone */
    }
    await Promise.race([run.exited, new Promise((r) => setTimeout(r, 15_000))]);
  }
}

async function waitUntilUp(run: Run, origin: string) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (run.child.exitCode !== null) throw new Error(`start:empty exited early:\n${run.output()}`);
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`start:empty did not serve in 120 s:\n${run.output()}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** True once nothing answers at `origin` (within 15 s). */
async function gone(origin: string) {
  for (let i = 0; i < 30; i++) {
    try {
      await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(1000) });
    } catch {
      return true;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return false;
}

async function signIn(origin: string, identifier: string, password: string) {
  return fetch(`${origin}/api/auth/local`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier, password }),
  });
}

const count = (table: string) => queryDbAt<{ n: number }>(state, `SELECT count(*) AS n FROM ${table}`)[0].n;

afterAll(async () => {
  for (const child of running) if (child.pid) process.kill(-child.pid, 'SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

describe('npm run start:empty', () => {
  it('refuses a first admin whose password is shorter than 8 characters, and creates no account', async () => {
    const run = startEmpty({ ...ADMIN, ADMIN_PASSWORD: 'kisa123', PORT: String(await freePort()) });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('şifre en az 8 karakter olmalı');
    // The migrations ran (the schema is there) and nothing else did.
    expect(count('users')).toBe(0);
    expect(count('roles')).toBe(2);
  }, 120_000);

  it('without a terminal and without ADMIN_* it says what to set, and creates no account', async () => {
    const run = startEmpty({ PORT: String(await freePort()) });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('ADMIN_USERNAME, ADMIN_EMAIL ve ADMIN_PASSWORD');
    expect(count('users')).toBe(0);
  }, 120_000);

  it('creates the first admin, serves an unseeded database on PORT, and the admin signs in through the API', async () => {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const run = startEmpty({ ...ADMIN, PORT: String(port) });
    try {
      await waitUntilUp(run, origin);
      expect(run.output()).toContain('ilk yönetici hazır: sahip <sahip@ornek.com>');

      const login = await signIn(origin, ADMIN.ADMIN_USERNAME, ADMIN.ADMIN_PASSWORD);
      expect(login.status).toBe(200);
      const { data } = (await login.json()) as { data: { jwt: string; user: { role: { type: string } } } };
      expect(data.user.role.type).toBe('admin');
      const me = await fetch(`${origin}/api/users/me`, { headers: { authorization: `Bearer ${data.jwt}` } });
      expect(((await me.json()) as { data: { email: string } }).data.email).toBe(ADMIN.ADMIN_EMAIL);
      expect((await signIn(origin, ADMIN.ADMIN_USERNAME, 'yanlis-sifre-1')).status).toBe(401);

      // No demo data: no pitch on the public list, none in the database, no bookings or customers.
      const facilities = (await (await fetch(`${origin}/api/facilities`)).json()) as {
        data: unknown[];
        meta: { pagination: { total: number } };
      };
      expect(facilities.data).toEqual([]);
      expect(facilities.meta.pagination.total).toBe(0);
      expect(count('facilities')).toBe(0);
      expect(count('bookings')).toBe(0);
      expect(count('customers')).toBe(0);
      expect(count('users')).toBe(1);
    } finally {
      await stop(run);
    }
    // Stopped means stopped: nothing answers on that port any more.
    expect(run.child.exitCode !== null || run.child.signalCode !== null).toBe(true);
    await expect(gone(origin)).resolves.toBe(true);
  }, 180_000);

  it('started again on the same state with no ADMIN_* it just serves the same admin; staff:create adds to it', async () => {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const run = startEmpty({ PORT: String(port) });
    try {
      await waitUntilUp(run, origin);
      expect(run.output()).toContain('bir yönetici hesabı zaten var');
      expect((await signIn(origin, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD)).status).toBe(200);
      expect(count('users')).toBe(1);

      // More staff go into the same database with staff:create --persist-to, and sign in on the running server.
      await promisify(execFile)(
        'npm',
        ['run', 'staff:create', '--', '--username', 'mudur', '--email', 'mudur@ornek.com', '--persist-to', state],
        { cwd: root, env: { ...process.env, STAFF_PASSWORD: 'mudur-sifresi-1' } },
      );
      expect(count('users')).toBe(2);
      expect((await signIn(origin, 'mudur', 'mudur-sifresi-1')).status).toBe(200);
    } finally {
      await stop(run);
    }
  }, 240_000);
});
