import { afterEach, describe, expect, it, vi } from 'vitest';
import { istanbulInstant } from '../../worker/src/lib/time';
import {
  api,
  createFacility,
  createStaff,
  expectError,
  freshPhone,
  insertSlot,
  json,
  type SlotsAnswer,
  tokenFor,
} from './fixtures';

// 2026-11-21 21:30 UTC is 2026-11-22 00:30 in Istanbul: "today" is the 22nd although the UTC date is still the 21st.
const AFTER_ISTANBUL_MIDNIGHT = Date.parse('2026-11-21T21:30:00Z');
const BEFORE_ISTANBUL_MIDNIGHT = Date.parse('2026-11-21T20:59:00Z');

afterEach(() => vi.useRealTimers());

describe('business days follow Istanbul, not UTC', () => {
  it('after 21:00 UTC the server already counts the next day as today', async () => {
    const admin = await createStaff('admin');
    const token = await tokenFor(admin, 'admin', 10 * 365 * 24 * 3600);
    const f = await createFacility();
    vi.useFakeTimers({ toFake: ['Date'] });

    vi.setSystemTime(AFTER_ISTANBUL_MIDNIGHT);
    const yesterday = await api(`/api/facilities/${f.slug}/generate-slots`, {
      method: 'POST',
      token,
      json: { startDate: '2026-11-21', endDate: '2026-11-21' },
    });
    expect((await expectError(yesterday, 400)).message).toContain('3 ay');
    const today = await api(`/api/facilities/${f.slug}/generate-slots`, {
      method: 'POST',
      token,
      json: { startDate: '2026-11-22', endDate: '2026-11-22' },
    });
    expect(today.status).toBe(200);

    vi.setSystemTime(BEFORE_ISTANBUL_MIDNIGHT);
    const stillToday = await api(`/api/facilities/${f.slug}/generate-slots`, {
      method: 'POST',
      token,
      json: { startDate: '2026-11-21', endDate: '2026-11-21' },
    });
    expect(stillToday.status).toBe(200);
  });

  it('a 23:30 slot of the 21st is past at 21:30 UTC and cannot be booked, while 00:00 of the 22nd already started too', async () => {
    const f = await createFacility();
    const lateEvening = await insertSlot(f.id, '2026-11-21', '23:30', istanbulInstant('2026-11-21', 23 * 60 + 30));
    const morning = await insertSlot(f.id, '2026-11-22', '09:00', istanbulInstant('2026-11-22', 9 * 60));
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(AFTER_ISTANBUL_MIDNIGHT);

    const late = (await json<SlotsAnswer>(await api(`/api/facilities/${f.slug}/slots?date=2026-11-21`))).data.slots[0];
    expect(late).toMatchObject({ startTime: '23:30', isPast: true, isAvailable: false, state: 'past' });
    const next = (await json<SlotsAnswer>(await api(`/api/facilities/${f.slug}/slots?date=2026-11-22`))).data.slots[0];
    expect(next).toMatchObject({ startTime: '09:00', isPast: false, isAvailable: true });

    const refused = await api('/api/bookings', {
      method: 'POST',
      json: {
        facility: f.documentId,
        bookingSlot: lateEvening,
        customerName: 'Gece Yarısı',
        customerPhone: freshPhone(),
      },
    });
    expect((await expectError(refused, 400)).message).toBe(
      'Geçmiş tarih ve saatlere rezervasyon yapılamaz. Lütfen güncel bir slot seçin.',
    );
    const accepted = await api('/api/bookings', {
      method: 'POST',
      json: { facility: f.documentId, bookingSlot: morning, customerName: 'Sabahçı', customerPhone: freshPhone() },
    });
    expect(accepted.status).toBe(201);
  });
});
