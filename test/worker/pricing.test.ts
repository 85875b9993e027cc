// Fiyatlandırma: price rules through the real API, generation pricing by them, re-pricing free slots only,
// the public calendar showing each slot's own price, and a booking keeping the price it was made at.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { createBookingSchema } from '../../contracts/bookings';
import { type AuditRowLike, auditLine } from '../../contracts/events';
import { priceFor, weekDayOf } from '../../contracts/pricing';
import { getDb } from '../../worker/src/db/client';
import { contentVersionToken } from '../../worker/src/db/content';
import { freeSlotsAhead, rulesOf, setSlotPrices } from '../../worker/src/db/price-rules';
import { createBooking } from '../../worker/src/services/bookings';
import {
  findFacilityBundle,
  PRICE_RANGE_DAYS,
  upcomingPriceRange,
  upcomingPriceRanges,
} from '../../worker/src/services/facilities';
import {
  addDays,
  api,
  bookViaApi,
  createFacility,
  createStaff,
  everyDay,
  expectError,
  freshPhone,
  type Invalid,
  insertSlot,
  istanbulToday,
  json,
  type PriceRulesAnswer,
  type RepriceAnswer,
  type SlotsAnswer,
  slotAt,
  tokenFor,
} from './fixtures';
import { sleep, slowPitchObject, slowReads } from './fixtures/slow-d1';

let token: string;
beforeAll(async () => {
  token = await tokenFor(await createStaff('manager'), 'manager');
});

const ALL_DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const evening = {
  name: 'Akşam (ışıklı)',
  days: ALL_DAYS,
  startTime: '18:00',
  endTime: '00:00',
  adjustment: 'fixed',
  amount: 2000,
};

const putRules = (ref: string, rules: unknown[], auth: string | null = token) =>
  api(`/api/facilities/${ref}/price-rules`, { method: 'PUT', token: auth ?? undefined, json: { rules } });
const generate = (ref: string, startDate: string, endDate = startDate, overwrite = false) =>
  api(`/api/facilities/${ref}/generate-slots`, { method: 'POST', token, json: { startDate, endDate, overwrite } });
const apply = (ref: string, startDate: string, endDate = startDate) =>
  api(`/api/facilities/${ref}/price-rules/apply`, { method: 'POST', token, json: { startDate, endDate } });

async function bookingPrices(facilityId: number) {
  const { results } = await env.DB.prepare(
    `select b.slot_price, b.total_price, s.price as slot_now from bookings b join booking_slots s on s.id = b.slot_id
      where b.facility_id = ? and b.status in ('pending', 'approved')`,
  )
    .bind(facilityId)
    .all<{ slot_price: number; total_price: number; slot_now: number }>();
  return results;
}

