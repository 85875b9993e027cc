// 'Boş saat bul' as a player uses it, at 360 px in both themes: the home page's (or /sahalar's) form → the results on
// an address that keeps the search → one tap on a free start → the pitch page's form for that slot → booked. The results
// are rendered on the server; a start taken meanwhile is said so on the pitch page. Nothing scrolls sideways with a
// long pitch name on screen, and no console error anywhere (support/browser.ts).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '../contracts/texts';
import { launch, newPage, origin, overflow } from './support/browser';
import { createLongFacility, LONG, removeLongData } from './support/long-data';

let browser: Browser;
let close: () => Promise<void>;

const istanbulDate = (days: number) =>
  new Date(Date.now() + 3 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
const freshPhone = () => `0534${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
const WEEKDAYS = ['Pazar', 'Pazartesi', 'Salı', 'Çarşamba', 'Perşembe', 'Cuma', 'Cumartesi'];
const weekday = (date: string) => WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()];

beforeAll(async () => {
  ({ browser, close } = await launch());
  createLongFacility();
});
afterAll(async () => {
  await close();
  removeLongData();
});

async function bookOnForm(page: Page) {
  await page.getByRole('textbox', { name: /^Ad Soyad/ }).fill('Deniz Kaya');
  await page.getByRole('textbox', { name: /^Telefon/ }).pressSequentially(freshPhone());
  await page.getByRole('button', { name: 'Rezervasyonu Tamamla' }).click();
  await page.getByRole('heading', { name: 'Rezervasyonunuz alındı' }).waitFor();
  return (await page.locator('[data-booking-number]').textContent())!;
}

describe("'Boş saat bul'", () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`a player finds a free hour across the pitches and books it in one tap (360 px, ${theme})`, async () => {
      const { page, context } = await newPage(browser, { theme, width: 360 });
      const date = istanbulDate(theme === 'light' ? 3 : 4);
      // From the home page in one theme, from /sahalar in the other: both carry the form.
      await page.goto(theme === 'light' ? '/' : '/sahalar');
      const form = page.getByRole('search', { name: 'Boş saat bul' });
      await form.getByLabel('Gün', { exact: true }).selectOption(date);
      await form.getByLabel('Saat', { exact: true }).selectOption('21:00');
      if (theme === 'light') await form.getByLabel(/^Bitiş/).selectOption('23:00');
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await form.getByRole('button', { name: 'Boş saat bul' }).click();

      const saat = theme === 'light' ? '21:00-23:00' : '21:00';
      await page.waitForURL((u) => u.pathname === '/bos-saat');
      expect(new URL(page.url()).search).toBe(`?gun=${date}&saat=${saat}`);
      await expect(page.locator('h1').textContent()).resolves.toBe(
        `${weekday(date)} ${saat.replace('-', '–')} boş sahalar`,
      );
      await expect(page.title()).resolves.toMatch(
        new RegExp(`^${weekday(date)} ${saat.replace('-', '–')} boş sahalar`),
      );
      await expect(page.locator('meta[name=robots]').getAttribute('content')).resolves.toBe('noindex, nofollow');
      // The long pitch is listed with its free starts, and nothing scrolls sideways.
      await page.locator(`[data-free-pitch="${LONG.slug}"]`).waitFor();
      expect(await overflow(page)).toBeLessThanOrEqual(0);

      const start = page.locator('[data-free-pitch="nilufer-arena-hali-saha"] [data-free-start]').first();
      const label = (await start.textContent())!;
      expect(label).toMatch(theme === 'light' ? /^2[12]:00–2[23]:00/ : /^21:00–22:00/);
      await start.click();

      // The pitch page, the form open for that very slot; the address no longer holds the choice.
      await page.waitForURL((u) => u.pathname === '/saha/nilufer-arena-hali-saha');
      await page.getByRole('heading', { name: 'Bilgiler' }).waitFor();
      await page.waitForFunction(() => location.hash === '');
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      const number = await bookOnForm(page);
      const tracked = (await (await page.request.get(`/api/bookings/track/${number}`)).json()) as {
        data: { date: string; startTime: string };
      };
      expect(tracked.data.date).toBe(date);
      expect(tracked.data.startTime).toBe(label.slice(0, 5));
      await context.close();
    });
  }

  it('the results are rendered on the server, are never cached, and a start taken meanwhile is said so', async () => {
    const date = istanbulDate(5);
    const res = await fetch(`${origin()}/bos-saat?gun=${date}&saat=20:00`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/no-store/);
    const html = await res.text();
    const link = /href="(\/saha\/nilufer-arena-hali-saha#gun=[^"]+)"[^>]*data-free-start="([^"]+)"/.exec(html);
    expect(link, 'a free start of Nilüfer Arena, as a link, in the HTML itself').not.toBeNull();
    const href = link![1].replace(/&amp;/g, '&');
    const slotId = link![2];
    expect(href).toBe(`/saha/nilufer-arena-hali-saha#gun=${date}&slot=${slotId}`);

    // Someone else books it first.
    const pitch = (await (await fetch(`${origin()}/api/facilities/nilufer-arena-hali-saha`)).json()) as {
      data: { documentId: string };
    };
    const taken = await fetch(`${origin()}/api/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: origin() },
      body: JSON.stringify({
        facility: pitch.data.documentId,
        bookingSlot: slotId,
        customerName: 'Başka Oyuncu',
        customerPhone: freshPhone(),
      }),
    });
    expect(taken.status).toBe(201);

    // A bad search is refused in Turkish on the page itself.
    const bad = await fetch(`${origin()}/bos-saat?gun=${date}&saat=20:00-20:00`);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('Saat aralığının başı ile sonu aynı olamaz');

    const { page, context } = await newPage(browser, { width: 360, theme: 'dark' });
    await page.goto(href);
    await page.getByText(msg.slotTaken).first().waitFor();
    // The calendar stays, on that day, with the slot shown as taken.
    await page.locator(`[data-slot="${slotId}"][data-state=pending]`).waitFor();
    expect(await page.getByRole('heading', { name: 'Bilgiler' }).count()).toBe(0);
    await context.close();
  });
});
