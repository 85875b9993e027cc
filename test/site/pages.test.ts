import { describe, expect, it } from 'vitest';
import { pageItems } from '../../site/src/lib/pages';

describe('page numbers with ellipses (behaviour.md#management-panel customers: up to 7, otherwise ellipses)', () => {
  it('shows every page up to 7', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageItems(1, 0)).toEqual([]);
  });

  it('past 7: the first and last page, the current one with its neighbours, and gaps', () => {
    expect(pageItems(1, 20)).toEqual([1, 2, 3, 4, 5, 'gap-end', 20]);
    expect(pageItems(4, 20)).toEqual([1, 2, 3, 4, 5, 'gap-end', 20]);
    expect(pageItems(5, 20)).toEqual([1, 'gap-start', 4, 5, 6, 'gap-end', 20]);
    expect(pageItems(16, 20)).toEqual([1, 'gap-start', 15, 16, 17, 'gap-end', 20]);
    expect(pageItems(17, 20)).toEqual([1, 'gap-start', 16, 17, 18, 19, 20]);
    expect(pageItems(20, 20)).toEqual([1, 'gap-start', 16, 17, 18, 19, 20]);
  });

  it('never more than 7 items, always the current page, the first and the last, in order', () => {
    for (let count = 1; count <= 40; count++)
      for (let page = 1; page <= count; page++) {
        const items = pageItems(page, count);
        const numbers = items.filter((n): n is number => typeof n === 'number');
        expect(items.length).toBeLessThanOrEqual(7);
        expect(numbers).toContain(page);
        expect(numbers[0]).toBe(1);
        expect(numbers.at(-1)).toBe(count);
        expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
      }
  });
});
