// The hold of a waitlist offer under races (docs/behaviour.md#waitlist): many players book the held slot at once, one
// with the claim: only the claimant wins. And a path that checks the slot before it writes, with the offer placed in
// between, is refused by D1's trigger alone; without the trigger the same path books over the hold.
import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { WaitlistEntryWire } from '../../contracts/waitlist';
import type { FacilityBooking } from '../../worker/src/durable-objects/facility-booking';
import { facilityStub } from '../../worker/src/services/facility-ref';
import {
  type Answer,
  addDays,
  api,
  bookingForm,
  bookViaApi,
  createFacility,
  createSlots,
  freshPhone,
  insertBookingRow,
  istanbulToday,
  json,
  postBooking,
  rowsOf,
} from './fixtures';
import { slowReads } from './fixtures/slow-d1';

const day = addDays(istanbulToday(), 3);

async function waitingFor(time: string) {
  const f = await createFacility({ autoApprovalTimeout: 600 });
  await createSlots(f, 3, 3);
  const taken = await bookViaApi(f, day, time);
  const res = await api('/api/waitlist', {
    method: 'POST',
    json: {
      facility: f.documentId,
      bookingSlot: taken.slot.document_id,
      customerName: 'Ece Kaya',
      customerPhone: freshPhone(),
    },
  });
  expect(res.status).toBe(201);
  return { f, taken, slot: taken.slot, entry: (await json<Answer<WaitlistEntryWire>>(res)).data };
}

const liveOn = async (slotId: number) =>
  rowsOf("select id, waitlist_entry_id from bookings where slot_id = ? and status in ('pending', 'approved')", slotId);

describe('the hold under races', () => {
  it('20 players book the held slot at once, one with the claim: only the claimant wins', async () => {
    const { f, taken, slot, entry } = await waitingFor('20:00');
    await api(`/api/bookings/cancel/${taken.booking.bookingNumber}`, { method: 'POST', json: {} });
    const offered = (await json<Answer<WaitlistEntryWire>>(await api(`/api/waitlist/${entry.key}`))).data;
    const hak = new URLSearchParams(offered.offer!.claimUrl.split('#')[1]).get('hak')!;
    const forms = Array.from({ length: 20 }, (_, i) => bookingForm(f, slot, i === 13 ? { claim: hak } : {}));
    const statuses = await Promise.all(forms.map((form) => postBooking(form).then((r) => r.status)));
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses[13]).toBe(201);
    const live = await liveOn(slot.id);
    expect(live).toHaveLength(1);
    expect(live[0].waitlist_entry_id).not.toBeNull();
  });

  it('a path that checked before the offer and writes after it is refused by the trigger; without it, it books over the hold', async () => {
    for (const weakened of [false, true]) {
      const { f, taken, slot } = await waitingFor(weakened ? '18:00' : '19:00');
      // The booking goes away past the object (a hand-written change): the slot is free and not yet held.
      await env.DB.prepare("update bookings set status = 'cancelled' where document_id = ?")
        .bind(taken.booking.documentId)
        .run();
      const slow = slowReads(env.DB, 20);
      const check = slow
        .prepare(
          `select not exists (select 1 from booking_slot_claims where slot_id = ?1)
             and not exists (select 1 from waitlist_entries w where w.status = 'offered' and w.offer_slot_id = ?1) as free`,
        )
        .bind(slot.id)
        .first<{ free: number }>();
      // Meanwhile the pitch's object offers the freed slot to the waiting player.
      await runInDurableObject(facilityStub(env, f.id), async (o: FacilityBooking) => {
        const obj = o as unknown as {
          facility(id: number): Promise<{ facility: { id: number } }>;
          offerRange(b: unknown, from: number, to: number): Promise<boolean>;
        };
        expect(await obj.offerRange(await obj.facility(f.id), slot.starts_at, slot.starts_at + 3_600_000)).toBe(true);
      });
      expect((await check)?.free).toBe(1);
      if (weakened) await env.DB.prepare('drop trigger waitlist_hold_insert').run();
      const write = insertBookingRow(slot, { facilityId: f.id, date: day, time: weakened ? '18:00' : '19:00' });
      if (!weakened) await expect(write).rejects.toThrow(/waitlist_hold/);
      else {
        await write;
        // Without the trigger the hold is broken: a live booking now sits on the held slot.
        expect(await liveOn(slot.id)).toHaveLength(1);
      }
    }
  });
});
