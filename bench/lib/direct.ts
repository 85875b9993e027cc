// The same built worker over the same local state, served by Miniflare straight from Node instead of `wrangler dev`:
// wrangler dev puts a proxy worker of its own (live reload, error pages) in front of workerd, and every request then
// crosses two workerd hops. Here Node's fetch reaches the worker's own workerd socket: what is left is loopback HTTP,
// workerd and the worker. The options are wrangler's own reading of dist/server/wrangler.json
// (unstable_getMiniflareWorkerOptions), so bindings, Durable Objects, assets and compatibility flags are the build's.
import { cpSync, mkdtempSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import type * as MiniflareModule from 'miniflare';
import { unstable_getMiniflareWorkerOptions } from 'wrangler';

// wrangler's own Miniflare (and so its workerd, which knows the build's compatibility date), not the older copy the test
// pool brings to the top of node_modules.
const { Miniflare, convertV4MiniflareOptions } = createRequire(import.meta.resolve('wrangler').replace('file://', ''))(
  'miniflare',
) as typeof MiniflareModule;

const modulesOf = (dir: string) =>
  (readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith('.mjs')).sort();

export interface DirectServer {
  origin: string;
  stop: () => Promise<void>;
}

/**
 * Starts the build in `dist` (a run directory's copy) over the state `wrangler dev --persist-to state` used. Only one
 * process may hold the state: stop the wrangler dev server first.
 */
export async function startDirectServer(
  dist: string,
  state: string,
  vars: Record<string, string>,
): Promise<DirectServer> {
  // modulesRules: wrangler's module rules, which this Miniflare's v4 options converter refuses (the build is plain ES modules).
  const { modulesRules: _, ...workerOptions } = unstable_getMiniflareWorkerOptions(
    resolve(dist, 'server/wrangler.json'),
  ).workerOptions as Record<string, unknown> & { bindings?: Record<string, unknown> };
  const server = resolve(dist, 'server');
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      ...workerOptions,
      bindings: { ...workerOptions.bindings, ...vars },
      // Every module of the build, entry.mjs first (the main module): Miniflare resolves no imports from disk itself.
      modules: ['entry.mjs', ...modulesOf(server).filter((m) => m !== 'entry.mjs')].map((m) => ({
        type: 'ESModule' as const,
        path: resolve(server, m),
      })),
      modulesRoot: server,
      // wrangler dev --persist-to <state> keeps every binding's data under <state>/v3.
      resourcePersistencePath: resolve(state, 'v3'),
      host: '127.0.0.1',
      port: 0,
    } as Parameters<typeof convertV4MiniflareOptions>[0]),
  );
  const url = await mf.ready;
  return { origin: url.origin, stop: () => mf.dispose() };
}

/**
 * A copy of a wrangler dev run's build and state (`<run>/dist`, `<run>/state`) in a directory of its own under .runs,
 * taken while that server is idle: its run directory goes when it stops. The caller removes the copy.
 */
export function copyRun(state: string): string {
  const run = dirname(state);
  const copy = mkdtempSync(resolve(dirname(run), 'direct-'));
  cpSync(resolve(run, 'dist'), resolve(copy, 'dist'), { recursive: true });
  cpSync(state, resolve(copy, 'state'), { recursive: true });
  return copy;
}
