// The panel list's search through the trigram index (migration 0017) against the pass over the covering index
// it replaces: for fragments common and rare, phone digits, Turkish letters, 1–2 characters (no trigram: the pass
// stays) and characters that are FTS5 query syntax, under every pitch / flag / date-range filter, tab and sort, the
// page read by id ('few') and the page walked in order ('many') equal the pass's page, and so do the tab counts. The
// index itself is checked against bookings after inserts, renames and deletes, and the bounded count's threshold.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_SORTS, BOOKING_TABS } from '../../contracts/panel';
import {
  bookingsPage,
  FEW_MATCHES,
  type ListFilter,
  type PageSpec,
  type SearchReach,
  scannedCounts,
  searchReach,
  tabCounts,
  usesTrigrams,
} from '../../worker/src/db/booking-list';
import { getDb } from '../../worker/src/db/client';
import { countsOf, searchPattern } from '../../worker/src/services/staff-bookings';
import { addDays, createFacility, istanbulToday } from './fixtures';

const STATUSES = ['pending', 'approved', 'rejected', 'cancelled', 'expired'] as const;
// Turkish letters, an apostrophe, double quotes and FTS5 operators: each must be plain text to the search.
const NAMES = [
  'Işık Tan',
  'Ayşe Kaya',
  'Ümit Şahin',
  'Can Işıklı',
  "O'Brien Doğan",
  'Ali "Kral" Öz',
  'Gökhan AND Near',
  'Veli * (Yıldız): -x',
  'Ali Can',
];
const ROWS = 420;
let pitchIds: number[];

const insertSql = `insert into bookings (document_id, booking_number, facility_id, customer_name, customer_phone, date,
    start_time, end_time, starts_at, slot_price, total_price, status, is_subscriber, includes_transportation,
    transportation_price, created_at, updated_at)
  values (?, ?, ?, ?, ?, ?, ?, ?, ?, 150000, 150000, ?, ?, ?, 0, ?, ?)`;

beforeAll(async () => {
  pitchIds = [(await createFacility()).id, (await createFacility()).id, (await createFacility()).id];
  const today = istanbulToday();
  const base = Date.now();
  const insert = env.DB.prepare(insertSql);
  await env.DB.batch(
    Array.from({ length: ROWS }, (_, i) => {
      const date = addDays(today, ((i * 7) % 12) - 4);
      const hour = 9 + ((i * 5) % 15);
      const startsAt = Date.parse(`${date}T00:00:00Z`) + (hour - 3) * 3_600_000;
      // Creation times repeat (every 30th row shares one): the id breaks the tie.
      const createdAt = base - 86_400_000 + ((i * 7919) % 30) * 60_000;
      return insert.bind(
        `search-${i}`,
        `HSRS${String(i).padStart(6, '0')}`,
        pitchIds[i % 3],
        NAMES[i % NAMES.length],
        `05${i % 2 ? '32' : '55'}${String(i * 7919).padStart(7, '0')}`,
        date,
        `${String(hour).padStart(2, '0')}:00`,
        `${String(hour + 1).padStart(2, '0')}:00`,
        startsAt,
        STATUSES[(i * 3 + Math.floor(i / 5)) % 5],
        i % 4 === 0 ? 1 : 0,
        i % 3 === 0 ? 1 : 0,
        createdAt,
        createdAt,
      );
    }),
  );
});

/** What staff type: common and rare, phones, Turkish letters, short ones and FTS5 syntax. */
const TYPED = [
  'isik',
  'Işık',
  'IŞIKLI',
  'ali',
  'Ali Can',
  'kaya',
  'şahin',
  'ahi',
  'a',
  'ka',
  'ı',
  '0532',
  '0555 7',
  '532 79',
  '7919',
  'hsrs0001',
  'zzzz',
  "o'brien",
  "n'",
  '"kral"',
  'i "k',
  '""',
  'and near',
  'and',
  'near',
  '* (yil',
  '): -x',
  ':',
  'or',
  'can ',
];

interface Filter {
  pitch?: number;
  subscribers?: boolean;
  transport?: boolean;
  range?: boolean;
}
const FILTERS: Filter[] = [
  {},
  { pitch: 1 },
  { subscribers: true },
  { transport: true, range: true },
  { pitch: 2, subscribers: true, transport: true },
  { range: true },
];

function listFilter(f: Filter, q: string, today: string): ListFilter {
  return {
    search: searchPattern(q),
    subscribers: f.subscribers,
    transport: f.transport,
    from: f.range ? addDays(today, -1) : undefined,
    to: f.range ? addDays(today, 2) : undefined,
    facilityId: f.pitch === undefined ? null : pitchIds[f.pitch],
  };
}

