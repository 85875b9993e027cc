// Threat model, row 'anonymous visitor' (README 'Threat model'): anyone on the internet, no phone of a customer, no
// account. They can read the public pages and API, book, and watch a pitch's slots live. They cannot overload the
// API with huge bodies or sockets, slip a non-JSON body past a JSON route, frame our pages, double a rate limit at a
// window edge, or crash the image route with odd conditional headers.
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RateLimiter } from '../../worker/src/durable-objects/rate-limiter';
import { ApiError } from '../../worker/src/lib/errors';
import { enforceRateLimit, LIMITER_SHARDS, limiterFor, limiterShard } from '../../worker/src/lib/rate-limit';
import { securePageResponse } from '../../worker/src/lib/security-headers';
import { runScheduled } from '../../worker/src/scheduled';
import { addDays, api, createFacility, createSlots, expectError, freshPhone, istanbulToday, slotAt } from './fixtures';

const uniq = () => Math.random().toString(36).slice(2, 9);
let f: Awaited<ReturnType<typeof createFacility>>;

beforeAll(async () => {
  f = await createFacility();
  await createSlots(f, 1, 1);
});

const bookingsOf = async (phone: string) =>
  (await env.DB.prepare('select count(*) as n from bookings where customer_phone = ?')
    .bind(phone)
    .first<{ n: number }>())!.n;

describe('bodies: JSON only, and small', () => {
  it('a 10 MB body is refused with 413 in the one error shape before it is parsed', async () => {
    const phone = freshPhone();
    const big = JSON.stringify({
      facility: f.documentId,
      customerName: 'Büyük Gövde',
      customerPhone: phone,
      notes: 'x'.repeat(10 * 1024 * 1024),
    });
    const error = await expectError(
      await api('/api/bookings', { method: 'POST', headers: { 'content-type': 'application/json' }, body: big }),
      413,
    );
    expect(error.name).toBe('PayloadTooLargeError');
    expect(error.message).toBe('İstek gövdesi çok büyük');
    expect(await bookingsOf(phone)).toBe(0);
  });

  it('a streamed body without a length is cut off at the limit too', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ >= 40) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const res = await exports.default.fetch(
      new Request('http://localhost/api/auth/local', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: stream,
        duplex: 'half',
      } as RequestInit),
    );
    expect((await expectError(res, 413)).message).toBe('İstek gövdesi çok büyük');
  });

  it('a text/plain body on a JSON route is 415 with a Turkish message and nothing happens (it was read as {})', async () => {
    const slot = await slotAt(f.id, addDays(istanbulToday(), 1), '20:00');
    const phone = freshPhone();
    const body = JSON.stringify({
      facility: f.documentId,
      bookingSlot: slot.document_id,
      customerName: 'Düz Metin',
      customerPhone: phone,
    });
    const error = await expectError(
      await api('/api/bookings', { method: 'POST', headers: { 'content-type': 'text/plain' }, body }),
      415,
    );
    expect(error.name).toBe('UnsupportedMediaTypeError');
    expect(error.message).toBe('İstek gövdesi JSON olmalı (Content-Type: application/json)');
    expect(await bookingsOf(phone)).toBe(0);
  });

  it('form encodings are 415 as well; application/json with a charset passes the type check', async () => {
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/html']) {
      await expectError(
        await api('/api/auth/local', {
          method: 'POST',
          headers: { 'content-type': type },
          body: 'identifier=a&password=b',
        }),
        415,
      );
    }
    const ok = await api('/api/auth/local', {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ identifier: `x${uniq()}`, password: 'yanlis-sifre' }),
    });
    expect(ok.status).toBe(401);
  });
});

describe('security headers', () => {
  it('every API answer carries CSP (nothing may load or frame), nosniff, Referrer-Policy and X-Frame-Options', async () => {
    for (const res of [
      await api('/api/health'),
      await api('/api/no-such-route'),
      await api(`/api/facilities/${f.slug}`),
    ]) {
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('same-origin');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      await res.arrayBuffer();
    }
  });

  it('pages get a nonce CSP with frame-ancestors none, and every script of the page carries that nonce', async () => {
    const html =
      '<!doctype html><html><head><script>document.documentElement.dataset.t="1"</script></head><body><script type="module" src="/_astro/x.js"></script></body></html>';
    const res = securePageResponse(new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } }));
    const csp = res.headers.get('content-security-policy')!;
    const nonce = csp.match(/'nonce-([^']+)'/)![1];
    expect(nonce.length).toBeGreaterThanOrEqual(16);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+'(;|$)/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
    const out = await res.text();
    expect(out.match(new RegExp(`nonce="${nonce.replace(/[+/=]/g, (c) => `\\${c}`)}"`, 'g'))).toHaveLength(2);
    // A fresh nonce per answer.
    const again = securePageResponse(new Response(html, { headers: { 'content-type': 'text/html' } }));
    expect(again.headers.get('content-security-policy')).not.toBe(csp);
    await again.text();
  });
});

