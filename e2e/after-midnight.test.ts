// After-midnight slots in real Chromium against the built Worker: the demo's overnight pitch (open 18:00–02:00) lists
// 00:00 and 01:00 under the business day of the evening before, but they are played on the next calendar day. The
// calendar, the booking summary, the confirmation, the tracking page and the panel (bookings list and detail, the
// weekly calendar, the notifications) name the real date with the business day as context
// ('1 Aralık 2026 Salı · Pazartesi gecesi'), at 360 px in both themes, with no console error.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, TR_MONTHS, TR_WEEKDAYS, trLongDate, weekdayIndex } from '../contracts/dates';
import { continueToForm, launch, newPage, origin } from './support/browser';
import { istanbulDate, signIn } from './support/panel';

const FACILITY_SLUG = 'osmangazi-yildiz-spor-tesisleri';

let browser: Browser;
let close: () => Promise<void>;
/** Two business days whose 00:00 is free, one per theme. */
const days: string[] = [];

/** Days ahead of today, so the calendar can step to it with 'Sonraki gün'. */
const offsetOf = (date: string) => Math.round((Date.parse(date) - Date.parse(istanbulDate(0))) / 86_400_000);
const freshPhone = () => `0532${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
/** 'Pazartesi gecesi' for business day `date`. */
const night = (date: string) => `${TR_WEEKDAYS[weekdayIndex(date)]} gecesi`;
/** '1 Aralık Salı' for a date. */
const dayMonthWeekday = (date: string) =>
  `${Number(date.slice(8))} ${TR_MONTHS[Number(date.slice(5, 7)) - 1]} ${TR_WEEKDAYS[weekdayIndex(date)]}`;
/** The Monday of the week holding `date`. */
const mondayOf = (date: string) => addDays(date, -((weekdayIndex(date) + 6) % 7));

beforeAll(async () => {
  ({ browser, close } = await launch());
  for (let offset = 3; offset < 20 && days.length < 2; offset++) {
    const date = istanbulDate(offset);
    const res = await fetch(`${origin()}/api/facilities/${FACILITY_SLUG}/slots?date=${date}`);
    const slots = ((await res.json()) as { data: { slots: { startTime: string; isAvailable: boolean }[] } }).data.slots;
    if (slots.some((s) => s.startTime === '00:00' && s.isAvailable)) days.push(date);
  }
  expect(days).toHaveLength(2);
});
afterAll(async () => close());

/** Daily view, then 'Sonraki gün' until `date` is on screen with its slots loaded. */
async function showDay(page: Page, date: string) {
  await page.locator('label', { has: page.getByRole('radio', { name: 'Günlük' }) }).click();
  for (let i = 0; i < offsetOf(date); i++) await page.getByRole('button', { name: 'Sonraki gün' }).click();
  await page.locator(`[data-day="${date}"] [data-state]`).first().waitFor();
}

const noSideScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

describe.each(['light', 'dark'] as const)('an after-midnight slot at 360 px in the %s theme', (theme) => {
  it('is shown on its real calendar date from the calendar to the panel', async () => {
    const date = days[theme === 'light' ? 0 : 1];
    const real = addDays(date, 1);
    const name = theme === 'light' ? 'Gece Açık Oyuncu' : 'Gece Koyu Oyuncu';
    const { page, context } = await newPage(browser, { theme, width: 360 });
    // Every document of the page runs it, an error page of a blocked outside frame too, where storage is denied.
    await page.addInitScript((t) => {
      try {
        localStorage.setItem('theme', t);
      } catch {}
    }, theme);

    // The calendar: 00:00 and 01:00 under their own heading with the real date.
    await page.goto(`/saha/${FACILITY_SLUG}`);
    await page.locator('[data-state] >> visible=true').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
    await showDay(page, date);
    const heading = page.locator(`[data-day="${date}"] [data-night-heading]`);
    expect(await heading.textContent()).toBe(`${dayMonthWeekday(real)} · ${night(date)}`);
    const nightList = page.getByRole('list', { name: `${dayMonthWeekday(real)} · ${night(date)}` });
    expect(
      await nightList.locator('[data-start]').evaluateAll((els) => els.map((e) => e.getAttribute('data-start'))),
    ).toEqual(['00:00', '01:00']);
    await noSideScroll(page);

    // The summary above the form, then the confirmation.
    await nightList.locator('[data-start="00:00"]').click();
    await continueToForm(page);
    const summary = (await page.locator('[data-summary]').textContent())!;
    expect(summary).toContain(`${trLongDate(real)} · 00:00–01:00 · ${night(date)}`);
    expect(summary).not.toContain(trLongDate(date));
    await page.getByRole('textbox', { name: /^Ad Soyad/ }).fill(name);
    await page.getByRole('textbox', { name: /^Telefon/ }).pressSequentially(freshPhone());
    await page.getByRole('button', { name: 'Rezervasyonu Tamamla' }).click();
    await page.getByRole('heading', { name: 'Rezervasyonunuz alındı' }).waitFor();
    const number = (await page.locator('[data-booking-number]').textContent())!;
    const confirmation = (await page.locator('[data-booking-step="3"]').textContent())!;
    expect(confirmation).toContain(`${trLongDate(real)} · ${night(date)}`);
    expect(confirmation).not.toContain(trLongDate(date));
    await noSideScroll(page);

    // The tracking page.
    await page.goto(`/rezervasyon-takip?q=${number}`);
    const view = page.getByRole('article');
    await view.getByRole('heading', { name: number }).waitFor();
    const tracked = (await view.textContent())!;
    expect(tracked).toContain(`${trLongDate(real)} · ${night(date)}`);
    expect(tracked).not.toContain(trLongDate(date));
    await noSideScroll(page);

    // The panel: the bookings list and the detail dialog.
    await signIn(context, 'admin');
    await page.goto(`/yonetim/rezervasyonlar?q=${number}`);
    const card = page.locator(`[data-booking="${number}"]`).first();
    await card.waitFor();
    const cardText = (await card.textContent())!;
    expect(cardText).toContain(`${trLongDate(real).split(' ').slice(0, 3).join(' ')} 00:00–01:00 · ${night(date)}`);
    await card.getByRole('button', { name: /Detay/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(number).first().waitFor();
    expect(await dialog.textContent()).toContain(`${trLongDate(real)} · ${night(date)}`);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // The weekly calendar: the business day's list names the night with the real date.
    await page.goto(`/yonetim/haftalik-takvim?saha=${FACILITY_SLUG}&hafta=${mondayOf(date)}`);
    const tab = page.locator(`[data-day-tab="${date}"]`);
    await tab.waitFor();
    await tab.click();
    const weekNight = page.locator(`[data-day-list="${date}"] [data-night-heading]`);
    await weekNight.waitFor();
    expect(await weekNight.textContent()).toBe(
      `${TR_WEEKDAYS[weekdayIndex(real)]} ${Number(real.slice(8))} ${TR_MONTHS[Number(real.slice(5, 7)) - 1]} · ${night(date)}`,
    );
    await noSideScroll(page);

    // The staff notification of the new booking.
    await page.goto('/yonetim/bildirimler');
    const note = page.locator('[data-notification-id]', { hasText: name }).first();
    await note.waitFor();
    const noteText = (await note.textContent())!;
    expect(noteText).toContain(`${trLongDate(real)} 00:00 · ${night(date)}`);
    expect(noteText).not.toContain(`${trLongDate(date)} 00:00`);
    await noSideScroll(page);
    await context.close();
  });
});
