// The pricing engine (contracts/pricing.ts) that both slot generation and the panel's preview run.
import { describe, expect, it } from 'vitest';
import { applyRule, inHours, type PriceRuleLike, priceFor, weekDayOf, winningRule } from '../../contracts/pricing';

const ALL = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
const rule = (over: Partial<PriceRuleLike> = {}): PriceRuleLike => ({
  isActive: true,
  days: ALL,
  dateFrom: null,
  dateTo: null,
  startTime: null,
  endTime: null,
  adjustment: 'fixed',
  amount: 200_000,
  priority: 0,
  ...over,
});

describe('weekDayOf', () => {
  it('reads the calendar day, whatever the machine time zone', () => {
    expect(weekDayOf('2026-11-23')).toBe('monday');
    expect(weekDayOf('2026-11-29')).toBe('sunday');
    expect(weekDayOf('2028-02-29')).toBe('tuesday');
  });
});

describe('inHours', () => {
  it('is [start, end) and wraps past midnight when the end is not after the start', () => {
    expect(inHours('18:00', '18:00', '00:00')).toBe(true);
    expect(inHours('23:30', '18:00', '00:00')).toBe(true);
    expect(inHours('00:00', '18:00', '00:00')).toBe(false);
    expect(inHours('17:59', '18:00', '00:00')).toBe(false);
    expect(inHours('01:00', '18:00', '02:00')).toBe(true);
    expect(inHours('02:00', '18:00', '02:00')).toBe(false);
    expect(inHours('10:00', '09:00', '12:00')).toBe(true);
    expect(inHours('12:00', '09:00', '12:00')).toBe(false);
    expect(inHours('03:00', null, null)).toBe(true);
  });
});

describe('winningRule', () => {
  it('skips inactive rules and rules of other days, dates or hours', () => {
    const rules = [
      rule({ isActive: false }),
      rule({ days: ['sunday'] }),
      rule({ dateFrom: '2026-12-01' }),
      rule({ dateTo: '2026-11-22' }),
      rule({ startTime: '18:00', endTime: '20:00' }),
    ];
    expect(winningRule(rules, '2026-11-23', '10:00')).toBe(-1);
    expect(winningRule(rules, '2026-11-23', '19:00')).toBe(4);
  });

  it('takes the highest priority, then a dated rule over an open one, then the first listed', () => {
    const open = rule({ amount: 1 });
    const dated = rule({ amount: 2, dateFrom: '2026-11-23', dateTo: '2026-11-23' });
    const high = rule({ amount: 3, priority: 9 });
    expect(winningRule([open, dated], '2026-11-23', '10:00')).toBe(1);
    expect(winningRule([dated, open], '2026-11-23', '10:00')).toBe(0);
    expect(winningRule([open, dated, high], '2026-11-23', '10:00')).toBe(2);
    expect(winningRule([open, rule({ amount: 4 })], '2026-11-23', '10:00')).toBe(0);
    // The dated rule is over on the next day.
    expect(winningRule([open, dated], '2026-11-24', '10:00')).toBe(0);
  });
});

describe('applyRule and priceFor', () => {
  it('a fixed rule sets the price; a percentage moves the hourly price to whole lira, never under 1 TL', () => {
    expect(applyRule(150_000, { adjustment: 'fixed', amount: 175_050 })).toBe(175_050);
    expect(applyRule(150_000, { adjustment: 'percent', amount: 20 })).toBe(180_000);
    expect(applyRule(150_000, { adjustment: 'percent', amount: -33 })).toBe(100_500);
    expect(applyRule(99_999, { adjustment: 'percent', amount: 7 })).toBe(107_000);
    expect(applyRule(100, { adjustment: 'percent', amount: -90 })).toBe(100);
  });

  it('no matching rule: the hourly price and rule -1', () => {
    expect(priceFor(150_000, [], '2026-11-23', '10:00')).toEqual({ price: 150_000, rule: -1 });
    expect(priceFor(150_000, [rule({ startTime: '18:00', endTime: '00:00' })], '2026-11-23', '19:00')).toEqual({
      price: 200_000,
      rule: 0,
    });
  });
});
