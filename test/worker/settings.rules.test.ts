// The booking rules of /yonetim/ayarlar: admin only, every bound refused with its Turkish message and
// nothing changed, the defaults equal the behaviour before the screen existed, and each rule changes what the server
// does (cancel window, same-day rule, horizon, limits, maintenance).
import { env } from 'cloudflare:workers';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_RULE_DEFAULTS } from '../../contracts/settings';
import type { BookingRulesWire } from '../../contracts/wire/content';
import { effectiveRules, forgetRules } from '../../worker/src/lib/booking-rules';
import { enforceRateLimit, limitsFor } from '../../worker/src/lib/rate-limit';
import { runScheduled } from '../../worker/src/scheduled';
import {
  addDays,
  api,
  type BookingAnswer,
  type BookingRulesAnswerBody,
  bookingForm,
  createFacility,
  createSlots,
  createStaff,
  everyDay,
  expectError,
  type FacilityAnswer,
  freshPhone,
  type Invalid,
  insertSlot,
  istanbulToday,
  json,
  postBooking,
  type SiteSettingsAnswer,
  type SlotsAnswer,
  slotAt,
  tokenFor,
} from './fixtures';
import { pitchInput } from './fixtures/images';

let adminToken: string;
let managerToken: string;

beforeAll(async () => {
  adminToken = await tokenFor(await createStaff('admin'), 'admin');
  managerToken = await tokenFor(await createStaff('manager'), 'manager');
});

const HOUR = 3_600_000;
const putRules = (body: unknown, token = adminToken) => api('/api/booking-rules', { method: 'PUT', token, json: body });
const readRules = async () =>
  (await json<BookingRulesAnswerBody>(await api('/api/booking-rules', { token: adminToken }))).data;
const setRules = async (patch: Partial<BookingRulesWire>) => {
  const res = await putRules({ ...BOOKING_RULE_DEFAULTS, ...patch });
  expect(res.status).toBe(200);
};
const putSettings = (body: unknown, token = adminToken) =>
  api('/api/site-settings', { method: 'PUT', token, json: body });

afterEach(async () => {
  await setRules({});
  await putSettings({ siteName: 'Halı Saha', maintenanceMode: false });
});

