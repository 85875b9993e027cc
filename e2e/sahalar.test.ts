// The pitch list (/sahalar) in Chromium against the seeded demo: 5 active pitches in Bursa at 750, 1500, 1800 and 2400 TL
// an hour, and one of 30-minute slots at 900 TL (1800 TL an hour): the list compares an hour's play.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, origin } from './support/browser';

let browser: Browser;
let close: () => Promise<void>;
beforeAll(async () => ({ browser, close } = await launch()));
afterAll(async () => close());

async function open(path = '/sahalar') {
  const { page, context } = await newPage(browser);
  await page.goto(path);
  return { page, context };
}

/** What the visitor sees, top to bottom. */
const visible = (page: Page, key: 'name' | 'price') =>
  page.locator('[data-item]:visible').evaluateAll((els, k) => els.map((e) => (e as HTMLElement).dataset[k]!), key);
const prices = async (page: Page) => (await visible(page, 'price')).map(Number);
const status = (page: Page) => page.getByRole('status').textContent();
/** A weekday's row of the hours table; today's row carries a 'Bugün' tag. */
const hours = (day: string, value: string) => new RegExp(`${day}\\s+(Bugün\\s+)?${value}`);

describe('pitch list', () => {
  it('server-renders every active pitch with the totals and a link to each pitch page', async () => {
    const { page, context } = await open();
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Sahalarımız');
    expect(await visible(page, 'name')).toHaveLength(5);
    await expect(page.locator('[data-stat=total]').textContent()).resolves.toBe('5');
    await expect(page.locator('[data-stat=active]').textContent()).resolves.toBe('5');
    // (750 + 1800 + 1500 + 1800 + 2400) / 5 = 1650 an hour (the 30-minute pitch's 900 counts twice), whole TL in tr-TR.
    await expect(page.locator('[data-stat=average]').textContent()).resolves.toBe('₺1.650 saatlik'); // 'saatlik' for screen readers
    await expect(status(page)).resolves.toBe('5 saha listeleniyor');
    await expect(
      page.getByRole('link', { name: 'Nilüfer Arena Halı Saha', exact: true }).getAttribute('href'),
    ).resolves.toBe('/saha/nilufer-arena-hali-saha');
    await context.close();
  });

  it('search narrows the list by name or address, case-insensitively in Turkish', async () => {
    const { page, context } = await open();
    const search = page.getByLabel('Saha ara');
    await search.fill('NİLÜFER ARENA');
    expect(await visible(page, 'name')).toEqual(['Nilüfer Arena Halı Saha']);
    await expect.poll(() => status(page)).toBe('1 saha listeleniyor');
    expect(new URL(page.url()).searchParams.get('q')).toBe('NİLÜFER ARENA');
    // Dotless ı typed as i, and a match on the address only.
    await search.fill('yildirim');
    expect(await visible(page, 'name')).toEqual(['Yıldırım Gençlik Halı Saha']);
    await search.fill('güzelyalı');
    expect(await visible(page, 'name')).toEqual(['Mudanya Sahil Halı Saha']);
    await context.close();
  });

  it('a search with no match shows "Saha bulunamadı" and clearing the filters brings every pitch back', async () => {
    const { page, context } = await open();
    await page.getByLabel('Fiyat').selectOption('2000-ustu');
    await page.getByLabel('Saha ara').fill('kadıköy');
    await expect(page.getByRole('heading', { name: 'Saha bulunamadı' }).isVisible()).resolves.toBe(true);
    expect(await visible(page, 'name')).toEqual([]);
    await expect.poll(() => status(page)).toBe('Saha bulunamadı');
    await page.getByRole('button', { name: 'Filtreleri temizle' }).click();
    expect(await visible(page, 'name')).toHaveLength(5);
    await expect(page.getByRole('heading', { name: 'Saha bulunamadı' }).isVisible()).resolves.toBe(false);
    await expect(page.getByLabel('Saha ara').inputValue()).resolves.toBe('');
    await expect(page.getByLabel('Fiyat').inputValue()).resolves.toBe('');
    // The button that was clicked is gone; focus lands on the search box, not on the page body.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('saha-ara');
    await expect(status(page)).resolves.toBe('5 saha listeleniyor');
    await context.close();
  });

  it('the price filter keeps the pitches in the chosen band', async () => {
    const { page, context } = await open();
    const band = page.getByLabel('Fiyat');
    await band.selectOption('1000-alti');
    expect((await prices(page)).sort((a, b) => a - b)).toEqual([750]);
    await band.selectOption('1000-2000');
    expect((await prices(page)).sort((a, b) => a - b)).toEqual([1500, 1800, 1800]);
    await band.selectOption('2000-ustu');
    expect(await prices(page)).toEqual([2400]);
    await expect(status(page)).resolves.toBe('1 saha listeleniyor');
    await band.selectOption('');
    expect(await prices(page)).toHaveLength(5);
    await context.close();
  });

  it('sorts by price both ways and by name in Turkish order (the sort by rating: e2e/ratings.test.ts)', async () => {
    const { page, context } = await open();
    const sort = page.getByLabel('Sırala');
    await sort.selectOption('fiyat-artan');
    expect(await prices(page)).toEqual([750, 1500, 1800, 1800, 2400]);
    await sort.selectOption('fiyat-azalan');
    expect(await prices(page)).toEqual([2400, 1800, 1800, 1500, 750]);
    await sort.selectOption('ad');
    expect(await visible(page, 'name')).toEqual([
      'Gürsu Doğa Park Çim Saha',
      'Mudanya Sahil Halı Saha',
      'Nilüfer Arena Halı Saha',
      'Osmangazi Yıldız Spor Tesisleri',
      'Yıldırım Gençlik Halı Saha',
    ]);
    // Sorting and filtering combine.
    await sort.selectOption('fiyat-artan');
    await page.getByLabel('Fiyat').selectOption('1000-alti');
    expect(await prices(page)).toEqual([750]);
    await context.close();
  });

  it('list view shows five amenities per card where the grid shows four, and is remembered in the address', async () => {
    const { page, context } = await open();
    // Nilüfer Arena has 9 available amenities: grid 4 + '+5 daha', list 5 + '+4 daha'.
    const chips = () =>
      page
        .locator('[data-item][data-name="Nilüfer Arena Halı Saha"]')
        .getByRole('list', { name: 'İmkanlar' })
        .locator('li:visible')
        .allInnerTexts();
    const grid = page.getByRole('button', { name: 'Izgara' });
    const list = page.getByRole('button', { name: 'Liste' });
    await expect(grid.getAttribute('aria-pressed')).resolves.toBe('true');
    expect(await chips()).toEqual(['Otopark', 'Duş', 'Soyunma Odası', 'Kantin', '+5 daha']);
    await list.click();
    await expect(list.getAttribute('aria-pressed')).resolves.toBe('true');
    await expect(grid.getAttribute('aria-pressed')).resolves.toBe('false');
    expect(await chips()).toEqual(['Otopark', 'Duş', 'Soyunma Odası', 'Kantin', 'WiFi', '+4 daha']);
    expect(new URL(page.url()).searchParams.get('gorunum')).toBe('liste');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Liste' }).getAttribute('aria-pressed')).resolves.toBe('true');
    expect(await chips()).toHaveLength(6);
    await page.getByRole('button', { name: 'Izgara' }).click();
    expect(await chips()).toHaveLength(5);
    await context.close();
  });

  it('the detail dialog opens from the keyboard, shows the pitch in full and closes with Escape, returning focus', async () => {
    const { page, context } = await open();
    const opener = page.getByRole('button', { name: 'Detaylar: Nilüfer Arena Halı Saha' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Nilüfer Arena Halı Saha' });
    await dialog.waitFor();
    expect(await page.evaluate(() => document.querySelector('dialog[open]')?.matches(':modal'))).toBe(true);
    const text = await dialog.innerText();
    expect(text).toContain('FIFA onaylı');
    expect(text).toContain('Sentetik Çim');
    expect(text).not.toContain('Tribün'); // unavailable amenities stay out
    const days = await dialog.getByRole('rowheader').allInnerTexts();
    expect(days.map((d) => d.replace('Bugün', '').trim())).toEqual([
      'Pazartesi',
      'Salı',
      'Çarşamba',
      'Perşembe',
      'Cuma',
      'Cumartesi',
      'Pazar',
    ]);
    expect(text).toMatch(hours('Pazartesi', '10:00 – 23:00'));
    expect(text).toMatch(hours('Pazar', '09:00 – 23:00'));
    expect(text).toContain('Görükle Kampüs Kapısı');
    await expect(dialog.getByRole('link', { name: '0224 443 12 12' }).getAttribute('href')).resolves.toBe(
      'tel:02244431212',
    );
    await expect(dialog.getByRole('link', { name: 'Saha sayfasına git' }).getAttribute('href')).resolves.toBe(
      '/saha/nilufer-arena-hali-saha',
    );

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Detaylar: Nilüfer Arena Halı Saha',
    );

    // The closed-hours and overnight cases, closed with the footer button.
    await page.getByRole('button', { name: 'Detaylar: Mudanya Sahil Halı Saha' }).click();
    const mudanya = page.getByRole('dialog', { name: 'Mudanya Sahil Halı Saha' });
    expect(await mudanya.innerText()).toMatch(hours('Pazartesi', 'Kapalı'));
    await mudanya.getByRole('button', { name: 'Kapat', exact: true }).click();
    await mudanya.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Detaylar: Osmangazi Yıldız Spor Tesisleri' }).click();
    expect(await page.getByRole('dialog', { name: 'Osmangazi Yıldız Spor Tesisleri' }).innerText()).toMatch(
      hours('Cuma', '18:00 – 02:00'),
    );
    await context.close();
  });

  it('without JavaScript the full list is visible and the filter form works through the address', async () => {
    const context = await browser.newContext({ baseURL: origin(), javaScriptEnabled: false, locale: 'tr-TR' });
    const page = await context.newPage();
    await page.goto('/sahalar');
    expect(await page.locator('[data-item]:visible').count()).toBe(5);
    await page.getByLabel('Saha ara').fill('osmangazi');
    await page.getByRole('button', { name: 'Uygula' }).click();
    await page.waitForURL(/q=osmangazi/);
    expect(await page.locator('[data-item]:visible').count()).toBe(1);
    await page.goto('/sahalar?fiyat=1000-2000&siralama=fiyat-azalan&gorunum=liste');
    expect(
      await page
        .locator('[data-item]:visible')
        .evaluateAll((els) => els.map((e) => Number((e as HTMLElement).dataset.price))),
    ).toEqual([1800, 1800, 1500]);
    await expect(page.locator('[data-list]').getAttribute('data-view')).resolves.toBe('list');
    await expect(page.getByRole('status').textContent()).resolves.toBe('3 saha listeleniyor');
    await context.close();
  });

  it('serves every path under /sahalar with the list and one canonical address', async () => {
    const { page, context } = await open('/sahalar/nilufer/eski-baglanti');
    expect(await page.locator('[data-item]:visible').count()).toBe(5);
    await expect(page.locator('link[rel=canonical]').getAttribute('href')).resolves.toBe(`${origin()}/sahalar`);
    await context.close();
  });
});
