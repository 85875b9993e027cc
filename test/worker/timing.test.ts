// Server-Timing: off by default; turned on, a booking's answer lists where its time went, the pitch object's
// own steps included.
import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { app } from '../../worker/src/app';
import type { FacilityBooking } from '../../worker/src/durable-objects/facility-booking';
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
