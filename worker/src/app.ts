import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';
import { MAX_IMAGE_BYTES, MAX_IMAGES } from '../../contracts/facility-form';
import { msg } from '../../contracts/messages';
import { databaseAnswers } from './db/health';
import { type AppEnv, cookieAuthenticated } from './lib/auth';
import { forgetAvailability } from './lib/availability-memo';
import {
  costEnabled,
  costHeader,
  currentCost,
  hopEntries,
  isolateHeader,
  metered,
  meteredEnv,
  resetStatements,
  statementsHeader,
  unmetered,
} from './lib/d1-cost';
import { edgeCacheApi } from './lib/edge-cache';
import { ApiError, badRequest, forbidden, payloadTooLarge, serverError, serviceUnavailable } from './lib/errors';
import { isMultipart } from './lib/multipart';
import { API_CSP, REFERRER_POLICY } from './lib/security-headers';
import { serverTimingHeader, timed, timingEnabled } from './lib/timing';
import { isJsonType, refuseDeepJson } from './lib/validate';
import { authRoutes } from './routes/auth';
import { availabilityRoutes } from './routes/availability';
import { bookingPushRoutes } from './routes/booking-push';
import { bookingSlotRoutes } from './routes/booking-slots';
import { bookingRoutes } from './routes/bookings';
import { calendarRoutes } from './routes/calendar';
import { closureRoutes } from './routes/closures';
import { contentRoutes } from './routes/content';
import { customerRoutes } from './routes/customers';
import { facilityRoutes } from './routes/facilities';
import { notificationRoutes } from './routes/notifications';
import { pushRoutes } from './routes/push';
import { bookingRatingRoutes, ratingRoutes } from './routes/ratings';
import { reportRoutes } from './routes/reports';
import { staffRoutes } from './routes/staff';
import { staffPushRoutes } from './routes/staff-push';
import { waitlistRoutes } from './routes/waitlist';

const routes = new Hono<AppEnv>()
  .basePath('/api')
  // Off in production; `npm run bench:cost` turns it on to count the D1 rows and object calls of each request
  // (lib/d1-cost.ts).
  .use('*', async (c, next) => {
    if (!costEnabled(c.env)) return unmetered(next);
    c.env = meteredEnv(c.env);
    if (c.req.header('x-cost-reset') === '1') resetStatements();
    const { cost } = await metered(() => next());
    if (c.res.status === 101) return;
    c.res.headers.set('x-cost', costHeader(cost));
    c.res.headers.set('x-cost-isolate', isolateHeader());
    c.res.headers.set('x-cost-statements', statementsHeader());
  })
  // Off in production; the benches turn it on to see where a request's time goes (lib/timing.ts).
  .use('*', async (c, next) => {
    if (!timingEnabled(c.env)) return next();
    const started = performance.now();
    const { timings = [] } = await timed(true, () => next());
    timings.push({ step: 'total', ms: performance.now() - started });
    const cost = currentCost();
    if (c.res.status !== 101)
      c.res.headers.set('server-timing', [serverTimingHeader(timings), ...(cost ? [hopEntries(cost)] : [])].join(', '));
  })
  .use('*', async (c, next) => {
    await next();
    // Whatever a write changed, this isolate's memory of availability answers is not older than it.
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') forgetAvailability();
  })
  .use('*', async (c, next) => {
    await next();
    // Answers carry bookings and tokens: never cached, unless a route says otherwise (images).
    if (c.res.status !== 101 && !c.res.headers.has('cache-control')) c.res.headers.set('cache-control', 'no-store');
  })
  .use('*', async (c, next) => {
    // A socket's 101 answer has immutable headers; the upgrade itself is guarded by the Origin check below.
    if (isUpgrade(c.req.raw)) return next();
    return apiHeaders(c, next);
  })
  // Both live channels (the staff hub, a pitch's slots): a browser always sends Origin on a WebSocket, and a page of
  // another site must not open one with the visitor's cookie (cross-site WebSocket hijacking) or by the thousand.
  .use('*', async (c, next) => {
    if (isUpgrade(c.req.raw) && !sameOrigin(c.req.header('origin'), c.req.url, c.env.SITE_URL))
      throw forbidden(msg.foreignOrigin);
    await next();
  })
  // Refused before anything parses it (behaviour.md#errors-and-input bodies are small JSON); only the pitch form's uploads may be larger.
  .use('*', (c, next) =>
    bodyLimit({
      maxSize: isFacilityUpload(c.req.raw, c.req.path) ? UPLOAD_BODY_BYTES : maxBodyBytes(c.env),
      onError: () => {
        throw payloadTooLarge();
      },
    })(c, next),
  )
  // CSRF: a cookie-authenticated write must come from our own pages (Origin, or Sec-Fetch-Site: same-origin). A bearer
  // token cannot ride along on a cross-site request, so API clients are not affected.
  .use('*', (c, next) => (cookieAuthenticated(c) ? cookieCsrf(c, next) : next()))
  // No body nests deeper than MAX_JSON_DEPTH: a deeper one is refused from its text, before a parser, a schema or
  // JSON.stringify recurses through it (every JSON route; the pitch form's multipart `data` field in lib/multipart.ts).
  .use('*', async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method) && isJsonType(c.req.header('content-type'))) refuseDeepJson(await c.req.text());
    await next();
  })
  // The public pitch list, a pitch, site settings and SEO entries from the edge cache, keyed by the content version
  // (lib/edge-cache.ts); slots and everything personal pass by and stay no-store.
  .use('*', edgeCacheApi)
  /**
   * Liveness. `?deep=1` also asks D1 one trivial statement and answers 503 when it cannot: for an uptime monitor, and
   * for `npm run bench`, whose calibration row shows what one round trip costs next to the bare route.
   */
  .get('/health', async (c) => {
    if (c.req.query('deep') !== '1') return c.json({ data: { ok: true }, meta: {} });
    if (!(await databaseAnswers(c.env.DB))) throw serviceUnavailable(msg.databaseUnavailable);
    return c.json({ data: { ok: true, database: true }, meta: {} });
  })
  .route('/facilities', facilityRoutes)
  .route('/availability', availabilityRoutes)
  .route('/booking-slots', bookingSlotRoutes)
  // Before the bookings routes: their '/:id' would otherwise take 'customers'.
  .route('/bookings/customers', customerRoutes)
  // 'Bildirim al' beside tracking (the number proves the booking).
  .route('/bookings', bookingPushRoutes)
  // 'Sahayı değerlendir' beside tracking (the number proves the booking).
  .route('/bookings', bookingRatingRoutes)
  .route('/bookings', bookingRoutes)
  .route('/notifications', notificationRoutes)
  .route('/ratings', ratingRoutes)
  .route('/push/staff', staffPushRoutes)
  .route('/push', pushRoutes)
  .route('/reports', reportRoutes)
  .route('/waitlist', waitlistRoutes)
  .route('/closures', closureRoutes)
  .route('/', calendarRoutes)
  .route('/', authRoutes)
  .route('/', staffRoutes)
  .route('/', contentRoutes);

