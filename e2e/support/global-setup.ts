// Builds the site, migrates and seeds a throwaway D1/R2 state, and serves the real Worker on 127.0.0.1 for the browser
// tests; stops it afterwards. The tests read the origin from E2E_ORIGIN.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import type { TestProject } from 'vitest/node';

const root = resolve(import.meta.dirname, '../..');
const runs = resolve(root, 'e2e/.state');
const buildLock = resolve(root, 'e2e/.state/build.lock');
const wranglerBin = resolve(root, 'node_modules/wrangler/bin/wrangler.js');
const toolEnv = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false', ASTRO_TELEMETRY_DISABLED: '1', ASTRO_DISABLE_UPDATE_CHECK: 'true' };

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => ok(port));
    });
    srv.on('error', fail);
  });
}

let child: ChildProcess | null = null;

/** One build at a time (mkdir is atomic); each run then serves its own copy, so parallel runs never share files. */
async function buildPrivateCopy(dest: string) {
  const deadline = Date.now() + 300_000;
  for (;;) {
    try {
      mkdirSync(buildLock);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error('e2e: build lock held for 5 minutes');
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  try {
    execFileSync('npm', ['run', 'build'], { cwd: root, env: toolEnv, stdio: ['ignore', 'ignore', 'inherit'] });
    cpSync(resolve(root, 'dist'), dest, { recursive: true });
  } finally {
    rmSync(buildLock, { recursive: true, force: true });
  }
}

export default async function setup(project: TestProject) {
  mkdirSync(runs, { recursive: true });
  const run = mkdtempSync(resolve(runs, 'run-'));
  const state = resolve(run, 'state');
  const dist = resolve(run, 'dist');
  await buildPrivateCopy(dist);
  execFileSync(process.execPath, [wranglerBin, 'd1', 'migrations', 'apply', 'DB', '--local', '--persist-to', state], { cwd: root, env: toolEnv, stdio: ['ignore', 'ignore', 'inherit'] });
  execFileSync(process.execPath, [resolve(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/seed.ts'], { cwd: root, env: { ...toolEnv, SEED_PERSIST_TO: state }, stdio: ['ignore', 'ignore', 'inherit'] });

  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  child = spawn(
    process.execPath,
    [wranglerBin, 'dev', '--local', '--port', String(port), '--ip', '127.0.0.1', '--persist-to', state, '--config', resolve(dist, 'server/wrangler.json'), '--show-interactive-dev-session=false', '--test-scheduled',
      // Browser tests book and look up a lot from one address.
      ...['BOOKING_PER_IP', 'LOOKUP_PER_IP', 'LOGIN_PER_IP'].flatMap((k) => ['--var', `RATE_LIMIT_${k}:100000`])],
    { cwd: root, env: toolEnv, stdio: ['ignore', 'ignore', 'inherit'], detached: true },
  );
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('e2e: wrangler dev exited early');
    try {
      if ((await fetch(`${origin}/api/health`)).ok) break;
    } catch { /* not up yet */ }
    if (Date.now() > deadline) throw new Error('e2e: server did not start');
    await new Promise((r) => setTimeout(r, 300));
  }
  await fetch(`${origin}/cdn-cgi/local/scheduled`);
  project.provide('origin', origin);
  process.env.E2E_ORIGIN = origin;

  return async () => {
    if (child?.pid) {
      try { process.kill(-child.pid, 'SIGTERM'); } catch { /* gone */ }
      await new Promise((r) => setTimeout(r, 1000));
    }
    rmSync(run, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext { origin: string }
}
