import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, istanbulInstant, istanbulToday, weekdayOf } from '../../worker/src/lib/time';
import { planDay } from '../../worker/src/services/slots';
import { everyDay } from './fixtures';

describe('istanbulToday', () => {
  it('is still the same Istanbul date at 20:59 UTC', () => {
    expect(istanbulToday(Date.parse('2026-03-14T20:59:00Z'))).toBe('2026-03-14');
    expect(istanbulToday(Date.parse('2026-03-14T20:59:59.999Z'))).toBe('2026-03-14');
  });

  it('turns to the next date at 21:00 UTC, which is midnight in Istanbul', () => {
    expect(istanbulToday(Date.parse('2026-03-14T21:00:00Z'))).toBe('2026-03-15');
  });

  it('does not change the date at 00:00 UTC (already 03:00 in Istanbul)', () => {
    expect(istanbulToday(Date.parse('2026-03-14T23:59:00Z'))).toBe('2026-03-15');
    expect(istanbulToday(Date.parse('2026-03-15T00:00:00Z'))).toBe('2026-03-15');
  });

  it('crosses the year end at 21:00 UTC on 31 December', () => {
    expect(istanbulToday(Date.parse('2026-12-31T20:59:00Z'))).toBe('2026-12-31');
    expect(istanbulToday(Date.parse('2026-12-31T21:00:00Z'))).toBe('2027-01-01');
  });

  it('stays at UTC+3 in summer too (no daylight saving)', () => {
    expect(istanbulToday(Date.parse('2026-07-01T20:59:00Z'))).toBe('2026-07-01');
    expect(istanbulToday(Date.parse('2026-07-01T21:00:00Z'))).toBe('2026-07-02');
  });
});

describe('istanbulInstant', () => {
  it('puts 01:00 on 2026-11-21 in Istanbul at 2026-11-20T22:00Z', () => {
    expect(new Date(istanbulInstant('2026-11-21', 60)).toISOString()).toBe('2026-11-20T22:00:00.000Z');
  });

  it('puts Istanbul midnight at 21:00 UTC of the previous day', () => {
    expect(new Date(istanbulInstant('2026-11-21', 0)).toISOString()).toBe('2026-11-20T21:00:00.000Z');
  });

  it('runs past midnight when minutes exceed a day (overnight starts belong to the next calendar day)', () => {
    // 25:00 on the business day 2026-11-21 is 01:00 on 2026-11-22 in Istanbul.
    expect(new Date(istanbulInstant('2026-11-21', 25 * 60)).toISOString()).toBe('2026-11-21T22:00:00.000Z');
    expect(istanbulInstant('2026-11-21', 25 * 60)).toBe(istanbulInstant('2026-11-22', 60));
  });
});

describe('addDays', () => {
  it('crosses a month end', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-04-30', 1)).toBe('2026-05-01');
  });

  it('crosses a year end forwards and backwards', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
  });

  it('knows February in leap and common years', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('adds many days at once and zero days is the same date', () => {
    expect(addDays('2026-11-21', 92)).toBe('2027-02-21');
    expect(addDays('2026-11-21', 0)).toBe('2026-11-21');
    expect(daysBetween('2026-11-21', addDays('2026-11-21', 92))).toBe(92);
  });
});

describe('weekdayOf', () => {
  it('names the weekday of a date regardless of the host time zone', () => {
    expect(weekdayOf('2026-11-21')).toBe('saturday');
    expect(weekdayOf('2026-11-22')).toBe('sunday');
    expect(weekdayOf('2026-11-23')).toBe('monday');
    expect(weekdayOf('2027-01-01')).toBe('friday');
    expect(weekdayOf('2028-02-29')).toBe('tuesday');
  });
});

describe('planDay', () => {
  const overnight = {
    workingHours: everyDay('18:00', '02:00'),
    bookingTimeType: 'hourly' as const,
    startTimeOffset: 'full_hour' as const,
  };

  it('lists an overnight pitch 18:00–02:00 with 00:00 and 01:00 on the same business date, after 23:00', () => {
    const plan = planDay(overnight, '2026-11-21');
    expect(plan.map((p) => p.startTime)).toEqual([
      '18:00',
      '19:00',
      '20:00',
      '21:00',
      '22:00',
      '23:00',
      '00:00',
      '01:00',
    ]);
    expect(plan.map((p) => p.endTime)).toEqual([
      '19:00',
      '20:00',
      '21:00',
      '22:00',
      '23:00',
      '00:00',
      '01:00',
      '02:00',
    ]);
    expect(new Set(plan.map((p) => p.date))).toEqual(new Set(['2026-11-21']));
  });

  it('gives overnight starts a real instant on the next calendar day', () => {
    const plan = planDay(overnight, '2026-11-21');
    const midnight = plan.find((p) => p.startTime === '00:00')!;
    const one = plan.find((p) => p.startTime === '01:00')!;
    expect(new Date(midnight.startsAt).toISOString()).toBe('2026-11-21T21:00:00.000Z'); // 2026-11-22 00:00 Istanbul
    expect(new Date(one.startsAt).toISOString()).toBe('2026-11-21T22:00:00.000Z'); // 2026-11-22 01:00 Istanbul
    expect(new Date(one.endsAt).toISOString()).toBe('2026-11-21T23:00:00.000Z');
    const instants = plan.map((p) => p.startsAt);
    expect([...instants].sort((a, b) => a - b)).toEqual(instants);
  });

  it('plans nothing on a closed day', () => {
    const hours = { ...everyDay('18:00', '02:00'), saturday: { isOpen: false, start: '18:00', end: '02:00' } };
    expect(planDay({ ...overnight, workingHours: hours }, '2026-11-21')).toEqual([]);
    expect(planDay({ ...overnight, workingHours: hours }, '2026-11-22')).toHaveLength(8);
  });

  it('plans 30-minute slots for a half-hourly pitch and starts at :30 with the half_hour offset', () => {
    const half = planDay(
      { workingHours: everyDay('09:00', '11:00'), bookingTimeType: 'half-hourly', startTimeOffset: 'full_hour' },
      '2026-11-21',
    );
    expect(half.map((p) => `${p.startTime}-${p.endTime}`)).toEqual([
      '09:00-09:30',
      '09:30-10:00',
      '10:00-10:30',
      '10:30-11:00',
    ]);
    const offset = planDay(
      { workingHours: everyDay('09:00', '12:00'), bookingTimeType: 'hourly', startTimeOffset: 'half_hour' },
      '2026-11-21',
    );
    expect(offset.map((p) => `${p.startTime}-${p.endTime}`)).toEqual(['09:30-10:30', '10:30-11:30']);
  });
});
