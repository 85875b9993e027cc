// The hand-written money and date formats of lib/format.ts must read exactly as Intl tr-TR does.
import { describe, expect, it } from 'vitest';
import { addDays, trLongDate } from '../../contracts/dates';
import {
  tl,
  trDate,
  trDateRange,
  trDateWithDay,
  trDayMonth,
  trDayShort,
  trMonth,
  trWeekdayShort,
} from '../../site/src/lib/format';

const intl = (o: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('tr-TR', { ...o, timeZone: 'UTC' });
const at = (date: string) => new Date(date + 'T00:00:00Z');

describe('tl', () => {
  const money = new Intl.NumberFormat('tr-TR', {
    style: 'currency',
    currency: 'TRY',
    maximumFractionDigits: 0,
    minimumFractionDigits: 0,
  });

  it('writes what Intl tr-TR writes for whole lira, with the thousands grouped by dots', () => {
    for (const n of [0, 5, 99, 999, 1000, 1200, 12_345, 100_000, 1_234_567, 987_654_321, -5, -1200, -1_000_000])
      expect(tl(n)).toBe(money.format(n));
    expect(tl(1200)).toBe('₺1.200');
    expect(tl(-50)).toBe('-₺50');
  });

  it('rounds to whole lira and shows nothing as ₺0', () => {
    expect(tl(1499.5)).toBe(money.format(1500));
    expect(tl(1499.49)).toBe('₺1.499');
    expect(tl(null)).toBe('₺0');
    expect(tl(undefined)).toBe('₺0');
    expect(tl(-0.2)).toBe('₺0');
  });
});

describe('Turkish calendar dates', () => {
  // Every day of three years, leap day included.
  const days = Array.from({ length: 3 * 366 }, (_, i) => addDays('2026-01-01', i));

  it('match Intl tr-TR day by day', () => {
    const long = intl({ day: 'numeric', month: 'long', year: 'numeric' });
    const withDay = intl({ day: 'numeric', month: 'long', year: 'numeric', weekday: 'long' });
    const dayMonth = intl({ weekday: 'long', day: 'numeric', month: 'long' });
    const short = intl({ weekday: 'short', day: 'numeric', month: 'short' });
    const month = intl({ month: 'long', year: 'numeric' });
    for (const d of days) {
      expect(trDate(d)).toBe(long.format(at(d)));
      // The API's notification texts (worker/src/lib/format.ts) use the shared one.
      expect(trLongDate(d)).toBe(withDay.format(at(d)));
      expect(trDateWithDay(d)).toBe(withDay.format(at(d)));
      expect(trDayMonth(d)).toBe(dayMonth.format(at(d)));
      expect(trDayShort(d)).toBe(short.format(at(d)));
      expect(trMonth(d)).toBe(month.format(at(d)));
    }
    const weekday = intl({ weekday: 'short' });
    for (let i = 0; i < 7; i++) expect(trWeekdayShort(i)).toBe(weekday.format(at(`2026-11-0${1 + i}`)));
  });

  it('write ranges as Intl formatRange does: within a month, across months, across years, one day', () => {
    const range = intl({ day: 'numeric', month: 'long', year: 'numeric' });
    for (const from of days.filter((_, i) => i % 5 === 0))
      for (const length of [0, 1, 6, 30])
        expect(trDateRange(from, addDays(from, length))).toBe(range.formatRange(at(from), at(addDays(from, length))));
    expect(trDateRange('2026-11-22', '2026-11-28')).toBe('22–28 Kasım 2026');
    expect(trDateRange('2026-12-27', '2027-01-02')).toBe('27 Aralık 2026\u2009–\u20092 Ocak 2027');
  });
});
