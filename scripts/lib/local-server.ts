// Serves the real build (dist/) with wrangler dev on 127.0.0.1 over a private, freshly migrated D1/R2 state.
// Used by the browser tests and the benchmarks; `stop()` ends the server and removes the state.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '../..');
/** wrangler's own JS, run with this Node (22 under npm), never a shim that might find the system Node. */
const wranglerPkg = resolve(root, 'node_modules/wrangler/package.json');
export const wranglerBin = resolve(dirname(wranglerPkg), JSON.parse(readFileSync(wranglerPkg, 'utf8')).bin.wrangler);
/** No telemetry, update checks or network look-ups from the tools (the machine may have no internet). */
export const TOOL_SWITCHES = {
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  WRANGLER_SEND_METRICS: 'false',
  ASTRO_TELEMETRY_DISABLED: '1',
  ASTRO_DISABLE_UPDATE_CHECK: 'true',
};
export const toolEnv = { ...process.env, ...TOOL_SWITCHES };
const quiet = { cwd: root, env: toolEnv, stdio: ['ignore', 'ignore', 'inherit'] as ('ignore' | 'inherit')[] };

export const wrangler = (args: string[]) => execFileSync(process.execPath, [wranglerBin, ...args], quiet);

export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => ok(port));
    });
    srv.on('error', fail);
  });
}

async function withBuildLock<T>(work: () => T): Promise<T> {
  const lock = resolve(root, '.build.lock');
  const deadline = Date.now() + 300_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error('build lock held for 5 minutes');
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  try {
    return work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

export interface LocalServer {
  origin: string;
  state: string;
  stop: () => Promise<void>;
}

export interface ServerOptions {
  /** 'demo' runs scripts/seed.ts; a string is SQL executed after the migrations. */
  seed: 'demo' | { sql: string } | 'none';
  vars?: Record<string, string>;
  /** Where run directories go (each run gets its own, removed on stop). */
  runsDir?: string;
  /** Serve the build already in dist/ (a second server in the same test run) instead of building again. */
  reuseBuild?: boolean;
  /** Opens workerd's inspector (Chrome DevTools protocol) on this port: `npm run bench:profile` samples the CPU there. */
  inspectorPort?: number;
}

export async function startLocalServer(opts: ServerOptions): Promise<LocalServer> {
  const runs = opts.runsDir ?? resolve(root, '.runs');
  mkdirSync(runs, { recursive: true });
  const run = mkdtempSync(resolve(runs, 'run-'));
  const state = resolve(run, 'state');
  const dist = resolve(run, 'dist');
  // One build at a time; each run serves its own copy, so parallel runs never share files.
  await withBuildLock(() => {
    // A production build whatever the caller runs under (vitest sets NODE_ENV=test, which would ship React's dev build).
    if (!opts.reuseBuild || !existsSync(resolve(root, 'dist/server/wrangler.json')))
      execFileSync('npm', ['run', 'build'], { ...quiet, env: { ...toolEnv, NODE_ENV: 'production' } });
    cpSync(resolve(root, 'dist'), dist, { recursive: true });
  });
  // The port is known before the seed so the site's one origin (SITE_URL) is this server's, in the stored JSON-LD too.
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  wrangler(['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', state]);
  if (opts.seed === 'demo') {
    execFileSync(process.execPath, [resolve(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/seed.ts'], {
      ...quiet,
      env: { ...toolEnv, SEED_PERSIST_TO: state, SITE_URL: opts.vars?.SITE_URL ?? origin },
    });
  } else if (opts.seed !== 'none') {
    const file = resolve(run, 'seed.sql');
    writeFileSync(file, opts.seed.sql);
    wrangler(['d1', 'execute', 'DB', '--local', '--persist-to', state, '--file', file]);
  }
  // Each run signs sessions with its own secret (a served build does not read the checkout's .dev.vars).
  const vars = Object.entries({ SITE_URL: origin, JWT_SECRET: randomBytes(32).toString('hex'), ...opts.vars }).flatMap(
    ([k, v]) => ['--var', `${k}:${v}`],
  );
  const child = spawn(
    process.execPath,
    [
      wranglerBin,
      'dev',
      '--local',
      '--port',
      String(port),
      '--ip',
      '127.0.0.1',
      '--persist-to',
      state,
      '--config',
      resolve(dist, 'server/wrangler.json'),
      '--show-interactive-dev-session=false',
      '--test-scheduled',
      ...(opts.inspectorPort ? ['--inspector-port', String(opts.inspectorPort)] : []),
      ...vars,
    ],
    { ...quiet, detached: true },
  );
  const stop = async () => {
    if (child.pid && child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        /* gone */
      }
      await new Promise((r) => setTimeout(r, 1000));
    }
    rmSync(run, { recursive: true, force: true });
  };
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error('wrangler dev exited early');
    }
    try {
      if ((await fetch(`${origin}/api/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error('server did not start in 90 s');
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  // wrangler dev fires no cron: run the scheduled handler once (slot horizon, expiry alarms).
  await fetch(`${origin}/cdn-cgi/local/scheduled`);
  return { origin, state, stop };
}
