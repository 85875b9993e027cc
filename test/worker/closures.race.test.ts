// Closures under races (docs/behaviour.md#closures), with D1 slowed so every check waits before its write: a closure
// against public bookings of its window, two moves into one free slot, a move against a public booking of its target.
// Through the pitches' locks the outcome is always whole (one winner, never a live booking in a closed slot); a path
// that checks and writes without the locks is refused by D1's triggers alone, and with the guarantee dropped the same
// path breaks it.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PublicUser } from '../../contracts/auth';
import { type ClosureCreateInput, closureMsg } from '../../contracts/closure-input';
import { ApiError } from '../../worker/src/lib/errors';
import { createClosure } from '../../worker/src/services/closures';
import {
  addDays,
  api,
  bookingForm,
  bookViaApi,
  createFacility,
  createSlots,
  createStaff,
  insertBookingRow,
  istanbulToday,
  postBooking,
  rowsOf,
  slotAt,
} from './fixtures';
import { restoreClaimTriggers, weakenClaimTriggers } from './fixtures/claims';
import { sleep, slowPitchObject, slowReads } from './fixtures/slow-d1';

const DELAY_MS = 15;
const day = addDays(istanbulToday(), 3);
let actor: PublicUser;

beforeAll(async () => {
  const staff = await createStaff('manager');
  actor = {
    id: staff.id,
    documentId: staff.documentId,
    username: staff.username,
    email: staff.email,
    firstName: staff.firstName,
    lastName: staff.lastName,
    role: { type: 'manager', name: 'Manager' },
  } as unknown as PublicUser;
});

/** The closure coordinator with D1 slowed: its check (the fresh preview under the locks) waits before the write. */
const slowEnv = (): Env => ({ ...env, DB: slowReads(env.DB, DELAY_MS) }) as Env;

const windowOn = (facilities: string[], startTime: string, endTime: string) => ({
  facilities,
  from: day,
  to: day,
  startTime,
  endTime,
  reason: 'maintenance' as const,
  note: 'Zemin onarımı',
});

/** An API refusal's status, or 201 when the closure landed. */
async function outcomeOf(p: Promise<unknown>): Promise<number> {
  try {
    await p;
    return 201;
  } catch (e) {
    if (e instanceof ApiError) return e.status;
    throw e;
  }
}

/** Live bookings that claim a closed slot: the guarantee says none, ever. */
const liveInClosed = () =>
  rowsOf(`select c.slot_id from booking_slot_claims c join booking_slots s on s.id = c.slot_id
    join bookings b on b.id = c.booking_id where s.closure_id is not null and b.status in ('pending', 'approved')`);

