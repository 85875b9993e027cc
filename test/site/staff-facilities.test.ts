// The panel's pitch choosers read the whole staff list, page after page (site/src/lib/staff-facilities.ts): a city with
// more than 100 pitches must still find the 101st in Fiyatlandırma, Saha Servisleri, Raporlar, Aboneler and the calendar.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { allStaffFacilities } from '../../site/src/lib/staff-facilities';
import { apiError, facility, mockApi } from './fixtures/panel-facility';

afterEach(() => vi.unstubAllGlobals());

describe('allStaffFacilities', () => {
  it('reads every page of 100 in order and stops at the last', async () => {
    const all = Array.from({ length: 230 }, (_, i) => facility({ id: i + 1, name: `Saha ${i + 1}` }));
    const calls = mockApi((c) => {
      const page = Number(c.query['pagination[page]']);
      const size = Number(c.query['pagination[pageSize]']);
      return [
        200,
        {
          data: all.slice((page - 1) * size, page * size),
          meta: { pagination: { page, pageSize: size, pageCount: Math.ceil(all.length / size), total: all.length } },
        },
      ];
    });
    const got = await allStaffFacilities();
    expect(got.map((f) => f.id)).toEqual(all.map((f) => f.id));
    expect(calls.map((c) => [c.path, c.query['pagination[page]'], c.query['pagination[pageSize]']])).toEqual([
      ['/api/facilities/all', '1', '100'],
      ['/api/facilities/all', '2', '100'],
      ['/api/facilities/all', '3', '100'],
    ]);
  });

  it('a failed page fails the whole read (a chooser says it could not load, never shows a partial list)', async () => {
    mockApi((c) =>
      c.query['pagination[page]'] === '1'
        ? [
            200,
            { data: [facility({ id: 1 })], meta: { pagination: { page: 1, pageSize: 100, pageCount: 2, total: 101 } } },
          ]
        : apiError(500, 'Bir hata oluştu'),
    );
    await expect(allStaffFacilities()).rejects.toThrow('Bir hata oluştu');
  });
});
