import { Hono } from 'hono';
import { z } from 'zod';
import { isoDate } from '../../../contracts/common';
import { msg } from '../../../contracts/messages';
import { getDb } from '../db/client';
import type { AppEnv } from '../lib/auth';
import { notFound } from '../lib/errors';
import { ok } from '../lib/http';
import { query } from '../lib/validate';
import { findFacilityRow } from '../services/facilities';
import { slotRows, slotToWire } from '../services/slots';

export const bookingSlotRoutes = new Hono<AppEnv>()
  /** The original client's availability call: a plain list of one day's slots, free ones unless includeBooked. */
  .get(
    '/available',
    query(z.object({ facilityId: z.string().trim().min(1, msg.facilityRequired), date: isoDate, includeBooked: z.enum(['true', 'false']).optional() })),
    async (c) => {
      const { facilityId, date, includeBooked } = c.req.valid('query');
      const db = getDb(c.env.DB);
      const f = await findFacilityRow(db, facilityId);
      if (!f || !f.isActive) throw notFound(msg.facilityNotFound);
      const now = Date.now();
      const slots = (await slotRows(db, f.id, date, date)).map((r) => slotToWire(r, now));
      return ok(c, includeBooked === 'true' ? slots : slots.filter((s) => s.isAvailable), { facility: f.documentId, date });
    },
  );