describe('the stored rules', () => {
  it('start as the code behaved before they were settable (migration 0012 seeds them)', async () => {
    const data = await readRules();
    expect(data.stored).toEqual(BOOKING_RULE_DEFAULTS);
    // The suite sets RATE_LIMIT_* variables (vitest.config.ts): those win and are named.
    expect(data.overridden).toEqual(
      expect.arrayContaining(['bookingPerIp', 'lookupPerIp', 'loginPerIp', 'bookingPerPhone']),
    );
    expect(data.overridden).not.toContain('slotHorizonDays');
    expect(data.effective.bookingPerIp).toBe(Number(env.RATE_LIMIT_BOOKING_PER_IP));
    expect(data.effective.cancelWindowHours).toBe(24);
  });

  it('a manager gets 403 on read and save, an anonymous caller 401; nothing changes', async () => {
    expect((await expectError(await api('/api/booking-rules', { token: managerToken }), 403)).message).toBe(
      'Bu işlem için yetkiniz yok',
    );
    await expectError(await putRules({ ...BOOKING_RULE_DEFAULTS, cancelWindowHours: 48 }, managerToken), 403);
    await expectError(
      await api('/api/booking-rules', { method: 'PUT', json: { ...BOOKING_RULE_DEFAULTS, cancelWindowHours: 48 } }),
      401,
    );
    expect((await readRules()).stored).toEqual(BOOKING_RULE_DEFAULTS);
  });

  it('refuses every value out of bounds with its Turkish message and field, and changes nothing', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [
        { holdTimeoutMinutes: 14 },
        'holdTimeoutMinutes',
        'Varsayılan onay bekleme süresi 15 ile 1440 dakika arasında olmalı',
      ],
      [
        { holdTimeoutMinutes: 1441 },
        'holdTimeoutMinutes',
        'Varsayılan onay bekleme süresi 15 ile 1440 dakika arasında olmalı',
      ],
      [{ cancelWindowHours: -1 }, 'cancelWindowHours', 'İptal süresi 0 ile 168 saat arasında olmalı'],
      [{ cancelWindowHours: 169 }, 'cancelWindowHours', 'İptal süresi 0 ile 168 saat arasında olmalı'],
      [{ cancelWindowHours: 2.5 }, 'cancelWindowHours', 'İptal süresi 0 ile 168 saat arasında olmalı'],
      [{ slotHorizonDays: 6 }, 'slotHorizonDays', 'Takvim ufku 7 ile 93 gün arasında olmalı'],
      [{ slotHorizonDays: 94 }, 'slotHorizonDays', 'Takvim ufku 7 ile 93 gün arasında olmalı'],
      // behaviour.md#staff-sessions-and-permissions floors on the loose limits.
      [{ bookingPerIp: 99 }, 'bookingPerIp', 'Adres başına rezervasyon denemesi en az 100 olmalı (10 dakikada)'],
      [{ lookupPerIp: 299 }, 'lookupPerIp', 'Adres başına sorgulama en az 300 olmalı (10 dakikada)'],
      [{ bookingPerPhone: 0 }, 'bookingPerPhone', 'Bu sınır 1 ile 1000 arasında olmalı'],
      [{ lookupPerTarget: 'çok' }, 'lookupPerTarget', 'Bu sınır 1 ile 1000 arasında olmalı'],
      [{ sameDayRule: 'evet' }, 'sameDayRule', 'Aynı gün kuralı açık ya da kapalı olmalı'],
      // A number field takes a number or a numeric text, nothing else: none of these is read as 0 or 1.
      ...[null, true, false, [], '', ' ', '0x10', '1,5', {}].map((value): [Record<string, unknown>, string, string] => [
        { cancelWindowHours: value },
        'cancelWindowHours',
        'İptal süresi 0 ile 168 saat arasında olmalı',
      ]),
    ];
    for (const [patch, field, message] of cases) {
      const error = await expectError<Invalid>(await putRules({ ...BOOKING_RULE_DEFAULTS, ...patch }), 400);
      expect(error.message, JSON.stringify(patch)).toBe(message);
      expect(error.details.errors).toContainEqual({ path: [field], message });
    }
    expect((await readRules()).stored).toEqual(BOOKING_RULE_DEFAULTS);
  });

  it('reads a number written as text (a form field) as that number', async () => {
    const res = await putRules({ ...BOOKING_RULE_DEFAULTS, cancelWindowHours: ' 48 ', slotHorizonDays: '30' });
    expect(res.status).toBe(200);
    expect((await json<BookingRulesAnswerBody>(res)).data.stored).toMatchObject({
      cancelWindowHours: 48,
      slotHorizonDays: 30,
    });
  });

  it('saves and answers the new values; the floors themselves are accepted', async () => {
    const next = {
      ...BOOKING_RULE_DEFAULTS,
      bookingPerIp: 100,
      lookupPerIp: 300,
      cancelWindowHours: 0,
      slotHorizonDays: 7,
    };
    const res = await putRules(next);
    expect(res.status).toBe(200);
    expect((await json<BookingRulesAnswerBody>(res)).data.stored).toEqual(next);
    expect((await readRules()).stored).toEqual(next);
  });
});

