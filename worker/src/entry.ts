// The one Worker: /api/* → Hono, everything else → Astro. Exports the Durable Objects and the cron handler.
import { handle } from '@astrojs/cloudflare/handler';
import { app } from './app';
import { cachedPage } from './lib/edge-cache';
import { securePageResponse } from './lib/security-headers';
import { runScheduled } from './scheduled';

export { FacilityBooking } from './durable-objects/facility-booking';
export { RateLimiter } from './durable-objects/rate-limiter';
export { StaffHub } from './durable-objects/staff-hub';

export default {
  async fetch(request, env, ctx) {
    const { pathname } = new URL(request.url);
    if (pathname === '/api' || pathname.startsWith('/api/')) return app.fetch(request, env, ctx);
    // Public pages come from the edge cache when it holds this content version's copy (lib/edge-cache.ts). The
    // security headers go on after it, so every answer, cached or not, gets its own CSP nonce.
    const page = await cachedPage(request, env, ctx, () => handle(request, env, ctx));
    // Pages get the same protections as the API: CSP with a per-response nonce, frame-ancestors, nosniff, referrer.
    return securePageResponse(page);
  },
  scheduled: (_controller, env, ctx) => ctx.waitUntil(runScheduled(env)),
} satisfies ExportedHandler<Env>;
