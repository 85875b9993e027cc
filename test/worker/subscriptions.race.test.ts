// A subscription racing a public booking for one of its weeks (behaviour.md#bookings, #subscriptions): through the pitch's object exactly one
// wins and the subscription's answer names the week it lost; the control shows the same race without the object's lock
// lets both through once the backstop index is gone, so the lock is what decides.
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';
import { createBookingSchema } from '../../contracts/bookings';
import { createSubscriptionSchema } from '../../contracts/subscriptions';
import { getDb } from '../../worker/src/db/client';
import { createBooking } from '../../worker/src/services/bookings';
import { findFacilityBundle } from '../../worker/src/services/facilities';
import { createSubscription } from '../../worker/src/services/subscriptions';
import { api, type ErrorBody, freshPhone, json, type SubscribedAnswer, slotAt } from './fixtures';
import { restoreClaimTriggers, weakenClaimTriggers } from './fixtures/claims';
import { sleep, slowPitchObject, slowReads } from './fixtures/slow-d1';
import {
  liveOnSlot,
  pitchWithMonth,
  request,
  staffToken,
  subscribe,
  tomorrow,
  weeksFrom,
} from './fixtures/subscriptions';

const DELAY_MS = 25;
// Long enough that the public booking reaches the lock first even on a loaded machine (then the subscription waits on it
// or finds the week taken: either way the answer must name the week).
const HEAD_START_MS = 150;
const INDEX_SQL = `create unique index if not exists bookings_one_live_per_slot on bookings (slot_id) where status in ('pending', 'approved')`;

afterEach(async () => {
  // The control leaves a duplicate behind on purpose; retire it so the index can be restored.
  await env.DB.prepare(
    `update bookings set status = 'cancelled' where status in ('pending', 'approved')
       and id not in (select min(id) from bookings where status in ('pending', 'approved') group by slot_id)`,
  ).run();
  await env.DB.prepare(INDEX_SQL).run();
  await restoreClaimTriggers();
});

describe('a subscription and a public booking for the same week at once', () => {
  it('through the object exactly one wins, and the answer says which week conflicted', async () => {
    const { user, token } = await staffToken();
    const outcomes: string[] = [];
    for (let round = 0; round < 4; round++) {
      const f = await pitchWithMonth();
      const weeks = weeksFrom(tomorrow());
      const contested = await slotAt(f.id, weeks[2], '20:00');
      // Every check the object runs pauses before its write: without the lock the two would interleave.
      await slowPitchObject(f.id, DELAY_MS);
      const publicCall = () =>
        api('/api/bookings', {
          method: 'POST',
          json: {
            facility: f.documentId,
            bookingSlot: contested.document_id,
            customerName: 'Yarışçı Can',
            customerPhone: freshPhone(),
          },
        });
      const subCall = () => subscribe(token, request(f, freshPhone(), { confirmPartial: true }));
      // Even rounds give the public booking a head start, odd ones start both at once.
      const [pub, sub] = await Promise.all([
        publicCall(),
        round % 2 === 0 ? sleep(HEAD_START_MS).then(subCall) : subCall(),
      ]);
      const subBody = await json<SubscribedAnswer>(sub);
      expect(sub.status).toBe(201);
      expect(await liveOnSlot(contested.id)).toBe(1);
      if (pub.status === 201) {
        outcomes.push('public');
        expect(subBody.data).toMatchObject({
          availableWeeks: 3,
          conflictedDates: [{ date: weeks[2], currentCustomer: 'Yarışçı' }],
        });
        expect(subBody.data.bookings.map((b) => b.date)).toEqual([weeks[0], weeks[1], weeks[3]]);
      } else {
        outcomes.push('subscription');
        expect(pub.status).toBe(409);
        expect((await json<ErrorBody>(pub)).error.message).toBe(
          'Seçtiğiniz saat az önce başka biri tarafından alındı. Lütfen başka bir saat seçin.',
        );
        expect(subBody.data).toMatchObject({ availableWeeks: 4, conflictedDates: [] });
      }
    }
    console.info(`subscription race winners: ${outcomes.join(', ')} (staff ${user.id})`);
    // The head start lets the public booking take the lock first: the path where the answer names the lost week ran.
    expect(outcomes).toContain('public');
  });

  it('control: the same race without the lock (and without the backstop index) books the week twice', async () => {
    await env.DB.prepare('drop index bookings_one_live_per_slot').run();
    await weakenClaimTriggers();
    const { user } = await staffToken();
    const f = await pitchWithMonth();
    const weeks = weeksFrom(tomorrow());
    const contested = await slotAt(f.id, weeks[2], '20:00');
    const bundle = (await findFacilityBundle(getDb(env.DB), String(f.id)))!;
    const slow = getDb(slowReads(env.DB, DELAY_MS));
    const publicInput = createBookingSchema.parse({
      facility: String(f.id),
      bookingSlot: contested.document_id,
      customerName: 'Kontrol Can',
      customerPhone: freshPhone(),
    });
    const subInput = createSubscriptionSchema.parse(request(f, freshPhone(), { confirmPartial: true }));
    const publicUser = {
      ...user,
      documentId: user.documentId,
      blocked: false,
      role: { id: 2, name: 'Manager', type: 'manager' as const },
    };
    const [created, subscribed] = await Promise.all([
      createBooking({ db: slow, now: Date.now() }, bundle, publicInput),
      createSubscription({ db: slow, now: Date.now() }, bundle, subInput, publicUser),
    ]);
    // This is what the serialised test rules out; here it must happen, or that test proves nothing.
    expect(created.booking.bookingNumber).toMatch(/^HSR/);
    expect(subscribed.answer).toMatchObject({ status: 'success', availableWeeks: 4 });
    expect(await liveOnSlot(contested.id)).toBe(2);
  });
});
