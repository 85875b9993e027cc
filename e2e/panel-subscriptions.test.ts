// Abonelikler in real Chromium against the built Worker: a manager creates a 4-week subscription on a demo
// pitch where one of the weeks is already taken by a public booking, sees the partial card, confirms, and the
// subscriber's phone look-up on the public tracking page lists exactly three bookings. The screen passes axe in both
// themes and widens nothing at 360 px with a 100-character unbroken subscriber name. Every booking, customer,
// notification and history row made here is removed again, so the demo data the other files count stays as it was.
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { successMessage } from '../contracts/subscriptions';
import { axe } from './support/axe';
import { launch, newPage, origin, overflow, settle } from './support/browser';
import { unbroken } from './support/long-data';
import { istanbulDate, queryDb, signIn } from './support/panel';

let browser: Browser;
let close: () => Promise<void>;

const stamp = String(Date.now()).slice(-7);
const SUBSCRIBER_PHONE = `0538${stamp}`;
const VISITOR_PHONE = `0537${stamp}`;
const NAME = unbroken(100, 'AboneAdSoyad');
const VISITOR = 'Haftayı Alan Ziyaretçi';
const WEEK_DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const weekdayOf = (date: string) => WEEK_DAYS[new Date(`${date}T00:00:00Z`).getUTCDay()];
const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const dotted = (d: string) => `${d.slice(8, 10)}.${d.slice(5, 7)}.${d.slice(0, 4)}`;

const api = async <T>(path: string, init?: RequestInit) =>
  (await (await fetch(`${origin()}${path}`, init)).json()) as T;

interface Plan {
  facility: { documentId: string; slug: string; name: string };
  dates: string[];
  time: string;
}
let plan: Plan;

/** A demo pitch and an hour free on four weekly dates from 2 days ahead (public slot reads, no writes). */
async function findFourFreeWeeks(): Promise<Plan> {
  const list = await api<{ data: Array<{ documentId: string; slug: string; name: string }> }>('/api/facilities');
  for (let start = 2; start < 6; start++) {
    const first = istanbulDate(start);
    const dates = [0, 7, 14, 21].map((n) => addDays(first, n));
    for (const f of list.data) {
      const range = await api<{
        data?: { slots: Array<{ date: string; startTime: string; isAvailable: boolean }> };
      }>(`/api/facilities/${f.slug}/slots?from=${dates[0]}&to=${dates[3]}`);
      const free = new Set(
        (range.data?.slots ?? []).filter((s) => s.isAvailable).map((s) => `${s.date} ${s.startTime}`),
      );
      const times = [...new Set((range.data?.slots ?? []).map((s) => s.startTime))].sort().reverse();
      const time = times.find((t) => dates.every((d) => free.has(`${d} ${t}`)));
      if (time) return { facility: f, dates, time };
    }
  }
  throw new Error('no demo pitch has one hour free four weeks running');
}

/** The second week goes to a visitor first, through the real public booking API. */
async function bookSecondWeekPublicly() {
  const day = await api<{ data: { slots: Array<{ documentId: string; startTime: string; isAvailable: boolean }> } }>(
    `/api/facilities/${plan.facility.slug}/slots?date=${plan.dates[1]}`,
  );
  const slot = day.data.slots.find((s) => s.startTime === plan.time && s.isAvailable);
  if (!slot) throw new Error('the second week is not free');
  const created = await api<{ data: { bookingNumber: string } | null; error?: { message: string } }>('/api/bookings', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      facility: plan.facility.documentId,
      bookingSlot: slot.documentId,
      customerName: 'Haftayı Alan Ziyaretçi',
      customerPhone: VISITOR_PHONE,
    }),
  });
  if (!created.data) throw new Error(`public booking failed: ${created.error?.message}`);
}

function removeTestRows() {
  const dir = resolve(inject('state'), 'v3/d1/miniflare-D1DatabaseObject');
  const file = readdirSync(dir).find((f) => f.endsWith('.sqlite') && f !== 'metadata.sqlite');
  if (!file) return;
  const db = new DatabaseSync(resolve(dir, file));
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    for (const [phone, name] of [
      [SUBSCRIBER_PHONE, NAME],
      [VISITOR_PHONE, VISITOR],
    ]) {
      const ids = `select id from bookings where customer_phone = '${phone}'`;
      db.exec(`delete from notifications where booking_id in (${ids})`);
      db.prepare(`delete from notifications where message like '%' || ? || '%'`).run(name);
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
  plan = await findFourFreeWeeks();
  await bookSecondWeekPublicly();
});
afterAll(async () => {
  removeTestRows();
  await close();
  // Nothing this file made is left for the files that count the demo data.
  for (const phone of [SUBSCRIBER_PHONE, VISITOR_PHONE]) {
    expect(queryDb('select id from bookings where customer_phone = ?', phone)).toEqual([]);
    expect(queryDb('select id from customers where phone = ?', phone)).toEqual([]);
  }
  expect(queryDb("select id from notifications where message like '%' || ? || '%'", NAME)).toEqual([]);
});

const liveBookings = (phone: string) =>
  queryDb<{ date: string; status: string; is_subscriber: number; recurring_group_id: string | null }>(
    "select date, status, is_subscriber, recurring_group_id from bookings where customer_phone = ? and status in ('pending', 'approved') order by date",
    phone,
  );

