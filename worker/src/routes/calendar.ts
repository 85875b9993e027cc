// Calendar routes (docs/api.md 'Calendar'): 'Takvime ekle' for one booking by its full number, the subscriber's feed
// by its secret token, and the staff's create, renew and revoke of a subscription's feed and its WhatsApp messages.
import type { Context } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import { calendarMsg, FEED_REFRESH_MINUTES } from '../../../contracts/calendar-feed';
import { bookingNumberSchema } from '../../../contracts/common';
import { SUBSCRIPTION_MESSAGES } from '../../../contracts/customer-messages';
import { msg } from '../../../contracts/messages';
import { getDb } from '../db/client';
import { type AppEnv, requireStaff } from '../lib/auth';
import { notFound } from '../lib/errors';
import { ok } from '../lib/http';
import { lookup } from '../lib/lookup';
import { param } from '../lib/validate';
import { bookingCalendar, createFeed, feedCalendar, liveFeed, renewFeed, revokeFeed } from '../services/calendar-feed';
import { recordSubscriptionMessageOpened, subscriptionMessages } from '../services/customer-messages';
import { siteOrigin } from '../services/match-share';

const ICS_TYPE = 'text/calendar; charset=utf-8';

const originOf = (c: Context<AppEnv>) => siteOrigin(c.env.SITE_URL, c.req.url);

// A feed token is 32 random bytes in base64url (43 characters); '.ics' may follow it, as calendar apps like.
const FEED_TOKEN = /^([A-Za-z0-9_-]{43})(?:\.ics)?$/;
const groupParam = z.object({
  groupId: z
    .string()
    .trim()
    .min(1)
    .max(80)
    .regex(/^[A-Za-z0-9_-]+$/),
});

const messageParam = groupParam.extend({
  kind: z.enum(SUBSCRIPTION_MESSAGES, { error: msg.messageNotFitting }),
});

export const calendarRoutes = new Hono<AppEnv>()
  /** The holder's own booking as an .ics file; counted like a tracking look-up. */
  .get(
    '/bookings/track/:bookingNumber/calendar.ics',
    param(z.object({ bookingNumber: bookingNumberSchema })),
    async (c) => {
      const { bookingNumber } = c.req.valid('param');
      const file = await lookup(c, bookingNumber, () =>
        bookingCalendar(getDb(c.env.DB), bookingNumber, { origin: originOf(c), now: Date.now() }),
      );
      return c.body(file.body, 200, {
        'content-type': ICS_TYPE,
        'content-disposition': `attachment; filename="${file.filename}"`,
        'cache-control': 'no-store',
      });
    },
  )
  /**
   * The subscriber's feed: the token is the whole key (unguessable, revocable by staff). Calendar apps poll it, so it is
   * one indexed read and may be kept privately for a few minutes; a revoked or unknown token is a 404.
   */
  .get('/calendar/:token', async (c) => {
    const token = FEED_TOKEN.exec(c.req.param('token'))?.[1];
    if (!token) throw notFound(calendarMsg.feedNotFound);
    const body = await feedCalendar(getDb(c.env.DB), token, { origin: originOf(c), now: Date.now() });
    return c.body(body, 200, {
      'content-type': ICS_TYPE,
      'content-disposition': 'inline; filename="halisaha-abonelik.ics"',
      'cache-control': `private, max-age=${Math.min(300, FEED_REFRESH_MINUTES * 60)}`,
    });
  })
  // ---- staff: a subscription's feed (Abonelikler) ----
  .get('/subscriptions/:groupId/calendar-feed', requireStaff, param(groupParam), async (c) =>
    ok(c, await liveFeed(getDb(c.env.DB), c.req.valid('param').groupId, originOf(c))),
  )
  /** The live feed, made if there is none: staff show and copy it again with the same call. */
  .post('/subscriptions/:groupId/calendar-feed', requireStaff, param(groupParam), async (c) =>
    ok(c, await createFeed(getDb(c.env.DB), c.req.valid('param').groupId, c.get('user'), originOf(c), Date.now())),
  )
  /** A new address; the old one stops answering (a feed sent to the wrong person, a phone lost). */
  .post('/subscriptions/:groupId/calendar-feed/renew', requireStaff, param(groupParam), async (c) =>
    ok(c, await renewFeed(getDb(c.env.DB), c.req.valid('param').groupId, c.get('user'), originOf(c), Date.now())),
  )
  .delete('/subscriptions/:groupId/calendar-feed', requireStaff, param(groupParam), async (c) =>
    ok(c, await revokeFeed(getDb(c.env.DB), c.req.valid('param').groupId, c.get('user'), Date.now())),
  )
  // ---- staff: a subscription's WhatsApp messages (its numbers and feed, the renewal) ----
  .get('/subscriptions/:groupId/messages', requireStaff, param(groupParam), async (c) =>
    ok(c, await subscriptionMessages(getDb(c.env.DB), c.req.valid('param').groupId, originOf(c), Date.now())),
  )
  /** Staff opened one in WhatsApp: a history row on each live week still ahead. */
  .post('/subscriptions/:groupId/messages/:kind', requireStaff, param(messageParam), async (c) => {
    const { groupId, kind } = c.req.valid('param');
    await recordSubscriptionMessageOpened(getDb(c.env.DB), groupId, kind, c.get('user'), originOf(c), Date.now());
    return ok(c, { recorded: true });
  });
