import type { Context } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import { attendanceSchema, extendHoldSchema } from '../../../contracts/attendance';
import { cancelBookingSchema, createBookingSchema } from '../../../contracts/bookings';
import { BOOKING_NUMBER, bookingNumberSchema, numeric } from '../../../contracts/common';
import { CUSTOMER_MESSAGES } from '../../../contracts/customer-messages';
import { dayQuery } from '../../../contracts/day-sheet';
import { trackStatusesSchema } from '../../../contracts/device-bookings';
import { msg } from '../../../contracts/messages';
import {
  approveBookingSchema,
  bookingListQuery,
  bookingStatsQuery,
  rejectBookingSchema,
  staffCancelBookingSchema,
  updateBookingSchema,
} from '../../../contracts/panel';
import { paymentMsg, recordPaymentSchema, reversePaymentSchema } from '../../../contracts/payment-input';
import { phoneSchema } from '../../../contracts/phone';
import { settingsMsg } from '../../../contracts/settings';
import { staffBookingSchema } from '../../../contracts/staff-booking';
import { createSubscriptionSchema, subscriberListQuery } from '../../../contracts/subscriptions';
import { getDb } from '../db/client';
import { type AppEnv, requireStaff } from '../lib/auth';
import { effectiveRules } from '../lib/booking-rules';
import { serviceUnavailable } from '../lib/errors';
import { ok } from '../lib/http';
import { lookup } from '../lib/lookup';
import { clientAddress, enforceRateLimit, type LimitKind, limitsFor } from '../lib/rate-limit';
import { step } from '../lib/timing';
import { body, param, query } from '../lib/validate';
import { subscriptionInfo, trackByNumber, trackByPhone } from '../services/bookings';
import { customerMessages, recordMessageOpened } from '../services/customer-messages';
import { buildDaySheet } from '../services/day-sheet';
import { statusesByNumbers } from '../services/device-bookings';
import {
  approve,
  bookByStaff,
  bookSlot,
  bookSubscription,
  cancelByNumber,
  cancelByStaff,
  recordPayment,
  reject,
  reversePayment,
} from '../services/facility-commands';
import { extendHold, markAttendanceByStaff } from '../services/holds';
import { shareBooking, siteOrigin } from '../services/match-share';
import { publishNotifications } from '../services/notifications';
import {
  anonymiseCustomer,
  bookingDetail,
  bookingStats,
  listBookings,
  updateNotesByStaff,
} from '../services/staff-bookings';
import { listSubscribers } from '../services/subscriptions';
import { releaseEntriesOfPhone } from '../services/waitlist';

/** Counts one hit per address and one per target; a second target (a phone next to a booking number) counts too. */
async function limit(c: Context<AppEnv>, kind: LimitKind, target: string, alsoTarget?: string) {
  const { windowSeconds, rules } = await limitsFor(c.env, kind, clientAddress(c.req.raw), target);
  const extra = alsoTarget
    ? (await limitsFor(c.env, kind, clientAddress(c.req.raw), alsoTarget)).rules.filter(
        (r) => !rules.some((k) => k.key === r.key),
      )
    : [];
  await enforceRateLimit(c.env, kind, windowSeconds, [...rules, ...extra]);
}

/**
 * While an admin has the maintenance switch on the public booking API takes no booking and no cancel: a
 * Turkish 503. Staff routes are not guarded: the panel keeps working. Read from the per-isolate rules cache.
 */
async function refuseDuringMaintenance(env: Env) {
  if ((await effectiveRules(env)).maintenance) throw serviceUnavailable(settingsMsg.maintenance);
}

// A documentId, or a booking number in any case (staff type it as they read it).
const bookingRef = z.object({
  id: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .transform((id) => (BOOKING_NUMBER.test(id.toUpperCase()) ? id.toUpperCase() : id)),
});

const messageRef = bookingRef.extend({
  kind: z.enum(CUSTOMER_MESSAGES, { error: msg.messageNotFitting }),
});

const paymentRef = bookingRef.extend({
  paymentId: numeric(z.number({ error: paymentMsg.paymentNotFound }).int().positive(paymentMsg.paymentNotFound)),
});

