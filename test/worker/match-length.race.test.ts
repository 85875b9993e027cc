// Overlapping ranges at once (docs/behaviour.md#match-length): 200 bookings of 60, 90 and 120 minutes from starts a
// half hour apart on one half-hourly pitch. Through the pitch's object no two live bookings overlap; and a path that
// checks before it writes, with a delay in between, is refused by D1's claims alone (the first-slot index cannot see a
// range that starts elsewhere), while the same path with the claims weakened double-books a covered slot.
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';
import { msg } from '../../contracts/messages';
import { createCheck } from '../../worker/src/db/bookings';
import { getDb } from '../../worker/src/db/client';
import { isUniqueRefusal } from '../../worker/src/db/unique';
import { addDays, api, createFacility, createSlots, type ErrorBody, istanbulToday, json, slotAt } from './fixtures';
import { restoreClaimTriggers, weakenClaimTriggers } from './fixtures/claims';
import { slowPitchObject, slowReads } from './fixtures/slow-d1';

const REQUESTS = 200;
const DELAY_MS = 5;
const STARTS = ['18:00', '18:30', '19:00', '19:30', '20:00', '20:30', '21:00'];
const LENGTHS = [60, 90, 120];
let round = 0;
const phoneFor = (i: number) => `0546${String(round * 1000 + i).padStart(7, '0')}`;

async function setup() {
  round++;
  const f = await createFacility({ bookingTimeType: 'half-hourly', matchLengths: LENGTHS, halfHourStarts: true });
  await createSlots(f, 1, 1);
  const date = addDays(istanbulToday(), 1);
  const slots = await Promise.all(STARTS.map((t) => slotAt(f.id, date, t)));
  return { f, slots };
}

/** The i-th request's start and length: every start, every length, overlapping each other many times over. */
const pick = (i: number) => ({
  start: i % STARTS.length,
  minutes: LENGTHS[Math.floor(i / STARTS.length) % LENGTHS.length],
});

interface LiveBooking {
  id: number;
  starts_at: number;
  ends_at: number;
  duration: number;
}

/** The pitch's live bookings, each live pair that overlaps, and whether every claim is one live booking's slot in range. */
async function invariants(facilityId: number) {
  const live = (
    await env.DB.prepare(
      "select id, starts_at, ends_at, duration from bookings where facility_id = ? and status in ('pending', 'approved') order by starts_at",
    )
      .bind(facilityId)
      .all<LiveBooking>()
  ).results;
  let overlaps = 0;
  for (let i = 0; i < live.length; i++)
    for (let j = i + 1; j < live.length; j++)
      if (live[i].starts_at < live[j].ends_at && live[j].starts_at < live[i].ends_at) overlaps++;
  const claims = (
    await env.DB.prepare(
      `select c.slot_id, c.booking_id, s.starts_at, b.status, b.starts_at as b_start, b.ends_at as b_end
       from booking_slot_claims c join booking_slots s on s.id = c.slot_id join bookings b on b.id = c.booking_id
       where s.facility_id = ?`,
    )
      .bind(facilityId)
      .all<{ booking_id: number; starts_at: number; status: string; b_start: number; b_end: number }>()
  ).results;
  const claimsOk = claims.every(
    (c) => (c.status === 'pending' || c.status === 'approved') && c.starts_at >= c.b_start && c.starts_at < c.b_end,
  );
  const perBooking = new Map<number, number>();
  for (const c of claims) perBooking.set(c.booking_id, (perBooking.get(c.booking_id) ?? 0) + 1);
  const fullyClaimed = live.every((b) => perBooking.get(b.id) === b.duration / 30);
  return { live, overlaps, claimsOk, fullyClaimed };
}

afterEach(async () => {
  // The control leaves overlapping bookings behind on purpose: retire them all before the claims come back.
  await env.DB.prepare(
    "update bookings set status = 'cancelled' where status in ('pending', 'approved') and customer_name like 'Kontrol%'",
  ).run();
  await restoreClaimTriggers();
});