describe('PUT/GET /api/facilities/{ref}/price-rules', () => {
  it('saves an ordered set, answers amounts in TL and reads it back', async () => {
    const f = await createFacility();
    const res = await putRules(f.documentId, [
      evening,
      { name: 'Hafta sonu', days: ['sunday', 'saturday'], adjustment: 'percent', amount: 20, priority: 5 },
    ]);
    expect(res.status).toBe(200);
    const { data } = await json<PriceRulesAnswer>(res);
    expect(data.facility).toMatchObject({ id: f.id, hourlyPrice: 1500, name: f.name });
    expect(data.rules.map((r) => [r.name, r.adjustment, r.amount, r.priority])).toEqual([
      ['Akşam (ışıklı)', 'fixed', 2000, 0],
      ['Hafta sonu', 'percent', 20, 5],
    ]);
    // Days come back in week order, whatever order they were sent in.
    expect(data.rules[1].days).toEqual(['saturday', 'sunday']);
    // Stored in kuruş.
    expect((await rulesOf(getDb(env.DB), f.id))[0].amount).toBe(200_000);
    const read = await json<PriceRulesAnswer>(await api(`/api/facilities/${f.slug}/price-rules`, { token }));
    expect(read.data.rules).toEqual(data.rules);
  });

  it('each save writes one audit row naming the pitch and the rule counts; a refused save writes none', async () => {
    const f = await createFacility();
    await putRules(f.documentId, [evening]);
    await expectError(await putRules(f.documentId, [{ ...evening, name: '' }]), 400);
    await putRules(f.documentId, []);
    const { results } = await env.DB.prepare(
      "select entity_kind as entityKind, action, entity_label as entityLabel, details, summary, actor_name from audit_log where entity_kind = 'price_rule' and entity_id = ? order by id",
    )
      .bind(String(f.id))
      .all<AuditRowLike & { actor_name: string }>();
    expect(results.map(auditLine)).toEqual([
      `Fiyat kuralları kaydedildi: ${f.name} (0 → 1 kural)`,
      `Fiyat kuralları kaydedildi: ${f.name} (1 → 0 kural)`,
    ]);
    expect(results[0].actor_name).toBe('Test Müdür');
  });

  it('replaces the whole set; an empty set clears it', async () => {
    const f = await createFacility();
    await putRules(f.documentId, [evening, { ...evening, name: 'İkinci' }]);
    await putRules(f.documentId, [{ ...evening, name: 'Tek kural' }]);
    expect((await rulesOf(getDb(env.DB), f.id)).map((r) => r.name)).toEqual(['Tek kural']);
    expect((await putRules(f.documentId, [])).status).toBe(200);
    expect(await rulesOf(getDb(env.DB), f.id)).toEqual([]);
  });

  it.each([
    [{ ...evening, name: '  ' }, 'name', 'Kural adı gereklidir'],
    [{ ...evening, days: [] }, 'days', 'En az bir gün seçin'],
    [
      { ...evening, endTime: null },
      'endTime',
      'Başlangıç ve bitiş saatini birlikte girin ya da ikisini de boş bırakın',
    ],
    [{ ...evening, endTime: '18:00' }, 'endTime', 'Başlangıç ve bitiş saati aynı olamaz'],
    [
      { ...evening, dateFrom: '2027-05-02', dateTo: '2027-05-01' },
      'dateTo',
      'Bitiş tarihi başlangıç tarihinden önce olamaz',
    ],
    [{ ...evening, amount: 0 }, 'amount', "Sabit fiyat 0'dan büyük olmalıdır"],
    [{ ...evening, amount: 100_001 }, 'amount', 'Sabit fiyat en fazla 100.000 ₺ olabilir'],
    [
      { ...evening, adjustment: 'percent', amount: -95 },
      'amount',
      'Yüzde -90 ile +300 arasında, sıfırdan farklı bir tam sayı olmalıdır',
    ],
    [
      { ...evening, adjustment: 'percent', amount: 12.5 },
      'amount',
      'Yüzde -90 ile +300 arasında, sıfırdan farklı bir tam sayı olmalıdır',
    ],
    [{ ...evening, priority: 101 }, 'priority', 'Öncelik 0 ile 100 arasında bir tam sayı olmalıdır'],
    [{ ...evening, adjustment: 'discount' }, 'adjustment', 'Fiyat türü sabit fiyat ya da yüzde olmalıdır'],
  ])('refuses a bad rule with a Turkish message and keeps the old set (%#)', async (rule, field, message) => {
    const f = await createFacility();
    await putRules(f.documentId, [evening]);
    const err = await expectError<Invalid>(await putRules(f.documentId, [evening, rule]), 400);
    expect(err.details.errors).toContainEqual(expect.objectContaining({ message }));
    expect(err.details.errors.some((e) => e.path.includes(field))).toBe(true);
    expect((await rulesOf(getDb(env.DB), f.id)).map((r) => r.name)).toEqual([evening.name]);
  });

  it('refuses more than 50 rules', async () => {
    const f = await createFacility();
    const err = await expectError(
      await putRules(
        f.documentId,
        Array.from({ length: 51 }, () => evening),
      ),
      400,
    );
    expect(err.message).toContain('en fazla 50 fiyat kuralı');
  });

  it('is for staff only, and an unknown pitch is 404', async () => {
    const f = await createFacility();
    await expectError(await putRules(f.documentId, [evening], null), 401);
    await expectError(await api(`/api/facilities/${f.documentId}/price-rules`), 401);
    const day = istanbulToday();
    const anonymousApply = { method: 'POST', json: { startDate: day, endDate: day } };
    await expectError(await api(`/api/facilities/${f.documentId}/price-rules/apply`, anonymousApply), 401);
    await expectError(await putRules('yok-boyle-saha', [evening]), 404);
  });
});

