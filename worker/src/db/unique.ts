// Recognising a write a unique index refused. D1 answers it as SQLite words it, 'UNIQUE constraint failed:
// bookings.slot_id' (the index's columns as table.column, comma separated), inside its own prefix and suffix; drizzle
// wraps the error of a single query in 'Failed query: …' with D1's error as the cause. test/worker/unique-refusal.test.ts
// reads the real D1 errors of this schema's unique indexes.

const REFUSAL = /UNIQUE constraint failed: ([^:]+?)(?=: SQLITE_CONSTRAINT|$|\n)/m;

/** The messages of an error and of its causes, outermost first. */
function messagesOf(e: unknown): string[] {
  const out: string[] = [];
  let at: unknown = e;
  for (let depth = 0; at != null && depth < 5; depth++) {
    out.push(
      at instanceof Error || typeof (at as Error).message === 'string' ? String((at as Error).message) : String(at),
    );
    at = (at as { cause?: unknown }).cause;
  }
  return out;
}

/**
 * The columns ('table.column') a unique index refused the write on, when `e` is that refusal; null for any other error.
 * An index on an expression is named instead ('index users_username_nocase'), as SQLite names it.
 */
export function uniqueRefusal(e: unknown): string[] | null {
  for (const message of messagesOf(e)) {
    const m = REFUSAL.exec(message);
    if (m) return m[1].split(',').map((c) => c.trim().replace(/^index '(.*)'$/, 'index $1'));
  }
  return null;
}

/**
 * Whether `e` is a unique index refusing a write: any, or one over `target`: a column ('bookings.slot_id', refused
 * alone or with others) or a table ('facility_addons', any of its unique indexes).
 */
export function isUniqueRefusal(e: unknown, target?: string): boolean {
  const columns = uniqueRefusal(e);
  if (!columns) return false;
  if (target === undefined) return true;
  return columns.some((c) => c === target || (!target.includes('.') && c.startsWith(`${target}.`)));
}

/**
 * Whether `e` is the claims trigger refusing a booking whose range its pitch's slots do not tile (migration 0032,
 * booking_claims_insert): a gap, or a range past the day's last slot.
 */
export function isRangeRefusal(e: unknown): boolean {
  return messagesOf(e).some((m) => m.includes('booking_slot_claims: range not covered'));
}

/**
 * Whether `e` is the waitlist's hold refusing a booking over a slot held for a waiting player (migration 0033,
 * waitlist_hold_insert / waitlist_hold_update; docs/behaviour.md#waitlist).
 */
export function isHeldRefusal(e: unknown): boolean {
  return messagesOf(e).some((m) => m.includes('waitlist_hold: held'));
}

/** Whether `e` is the waitlist's claim check refusing a booking that names an entry whose hold it is not. */
export function isClaimRefusal(e: unknown): boolean {
  return messagesOf(e).some((m) => m.includes('waitlist_claim: no such hold'));
}

/**
 * Whether `e` is a closure's guarantee refusing a write (migration 0034; docs/behaviour.md#closures): a booking claiming
 * a closed slot (closure_claim_guard), or a slot a live booking claims being closed (closure_slot_guard).
 */
export function isClosedRefusal(e: unknown): boolean {
  return messagesOf(e).some((m) => m.includes('closure_closed:') || m.includes('closure_booked:'));
}
