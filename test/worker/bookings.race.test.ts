import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';
import { createBookingSchema } from '../../contracts/bookings';
import type { SameDayBookingWire } from '../../contracts/wire/booking';
import { createCheck } from '../../worker/src/db/bookings';
import { getDb } from '../../worker/src/db/client';
import { ApiError } from '../../worker/src/lib/errors';
import { createBooking } from '../../worker/src/services/bookings';
import { findFacilityBundle } from '../../worker/src/services/facilities';
import {
  addDays,
  api,
  type BookingAnswer,
  createFacility,
  createSlots,
  type ErrorBody,
  insertBookingRow,
  istanbulToday,
  json,
  slotAt,
} from './fixtures';
import { restoreClaimTriggers, weakenClaimTriggers } from './fixtures/claims';
import { slowPitchObject, slowReads } from './fixtures/slow-d1';

/** The same-day refusal: the one error shape, with the booking the phone already holds. */
type SameDayRefusal = ErrorBody<{ existingBooking: SameDayBookingWire }>;

const REQUESTS = 200;
const DELAY_MS = 5;
let round = 0;
// Fresh phones for every race, so the same-day rule never mixes one race's customers with another's.
const phoneFor = (i: number) => `0555${String(round * 1000 + i).padStart(7, '0')}`;
const INDEX_SQL = `create unique index if not exists bookings_one_live_per_slot on bookings (slot_id) where status in ('pending', 'approved')`;
const PHONE_DAY_INDEX_SQL = `create unique index if not exists bookings_one_live_per_phone_day on bookings (customer_phone, date) where status in ('pending', 'approved') and is_recurring = 0`;

interface Tally {
  bookings: number;
  conflicts: number;
  serverErrors: number;
  other: number;
}

async function liveBookings(slotId: number) {
  return (await env.DB.prepare(
    "select count(*) as n from bookings where slot_id = ? and status in ('pending', 'approved')",
  )
    .bind(slotId)
    .first<{ n: number }>())!.n;
}

async function raceSetup() {
  round++;
  const f = await createFacility();
  await createSlots(f, 1, 1);
  const slot = await slotAt(f.id, addDays(istanbulToday(), 1), '20:00');
  return { f, slot };
}

/** 200 simultaneous creates on one slot through the public API, i.e. through the pitch's Durable Object. */
async function raceThroughObject(
  f: { id: number; documentId: string },
  slot: { document_id: string; id: number },
): Promise<Tally> {
  // The object's own reads (its check) are slowed, so without its lock the writes would interleave.
  await slowPitchObject(f.id, DELAY_MS);
  const responses = await Promise.all(
    Array.from({ length: REQUESTS }, (_, i) =>
      api('/api/bookings', {
        method: 'POST',
        json: {
          facility: f.documentId,
          bookingSlot: slot.document_id,
          customerName: `Oyuncu ${i}`,
          customerPhone: phoneFor(i),
        },
      }),
    ),
  );
  const tally: Tally = { bookings: 0, conflicts: 0, serverErrors: 0, other: 0 };
  for (const r of responses) {
    if (r.status === 201) tally.bookings++;
    else if (r.status === 409) tally.conflicts++;
    else if (r.status >= 500) tally.serverErrors++;
    else tally.other++;
    await r.body?.cancel();
  }
  return { ...tally, bookings: await liveBookings(slot.id) };
}

/** The very same service, called 200 times at once without the object's lock. */
async function raceUnserialised(f: { id: number }, slot: { document_id: string; id: number }): Promise<Tally> {
  const bundle = (await findFacilityBundle(getDb(env.DB), String(f.id)))!;
  // The same slowed reads as the object's, without its lock.
  const slow = getDb(slowReads(env.DB, DELAY_MS));
  const tally: Tally = { bookings: 0, conflicts: 0, serverErrors: 0, other: 0 };
  await Promise.all(
    Array.from({ length: REQUESTS }, async (_, i) => {
      const input = createBookingSchema.parse({
        facility: String(f.id),
        bookingSlot: slot.document_id,
        customerName: `Kontrol ${i}`,
        customerPhone: phoneFor(i),
      });
      try {
        await createBooking({ db: slow, now: Date.now() }, bundle, input);
      } catch (e) {
        if (e instanceof ApiError && e.status === 409) tally.conflicts++;
        else tally.serverErrors++;
      }
    }),
  );
  return { ...tally, bookings: await liveBookings(slot.id) };
}

/**
 * The control: a booking made as they were before the write checked itself, the create check read first (slowed as
 * the object's reads are) and the row written after it if the check saw the slot free and the phone's day empty.
 * Nothing but a lock or a unique index then stands between two such bookings.
 */
