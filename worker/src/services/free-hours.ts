// 'Boş saat bul' (docs/behaviour.md#boş-saat-bul): the free starts of a business day's hour window across every active
// pitch, from one statement (db/free-hours.ts).
import {
  dayBeyondHorizon,
  districtOf,
  FREE_HOURS_TEXT,
  type FreeHoursPitchWire,
  type FreeHoursQuery,
  type FreeHoursWire,
  sameDistrict,
} from '../../../contracts/free-hours';
import { calendarDateOf } from '../../../contracts/slot-start';
import type { Db } from '../db/client';
import { freeStarts } from '../db/free-hours';
import { badRequest } from '../lib/errors';
import { addDays, istanbulToday } from '../lib/time';
import { imageUrl } from './facilities';
import { slotToWire } from './slots';

/** The last business day a search may ask for: the booking rules' generation horizon. */
export const lastSearchDay = (horizonDays: number, now: number) =>
  addDays(istanbulToday(now), Number.isFinite(horizonDays) && horizonDays > 0 ? horizonDays : 30);

/**
 * Yesterday to the horizon, else a Turkish refusal on `gun` (the one error shape). Yesterday's business day may still
 * have after-midnight starts ahead (an overnight pitch's 01:00): a 'Cuma 23:00-02:00' link opened at 00:10 still works,
 * and the starts already begun are left out anyway.
 */
export function assertSearchDay(gun: string, horizonDays: number, now: number): void {
  const refuse = (message: string) => {
    throw badRequest(message, { errors: [{ path: ['gun'], message }] });
  };
  if (gun < addDays(istanbulToday(now), -1)) refuse(FREE_HOURS_TEXT.dayPast);
  const last = lastSearchDay(horizonDays, now);
  if (gun > last) refuse(dayBeyondHorizon(last));
}

export async function searchFreeHours(
  db: Db,
  q: FreeHoursQuery,
  opts: { now: number; horizonDays: number },
): Promise<FreeHoursWire> {
  const { now } = opts;
  assertSearchDay(q.gun, opts.horizonDays, now);
  const rows = await freeStarts(db, {
    date: q.gun,
    window: q.saat,
    after: now,
    shuttle: q.servis,
    covered: q.kapali,
    floodlit: q.aydinlatma,
    minutes: q.sure,
  }).all();

  const byPitch = new Map<number, FreeHoursPitchWire>();
  for (const r of rows) {
    // The pitch calendar's own rule decides what is free, so the two never disagree.
    const slot = slotToWire({ ...r, customerName: null, isSubscriber: null }, now);
    if (!slot.isAvailable) continue;
    let pitch = byPitch.get(r.facilityId);
    if (!pitch) {
      const district = districtOf(r.location, r.address);
      if (q.ilce && !(district && sameDistrict(district, q.ilce))) continue;
      pitch = {
        slug: r.slug,
        name: r.name,
        district,
        image: r.image ? imageUrl(r.image) : null,
        shuttle: r.shuttle,
        covered: r.covered,
        floodlit: r.floodlit,
        starts: [],
      };
      byPitch.set(r.facilityId, pitch);
    }
    pitch.starts.push({
      documentId: slot.documentId,
      date: slot.date,
      calendarDate: calendarDateOf({ date: r.date, startTime: r.startTime, startsAt: r.startsAt }),
      startTime: slot.startTime,
      endTime: slot.endTime,
      startsAt: slot.startsAt,
      endsAt: new Date(r.endsAt).toISOString(),
      price: slot.price,
    });
  }
  return {
    date: q.gun,
    window: { from: q.saat.from, to: q.saat.to, text: q.saat.text },
    facilities: [...byPitch.values()],
    asOf: now,
  };
}
