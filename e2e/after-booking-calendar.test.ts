// 'Takvime ekle' and the subscriber's calendar feed in real Chromium against the built Worker. From tracking, a booking
// of the demo's overnight pitch at 00:00 (business day D, played on D+1) downloads an .ics that parses (RFC 5545) with
// its real Istanbul start and end on D+1. In Abonelikler a manager creates a subscription's feed, copies its address,
// the address answers the subscription's bookings with their numbers, and revoking it makes it answer 404; at 360 px in
// both themes, with a long unbroken subscriber name, no console error. Every row made here is removed again.
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../contracts/dates';
import { childrenOf, parseIcs, physicalLines, prop, text } from '../test/worker/fixtures/ics-parse';
import { axe } from './support/axe';
import { launch, newPage, origin, overflow, settle } from './support/browser';
import { openStateDb, unbroken } from './support/long-data';
import { istanbulDate, queryDb, STAFF } from './support/panel';

const OVERNIGHT = 'osmangazi-yildiz-spor-tesisleri';
const stamp = String(Date.now()).slice(-7);
const PLAYER_PHONE = `0536${stamp}`;
const SUBSCRIBER_PHONE = `0535${stamp}`;
const NAME = unbroken(100, 'TakvimAbonesi');

let browser: Browser;
let close: () => Promise<void>;
let night: { number: string; business: string; endTime: string };
let sub: { groupId: string; numbers: string[] };
let managerToken: string;

interface Slot {
  documentId: string;
  date: string;
  startTime: string;
  endTime: string;
  isAvailable: boolean;
}
const api = async <T>(path: string, init?: RequestInit) =>
  (await (await fetch(`${origin()}${path}`, init)).json()) as T;
const post = (path: string, body: unknown, token?: string) =>
  api<{ data: any; error?: { message: string } }>(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

/** A public booking of the overnight pitch's 00:00 on a business day a few days ahead. */
async function bookAfterMidnight() {
  const pitch = await api<{ data: { documentId: string } }>(`/api/facilities/${OVERNIGHT}`);
  for (let offset = 4; offset < 24; offset++) {
    const business = istanbulDate(offset);
    const day = await api<{ data: { slots: Slot[] } }>(`/api/facilities/${OVERNIGHT}/slots?date=${business}`);
    const slot = day.data.slots.find((s) => s.startTime === '00:00' && s.isAvailable);
    if (!slot) continue;
    const created = await post('/api/bookings', {
      facility: pitch.data.documentId,
      bookingSlot: slot.documentId,
      customerName: 'Takvim Oyuncusu',
      customerPhone: PLAYER_PHONE,
    });
    if (created.data) return { number: created.data.bookingNumber as string, business, endTime: slot.endTime };
  }
  throw new Error('no free 00:00 on the overnight pitch');
}

/** Two weekly approved bookings made by the manager through the API, on a pitch and hour free both weeks. */
async function subscribe() {
  const token = managerToken;
  const list = await api<{ data: Array<{ documentId: string; slug: string }> }>('/api/facilities');
  const WEEK = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
  for (let start = 5; start < 12; start++) {
    const first = istanbulDate(start);
    for (const f of list.data) {
      const range = await api<{ data?: { slots: Slot[] } }>(
        `/api/facilities/${f.slug}/slots?from=${first}&to=${addDays(first, 7)}`,
      );
      const free = new Set(
        (range.data?.slots ?? []).filter((s) => s.isAvailable).map((s) => `${s.date} ${s.startTime}`),
      );
      const time = [...new Set((range.data?.slots ?? []).map((s) => s.startTime))]
        .sort()
        .find((t) => t >= '10:00' && free.has(`${first} ${t}`) && free.has(`${addDays(first, 7)} ${t}`));
      if (!time) continue;
      const made = await post(
        '/api/bookings/create-subscription',
        {
          customerName: NAME,
          customerPhone: SUBSCRIBER_PHONE,
          facility: f.documentId,
          dayOfWeek: WEEK[new Date(`${first}T00:00:00Z`).getUTCDay()],
          timeSlot: time,
          startDate: first,
          weekCount: 2,
        },
        token,
      );
      if (made.data?.status === 'success')
        return {
          groupId: made.data.recurringGroupId as string,
          numbers: (made.data.bookings as Array<{ bookingNumber: string }>).map((b) => b.bookingNumber),
        };
    }
  }
  throw new Error('no pitch has one hour free two weeks running');
}

function removeTestRows() {
  const db = openStateDb();
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    if (sub) {
      db.prepare("delete from audit_log where entity_kind = 'subscription' and entity_id = ?").run(sub.groupId);
      db.prepare('delete from calendar_feeds where recurring_group_id = ?').run(sub.groupId);
    }
    for (const phone of [PLAYER_PHONE, SUBSCRIBER_PHONE]) {
      const ids = `select id from bookings where customer_phone = '${phone}'`;
      db.exec(
        `delete from audit_log where entity_label in (select booking_number from bookings where customer_phone = '${phone}')`,
      );
      db.exec(`delete from notifications where booking_id in (${ids})`);
      db.exec(`delete from booking_history where booking_id in (${ids})`);
      db.prepare('delete from bookings where customer_phone = ?').run(phone);
      db.prepare('delete from customer_stats where customer_id in (select id from customers where phone = ?)').run(
        phone,
      );
      db.prepare('delete from customers where phone = ?').run(phone);
    }
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  ({ browser, close } = await launch());
  managerToken = (await post('/api/auth/local', STAFF.manager)).data.jwt as string;
  night = await bookAfterMidnight();
  sub = await subscribe();
});
afterAll(async () => {
  removeTestRows();
  await close();
  for (const phone of [PLAYER_PHONE, SUBSCRIBER_PHONE])
    expect(queryDb('select id from bookings where customer_phone = ?', phone)).toEqual([]);
  expect(queryDb('select id from calendar_feeds where recurring_group_id = ?', sub.groupId)).toEqual([]);
});

