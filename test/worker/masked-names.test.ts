// What others see of a name ('Barış A.', behaviour.md#time-money-and-identity 'Names shown to others'): the initial is
// a letter, the first letter of the surname word, never an emoji, a digit or a mark; with no letter there is no initial.
// Checked where the public reads it (an approved slot of the pitch calendar) and where a phone reads it (the
// subscriber look-up).
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { nameWithInitial } from '../../contracts/common';
import {
  addDays,
  api,
  bookRow,
  createFacility,
  createSlots,
  freshPhone,
  istanbulToday,
  json,
  type PhoneLookupAnswer,
  type SlotsAnswer,
} from './fixtures';

const NAMES: [typed: string, shown: string][] = [
  ['Ahmet 😀', 'Ahmet'],
  ['Ahmet 😀Yılmaz', 'Ahmet Y.'],
  ['Ahmet Yılmaz 😀', 'Ahmet Y.'],
  ['Ali 123', 'Ali'],
  ['Ali 3ünal', 'Ali Ü.'],
  ['Çağrı öz', 'Çağrı Ö.'],
  ['Ayşe ipek', 'Ayşe İ.'],
  ['Zeynep', 'Zeynep'],
  ['Mehmet "Yıldırım"', 'Mehmet Y.'],
  // A decomposed Ç (C + combining cedilla) is still the one letter Ç.
  ['Can C\u0327elik', 'Can Ç.'],
];

describe('nameWithInitial', () => {
  it.each(NAMES)('%s → %s', (typed, shown) => expect(nameWithInitial(typed)).toBe(shown));
});

describe('the public calendar and the phone look-up', () => {
  let f: Awaited<ReturnType<typeof createFacility>>;
  const date = addDays(istanbulToday(), 2);
  const hourOf = (i: number) => `${String(9 + i).padStart(2, '0')}:00`;

  beforeAll(async () => {
    f = await createFacility();
    await createSlots(f, 2, 2);
    for (const [i, [typed]] of NAMES.entries()) await bookRow(f, date, hourOf(i), { name: typed, status: 'approved' });
  });

  it("an approved slot shows the first name and a letter's initial, never an emoji", async () => {
    const { data } = await json<SlotsAnswer>(await api(`/api/facilities/${f.slug}/slots?date=${date}`));
    const shown = NAMES.map((_, i) => data.slots.find((s) => s.startTime === hourOf(i))?.booking?.customerName);
    expect(shown).toEqual(NAMES.map(([, name]) => name));
    for (const name of shown) expect(name).not.toMatch(/\p{Extended_Pictographic}\.|\d\./u);
  });

  it('a subscriber found by phone is named the same way', async () => {
    const phone = freshPhone();
    await env.DB.prepare('insert into customers (phone, name, is_subscriber) values (?, ?, 1)')
      .bind(phone, 'Ahmet 😀Yılmaz')
      .run();
    await bookRow(f, addDays(istanbulToday(), 2), '22:00', {
      name: 'Ahmet 😀',
      phone,
      status: 'approved',
      subscriber: true,
    });
    const body = await json<PhoneLookupAnswer>(await api(`/api/bookings/track-by-phone/${phone}`));
    expect(body.data.map((b) => b.customerName)).toEqual(['Ahmet']);
    expect(body.meta.customer?.name).toBe('Ahmet');
  });
});
