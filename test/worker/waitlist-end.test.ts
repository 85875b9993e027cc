// The waitlist's entries end at once when their slot is taken away (docs/behaviour.md#waitlist): a closure's slots
// (endEntriesForSlots), a new schedule, a retired pitch; the holder is told by push. An erased or removed holder's
// hold passes to the next in line at once.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { type WaitlistEntryWire, waitlistPushTexts } from '../../contracts/waitlist';
import { countEntriesForSlots, endEntriesForSlots } from '../../worker/src/services/waitlist';
import {
  type Answer,
  addDays,
  api,
  bookViaApi,
  createFacility,
  createSlots,
  freshPhone,
  istanbulToday,
  json,
  rowsOf,
  slotAt,
} from './fixtures';
import { browserSubscription, freshEndpoint, playPushService } from './fixtures/push-service';

const day = addDays(istanbulToday(), 3);

async function pitch() {
  const f = await createFacility({ autoApprovalTimeout: 600 });
  await createSlots(f, 3, 3);
  return f;
}

const join = (body: Record<string, unknown>, ip = '10.9.1.1') =>
  api('/api/waitlist', { method: 'POST', json: body, ip });

async function joined(f: { documentId: string }, slot: { document_id: string }, extra: Record<string, unknown> = {}) {
  const res = await join({
    facility: f.documentId,
    bookingSlot: slot.document_id,
    customerName: 'Ece Kaya',
    customerPhone: freshPhone(),
    ...extra,
  });
  expect(res.status).toBe(201);
  return (await json<Answer<WaitlistEntryWire>>(res)).data;
}

const entry = async (key: string) => (await json<Answer<WaitlistEntryWire>>(await api(`/api/waitlist/${key}`))).data;
const cancel = (bookingNumber: string) =>
  api(`/api/bookings/cancel/${bookingNumber}`, { method: 'POST', json: {}, ip: '10.9.9.8' });

describe('endEntriesForSlots (a closure)', () => {
  it('ends the slot entries of those starts and the holds over them, tells the holders, leaves other slots alone', async () => {
    const f = await pitch();
    const b20 = await bookViaApi(f, day, '20:00');
    const b21 = await bookViaApi(f, day, '21:00');
    const sub = await browserSubscription(freshEndpoint());
    const phone = freshPhone();
    const holder = await joined(f, b20.slot, { customerPhone: phone, push: sub.json });
    const waiting = await joined(f, b20.slot);
    const other = await joined(f, b21.slot);
    const push = await playPushService([sub]);
    await cancel(b20.booking.bookingNumber);
    expect((await entry(holder.key)).status).toBe('offered');
    // The offer's push: 'Sıra sizde!' with the claim link.
    const [offer] = await push.exactly(1);
    expect(JSON.parse(offer.payload)).toMatchObject({
      title: 'Sıra sizde!',
      url: (await entry(holder.key)).offer!.claimUrl,
    });

    const slot20 = await slotAt(f.id, day, '20:00');
    expect(await countEntriesForSlots(env.DB, [slot20.id])).toBe(2);
    const ended = await endEntriesForSlots(env, [slot20.id], Date.now());
    expect(ended.count).toBe(2);
    expect(ended.released).toEqual([{ facilityId: f.id, from: slot20.starts_at, to: slot20.starts_at + 3_600_000 }]);
    expect((await entry(holder.key)).status).toBe('ended');
    expect((await entry(waiting.key)).status).toBe('ended');
    expect((await entry(other.key)).status).toBe('waiting');
    // The hold is gone: the devices of ended entries go too (read before, told once).
    expect(await rowsOf('select id from waitlist_push_subscriptions where endpoint = ?', sub.json.endpoint)).toEqual(
      [],
    );
    expect(await ended.notify()).toBe(1);
    const m = (await push.exactly(2))[1];
    const payload = JSON.parse(m.payload);
    expect(payload.title).toBe(waitlistPushTexts.endedTitle);
    expect(payload.body).toContain(f.name);
    expect(payload.body).toContain('20:00');
    expect(payload.url).toBe('/rezervasyonlarim');
    expect(m.payload).not.toContain(phone);
    expect(m.payload).not.toContain('Ece');
    // Running it again changes nothing.
    expect((await endEntriesForSlots(env, [slot20.id], Date.now())).count).toBe(0);
  });
});
