// Edge caching: the public pitch list, a pitch, site settings and the public pages come from the Workers
// Cache API keyed by the content version, a change to a pitch or the settings is a miss at once, and slots, bookings,
// tracking, login, the panel and anything a staff credential or a cookie touches is never cached.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { app } from '../../worker/src/app';
import { getDb } from '../../worker/src/db/client';
import {
  cachedPage,
  contentVersion,
  EDGE_FRESH_SECONDS,
  edgeCached,
  PRIVATE_CACHE_CONTROL,
  PUBLIC_CACHE_CONTROL,
} from '../../worker/src/lib/edge-cache';
import { securePageResponse } from '../../worker/src/lib/security-headers';
import { activeFacilities } from '../../worker/src/services/facilities';
import {
  addDays,
  createFacility,
  createSlots,
  createStaff,
  freshPhone,
  istanbulToday,
  slotAt,
  tokenFor,
} from './fixtures';
import { pitchInput } from './fixtures/images';

let admin: string;
beforeAll(async () => {
  admin = await tokenFor(await createStaff('admin'));
});

/** A D1 that records every statement prepared on it: what a request read. */
function countingDb(d1: D1Database) {
  const statements: string[] = [];
  const db = new Proxy(d1, {
    get(target, prop) {
      if (prop === 'prepare')
        return (query: string) => {
          statements.push(query);
          return target.prepare(query);
        };
      const value = Reflect.get(target, prop) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { db, statements };
}

type Init = RequestInit & { json?: unknown; token?: string; cookie?: string };

/** One request through the Hono app with its own execution context, waited on so the cache write has landed. */
async function call(path: string, init: Init = {}, db: D1Database = env.DB) {
  const headers = new Headers(init.headers);
  if (init.json !== undefined) headers.set('content-type', 'application/json');
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  if (init.cookie) headers.set('cookie', init.cookie);
  const ctx = createExecutionContext();
  const res = await app.fetch(
    new Request(`http://localhost${path}`, {
      ...init,
      headers,
      body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
    }),
    { ...env, DB: db },
    ctx,
  );
  const body = await res.text();
  await waitOnExecutionContext(ctx);
  return { res, body, data: body ? JSON.parse(body).data : undefined };
}

const unique = () => Math.random().toString(36).slice(2, 8);

describe('the public pitch API from the edge cache', () => {
  it('answers the list a second time from the cache, with its age and without reading the pitches again', async () => {
    const f = await createFacility({ name: `Önbellek Sahası ${unique()}` });
    const first = await call('/api/facilities');
    expect(first.res.status).toBe(200);
    expect(first.res.headers.get('x-cache')).toBe('MISS');
    expect(first.res.headers.get('cache-control')).toBe(PUBLIC_CACHE_CONTROL);
    expect(first.data.map((p: { id: number }) => p.id)).toContain(f.id);

    const { db, statements } = countingDb(env.DB);
    const second = await call('/api/facilities', {}, db);
    expect(second.res.headers.get('x-cache')).toBe('HIT');
    expect(Number(second.res.headers.get('age'))).toBeGreaterThanOrEqual(0);
    expect(second.res.headers.get('cache-control')).toBe(PUBLIC_CACHE_CONTROL);
    expect(second.res.headers.get('x-edge-stored-at')).toBeNull();
    expect(second.body).toBe(first.body);
    // The one read of a hit is the content version; the pitches, images and amenities are not read.
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/^select "version" from "content_version"/);
    // The API's own headers still go on a cached answer.
    expect(second.res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('serves what was cached for this version even when the rows changed behind its back (the hit is the cache)', async () => {
    const f = await createFacility({ name: `Eski Ad ${unique()}` });
    const path = `/api/facilities/${f.slug}`;
    await call(path);
    const version = await contentVersion(env.DB);
    // A raw write: the trigger gives a new version; putting the old one back shows the answer is the cached copy.
    await env.DB.prepare('UPDATE facilities SET name = ? WHERE id = ?').bind('Yeni Ad', f.id).run();
    expect(await contentVersion(env.DB)).not.toBe(version);
    await env.DB.prepare('UPDATE content_version SET version = ? WHERE id = 1').bind(version).run();
    const hit = await call(path);
    expect(hit.res.headers.get('x-cache')).toBe('HIT');
    expect(hit.data.name).toBe(f.name);
    // Any write bumps it again, and then the new name is read.
    await env.DB.prepare('UPDATE facilities SET priority = priority WHERE id = ?').bind(f.id).run();
    const miss = await call(path);
    expect(miss.res.headers.get('x-cache')).toBe('MISS');
    expect(miss.data.name).toBe('Yeni Ad');
  });

  it('misses at once after a pitch is updated through the panel API, and shows the new name', async () => {
    const created = await call('/api/facilities', {
      method: 'POST',
      token: admin,
      json: pitchInput({ name: `Güncel Saha ${unique()}` }),
    });
    expect(created.res.status).toBe(201);
    const slug = created.data.slug as string;
    await call(`/api/facilities/${slug}`);
    expect((await call(`/api/facilities/${slug}`)).res.headers.get('x-cache')).toBe('HIT');
    await call('/api/facilities');
    expect((await call('/api/facilities')).res.headers.get('x-cache')).toBe('HIT');

    const newName = `Yenilenmiş Saha ${unique()}`;
    const updated = await call(`/api/facilities/${slug}`, {
      method: 'PUT',
      token: admin,
      json: pitchInput({ name: newName }),
    });
    expect(updated.res.status).toBe(200);
    expect(updated.res.headers.get('cache-control')).toBe('no-store');

    const detail = await call(`/api/facilities/${slug}`);
    expect(detail.res.headers.get('x-cache')).toBe('MISS');
    expect(detail.data.name).toBe(newName);
    const list = await call('/api/facilities');
    expect(list.res.headers.get('x-cache')).toBe('MISS');
    expect(list.data.map((p: { name: string }) => p.name)).toContain(newName);
  });

  it('drops a deactivated pitch from the cached list and detail at once', async () => {
    const f = await createFacility({ name: `Kapanacak Saha ${unique()}` });
    await call('/api/facilities');
    await call(`/api/facilities/${f.slug}`);
    const toggled = await call(`/api/facilities/${f.slug}/toggle-status`, {
      method: 'PATCH',
      token: admin,
      json: { isActive: false },
    });
    expect(toggled.res.status).toBe(200);
    const list = await call('/api/facilities');
    expect(list.res.headers.get('x-cache')).toBe('MISS');
    expect(list.data.map((p: { id: number }) => p.id)).not.toContain(f.id);
    const detail = await call(`/api/facilities/${f.slug}`);
    expect(detail.res.status).toBe(404);
    expect(detail.res.headers.get('cache-control')).toBe('no-store');
    expect(detail.res.headers.get('x-cache')).toBeNull();
  });

  it('misses after the site settings change (the name every page shows)', async () => {
    await call('/api/site-settings');
    expect((await call('/api/site-settings')).res.headers.get('x-cache')).toBe('HIT');
    const siteName = `Saha Dünyası ${unique()}`;
    const saved = await call('/api/site-settings', {
      method: 'PUT',
      token: admin,
      json: { siteName, contactPhones: [] },
    });
    expect(saved.res.status).toBe(200);
    const after = await call('/api/site-settings');
    expect(after.res.headers.get('x-cache')).toBe('MISS');
    expect(after.data.siteName).toBe(siteName);
  });

  it('keys by the whole address: another query is another entry', async () => {
    await createFacility({ name: `Sorgu Sahası ${unique()}` });
    expect((await call('/api/facilities?sort=name')).res.headers.get('x-cache')).toBe('MISS');
    expect((await call('/api/facilities?sort=name')).res.headers.get('x-cache')).toBe('HIT');
    expect((await call('/api/facilities?sort=name:desc')).res.headers.get('x-cache')).toBe('MISS');
  });
});

describe('what is never cached', () => {
  it('slot availability is live: no-store on every read, never a hit', async () => {
    const f = await createFacility();
    await createSlots(f, 0, 1);
    const date = addDays(istanbulToday(), 1);
    for (let i = 0; i < 2; i++) {
      const { res } = await call(`/api/facilities/${f.slug}/slots?date=${date}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('x-cache')).toBeNull();
    }
  });

  it('a booking, its tracking and the login answer are no-store', async () => {
    const f = await createFacility();
    await createSlots(f, 1, 2);
    const slot = await slotAt(f.id, addDays(istanbulToday(), 1), '20:00');
    const booked = await call('/api/bookings', {
      method: 'POST',
      json: {
        facility: f.documentId,
        bookingSlot: slot.document_id,
        customerName: 'Ali Veli',
        customerPhone: freshPhone(),
      },
    });
    expect(booked.res.status).toBe(201);
    expect(booked.res.headers.get('cache-control')).toBe('no-store');
    for (let i = 0; i < 2; i++) {
      const tracked = await call(`/api/bookings/track/${booked.data.bookingNumber}`);
      expect(tracked.res.status).toBe(200);
      expect(tracked.res.headers.get('cache-control')).toBe('no-store');
      expect(tracked.res.headers.get('x-cache')).toBeNull();
    }
    const login = await call('/api/auth/local', {
      method: 'POST',
      json: { identifier: 'yok@ornek.com', password: 'yanlis-parola' },
    });
    expect(login.res.headers.get('cache-control')).toBe('no-store');
    expect(login.res.headers.get('x-cache')).toBeNull();
  });

  it('the staff list is no-store, and a staff member’s view of a pitch is private and never stored for visitors', async () => {
    const all = await call('/api/facilities/all', { token: admin });
    expect(all.res.status).toBe(200);
    expect(all.res.headers.get('cache-control')).toBe('no-store');

    const hidden = await createFacility({ name: `Gizli Saha ${unique()}`, isActive: false });
    const path = `/api/facilities/${hidden.slug}`;
    for (const init of [{ token: admin }, { cookie: `tema=koyu; hs_session=${admin}` }]) {
      const staff = await call(path, init);
      expect(staff.res.status).toBe(200);
      expect(staff.data.name).toBe(hidden.name);
      expect(staff.res.headers.get('cache-control')).toBe(PRIVATE_CACHE_CONTROL);
      expect(staff.res.headers.get('x-cache')).toBeNull();
    }
    // Had the staff answer been stored, this would be a hit showing the inactive pitch.
    const visitor = await call(path);
    expect(visitor.res.status).toBe(404);
    expect(visitor.res.headers.get('x-cache')).toBeNull();

    // A cached public answer is not handed to staff either: they get their own, uncached.
    const open = await createFacility({ name: `Açık Saha ${unique()}` });
    await call(`/api/facilities/${open.slug}`);
    expect((await call(`/api/facilities/${open.slug}`)).res.headers.get('x-cache')).toBe('HIT');
    const staffView = await call(`/api/facilities/${open.slug}`, { token: admin });
    expect(staffView.res.headers.get('x-cache')).toBeNull();
    expect(staffView.res.headers.get('cache-control')).toBe(PRIVATE_CACHE_CONTROL);
  });
});

describe('the cache itself (edgeCached)', () => {
  const origin = () => `http://kenar-${unique()}.test`;

  it('never keeps an answer that sets a cookie, is not a 200, or says no-store', async () => {
    for (const make of [
      () => new Response('ok', { headers: { 'set-cookie': 'a=b; Path=/' } }),
      () => new Response('yok', { status: 404 }),
      () => new Response('ok', { headers: { 'cache-control': 'no-store' } }),
      () => new Response('ok', { headers: { 'cache-control': 'private, max-age=60' } }),
    ]) {
      let renders = 0;
      const url = `${origin()}/`;
      for (let i = 0; i < 2; i++) {
        const ctx = createExecutionContext();
        const res = await edgeCached(new Request(url), env.DB, ctx, async () => {
          renders++;
          return make();
        });
        await res.text();
        await waitOnExecutionContext(ctx);
        expect(res.headers.get('x-cache')).toBeNull();
      }
      expect(renders).toBe(2);
    }
  });

  it('serves an entry past its fresh time once while refreshing it in the background (stale-while-revalidate)', async () => {
    const cache = await caches.open(`kenar-${unique()}`);
    const url = `${origin()}/sahalar`;
    let clock = 1_000_000_000_000;
    let renders = 0;
    const render = async () => new Response(`sürüm ${++renders}`, { headers: { 'content-type': 'text/plain' } });
    const get = async () => {
      const ctx = createExecutionContext();
      const res = await edgeCached(new Request(url), env.DB, ctx, render, {
        cache,
        now: () => clock,
        backgroundRefresh: true,
      });
      const body = await res.text();
      await waitOnExecutionContext(ctx);
      return { status: res.headers.get('x-cache'), age: res.headers.get('age'), body };
    };
    expect(await get()).toEqual({ status: 'MISS', age: null, body: 'sürüm 1' });
    clock += 10_000;
    expect(await get()).toEqual({ status: 'HIT', age: '10', body: 'sürüm 1' });
    clock += EDGE_FRESH_SECONDS * 1000;
    expect(await get()).toEqual({ status: 'STALE', age: String(EDGE_FRESH_SECONDS + 10), body: 'sürüm 1' });
    expect(renders).toBe(2);
    expect(await get()).toEqual({ status: 'HIT', age: '0', body: 'sürüm 2' });
  });

  it('a copy made before midnight in Istanbul is not served after it (pages mark today and print the year)', async () => {
    const cache = await caches.open(`kenar-${unique()}`);
    const url = `${origin()}/sahalar`;
    let clock = Date.parse('2026-12-31T20:59:58Z'); // 23:59:58 in Istanbul
    let renders = 0;
    const get = async () => {
      const ctx = createExecutionContext();
      const res = await edgeCached(new Request(url), env.DB, ctx, async () => new Response(`sürüm ${++renders}`), {
        cache,
        now: () => clock,
        backgroundRefresh: true,
      });
      const body = await res.text();
      await waitOnExecutionContext(ctx);
      return { status: res.headers.get('x-cache'), body };
    };
    expect(await get()).toEqual({ status: 'MISS', body: 'sürüm 1' });
    clock += 1_000;
    expect(await get()).toEqual({ status: 'HIT', body: 'sürüm 1' });
    clock += 2_000; // 00:00:01 on 1 January
    expect(await get()).toEqual({ status: 'MISS', body: 'sürüm 2' });
  });

  it('renders a stale entry in the foreground when it cannot refresh in the background (the API)', async () => {
    const cache = await caches.open(`kenar-${unique()}`);
    const url = `${origin()}/api/facilities`;
    let clock = 1_000_000_000_000;
    let renders = 0;
    const get = async () => {
      const ctx = createExecutionContext();
      const res = await edgeCached(new Request(url), env.DB, ctx, async () => new Response(`sürüm ${++renders}`), {
        cache,
        now: () => clock,
      });
      const body = await res.text();
      await waitOnExecutionContext(ctx);
      return { status: res.headers.get('x-cache'), body };
    };
    await get();
    clock += EDGE_FRESH_SECONDS * 1000;
    expect(await get()).toEqual({ status: 'MISS', body: 'sürüm 2' });
  });
});

describe('public pages (cachedPage, as the Worker entry calls it around Astro)', () => {
  const origin = () => `http://sayfa-${unique()}.test`;
  /** Stands in for Astro: renders the pitch list from D1 the way the home page does, and counts its renders. */
  function homeRenderer() {
    const state = { renders: 0 };
    const render = async () => {
      state.renders++;
      const names = (await activeFacilities(getDb(env.DB))).map((f) => `<li>${f.name}</li>`).join('');
      return new Response(`<!doctype html><html><body><ul>${names}</ul><script>1</script></body></html>`, {
        headers: { 'content-type': 'text/html; charset=utf-8' },
      });
    };
    return { state, render };
  }

  async function page(url: string, render: () => Promise<Response>, headers: HeadersInit = {}) {
    const ctx = createExecutionContext();
    const res = securePageResponse(await cachedPage(new Request(url, { headers }), env, ctx, render));
    const body = await res.text();
    await waitOnExecutionContext(ctx);
    return { res, body };
  }

  it('caches the home page, gives every answer its own CSP nonce, and misses after a pitch is renamed', async () => {
    const f = await createFacility({ name: `Ana Sayfa Sahası ${unique()}` });
    const url = `${origin()}/`;
    const { state, render } = homeRenderer();
    const first = await page(url, render);
    const second = await page(url, render);
    expect(state.renders).toBe(1);
    expect(first.res.headers.get('x-cache')).toBe('MISS');
    expect(second.res.headers.get('x-cache')).toBe('HIT');
    expect(second.res.headers.get('cache-control')).toBe(PUBLIC_CACHE_CONTROL);
    expect(second.body).toContain(f.name);
    const nonce = (body: string) => body.match(/nonce="([^"]+)"/)?.[1];
    expect(nonce(first.body)).toBeDefined();
    expect(nonce(second.body)).toBeDefined();
    expect(nonce(second.body)).not.toBe(nonce(first.body));
    expect(second.res.headers.get('content-security-policy')).toContain(`'nonce-${nonce(second.body)}'`);

    const renamed = `Yeni Adlı Saha ${unique()}`;
    const put = await call(`/api/facilities/${f.slug}`, {
      method: 'PUT',
      token: admin,
      json: pitchInput({ name: renamed }),
    });
    expect(put.res.status).toBe(200);
    const third = await page(url, render);
    expect(third.res.headers.get('x-cache')).toBe('MISS');
    expect(third.body).toContain(renamed);
    expect(third.body).not.toContain(f.name);
    expect(state.renders).toBe(2);
  });

  it('caches /sahalar, a pitch page, the sitemap and robots.txt; each path is its own entry', async () => {
    const base = origin();
    for (const path of [
      '/sahalar',
      '/sahalar?siralama=fiyat',
      '/saha/bir-saha',
      '/iletisim',
      '/sitemap.xml',
      '/robots.txt',
    ]) {
      let renders = 0;
      const render = async () => {
        renders++;
        return new Response(path, { headers: { 'content-type': 'text/plain' } });
      };
      expect((await page(`${base}${path}`, render)).res.headers.get('x-cache')).toBe('MISS');
      const hit = await page(`${base}${path}`, render);
      expect(hit.res.headers.get('x-cache')).toBe('HIT');
      expect(hit.body).toBe(path);
      expect(renders).toBe(1);
    }
  });

  it('tracking, login and the panel are private, no-store and rendered every time', async () => {
    const base = origin();
    for (const path of [
      '/rezervasyon-takip?q=HS-123456',
      '/giris',
      '/yonetim',
      '/yonetim/sahalar',
      '/bilinmeyen-sayfa',
    ]) {
      let renders = 0;
      const render = async () => {
        renders++;
        return new Response('<p>özel</p>', { headers: { 'content-type': 'text/html' } });
      };
      for (let i = 0; i < 2; i++) {
        const { res } = await page(`${base}${path}`, render);
        expect(res.headers.get('cache-control')).toBe(PRIVATE_CACHE_CONTROL);
        expect(res.headers.get('x-cache')).toBeNull();
      }
      expect(renders).toBe(2);
    }
  });

  it('a visitor with a staff session cookie gets a fresh, private page, and it is not stored for others', async () => {
    const url = `${origin()}/`;
    const { state, render } = homeRenderer();
    const staff = await page(url, render, { cookie: `hs_session=${admin}` });
    expect(staff.res.headers.get('cache-control')).toBe(PRIVATE_CACHE_CONTROL);
    expect(staff.res.headers.get('x-cache')).toBeNull();
    const visitor = await page(url, render);
    expect(visitor.res.headers.get('x-cache')).toBe('MISS');
    expect(state.renders).toBe(2);
    // Other cookies (a theme choice, say) do not change the page: such visitors share the cached copy.
    const themed = await page(url, render, { cookie: 'tema=koyu' });
    expect(themed.res.headers.get('x-cache')).toBe('HIT');
  });

  it('a page answer that sets a cookie is never cached', async () => {
    const url = `${origin()}/`;
    let renders = 0;
    const render = async () => {
      renders++;
      return new Response('<p>çerez</p>', {
        headers: { 'content-type': 'text/html', 'set-cookie': 'oturum=1; Path=/' },
      });
    };
    for (let i = 0; i < 2; i++) expect((await page(url, render)).res.headers.get('x-cache')).toBeNull();
    expect(renders).toBe(2);
  });
});
