import { describe, expect, it } from 'vitest';
import { hourlyEquivalent, hourlyEquivalentText, slotPrice, slotPriceText } from '../../site/src/lib/format';
import { compare, inBand, type ListItem, matches, readState } from '../../site/src/scripts/sahalar';

// A pitch's price as its page, cards and dialogs show it: its slots' range when price rules make them differ, each
// per slot length. A pitch's stored price is the price of one slot, so a half-hourly pitch at ₺900 is ₺900 per 30 dk.
const plain = (s: string | null) => s?.replace(/\s/g, ' ');

describe('slotPriceText', () => {
  it('shows the range when the coming slots differ, their one price when they agree, the pitch price without slots', () => {
    expect(plain(slotPriceText(1800, { min: 1800, max: 2345 }, 'hourly'))).toBe('₺1.800 – ₺2.345 / saat');
    expect(plain(slotPriceText(1800, { min: 2000, max: 2000 }, 'hourly'))).toBe('₺2.000 / saat');
    expect(plain(slotPriceText(1800, null, 'hourly'))).toBe('₺1.800 / saat');
  });

  it('a half-hourly pitch is priced per 30 minutes, never "/ saat"', () => {
    expect(plain(slotPriceText(900, null, 'half-hourly'))).toBe('₺900 / 30 dk');
    expect(plain(slotPriceText(900, { min: 900, max: 1200 }, 'half-hourly'))).toBe('₺900 – ₺1.200 / 30 dk');
  });
});

describe('slotPrice', () => {
  it('is the same price without the slot length, which the cards of / and /sahalar set smaller', () => {
    expect(plain(slotPrice(1800, { min: 1800, max: 2345 }))).toBe('₺1.800 – ₺2.345');
    expect(plain(slotPrice(1800, { min: 2000, max: 2000 }))).toBe('₺2.000');
    expect(plain(slotPrice(1800, null))).toBe('₺1.800');
  });
});

describe('the hourly equivalent', () => {
  it('doubles a half-hour slot price and leaves an hourly one', () => {
    expect(hourlyEquivalent(900, 'half-hourly')).toBe(1800);
    expect(hourlyEquivalent(900, 'hourly')).toBe(900);
    expect(plain(hourlyEquivalentText(900, null, 'half-hourly'))).toBe('Saatlik ₺1.800');
    expect(plain(hourlyEquivalentText(900, { min: 900, max: 1200 }, 'half-hourly'))).toBe('Saatlik ₺1.800 – ₺2.400');
    expect(hourlyEquivalentText(900, null, 'hourly')).toBeNull();
  });

  it('the price filter and sort of /sahalar compare the hourly equivalent: ₺900 / 30 dk is in the 1.000–2.000 band', () => {
    const item = (name: string, price: number, kind: 'hourly' | 'half-hourly', order: number): ListItem => ({
      name,
      address: '',
      price: hourlyEquivalent(price, kind),
      order,
      rating: null,
      ratings: 0,
    });
    const half = item('Yarım', 900, 'half-hourly', 0);
    const hourly = item('Saatlik', 1500, 'hourly', 1);
    expect(inBand(half.price, '1000-alti')).toBe(false);
    expect(matches(half, { ...readState(new URLSearchParams('fiyat=1000-2000')) })).toBe(true);
    expect([half, hourly].sort(compare('fiyat-artan')).map((i) => i.name)).toEqual(['Saatlik', 'Yarım']);
  });

  it('sorts by the rating players gave: highest first, more ratings first on a tie, pitches under 3 ratings last in their order', () => {
    expect(readState(new URLSearchParams('siralama=puan')).siralama).toBe('puan');
    const item = (name: string, order: number, rating: number | null, ratings: number): ListItem => ({
      name,
      address: '',
      price: 1000,
      order,
      rating,
      ratings,
    });
    const list = [
      item('Yeni', 0, null, 0),
      item('İyi', 1, 4.2, 10),
      item('Az', 2, null, 0),
      item('Çok iyi', 3, 4.8, 3),
      item('İyi, çok oy', 4, 4.2, 40),
    ];
    expect([...list].sort(compare('puan')).map((i) => i.name)).toEqual(['Çok iyi', 'İyi, çok oy', 'İyi', 'Yeni', 'Az']);
  });
});