describe('the search through the trigram index against the pass over the covering index', () => {
  it('every fragment, filter, tab and sort: the same page and the same tab counts', async () => {
    const db = getDb(env.DB);
    const today = istanbulToday();
    let compared = 0;
    let nonEmpty = 0;
    let indexed = 0;
    for (const q of TYPED)
      for (const [n, f] of FILTERS.entries()) {
        const now = Date.now();
        const filter = listFilter(f, q, today);
        const spec = (tab: PageSpec['tab'], sort: PageSpec['sort'], page: number): PageSpec => ({
          tab,
          sort,
          page,
          pageSize: 3,
          today,
          yesterday: addDays(today, -1),
          now,
        });
        // Per tab, two of the four sorts (alternating with the filter) and pages 1 and 2.
        const specs = BOOKING_TABS.flatMap((tab) =>
          BOOKING_SORTS.filter((_, k) => (k + n) % 2 === 0).flatMap((sort) => [spec(tab, sort, 1), spec(tab, sort, 2)]),
        );
        // 'few' is the trigram index's answer, so only a fragment it answers (searchReach gives no reach otherwise);
        // the walk of 'many' tests instr on the rows, whatever the fragment's length.
        const trigrams = usesTrigrams(filter.search);
        if (trigrams) indexed++;
        const reaches: (SearchReach | undefined)[] = [undefined, trigrams ? 'few' : 'many', 'many'];
        const [pass, few, many] = await Promise.all(
          reaches.map((reach) =>
            db.batch([
              tabCounts(db, filter, spec('all', 'createdAt:desc', 1), reach),
              ...specs.map((s) => bookingsPage(db, filter, s, reach)),
            ]),
          ),
        );
        const label = { q, search: filter.search, f };
        // The tabs' counts as the list shows them (matchCounts leaves 'ahead' 0 where Gelecek does not count it).
        const counts = countsOf(pass[0]);
        expect({ label, counts: countsOf(few[0]) }).toEqual({ label, counts });
        expect({ label, counts: countsOf(many[0]) }).toEqual({ label, counts });
        specs.forEach((s, i) => {
          const ids = (rows: { documentId: string }[]) => rows.map((r) => r.documentId);
          const at = { ...label, tab: s.tab, sort: s.sort, page: s.page };
          const expected = ids(pass[i + 1] as { documentId: string }[]);
          expect({ at, ids: ids(few[i + 1] as { documentId: string }[]) }).toEqual({ at, ids: expected });
          expect({ at, ids: ids(many[i + 1] as { documentId: string }[]) }).toEqual({ at, ids: expected });
          compared++;
          if (expected.length > 0) nonEmpty++;
        });
      }
    expect(compared).toBe(TYPED.length * FILTERS.length * BOOKING_TABS.length * 2 * 2);
    // The comparison is over real rows: most fragments find bookings under most filters.
    expect(nonEmpty).toBeGreaterThan(compared / 3);
    expect(indexed).toBeGreaterThan((TYPED.length * FILTERS.length) / 2);
    // Thousands of statements in one test: on a busy 2-core machine it has taken over the suite's 30 s.
  }, 120_000);

  it('fragments of 3 or more characters go to the index; shorter ones keep the pass', async () => {
    expect(usesTrigrams('isi')).toBe(true);
    expect(usesTrigrams('ı ı')).toBe(true);
    expect(usesTrigrams('is')).toBe(false);
    expect(usesTrigrams('i\0s')).toBe(false);
    expect(usesTrigrams(undefined)).toBe(false);
    const db = getDb(env.DB);
    expect(await searchReach(db, { facilityId: null, search: 'ka' })).toBeUndefined();
    expect(await searchReach(db, { facilityId: null, search: 'isik' })).toEqual({ counts: 'few', page: 'few' });
    expect(await searchReach(db, { facilityId: null, search: 'zzzz' }, 'pending')).toEqual({
      counts: 'few',
      page: 'few',
    });
  });
});

