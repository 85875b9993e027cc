// Last step of `npm start`: serve the built Worker (worker/src/entry.ts bundled by `astro build`: /api → Hono, the rest
// → Astro) with `wrangler dev`, on the same local D1/R2/Durable Object state that the migrations and the seed wrote.
//
//   PORT (default 8787) and HOST (default 127.0.0.1) choose where it listens; SITE_URL (default http://localhost:PORT)
//   is the origin the pages name; STATE_DIR (default .wrangler/state) is the local D1/R2/Durable Object state it serves
//   (`npm run start:empty` serves its own, .wrangler/state-first-start).
//
// How @astrojs/cloudflare 14 builds: `astro build` bundles the wrangler.toml `main` into dist/server/entry.mjs, writes
// dist/server/wrangler.json (main = entry.mjs, assets = dist/client, our bindings plus the adapter's SESSION KV) and a
// redirect file .wrangler/deploy/config.json that makes a plain `wrangler dev` in the project root use that generated
// config. Wrangler resolves local state relative to the *user* config (wrangler.toml) through that redirect, but a
// `--config dist/server/wrangler.json` would put it under dist/server/.wrangler; so the state directory is passed
// explicitly as well, and the seed's data is what the server sees either way.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const port = String(process.env.PORT || 8787);
const host = process.env.HOST || '127.0.0.1';
const state = resolve(root, process.env.STATE_DIR || '.wrangler/state');

const generatedConfig = resolve(root, 'dist/server/wrangler.json');
const redirect = resolve(root, '.wrangler/deploy/config.json');
if (!existsSync(generatedConfig) || !existsSync(resolve(root, 'dist/server/entry.mjs'))) {
  console.error(
    'serve: dist/server/wrangler.json or dist/server/entry.mjs is missing; run `npm run build` first (npm start does).',
  );
  process.exit(1);
}

// --test-scheduled exposes /cdn-cgi/local/scheduled: wrangler dev fires no cron, so the script below fires it itself.
const args = [
  'dev',
  '--local',
  '--port',
  port,
  '--ip',
  host,
  '--persist-to',
  state,
  '--show-interactive-dev-session=false',
  '--test-scheduled',
];
// Normally the redirect written by `astro build` points at the generated config; name it outright if the redirect is gone.
let redirected = false;
try {
  redirected = resolve(dirname(redirect), JSON.parse(readFileSync(redirect, 'utf8')).configPath) === generatedConfig;
} catch {
  redirected = false;
}
if (!redirected) args.push('--config', generatedConfig);
// Canonical links, JSON-LD and the socket Origin check name the address this server answers on (PORT=9000 npm start).
args.push('--var', `SITE_URL:${process.env.SITE_URL || `http://localhost:${port}`}`);

// Run wrangler's own JS with this very Node (22, from the `node` devDependency that npm put first on PATH), never a shim
// that might resolve to the system Node 20.
// (wrangler's package exports do not include its bin file, so go through its package.json.)
const wranglerPkg = createRequire(import.meta.url).resolve('wrangler/package.json');
const wranglerBin = resolve(dirname(wranglerPkg), JSON.parse(readFileSync(wranglerPkg, 'utf8')).bin.wrangler);
const env = {
  ...process.env,
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  WRANGLER_SEND_METRICS: 'false',
  ASTRO_TELEMETRY_DISABLED: '1',
  ASTRO_DISABLE_UPDATE_CHECK: 'true',
};

console.log(`serve: wrangler dev on http://${host}:${port} (state: ${state})`);
const child = spawn(process.execPath, [wranglerBin, ...args], { cwd: root, env, stdio: 'inherit' });

// Local stand-in for the cron trigger: once when the server is up (arms expiry alarms for seeded holds, fills the
// 30-day slot horizon), then hourly like production.
const origin = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
async function fireCron() {
  try {
    await fetch(`${origin}/cdn-cgi/local/scheduled?cron=${encodeURIComponent('15 * * * *')}`);
  } catch {
    /* server gone */
  }
}
(async () => {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  await fireCron();
  setInterval(fireCron, 60 * 60 * 1000).unref();
})();

let stopping = false;
function forward(signal) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  if (stopping) {
    child.kill('SIGKILL'); // a second signal means "now"
    return;
  }
  stopping = true;
  child.kill(signal);
  // wrangler shuts workerd down on SIGINT/SIGTERM; do not hang forever if it does not.
  setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => forward(signal));

child.on('error', (err) => {
  console.error('serve: could not start wrangler:', err);
  process.exit(1);
});
child.on('exit', (code, signal) => {
  const signals = { SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 };
  process.exit(code ?? (signal ? 128 + (signals[signal] ?? 0) : 0));
});
