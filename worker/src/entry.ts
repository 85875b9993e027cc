// The one Worker: /api/* → Hono, everything else → Astro. Exports the Durable Objects and the cron handler.

import { withEnv } from 'cloudflare:workers';
import { handle } from '@astrojs/cloudflare/handler';
import { app } from './app';
import { FacilityBooking as FacilityBookingObject } from './durable-objects/facility-booking';
import { RateLimiter as RateLimiterObject } from './durable-objects/rate-limiter';
import { StaffHub as StaffHubObject } from './durable-objects/staff-hub';
import { costEnabled, costHeader, isolateHeader, metered, meteredEnv, meteredObject } from './lib/d1-cost';
import { cachedPage } from './lib/edge-cache';
import { securePageResponse } from './lib/security-headers';
import { runScheduled } from './scheduled';

// The classes themselves unless D1_COST is "1" (`npm run bench:cost`): then built over metered bindings.
export const FacilityBooking = meteredObject(FacilityBookingObject);
export const RateLimiter = meteredObject(RateLimiterObject);
export const StaffHub = meteredObject(StaffHubObject);
export type FacilityBooking = FacilityBookingObject;
export type RateLimiter = RateLimiterObject;
export type StaffHub = StaffHubObject;

async function page(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  // Public pages come from the edge cache when it holds this content version's copy (lib/edge-cache.ts). The
  // security headers go on after it, so every answer, cached or not, gets its own CSP nonce.
  const answer = await cachedPage(request, env, ctx, () => handle(request, env, ctx));
  // Pages get the same protections as the API: CSP with a per-response nonce, frame-ancestors, nosniff, referrer.
  return securePageResponse(answer);
}

/** A page over metered bindings (pages read them through `cloudflare:workers`), its body read whole inside the sum. */
async function meteredPage(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  const metEnv = meteredEnv(env);
  const { value, cost } = await metered(async () => {
    const res = (await withEnv(metEnv, () => page(request, metEnv, ctx))) as Response;
    return { res, body: await res.arrayBuffer() };
  });
  const res = new Response(value.body, value.res);
  res.headers.set('x-cost', costHeader(cost));
  res.headers.set('x-cost-isolate', isolateHeader());
  return res;
}

export default {
  async fetch(request, env, ctx) {
    const { pathname } = new URL(request.url);
    if (pathname === '/api' || pathname.startsWith('/api/')) return app.fetch(request, env, ctx);
    return costEnabled(env) ? meteredPage(request, env, ctx) : page(request, env, ctx);
  },
  scheduled: (_controller, env, ctx) =>
    ctx.waitUntil(costEnabled(env) ? metered(() => runScheduled(meteredEnv(env))) : runScheduled(env)),
} satisfies ExportedHandler<Env>;