describe('generation prices by the rules', () => {
  it('an evening fixed price, a weekend percentage and a dated bayram price, by priority', async () => {
    const f = await createFacility({ workingHours: everyDay('16:00', '02:00'), hourlyPrice: 150_000 });
    const start = addDays(istanbulToday(), 1);
    const days = Array.from({ length: 7 }, (_, i) => addDays(start, i));
    const saturday = days.find((d) => weekDayOf(d) === 'saturday')!;
    const tuesday = days.find((d) => weekDayOf(d) === 'tuesday')!;
    const bayram = days.find((d) => weekDayOf(d) === 'wednesday')!;
    await putRules(f.documentId, [
      // Floodlit until 02:00: the hours past midnight belong to the same business day (behaviour.md#slots).
      { ...evening, endTime: '02:00' },
      { name: 'Hafta sonu', days: ['saturday', 'sunday'], adjustment: 'percent', amount: 20, priority: 5 },
      { name: 'Bayram', days: ALL_DAYS, dateFrom: bayram, dateTo: bayram, adjustment: 'percent', amount: -50 },
    ]);
    expect((await generate(f.documentId, start, days[6])).status).toBe(200);
    // Tuesday: 16:00 is the hourly price, 18:00 and past midnight (01:00, same business day) the evening price.
    expect((await slotAt(f.id, tuesday, '16:00')).price).toBe(150_000);
    expect((await slotAt(f.id, tuesday, '18:00')).price).toBe(200_000);
    expect((await slotAt(f.id, tuesday, '01:00')).price).toBe(200_000);
    // Saturday: the weekend rule has the higher priority, also in the evening: 1500 × 1.2 = 1800 TL.
    expect((await slotAt(f.id, saturday, '16:00')).price).toBe(180_000);
    expect((await slotAt(f.id, saturday, '20:00')).price).toBe(180_000);
    // The bayram day: equal priority with the evening rule, a dated rule wins: 750 TL all day.
    expect((await slotAt(f.id, bayram, '20:00')).price).toBe(75_000);
    expect((await slotAt(f.id, bayram, '16:00')).price).toBe(75_000);
  });

  it('the public calendar shows each slot its own price', async () => {
    const f = await createFacility({ workingHours: everyDay('17:00', '20:00') });
    const day = addDays(istanbulToday(), 2);
    await putRules(f.documentId, [evening]);
    await generate(f.documentId, day);
    const slots = (await json<SlotsAnswer>(await api(`/api/facilities/${f.slug}/slots?date=${day}`))).data.slots;
    expect(slots.map((s) => [s.startTime, s.price])).toEqual([
      ['17:00', 1500],
      ['18:00', 2000],
      ['19:00', 2000],
    ]);
  });

  it('an inactive rule prices nothing', async () => {
    const f = await createFacility({ workingHours: everyDay('18:00', '19:00') });
    const day = addDays(istanbulToday(), 2);
    await putRules(f.documentId, [{ ...evening, isActive: false }]);
    await generate(f.documentId, day);
    expect((await slotAt(f.id, day, '18:00')).price).toBe(150_000);
  });
});

describe('POST /api/facilities/{ref}/price-rules/apply', () => {
  it('re-prices free slots ahead; a booked slot and its booking keep the price they were made at; a past slot stays', async () => {
    const f = await createFacility({ workingHours: everyDay('17:00', '20:00') });
    const day = addDays(istanbulToday(), 2);
    await generate(f.documentId, day);
    const past = await insertSlot(f.id, addDays(istanbulToday(), -1), '18:00', Date.now() - 86_400_000, 150_000);
    const made = (await bookViaApi(f, day, '18:00', { customerName: 'Fiyat Oyuncu' })).booking;
    expect(made.totalPrice).toBe(1500);
    await putRules(f.documentId, [evening]);
    // Saving rules alone changes no existing slot.
    expect((await slotAt(f.id, day, '19:00')).price).toBe(150_000);
    const res = await apply(f.documentId, istanbulToday(), addDays(istanbulToday(), 3));
    expect(res.status).toBe(200);
    const { data } = await json<RepriceAnswer>(res);
    expect(data).toMatchObject({ repriced: 1, unchanged: 1, skippedBooked: 1 });
    expect(data.message).toBe(
      `${f.name} için 1 slotun fiyatı güncellendi, 1 slot zaten günceldi, dolu 1 slotun fiyatı korundu.`,
    );
    expect((await slotAt(f.id, day, '19:00')).price).toBe(200_000);
    expect((await slotAt(f.id, day, '17:00')).price).toBe(150_000);
    expect((await slotAt(f.id, day, '18:00')).price).toBe(150_000);
    expect(await bookingPrices(f.id)).toEqual([{ slot_price: 150_000, total_price: 150_000, slot_now: 150_000 }]);
    const pastRow = await env.DB.prepare('select price from booking_slots where document_id = ?').bind(past).first();
    expect(pastRow).toEqual({ price: 150_000 });
    // A new booking of a re-priced slot is made at the new price.
    const later = (await bookViaApi(f, day, '19:00', { customerName: 'Fiyat Oyuncu' })).booking;
    expect(later.totalPrice).toBe(2000);
  });

  it('refuses a range outside today … 3 months, and a reversed one', async () => {
    const f = await createFacility();
    const today = istanbulToday();
    const e1 = await expectError(await apply(f.documentId, addDays(today, -1), today), 400);
    expect(e1.message).toBe('Fiyatlar bugünden itibaren en fazla 3 ay ileriye kadar uygulanabilir');
    await expectError(await apply(f.documentId, today, addDays(today, 93)), 400);
    const e3 = await expectError(await apply(f.documentId, addDays(today, 2), today), 400);
    expect(e3.message).toBe('Bitiş tarihi başlangıç tarihinden önce olamaz');
  });
});

