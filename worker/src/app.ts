import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { msg } from '../../contracts/messages';
import type { AppEnv } from './lib/auth';
import { ApiError, badRequest, serverError } from './lib/errors';
import { authRoutes } from './routes/auth';
import { bookingRoutes } from './routes/bookings';
import { bookingSlotRoutes } from './routes/booking-slots';
import { contentRoutes } from './routes/content';
import { facilityRoutes } from './routes/facilities';
import { notificationRoutes } from './routes/notifications';

const routes = new Hono<AppEnv>()
  .basePath('/api')
  .use('*', async (c, next) => {
    await next();
    // Answers carry bookings and tokens: never cached, unless a route says otherwise (images).
    if (c.res.status !== 101 && !c.res.headers.has('cache-control')) c.res.headers.set('cache-control', 'no-store');
  })
  .get('/health', (c) => c.json({ data: { ok: true }, meta: {} }))
  .route('/facilities', facilityRoutes)
  .route('/booking-slots', bookingSlotRoutes)
  .route('/bookings', bookingRoutes)
  .route('/notifications', notificationRoutes)
  .route('/', authRoutes)
  .route('/', contentRoutes);

/** The one error body of 00 §6: { data: null, error: { status, name, message, details } }. */
routes.onError((err, c) => {
  let apiError: ApiError;
  if (err instanceof ApiError) apiError = err;
  else if (err instanceof HTTPException && err.status === 400) apiError = badRequest(msg.malformedJson);
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