const compact = (date: string) => date.replace(/-/g, '');

async function themed(theme: 'light' | 'dark') {
  const { page, context } = await newPage(browser, { theme, width: 360 });
  await page.addInitScript((t) => {
    try {
      localStorage.setItem('theme', t);
    } catch {
      // a document without storage keeps the default
    }
  }, theme);
  return { page, context };
}

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));

describe.each(['light', 'dark'] as const)('after booking, at 360 px in the %s theme', (theme) => {
  it("tracking's 'Takvime ekle' downloads an .ics at the real Istanbul time of an after-midnight hour", async () => {
    const { page, context } = await themed(theme);
    await page.goto(`/rezervasyon-takip?q=${night.number}`);
    const view = page.getByRole('article');
    await view.getByRole('heading', { name: night.number }).waitFor();
    expect(await isDark(page)).toBe(theme === 'dark');
    const link = view.getByRole('link', { name: 'Takvime ekle' });
    expect(await overflow(page)).toBeLessThanOrEqual(0);

    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const real = addDays(night.business, 1);
    expect(download.suggestedFilename()).toBe(`halisaha-${real}.ics`);
    const ics = await readFile((await download.path()) as string, 'utf8');
    physicalLines(ics);
    const cal = parseIcs(ics);
    expect(text(childrenOf(cal, 'VTIMEZONE')[0], 'TZID')).toBe('Europe/Istanbul');
    const [event] = childrenOf(cal, 'VEVENT');
    // Business day D at 00:00 is played on D+1: the entry starts at 00:00 of D+1, Istanbul time.
    expect(prop(event, 'DTSTART')).toMatchObject({
      params: { TZID: 'Europe/Istanbul' },
      value: `${compact(real)}T000000`,
    });
    expect(prop(event, 'DTEND')?.value).toBe(`${compact(real)}T${night.endTime.replace(':', '')}00`);
    expect(text(event, 'DESCRIPTION')).toContain(`Rezervasyon no: ${night.number}`);
    expect(text(event, 'STATUS')).toBe('TENTATIVE');
    expect(childrenOf(event, 'VALARM')).toHaveLength(1);
    await context.close();
  });

  it('staff create a subscriber’s feed in Abonelikler, copy it, and revoke it', async () => {
    // Each theme starts from no live feed, whatever an earlier run left.
    await fetch(`${origin()}/api/subscriptions/${sub.groupId}/calendar-feed`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${managerToken}` },
    });
    const { page, context } = await themed(theme);
    await context.addCookies([
      { name: 'hs_session', value: managerToken, url: origin(), httpOnly: true, sameSite: 'Strict' },
    ]);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: origin() });
    await page.goto('/yonetim/abonelikler');
    await settle(page);
    expect(await isDark(page)).toBe(theme === 'dark');
    await page.getByRole('searchbox', { name: 'Abone ara' }).fill(SUBSCRIBER_PHONE);
    const row = page.locator('[data-subscriber]').filter({ hasText: NAME });
    await row.waitFor();
    await row.getByRole('button', { name: `Detay: ${NAME}` }).click();
    const dialog = page.getByRole('dialog', { name: `Abone: ${NAME}` });
    const card = dialog.locator('[data-calendar-feed]');
    await card.getByRole('button', { name: 'Takvim bağlantısı oluştur' }).click();
    const shown = card.locator('[data-feed-url]');
    await shown.waitFor();
    const url = (await shown.innerText()).trim();
    expect(url).toMatch(new RegExp(`^${origin()}/api/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect((await axe(page)).join('\n'), `axe with the feed shown, ${theme}`).toBe('');

    await card.getByRole('button', { name: 'Takvim bağlantısını kopyala' }).click();
    await card.getByText('Kopyalandı').first().waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

    const feed = await fetch(url);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const events = childrenOf(parseIcs(await feed.text()), 'VEVENT');
    expect(events).toHaveLength(sub.numbers.length);
    const descriptions = events.map((e) => text(e, 'DESCRIPTION')).join('\n');
    for (const n of sub.numbers) expect(descriptions).toContain(`Rezervasyon no: ${n}`);

    await card.getByRole('button', { name: 'Bağlantıyı iptal et' }).click();
    await card.getByRole('button', { name: 'Takvim bağlantısı oluştur' }).waitFor();
    expect((await fetch(url)).status).toBe(404);
    expect(
      queryDb('select id from calendar_feeds where recurring_group_id = ? and revoked_at is null', sub.groupId),
    ).toEqual([]);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await context.close();
  });
});
