// The API-only Worker: what the tests run (the full entry also imports Astro's build output).
import { app } from './app';
import { FacilityBooking as FacilityBookingObject } from './durable-objects/facility-booking';
import { RateLimiter as RateLimiterObject } from './durable-objects/rate-limiter';
import { StaffHub as StaffHubObject } from './durable-objects/staff-hub';
import { meteredObject } from './lib/d1-cost';
import { runScheduled } from './scheduled';

// As in entry.ts: the classes themselves unless D1_COST is "1".
export const FacilityBooking = meteredObject(FacilityBookingObject);
export const RateLimiter = meteredObject(RateLimiterObject);
export const StaffHub = meteredObject(StaffHubObject);
export type FacilityBooking = FacilityBookingObject;
export type RateLimiter = RateLimiterObject;
export type StaffHub = StaffHubObject;

export default {
  fetch: (request, env, ctx) => app.fetch(request, env, ctx),
  scheduled: (_controller, env, ctx) => ctx.waitUntil(runScheduled(env)),
} satisfies ExportedHandler<Env>;
