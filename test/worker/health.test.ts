// GET /api/health: liveness, and with ?deep=1 whether D1 answers (an uptime monitor's check; bench's calibration row).
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { app } from '../../worker/src/app';
import { databaseAnswers } from '../../worker/src/db/health';
import { type Answer, api, expectError, json, type OkAnswer } from './fixtures';

describe('GET /api/health', () => {
  it('asks D1 through the data layer (db/health.ts): true from the real D1, false when it throws or rejects', async () => {
    expect(await databaseAnswers(env.DB)).toBe(true);
    const rejecting = {
      prepare: () => ({ first: () => Promise.reject(new Error('D1_ERROR')) }),
    } as unknown as D1Database;
    expect(await databaseAnswers(rejecting)).toBe(false);
    const throwing = {
      prepare: () => {
        throw new Error('no binding');
      },
    } as unknown as D1Database;
    expect(await databaseAnswers(throwing)).toBe(false);
  });

  it('answers without touching D1, and with deep=1 after D1 answered', async () => {
    const plain = await api('/api/health');
    expect(plain.status).toBe(200);
    expect((await json<OkAnswer>(plain)).data).toEqual({ ok: true });
    const deep = await api('/api/health?deep=1');
    expect(deep.status).toBe(200);
    expect(deep.headers.get('cache-control')).toBe('no-store');
    expect((await json<Answer<{ ok: true; database: true }>>(deep)).data).toEqual({ ok: true, database: true });
  });

  it('deep=1 answers 503 in the one error shape, in Turkish, when D1 does not answer', async () => {
    const broken = {
      prepare: () => ({
        first: () => Promise.reject(new Error('D1_ERROR: network connection lost')),
      }),
    } as unknown as D1Database;
    const ctx = createExecutionContext();
    const res = await app.fetch(new Request('http://localhost/api/health?deep=1'), { ...env, DB: broken }, ctx);
    await waitOnExecutionContext(ctx);
    const error = await expectError(res, 503);
    expect(error.message).toBe('Veritabanına şu anda ulaşılamıyor, lütfen biraz sonra tekrar deneyin');
    expect(JSON.stringify(error)).not.toContain('D1_ERROR');
    // The plain check still says the Worker is up.
    const plainCtx = createExecutionContext();
    const plain = await app.fetch(new Request('http://localhost/api/health'), { ...env, DB: broken }, plainCtx);
    expect(plain.status).toBe(200);
  });
});