describe('re-pricing racing a booking', () => {
  it('through the pitch object a booking always stores the price its slot keeps', async () => {
    const f = await createFacility({ workingHours: everyDay('18:00', '19:00') });
    const day = addDays(istanbulToday(), 2);
    await generate(f.documentId, day);
    const slot = await slotAt(f.id, day, '18:00');
    await putRules(f.documentId, [evening]);
    await api(`/api/facilities/${f.documentId}/slots?date=${day}`);
    // The re-price reads the free slots and then waits, inside the object; the booking comes meanwhile.
    await slowPitchObject(f.id, 40);
    const reprice = apply(f.documentId, day);
    await sleep(5);
    const booking = api('/api/bookings', {
      method: 'POST',
      json: {
        facility: f.documentId,
        bookingSlot: slot.document_id,
        customerName: 'Yarış Oyuncu',
        customerPhone: freshPhone(),
      },
    });
    const [b, r] = await Promise.all([booking, reprice]);
    expect(b.status).toBe(201);
    expect(r.status).toBe(200);
    // The booking waited for the re-price, so it was made at the new price its slot keeps.
    expect(await bookingPrices(f.id)).toEqual([{ slot_price: 200_000, total_price: 200_000, slot_now: 200_000 }]);
  });

  /** Outside the object: the re-price reads the slot free (1500 TL) and then waits; a booking is made meanwhile. */
  async function repriceAroundABooking(write: (changes: Array<{ id: number; price: number }>) => Promise<unknown>) {
    const f = await createFacility({ workingHours: everyDay('18:00', '19:00') });
    const day = addDays(istanbulToday(), 2);
    await generate(f.documentId, day);
    const slot = await slotAt(f.id, day, '18:00');
    await putRules(f.documentId, [evening]);
    const bundle = (await findFacilityBundle(getDb(env.DB), String(f.id)))!;
    const input = createBookingSchema.parse({
      facility: String(f.id),
      bookingSlot: slot.document_id,
      customerName: 'Kontrol Oyuncu',
      customerPhone: freshPhone(),
    });
    const rules = await rulesOf(getDb(env.DB), f.id);
    const free = freeSlotsAhead(getDb(slowReads(env.DB, 60)), f.id, day, day, Date.now());
    await sleep(10);
    await createBooking({ db: getDb(env.DB), now: Date.now() }, bundle, input);
    const changes = (await free).map((s) => ({
      id: s.id,
      price: priceFor(bundle.facility.hourlyPrice, rules, s.date, s.startTime).price,
    }));
    expect(changes).toEqual([{ id: slot.id, price: 200_000 }]);
    await write(changes);
    return bookingPrices(f.id);
  }

  it('without the lock, a re-price that read the slot free before a booking leaves the booked slot alone', async () => {
    // The price write itself skips a slot a live booking holds (db/price-rules.ts setSlotPrices), in one statement.
    const rows = await repriceAroundABooking((changes) => setSlotPrices(getDb(env.DB), changes));
    expect(rows).toEqual([{ slot_price: 150_000, total_price: 150_000, slot_now: 150_000 }]);
  });

  it('control: a price write that trusts the earlier read re-prices the booked slot under its booking', async () => {
    const rows = await repriceAroundABooking((changes) =>
      env.DB.batch(
        changes.map((c) => env.DB.prepare('update booking_slots set price = ? where id = ?').bind(c.price, c.id)),
      ),
    );
    expect(rows).toEqual([{ slot_price: 150_000, total_price: 150_000, slot_now: 200_000 }]);
  });
});

