// Threat model, row 'phone-holder' (README 'Threat model'): someone who knows (or guesses) a customer's phone number or
// booking number. They can look up what the public look-ups show for it. What must hold here: look-ups per phone and
// per booking number are limited (a sliding window, from every address together, with the Turkish 429 and
// retry-after), and a phone never opens a staff route. The same-day warning's masking and the cancel-by-number rule
// are engineer A's fixes and are tested with the booking flow.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { api, expectError, freshPhone } from './fixtures';

const RATE_LIMITED = 'Çok fazla deneme yaptınız. Lütfen birkaç dakika sonra tekrar deneyin.';

describe('guessing through the look-ups is limited per target, from everywhere', () => {
  it('subscriber look-ups of one phone from many addresses stop at the per-target limit', async () => {
    const phone = freshPhone();
    const limit = Number(env.RATE_LIMIT_LOOKUP_PER_TARGET);
    for (let i = 0; i < limit; i++)
      expect((await api(`/api/bookings/track-by-phone/${phone}`, { ip: `100.90.${i}.1` })).status).not.toBe(429);
    const res = await api(`/api/bookings/track-by-phone/${phone}`, { ip: '100.90.250.1' });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await expectError(res, 429)).message).toBe(RATE_LIMITED);
    // Another phone is unaffected.
    expect((await api(`/api/bookings/track-by-phone/${freshPhone()}`, { ip: '100.90.250.1' })).status).not.toBe(429);
  });

  it('booking attempts for one phone are limited the same way', async () => {
    const phone = freshPhone();
    const limit = Number(env.RATE_LIMIT_BOOKING_PER_PHONE);
    for (let i = 0; i < limit; i++)
      await api('/api/bookings', {
        method: 'POST',
        json: { facility: 'yok', bookingSlot: 'yok', customerName: 'Deneme Kişi', customerPhone: phone },
        ip: `100.91.${i}.1`,
      });
    await expectError(
      await api('/api/bookings', {
        method: 'POST',
        json: { facility: 'yok', bookingSlot: 'yok', customerName: 'Deneme Kişi', customerPhone: phone },
        ip: '100.91.250.1',
      }),
      429,
    );
  });
});

describe('a phone is not a staff credential', () => {
  it('no staff route answers to a phone number in any header, cookie or query', async () => {
    const phone = freshPhone();
    for (const headers of [{ authorization: `Bearer ${phone}` }, { cookie: `hs_session=${phone}` }] as Record<
      string,
      string
    >[]) {
      const init = { headers };
      await expectError(await api(`/api/bookings?q=${phone}`, init), 401);
      await expectError(await api('/api/notifications/all', init), 401);
    }
    await expectError(await api(`/api/notifications/live?token=${phone}`, { headers: { upgrade: 'websocket' } }), 401);
  });
});
