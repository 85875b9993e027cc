// 'Boş saat bul' (docs/behaviour.md#boş-saat-bul): a business day's free starts in an hour window across every active
// pitch, in one request. Free means what the pitch page's calendar calls available; nothing personal is answered.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { addDays, istanbulToday } from '../../contracts/dates';
import { FREE_HOURS_TEXT, type FreeHoursWire } from '../../contracts/free-hours';
import { msg } from '../../contracts/messages';
import { freeStarts } from '../../worker/src/db/free-hours';
import { amenities } from '../../worker/src/db/schema';
import { isCacheableApi, isCacheablePage } from '../../worker/src/lib/edge-cache';
import {
  type Answer,
  api,
  bookingForm,
  bookRow,
  createFacility,
  createSlots,
  db,
  everyDay,
  expectError,
  insertSlot,
  json,
  postBooking,
  type SlotsAnswer,
} from './fixtures';

type SearchAnswer = Answer<FreeHoursWire>;
const tomorrow = () => addDays(istanbulToday(), 1);
/** A district no other test's pitch has, so a search sees only this test's pitches. */
const district = (stem: string) =>
  stem + Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

async function search(params: Record<string, string>) {
  const res = await api(`/api/availability/search?${new URLSearchParams(params)}`);
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(200);
  return { res, body: await json<SearchAnswer>(res) };
}
const startsOf = (body: SearchAnswer, slug: string) =>
  body.data.facilities.find((p) => p.slug === slug)?.starts.map((s) => s.startTime) ?? null;

