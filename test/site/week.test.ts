import { describe, expect, it } from 'vitest';
import {
  businessMinutes,
  coveredHours,
  dayAndMonth,
  isPastSlot,
  mondayFromParam,
  mondayOf,
  type TimedSlot,
  thisMonday,
  timeRows,
  weekDates,
  weekdayName,
  weekRangeLabel,
} from '../../site/src/lib/week';

/** A slot as the API sends it: `startsAt` is the real instant, a day later for an overnight start. */
const at = (date: string, start: string, end: string, overnight = false): TimedSlot => ({
  date,
  startTime: start,
  endTime: end,
  startsAt: new Date(Date.parse(`${date}T${start}:00+03:00`) + (overnight ? 86_400_000 : 0)).toISOString(),
});

describe('the week runs Monday to Sunday on Istanbul dates', () => {
  it('finds the Monday of any day, across months and years', () => {
    expect(mondayOf('2026-11-18')).toBe('2026-11-16'); // Wednesday
    expect(mondayOf('2026-11-16')).toBe('2026-11-16'); // Monday itself
    expect(mondayOf('2026-11-22')).toBe('2026-11-16'); // Sunday belongs to the week before it
    expect(mondayOf('2027-01-01')).toBe('2026-12-28');
  });

  it("takes this week from Istanbul's date, not the browser's UTC date", () => {
    // Sunday 22 November 21:30 UTC is already Monday 23 November 00:30 in Istanbul.
    expect(thisMonday(Date.parse('2026-11-22T21:30:00Z'))).toBe('2026-11-23');
    expect(thisMonday(Date.parse('2026-11-22T20:30:00Z'))).toBe('2026-11-16');
  });

  it('lists the seven dates Monday first', () => {
    expect(weekDates('2026-11-30')).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
    ]);
    expect(weekDates('2026-11-16').map(weekdayName)).toEqual([
      'Pazartesi',
      'Salı',
      'Çarşamba',
      'Perşembe',
      'Cuma',
      'Cumartesi',
      'Pazar',
    ]);
    expect(dayAndMonth('2026-11-16')).toBe('16 Kasım');
  });

  it('labels the range in Turkish, naming a month or year once when both ends share it', () => {
    expect(weekRangeLabel('2026-11-16')).toBe('16 – 22 Kasım 2026');
    expect(weekRangeLabel('2026-11-30')).toBe('30 Kasım – 6 Aralık 2026');
    expect(weekRangeLabel('2026-12-28')).toBe('28 Aralık 2026 – 3 Ocak 2027');
  });

  it('reads ?hafta= as the Monday of the date given, and ignores what is not a date', () => {
    expect(mondayFromParam('2026-11-19')).toBe('2026-11-16');
    expect(mondayFromParam('2026-02-30')).toBeNull();
    expect(mondayFromParam('geçen hafta')).toBeNull();
    expect(mondayFromParam(null)).toBeNull();
  });
});

describe('overnight hours (behaviour.md#time-money-and-identity)', () => {
  const overnightDay = [
    at('2026-11-17', '22:00', '23:00'),
    at('2026-11-17', '23:00', '00:00'),
    at('2026-11-17', '00:00', '01:00', true),
    at('2026-11-17', '01:00', '02:00', true),
  ];

  it('orders rows from the evening into the night: 06:00 … 23:30, then 00:00 … 05:30', () => {
    const earlyWeekday = [at('2026-11-16', '08:00', '09:00'), at('2026-11-16', '09:00', '10:00')];
    expect(timeRows([...overnightDay].reverse().concat(earlyWeekday))).toEqual([
      '08:00',
      '09:00',
      '22:00',
      '23:00',
      '00:00',
      '01:00',
    ]);
  });

  it('lets the real instant decide: a pitch opening at 05:00 keeps 05:00 first', () => {
    expect(timeRows([at('2026-11-16', '06:00', '07:00'), at('2026-11-16', '05:00', '06:00')])).toEqual([
      '05:00',
      '06:00',
    ]);
    expect(businessMinutes(at('2026-11-16', '05:00', '06:00'))).toBe(300);
    expect(businessMinutes(at('2026-11-16', '01:00', '02:00', true))).toBe(1500);
  });

  it('without an instant counts a start before 06:00 as after midnight', () => {
    const bare = (start: string): TimedSlot => ({ date: '2026-11-16', startTime: start, endTime: start });
    expect(timeRows([bare('01:00'), bare('23:30'), bare('06:00'), bare('05:30')])).toEqual([
      '06:00',
      '23:30',
      '01:00',
      '05:30',
    ]);
  });

  it("judges past on the real instant: Tuesday's 01:00 is Wednesday 01:00", () => {
    const tuesdayLate = Date.parse('2026-11-17T23:30:00+03:00');
    expect(isPastSlot(at('2026-11-17', '23:00', '00:00'), tuesdayLate)).toBe(true);
    expect(isPastSlot(at('2026-11-17', '01:00', '02:00', true), tuesdayLate)).toBe(false);
    expect(isPastSlot(at('2026-11-17', '01:00', '02:00', true), Date.parse('2026-11-18T01:00:00+03:00'))).toBe(true);
  });

  it('gives the hours the slots cover, first start to last end', () => {
    expect(coveredHours(overnightDay)).toBe('22:00 – 02:00');
    expect(coveredHours([at('2026-11-16', '08:00', '09:00'), at('2026-11-16', '22:00', '23:00')])).toBe(
      '08:00 – 23:00',
    );
    expect(coveredHours([at('2026-11-16', '08:00', '08:30'), at('2026-11-16', '23:30', '00:00')])).toBe(
      '08:00 – 00:00',
    );
    expect(coveredHours([])).toBeNull();
  });
});
