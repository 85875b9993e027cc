// 'Takvime ekle' and the subscriber's calendar feed (docs/behaviour.md#subscriptions): the iCalendar builder read back
// with an RFC 5545 parser, the per-booking .ics route, and the feed's create, renew and revoke by staff.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { CalendarFeedWire } from '../../contracts/calendar-feed';
import { buildIcs, escapeText, foldLine, type IcsEvent, slotEndInstant } from '../../contracts/ics';
import {
  type Answer,
  addDays,
  api,
  bookRow,
  bookViaApi,
  createFacility,
  createSlots,
  expectError,
  freshPhone,
  istanbulToday,
  json,
  runSql,
  type SubscribedAnswer,
} from './fixtures';
import { childrenOf, parseIcs, physicalLines, prop, text } from './fixtures/ics-parse';
import { pitchWithMonth, request, rows, staffToken, subscribe } from './fixtures/subscriptions';

const at = (iso: string) => Date.parse(iso);

const event = (over: Partial<IcsEvent> = {}): IcsEvent => ({
  uid: 'abc@halisaha.test',
  stamp: at('2026-11-26T12:00:00Z'),
  start: at('2026-11-27T20:00:00+03:00'),
  end: at('2026-11-27T21:00:00+03:00'),
  summary: 'Halı saha: Merkez',
  status: 'CONFIRMED',
  ...over,
});

describe('the iCalendar builder', () => {
  it('escapes backslash, semicolon, comma and line breaks, and drops control characters', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf\rg\u0007h')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng' + 'h');
    const cal = parseIcs(buildIcs({ events: [event({ description: 'Not; bir, iki\\üç\nSatır 2' })] }));
    expect(text(childrenOf(cal, 'VEVENT')[0], 'DESCRIPTION')).toBe('Not; bir, iki\\üç\nSatır 2');
  });

  it('folds at 75 octets without splitting a Turkish letter, every line ending in CRLF', () => {
    // 2 + 72 ASCII + 'ı' (2 octets) = 76: the fold comes before the 'ı', never inside it.
    const folded = foldLine(`X:${'a'.repeat(72)}ı`);
    expect(folded).toBe(`X:${'a'.repeat(72)}\r\n ı`);
    expect(foldLine(`X:${'a'.repeat(73)}`)).toBe(`X:${'a'.repeat(73)}`);

    const name = 'Işıklı Şükrü Çağlayan Öğretmenler Gençlik Spor Kulübü Halı Sahası ğüşiöç ĞÜŞİÖÇ 🏟️ '.repeat(4);
    const ics = buildIcs({ name, events: [event({ summary: `Halı saha: ${name}`, location: name })] });
    const lines = physicalLines(ics);
    expect(lines.length).toBeGreaterThan(20);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    // Every physical line is whole UTF-8: re-encoding it gives back the same text (no lone surrogate, no split letter).
    for (const line of lines) expect(new TextDecoder().decode(new TextEncoder().encode(line))).toBe(line);
    const cal = parseIcs(ics);
    expect(text(cal, 'X-WR-CALNAME')).toBe(name);
    expect(text(childrenOf(cal, 'VEVENT')[0], 'SUMMARY')).toBe(`Halı saha: ${name}`);
  });

  it('writes the calendar, the Istanbul time zone, the event and its alarm', () => {
    const cal = parseIcs(buildIcs({ events: [event({ alarmMinutes: 120, url: 'https://maps.google.com/?q=1,2' })] }));
    expect(cal.type).toBe('VCALENDAR');
    expect(['PRODID', 'VERSION', 'CALSCALE', 'METHOD'].map((n) => prop(cal, n)?.value)).toEqual([
      '-//Halı Saha//Rezervasyon//TR',
      '2.0',
      'GREGORIAN',
      'PUBLISH',
    ]);
    const [tz] = childrenOf(cal, 'VTIMEZONE');
    expect(text(tz, 'TZID')).toBe('Europe/Istanbul');
    const [standard] = childrenOf(tz, 'STANDARD');
    expect([text(standard, 'TZOFFSETFROM'), text(standard, 'TZOFFSETTO')]).toEqual(['+0300', '+0300']);
    expect(childrenOf(tz, 'DAYLIGHT')).toEqual([]);
    const [ev] = childrenOf(cal, 'VEVENT');
    expect(prop(ev, 'DTSTAMP')?.value).toBe('20261126T120000Z');
    expect(prop(ev, 'DTSTART')).toEqual({
      name: 'DTSTART',
      params: { TZID: 'Europe/Istanbul' },
      value: '20261127T200000',
    });
    expect(prop(ev, 'URL')?.value).toBe('https://maps.google.com/?q=1,2');
    const [alarm] = childrenOf(ev, 'VALARM');
    expect([text(alarm, 'ACTION'), text(alarm, 'TRIGGER')]).toEqual(['DISPLAY', '-PT120M']);
    const cancelled = parseIcs(buildIcs({ events: [event({ status: 'CANCELLED', alarmMinutes: 120 })] }));
    expect(childrenOf(childrenOf(cancelled, 'VEVENT')[0], 'VALARM')).toEqual([]);
  });

  it('an after-midnight slot starts on the next calendar day; an end at 00:00 or 24:00 is the next midnight', () => {
    // Business date 2026-11-27, 00:30: played in the night after, on 28 November.
    const startsAt = at('2026-11-28T00:30:00+03:00');
    const late = event({ start: startsAt, end: slotEndInstant(startsAt, '00:30', '01:30') });
    const [ev] = childrenOf(parseIcs(buildIcs({ events: [late] })), 'VEVENT');
    expect(prop(ev, 'DTSTART')?.value).toBe('20261128T003000');
    expect(prop(ev, 'DTEND')?.value).toBe('20261128T013000');

    const eleven = at('2026-11-27T23:00:00+03:00');
    for (const end of ['24:00', '00:00']) {
      const [e] = childrenOf(
        parseIcs(buildIcs({ events: [event({ start: eleven, end: slotEndInstant(eleven, '23:00', end) })] })),
        'VEVENT',
      );
      expect([prop(e, 'DTSTART')?.value, prop(e, 'DTEND')?.value]).toEqual(['20261127T230000', '20261128T000000']);
    }
  });
});

