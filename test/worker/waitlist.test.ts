// The waitlist (docs/behaviour.md#waitlist): joining and its refusals, the offer of a freed slot to the first in line,
// the hold (the API and the D1 trigger), the claim, the pass-on when a hold runs out, staff's queue, erasure.
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { WAITLIST_PER_PHONE, WAITLIST_PER_SLOT, type WaitlistEntryWire } from '../../contracts/waitlist';
import { waitlistMsg } from '../../contracts/waitlist-input';
import type { FacilityBooking } from '../../worker/src/durable-objects/facility-booking';
import { forgetRules } from '../../worker/src/lib/booking-rules';
import { facilityStub } from '../../worker/src/services/facility-ref';
import {
  type Answer,
  addDays,
  api,
  bookingForm,
  bookViaApi,
  createFacility,
  createSlots,
  createStaff,
  expectError,
  freshPhone,
  insertBookingRow,
  istanbulToday,
  json,
  postBooking,
  rowsOf,
  slotAt,
  tokenFor,
} from './fixtures';

const day = addDays(istanbulToday(), 3);

async function pitch() {
  const f = await createFacility({ autoApprovalTimeout: 600 });
  await createSlots(f, 3, 3);
  return f;
}

const join = (body: Record<string, unknown>, ip = '10.9.0.1') =>
  api('/api/waitlist', { method: 'POST', json: body, ip });

const joinSlot = (f: { documentId: string }, slot: { document_id: string }, extra: Record<string, unknown> = {}) =>
  join({
    facility: f.documentId,
    bookingSlot: slot.document_id,
    customerName: 'Ece Kaya',
    customerPhone: freshPhone(),
    ...extra,
  });

async function joined(f: { documentId: string }, slot: { document_id: string }, extra: Record<string, unknown> = {}) {
  const res = await joinSlot(f, slot, extra);
  expect(res.status).toBe(201);
  return (await json<Answer<WaitlistEntryWire>>(res)).data;
}

const entry = async (key: string) => (await json<Answer<WaitlistEntryWire>>(await api(`/api/waitlist/${key}`))).data;
const entryCount = async () => (await rowsOf('select count(*) as n from waitlist_entries'))[0].n as number;

async function takenSlot(time = '20:00') {
  const f = await pitch();
  const taken = await bookViaApi(f, day, time);
  return { f, taken, slot: taken.slot };
}

const cancel = (bookingNumber: string) =>
  api(`/api/bookings/cancel/${bookingNumber}`, { method: 'POST', json: {}, ip: '10.9.9.9' });

const hakOf = (url: string) => new URLSearchParams(url.split('#')[1]).get('hak')!;

async function slotState(f: { documentId: string }, documentId: string) {
  const res = await api(`/api/facilities/${f.documentId}/slots?date=${day}&fresh=1`);
  const body =
    await json<Answer<{ slots: Array<{ documentId: string; state: string; isAvailable: boolean; booking: unknown }> }>>(
      res,
    );
  return body.data.slots.find((s) => s.documentId === documentId)!;
}