export const bookingRoutes = new Hono<AppEnv>()
  /** Public create: goes through the pitch's Durable Object, which serialises every change to its slots (behaviour.md#bookings). */
  .post('/', body(createBookingSchema), async (c) => {
    const input = c.req.valid('json');
    await refuseDuringMaintenance(c.env);
    await step('limit', () => limit(c, 'booking', input.customerPhone));
    return ok(c, await bookSlot(c.env, input), undefined, 201);
  })
  .get('/track/:bookingNumber', param(z.object({ bookingNumber: bookingNumberSchema })), async (c) => {
    const { bookingNumber } = c.req.valid('param');
    return ok(c, await lookup(c, bookingNumber, () => trackByNumber(getDb(c.env.DB), bookingNumber, Date.now())));
  })
  /**
   * 'Takıma gönder': the holder proves the booking with its number, as tracking does (the same look-up limit), and gets
   * the read-only match page's address, never the number (behaviour.md#public-site 'Match page'). The same token on every call.
   */
  .post('/track/:bookingNumber/share', param(z.object({ bookingNumber: bookingNumberSchema })), async (c) => {
    const { bookingNumber } = c.req.valid('param');
    const origin = siteOrigin(c.env.SITE_URL, c.req.url);
    return ok(
      c,
      await lookup(c, bookingNumber, () => shareBooking(getDb(c.env.DB), bookingNumber, origin, Date.now())),
    );
  })
  /** The live status of the numbers a device keeps: only the statuses of those that exist, nothing personal. */
  .post('/track/statuses', body(trackStatusesSchema), async (c) => {
    const { numbers } = c.req.valid('json');
    return ok(c, await lookup(c, numbers, () => statusesByNumbers(getDb(c.env.DB), numbers)));
  })
  /** Subscriber bookings only; the caller's own phone is the key, so it may appear in the answer. */
  .get('/track-by-phone/:phone', param(z.object({ phone: phoneSchema })), async (c) => {
    const { phone } = c.req.valid('param');
    const list = await lookup(c, phone, () => trackByPhone(getDb(c.env.DB), phone, Date.now()));
    return ok(c, list, {
      customer: list.length ? { name: list[0].customerName, phone, isSubscriber: true } : null,
      total: list.length,
      message: list.length ? undefined : msg.noSubscriberBookings,
    });
  })
  /**
   * Cancel by the full booking number only: no route cancels on a phone match. From the same-day warning the
   * body also carries the phone typed into the form: the booking must be that phone's, and each try counts against the
   * phone's look-up limit as well as the number's, so guessing the digits behind a masked number is bounded per phone.
   */
  .post(
    '/cancel/:bookingNumber',
    param(z.object({ bookingNumber: bookingNumberSchema })),
    body(cancelBookingSchema),
    async (c) => {
      const { bookingNumber } = c.req.valid('param');
      const { reason, customerPhone } = c.req.valid('json');
      await refuseDuringMaintenance(c.env);
      await limit(c, 'lookup', bookingNumber, customerPhone);
      return ok(c, await cancelByNumber(c.env, bookingNumber, reason, customerPhone), { message: msg.cancelSuccess });
    },
  )
  .get('/subscription-info', query(z.object({ customerPhone: phoneSchema })), async (c) => {
    const { customerPhone } = c.req.valid('query');
    return ok(c, await lookup(c, customerPhone, () => subscriptionInfo(getDb(c.env.DB), customerPhone, Date.now())));
  })
  // ---- staff (api.md 'Bookings'): every route below checks the token on the server ----
  /** The bookings screen's one call: a filtered, sorted page with the tab counts, all on the server. */
  .get('/', requireStaff, query(bookingListQuery), async (c) => {
    const q = c.req.valid('query');
    const { data, meta } = await listBookings(getDb(c.env.DB), q, Date.now());
    return ok(c, data, meta);
  })
  /**
   * behaviour.md#subscriptions: weekly approved bookings through the pitch's object. Booked: 201 with status 'success'. Some weeks taken and
   * no confirmPartial: 200 with status 'partial' and nothing booked (the panel reads `data.status`). None free: 409.
   */
  .post('/create-subscription', requireStaff, body(createSubscriptionSchema), async (c) => {
    const answer = await bookSubscription(c.env, c.req.valid('json'), c.get('user'));
    return ok(c, answer, undefined, answer.status === 'success' ? 201 : 200);
  })
  /**
   * A booking staff take for a free slot (behaviour.md#bookings 'Staff bookings'): through the pitch's object like every
   * booking; answers the panel's detail. Not refused during maintenance: the panel keeps working.
   */
  .post('/staff', requireStaff, body(staffBookingSchema), async (c) =>
    ok(c, await bookByStaff(c.env, c.req.valid('json'), c.get('user')), undefined, 201),
  )
  /** The subscriber list (behaviour.md#management-panel): a page, meta.pagination, meta.summary (the four counters) and meta.renewals. */
  .get('/subscriptions', requireStaff, query(subscriberListQuery), async (c) => {
    const { data, meta } = await listSubscribers(getDb(c.env.DB), c.req.valid('query'), Date.now());
    return ok(c, data, meta);
  })
  .get('/stats', requireStaff, query(bookingStatsQuery), async (c) => {
    return ok(c, await bookingStats(getDb(c.env.DB), c.req.valid('query').facilityId, Date.now()));
  })
  /** Bugün: the match sheet of a business day (default today), per pitch in start order. */
  .get('/day-sheet', requireStaff, query(dayQuery), async (c) =>
    ok(c, await buildDaySheet(getDb(c.env.DB), c.req.valid('query'), Date.now())),
  )
  .get('/:id', requireStaff, param(bookingRef), async (c) =>
    ok(c, await bookingDetail(getDb(c.env.DB), c.req.valid('param').id, Date.now())),
  )
  /** Approve and reject go through the pitch's Durable Object like every slot change (behaviour.md#bookings); POST or PUT (api.md). */
  .on(['POST', 'PUT'], '/:id/approve', requireStaff, param(bookingRef), body(approveBookingSchema), async (c) =>
    ok(
      c,
      await approve(
        c.env,
        c.req.valid('param').id,
        c.get('user'),
        c.req.valid('json').notes,
        c.req.valid('json').deposit,
      ),
    ),
  )
  .on(['POST', 'PUT'], '/:id/reject', requireStaff, param(bookingRef), body(rejectBookingSchema), async (c) =>
    ok(
      c,
      await reject(
        c.env,
        c.req.valid('param').id,
        c.get('user'),
        c.req.valid('json').reason,
        c.req.valid('json').deposit,
      ),
    ),
  )
  /** Staff cancel of an approved booking: a cancel filed under İptal, through the pitch's object like every slot change. */
  .post('/:id/cancel', requireStaff, param(bookingRef), body(staffCancelBookingSchema), async (c) =>
    ok(
      c,
      await cancelByStaff(
        c.env,
        c.req.valid('param').id,
        c.get('user'),
        c.req.valid('json').reason,
        c.req.valid('json').deposit,
      ),
    ),
  )
  /** A payment row (kapora, balance, refund, kept), through the pitch's object; `approve` approves a pending booking with it. */
  .post('/:id/payments', requireStaff, param(bookingRef), body(recordPaymentSchema), async (c) =>
    ok(c, await recordPayment(c.env, c.req.valid('param').id, c.get('user'), c.req.valid('json'))),
  )
  /** A wrong row is never edited: a reversal row negates it (behaviour.md#bookings 'Payments'). */
  .post('/:id/payments/:paymentId/reverse', requireStaff, param(paymentRef), body(reversePaymentSchema), async (c) => {
    const { id, paymentId } = c.req.valid('param');
    return ok(c, await reversePayment(c.env, id, paymentId, c.get('user'), c.req.valid('json').reason));
  })
  /**
   * 'Geldi' / 'Gelmedi' after the start (docs/behaviour.md#bookings). Not through the pitch's object: the mark frees or
   * takes no slot, and its conditional update (still approved, started, same mark as read) is the whole guard.
   */
  .post('/:id/attendance', requireStaff, param(bookingRef), body(attendanceSchema), async (c) =>
    ok(
      c,
      await markAttendanceByStaff(
        getDb(c.env.DB),
        c.req.valid('param').id,
        c.get('user'),
        c.req.valid('json').attendance,
        Date.now(),
      ),
    ),
  )
  /** More time for an unapproved hold, through the pitch's object like every hold change (its alarm re-armed). */
  .post('/:id/extend-hold', requireStaff, param(bookingRef), body(extendHoldSchema), async (c) =>
    ok(c, await extendHold(c.env, c.req.valid('param').id, c.get('user'), c.req.valid('json'))),
  )
  /** The WhatsApp messages that fit the booking now, each with its text and click-to-chat link (docs/behaviour.md#bookings). */
  .get('/:id/messages', requireStaff, param(bookingRef), async (c) =>
    ok(
      c,
      await customerMessages(
        getDb(c.env.DB),
        c.req.valid('param').id,
        siteOrigin(c.env.SITE_URL, c.req.url),
        Date.now(),
      ),
    ),
  )
  /** Staff opened one of them in WhatsApp: recorded in the booking's history. */
  .post('/:id/messages/:kind', requireStaff, param(messageRef), async (c) => {
    const { id, kind } = c.req.valid('param');
    const origin = siteOrigin(c.env.SITE_URL, c.req.url);
    await recordMessageOpened(getDb(c.env.DB), id, kind, c.get('user'), origin, Date.now());
    return ok(c, { recorded: true });
  })
  /** KVKK: the customer of this booking loses name, phone, e-mail and notes on every booking; the rows stay. */
  .post('/:id/anonymize', requireStaff, param(bookingRef), async (c) => {
    const { booking, notifications } = await anonymiseCustomer(
      getDb(c.env.DB),
      c.req.valid('param').id,
      c.get('user'),
      Date.now(),
      (phone) => releaseEntriesOfPhone(c.env, phone, Date.now()),
    );
    c.executionCtx.waitUntil(publishNotifications(c.env, notifications));
    return ok(c, booking);
  })
  /** api.md 'PUT /bookings/{id}: data.notes' (flat or wrapped, behaviour.md#errors-and-input). */
  .put('/:id', requireStaff, param(bookingRef), body(updateBookingSchema), async (c) =>
    ok(
      c,
      await updateNotesByStaff(
        getDb(c.env.DB),
        c.req.valid('param').id,
        c.get('user'),
        c.req.valid('json').notes,
        Date.now(),
      ),
    ),
  );
