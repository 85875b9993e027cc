// The customer rules of contracts/customer-risk.ts (02 §4, §9) at their boundaries.
import { describe, expect, it } from 'vitest';
import {
  activityStatus,
  averageBookingsPerMonth,
  customerScore,
  riskLabel,
  successRate,
  warningLevel,
} from '../../contracts/customer-risk';

describe('customer rules', () => {
  it('warning level: subscribers by consecutive cancellations, everyone else none', () => {
    const levels = [0, 1, 2, 3, 4, 5, 9].map((n) => warningLevel(true, n));
    expect(levels).toEqual(['normal', 'normal', 'caution', 'warning', 'warning', 'critical', 'critical']);
    expect([0, 2, 3, 5].map((n) => warningLevel(false, n))).toEqual(['none', 'none', 'none', 'none']);
  });

  it('risk label', () => {
    expect([0, 1, 2, 3, 4, 5, 7].map(riskLabel)).toEqual([
      'DÜŞÜK',
      'DÜŞÜK',
      'ORTA',
      'YÜKSEK',
      'YÜKSEK',
      'KRİTİK',
      'KRİTİK',
    ]);
  });

  it('score and success rate', () => {
    expect(customerScore(0, 0, 0)).toBe(100);
    expect(customerScore(10, 1, 80)).toBe(100 - 20 - 10 + 40);
    expect(customerScore(50, 5, 10)).toBe(0);
    expect(customerScore(33.3, 0, 66.7)).toBe(67);
    expect(successRate(2, 3)).toBe(67);
    expect(successRate(0, 0)).toBe(0);
  });

  it('activity: active up to 30 days, inactive 31 to 60, dormant after or without bookings', () => {
    const today = '2026-03-31';
    expect(activityStatus('2026-04-10', today)).toBe('active');
    expect(activityStatus('2026-03-01', today)).toBe('active');
    expect(activityStatus('2026-02-28', today)).toBe('inactive');
    expect(activityStatus('2026-01-30', today)).toBe('inactive');
    expect(activityStatus('2026-01-29', today)).toBe('dormant');
    expect(activityStatus(null, today)).toBe('dormant');
  });

  it('bookings per month over 30-day months, at least one month', () => {
    expect(averageBookingsPerMonth(3, '2026-01-01', '2026-01-10')).toBe(3);
    expect(averageBookingsPerMonth(6, '2026-01-01', '2026-03-02')).toBe(3);
    expect(averageBookingsPerMonth(0, null, null)).toBe(0);
  });
});