function isUpgrade(req: Request): boolean {
  return req.headers.get('upgrade')?.toLowerCase() === 'websocket';
}

/** No Origin (a non-browser client) is allowed: only a browser can be made to send someone else's cookie. */
function sameOrigin(origin: string | undefined, requestUrl: string, siteUrl: string | undefined): boolean {
  if (origin === undefined) return true;
  const own = [new URL(requestUrl).origin];
  try {
    if (siteUrl) own.push(new URL(siteUrl).origin);
  } catch {
    // a malformed SITE_URL only leaves the request's own origin
  }
  return own.includes(origin);
}

/**
 * Five images of at most 5 MB (behaviour.md#constants-and-limits), their smaller WebP copies (each a fraction of its photo: half as much again is
 * ample) and the form's JSON.
 */
export const UPLOAD_BODY_BYTES = Math.ceil(MAX_IMAGES * MAX_IMAGE_BYTES * 1.5) + 1024 * 1024;

/** Multipart create or update of a pitch: POST /api/facilities, PUT /api/facilities/:ref. */
function isFacilityUpload(req: Request, path: string): boolean {
  if (!isMultipart(req)) return false;
  if (req.method === 'POST') return /^\/api\/facilities\/?$/.test(path);
  if (req.method === 'PUT') return /^\/api\/facilities\/[^/]+\/?$/.test(path);
  return false;
}

function maxBodyBytes(env: Env): number {
  const n = Number(env.MAX_BODY_BYTES);
  return Number.isFinite(n) && n > 0 ? n : 65_536;
}

const apiHeaders = secureHeaders({
  contentSecurityPolicy: API_CSP,
  referrerPolicy: REFERRER_POLICY,
  xFrameOptions: 'DENY',
  // Images under /api/images are shown by our own pages only.
  crossOriginResourcePolicy: 'same-origin',
});

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A cookie-authenticated write must come from our own pages, whatever its body type: hono's csrf() looks only at the
 * form encodings, and a JSON write from another site's page would otherwise ride on the cookie wherever SameSite is
 * not honoured. A browser names the page's origin (Origin) or the relation (Sec-Fetch-Site); a request naming neither
 * comes from no browser page and cannot carry a victim's cookie unasked.
 */
const cookieCsrf: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!SAFE_METHODS.has(c.req.method)) {
    const origin = c.req.header('origin');
    const site = c.req.header('sec-fetch-site');
    const ours =
      origin !== undefined
        ? sameOrigin(origin, c.req.url, c.env.SITE_URL)
        : site === undefined || site === 'same-origin' || site === 'none';
    if (!ours) throw forbidden(msg.csrfRefused);
  }
  await next();
};

/** The one error body of behaviour.md#errors-and-input: { data: null, error: { status, name, message, details } }. */
routes.onError((err, c) => {
  let apiError: ApiError;
  if (err instanceof ApiError) apiError = err;
  else if (err instanceof HTTPException && err.status === 400) apiError = badRequest(msg.malformedJson);
  else if (err instanceof HTTPException && err.status === 403) apiError = forbidden(msg.csrfRefused);
  else if (err instanceof HTTPException && err.status === 413) apiError = payloadTooLarge();
  else {
    console.error('unhandled', err);
    apiError = serverError();
  }
  const res = c.json(apiError.toBody(), apiError.status as 400, { 'cache-control': 'no-store' });
  if (apiError.status === 429) res.headers.set('retry-after', String(apiError.details.retryAfter ?? 600));
  return res;
});

routes.notFound((c) => c.json(new ApiError('NotFoundError', msg.notFoundRoute).toBody(), 404));

export const app = routes;
export type AppType = typeof routes;
