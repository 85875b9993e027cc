// Facts the API answers that screens repeat: no rating nobody gave, a closing time of 24:00 that stays midnight, one
// rule for a new password.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { facilityMsg } from '../../contracts/facility-form';
import { NEW_PASSWORD_MIN, staffMsg } from '../../contracts/staff';
import {
  addDays,
  api,
  createFacility,
  createStaff,
  expectError,
  type FacilityAnswer,
  type FacilityListAnswer,
  type Invalid,
  istanbulToday,
  json,
  tokenFor,
} from './fixtures';
import { pitchInput } from './fixtures/images';

let admin: string;
beforeAll(async () => {
  admin = await tokenFor(await createStaff('admin'));
});

const hasKeyDeep = (value: unknown, key: string): boolean =>
  Array.isArray(value)
    ? value.some((v) => hasKeyDeep(v, key))
    : typeof value === 'object' && value !== null
      ? Object.entries(value).some(([k, v]) => k === key || hasKeyDeep(v, key))
      : false;

describe('no rating that players did not give', () => {
  it('no public or staff answer about a pitch carries a rating, not even the column default of 5', async () => {
    const f = await createFacility();
    const answers = [
      await api('/api/facilities'),
      await api(`/api/facilities/${f.slug}`),
      await api(`/api/facilities/${f.documentId}`),
      await api('/api/facilities/all', { token: admin }),
      await api(`/api/facilities/${f.documentId}`, { token: admin }),
    ];
    for (const res of answers) {
      expect(res.status).toBe(200);
      const body = await json<FacilityListAnswer | FacilityAnswer>(res);
      expect(JSON.stringify(body)).not.toContain('"rating"');
      expect(hasKeyDeep(body, 'rating')).toBe(false);
      // Only what players gave (docs/behaviour.md#ratings): nobody rated this pitch, so there is no summary.
      const pitches = Array.isArray(body.data) ? body.data : [body.data];
      expect(pitches.find((p) => p.id === f.id)?.ratingSummary).toBeNull();
    }
  });

  it('sorting by rating puts no unrated pitch ahead: a pitch nobody rated sorts after the rated ones', async () => {
    const res = await api('/api/facilities?sort=rating:desc');
    expect(res.status).toBe(200);
    const list = (await json<FacilityListAnswer>(res)).data;
    const firstUnrated = list.findIndex((p) => p.ratingSummary === null);
    expect(list.slice(firstUnrated === -1 ? list.length : firstUnrated).every((p) => p.ratingSummary === null)).toBe(
      true,
    );
    const err = await expectError(await api('/api/facilities?sort=puan:desc'), 400);
    expect(err.message).toMatch(/^Sıralama alanı şunlardan biri olmalı: /);
  });
});

describe('a closing time of 24:00', () => {
  async function create(end: unknown, start: unknown = '08:00') {
    const hours = pitchInput().workingHours as Record<string, unknown>;
    return api('/api/facilities', {
      method: 'POST',
      token: admin,
      json: pitchInput({
        name: `Gece Yarısı ${crypto.randomUUID().slice(0, 8)}`,
        workingHours: Object.fromEntries(Object.keys(hours).map((d) => [d, { isOpen: true, start, end }])),
      }),
    });
  }

  it('is midnight: the pitch closes at the end of the day, its last slot 23:00–24:00, never 04:00', async () => {
    const res = await create('24:00');
    expect(res.status).toBe(201);
    const { data } = await json<FacilityAnswer>(res);
    // Stored as 00:00, which every reader already takes as the midnight that ends the day.
    expect(data.workingHours.monday).toEqual({ isOpen: true, start: '08:00', end: '00:00' });
    const day = addDays(istanbulToday(), 1);
    const gen = await api(`/api/facilities/${data.documentId}/generate-slots`, {
      method: 'POST',
      token: admin,
      json: { startDate: day, endDate: day },
    });
    expect(gen.status).toBe(200);
    const { results } = await env.DB.prepare(
      // One day of the horizon: a new pitch's 30 days are generated when it is created.
      'select start_time, end_time, starts_at, ends_at from booking_slots where facility_id = ? and date = ? order by starts_at',
    )
      .bind(data.id, day)
      .all<{ start_time: string; end_time: string; starts_at: number; ends_at: number }>();
    expect(results).toHaveLength(16);
    expect(results[0].start_time).toBe('08:00');
    const last = results.at(-1)!;
    expect(last.start_time).toBe('23:00');
    // It ends at the midnight that follows its day: 16 hours after the 08:00 start.
    expect(last.ends_at - results[0].starts_at).toBe(16 * 3_600_000);
  });

  it('is refused as an opening time, and what is not a time is refused with a Turkish message', async () => {
    const cases: Array<[unknown, unknown, 'start' | 'end']> = [
      ['24:00', '23:00', 'start'],
      ['08:00', '25:00', 'end'],
      ['08:00', '24:30', 'end'],
      ['08:00', '23:60', 'end'],
      ['08:00', 'gece', 'end'],
      ['08:00', '7', 'end'],
      ['08:00', 2400, 'end'],
      ['08:00', null, 'end'],
    ];
    for (const [start, end, field] of cases) {
      const err = await expectError<Invalid>(await create(end, start), 400);
      const issue = err.details.errors.find((e) => e.path.at(-1) === field);
      expect(issue, `${start}–${end}`).toBeDefined();
      expect(issue?.message).toBe(field === 'start' ? facilityMsg.openingInvalid : facilityMsg.closingInvalid);
    }
  });
});

describe('one rule for a new password', () => {
  it(`Hesabım refuses a new password shorter than ${NEW_PASSWORD_MIN} characters, as staff:create does`, async () => {
    expect(NEW_PASSWORD_MIN).toBe(8);
    const m = await createStaff('manager');
    const token = await tokenFor(m, 'manager');
    const change = (newPassword: string) =>
      api('/api/auth/password', {
        method: 'PUT',
        token,
        json: { currentPassword: 'secret123', newPassword, confirmPassword: newPassword },
      });
    const err = await expectError<Invalid>(await change('yeni12'), 400);
    expect(err.details.errors).toContainEqual({ path: ['newPassword'], message: staffMsg.newPasswordTooShort });
    expect((await expectError(await change('yeni123'), 400)).message).toBe(staffMsg.newPasswordTooShort);
    expect((await change('yeni1234')).status).toBe(200);
  });
});