async function checkThenInsert(f: { id: number }, slotRef: string, phone: string): Promise<'booked' | 'refused'> {
  const check = await createCheck(getDb(slowReads(env.DB, DELAY_MS)), slotRef, phone, 60);
  if (!check || check.liveId !== null || check.sameDay) return 'refused';
  await insertBookingRow(
    { id: check.id, starts_at: check.startsAt, price: check.price },
    { facilityId: f.id, date: check.date, time: check.startTime, endTime: check.endTime, name: 'Kontrol', phone },
  );
  return 'booked';
}

afterEach(async () => {
  // The control leaves duplicates behind on purpose; retire them so the index can be restored for the next test.
  await env.DB.prepare(
    `update bookings set status = 'cancelled' where status in ('pending', 'approved')
       and id not in (select min(id) from bookings where status in ('pending', 'approved') group by slot_id)`,
  ).run();
  await env.DB.prepare(
    `update bookings set status = 'cancelled' where status in ('pending', 'approved') and is_recurring = 0
       and id not in (select min(id) from bookings where status in ('pending', 'approved') and is_recurring = 0 group by customer_phone, date)`,
  ).run();
  await env.DB.prepare(INDEX_SQL).run();
  await restoreClaimTriggers();
  await env.DB.prepare(PHONE_DAY_INDEX_SQL).run();
});

describe('simultaneous bookings of one slot', () => {
  it('200 creates through the pitch object give exactly one booking and 199 conflicts, even without the unique index', async () => {
    // Without the backstop index, only the object's serialisation stands between the check and the write.
    await env.DB.prepare('drop index bookings_one_live_per_slot').run();
    await weakenClaimTriggers();
    const { f, slot } = await raceSetup();
    const tally = await raceThroughObject(f, slot);
    expect(tally).toEqual({ bookings: 1, conflicts: REQUESTS - 1, serverErrors: 0, other: 0 });
  });

  it('without the lock and without the unique index, the write’s own condition still lets exactly one through', async () => {
    // The batch writes only while no live booking holds the slot (db/bookings.ts insertCheckedBooking): one statement,
    // and SQLite runs one writer at a time, so no other booking can land between its check and its write.
    await env.DB.prepare('drop index bookings_one_live_per_slot').run();
    await weakenClaimTriggers();
    const { f, slot } = await raceSetup();
    const tally = await raceUnserialised(f, slot);
    expect(tally).toEqual({ bookings: 1, conflicts: REQUESTS - 1, serverErrors: 0, other: 0 });
  });

  it('control: a check read and a separate write, with the same delay, let more than one booking through', async () => {
    // What the tests above would see if the write trusted an earlier read: the delay opens the gap they close.
    await env.DB.prepare('drop index bookings_one_live_per_slot').run();
    await weakenClaimTriggers();
    const { f, slot } = await raceSetup();
    const outcomes = await Promise.all(
      Array.from({ length: REQUESTS }, (_, i) => checkThenInsert(f, slot.document_id, phoneFor(i))),
    );
    const live = await liveBookings(slot.id);
    console.info(`check-then-write control: ${live} live bookings on one slot`);
    expect(live).toBeGreaterThan(1);
    expect(outcomes.filter((o) => o === 'booked')).toHaveLength(live);
  });

  it('with the lock bypassed, the partial unique index still keeps one live booking and answers the rest 409', async () => {
    const { f, slot } = await raceSetup();
    const tally = await raceUnserialised(f, slot);
    expect(tally).toEqual({ bookings: 1, conflicts: REQUESTS - 1, serverErrors: 0, other: 0 });
  });

  it('the database refuses a second pending or approved booking on one slot whatever path writes it', async () => {
    const { f, slot } = await raceSetup();
    const insert = (n: string, status: string) =>
      env.DB.prepare(
        `insert into bookings (document_id, booking_number, facility_id, slot_id, customer_name, customer_phone, date, start_time, end_time, starts_at, slot_price, total_price, status)
         values (?, ?, ?, ?, 'Doğrudan', '05550000000', '2030-01-01', '20:00', '21:00', 0, 0, 0, ?)`,
      )
        .bind(`doc-${n}`, n, f.id, slot.id, status)
        .run();
    await insert('HSRDIRECT0001', 'cancelled');
    await insert('HSRDIRECT0002', 'approved');
    await expect(insert('HSRDIRECT0003', 'pending')).rejects.toThrow(/UNIQUE constraint failed/);
    await insert('HSRDIRECT0004', 'rejected');
    expect(await liveBookings(slot.id)).toBe(1);
  });
});