describe('subscriptions screen', () => {
  it('a manager books four weeks with one taken: the partial card, confirm, and the phone look-up lists three', async () => {
    const { page, context } = await newPage(browser);
    await signIn(context, 'manager');
    await page.goto('/yonetim/abonelikler');
    await settle(page);
    await page.getByRole('heading', { level: 1, name: 'Abonelikler' }).waitFor();

    const form = page.locator('[data-subscription-form]');
    await form.getByRole('textbox', { name: 'Ad soyad' }).fill(NAME);
    await form.getByRole('textbox', { name: 'Telefon' }).fill(SUBSCRIBER_PHONE);
    await form.getByRole('combobox', { name: 'Saha' }).selectOption(plan.facility.documentId);
    await form.getByRole('combobox', { name: 'Gün' }).selectOption(weekdayOf(plan.dates[0]));
    const time = form.getByRole('combobox', { name: 'Saat' });
    await page.waitForFunction(
      (t) =>
        [...document.querySelectorAll<HTMLOptionElement>('[data-subscription-form] select option')].some(
          (o) => o.value === t,
        ),
      plan.time,
    );
    await time.selectOption(plan.time);
    // The start date, typed as dd.mm.yyyy into the date field's segments.
    const day = form.getByRole('group', { name: 'Başlangıç tarihi' }).getByRole('spinbutton').first();
    await day.click();
    await page.keyboard.type(dotted(plan.dates[0]).replace(/\./g, ''));
    const typed = await form.getByRole('group', { name: 'Başlangıç tarihi' }).innerText();
    expect(typed.replace(/\s/g, '')).toContain(dotted(plan.dates[0]));
    await form.getByRole('combobox', { name: 'Süre' }).selectOption('4');
    await expect(form.locator('[data-total]').innerText()).resolves.toContain('4 hafta');
    await form.getByRole('button', { name: 'Abonelik oluştur' }).click();

    const partial = page.locator('[data-partial]');
    await partial.waitFor();
    await expect(partial.locator('[data-requested]').innerText()).resolves.toBe('4 hafta');
    await expect(partial.locator('[data-available]').innerText()).resolves.toBe('3 hafta');
    await expect(partial.locator('[data-rate]').innerText()).resolves.toBe('%75');
    const conflicted = await partial.locator('[data-dates="conflicted"]').innerText();
    expect(conflicted).toContain(dotted(plan.dates[1]));
    expect(conflicted).toContain('Haftayı');
    // Nothing is booked until the manager confirms.
    expect(liveBookings(SUBSCRIBER_PHONE)).toEqual([]);

    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((t) => {
        document.documentElement.classList.toggle('dark', t === 'dark');
      }, theme);
      expect(await axe(page), `axe with the partial card, ${theme}`).toEqual([]);
    }
    await page.evaluate(() => document.documentElement.classList.remove('dark'));

    await partial.getByRole('button', { name: 'Müsait haftalar için devam et' }).click();
    await page.getByText(successMessage(3, 4)).first().waitFor();
    await partial.waitFor({ state: 'detached' });
    const booked = liveBookings(SUBSCRIBER_PHONE);
    expect(booked.map((b) => b.date)).toEqual([plan.dates[0], plan.dates[2], plan.dates[3]]);
    expect(booked.every((b) => b.status === 'approved' && b.is_subscriber === 1)).toBe(true);
    expect(new Set(booked.map((b) => b.recurring_group_id)).size).toBe(1);
    // The form is reset.
    await expect(form.getByRole('textbox', { name: 'Ad soyad' }).inputValue()).resolves.toBe('');

    // The public tracking page, by phone: exactly the three subscriber bookings.
    await page.goto('/rezervasyon-takip');
    await page.waitForSelector('astro-island:not([ssr])', { state: 'attached' });
    await page.getByRole('tab', { name: 'Abone Takibi' }).click();
    await page.getByRole('textbox', { name: 'Telefon numarası' }).pressSequentially(SUBSCRIBER_PHONE);
    await page.getByRole('button', { name: 'Sorgula' }).click();
    await page.getByText('Sadece abone rezervasyonlarınız görüntülenir').waitFor();
    await expect(page.locator('[data-tracking-result] li[data-booking]').count()).resolves.toBe(3);
    await context.close();
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`passes axe and widens nothing at 360 px with a long subscriber name, ${theme} theme`, async () => {
      const { page, context } = await newPage(browser, { theme, width: 360 });
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
      await signIn(context, 'manager');
      await page.goto('/yonetim/abonelikler');
      await settle(page);
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
      expect(await axe(page)).toEqual([]);

      await page.getByRole('searchbox', { name: 'Abone ara' }).fill(SUBSCRIBER_PHONE);
      const row = page.locator('[data-subscriber]').filter({ hasText: NAME });
      await row.waitFor();
      expect(await overflow(page)).toBe(0);

      await row.getByRole('button', { name: `Detay: ${NAME}` }).click();
      const dialog = page.getByRole('dialog', { name: `Abone: ${NAME}` });
      await dialog.locator('[data-subscriber-detail]').waitFor();
      expect(await overflow(page)).toBe(0);
      expect(await axe(page)).toEqual([]);
      await dialog.getByRole('tab', { name: 'Rezervasyonlar' }).click();
      await dialog.locator('[data-detail-bookings]').waitFor();
      expect(await overflow(page)).toBe(0);
      await dialog.getByRole('tab', { name: 'Geçmiş' }).click();
      expect(await overflow(page)).toBe(0);
      await context.close();
    });
  }
});
