import { Hono } from 'hono';
import { z } from 'zod';
import { isoDate } from '../../../contracts/common';
import { msg } from '../../../contracts/messages';
import { getDb } from '../db/client';
import type { AppEnv } from '../lib/auth';
import { ok } from '../lib/http';
import { query } from '../lib/validate';
import { dayOfSlots } from '../services/slots';

export const bookingSlotRoutes = new Hono<AppEnv>()
  /** The original client's availability call: a plain list of one day's slots, free ones unless includeBooked. */
  .get(
    '/available',
    query(
      z.object({
        facilityId: z.string().trim().min(1, msg.facilityRequired),
        date: isoDate,
        includeBooked: z.enum(['true', 'false']).optional(),
      }),
    ),
    async (c) => {
      const { facilityId, date, includeBooked } = c.req.valid('query');
      const { facility, slots } = await dayOfSlots(
        getDb(c.env.DB),
        facilityId,
        date,
        includeBooked === 'true',
        Date.now(),
      );
      return ok(c, slots, { facility, date });
    },
  );
