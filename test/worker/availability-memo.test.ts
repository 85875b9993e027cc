// The one-second memory of public availability answers (worker/src/lib/availability-memo.ts). The other
// suites run with it off (vitest.config.ts): they write D1 behind the API's back. Here the app runs with it on, over
// the real D1 and pitch objects, and each rule that keeps a calendar live is shown to hold.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { app } from '../../worker/src/app';
import { availabilityMemoSize, forgetAvailability, memoised } from '../../worker/src/lib/availability-memo';
import {
  addDays,
  api,
  createFacility,
  createSlots,
  freshPhone,
  insertBookingRow,
  istanbulToday,
  json,
  type RangeSlotsAnswer,
  type SlotsAnswer,
  slotAt,
} from './fixtures';

const memoEnv = { ...env, AVAILABILITY_MEMO_MS: '60000' } as Env;

/** The app with the memory on (a minute, so a slow machine cannot expire an entry between two reads of a test). */
async function call(path: string, init: RequestInit & { json?: unknown } = {}) {
  const ctx = createExecutionContext();
  const headers = new Headers(init.headers);
  if (init.json !== undefined) headers.set('content-type', 'application/json');
  const res = await app.fetch(
    new Request(`http://localhost${path}`, {
      ...init,
      headers,
      body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
    }),
    memoEnv,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

async function slotsOf(path: string) {
  const res = await call(path);
  expect(res.status).toBe(200);
  return (await json<SlotsAnswer | RangeSlotsAnswer>(res)).data;
}

const stateAt = (answer: { slots: Array<{ startTime: string; state: string }> }, time: string) =>
  answer.slots.find((s) => s.startTime === time)?.state;

/** A booking written straight to D1, past the API and the pitch object: what the memory cannot know about. */
async function bookBehindTheApi(facilityId: number, date: string, time: string) {
  await insertBookingRow(await slotAt(facilityId, date, time), { facilityId, date, time, name: 'Arka Kapı' });
}

describe('public availability answers are kept a second per isolate, and never keep a calendar behind a change', () => {
  it('a second read within the memory is the kept answer (same asOf); fresh=1 reads D1 and sees what changed', async () => {
    forgetAvailability();
    const f = await createFacility();
    const date = addDays(istanbulToday(), 2);
    await createSlots(f, 2, 2);
    const first = await slotsOf(`/api/facilities/${f.slug}/slots?date=${date}`);
    expect(stateAt(first, '20:00')).toBe('available');
    expect(typeof first.asOf).toBe('number');

    await bookBehindTheApi(f.id, date, '20:00');
    const kept = await slotsOf(`/api/facilities/${f.slug}/slots?date=${date}`);
    // The memory answered: the change made behind the API's back is not in it, and the answer is the same read.
    expect(kept.asOf).toBe(first.asOf);
    expect(stateAt(kept, '20:00')).toBe('available');

    const fresh = await slotsOf(`/api/facilities/${f.slug}/slots?date=${date}&fresh=1`);
    expect(fresh.asOf).toBeGreaterThanOrEqual(first.asOf);
    expect(stateAt(fresh, '20:00')).toBe('pending');
  });

  it('a booking made through the API is in the very next read of the isolate that made it', async () => {
    forgetAvailability();
    const f = await createFacility();
    const date = addDays(istanbulToday(), 2);
    await createSlots(f, 2, 2);
    const before = await slotsOf(`/api/facilities/${f.slug}/slots?from=${date}&to=${date}`);
    expect(stateAt(before, '21:00')).toBe('available');
    expect(availabilityMemoSize()).toBeGreaterThan(0);

    const slot = await slotAt(f.id, date, '21:00');
    const created = await call('/api/bookings', {
      method: 'POST',
      json: {
        facility: f.documentId,
        bookingSlot: slot.document_id,
        customerName: 'Hafıza Test',
        customerPhone: freshPhone(),
      },
    });
    expect(created.status).toBe(201);

    const after = await slotsOf(`/api/facilities/${f.slug}/slots?from=${date}&to=${date}`);
    expect(after.asOf).toBeGreaterThan(before.asOf - 1);
    expect(stateAt(after, '21:00')).toBe('pending');
  });

  it("keeps no answer for an inactive pitch (staff's only) and no error", async () => {
    forgetAvailability();
    const f = await createFacility({ isActive: false });
    const date = addDays(istanbulToday(), 2);
    await createSlots(f, 2, 2);
    const res = await call(`/api/facilities/${f.slug}/slots?date=${date}`);
    expect(res.status).toBe(404);
    const missing = await call(`/api/facilities/no-such-pitch-anywhere/slots?date=${date}`);
    expect(missing.status).toBe(404);
    expect(availabilityMemoSize()).toBe(0);
  });

  it('keeps only settled answers: concurrent misses each read, and the next caller gets the answer kept', async () => {
    forgetAvailability();
    let reads = 0;
    const read = async () => {
      const n = ++reads;
      await new Promise((r) => setTimeout(r, 20));
      return { n };
    };
    const now = Date.now();
    // No request waits on another's read in flight (lib/availability-memo.ts says why).
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => memoised('shared', 1000, now, read, () => true)),
    );
    expect(reads).toBe(10);
    const kept = await memoised('shared', 1000, now + 10, read, () => true);
    expect(reads).toBe(10);
    expect(answers).toContain(kept);
    // Past its age the next caller reads again; a read that is not kept is not served later.
    await memoised('shared', 1000, now + 1000, read, () => true);
    expect(reads).toBe(11);
    await memoised('not-kept', 1000, now, read, () => false);
    await memoised('not-kept', 1000, now, read, () => false);
    expect(reads).toBe(13);
    forgetAvailability();
  });

  it('a read under way when the memory is forgotten (a write in this isolate) is not kept', async () => {
    forgetAvailability();
    let reads = 0;
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const slow = async () => {
      reads++;
      await gate;
      return { before: 'the write' };
    };
    const now = Date.now();
    const pending = memoised('raced', 1000, now, slow, () => true);
    forgetAvailability();
    release();
    expect(await pending).toEqual({ before: 'the write' });
    expect(availabilityMemoSize()).toBe(0);
    // So the next caller reads what the write left.
    expect(
      await memoised(
        'raced',
        1000,
        now + 5,
        async () => ({ after: 'the write' }),
        () => true,
      ),
    ).toEqual({
      after: 'the write',
    });
    expect(reads).toBe(1);
    forgetAvailability();
  });

  it('holds at most 128 answers, and drops the expired ones first', async () => {
    forgetAvailability();
    const now = Date.now();
    const read = async () => ({ ok: true });
    for (let i = 0; i < 300; i++) await memoised(`k${i}`, 1000, now, read, () => true);
    expect(availabilityMemoSize()).toBe(128);
    // A second later every one of them has expired: the next answer is kept alone.
    await memoised('later', 1000, now + 1000, read, () => true);
    expect(availabilityMemoSize()).toBe(1);
    forgetAvailability();
  });

  it("the live channel's hello says when the pitch last changed, so a calendar can tell its answer is older", async () => {
    const f = await createFacility();
    const date = addDays(istanbulToday(), 3);
    await createSlots(f, 3, 3);
    const slot = await slotAt(f.id, date, '19:00');
    const answer = await slotsOf(`/api/facilities/${f.slug}/slots?date=${date}&fresh=1`);

    const created = await api('/api/bookings', {
      method: 'POST',
      json: {
        facility: f.documentId,
        bookingSlot: slot.document_id,
        customerName: 'Değişim Zamanı',
        customerPhone: freshPhone(),
      },
    });
    expect(created.status).toBe(201);

    const res = await api(`/api/facilities/${f.slug}/live`, { headers: { Upgrade: 'websocket' } });
    expect(res.status).toBe(101);
    const ws = res.webSocket!;
    const hello = new Promise<any>((resolve) =>
      ws.addEventListener('message', (e) => resolve(JSON.parse(String(e.data))), { once: true }),
    );
    ws.accept();
    const first = await hello;
    ws.close(1000, 'bitti');
    expect(first.type).toBe('hello');
    // The booking was made after the answer was read: the calendar holding that answer must read again.
    expect(first.changedAt).toBeGreaterThan(answer.asOf);
  });
});