describe('each rule changes what the server does', () => {
  it('cancel window 48 h refuses a customer cancel 30 h before the match; 24 h (the default) allows it', async () => {
    const f = await createFacility();
    const start = Date.now() + 30 * HOUR;
    const date = new Date(start + 3 * HOUR).toISOString().slice(0, 10);
    const first = await insertSlot(f.id, date, '23:30', start);
    const created = await postBooking(bookingForm(f, first));
    expect(created.status).toBe(201);
    const number = (await json<BookingAnswer>(created)).data.bookingNumber;
    const cancel = () => api(`/api/bookings/cancel/${number}`, { method: 'POST', json: {} });

    await setRules({ cancelWindowHours: 48 });
    const refused = await expectError(await cancel(), 400);
    expect(refused.message).toBe(
      'Rezervasyon saatine 48 saatten az kaldığı için iptal edilemez. Lütfen saha ile iletişime geçin.',
    );
    expect((await json<BookingAnswer>(await api(`/api/bookings/track/${number}`))).data.status).toBe('pending');

    await setRules({ cancelWindowHours: 24 });
    expect((await cancel()).status).toBe(200);
    expect((await json<BookingAnswer>(await api(`/api/bookings/track/${number}`))).data.status).toBe('cancelled');
  });

  it('the default 24 h window refuses a cancel 23 h before with the message the site always gave', async () => {
    const f = await createFacility();
    const start = Date.now() + 23 * HOUR;
    const slot = await insertSlot(f.id, new Date(start + 3 * HOUR).toISOString().slice(0, 10), '22:30', start);
    const number = (await json<BookingAnswer>(await postBooking(bookingForm(f, slot)))).data.bookingNumber;
    const error = await expectError(await api(`/api/bookings/cancel/${number}`, { method: 'POST', json: {} }), 400);
    expect(error.message).toBe(
      'Rezervasyon saatine 24 saatten az kaldığı için iptal edilemez. Lütfen saha ile iletişime geçin.',
    );
  });

  it('same-day rule on (default) refuses a second booking that day; off allows two; on again refuses a third', async () => {
    const f = await createFacility({ workingHours: everyDay('09:00', '23:00') });
    await createSlots(f, 1, 1);
    const day = addDays(istanbulToday(), 1);
    const phone = freshPhone();
    expect((await postBooking(bookingForm(f, await slotAt(f.id, day, '10:00'), { customerPhone: phone }))).status).toBe(
      201,
    );
    const refused = await expectError(
      await postBooking(bookingForm(f, await slotAt(f.id, day, '12:00'), { customerPhone: phone })),
      409,
    );
    expect(refused.message).toBe('Aynı gün için bekleyen bir rezervasyonunuz bulunmaktadır');

    await setRules({ sameDayRule: false });
    const other = await createFacility({ workingHours: everyDay('09:00', '23:00') });
    await createSlots(other, 1, 1);
    expect((await postBooking(bookingForm(f, await slotAt(f.id, day, '12:00'), { customerPhone: phone }))).status).toBe(
      201,
    );
    // Across pitches too: the partial unique index leaves bookings made with the rule off alone (migration 0012).
    expect(
      (await postBooking(bookingForm(other, await slotAt(other.id, day, '12:00'), { customerPhone: phone }))).status,
    ).toBe(201);

    await setRules({ sameDayRule: true });
    await expectError(
      await postBooking(bookingForm(f, await slotAt(f.id, day, '14:00'), { customerPhone: phone })),
      409,
    );
  });

  it('the horizon sets the public calendar’s last bookable date and how far the cron generates', async () => {
    const f = await createFacility({ workingHours: everyDay('10:00', '11:00') });
    const today = istanbulToday();
    const until = async () =>
      (await json<SlotsAnswer>(await api(`/api/facilities/${f.slug}/slots?date=${addDays(today, 1)}`))).data
        .bookableUntil;
    expect(await until()).toBe(addDays(today, 30));
    await setRules({ slotHorizonDays: 45 });
    expect(await until()).toBe(addDays(today, 45));
    await runScheduled(env);
    const last = await env.DB.prepare('select max(date) as d from booking_slots where facility_id = ?')
      .bind(f.id)
      .first<{ d: string }>();
    expect(last?.d).toBe(addDays(today, 45));
  });

  it('a changed limit is what the limiter counts against when no deployment variable overrides it', async () => {
    const plain = { ...env } as Env;
    for (const k of Object.keys(plain))
      if (k.startsWith('RATE_LIMIT_') && k.includes('_PER_')) delete (plain as unknown as Record<string, unknown>)[k];
    expect((await limitsFor(plain, 'booking', '203.0.113.9', '05320000000')).rules.map((r) => r.limit)).toEqual([
      150, 10,
    ]);
    await setRules({ bookingPerPhone: 2, lookupPerIp: 400 });
    const { windowSeconds, rules } = await limitsFor(plain, 'booking', '203.0.113.9', `0532${Date.now() % 1e7}`);
    expect(rules.map((r) => r.limit)).toEqual([150, 2]);
    expect((await limitsFor(plain, 'lookup', '203.0.113.9', 'HSR')).rules[0].limit).toBe(400);
    // Counted in the real limiter objects: the third attempt for the phone is refused.
    await enforceRateLimit(plain, 'booking', windowSeconds, rules);
    await enforceRateLimit(plain, 'booking', windowSeconds, rules);
    await expect(enforceRateLimit(plain, 'booking', windowSeconds, rules)).rejects.toMatchObject({ status: 429 });
    // A variable set on the deployment still wins.
    const overridden = { ...plain, RATE_LIMIT_BOOKING_PER_PHONE: '7' } as Env;
    expect((await limitsFor(overridden, 'booking', '203.0.113.9', 'x')).rules[1].limit).toBe(7);
  });

  it('maintenance on: the public booking API answers a Turkish 503 and changes nothing; staff APIs work', async () => {
    const f = await createFacility({ workingHours: everyDay('09:00', '23:00') });
    await createSlots(f, 1, 1);
    const slot = await slotAt(f.id, addDays(istanbulToday(), 1), '15:00');
    expect((await putSettings({ siteName: 'Halı Saha', maintenanceMode: true })).status).toBe(200);
    expect((await json<SiteSettingsAnswer>(await api('/api/site-settings'))).data.maintenanceMode).toBe(true);

    const refused = await expectError(await postBooking(bookingForm(f, slot)), 503);
    expect(refused.name).toBe('ServiceUnavailableError');
    expect(refused.message).toBe('Sistem bakımda. Rezervasyon şu an alınamıyor; lütfen biraz sonra tekrar deneyin.');
    const live = await env.DB.prepare('select count(*) as n from bookings where slot_id = ?')
      .bind(slot.id)
      .first<{ n: number }>();
    expect(live?.n).toBe(0);
    // The panel keeps working.
    expect((await api('/api/bookings', { token: adminToken })).status).toBe(200);
    expect((await api('/api/booking-rules', { token: adminToken })).status).toBe(200);

    expect((await putSettings({ siteName: 'Halı Saha', maintenanceMode: false })).status).toBe(200);
    expect((await postBooking(bookingForm(f, slot))).status).toBe(201);
  });

  it('the rules are cached per isolate: a direct write shows only once the cache is forgotten (a save forgets it)', async () => {
    expect((await effectiveRules(env)).cancelWindowHours).toBe(24);
    await env.DB.prepare('update booking_rules set cancel_window_hours = 72 where id = 1').run();
    expect((await effectiveRules(env)).cancelWindowHours).toBe(24);
    forgetRules();
    expect((await effectiveRules(env)).cancelWindowHours).toBe(72);
  });
});