async function icsOf(res: Response) {
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
  return parseIcs(await res.text());
}

describe('GET /api/bookings/track/:bookingNumber/calendar.ics', () => {
  it("answers the holder's booking: pitch, address, map link, number, money due, the reminder, no-store", async () => {
    const f = await createFacility({
      name: 'Çınar; Halı, Saha',
      address: 'Atatürk Cd. No: 5, Kadıköy',
      latitude: 40.99,
      longitude: 29.03,
    });
    await createSlots(f, 0, 3);
    const date = addDays(istanbulToday(), 2);
    const { booking } = await bookViaApi(f, date, '20:00');
    const res = await api(`/api/bookings/track/${booking.bookingNumber}/calendar.ics`);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="halisaha-${date}.ics"`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const cal = await icsOf(res);
    const [ev] = childrenOf(cal, 'VEVENT');
    expect(text(ev, 'UID')).toBe(`${booking.documentId}@localhost`);
    expect(text(ev, 'SUMMARY')).toBe('Halı saha: Çınar; Halı, Saha');
    expect(text(ev, 'LOCATION')).toBe('Çınar; Halı, Saha, Atatürk Cd. No: 5, Kadıköy');
    expect(text(ev, 'STATUS')).toBe('TENTATIVE');
    expect(prop(ev, 'DTSTART')?.value).toBe(`${date.replace(/-/g, '')}T200000`);
    expect(prop(ev, 'DTEND')?.value).toBe(`${date.replace(/-/g, '')}T210000`);
    const description = text(ev, 'DESCRIPTION') ?? '';
    expect(description).toContain(`Rezervasyon no: ${booking.bookingNumber}`);
    expect(description).toContain('https://www.google.com/maps/search/?api=1&query=40.99%2C29.03');
    expect(description).toContain('http://localhost:8787/rezervasyon-takip');
    expect(description).toMatch(/Kalan ödeme: ₺[\d.]+ \(sahada ödenir\)/);
    expect(text(ev, 'URL')).toBe('https://www.google.com/maps/search/?api=1&query=40.99%2C29.03');
    expect(childrenOf(ev, 'VALARM')).toHaveLength(1);
  });

  it('an after-midnight booking is on its real calendar day, in the file name too', async () => {
    const f = await createFacility();
    await createSlots(f, 0, 3);
    const business = addDays(istanbulToday(), 2);
    const real = addDays(business, 1);
    const { bookingNumber } = await bookRow(f, business, '20:00', { status: 'approved' });
    await runSql(
      'update bookings set start_time = ?, end_time = ?, starts_at = ? where booking_number = ?',
      '00:30',
      '01:30',
      at(`${real}T00:30:00+03:00`),
      bookingNumber,
    );
    const res = await api(`/api/bookings/track/${bookingNumber}/calendar.ics`);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="halisaha-${real}.ics"`);
    const [ev] = childrenOf(await icsOf(res), 'VEVENT');
    expect(prop(ev, 'DTSTART')?.value).toBe(`${real.replace(/-/g, '')}T003000`);
    expect(prop(ev, 'DTEND')?.value).toBe(`${real.replace(/-/g, '')}T013000`);
    expect(text(ev, 'STATUS')).toBe('CONFIRMED');
  });

  it('an unknown number is the one 404; a malformed one a 400', async () => {
    const error = await expectError(await api('/api/bookings/track/HSRAAAAAAAAA/calendar.ics'), 404);
    expect(error.message).toBe('Rezervasyon bulunamadı. Lütfen rezervasyon numaranızı kontrol ediniz.');
    expect((await expectError(await api('/api/bookings/track/XYZ/calendar.ics'), 400)).name).toBe('ValidationError');
  });

  it("counts against the number's tracking look-up limit", async () => {
    const limit = Number(env.RATE_LIMIT_LOOKUP_PER_TARGET);
    for (let i = 0; i < limit - 1; i++) expect((await api('/api/bookings/track/HSRDDDDDDDDD')).status).toBe(404);
    expect((await api('/api/bookings/track/HSRDDDDDDDDD/calendar.ics')).status).toBe(404);
    const refused = await api('/api/bookings/track/HSRDDDDDDDDD/calendar.ics');
    expect((await expectError(refused, 429)).name).toBe('RateLimitError');
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});

type FeedAnswer = Answer<CalendarFeedWire | null>;

async function subscription(token: string, time = '20:00') {
  const f = await pitchWithMonth();
  const res = await subscribe(token, request(f, freshPhone(), { timeSlot: time }));
  expect(res.status).toBe(201);
  return { f, sub: (await json<SubscribedAnswer>(res)).data };
}

const feedCall = (groupId: string, token: string | undefined, method = 'POST', tail = '') =>
  api(`/api/subscriptions/${groupId}/calendar-feed${tail}`, { method, token });
const pathOf = (url: string) => new URL(url).pathname;
const auditKinds = async (groupId: string) =>
  (
    await rows<{ action: string }>(
      "select action from audit_log where entity_kind = 'subscription' and entity_id = ? order by id",
      groupId,
    )
  ).map((r) => r.action);

describe("a subscription's calendar feed", () => {
  it('staff create it once (the same address again), the feed lists only that subscription with every number', async () => {
    const { token } = await staffToken('manager');
    const { f, sub } = await subscription(token);
    const other = await subscribe(token, request(f, freshPhone(), { timeSlot: '21:00' }));
    const otherNumbers = (await json<SubscribedAnswer>(other)).data.bookings.map((b) => b.bookingNumber);

    expect((await json<FeedAnswer>(await feedCall(sub.recurringGroupId, token, 'GET'))).data).toBeNull();
    const created = (await json<FeedAnswer>(await feedCall(sub.recurringGroupId, token))).data!;
    expect(created.url).toMatch(/^http:\/\/localhost:8787\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(created.webcalUrl).toBe(created.url.replace('http:', 'webcal:'));
    expect((await json<FeedAnswer>(await feedCall(sub.recurringGroupId, token))).data?.url).toBe(created.url);
    expect((await json<FeedAnswer>(await feedCall(sub.recurringGroupId, token, 'GET'))).data?.url).toBe(created.url);
    expect(await auditKinds(sub.recurringGroupId)).toEqual(['feed_create']);

    const res = await api(pathOf(created.url));
    expect(res.headers.get('cache-control')).toBe('private, max-age=300');
    const cal = await icsOf(res);
    expect(text(cal, 'X-WR-CALNAME')).toBe(`Halı saha: ${f.name}`);
    const events = childrenOf(cal, 'VEVENT');
    expect(events).toHaveLength(sub.bookings.length);
    const descriptions = events.map((e) => text(e, 'DESCRIPTION') ?? '').join('\n');
    for (const b of sub.bookings) expect(descriptions).toContain(`Rezervasyon no: ${b.bookingNumber}`);
    for (const n of otherNumbers) expect(descriptions).not.toContain(n);
    expect(events.every((e) => text(e, 'STATUS') === 'CONFIRMED')).toBe(true);
    // Without the suffix too.
    expect((await api(pathOf(created.url).replace(/\.ics$/, ''))).status).toBe(200);
  });

  it('lists the last 30 days and every later booking; a cancelled week stays, crossed out', async () => {
    const { token } = await staffToken('admin');
    const { sub } = await subscription(token);
    const [first, second, third] = sub.bookings;
    const now = Date.now();
    await runSql(
      'update bookings set starts_at = ? where booking_number = ?',
      now - 40 * 86_400_000,
      first.bookingNumber,
    );
    await runSql(
      'update bookings set starts_at = ? where booking_number = ?',
      now - 10 * 86_400_000,
      second.bookingNumber,
    );
    await runSql("update bookings set status = 'cancelled' where booking_number = ?", third.bookingNumber);
    const feed = (await json<FeedAnswer>(await feedCall(sub.recurringGroupId, token))).data!;
    const events = childrenOf(await icsOf(await api(pathOf(feed.url))), 'VEVENT');
    const numbers = events.map((e) => /Rezervasyon no: (\w+)/.exec(text(e, 'DESCRIPTION') ?? '')?.[1]);
    expect(numbers).not.toContain(first.bookingNumber);
    expect(numbers[0]).toBe(second.bookingNumber);
    expect(numbers).toHaveLength(sub.bookings.length - 1);
    const cancelled = events.find((e) => (text(e, 'DESCRIPTION') ?? '').includes(third.bookingNumber))!;
    expect(text(cancelled, 'STATUS')).toBe('CANCELLED');
    expect(childrenOf(cancelled, 'VALARM')).toEqual([]);
  });

  it('renew gives a new address and the old one answers 404; revoke ends it; both audited', async () => {
    const { token } = await staffToken('admin');
    const { sub } = await subscription(token);
    const first = (await json<FeedAnswer>(await feedCall(sub.recurringGroupId, token))).data!;
    const renewed = (await json<FeedAnswer>(await feedCall(sub.recurringGroupId, token, 'POST', '/renew'))).data!;
    expect(renewed.url).not.toBe(first.url);
    const gone = await expectError(await api(pathOf(first.url)), 404);
    expect(gone.message).toBe('Takvim bağlantısı bulunamadı veya iptal edilmiş');
    expect((await api(pathOf(renewed.url))).status).toBe(200);

    const revoked = await feedCall(sub.recurringGroupId, token, 'DELETE');
    expect(revoked.status).toBe(200);
    expect((await json<FeedAnswer>(revoked)).data).toBeNull();
    await expectError(await api(pathOf(renewed.url)), 404);
    expect((await json<FeedAnswer>(await feedCall(sub.recurringGroupId, token, 'GET'))).data).toBeNull();
    // Nothing left to revoke: no error, no second audit row.
    expect((await feedCall(sub.recurringGroupId, token, 'DELETE')).status).toBe(200);
    expect(await auditKinds(sub.recurringGroupId)).toEqual(['feed_create', 'feed_renew', 'feed_revoke']);
    const live = await rows<{ n: number }>(
      'select count(*) as n from calendar_feeds where recurring_group_id = ? and revoked_at is null',
      sub.recurringGroupId,
    );
    expect(live[0].n).toBe(0);
  });

  it('only staff manage a feed; an unknown subscription or token is a 404', async () => {
    const { token } = await staffToken('manager');
    const { sub } = await subscription(token);
    for (const [method, tail] of [
      ['GET', ''],
      ['POST', ''],
      ['POST', '/renew'],
      ['DELETE', ''],
    ])
      expect((await feedCall(sub.recurringGroupId, undefined, method, tail)).status).toBe(401);
    expect((await expectError(await feedCall('sub-yok', token), 404)).message).toBe('Abonelik bulunamadı');
    await expectError(await api(`/api/calendar/${'A'.repeat(43)}.ics`), 404);
    await expectError(await api('/api/calendar/kisa'), 404);
  });

  it("a KVKK erasure of the subscriber revokes their subscription's feed", async () => {
    const { token } = await staffToken('admin');
    const { sub } = await subscription(token);
    const feed = (await json<FeedAnswer>(await feedCall(sub.recurringGroupId, token))).data!;
    expect((await api(pathOf(feed.url))).status).toBe(200);
    const erased = await api(`/api/bookings/${sub.bookings[0].documentId}/anonymize`, {
      method: 'POST',
      token,
      json: {},
    });
    expect(erased.status).toBe(200);
    await expectError(await api(pathOf(feed.url)), 404);
  });
});
