// The one Worker: /api/* → Hono, everything else → Astro. Exports the Durable Objects and the cron handler.
import { handle } from '@astrojs/cloudflare/handler';
import { app } from './app';
import { securePageResponse } from './lib/security-headers';
import { runScheduled } from './scheduled';

export { FacilityBooking } from './durable-objects/facility-booking';
export { RateLimiter } from './durable-objects/rate-limiter';
export { StaffHub } from './durable-objects/staff-hub';

export default {
  async fetch(request, env, ctx) {
    const { pathname } = new URL(request.url);
    if (pathname === '/api' || pathname.startsWith('/api/')) return app.fetch(request, env, ctx);
    // Pages get the same protections as the API: CSP with a per-response nonce, frame-ancestors, nosniff, referrer.
    return securePageResponse(await handle(request, env, ctx));
  },
  scheduled: (_controller, env, ctx) => ctx.waitUntil(runScheduled(env)),
} satisfies ExportedHandler<Env>;
