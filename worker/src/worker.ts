// The API-only Worker: what the tests run (the full entry also imports Astro's build output).
import { app } from './app';
import { runScheduled } from './scheduled';

export { FacilityBooking } from './durable-objects/facility-booking';
export { RateLimiter } from './durable-objects/rate-limiter';
export { StaffHub } from './durable-objects/staff-hub';

export default {
  fetch: (request, env, ctx) => app.fetch(request, env, ctx),
  scheduled: (_controller, env, ctx) => ctx.waitUntil(runScheduled(env)),
} satisfies ExportedHandler<Env>;