describe('joining', () => {
  it('answers the entry with its key and position; GET by key reads it; the key is stored only as its hash', async () => {
    const { f, slot } = await takenSlot();
    const a = await joined(f, slot);
    const b = await joined(f, slot);
    expect(a.key).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(a.status).toBe('waiting');
    expect(a.position).toBe(1);
    expect(b.position).toBe(2);
    expect(a.target).toMatchObject({ kind: 'slot', date: day, from: '20:00', facilities: [{ slug: f.slug }] });
    expect((await entry(b.key)).position).toBe(2);
    // The claim window the player is told to expect is the one set in Ayarlar now.
    expect(a.claimMinutes).toBe(15);
    await env.DB.prepare('update booking_rules set waitlist_claim_minutes = 25').run();
    forgetRules();
    expect((await entry(b.key)).claimMinutes).toBe(25);
    await env.DB.prepare('update booking_rules set waitlist_claim_minutes = 15').run();
    forgetRules();
    const stored = await rowsOf('select key_hash from waitlist_entries');
    expect(stored.every((r) => r.key_hash !== a.key && String(r.key_hash).length === 64)).toBe(true);
  });

  it('refuses in Turkish and writes nothing: a free slot, a past one, a length the pitch does not offer, a duplicate', async () => {
    const { f, slot } = await takenSlot();
    const free = await slotAt(f.id, day, '21:00');
    const before = await entryCount();
    expect((await expectError(await joinSlot(f, free), 409)).message).toBe(waitlistMsg.slotFree);
    expect((await expectError(await joinSlot(f, slot, { duration: 45 }), 400)).message).toBeTruthy();
    const past = await slotAt(f.id, day, '09:00');
    await env.DB.prepare('update booking_slots set starts_at = ? where id = ?')
      .bind(Date.now() - 60_000, past.id)
      .run();
    await insertBookingRow({ ...past, starts_at: Date.now() - 60_000 }, { facilityId: f.id, date: day, time: '09:00' });
    expect((await expectError(await joinSlot(f, past), 400)).message).toBe(waitlistMsg.past);
    expect(await entryCount()).toBe(before);
    const phone = freshPhone();
    await joined(f, slot, { customerPhone: phone });
    expect((await expectError(await joinSlot(f, slot, { customerPhone: phone }), 409)).message).toBe(
      waitlistMsg.already,
    );
    expect(await entryCount()).toBe(before + 1);
  });

  it('bounds the queue of a slot, even for joins at once, and the entries of one phone', async () => {
    const { f, slot } = await takenSlot();
    const results = await Promise.all(
      Array.from({ length: WAITLIST_PER_SLOT + 3 }, () => joinSlot(f, slot, {}).then((r) => r.status)),
    );
    const n = (await rowsOf('select count(*) as n from waitlist_entries where facility_id = ?', f.id))[0].n;
    expect(n).toBe(WAITLIST_PER_SLOT);
    expect(results.filter((s) => s === 201)).toHaveLength(WAITLIST_PER_SLOT);
    const res = await joinSlot(f, slot);
    expect((await expectError(res, 409)).message).toBe(waitlistMsg.slotFull);

    const phone = freshPhone();
    const g = await pitch();
    for (const t of ['18:00', '19:00', '20:00', '21:00'].slice(0, WAITLIST_PER_PHONE + 1)) await bookViaApi(g, day, t);
    for (const t of ['18:00', '19:00', '20:00'].slice(0, WAITLIST_PER_PHONE))
      await joined(g, await slotAt(g.id, day, t), { customerPhone: phone });
    const over = await joinSlot(g, await slotAt(g.id, day, '21:00'), { customerPhone: phone });
    expect((await expectError(over, 409)).message).toBe(waitlistMsg.phoneFull);
  });
});

