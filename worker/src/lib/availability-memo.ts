// A one-second memory of the public availability answers, per isolate.
//
// Why: a pitch's calendar is the hottest read, and when a popular pitch opens a new week hundreds of phones ask for
// the same day in the same second. Each of them was a D1 round trip. Now the first answer serves the rest of the
// second (only settled answers are kept; concurrent misses each read).
//
// Why it stays live:
// - Every change to a pitch's slots goes through its Durable Object, which pushes it to every open calendar at once
//   (the live channel) and remembers when it last changed.
// - A calendar's answer carries `asOf`, the instant its read began. The live channel's hello carries `changedAt`;
//   when a change may be newer than the answer, the calendar reads again with `fresh=1`, which bypasses this memory.
//   So a calendar never keeps an answer older than a change, however it met the memory: this also closes the gap a
//   calendar always had between its first read and its socket opening.
// - In the isolate that made a change, the memory is forgotten at once: every write request through the API and every
//   broadcast of a pitch object clears it (lib `forgetAvailability`). Other isolates keep an answer at most
//   AVAILABILITY_MEMO_MS. A read under way when the memory is forgotten is not kept. Booking itself never trusts it:
//   its own write checks the slot in D1, under the pitch object's lock.
// - Only answers for active pitches are kept (an inactive pitch's answer is for staff only), and never errors.

/** How long an answer is kept; `AVAILABILITY_MEMO_MS` overrides it ("0" turns the memory off). */
export const AVAILABILITY_MEMO_MS = 1000;
/** A 31-day answer is up to ~150 KB: at most this many are held (an isolate has 128 MB). */
const MAX_ENTRIES = 128;

interface Entry {
  at: number;
  value: unknown;
}

const entries = new Map<string, Entry>();
/** Bumped by every forget: a read that began before it is not kept, whenever it ends. */
let generation = 0;

export function memoMs(env: Env): number {
  const raw = (env as unknown as Record<string, unknown>).AVAILABILITY_MEMO_MS;
  if (raw === undefined || raw === '') return AVAILABILITY_MEMO_MS;
  const n = Number(raw);
  return Number.isFinite(n) && n >= 0 ? Math.min(n, 10_000) : AVAILABILITY_MEMO_MS;
}

/**
 * The answer kept for `key` if younger than `ttlMs`, otherwise `read()`'s, kept (from the moment the read began) when
 * `keep` accepts it and nothing was forgotten meanwhile. Only settled answers are kept, never a read in flight:
 * requests do not wait on one another's I/O (the Workers runtime ties I/O to the request that started it, and the load
 * bench once showed 'Cannot perform I/O on behalf of a different request' while slots requests shared pending reads).
 * Concurrent misses therefore each read, which a crowd pays only in its first milliseconds.
 */
export async function memoised<T>(
  key: string,
  ttlMs: number,
  now: number,
  read: () => Promise<T>,
  keep: (value: T) => boolean,
): Promise<T> {
  if (ttlMs <= 0) return read();
  const found = entries.get(key);
  if (found && now - found.at < ttlMs && now >= found.at) return found.value as T;
  const began = generation;
  const value = await read();
  if (!keep(value) || began !== generation) return value;
  const kept = entries.get(key);
  // A newer answer (a read that began later) stays.
  if (kept && kept.at > now) return value;
  entries.delete(key);
  // Oldest first (each entry is re-inserted when written again): the expired ones go, then any over the cap.
  for (const [k, e] of entries) {
    if (now - e.at < ttlMs && entries.size < MAX_ENTRIES) break;
    entries.delete(k);
  }
  entries.set(key, { at: now, value });
  return value;
}

/** A write in this isolate: nothing kept may be older than it, nor any read already under way. */
export function forgetAvailability(): void {
  entries.clear();
  generation++;
}

/** How many answers are kept (tests). */
export function availabilityMemoSize(): number {
  return entries.size;
}