describe('live sockets of a pitch', () => {
  const open = (headers: Record<string, string>, ref = f.slug) =>
    api(`/api/facilities/${ref}/live`, { headers: { upgrade: 'websocket', ...headers } });
  const close = (res: Response) => {
    res.webSocket?.accept();
    res.webSocket?.close(1000, 'done');
  };

  it('a page of another site cannot open one (403); our own origin and non-browser clients can', async () => {
    const foreign = await open({ origin: 'https://kotu.example' });
    const error = await expectError(foreign, 403);
    expect(error.message).toBe('Bu bağlantı başka bir siteden açılamaz');
    const own = await open({ origin: 'http://localhost' });
    expect(own.status).toBe(101);
    close(own);
    const configured = await open({ origin: new URL(env.SITE_URL).origin });
    expect(configured.status).toBe(101);
    close(configured);
  });

  it('one address may hold at most 10 sockets on a pitch; another address still connects', async () => {
    const g = await createFacility();
    const ip = `198.51.100.${Math.floor(Math.random() * 200)}`;
    const held: Response[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await open({ 'cf-connecting-ip': ip }, g.slug);
      expect(res.status).toBe(101);
      held.push(res);
    }
    const refused = await open({ 'cf-connecting-ip': ip }, g.slug);
    const error = await expectError(refused, 429);
    expect(error.message).toBe('Çok fazla canlı bağlantı açıldı. Lütfen biraz sonra tekrar deneyin.');
    const other = await open({ 'cf-connecting-ip': '192.0.2.77' }, g.slug);
    expect(other.status).toBe(101);
    held.push(other);
    held.forEach(close);
  });

  it('a pitch holds at most LIVE_SOCKETS_PER_PITCH sockets from all addresses together', async () => {
    const g = await createFacility();
    const cap = Number(env.LIVE_SOCKETS_PER_PITCH);
    const held: Response[] = [];
    for (let i = 0; i < cap; i++) {
      const res = await open({ 'cf-connecting-ip': `203.0.113.${i}` }, g.slug);
      expect(res.status).toBe(101);
      held.push(res);
    }
    await expectError(await open({ 'cf-connecting-ip': '203.0.113.250' }, g.slug), 429);
    held.forEach(close);
  });
});

/** `base` with a numbered suffix whose limiter object is (or is not) `other`'s; fails loudly rather than loop forever. */
function sameShard(base: string, other: string, same: boolean): string {
  for (let n = 0; n < 10_000; n++) {
    const key = `${base}-${n}`;
    if ((limiterShard(key) === limiterShard(other)) === same) return key;
  }
  throw new Error(`no key near ${base} in the wanted shard`);
}

