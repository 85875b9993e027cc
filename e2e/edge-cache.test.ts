// Edge caching through the real Worker entry and Astro: a public page's second answer comes from the Cache
// API with a fresh CSP nonce, a write to the pitch (here straight into D1, as any path might) is a miss at once, and
// tracking, login, slots and a signed-in visitor are never cached.
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, inject, it } from 'vitest';
import { origin } from './support/browser';

const SLUG = 'nilufer-arena-hali-saha';
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(new URL(path, origin()), { headers, redirect: 'manual' });

/** The cache write happens after the answer went out (waitUntil): ask until the copy is there. */
async function untilHit(path: string): Promise<Response> {
  for (let i = 0; i < 50; i++) {
    const res = await get(path);
    if (res.headers.get('x-cache') === 'HIT') return res;
    await res.arrayBuffer();
    await sleep(100);
  }
  throw new Error(`${path} was never answered from the cache`);
}

function writeDb(sql: string, ...args: (string | number)[]) {
  const dir = resolve(inject('state'), 'v3/d1/miniflare-D1DatabaseObject');
  const file = readdirSync(dir).find((f) => f.endsWith('.sqlite') && f !== 'metadata.sqlite');
  if (!file) throw new Error(`no D1 file in ${dir}`);
  const db = new DatabaseSync(resolve(dir, file));
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    db.prepare(sql).run(...args);
  } finally {
    db.close();
  }
}

const nonce = (html: string) => html.match(/<script[^>]*nonce="([^"]+)"/)?.[1];

describe('public pages from the edge cache', () => {
  it('a pitch page is served from the cache with its own nonce, and a rename is shown at once', async () => {
    const path = `/saha/${SLUG}`;
    const hit = await untilHit(path);
    expect(hit.status).toBe(200);
    expect(hit.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=30');
    expect(Number(hit.headers.get('age'))).toBeGreaterThanOrEqual(0);
    expect(hit.headers.get('set-cookie')).toBeNull();
    const first = await hit.text();
    const again = await get(path);
    expect(again.headers.get('x-cache')).toBe('HIT');
    const second = await again.text();
    expect(nonce(first)).toBeDefined();
    expect(nonce(second)).not.toBe(nonce(first));
    expect(again.headers.get('content-security-policy')).toContain(`'nonce-${nonce(second)}'`);

    const renamed = `Nilüfer Arena Önbellek ${Date.now()}`;
    const original = first.match(/<h1[^>]*>([^<]+)</)?.[1]?.trim();
    expect(original).toBeTruthy();
    writeDb('UPDATE facilities SET name = ? WHERE slug = ?', renamed, SLUG);
    try {
      const after = await get(path);
      expect(after.headers.get('x-cache')).toBe('MISS');
      expect(await after.text()).toContain(renamed);
      const list = await get('/sahalar');
      expect(list.headers.get('x-cache')).toBe('MISS');
      expect(await list.text()).toContain(renamed);
    } finally {
      writeDb('UPDATE facilities SET name = ? WHERE slug = ?', original as string, SLUG);
    }
    const restored = await get(path);
    expect(restored.headers.get('x-cache')).toBe('MISS');
    expect(await restored.text()).not.toContain(renamed);
  });

  it('the home page, the list, the sitemap and robots.txt are cacheable', async () => {
    for (const path of ['/', '/sahalar', '/sitemap.xml', '/robots.txt', '/iletisim']) {
      const res = await untilHit(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('set-cookie')).toBeNull();
      await res.arrayBuffer();
    }
  });

  it('tracking, login and a visitor with a session cookie are private and never cached', async () => {
    for (const [path, headers] of [
      ['/rezervasyon-takip', {}],
      ['/rezervasyon-takip?q=HSR-000000', {}],
      ['/giris', {}],
      ['/', { cookie: 'hs_session=gecersiz' }],
      [`/saha/${SLUG}`, { cookie: 'hs_session=gecersiz' }],
    ] as const) {
      for (let i = 0; i < 2; i++) {
        const res = await get(path, headers);
        expect(res.status).toBe(200);
        expect(res.headers.get('cache-control')).toBe('private, no-store');
        expect(res.headers.get('x-cache')).toBeNull();
        await res.arrayBuffer();
      }
    }
    const panel = await get('/yonetim');
    expect(panel.headers.get('x-cache')).toBeNull();
    expect(panel.headers.get('cache-control')).toMatch(/no-store/);
  });

  it('a failed pitch read (maintenance notice, error notice) is answered no-store and never kept', async () => {
    // A fresh address per page: a copy cached earlier in the run would answer before the page ever reads.
    const run = Date.now();
    const paths = [`/?kontrol=${run}`, `/sahalar?kontrol=${run}`];
    // What only a listed pitch renders: its card's data-name attribute (styles and scripts name only data-* selectors).
    const card = 'data-name="';
    // The pitch list reads facility_amenities; the content version does not, so the page still goes through the cache.
    writeDb('ALTER TABLE facility_amenities RENAME TO facility_amenities_kapali');
    try {
      for (const path of paths)
        for (let i = 0; i < 3; i++) {
          const res = await get(path);
          const html = await res.text();
          expect(res.status, path).toBe(path.startsWith('/sahalar') ? 503 : 200);
          expect(res.headers.get('cache-control'), path).toBe('no-store');
          expect(res.headers.get('x-cache'), path).toBeNull();
          expect(html, path).toContain(
            path.startsWith('/sahalar') ? 'Sahalar yüklenirken hata oluştu' : 'Sistem Bakımda',
          );
          expect(html, path).not.toContain(card);
          await sleep(100); // time for a cache write, had one been made
        }
    } finally {
      writeDb('ALTER TABLE facility_amenities_kapali RENAME TO facility_amenities');
    }
    // Readable again: the same address is rendered afresh (a miss), lists the pitches, and only now is kept.
    for (const path of paths) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('x-cache'), path).toBe('MISS');
      const html = await res.text();
      expect(html, path).toContain(card);
      expect(html, path).not.toContain('Sistem Bakımda');
      expect((await untilHit(path)).status).toBe(200);
    }
  });

  it('slot availability stays live', async () => {
    const date = new Date(Date.now() + 3 * 3_600_000 + 86_400_000).toISOString().slice(0, 10);
    for (let i = 0; i < 2; i++) {
      const res = await get(`/api/facilities/${SLUG}/slots?date=${date}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('x-cache')).toBeNull();
      await res.arrayBuffer();
    }
    const list = await untilHit('/api/facilities');
    expect(list.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=30');
  });
});