describe('one phone, one day, five pitches at once', () => {
  const PITCHES = 5;

  /** Five pitches, each object pausing between its check and its write; one phone books all five for one date at once. */
  async function raceAcrossPitches() {
    round++;
    const phone = phoneFor(999);
    const date = addDays(istanbulToday(), 2);
    const pitches = await Promise.all(Array.from({ length: PITCHES }, () => createFacility()));
    for (const f of pitches) {
      await createSlots(f, 2, 2);
      await slowPitchObject(f.id, 20);
    }
    const slots = await Promise.all(pitches.map((f) => slotAt(f.id, date, '20:00')));
    const responses = await Promise.all(
      pitches.map((f, i) =>
        api('/api/bookings', {
          method: 'POST',
          json: {
            facility: f.documentId,
            bookingSlot: slots[i].document_id,
            customerName: 'Beş Saha',
            customerPhone: phone,
          },
        }),
      ),
    );
    const bodies = await Promise.all(responses.map((r) => json<BookingAnswer | SameDayRefusal>(r)));
    const live = (await env.DB.prepare(
      "select count(*) as n from bookings where customer_phone = ? and date = ? and status in ('pending', 'approved')",
    )
      .bind(phone, date)
      .first<{ n: number }>())!.n;
    return { statuses: responses.map((r) => r.status).sort(), bodies, live, date };
  }

  it('exactly one 201 and four friendly 409s with the masked existing booking', async () => {
    const { statuses, bodies, live, date } = await raceAcrossPitches();
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    expect(live).toBe(1);
    const winner = bodies.find((b): b is BookingAnswer => Boolean(b.data))!.data;
    for (const b of bodies.filter((b): b is SameDayRefusal => 'error' in b && Boolean(b.error))) {
      expect(b.error.message).toBe('Aynı gün için bekleyen bir rezervasyonunuz bulunmaktadır');
      expect(b.error.details.existingBooking).toMatchObject({
        bookingNumberMasked: `HSR••••••${winner.bookingNumber.slice(-3)}`,
        customerName: 'Beş S.',
        date,
        time: '20:00',
      });
      expect(JSON.stringify(b)).not.toContain(winner.bookingNumber);
    }
  });

  it('without the phone-and-day index, the write’s own condition still lets only one through', async () => {
    // Five objects, no lock in common: the batch's same-day condition and SQLite's one writer at a time decide.
    await env.DB.prepare('drop index bookings_one_live_per_phone_day').run();
    const { live, statuses } = await raceAcrossPitches();
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    expect(live).toBe(1);
  });

  it('control: a check read and a separate write on each pitch let several through for one phone and day', async () => {
    await env.DB.prepare('drop index bookings_one_live_per_phone_day').run();
    round++;
    const phone = phoneFor(998);
    const date = addDays(istanbulToday(), 2);
    const pitches = await Promise.all(Array.from({ length: PITCHES }, () => createFacility()));
    for (const f of pitches) await createSlots(f, 2, 2);
    const slots = await Promise.all(pitches.map((f) => slotAt(f.id, date, '20:00')));
    await Promise.all(pitches.map((f, i) => checkThenInsert(f, slots[i].document_id, phone)));
    const live = (await env.DB.prepare(
      "select count(*) as n from bookings where customer_phone = ? and date = ? and status in ('pending', 'approved')",
    )
      .bind(phone, date)
      .first<{ n: number }>())!.n;
    console.info(`check-then-write control: ${live} live bookings for one phone and day`);
    expect(live).toBeGreaterThan(1);
  });

  it("a subscriber's weekly slots on one day stay possible: the index covers public bookings only", async () => {
    const f = await createFacility();
    await createSlots(f, 3, 3);
    const date = addDays(istanbulToday(), 3);
    const insert = (time: string, recurring: number) =>
      env.DB.prepare(
        `insert into bookings (document_id, booking_number, facility_id, customer_name, customer_phone, date, start_time, end_time, starts_at, slot_price, total_price, status, is_subscriber, is_recurring)
         values (?, ?, ?, 'Abone', '05559990000', ?, ?, ?, 0, 0, 0, 'approved', 1, ?)`,
      )
        .bind(
          `doc-sub-${time}-${round}`,
          `HSRSUBW${time.replace(':', '')}${round}`.slice(0, 12),
          f.id,
          date,
          time,
          time,
          recurring,
        )
        .run();
    await insert('20:00', 1);
    await insert('21:00', 1);
    await insert('22:00', 0);
    await expect(insert('23:00', 0)).rejects.toThrow(/UNIQUE constraint failed/);
  });
});
