import { describe, expect, it } from 'vitest';
import { api, createFacility, createSlots, json } from './fixtures';

describe('smoke', () => {
  it('lists an active pitch', async () => {
    const f = await createFacility();
    await createSlots(f);
    const res = await api('/api/facilities');
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.data.map((x: any) => x.slug)).toContain(f.slug);
  });
});