describe('rate limits have no global choke point', () => {
  const WINDOW_S = 600;

  it('keys spread evenly over the limiter objects of their kind: every shard gets a fair share of 6,400 addresses', () => {
    const counts = new Array<number>(LIMITER_SHARDS).fill(0);
    for (let i = 0; i < 100 * LIMITER_SHARDS; i++) counts[limiterShard(`booking:ip:198.51.${i >> 8}.${i & 255}`)]++;
    expect(counts.reduce((a, b) => a + b, 0)).toBe(100 * LIMITER_SHARDS);
    expect(Math.min(...counts)).toBeGreaterThanOrEqual(60);
    expect(Math.max(...counts)).toBeLessThanOrEqual(140);
  });

  it("a request's address and target are counted each in its own object, and either one over the limit refuses", async () => {
    const ip = `booking:ip:shard-${uniq()}`;
    const phone = sameShard(`booking:t:05${uniq()}`, ip, false);
    const now = Date.parse('2030-10-01T12:00:00Z');
    const rules = [
      { key: ip, limit: 100 },
      { key: phone, limit: 2 },
    ];
    await enforceRateLimit(env, 'booking', WINDOW_S, rules, now);
    await enforceRateLimit(env, 'booking', WINDOW_S, rules, now + 1);
    const refused = await enforceRateLimit(env, 'booking', WINDOW_S, rules, now + 2).catch((e: ApiError) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(429);
    for (const [key, count] of [
      [ip, 3],
      [phone, 3],
    ] as const) {
      const limiter = limiterFor(env, 'booking', key);
      await limiter.flush();
      expect((await limiter.stored(key))?.[3]).toBe(count);
    }
    // The other object of the pair never saw the key.
    expect(await limiterFor(env, 'booking', phone).stored(ip)).toBeUndefined();
  });
});

describe('rate limits slide: no double budget at a window edge', () => {
  const WINDOW_MS = 600_000;
  const hit = (key: string, at: number, limit = 5) =>
    enforceRateLimit(env, 'lookup', WINDOW_MS / 1000, [{ key, limit }], at).then(
      () => 0,
      (e: ApiError) => e.details.retryAfter as number,
    );

  it('a full budget spent just before the edge leaves nothing just after it (fixed windows let 2× through)', async () => {
    const key = `lookup:t:edge-${uniq()}`;
    const edge = Math.ceil(Date.parse('2030-06-01T12:00:00Z') / WINDOW_MS) * WINDOW_MS;
    for (let i = 0; i < 5; i++) expect(await hit(key, edge - 10 + i)).toBe(0);
    const after = [];
    for (let i = 0; i < 5; i++) after.push(await hit(key, edge + 1 + i));
    expect(after.every((wait) => wait > 0)).toBe(true);
    // The Turkish 429 comes with a wait that really frees a hit.
    expect(after[0]).toBeGreaterThan(0);
  });

  it('the budget comes back as the old hits slide out of the window', async () => {
    const key = `lookup:t:slide-${uniq()}`;
    const start = Math.floor(Date.parse('2030-07-01T12:00:00Z') / WINDOW_MS) * WINDOW_MS;
    for (let i = 0; i < 5; i++) expect(await hit(key, start + i)).toBe(0);
    expect(await hit(key, start + WINDOW_MS / 2)).toBeGreaterThan(0);
    // Two windows on, everything has slid out.
    for (let i = 0; i < 5; i++) expect(await hit(key, start + 2 * WINDOW_MS + 10 + i)).toBe(0);
  });

  it('at most the limit passes in any window-long stretch under a steady stream', async () => {
    const key = `lookup:t:stream-${uniq()}`;
    const start = Math.floor(Date.parse('2030-08-01T12:00:00Z') / WINDOW_MS) * WINDOW_MS;
    const passed: number[] = [];
    for (let t = start; t < start + 3 * WINDOW_MS; t += 20_000) if ((await hit(key, t, 10)) === 0) passed.push(t);
    for (const t0 of passed) expect(passed.filter((t) => t >= t0 && t < t0 + WINDOW_MS).length).toBeLessThanOrEqual(10);
  });

  it('counters are cleared once their window can no longer matter (the KVKK notice promises short-lived counters)', async () => {
    const key = `lookup:t:old-${uniq()}`;
    const start = Math.floor(Date.parse('2030-09-01T12:00:00Z') / WINDOW_MS) * WINDOW_MS;
    expect(await hit(key, start)).toBe(0);
    const limiter = limiterFor(env, 'lookup', key);
    await limiter.flush();
    expect(await limiter.stored(key)).toBeDefined();
    // Any later hit on the same object, two windows on, sweeps it from memory and storage.
    const other = sameShard(`lookup:t:other-${uniq()}`, key, true);
    expect(await hit(other, start + 3 * WINDOW_MS)).toBe(0);
    await limiter.flush();
    expect(await limiter.stored(key)).toBeUndefined();
  });

  it('a quiet object clears its stored counters by its alarm; flushes leave the one pending alarm alone', async () => {
    // Hits from long ago: stale as soon as the alarm looks at them.
    const key = `lookup:t:alarm-${uniq()}`;
    const past = Date.parse('2020-01-01T12:00:00Z');
    expect(await hit(key, past)).toBe(0);
    const limiter = limiterFor(env, 'lookup', key);
    const alarmOf = () => runInDurableObject(limiter, (_: RateLimiter, state) => state.storage.getAlarm());
    await limiter.flush();
    expect(await limiter.stored(key)).toBeDefined();
    const first = await alarmOf();
    expect(first).toBeGreaterThan(Date.now());
    // Another second's hits are written, but the alarm is not moved on every flush (one storage write fewer).
    await new Promise((r) => setTimeout(r, 5));
    expect(await hit(key, past + 1)).toBe(0);
    await limiter.flush();
    expect(await alarmOf()).toBe(first);
    expect(await runDurableObjectAlarm(limiter)).toBe(true);
    expect(await limiter.stored(key)).toBeUndefined();
  });

  it('the HTTP answer is the Turkish 429 with retry-after (per-target look-ups)', async () => {
    const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
    const number = `HSR${Array.from({ length: 9 }, () => ALPHABET[Math.floor(Math.random() * ALPHABET.length)]).join('')}`;
    const limit = Number(env.RATE_LIMIT_LOOKUP_PER_TARGET);
    for (let i = 0; i < limit; i++) await api(`/api/bookings/track/${number}`, { ip: `100.64.0.${i}` });
    const res = await api(`/api/bookings/track/${number}`, { ip: '100.64.1.1' });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await expectError(res, 429)).message).toBe(
      'Çok fazla deneme yaptınız. Lütfen birkaç dakika sonra tekrar deneyin.',
    );
  });
});

