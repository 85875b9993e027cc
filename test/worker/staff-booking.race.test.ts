// A staff booking and a public booking of one slot at once (behaviour.md#bookings 'Staff bookings'): the pitch's
// object serialises both, so exactly one is written; without the lock the write's own conditions and the partial
// unique index still keep one; a check read and a separate write, with the same delay, let both through.
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';
import type { PublicUser } from '../../contracts/auth';
import { createBookingSchema } from '../../contracts/bookings';
import { staffBookingSchema } from '../../contracts/staff-booking';
import { createCheck } from '../../worker/src/db/bookings';
import { getDb } from '../../worker/src/db/client';
import { ApiError } from '../../worker/src/lib/errors';
import { createBooking } from '../../worker/src/services/bookings';
import { findFacilityBundle } from '../../worker/src/services/facilities';
import { createStaffBooking } from '../../worker/src/services/staff-booking-create';
import {
  addDays,
  api,
  createFacility,
  createSlots,
  createStaff,
  insertBookingRow,
  istanbulToday,
  slotAt,
  tokenFor,
} from './fixtures';
import { restoreClaimTriggers, weakenClaimTriggers } from './fixtures/claims';
import { slowPitchObject, slowReads } from './fixtures/slow-d1';

const PAIRS = 20;
const DELAY_MS = 5;
const INDEX_SQL = `create unique index if not exists bookings_one_live_per_slot on bookings (slot_id) where status in ('pending', 'approved')`;
let round = 0;
const phoneFor = (i: number) => `0544${String(round * 1000 + i).padStart(7, '0')}`;

async function setup() {
  round++;
  const f = await createFacility();
  await createSlots(f, 1, 1);
  const slot = await slotAt(f.id, addDays(istanbulToday(), 1), '20:00');
  const staff = await createStaff('manager', { firstName: 'Gişe', lastName: 'Görevlisi' });
  return { f, slot, staff };
}

const live = async (slotId: number) =>
  (await env.DB.prepare("select count(*) as n from bookings where slot_id = ? and status in ('pending', 'approved')")
    .bind(slotId)
    .first<{ n: number }>())!.n;

const staffFields = (f: { documentId: string }, slotRef: string, i: number) => ({
  facility: f.documentId,
  bookingSlot: slotRef,
  customerName: `Telefon ${i}`,
  customerPhone: phoneFor(500 + i),
  channel: 'phone',
  status: 'approved',
  deposit: { mode: 'received', amount: 100, method: 'cash' },
});

afterEach(async () => {
  await env.DB.prepare(
    `update bookings set status = 'cancelled' where status in ('pending', 'approved')
       and id not in (select min(id) from bookings where status in ('pending', 'approved') group by slot_id)`,
  ).run();
  await env.DB.prepare(INDEX_SQL).run();
  await restoreClaimTriggers();
});

describe('a staff booking and a public booking of one slot at once', () => {
  it('through the pitch object: exactly one booking, every other request a 409, even without the unique index', async () => {
    await env.DB.prepare('drop index bookings_one_live_per_slot').run();
    await weakenClaimTriggers();
    const { f, slot, staff } = await setup();
    const token = await tokenFor(staff, 'manager');
    await slowPitchObject(f.id, DELAY_MS);
    const responses = await Promise.all(
      Array.from({ length: PAIRS }, (_, i) => [
        api('/api/bookings/staff', { method: 'POST', token, json: staffFields(f, slot.document_id, i) }),
        api('/api/bookings', {
          method: 'POST',
          json: {
            facility: f.documentId,
            bookingSlot: slot.document_id,
            customerName: `Web ${i}`,
            customerPhone: phoneFor(i),
          },
        }),
      ]).flat(),
    );
    const statuses = responses.map((r) => r.status);
    await Promise.all(responses.map((r) => r.body?.cancel()));
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(2 * PAIRS - 1);
    expect(await live(slot.id)).toBe(1);
    // The loser's deposit row was never written: only the winner's money (if staff won) is on record.
    const paid = (await env.DB.prepare('select count(*) as n from payments where facility_id = ?')
      .bind(f.id)
      .first<{ n: number }>())!.n;
    expect(paid).toBeLessThanOrEqual(1);
  });

  it('without the lock, the writes’ own conditions and the unique index still keep one, answering the rest 409', async () => {
    const { f, slot, staff } = await setup();
    const bundle = (await findFacilityBundle(getDb(env.DB), String(f.id)))!;
    const slow = getDb(slowReads(env.DB, DELAY_MS));
    const actor = { id: staff.id, username: staff.username, firstName: 'Gişe', lastName: 'Görevlisi' } as PublicUser;
    const outcomes = await Promise.all(
      Array.from({ length: PAIRS }, (_, i) => [
        createStaffBooking(
          { db: slow, now: Date.now() },
          bundle,
          staffBookingSchema.parse(staffFields(f, slot.document_id, i)),
          actor,
        ),
        createBooking(
          { db: slow, now: Date.now() },
          bundle,
          createBookingSchema.parse({
            facility: String(f.id),
            bookingSlot: slot.document_id,
            customerName: `Web ${i}`,
            customerPhone: phoneFor(i),
          }),
        ),
      ])
        .flat()
        .map((p) =>
          p.then(
            () => 'booked',
            (e) => (e instanceof ApiError && e.status === 409 ? 'refused' : `error: ${e}`),
          ),
        ),
    );
    expect(outcomes.filter((o) => o === 'booked')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'refused')).toHaveLength(2 * PAIRS - 1);
    expect(await live(slot.id)).toBe(1);
  });

  it('control: a check read and a separate write, with the same delay and no index, book the slot more than once', async () => {
    // What a staff path that trusted its earlier check (without the lock or the write's own conditions) would do.
    await env.DB.prepare('drop index bookings_one_live_per_slot').run();
    await weakenClaimTriggers();
    const { f, slot } = await setup();
    const checkThenInsert = async (phone: string, name: string) => {
      const check = await createCheck(getDb(slowReads(env.DB, DELAY_MS)), slot.document_id, phone, 60);
      if (!check || check.liveId !== null) return;
      await insertBookingRow(
        { id: check.id, starts_at: check.startsAt, price: check.price },
        { facilityId: f.id, date: check.date, time: check.startTime, endTime: check.endTime, name, phone },
      );
    };
    await Promise.all(
      Array.from({ length: PAIRS }, (_, i) => [
        checkThenInsert(phoneFor(500 + i), `Telefon ${i}`),
        checkThenInsert(phoneFor(i), `Web ${i}`),
      ]).flat(),
    );
    const n = await live(slot.id);
    console.info(`staff and public check-then-write control: ${n} live bookings on one slot`);
    expect(n).toBeGreaterThan(1);
  });
});