describe('GET /api/availability/search', () => {
  it('lists only active pitches, and only the starts the pitch calendar calls available', async () => {
    const ilce = district('Osmangazi');
    const location = `${ilce}, Bursa`;
    const a = await createFacility({ location, name: 'Açık Saha' });
    const inactive = await createFacility({ location, isActive: false });
    const deleted = await createFacility({ location, deletedAt: Date.now() });
    for (const f of [a, inactive, deleted]) await createSlots(f, 1, 1);
    const gun = tomorrow();
    await bookRow(a, gun, '19:00', { status: 'pending', name: 'Gizli Kişi', phone: '05329990011' });
    await bookRow(a, gun, '20:00', { status: 'approved' });
    await bookRow(a, gun, '21:00', { status: 'expired' });
    await bookRow(a, gun, '22:00', { status: 'cancelled' });

    const { res, body } = await search({ gun, saat: '19:00-23:00', ilce });
    // Never kept by a cache: not the edge's (neither the API nor the results page is cacheable), nor the browser's.
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(isCacheableApi('/api/availability/search')).toBe(false);
    expect(isCacheablePage('/bos-saat')).toBe(false);
    expect(body.data.facilities.map((p) => p.slug)).toEqual([a.slug]);
    expect(startsOf(body, a.slug)).toEqual(['21:00', '22:00']);

    // The pitch calendar agrees, start for start.
    const day = await json<SlotsAnswer>(await api(`/api/facilities/${a.slug}/slots?date=${gun}`));
    const calendarFree = day.data.slots
      .filter((s) => s.isAvailable && s.startTime >= '19:00' && s.startTime < '23:00')
      .map((s) => s.documentId);
    expect(body.data.facilities[0].starts.map((s) => s.documentId)).toEqual(calendarFree);

    // Nothing personal: no name, phone, number or booking of anyone.
    const text = JSON.stringify(body);
    expect(text).not.toContain('Gizli');
    expect(text).not.toContain('05329990011');
    expect(text).not.toMatch(/booking|customer|phone/i);
    expect(Object.keys(body.data.facilities[0].starts[0]).sort()).toEqual(
      ['calendarDate', 'date', 'documentId', 'endTime', 'endsAt', 'price', 'startTime', 'startsAt'].sort(),
    );
    expect(body.data.facilities[0].starts[0].price).toBe(1500);
  });

  it("a single hour is that hour's starts; today's starts already begun are not free", async () => {
    const ilce = district('Yildirim');
    const f = await createFacility({ location: `${ilce}, Bursa` });
    const today = istanbulToday();
    const now = Date.now();
    await insertSlot(f.id, today, '10:00', now - 60_000);
    await insertSlot(f.id, today, '10:30', now + 3_600_000);
    await insertSlot(f.id, today, '11:00', now + 7_200_000);
    const { body } = await search({ gun: today, saat: '10:00', ilce });
    expect(startsOf(body, f.slug)).toEqual(['10:30']);
  });

  it("yesterday's business day is searchable for its after-midnight starts still ahead", async () => {
    const ilce = district('Kestel');
    const f = await createFacility({ location: `${ilce}, Bursa`, workingHours: everyDay('18:00', '02:00') });
    const yesterday = addDays(istanbulToday(), -1);
    const now = Date.now();
    await insertSlot(f.id, yesterday, '00:00', now - 60_000);
    await insertSlot(f.id, yesterday, '01:00', now + 3_600_000);
    const { body } = await search({ gun: yesterday, saat: '23:00-02:00', ilce });
    expect(startsOf(body, f.slug)).toEqual(['01:00']);
  });

  it('after-midnight starts belong to the business day they are listed under, with their real calendar date', async () => {
    const ilce = district('Mudanya');
    const f = await createFacility({ location: `${ilce}, Bursa`, workingHours: everyDay('18:00', '02:00') });
    await createSlots(f, 1, 1);
    const gun = tomorrow();
    const { body } = await search({ gun, saat: '23:00-02:00', ilce });
    const starts = body.data.facilities[0].starts;
    expect(starts.map((s) => [s.date, s.calendarDate, s.startTime])).toEqual([
      [gun, gun, '23:00'],
      [gun, addDays(gun, 1), '00:00'],
      [gun, addDays(gun, 1), '01:00'],
    ]);
    expect(Date.parse(starts[1].startsAt)).toBe(Date.parse(`${addDays(gun, 1)}T00:00:00+03:00`));
    // '00:00' alone: the night of that business day, not its morning.
    const single = await search({ gun, saat: '00:00', ilce });
    expect(single.body.data.facilities[0].starts.map((s) => s.calendarDate)).toEqual([addDays(gun, 1)]);
  });

  it('filters by district (any case, Turkish letters or not, from the location or the address) and by feature', async () => {
    const ilce = district('Çayırlı');
    const plain = await createFacility({ location: `${ilce}, Bursa`, name: 'Sade Saha' });
    const full = await createFacility(
      { location: null, address: `Deniz Mah. 4, 16000 ${ilce}/Bursa`, name: 'Tam Saha' },
      { pickup: true },
    );
    await db()
      .insert(amenities)
      .values([
        { facilityId: full.id, name: 'Kapalı Saha', available: true, sortOrder: 3 },
        { facilityId: full.id, name: 'Gece Aydınlatma', available: true, sortOrder: 4 },
        { facilityId: plain.id, name: 'Gece Aydınlatma', available: false, sortOrder: 3 },
      ]);
    const other = await createFacility({ location: `${district('Başka')}, Bursa` });
    for (const f of [plain, full, other]) await createSlots(f, 1, 1);
    const gun = tomorrow();
    const folded = ilce.toLocaleLowerCase('tr').replace(/ç/g, 'c').replace(/ı/g, 'i');

    const all = await search({ gun, saat: '20:00', ilce: folded });
    expect(all.body.data.facilities.map((p) => p.name).sort()).toEqual(['Sade Saha', 'Tam Saha']);
    expect(all.body.data.facilities.every((p) => p.district === ilce)).toBe(true);
    for (const feature of ['servis', 'kapali', 'aydinlatma']) {
      const only = await search({ gun, saat: '20:00', ilce, [feature]: '1' });
      expect(
        only.body.data.facilities.map((p) => p.name),
        feature,
      ).toEqual(['Tam Saha']);
    }
    const tam = all.body.data.facilities.find((p) => p.name === 'Tam Saha');
    expect(tam).toMatchObject({ shuttle: true, covered: true, floodlit: true });
    expect(all.body.data.facilities.find((p) => p.name === 'Sade Saha')).toMatchObject({ floodlit: false });
  });

  it('refuses bad input in Turkish, in the one error shape', async () => {
    const today = istanbulToday();
    const cases: [Record<string, string>, string][] = [
      [{ saat: '21:00' }, FREE_HOURS_TEXT.dayRequired],
      [{ gun: '2026-13-01', saat: '21:00' }, FREE_HOURS_TEXT.dayInvalid],
      [{ gun: 'yarın', saat: '21:00' }, FREE_HOURS_TEXT.dayInvalid],
      [{ gun: addDays(today, -2), saat: '21:00' }, FREE_HOURS_TEXT.dayPast],
      [{ gun: today }, FREE_HOURS_TEXT.hourRequired],
      [{ gun: today, saat: '25:00' }, FREE_HOURS_TEXT.hourInvalid],
      [{ gun: today, saat: '20:00-22:00-23:00' }, FREE_HOURS_TEXT.hourInvalid],
      [{ gun: today, saat: 'akşam' }, FREE_HOURS_TEXT.hourInvalid],
      [{ gun: today, saat: '20:00-20:00' }, FREE_HOURS_TEXT.rangeEmpty],
      [{ gun: today, saat: '20:00', servis: 'evet' }, FREE_HOURS_TEXT.flagInvalid],
    ];
    for (const [params, message] of cases) {
      const error = await expectError(await api(`/api/availability/search?${new URLSearchParams(params)}`), 400);
      expect(error.message, JSON.stringify(params)).toBe(message);
    }
    const horizon = Number((env as unknown as Record<string, string>).SLOT_HORIZON_DAYS) || 30;
    const far = await expectError(
      await api(`/api/availability/search?gun=${addDays(today, horizon + 60)}&saat=21:00`),
      400,
    );
    expect(far.message).toMatch(/^Bu gün henüz rezervasyona açılmadı\. En fazla \d+ \S+ \S+ için arama yapılabilir\.$/);
  });

  it('is live-correct: a start booked after the search is refused with the usual message and leaves the next answer', async () => {
    const ilce = district('Gürsu');
    const f = await createFacility({ location: `${ilce}, Bursa` });
    await createSlots(f, 1, 1);
    const gun = tomorrow();
    const first = await search({ gun, saat: '18:00', ilce });
    const start = first.body.data.facilities[0].starts[0];

    expect((await postBooking(bookingForm(f, start.documentId), { ip: '10.26.1.1' })).status).toBe(201);
    const late = await expectError(await postBooking(bookingForm(f, start.documentId), { ip: '10.26.1.2' }), 409);
    expect(late.message).toBe(msg.slotTaken);

    const again = await search({ gun, saat: '18:00', ilce });
    expect(again.body.data.facilities).toEqual([]);
  });

  it("is one statement bound by indexes: each pitch's window from the slots index, each slot's claim by its key", async () => {
    const windows = [
      { from: '20:00', to: '22:00', crossesMidnight: false },
      { from: '23:00', to: '02:00', crossesMidnight: true },
    ];
    for (const window of windows)
      for (const [features, minutes] of [
        [false, undefined],
        [true, undefined],
        [false, 90],
        [true, 120],
      ] as const) {
        const q = freeStarts(db(), {
          date: tomorrow(),
          window,
          after: Date.now(),
          shuttle: features,
          covered: features,
          floodlit: features,
          minutes,
        }).toSQL();
        const { results } = await env.DB.prepare(`explain query plan ${q.sql}`)
          .bind(...q.params)
          .all<{ detail: string }>();
        const plan = results.map((r) => r.detail).join('\n');
        const label = `${JSON.stringify(window)} features=${features} minutes=${minutes}\n${plan}`;
        expect(plan, label).toMatch(
          /SEARCH (s|booking_slots) USING INDEX booking_slots_facility_date_time \(facility_id=\? AND date=\?/,
        );
        // Each slot's claim (docs/behaviour.md#match-length) by the claims' primary key.
        expect(plan, label).toMatch(/SEARCH (c|booking_slot_claims) USING INTEGER PRIMARY KEY \(rowid=\?\)/);
        // A match's covered slots by the (pitch, start) index.
        if (minutes)
          expect(plan, label).toMatch(
            /SEARCH s2 USING (COVERING )?INDEX booking_slots_facility_starts \(facility_id=\? AND starts_at>\? AND starts_at<\?\)/,
          );
        expect(plan, label).not.toMatch(/SCAN (booking_slots|bookings|s2|booking_slot_claims|c)\b/);
      }
  });
});
