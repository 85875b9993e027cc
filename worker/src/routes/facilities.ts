import { Hono } from 'hono';
import { z } from 'zod';
import { facilityListQuery, generateSlotsSchema, slotsQuery } from '../../../contracts/facilities';
import { msg } from '../../../contracts/messages';
import { getDb } from '../db/client';
import { requestToken, requireStaff, staffFromToken, type AppEnv } from '../lib/auth';
import { badRequest, notFound, unwrap } from '../lib/errors';
import { ok } from '../lib/http';
import { toKurus } from '../lib/money';
import { addDays, daysBetween, istanbulToday } from '../lib/time';
import { body, query } from '../lib/validate';
import { facilityStub, facilityWhere, resolveFacility } from '../services/facility-ref';
import { byPriorityThenName, compareTr, findFacilityBundle, loadBundles, toWire, type FacilityRow } from '../services/facilities';
import { bookableUntil, slotToWire, type SlotRow } from '../services/slots';
import { facilities } from '../db/schema';
import { calendarQuery } from '../../../contracts/panel';
import { staffCalendar } from '../services/calendar';

const MAX_RANGE_DAYS = 31;
const GENERATION_WINDOW_DAYS = 92; // today … today + 3 months (00 §2)

function filterAndSort(rows: FacilityRow[], q: z.infer<typeof facilityListQuery>): FacilityRow[] {
  const contains = (hay: string | null, needle?: string) => !needle || (hay ?? '').toLocaleLowerCase('tr').includes(needle.toLocaleLowerCase('tr'));
  const price = (r: FacilityRow) => r.hourlyPrice;
  let out = rows.filter(
    (r) =>
      contains(r.name, q['filters[name][$containsi]']) &&
      contains(r.address, q['filters[address][$containsi]']) &&
      (!q.search || contains(r.name, q.search) || contains(r.address, q.search)) &&
      (!q['filters[slug][$eq]'] || r.slug === q['filters[slug][$eq]']) &&
      (q['filters[hourlyPrice][$gte]'] === undefined || price(r) >= toKurus(q['filters[hourlyPrice][$gte]'])) &&
      (q['filters[hourlyPrice][$lte]'] === undefined || price(r) <= toKurus(q['filters[hourlyPrice][$lte]'])) &&
      (q['filters[hourlyPrice][$gt]'] === undefined || price(r) > toKurus(q['filters[hourlyPrice][$gt]'])) &&
      (q['filters[hourlyPrice][$lt]'] === undefined || price(r) < toKurus(q['filters[hourlyPrice][$lt]'])),
  );
  if (q['filters[isActive][$eq]']) out = out.filter((r) => r.isActive === (q['filters[isActive][$eq]'] === 'true'));
  const sorts = q.sort.map((s) => s.split(':') as [keyof FacilityRow, string?]);
  out.sort((a, b) => {
    for (const [field, dir] of sorts) {
      const sign = dir === 'desc' ? -1 : 1;
      const av = a[field];
      const bv = b[field];
      const cmp = typeof av === 'string' && typeof bv === 'string' ? compareTr(av, bv) : Number(av) - Number(bv);
      if (cmp !== 0) return sign * cmp;
    }
    return byPriorityThenName(a, b);
  });
  return out;
}

async function list(db: ReturnType<typeof getDb>, rows: FacilityRow[], q: z.infer<typeof facilityListQuery>) {
  const filtered = filterAndSort(rows, q);
  const page = q['pagination[page]'];
  const pageSize = q['pagination[pageSize]'];
  const pageRows = filtered.slice((page - 1) * pageSize, page * pageSize);
  const bundles = await loadBundles(db, pageRows);
  return {
    data: bundles.map(toWire),
    meta: { pagination: { page, pageSize, pageCount: Math.max(1, Math.ceil(filtered.length / pageSize)), total: filtered.length } },
  };
}