describe('the pitch page’s price range', () => {
  it('is the coming week’s lowest and highest slot price; none before generation; a re-pricing changes the content version', async () => {
    const f = await createFacility({ workingHours: everyDay('17:00', '20:00') });
    const today = istanbulToday();
    expect(await upcomingPriceRange(getDb(env.DB), f.id, today)).toBeNull();
    await generate(f.documentId, addDays(today, 1), addDays(today, 2));
    // One price everywhere: no range, the one price.
    expect(await upcomingPriceRange(getDb(env.DB), f.id, today)).toEqual({ min: 1500, max: 1500 });
    await putRules(f.documentId, [evening]);
    const before = await contentVersionToken(getDb(env.DB));
    expect((await apply(f.documentId, addDays(today, 1), addDays(today, 2))).status).toBe(200);
    expect(await contentVersionToken(getDb(env.DB))).not.toBe(before);
    expect(await upcomingPriceRange(getDb(env.DB), f.id, today)).toEqual({ min: 1500, max: 2000 });
    // A slot beyond the week does not count.
    await insertSlot(f.id, addDays(today, PRICE_RANGE_DAYS), '10:00', Date.now() + 8 * 86_400_000, 99_000);
    expect(await upcomingPriceRange(getDb(env.DB), f.id, today)).toEqual({ min: 1500, max: 2000 });
    await insertSlot(f.id, addDays(today, PRICE_RANGE_DAYS - 1), '10:00', Date.now() + 6 * 86_400_000, 99_000);
    expect(await upcomingPriceRange(getDb(env.DB), f.id, today)).toEqual({ min: 990, max: 2000 });
    // A re-pricing that changes nothing leaves the version (and the edge cache) alone.
    const same = await contentVersionToken(getDb(env.DB));
    expect((await apply(f.documentId, addDays(today, 1), addDays(today, 2))).status).toBe(200);
    expect(await contentVersionToken(getDb(env.DB))).toBe(same);
  });

  it('the cards of / and /sahalar read every pitch’s range at once: the same as one by one, beyond 90 pitches too', async () => {
    const today = istanbulToday();
    const ruled = await createFacility({ workingHours: everyDay('17:00', '20:00') });
    const plain = await createFacility({ workingHours: everyDay('17:00', '19:00') });
    const empty = await createFacility();
    await generate(ruled.documentId, addDays(today, 1), addDays(today, 2));
    await generate(plain.documentId, addDays(today, 1), addDays(today, 1));
    await putRules(ruled.documentId, [evening]);
    expect((await apply(ruled.documentId, addDays(today, 1), addDays(today, 2))).status).toBe(200);
    // A slot beyond the week does not count here either.
    await insertSlot(plain.id, addDays(today, PRICE_RANGE_DAYS), '10:00', Date.now() + 8 * 86_400_000, 10_000);
    // 95 ids that hold no pitch around them: the ids go to D1 in groups under its 100-parameter limit.
    const ids = [...Array.from({ length: 95 }, (_, i) => 9_000_000 + i), ruled.id, plain.id, empty.id];
    const ranges = await upcomingPriceRanges(getDb(env.DB), ids, today);
    expect([...ranges.keys()].sort((a, b) => a - b)).toEqual([ruled.id, plain.id].sort((a, b) => a - b));
    for (const f of [ruled, plain]) {
      expect(ranges.get(f.id)).toEqual(await upcomingPriceRange(getDb(env.DB), f.id, today));
    }
    expect(ranges.get(ruled.id)).toEqual({ min: 1500, max: 2000 });
    expect(ranges.get(plain.id)).toEqual({ min: 1500, max: 1500 });
    expect((await upcomingPriceRanges(getDb(env.DB), [], today)).size).toBe(0);
  });

  it('a staff generation that adds slots changes the content version', async () => {
    const f = await createFacility({ workingHours: everyDay('17:00', '19:00') });
    const before = await contentVersionToken(getDb(env.DB));
    expect((await generate(f.documentId, addDays(istanbulToday(), 1))).status).toBe(200);
    const after = await contentVersionToken(getDb(env.DB));
    expect(after).not.toBe(before);
    // Generated again: every slot kept, nothing changed, the same version.
    expect((await generate(f.documentId, addDays(istanbulToday(), 1))).status).toBe(200);
    expect(await contentVersionToken(getDb(env.DB))).toBe(after);
  });
});
