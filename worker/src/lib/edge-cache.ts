// Edge caching of the public pages and the public pitch API through the Workers Cache API.
//
// Keys are the request URL plus the content version (the `content_version` token that triggers replace on every write
// to pitches, their parts, site settings or SEO entries; migration 0009), so a change is a new key at once in every data
// centre: the Cache API keeps entries per data centre and a purge would reach only the one it ran in. Slot
// availability, bookings, tracking, login and the panel never come here: they stay `no-store`.
import type { MiddlewareHandler } from 'hono';
import { istanbulToday } from '../../../contracts/dates';
import { getDb } from '../db/client';
import { contentVersionToken } from '../db/content';
import { type AppEnv, SESSION_COOKIE } from './auth';

/**
 * Seconds an entry is served as is; after that, for pages, it is still served while a fresh copy is made in the
 * background, up to EDGE_STALE_SECONDS more (the API renders it again instead, see EdgeCacheOptions).
 */
export const EDGE_FRESH_SECONDS = 300;
export const EDGE_STALE_SECONDS = 3_600;

/**
 * What browsers and any shared cache in front of us are told. Browsers revalidate every time (max-age=0), so a visitor
 * never keeps an old page; another shared cache, which cannot know our content version, keeps it for a minute at most.
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=30';

/** Answers that depend on who asks, or hold personal data: no cache anywhere may keep them. */
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

const STORED_AT = 'x-edge-stored-at';
export const CACHE_STATUS = 'x-cache';
const VERSION_PARAM = '__cv';
const DAY_PARAM = '__gun';

/** Public pages (behaviour.md#public-site) whose HTML is the same for every visitor. Tracking and login are not among them. */
export function isCacheablePage(pathname: string): boolean {
  return (
    pathname === '/' ||
    /^\/sahalar(\/.*)?$/.test(pathname) ||
    /^\/saha\/[^/]+\/?$/.test(pathname) ||
    /^\/(iletisim|aydinlatma-metni)\/?$/.test(pathname) ||
    pathname === '/sitemap.xml' ||
    pathname === '/robots.txt'
  );
}

/** The public pitch list, a pitch's detail, site settings and SEO entries. Slots, live sockets and the rest are not. */
export function isCacheableApi(pathname: string): boolean {
  return (
    /^\/api\/facilities\/?$/.test(pathname) ||
    (/^\/api\/facilities\/[^/]+\/?$/.test(pathname) && !/^\/api\/facilities\/all\/?$/.test(pathname)) ||
    pathname === '/api/site-settings' ||
    /^\/api\/seo\/page\/[^/]+$/.test(pathname)
  );
}

/** A staff member (bearer token or session cookie) may be shown what visitors are not, e.g. an inactive pitch. */
export function isPersonal(request: Request): boolean {
  if (request.headers.has('authorization')) return true;
  const cookie = request.headers.get('cookie');
  return cookie?.split(';').some((part) => part.trim().startsWith(`${SESSION_COOKIE}=`)) ?? false;
}

/** The current content version; null when it cannot be read (then nothing is served from or put into the cache). */
export async function contentVersion(db: D1Database): Promise<string | null> {
  try {
    return (await contentVersionToken(getDb(db))) ?? null;
  } catch (e) {
    console.error('edge cache: content version could not be read', e);
    return null;
  }
}

/** `caches.default`, the Workers runtime's own cache (not in the DOM typings the site's checker also reads). */
function defaultCache(): Cache {
  return (caches as unknown as { default: Cache }).default;
}

/**
 * The address, the content version and the Istanbul business day: pages mark today's opening hours and print the year,
 * so a copy made before midnight is never served after it.
 */
function cacheKey(request: Request, version: string, now: number): Request {
  const url = new URL(request.url);
  url.searchParams.set(VERSION_PARAM, version);
  url.searchParams.set(DAY_PARAM, istanbulToday(now));
  return new Request(url.toString(), { method: 'GET' });
}

/** Only a whole, public, cookie-free 200 is kept; a page or route that says no-store or private is believed. */
function storable(res: Response): boolean {
  if (res.status !== 200 || res.headers.has('set-cookie') || !res.body) return false;
  const cc = res.headers.get('cache-control')?.toLowerCase() ?? '';
  return !/no-store|private|no-cache/.test(cc);
}

function withHeaders(res: Response, set: Record<string, string>, drop: string[] = []): Response {
  const headers = new Headers(res.headers);
  for (const name of drop) headers.delete(name);
  for (const [name, value] of Object.entries(set)) headers.set(name, value);
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
}

