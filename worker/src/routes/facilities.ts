import { Hono } from 'hono';
import { facilityListQuery, generateSlotsSchema, slotsQuery } from '../../../contracts/facilities';
import { msg } from '../../../contracts/messages';
import { calendarQuery } from '../../../contracts/panel';
import { getDb } from '../db/client';
import { type AppEnv, requestToken, requireStaff, staffFromToken } from '../lib/auth';
import { notFound } from '../lib/errors';
import { ok } from '../lib/http';
import { body, query } from '../lib/validate';
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
  /** Availability for one day (`date`) or a range (`from`..`to`, at most 31 days) in one request (00 §2). */
  .get('/:ref/slots', query(slotsQuery), async (c) => {
    const isStaff = async () => Boolean(await staffFromToken(c.env, requestToken(c)));
    const opts = { now: Date.now(), horizonDays: c.env.SLOT_HORIZON_DAYS, isStaff };
    return ok(c, await facilityAvailability(getDb(c.env.DB), c.req.param('ref'), c.req.valid('query'), opts));
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
  .post('/:ref/generate-slots', requireStaff, body(generateSlotsSchema), async (c) =>
    ok(c, await generateFacilitySlots(c.env, c.req.param('ref'), c.req.valid('json'))),
  );
