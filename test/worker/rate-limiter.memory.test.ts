// A rate-limit object's memory is bounded by a count, not only by time: a stream of fresh keys (every new phone or
// booking number, refused hits included) within one window no longer grows it without end, and the bound never
// forgets the counters that matter (a key being hammered, a spelling backing off).
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { LIMITER_MAX_ENTRIES } from '../../worker/src/durable-objects/rate-limiter';

const WINDOW_MS = 600_000;
const uniq = () => Math.random().toString(36).slice(2, 9);
const ownLimiter = () => env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(`memory-test:${uniq()}`));

/** `count` fresh keys, one hit each, in calls of 5,000 rules. */
async function flood(limiter: ReturnType<typeof ownLimiter>, count: number, now: number) {
  const tag = uniq();
  for (let i = 0; i < count; i += 5000) {
    const rules = Array.from({ length: Math.min(5000, count - i) }, (_, j) => ({
      key: `booking:t:flood-${tag}-${i + j}`,
      limit: 5,
    }));
    expect(await limiter.hit(rules, WINDOW_MS, now)).toBe(0);
  }
}

describe('rate-limit objects keep a bounded number of counters', () => {
  it('fresh keys beyond the bound within one window do not grow the object past it', async () => {
    const limiter = ownLimiter();
    const now = Date.now();
    await flood(limiter, LIMITER_MAX_ENTRIES + 10_000, now);
    const size = await limiter.size();
    expect(size).toBeLessThanOrEqual(LIMITER_MAX_ENTRIES);
    // More of the same keeps it there.
    await flood(limiter, 10_000, now + 1000);
    expect(await limiter.size()).toBeLessThanOrEqual(LIMITER_MAX_ENTRIES);
  });

  it('a key being hammered is still refused after a flood of fresh keys', async () => {
    const limiter = ownLimiter();
    const now = Date.now();
    const victim = [{ key: `lookup:t:hammered-${uniq()}`, limit: 3 }];
    for (let i = 0; i < 3; i++) expect(await limiter.hit(victim, WINDOW_MS, now + i)).toBe(0);
    expect(await limiter.hit(victim, WINDOW_MS, now + 3)).toBeGreaterThan(0);
    await flood(limiter, LIMITER_MAX_ENTRIES + 5_000, now + 4);
    expect(await limiter.size()).toBeLessThanOrEqual(LIMITER_MAX_ENTRIES);
    expect(await limiter.hit(victim, WINDOW_MS, now + 5)).toBeGreaterThan(0);
  });

  it('a spelling backing off keeps backing off after a flood of single failures', async () => {
    const limiter = ownLimiter();
    const now = Date.now();
    const spelling = [{ key: `login:f:victim-${uniq()}`, free: 2, maxDelayMs: 60_000 }];
    for (let i = 0; i < 2; i++) expect(await limiter.attempt(spelling, now)).toBe(0);
    expect(await limiter.attempt(spelling, now + 1)).toBeGreaterThan(0);
    const tag = uniq();
    for (let i = 0; i < LIMITER_MAX_ENTRIES + 5_000; i += 5000)
      await limiter.attempt(
        Array.from({ length: 5000 }, (_, j) => ({ key: `login:f:${tag}-${i + j}`, free: 5, maxDelayMs: 60_000 })),
        now + 2,
      );
    expect(await limiter.size()).toBeLessThanOrEqual(LIMITER_MAX_ENTRIES);
    expect(await limiter.attempt(spelling, now + 3)).toBeGreaterThan(0);
  });
});