/** The copy the cache keeps: its own lifetime (fresh + stale) and the time it was made, so a hit can tell its age. */
function storedCopy(res: Response, now: number): Response {
  return withHeaders(res, {
    'cache-control': `public, max-age=${EDGE_FRESH_SECONDS + EDGE_STALE_SECONDS}`,
    [STORED_AT]: String(now),
  });
}

export type Render = () => Promise<Response>;

/** The one part of the execution context this needs (the site's DOM typings and the Worker's differ on the rest). */
export type WaitUntil = { waitUntil(promise: Promise<unknown>): void };

export interface EdgeCacheOptions {
  /**
   * Whether `render` may run again after the answer went out, to refresh a stale entry in the background. A page
   * renderer can; a Hono `next()` runs once per request, so the API renders a stale entry in the foreground instead.
   */
  backgroundRefresh?: boolean;
  cache?: Cache;
  now?: () => number;
}

/**
 * Serves `request` from the edge cache when it holds this content version's answer, else renders it and keeps a copy
 * (ctx.waitUntil). An entry older than EDGE_FRESH_SECONDS is still served once while a fresh copy is made in the
 * background (stale-while-revalidate). The caller decides that the request is a cacheable one; requests with a staff
 * credential, and every method but GET, are rendered and marked private.
 */
export async function edgeCached(
  request: Request,
  db: D1Database,
  ctx: WaitUntil,
  render: Render,
  options: EdgeCacheOptions = {},
): Promise<Response> {
  if (request.method !== 'GET') return render();
  if (isPersonal(request)) return markPrivate(await render());
  const version = await contentVersion(db);
  if (version === null) return markPrivate(await render());
  const cache = options.cache ?? defaultCache();
  const now = options.now ?? Date.now;
  const key = cacheKey(request, version, now());

  const hit = await cache.match(key);
  const age = hit ? Math.max(0, Math.floor((now() - Number(hit.headers.get(STORED_AT))) / 1000)) : 0;
  const stale = age >= EDGE_FRESH_SECONDS;
  if (hit && (!stale || options.backgroundRefresh)) {
    if (stale) ctx.waitUntil(refresh(cache, key, render, now));
    return withHeaders(
      hit,
      { 'cache-control': PUBLIC_CACHE_CONTROL, age: String(age), [CACHE_STATUS]: stale ? 'STALE' : 'HIT' },
      [STORED_AT],
    );
  }

  const res = await render();
  if (!storable(res)) return res;
  ctx.waitUntil(cache.put(key, storedCopy(res.clone(), now())));
  return withHeaders(res, { 'cache-control': PUBLIC_CACHE_CONTROL, [CACHE_STATUS]: 'MISS' });
}

async function refresh(cache: Cache, key: Request, render: Render, now: () => number): Promise<void> {
  try {
    const res = await render();
    if (storable(res)) await cache.put(key, storedCopy(res, now()));
  } catch (e) {
    console.error('edge cache: refresh failed', e);
  }
}

function markPrivate(res: Response): Response {
  if (res.status === 101 || res.webSocket) return res;
  return withHeaders(res, { 'cache-control': PRIVATE_CACHE_CONTROL });
}

/**
 * Astro's answers: the public pages go through the cache; every other page (tracking, login, the panel, 404s) is told
 * private, no-store unless it set its own policy.
 */
export async function cachedPage(request: Request, env: Env, ctx: WaitUntil, render: Render): Promise<Response> {
  const { pathname } = new URL(request.url);
  const res = isCacheablePage(pathname)
    ? await edgeCached(request, env.DB, ctx, render, { backgroundRefresh: true })
    : await render();
  if (res.status === 101 || res.webSocket || res.headers.has('cache-control')) return res;
  return withHeaders(res, { 'cache-control': PRIVATE_CACHE_CONTROL });
}

/** The API's public reads (see isCacheableApi) through the edge cache; everything else passes by. */
export const edgeCacheApi: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.method !== 'GET' || !isCacheableApi(c.req.path)) return next();
  let ctx: WaitUntil;
  try {
    ctx = c.executionCtx;
  } catch {
    return next(); // called without an execution context (no waitUntil): nothing to cache with
  }
  const res = await edgeCached(c.req.raw, c.env.DB, ctx, async () => {
    await next();
    return c.res;
  });
  c.res = res;
};