describe('the offer, the hold and the claim', () => {
  it('a cancel offers the slot to the first in line: held for them, refused to others (API and D1), claimed once', async () => {
    const { f, slot, taken } = await takenSlot();
    const first = await joined(f, slot);
    const second = await joined(f, slot);
    expect((await cancel(taken.booking.bookingNumber)).status).toBe(200);

    const offered = await entry(first.key);
    expect(offered.status).toBe('offered');
    expect(offered.offer?.claimUrl).toMatch(
      new RegExp(`^/saha/${f.slug}#gun=${day}&slot=${slot.document_id}&sure=60&hak=`),
    );
    expect((await entry(second.key)).position).toBe(1);
    const state = await slotState(f, slot.document_id);
    expect(state).toMatchObject({ state: 'held', isAvailable: false, booking: null });

    // Another player through the API: refused in Turkish.
    const other = await postBooking(bookingForm(f, slot));
    expect((await expectError(other, 409)).message).toBe(waitlistMsg.held);
    // A hand-written insert past the API: the trigger refuses it.
    await expect(insertBookingRow(slot, { facilityId: f.id, date: day, time: '20:00' })).rejects.toThrow(
      /waitlist_hold/,
    );
    // A wrong claim: refused, nothing changes.
    const wrong = await postBooking(bookingForm(f, slot, { claim: 'A'.repeat(43) }));
    expect((await expectError(wrong, 409)).message).toBe(waitlistMsg.claimInvalid);
    expect((await entry(first.key)).status).toBe('offered');

    // The claimant books it.
    const hak = hakOf(offered.offer!.claimUrl);
    const mine = await postBooking(bookingForm(f, slot, { claim: hak }));
    expect(mine.status).toBe(201);
    expect((await entry(first.key)).status).toBe('claimed');
    const [row] = await rowsOf(
      'select waitlist_entry_id from bookings where document_id = ?',
      (await json<Answer<{ documentId: string }>>(mine)).data.documentId,
    );
    expect(row.waitlist_entry_id).not.toBeNull();
    // Single use: the same link again is refused.
    const again = await postBooking(bookingForm(f, slot, { claim: hak }));
    expect(again.status).toBe(409);
  });

  it('a staff reject offers the slot too; an expired claim is refused', async () => {
    const { f, slot, taken } = await takenSlot('19:00');
    const first = await joined(f, slot);
    const admin = await tokenFor(await createStaff('admin'));
    const res = await api(`/api/bookings/${taken.booking.documentId}/reject`, {
      method: 'POST',
      json: { reason: 'Saha bakımda' },
      token: admin,
    });
    expect(res.status).toBe(200);
    const offered = await entry(first.key);
    expect(offered.status).toBe('offered');
    await env.DB.prepare('update waitlist_entries set offer_expires_at = ? where status = ?')
      .bind(Date.now() - 1, 'offered')
      .run();
    const late = await postBooking(bookingForm(f, slot, { claim: hakOf(offered.offer!.claimUrl) }));
    expect((await expectError(late, 409)).message).toBe(waitlistMsg.claimInvalid);
  });

  it('an offer that runs out passes to the next on the alarm; with nobody left the slot reads free', async () => {
    const { f, slot, taken } = await takenSlot('18:00');
    const first = await joined(f, slot);
    const second = await joined(f, slot);
    await cancel(taken.booking.bookingNumber);
    const firstOffer = await entry(first.key);
    expect(firstOffer.status).toBe('offered');
    const stub = facilityStub(env, f.id);
    const alarm = await runInDurableObject(stub, (_: FacilityBooking, state) => state.storage.getAlarm());
    expect(alarm).toBeLessThanOrEqual(Date.parse(firstOffer.offer!.expiresAt));

    await env.DB.prepare('update waitlist_entries set offer_expires_at = ? where status = ?')
      .bind(Date.now() - 1, 'offered')
      .run();
    await runDurableObjectAlarm(stub);
    expect((await entry(first.key)).status).toBe('passed');
    const next = await entry(second.key);
    expect(next.status).toBe('offered');
    // The first link is void now.
    const old = await postBooking(bookingForm(f, slot, { claim: hakOf(firstOffer.offer!.claimUrl) }));
    expect(old.status).toBe(409);

    await env.DB.prepare('update waitlist_entries set offer_expires_at = ? where status = ?')
      .bind(Date.now() - 1, 'offered')
      .run();
    await runDurableObjectAlarm(stub);
    expect((await entry(second.key)).status).toBe('passed');
    expect((await slotState(f, slot.document_id)).state).toBe('available');
  });

  it('leaving while offered passes the hold on; leaving while waiting moves the others up', async () => {
    const { f, slot, taken } = await takenSlot('17:00');
    const first = await joined(f, slot);
    const second = await joined(f, slot);
    const third = await joined(f, slot);
    expect((await api(`/api/waitlist/${second.key}`, { method: 'DELETE' })).status).toBe(204);
    expect((await entry(third.key)).position).toBe(2);
    await cancel(taken.booking.bookingNumber);
    expect((await entry(first.key)).status).toBe('offered');
    expect((await api(`/api/waitlist/${first.key}`, { method: 'DELETE' })).status).toBe(204);
    expect((await entry(first.key)).status).toBe('left');
    expect((await entry(third.key)).status).toBe('offered');
  });

  it('a window entry is offered one slot at most, across two pitches freed at once', async () => {
    const f1 = await pitch();
    const f2 = await pitch();
    const b1 = await bookViaApi(f1, day, '22:00');
    const b2 = await bookViaApi(f2, day, '22:00');
    // Only these two pitches are listed, and the window has nothing free.
    await env.DB.prepare('update facilities set is_active = 0 where id not in (?, ?)').bind(f1.id, f2.id).run();
    const free = await join({ gun: day, saat: '21:00-23:00', customerName: 'Ece Kaya', customerPhone: freshPhone() });
    expect((await expectError(free, 409)).message).toBe(waitlistMsg.windowFree);
    const res = await join({ gun: day, saat: '22:00', customerName: 'Ece Kaya', customerPhone: freshPhone() });
    expect(res.status).toBe(201);
    const w = (await json<Answer<WaitlistEntryWire>>(res)).data;
    expect(w.target.kind).toBe('window');
    await Promise.all([cancel(b1.booking.bookingNumber), cancel(b2.booking.bookingNumber)]);
    const offered = await rowsOf(
      "select count(*) as n from waitlist_entries where status = 'offered' and offer_facility_id in (?, ?)",
      f1.id,
      f2.id,
    );
    expect(offered[0].n).toBe(1);
    expect((await entry(w.key)).status).toBe('offered');
  });
});

