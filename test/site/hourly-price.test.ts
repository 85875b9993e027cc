import { describe, expect, it } from 'vitest';
import { hourlyPriceText, perHourPrice } from '../../site/src/lib/format';

// The pitch page's price per hour (issue 12): its slots' range when price rules make them differ.
const plain = (s: string) => s.replace(/\s/g, ' ');

describe('hourlyPriceText', () => {
  it('shows the range when the coming slots differ, their one price when they agree, the hourly price without slots', () => {
    expect(plain(hourlyPriceText(1800, { min: 1800, max: 2345 }))).toBe('₺1.800 – ₺2.345 / saat');
    expect(plain(hourlyPriceText(1800, { min: 2000, max: 2000 }))).toBe('₺2.000 / saat');
    expect(plain(hourlyPriceText(1800, null))).toBe('₺1.800 / saat');
  });
});

describe('perHourPrice', () => {
  it('is the same price without " / saat", which the cards of / and /sahalar set smaller', () => {
    expect(plain(perHourPrice(1800, { min: 1800, max: 2345 }))).toBe('₺1.800 – ₺2.345');
    expect(plain(perHourPrice(1800, { min: 2000, max: 2000 }))).toBe('₺2.000');
    expect(plain(perHourPrice(1800, null))).toBe('₺1.800');
  });
});
