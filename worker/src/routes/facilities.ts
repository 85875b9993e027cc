import { Hono } from 'hono';
import { addonInput, addonOrderInput } from '../../../contracts/addons';
import { facilityListQuery, generateSlotsSchema, slotsQuery } from '../../../contracts/facilities';
import { deleteFacilityQuery, facilityInput, toggleStatusSchema } from '../../../contracts/facility-form';
import { msg } from '../../../contracts/messages';
import { calendarQuery } from '../../../contracts/panel';
import { priceRulesInput, repriceInput } from '../../../contracts/pricing-form';
import { getDb } from '../db/client';
import { type AppEnv, requestToken, requireStaff, staffFromToken } from '../lib/auth';
import { memoised, memoMs } from '../lib/availability-memo';
import { effectiveRules } from '../lib/booking-rules';
import { notFound } from '../lib/errors';
import { ok } from '../lib/http';
import { readFormOrJson } from '../lib/multipart';
import { step } from '../lib/timing';
import { body, parseInput, query } from '../lib/validate';
import { changeAddon, createAddon, listAddons, orderAddons, removeAddon } from '../services/addons';
import { staffCalendar } from '../services/calendar';
import {
  assertRange,
  facilityAvailability,
  facilityLiveSocket,
  findFacilityBundle,
  generateFacilitySlots,
  listFacilities,
  toWire,
} from '../services/facilities';
import { createFacility, deleteFacility, setFacilityActive, updateFacility } from '../services/facility-admin';
import { activeBookingsOf, openNewFacility } from '../services/facility-opening';
import { applyPriceRules, readPriceRules, savePriceRules } from '../services/pricing';
import { subscriptionSlots } from '../services/subscriptions';