describe('staff and erasure', () => {
  it('staff read the queue of a day and take an entry off; an erasure deletes the phone entries', async () => {
    const { f, slot } = await takenSlot('16:00');
    const phone = freshPhone();
    const a = await joined(f, slot, { customerPhone: phone });
    await joined(f, slot);
    const admin = await tokenFor(await createStaff('admin'));
    const res = await api(`/api/waitlist/queue?facility=${f.documentId}&date=${day}`, { token: admin });
    expect(res.status).toBe(200);
    const q = (
      await json<
        Answer<{
          slots: Array<{
            slotDocumentId: string;
            startTime: string;
            entries: Array<{ documentId: string; customerPhone: string; position: number }>;
          }>;
        }>
      >(res)
    ).data;
    expect(q.slots).toHaveLength(1);
    expect(q.slots[0]).toMatchObject({ slotDocumentId: slot.document_id, startTime: '16:00' });
    expect(q.slots[0].entries.map((e) => e.position)).toEqual([1, 2]);
    expect(q.slots[0].entries[0].customerPhone).toBe(phone);
    expect((await api(`/api/waitlist/queue?facility=${f.documentId}&date=${day}`)).status).toBe(401);

    const off = await api(`/api/waitlist/entries/${q.slots[0].entries[1].documentId}`, {
      method: 'DELETE',
      token: admin,
    });
    expect(off.status).toBe(204);

    const booking = await bookViaApi(f, day, '15:00', { customerPhone: phone });
    const erase = await api(`/api/bookings/${booking.booking.documentId}/anonymize`, { method: 'POST', token: admin });
    expect(erase.status).toBe(200);
    expect(await rowsOf('select id from waitlist_entries where customer_phone = ?', phone)).toEqual([]);
    expect((await api(`/api/waitlist/${a.key}`)).status).toBe(404);
  });
});

describe('the panel calendar', () => {
  it('counts the live waitlist of each start and shows a held slot as held', async () => {
    const f = await pitch();
    const taken = await bookViaApi(f, day, '14:00');
    await joined(f, taken.slot);
    await joined(f, taken.slot);
    const admin = await tokenFor(await createStaff('admin'));
    const read = async () => {
      const res = await api(`/api/facilities/${f.documentId}/calendar?from=${day}&to=${day}`, { token: admin });
      expect(res.status).toBe(200);
      const body = await json<Answer<{ slots: Array<{ documentId: string; waitlist: number; state: string }> }>>(res);
      return body.data.slots.find((s) => s.documentId === taken.slot.document_id)!;
    };
    expect(await read()).toMatchObject({ waitlist: 2 });
    await cancel(taken.booking.bookingNumber);
    expect(await read()).toMatchObject({ waitlist: 2, state: 'held' });
  });
});
