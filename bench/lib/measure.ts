// Timing sequential requests, the way every panel bench does: warm-up first, then one request at a time, each timed
// from send to the last byte of its body.

/**
 * Every rate limit out of the way: a bench asks from one address hundreds of times a second, and the limiter is not
 * what it measures (test/worker covers the limits).
 */
export const UNLIMITED_RATE_LIMITS = Object.fromEntries(
  [
    'BOOKING_PER_IP',
    'BOOKING_PER_PHONE',
    'LOOKUP_PER_IP',
    'LOOKUP_PER_TARGET',
    'LOGIN_PER_IP',
    'LOGIN_PER_IDENTIFIER',
  ].map((k) => [`RATE_LIMIT_${k}`, '100000000']),
);

export const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

export interface Timed {
  p50: number;
  p95: number;
  p99: number;
  bytes: number;
  /** The last answer, parsed. */
  body: unknown;
  /** Per Server-Timing step (when the server runs with SERVER_TIMING=1): mean and p95 in ms. */
  steps: Record<string, { mean: number; p95: number }>;
}

/** `a;dur=1.5, b;dur=2` → [['a', 1.5], ['b', 2]]. */
const parseServerTiming = (header: string | null) =>
  (header ?? '')
    .split(',')
    .map((part) => part.trim().match(/^([\w.-]+);dur=([\d.]+)$/))
    .filter((m): m is RegExpMatchArray => m !== null)
    .map((m) => [m[1], Number(m[2])] as const);

/** `requests` GETs of `url` one after another, after `warmup` untimed ones; any answer but 200 stops the bench. */
export async function timeGets(
  url: string,
  headers: Record<string, string>,
  requests: number,
  warmup = 20,
): Promise<Timed> {
  for (let i = 0; i < warmup; i++) await (await fetch(url, { headers })).arrayBuffer();
  const times: number[] = [];
  const stepTimes: Record<string, number[]> = {};
  let last = new ArrayBuffer(0);
  for (let i = 0; i < requests; i++) {
    const start = performance.now();
    const res = await fetch(url, { headers });
    last = await res.arrayBuffer();
    times.push(performance.now() - start);
    for (const [step, ms] of parseServerTiming(res.headers.get('server-timing'))) {
      stepTimes[step] ??= [];
      stepTimes[step].push(ms);
    }
    if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status} ${new TextDecoder().decode(last)}`);
  }
  times.sort((a, b) => a - b);
  return {
    p50: pct(times, 50),
    p95: pct(times, 95),
    p99: pct(times, 99),
    bytes: last.byteLength,
    body: JSON.parse(new TextDecoder().decode(last)),
    steps: Object.fromEntries(
      Object.entries(stepTimes).map(([step, ms]) => [
        step,
        {
          mean: ms.reduce((a, b) => a + b, 0) / ms.length,
          p95: pct(
            ms.sort((a, b) => a - b),
            95,
          ),
        },
      ]),
    ),
  };
}