describe('a closure against public bookings of its window', () => {
  it('through the locks: every booking lands before the closure (then it is refused, 409) or is refused after it', async () => {
    const f = await createFacility();
    await createSlots(f, 3, 3);
    await slowPitchObject(f.id, DELAY_MS);
    const times = ['18:00', '19:00', '20:00', '21:00', '22:00'];
    const slots = await Promise.all(times.map((t) => slotAt(f.id, day, t)));
    const input: ClosureCreateInput = { ...windowOn([f.documentId], '18:00', '23:00'), decisions: [] };
    const closing = outcomeOf(createClosure(slowEnv(), input, actor, Date.now()));
    const bookings = slots.map((s, i) =>
      sleep(i * 5).then(() =>
        postBooking(bookingForm(f, s)).then(async (r) => ({ status: r.status, body: await r.json() })),
      ),
    );
    const [closed, ...booked] = await Promise.all([closing, ...bookings]);
    const landed = booked.filter((b) => b.status === 201).length;
    const refused = booked.filter((b) => b.status === 409);
    expect(landed + refused.length).toBe(times.length);
    if (closed === 201) {
      // The closure decided no hit: it must have run before every booking, which all met the closed slots.
      expect(landed).toBe(0);
      for (const r of refused)
        expect((r.body as { error: { message: string } }).error.message).toBe(closureMsg.slotClosed);
    } else {
      expect(closed).toBe(409);
      expect(landed).toBeGreaterThan(0);
    }
    expect(await liveInClosed()).toEqual([]);
  });

  it('without the locks, a check-then-close is refused by the trigger; with the trigger dropped it closes a booked slot', async () => {
    for (const weakened of [false, true]) {
      const f = await createFacility();
      await createSlots(f, 3, 3);
      const slot = await slotAt(f.id, day, weakened ? '21:00' : '20:00');
      const slow = slowReads(env.DB, DELAY_MS);
      // The unserialised path: read that the window holds no booking, then close it.
      const check = slow
        .prepare('select count(*) as n from booking_slot_claims where slot_id = ?')
        .bind(slot.id)
        .first<{ n: number }>();
      // Meanwhile a booking lands on the slot.
      await bookViaApi(f, day, weakened ? '21:00' : '20:00');
      expect((await check)?.n).toBe(0);
      await env.DB.prepare(
        "insert into closures (document_id, from_date, to_date, reason, created_by_name, created_at) values (?, ?, ?, 'other', 'Test', 0)",
      )
        .bind(`race-${f.id}`, day, day)
        .run();
      const [c] = await rowsOf('select id from closures where document_id = ?', `race-${f.id}`);
      if (weakened) await env.DB.prepare('drop trigger closure_slot_guard').run();
      const close = env.DB.prepare('update booking_slots set closure_id = ? where id = ?').bind(c.id, slot.id).run();
      if (!weakened) {
        await expect(close).rejects.toThrow(/closure_booked/);
        expect(await liveInClosed()).toEqual([]);
      } else {
        await close;
        // Without the trigger the guarantee is broken: a live booking sits in a closed slot.
        expect(await liveInClosed()).toHaveLength(1);
        await env.DB.prepare('update booking_slots set closure_id = null where id = ?').bind(slot.id).run();
        const sql = env.TEST_MIGRATIONS.flatMap((m) => m.queries).find((q) =>
          q.includes('CREATE TRIGGER `closure_slot_guard`'),
        )!;
        await env.DB.prepare(sql).run();
      }
    }
  });
});

/** Pitch `p` with one booking at 20:00 of `day`, and a window closing its evening. */
async function hitOn(p: Awaited<ReturnType<typeof createFacility>>) {
  await createSlots(p, 3, 3);
  const { booking } = await bookViaApi(p, day, '20:00');
  return booking;
}

