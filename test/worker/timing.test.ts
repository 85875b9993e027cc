// Server-Timing: off by default; turned on, a booking's answer lists where its time went, the pitch object's
// own steps included.
import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { BookingWire } from '../../contracts/wire/booking';
import { app } from '../../worker/src/app';
import type { FacilityBooking } from '../../worker/src/durable-objects/facility-booking';
import { meteredEnv } from '../../worker/src/lib/d1-cost';
import { facilityStub } from '../../worker/src/services/facility-ref';
import { addDays, api, createFacility, createSlots, freshPhone, istanbulToday, slotAt } from './fixtures';

async function bookingBody() {
  const f = await createFacility();
  await createSlots(f, 0, 2);
  const slot = await slotAt(f.id, addDays(istanbulToday(), 1), '20:00');
  return {
    f,
    json: {
      facility: f.documentId,
      bookingSlot: slot.document_id,
      customerName: 'Ahmet Yılmaz',
      customerPhone: freshPhone(),
    },
  };
}

const steps = (header: string | null) =>
  Object.fromEntries(
    (header ?? '')
      .split(', ')
      .filter(Boolean)
      .map((part) => {
        const [name, dur] = part.split(';dur=');
        return [name, Number(dur)];
      }),
  );

describe('Server-Timing', () => {
  it('is off unless SERVER_TIMING is "1": no answer says how long its steps took', async () => {
    const { json } = await bookingBody();
    const res = await api('/api/bookings', { method: 'POST', json });
    expect(res.status).toBe(201);
    expect(res.headers.get('server-timing')).toBeNull();
  });

  it('on, a booking lists the limiter, the pitch lookup, the object call and the steps inside the object', async () => {
    const { f, json } = await bookingBody();
    // The object reads its own configuration: turn timing on there too (as SERVER_TIMING = "1" does for a deployment).
    await runInDurableObject(facilityStub(env, f.id), (instance: FacilityBooking) => {
      const own = (instance as unknown as { env: Env }).env;
      Object.defineProperty(instance, 'env', { value: { ...own, SERVER_TIMING: '1' }, configurable: true });
    });
    const res = await app.request(
      '/api/bookings',
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(json) },
      { ...env, SERVER_TIMING: '1' },
    );
    expect(res.status).toBe(201);
    const timing = steps(res.headers.get('server-timing'));
    expect(Object.keys(timing)).toEqual(
      expect.arrayContaining([
        'limit',
        'facility',
        'pitch',
        'do.lock',
        'do.facility',
        'do.write',
        'do.expiry',
        'total',
      ]),
    );
    for (const ms of Object.values(timing)) expect(ms).toBeGreaterThanOrEqual(0);
    // The object's steps happen inside the call to it; the call inside the whole request.
    expect(timing['do.write']).toBeLessThanOrEqual(timing.pitch);
    expect(timing.pitch).toBeLessThanOrEqual(timing.total);
  });

  it('on, a refused booking still says where its time went, in the one error shape', async () => {
    const { json } = await bookingBody();
    const res = await app.request(
      '/api/bookings',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...json, bookingSlot: 'yok' }),
      },
      { ...env, SERVER_TIMING: '1' },
    );
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect((await res.json<{ error: { message: string } }>()).error.message).toBeTruthy();
    expect(steps(res.headers.get('server-timing')).total).toBeGreaterThanOrEqual(0);
  });
});

// The sequential remote hops of the hot paths (docs/performance.md 'Latency budget'): with D1_COST = "1" as well, the
// bindings are metered (worker/src/lib/d1-cost.ts) and Server-Timing lists every D1 statement or batch and every
// Durable Object call in rounds: `hops;desc="a+b > c"` is a and b at once, then c; `do.hops` the rounds inside the
// pitch's object. A new round trip on one of these paths changes the sequence and fails here.
describe('sequential remote hops', () => {
  const on = { ...env, SERVER_TIMING: '1', D1_COST: '1' } as Env;

  async function meterObject(facilityId: number) {
    await runInDurableObject(facilityStub(env, facilityId), (instance: FacilityBooking) => {
      const own = (instance as unknown as { env: Env }).env;
      Object.defineProperty(instance, 'env', { value: meteredEnv({ ...own, ...on }), configurable: true });
    });
  }
  const send = (path: string, init: RequestInit = {}) => app.request(path, init, on);
  const post = (path: string, json: unknown) =>
    send(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(json) });
  const hops = (res: Response) => {
    const header = res.headers.get('server-timing') ?? '';
    const desc = (name: string) => header.match(new RegExp(`(?:^|, )${name};desc="([^"]*)"`))?.[1];
    return { worker: desc('hops'), object: desc('do\\.hops') };
  };
  const cost = (res: Response) =>
    Object.fromEntries(
      (res.headers.get('x-cost') ?? '').split('; ').map((kv) => {
        const [k, v] = kv.split('=');
        return [k, Number(v)];
      }),
    );

  async function booked() {
    const { f, json } = await bookingBody();
    await meterObject(f.id);
    // The first booking warms what an isolate and an object keep (the pitch's id, its rules, its bundle).
    const warm = await slotAt(f.id, addDays(istanbulToday(), 1), '21:00');
    expect((await post('/api/bookings', { ...json, bookingSlot: warm.document_id })).status).toBe(201);
    return { f, json };
  }

  it('booking create: the two limits at once, then the pitch object, inside it one D1 batch', async () => {
    const { json } = await booked();
    const res = await post('/api/bookings', { ...json, customerPhone: freshPhone() });
    expect(res.status).toBe(201);
    expect(hops(res)).toEqual({ worker: 'limiter.hit+limiter.hit > pitch.createBooking', object: 'd1' });
    // The answer's cost: every D1 row it read and wrote, the object's included, and three object calls.
    const c = cost(res);
    expect(c.objects).toBe(3);
    expect(c.queries).toBe(1);
    // What the batch writes (the booking, its slot, the summaries the triggers keep) is `npm run bench:cost`'s to print.
    expect(c.written).toBeGreaterThan(0);
  });

  it('tracking: the address and number counts beside the booking and rating reads, one round', async () => {
    const { json } = await booked();
    const created = await post('/api/bookings', { ...json, customerPhone: freshPhone() });
    const { bookingNumber } = (await created.json<{ data: BookingWire }>()).data;
    const res = await send(`/api/bookings/track/${bookingNumber}`);
    expect(res.status).toBe(200);
    expect(hops(res)).toEqual({ worker: 'd1+d1+limiter.hit+limiter.hit', object: undefined });
    expect(cost(res)).toMatchObject({ queries: 2, objects: 2, written: 0 });
  });

  it('the slots of a day: one D1 read, no object', async () => {
    const { f } = await booked();
    const res = await send(`/api/facilities/${f.slug}/slots?date=${addDays(istanbulToday(), 1)}&fresh=1`);
    expect(res.status).toBe(200);
    expect(hops(res)).toEqual({ worker: 'd1', object: undefined });
    expect(cost(res)).toMatchObject({ queries: 1, objects: 0, written: 0 });
    expect(cost(res).read).toBeGreaterThan(0);
  });

  it('off (D1_COST unset), no answer carries a cost or hops', async () => {
    const { f } = await bookingBody();
    const res = await app.request(
      `/api/facilities/${f.slug}/slots?date=${istanbulToday()}`,
      {},
      {
        ...env,
        SERVER_TIMING: '1',
      },
    );
    expect(res.headers.get('x-cost')).toBeNull();
    expect(res.headers.get('server-timing')).not.toContain('hops');
  });
});
