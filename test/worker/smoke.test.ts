import { describe, expect, it } from 'vitest';
import { api, createFacility, createSlots, type FacilityListAnswer, json } from './fixtures';

describe('smoke', () => {
  it('lists an active pitch', async () => {
    const f = await createFacility();
    await createSlots(f);
    const res = await api('/api/facilities');
    expect(res.status).toBe(200);
    const body = await json<FacilityListAnswer>(res);
    expect(body.data.map((x) => x.slug)).toContain(f.slug);
  });
});
