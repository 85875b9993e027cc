// Deployment variables that wrangler.toml no longer sets: the booking rules live in D1 and an admin edits
// them; a deployment may still set these to override the stored value (lib/booking-rules.ts). Declared here because
// `wrangler types` only knows the variables wrangler.toml sets.
declare namespace Cloudflare {
  interface Env {
    SLOT_HORIZON_DAYS?: string;
    RATE_LIMIT_BOOKING_PER_IP?: string;
    RATE_LIMIT_BOOKING_PER_PHONE?: string;
    RATE_LIMIT_LOOKUP_PER_IP?: string;
    RATE_LIMIT_LOOKUP_PER_TARGET?: string;
    RATE_LIMIT_LOGIN_PER_IP?: string;
    RATE_LIMIT_LOGIN_PER_IDENTIFIER?: string;
    /** Milliseconds a public availability answer is kept per isolate (lib/availability-memo.ts); '0' turns it off. */
    AVAILABILITY_MEMO_MS?: string;
  }
}