export const facilityRoutes = new Hono<AppEnv>()
  /** Public list: active pitches only, by priority (higher first) then name. */
  .get('/', query(facilityListQuery), async (c) => {
    const db = getDb(c.env.DB);
    const q = c.req.valid('query');
    const rows = (await db.select().from(facilities).all()).filter((r) => r.isActive);
    const { data, meta } = await list(db, rows, q);
    return ok(c, data, meta);
  })
  /** Staff list: every pitch, active or not. */
  .get('/all', requireStaff, query(facilityListQuery), async (c) => {
    const db = getDb(c.env.DB);
    const { data, meta } = await list(db, await db.select().from(facilities).all(), c.req.valid('query'));
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
    const q = c.req.valid('query');
    const from = q.date ?? q.from!;
    const to = q.date ?? q.to!;
    if (from > to) throw badRequest(msg.rangeReversed, { errors: [{ path: ['from'], message: msg.rangeReversed }] });
    if (daysBetween(from, to) >= MAX_RANGE_DAYS) throw badRequest(msg.rangeTooLong, { errors: [{ path: ['to'], message: msg.rangeTooLong }] });
    const ref = c.req.param('ref');
    const d1 = c.env.DB;
    const [facilityRes, slotRes, lastRes] = await d1.batch([
      d1.prepare(
        `select id, document_id, slug, name, is_active, hourly_price, deposit_amount, working_hours, booking_time_type,
           start_time_offset from facilities where ${facilityWhere}`,
      ).bind(ref),
      d1.prepare(
        `select s.id, s.document_id as documentId, s.date, s.start_time as startTime, s.end_time as endTime, s.starts_at as startsAt,
           s.price, b.status as bookingStatus, b.customer_name as customerName, b.is_subscriber as isSubscriber
         from booking_slots s
         left join bookings b on b.slot_id = s.id and b.status in ('pending', 'approved')
         where s.facility_id = (select id from facilities where ${facilityWhere}) and s.date between ?2 and ?3
         order by s.date, s.starts_at`,
      ).bind(ref, from, to),
      d1.prepare(`select max(date) as last from booking_slots where facility_id = (select id from facilities where ${facilityWhere})`).bind(ref),
    ]);
    const f = facilityRes.results[0] as Record<string, unknown> | undefined;
    if (!f || (f.is_active !== 1 && !(await staffFromToken(c.env, requestToken(c))))) {
      throw notFound(msg.facilityNotFound);
    }
    const now = Date.now();
    const slots = (slotRes.results as unknown as SlotRow[]).map((r) => slotToWire(r, now));
    // Days after this are not open for booking yet ('Henüz açılmadı'), not closed (issue 7 §2).
    const horizon = bookableUntil((lastRes.results[0] as { last: string | null } | undefined)?.last ?? null, c.env.SLOT_HORIZON_DAYS);
    const facility = {
      id: f.id as number,
      documentId: f.document_id as string,
      slug: f.slug as string,
      name: f.name as string,
      isActive: f.is_active === 1,
      hourlyPrice: (f.hourly_price as number) / 100,
      depositAmount: (f.deposit_amount as number) / 100,
      workingHours: JSON.parse(f.working_hours as string),
      bookingTimeType: f.booking_time_type as string,
      startTimeOffset: f.start_time_offset as string,
    };
    if (q.date) {
      return ok(c, {
        date: from,
        facility,
        slots,
        availableSlots: slots.filter((s) => s.isAvailable),
        bookedSlots: slots.filter((s) => s.booking !== null),
        bookableUntil: horizon,
      });
    }
    return ok(c, { from, to, facility, slots, bookableUntil: horizon });
  })
  /** Live slot changes for visitors watching this pitch's calendar. */
  .get('/:ref/live', async (c) => {
    if (c.req.header('Upgrade')?.toLowerCase() !== 'websocket') throw badRequest('WebSocket bağlantısı bekleniyor');
    const f = await resolveFacility(c.env.DB, c.req.param('ref'));
    if (!f.isActive && !(await staffFromToken(c.env, requestToken(c)).catch(() => null))) throw notFound(msg.facilityNotFound);
    return facilityStub(c.env, f.id).fetch(c.req.raw);
  })
  /** The panel's weekly calendar: a week (or up to 31 days) of slots with their bookings in full, in one request. */
  .get('/:ref/calendar', requireStaff, query(calendarQuery), async (c) => {
    const { from, to } = c.req.valid('query');
    if (daysBetween(from, to) >= MAX_RANGE_DAYS) throw badRequest(msg.rangeTooLong, { errors: [{ path: ['to'], message: msg.rangeTooLong }] });
    return ok(c, await staffCalendar(c.env.DB, c.req.param('ref'), from, to, Date.now()));
  })
  .post('/:ref/generate-slots', requireStaff, body(generateSlotsSchema), async (c) => {
    const { startDate, endDate, overwrite } = c.req.valid('json');
    const today = istanbulToday();
    if (startDate > endDate) throw badRequest(msg.rangeReversed, { errors: [{ path: ['startDate'], message: msg.rangeReversed }] });
    if (startDate < today || endDate > addDays(today, GENERATION_WINDOW_DAYS)) {
      throw badRequest('Slotlar bugünden itibaren en fazla 3 ay ileriye kadar oluşturulabilir', { errors: [{ path: ['endDate'], message: 'Tarih aralığı bugün ile 3 ay sonrası arasında olmalı' }] });
    }
    const f = await resolveFacility(c.env.DB, c.req.param('ref'));
    const result = unwrap(await facilityStub(c.env, f.id).generateSlots(f.id, startDate, endDate, overwrite));
    const facilityName = f.name;
    return ok(c, {
      facilityName,
      message: `${facilityName} için ${result.created} slot oluşturuldu, ${result.replaced} slot yenilendi, ${result.kept} slot korundu.`,
      ...result,
    });
  });