describe('two moves into one free slot', () => {
  it('through the locks one wins, the other is refused (409) and writes nothing', async () => {
    const [a, b, target] = [await createFacility(), await createFacility(), await createFacility()];
    const [ba, bb] = [await hitOn(a), await hitOn(b)];
    await createSlots(target, 3, 3);
    const free = await slotAt(target.id, day, '20:00');
    const moveTo = (p: typeof a, booking: typeof ba): ClosureCreateInput => ({
      ...windowOn([p.documentId], '18:00', '23:00'),
      decisions: [{ booking: booking.documentId, action: 'move', toSlot: free.document_id }],
    });
    const results = await Promise.all([
      outcomeOf(createClosure(slowEnv(), moveTo(a, ba), actor, Date.now())),
      outcomeOf(createClosure(slowEnv(), moveTo(b, bb), actor, Date.now())),
    ]);
    expect(results.sort()).toEqual([201, 409]);
    const onTarget = await rowsOf(
      "select b.id from booking_slot_claims c join bookings b on b.id = c.booking_id where c.slot_id = ? and b.status in ('pending', 'approved')",
      free.id,
    );
    expect(onTarget).toHaveLength(1);
    // The loser's closure was not written: its pitch's evening is open, its booking where it was.
    expect(
      await rowsOf(
        'select count(*) as n from closures c join closure_facilities cf on cf.closure_id = c.id where cf.facility_id in (?, ?)',
        a.id,
        b.id,
      ),
    ).toEqual([{ n: 1 }]);
    expect(await liveInClosed()).toEqual([]);
  });

  it('without the locks, two check-then-move writes: the claims refuse the second; with the claims weakened both land', async () => {
    for (const weakened of [false, true]) {
      const [a, b, target] = [await createFacility(), await createFacility(), await createFacility()];
      const [ba, bb] = [await hitOn(a), await hitOn(b)];
      await createSlots(target, 3, 3);
      const free = await slotAt(target.id, day, '20:00');
      // Weakened: the claims never refuse and the first-slot index is gone, so nothing in D1 stands in the way.
      if (weakened) {
        await weakenClaimTriggers();
        await env.DB.prepare('drop index bookings_one_live_per_slot').run();
      }
      try {
        const slow = slowReads(env.DB, DELAY_MS);
        const move = async (booking: typeof ba) => {
          const seen = await slow
            .prepare('select count(*) as n from booking_slot_claims where slot_id = ?')
            .bind(free.id)
            .first<{ n: number }>();
          if (seen?.n !== 0) return 'taken';
          await env.DB.prepare(
            'update bookings set facility_id = ?, slot_id = ?, starts_at = ?, ends_at = ? where document_id = ?',
          )
            .bind(target.id, free.id, free.starts_at, free.starts_at + 3_600_000, booking.documentId)
            .run();
          return 'moved';
        };
        const results = await Promise.allSettled([move(ba), move(bb)]);
        const live = await rowsOf(
          "select count(*) as n from bookings where slot_id = ? and status in ('pending', 'approved')",
          free.id,
        );
        if (!weakened) {
          // Both checks saw the slot free; the second write was refused by the claims' primary key.
          expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
          expect(live).toEqual([{ n: 1 }]);
        } else {
          // Nothing refuses it: two live bookings now sit on one slot.
          expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
          expect(live).toEqual([{ n: 2 }]);
          await env.DB.prepare("update bookings set status = 'cancelled' where document_id = ?")
            .bind(bb.documentId)
            .run();
        }
      } finally {
        if (weakened) {
          await restoreClaimTriggers();
          await env.DB.prepare(
            "CREATE UNIQUE INDEX `bookings_one_live_per_slot` ON `bookings` (`slot_id`) WHERE status in ('pending', 'approved')",
          ).run();
        }
      }
    }
  });
});

describe('a move against a public booking of its target', () => {
  it('through the locks exactly one holds the target slot', async () => {
    const [a, target] = [await createFacility(), await createFacility()];
    const ba = await hitOn(a);
    await createSlots(target, 3, 3);
    await slowPitchObject(target.id, DELAY_MS);
    const free = await slotAt(target.id, day, '20:00');
    const input: ClosureCreateInput = {
      ...windowOn([a.documentId], '18:00', '23:00'),
      decisions: [{ booking: ba.documentId, action: 'move', toSlot: free.document_id }],
    };
    const [moved, booked] = await Promise.all([
      outcomeOf(createClosure(slowEnv(), input, actor, Date.now())),
      sleep(2).then(() => postBooking(bookingForm(target, free)).then((r) => r.status)),
    ]);
    expect([moved, booked].sort()).toEqual([201, 409]);
    const holders = await rowsOf(
      "select b.document_id from booking_slot_claims c join bookings b on b.id = c.booking_id where c.slot_id = ? and b.status in ('pending', 'approved')",
      free.id,
    );
    expect(holders).toHaveLength(1);
    expect(holders[0].document_id === ba.documentId).toBe(moved === 201);
    expect(await liveInClosed()).toEqual([]);
    // The public booking path on a closed slot is refused too (insertBookingRow goes past every object).
    const closedSlot = await slotAt(a.id, day, '21:00');
    if (moved === 201)
      await expect(insertBookingRow(closedSlot, { facilityId: a.id, date: day, time: '21:00' })).rejects.toThrow(
        /closure_closed/,
      );
    expect(api).toBeTypeOf('function');
  });
});