describe('the trigram index follows bookings', () => {
  const matches = async (fragment: string) =>
    (
      await env.DB.prepare(
        'select rowid & 1099511627775 as id from bookings_search where bookings_search match ? order by 1',
      )
        .bind(`"${fragment}"`)
        .all<{ id: number }>()
    ).results.map((r) => r.id);
  const scanned = async (fragment: string) =>
    (
      await env.DB.prepare('select id from bookings where instr(search_key, ?) > 0 order by id')
        .bind(fragment)
        .all<{ id: number }>()
    ).results.map((r) => r.id);

  /** The matches per pitch, flags and status as the index's rowids carry them (migration 0017), and as bookings do. */
  const perStatus = async (fragment: string) => {
    const index = await env.DB.prepare(
      `select rowid >> 45 as pitch, (rowid >> 44) & 1 as sub, (rowid >> 43) & 1 as shuttle, case (rowid >> 40) & 7
         when 1 then 'pending' when 2 then 'approved' when 3 then 'rejected' when 4 then 'cancelled' when 5 then 'expired'
         end as status, count(*) as n from bookings_search where bookings_search match ? group by 1, 2, 3, 4
       order by 1, 2, 3, 4`,
    )
      .bind(`"${fragment}"`)
      .all();
    const rows = await env.DB.prepare(
      `select facility_id as pitch, is_subscriber as sub, includes_transportation as shuttle, status, count(*) as n
       from bookings where instr(search_key, ?) > 0 group by 1, 2, 3, 4 order by 1, 2, 3, 4`,
    )
      .bind(fragment)
      .all();
    return { index: index.results, rows: rows.results };
  };

  it('after inserts, renames, phone, status, pitch and flag changes and deletes it answers what instr answers', async () => {
    const today = istanbulToday();
    const now = Date.now();
    const insert = env.DB.prepare(insertSql);
    const rows = ['Zülfikar Ergün', 'Zülfikar Ergün', 'Hüsnü Çağlar'].map((name, i) =>
      insert.bind(
        `fts-${i}`,
        `HSRF${i}`,
        pitchIds[0],
        name,
        `0541000000${i}`,
        today,
        '20:00',
        '21:00',
        now + i,
        'approved',
        0,
        0,
        now,
        now,
      ),
    );
    await env.DB.batch(rows);
    expect(await matches('zulfikar')).toHaveLength(2);
    expect(await matches('zulfikar')).toEqual(await scanned('zulfikar'));
    // A rename (0002's update trigger rewrites search_key, this index follows), a phone change and a delete.
    await env.DB.prepare(`update bookings set customer_name = 'Zeki Müren' where document_id = 'fts-0'`).run();
    await env.DB.prepare(`update bookings set customer_phone = '05419999999' where document_id = 'fts-1'`).run();
    await env.DB.prepare(`delete from bookings where document_id = 'fts-2'`).run();
    // Status changes move a booking's entry to its new status's rowid; a second update to the same status changes nothing.
    await env.DB.prepare(`update bookings set status = 'cancelled' where document_id = 'fts-1'`).run();
    await env.DB.prepare(`update bookings set status = 'cancelled' where document_id = 'fts-1'`).run();
    await env.DB.prepare(`update bookings set status = 'rejected' where document_id like 'search-1%'`).run();
    // Pitch and flag changes move the entry too.
    await env.DB.prepare(`update bookings set facility_id = ? where document_id like 'search-2%'`)
      .bind(pitchIds[2])
      .run();
    await env.DB.prepare(
      `update bookings set is_subscriber = 1 - is_subscriber where document_id like 'search-3%'`,
    ).run();
    await env.DB.prepare(
      `update bookings set includes_transportation = 1 - includes_transportation where document_id like 'search-4%'`,
    ).run();
    for (const fragment of ['zulfikar', 'zeki muren', '0541000000', '05419999', 'husnu', 'caglar', 'isik', 'hsrf'])
      expect({ fragment, ids: await matches(fragment) }).toEqual({ fragment, ids: await scanned(fragment) });
    expect(await matches('zulfikar')).toHaveLength(1);
    for (const fragment of ['zulfikar', 'zeki', 'isik', 'ali', '0532', 'hsrs']) {
      const { index, rows } = await perStatus(fragment);
      expect({ fragment, index }).toEqual({ fragment, index: rows });
    }
    expect(await matches('husnu')).toHaveLength(0);
    // FTS5's own check of an external-content index against its content table (rank 1: compare with bookings).
    await env.DB.prepare(`insert into bookings_search (bookings_search, rank) values ('integrity-check', 1)`).run();
  });

  it(`a fragment with ${FEW_MATCHES} matches is 'few', one more makes it 'many'`, async () => {
    const db = getDb(env.DB);
    const insert = env.DB.prepare(insertSql);
    const today = istanbulToday();
    const now = Date.now();
    const add = (from: number, count: number) =>
      env.DB.batch(
        Array.from({ length: count }, (_, k) => {
          const i = from + k;
          return insert.bind(
            `edge-${i}`,
            `HSRE${String(i).padStart(6, '0')}`,
            pitchIds[i % 3],
            'Eşikteki Müşteri',
            `0544${String(i).padStart(7, '0')}`,
            addDays(today, -(i % 300)),
            '10:00',
            '11:00',
            now - i * 1000,
            'rejected',
            0,
            0,
            now - i,
            now - i,
          );
        }),
      );
    await add(0, FEW_MATCHES);
    const filter: ListFilter = { facilityId: null, search: searchPattern('eşikteki') };
    expect(await searchReach(db, filter)).toEqual({ counts: 'few', page: 'few' });
    await add(FEW_MATCHES, 1);
    expect(await searchReach(db, filter)).toEqual({ counts: 'many', page: 'many' });
    // All of them are rejected: Reddedilen walks in order; a tab holding none of them reads its (no) matches by id; one
    // pitch holds a third of them, so under a pitch filter both are 'few'.
    expect(await searchReach(db, filter, 'rejected')).toEqual({ counts: 'many', page: 'many' });
    expect(await searchReach(db, filter, 'pending')).toEqual({ counts: 'many', page: 'few' });
    expect(await searchReach(db, filter, 'upcoming')).toEqual({ counts: 'many', page: 'few' });
    expect(await searchReach(db, { ...filter, facilityId: pitchIds[0] }, 'rejected')).toEqual({
      counts: 'few',
      page: 'few',
    });
    // And the counts agree either way.
    const spec = { today, now };
    const [pass, viaIds] = await Promise.all([scannedCounts(db, filter, spec), scannedCounts(db, filter, spec, 'few')]);
    expect(viaIds).toEqual(pass);
    expect(pass.map((g) => g.n)).toEqual([FEW_MATCHES + 1]);
  });
});