describe('200 bookings of overlapping ranges on one half-hourly pitch', () => {
  it('through the pitch object: no two live bookings overlap, every claim is one live booking’s, every refusal is slotTaken', async () => {
    const { f, slots } = await setup();
    await slowPitchObject(f.id, DELAY_MS);
    const responses = await Promise.all(
      Array.from({ length: REQUESTS }, (_, i) => {
        const { start, minutes } = pick(i);
        return api('/api/bookings', {
          method: 'POST',
          json: {
            facility: f.documentId,
            bookingSlot: slots[start].document_id,
            duration: minutes,
            customerName: `Oyuncu ${i}`,
            customerPhone: phoneFor(i),
          },
        });
      }),
    );
    let created = 0;
    const refusals: string[] = [];
    for (const r of responses) {
      if (r.status === 201) {
        created++;
        await r.body?.cancel();
      } else refusals.push(`${r.status} ${(await json<ErrorBody>(r)).error.message}`);
    }
    const { live, overlaps, claimsOk, fullyClaimed } = await invariants(f.id);
    expect(created).toBe(live.length);
    expect(created).toBeGreaterThan(0);
    expect(overlaps).toBe(0);
    expect(claimsOk).toBe(true);
    expect(fullyClaimed).toBe(true);
    expect(refusals).toHaveLength(REQUESTS - created);
    expect(new Set(refusals)).toEqual(new Set([`409 ${msg.slotTaken}`]));
  });

  /**
   * Two writers that each check the range (slowed, as a busy D1 would) before either writes: nothing but D1 stands
   * between them. The row is written as any path outside the object would write it, with its range.
   */
  async function checkThenWrite(f: { id: number }, slot: { document_id: string }, minutes: number, phone: string) {
    const check = await createCheck(getDb(slowReads(env.DB, DELAY_MS)), slot.document_id, phone, minutes);
    if (!check || check.liveId !== null || !check.fits) return 'refused by the check';
    try {
      await env.DB.prepare(
        `insert into bookings (document_id, booking_number, facility_id, slot_id, customer_name, customer_phone, date,
           start_time, end_time, starts_at, ends_at, duration, slot_price, total_price, status)
         values (?, ?, ?, ?, 'Kontrol', ?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending')`,
      )
        .bind(
          `doc-${crypto.randomUUID()}`,
          `HSRK${phone.slice(-8)}`,
          f.id,
          check.id,
          phone,
          check.date,
          check.startTime,
          check.rangeEndTime,
          check.startsAt,
          check.startsAt + minutes * 60_000,
          minutes,
          check.rangePrice,
          check.rangePrice,
        )
        .run();
      return 'written';
    } catch (e) {
      if (isUniqueRefusal(e, 'booking_slot_claims.slot_id')) return 'refused by the claims';
      if (isUniqueRefusal(e, 'bookings.slot_id')) return 'refused by the first-slot index';
      throw e;
    }
  }

  const raceUnserialised = async () => {
    const { f, slots } = await setup();
    const outcomes = await Promise.all(
      Array.from({ length: REQUESTS }, (_, i) => {
        const { start, minutes } = pick(i);
        return checkThenWrite(f, slots[start], minutes, phoneFor(i));
      }),
    );
    return { f, outcomes };
  };

  it('checked before written, with a delay between: the claims refuse every write over a covered slot', async () => {
    const { f, outcomes } = await raceUnserialised();
    const { overlaps, claimsOk, fullyClaimed } = await invariants(f.id);
    expect(overlaps).toBe(0);
    expect(claimsOk).toBe(true);
    expect(fullyClaimed).toBe(true);
    // The checks let several through at once; the claims are what refused the ranges starting on another slot.
    expect(outcomes.filter((o) => o === 'refused by the claims').length).toBeGreaterThan(0);
    console.info(
      `unserialised ranges: ${outcomes.filter((o) => o === 'written').length} written, ${outcomes.filter((o) => o === 'refused by the claims').length} refused by the claims, ${outcomes.filter((o) => o === 'refused by the first-slot index').length} by the first-slot index`,
    );
  });

  it('control: the same race with the claims weakened (first-slot index kept) double-books a covered slot', async () => {
    await weakenClaimTriggers();
    const { f } = await raceUnserialised();
    const { overlaps } = await invariants(f.id);
    console.info(`unserialised ranges without the claims: ${overlaps} overlapping live pairs`);
    expect(overlaps).toBeGreaterThan(0);
  });
});