describe('the default hold timeout', () => {
  it('a new pitch sent without one takes the admin’s default; an edit without one keeps the pitch’s own', async () => {
    await setRules({ holdTimeoutMinutes: 90 });
    const created = await api('/api/facilities', {
      method: 'POST',
      token: adminToken,
      json: { data: pitchInput({ name: `Kural Sahası ${Date.now()}` }) },
    });
    expect(created.status).toBe(201);
    const f = (await json<FacilityAnswer>(created)).data;
    expect(f.autoApprovalTimeout).toBe(90);
    // A form that sends its own value wins.
    const own = await api('/api/facilities', {
      method: 'POST',
      token: adminToken,
      json: { data: pitchInput({ name: `Kural Sahası B ${Date.now()}`, autoApprovalTimeout: 30 }) },
    });
    expect((await json<FacilityAnswer>(own)).data.autoApprovalTimeout).toBe(30);

    await setRules({ holdTimeoutMinutes: 120 });
    const edited = await api(`/api/facilities/${f.documentId}`, {
      method: 'PUT',
      token: adminToken,
      json: { data: pitchInput({ name: f.name }) },
    });
    expect(edited.status).toBe(200);
    expect((await json<FacilityAnswer>(edited)).data.autoApprovalTimeout).toBe(90);
  });
});