describe('images answer conditional requests without 500s or wrong 304s', () => {
  const put = async () => {
    const key = `facilities/threat/${uniq()}.png`;
    await env.BUCKET.put(key, new Uint8Array([137, 80, 78, 71, 1, 2, 3]), {
      httpMetadata: { contentType: 'image/png' },
    });
    const first = await api(`/api/images/${key}`);
    await first.arrayBuffer();
    return { key, etag: first.headers.get('etag')! };
  };

  it('a garbage If-None-Match is ignored (200 with the image), not a 500', async () => {
    const { key } = await put();
    for (const garbage of ['garbage', '"unterminated', 'W/', ',,,', '"a" garbage "b']) {
      const res = await api(`/api/images/${key}`, { headers: { 'if-none-match': garbage } });
      expect(res.status).toBe(200);
      expect(new Uint8Array(await res.arrayBuffer())).toHaveLength(7);
    }
  });

  it('a matching If-None-Match (also weak, also in a list, also *) is 304', async () => {
    const { key, etag } = await put();
    for (const header of [etag, `W/${etag}`, `"nope", ${etag}`, '*']) {
      const res = await api(`/api/images/${key}`, { headers: { 'if-none-match': header } });
      expect(res.status).toBe(304);
      expect(res.headers.get('etag')).toBe(etag);
    }
  });

  it('If-Match with a wrong tag is 412 (it was 304); with the right tag the image comes', async () => {
    const { key, etag } = await put();
    const error = await expectError(
      await api(`/api/images/${key}`, { headers: { 'if-match': '"yanlis-etiket"' } }),
      412,
    );
    expect(error.message).toBe('Görsel değişmiş, lütfen sayfayı yenileyin');
    await expectError(await api(`/api/images/${key}`, { headers: { 'if-match': 'garbage' } }), 412);
    // A weak tag never matches If-Match (strong comparison).
    await expectError(await api(`/api/images/${key}`, { headers: { 'if-match': `W/${etag}` } }), 412);
    const ok = await api(`/api/images/${key}`, { headers: { 'if-match': etag } });
    expect(ok.status).toBe(200);
    await ok.arrayBuffer();
  });
});

describe('the hourly cron sweeps holds on inactive pitches too', () => {
  it('a due hold on a pitch switched off is expired by runScheduled (the alarm is not the only way out)', async () => {
    const g = await createFacility({ isActive: false });
    const date = addDays(istanbulToday(), 2);
    const row = (await env.DB.prepare(
      `insert into bookings (document_id, booking_number, facility_id, customer_name, customer_phone, date, start_time, end_time,
         starts_at, slot_price, total_price, deposit_amount, status, expires_at)
       values (?1, ?2, ?3, 'Bekleyen Müşteri', ?4, ?5, '20:00', '21:00', ?6, 150000, 150000, 30000, 'pending', ?7) returning id`,
    )
      .bind(
        uniq() + uniq() + uniq(),
        `HSR${uniq().toUpperCase().slice(0, 6)}AAA`.slice(0, 12),
        g.id,
        freshPhone(),
        date,
        Date.now() + 86_400_000,
        Date.now() - 60_000,
      )
      .first<{ id: number }>())!;
    const result = await runScheduled(env);
    expect(result.swept).toBeGreaterThan(result.facilities - 1);
    const after = await env.DB.prepare('select status, expires_at from bookings where id = ?')
      .bind(row.id)
      .first<{ status: string; expires_at: number | null }>();
    expect(after).toEqual({ status: 'expired', expires_at: null });
  });
});
