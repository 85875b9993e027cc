// Verified ratings (docs/behaviour.md#ratings). The holder rates with the full booking number, like tracking: every try
// counts against tracking's look-up limit (the address's and the number's) before anything is written. Staff list a
// pitch's ratings and hide or show a comment; no route changes a score.
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { bookingNumberSchema, numeric } from '../../../contracts/common';
import { rateSchema, ratingVisibilitySchema, staffRatingsQuery } from '../../../contracts/rating-input';
import { ratingMsg } from '../../../contracts/ratings';
import { getDb } from '../db/client';
import { type AppEnv, requireStaff } from '../lib/auth';
import { ok } from '../lib/http';
import { clientAddress, enforceRateLimit, limitsFor } from '../lib/rate-limit';
import { body, param, query } from '../lib/validate';
import { resolveFacility } from '../services/facility-ref';
import { rateBooking, setCommentHidden, staffRatings } from '../services/ratings';

const byNumber = param(z.object({ bookingNumber: bookingNumberSchema }));

async function lookupLimit(c: Context<AppEnv>, bookingNumber: string) {
  const { windowSeconds, rules } = await limitsFor(c.env, 'lookup', clientAddress(c.req.raw), bookingNumber);
  await enforceRateLimit(c.env, 'lookup', windowSeconds, rules);
}

/** Mounted under /api/bookings beside tracking. */
export const bookingRatingRoutes = new Hono<AppEnv>()
  /** 'Sahayı değerlendir': once per booking, after the approved match was played, within 30 days of its end. */
  .post('/track/:bookingNumber/rating', byNumber, body(rateSchema), async (c) => {
    const { bookingNumber } = c.req.valid('param');
    await lookupLimit(c, bookingNumber);
    return ok(c, await rateBooking(getDb(c.env.DB), bookingNumber, c.req.valid('json'), Date.now()), undefined, 201);
  });

const ratingId = param(
  z.object({ id: numeric(z.number({ error: ratingMsg.ratingNotFound }).int().positive(ratingMsg.ratingNotFound)) }),
);

/** Mounted under /api/ratings: staff only. */
export const ratingRoutes = new Hono<AppEnv>()
  .use('*', requireStaff)
  /** A pitch's ratings, newest first, 20 a page, with the exact count and mean. */
  .get('/', query(staffRatingsQuery), async (c) => {
    const q = c.req.valid('query');
    const facility = await resolveFacility(c.env.DB, q.facility);
    const { data, meta } = await staffRatings(getDb(c.env.DB), facility.id, q.page);
    return ok(c, data, { ...meta, facility: { documentId: facility.documentId, name: facility.name } });
  })
  /** Hide or show the comment (audited); the score stays as the player gave it. */
  .patch('/:id', ratingId, body(ratingVisibilitySchema), async (c) => {
    const { id } = c.req.valid('param');
    const { hidden } = c.req.valid('json');
    return ok(c, await setCommentHidden(getDb(c.env.DB), id, hidden, c.get('user'), Date.now()));
  });