export const facilityRoutes = new Hono<AppEnv>()
  /** Public list: active pitches only, by priority (higher first) then name. */
  .get('/', query(facilityListQuery), async (c) => {
    const { data, meta } = await listFacilities(getDb(c.env.DB), c.req.valid('query'), true);
    return ok(c, data, meta);
  })
  /** Staff list: every pitch, active or not. */
  .get('/all', requireStaff, query(facilityListQuery), async (c) => {
    const { data, meta } = await listFacilities(getDb(c.env.DB), c.req.valid('query'), false);
    return ok(c, data, meta);
  })
  .get('/:ref', async (c) => {
    const bundle = await findFacilityBundle(getDb(c.env.DB), c.req.param('ref'));
    // An inactive pitch is visible to staff only.
    if (!bundle || (!bundle.facility.isActive && !(await staffFromToken(c.env, requestToken(c))))) {
      throw notFound(msg.facilityNotFound);
    }
    return ok(c, toWire(bundle));
  })
  /** Availability for one day (`date`) or a range (`from`..`to`, at most 31 days) in one request (behaviour.md#slots). */
  .get('/:ref/slots', query(slotsQuery), async (c) => {
    const isStaff = async () => Boolean(await staffFromToken(c.env, requestToken(c)));
    // The horizon an admin set, from the isolate's rules cache; SLOT_HORIZON_DAYS wins when set.
    const { slotHorizonDays } = await effectiveRules(c.env);
    const q = c.req.valid('query');
    const opts = { now: Date.now(), horizonDays: slotHorizonDays, isStaff };
    const ref = c.req.param('ref');
    // Kept a second per isolate, active pitches only; `fresh=1` reads D1 now (lib/availability-memo.ts).
    const answer = await step('read', () =>
      memoised(
        `${ref}|${q.date ?? ''}|${q.from ?? ''}|${q.to ?? ''}`,
        q.fresh ? 0 : memoMs(c.env),
        opts.now,
        () => facilityAvailability(getDb(c.env.DB), ref, q, opts),
        (a) => a.facility.isActive,
      ),
    );
    return ok(c, answer);
  })
  /** Live slot changes for visitors watching this pitch's calendar. */
  .get('/:ref/live', async (c) => {
    const isStaff = async () => Boolean(await staffFromToken(c.env, requestToken(c)).catch(() => null));
    return facilityLiveSocket(c.env, c.req.param('ref'), c.req.raw, isStaff);
  })
  /** The panel's weekly calendar: a week (or up to 31 days) of slots with their bookings in full, in one request. */
  .get('/:ref/calendar', requireStaff, query(calendarQuery), async (c) => {
    const { from, to } = c.req.valid('query');
    assertRange(from, to);
    return ok(c, await staffCalendar(getDb(c.env.DB), c.req.param('ref'), from, to, Date.now()));
  })
  /** The subscription form's slot view (behaviour.md#validation): first and last slot date in the next 3 months, times per weekday. */
  .get('/:ref/subscription-slots', requireStaff, async (c) =>
    ok(c, await subscriptionSlots(c.env.DB, c.req.param('ref'), Date.now())),
  )
  .post('/:ref/generate-slots', requireStaff, body(generateSlotsSchema), async (c) =>
    ok(c, await generateFacilitySlots(c.env, c.req.param('ref'), c.req.valid('json'), c.get('user'))),
  )
  /** Fiyatlandırma: the pitch's price rules, replaced as one ordered set. */
  .get('/:ref/price-rules', requireStaff, async (c) => ok(c, await readPriceRules(getDb(c.env.DB), c.req.param('ref'))))
  .put('/:ref/price-rules', requireStaff, body(priceRulesInput), async (c) =>
    ok(c, await savePriceRules(getDb(c.env.DB), c.req.param('ref'), c.req.valid('json').rules, c.get('user'))),
  )
  /** Re-prices the free slots of a range still ahead by the current rules, through the pitch's object. */
  .post('/:ref/price-rules/apply', requireStaff, body(repriceInput), async (c) =>
    ok(c, await applyPriceRules(c.env, getDb(c.env.DB), c.req.param('ref'), c.req.valid('json'), c.get('user'))),
  )
  /** Saha Servisleri: every add-on of the pitch, active or not, for staff. */
  .get('/:ref/addons', requireStaff, async (c) => ok(c, await listAddons(getDb(c.env.DB), c.req.param('ref'))))
  .post('/:ref/addons', requireStaff, body(addonInput), async (c) =>
    ok(
      c,
      await createAddon(c.env, getDb(c.env.DB), c.req.param('ref'), c.req.valid('json'), c.get('user')),
      undefined,
      201,
    ),
  )
  .put('/:ref/addons/order', requireStaff, body(addonOrderInput), async (c) =>
    ok(c, await orderAddons(getDb(c.env.DB), c.req.param('ref'), c.req.valid('json').ids)),
  )
  .put('/:ref/addons/:id{[0-9]+}', requireStaff, body(addonInput), async (c) =>
    ok(
      c,
      await changeAddon(
        c.env,
        getDb(c.env.DB),
        c.req.param('ref'),
        Number(c.req.param('id')),
        c.req.valid('json'),
        c.get('user'),
      ),
    ),
  )
  .delete('/:ref/addons/:id{[0-9]+}', requireStaff, async (c) =>
    ok(c, await removeAddon(c.env, getDb(c.env.DB), c.req.param('ref'), Number(c.req.param('id')), c.get('user'))),
  )
  /**
   * Create (api.md): JSON, or multipart with `data` (JSON) and images under `files.images`. The new pitch's slots are
   * generated at once for the booking rules' horizon; meta says how many (slotsCreated, horizonDays).
   */
  .post('/', requireStaff, async (c) => {
    const { value, files, variants } = await readFormOrJson(c);
    const created = await createFacility(c.env, parseInput(facilityInput, value), files, variants, c.get('user'));
    return ok(c, created, { ...(await openNewFacility(c.env, created.id)) }, 201);
  })
  /** What a forced delete would cancel: the pitch's pending and approved bookings not started yet, soonest first. */
  .get('/:ref/active-bookings', requireStaff, async (c) => ok(c, await activeBookingsOf(c.env, c.req.param('ref'))))
  /** Update: the same shapes, plus `imagesToDelete` (ids of this pitch's own images). */
  .put('/:ref', requireStaff, async (c) => {
    const { value, files, variants } = await readFormOrJson(c);
    return ok(
      c,
      await updateFacility(c.env, c.req.param('ref'), parseInput(facilityInput, value), files, variants, c.get('user')),
    );
  })
  .patch('/:ref/toggle-status', requireStaff, body(toggleStatusSchema), async (c) =>
    ok(c, await setFacilityActive(c.env, c.req.param('ref'), c.req.valid('json').isActive, c.get('user'))),
  )
  /** Soft delete; with active bookings 409 unless `force`, which cancels them first (through the pitch's object). */
  .delete('/:ref', requireStaff, query(deleteFacilityQuery), async (c) =>
    ok(
      c,
      await deleteFacility(c.env, c.req.param('ref'), c.req.valid('query').force, c.get('user'), c.req.valid('query')),
    ),
  );
