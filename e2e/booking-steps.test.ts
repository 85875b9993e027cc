// The booking flow keeps what the player did, in real Chromium at 360 px in both themes: the phone's Back and Forward
// move between the calendar and the form with the slot and the typed text kept; a slot taken through the API from
// another browser while the form is open is told on the form at once; the first bookable hour is in view at 360×740
// without scrolling; the desktop week folds the days already over into one narrow column.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { continueToForm, launch, newPage, origin } from './support/browser';
import { istanbulDate } from './support/panel';

const SLUG = 'nilufer-arena-hali-saha';

let browser: Browser;
let close: () => Promise<void>;
beforeAll(async () => ({ browser, close } = await launch()));
afterAll(async () => close());

const freshPhone = () => `0533${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
/** A day of its own for each test, so they never meet another test's bookings. */
const used = new Set<number>();
function freshOffset(): number {
  for (;;) {
    const n = 3 + Math.floor(Math.random() * 20);
    if (!used.has(n)) {
      used.add(n);
      return n;
    }
  }
}

async function phone(theme: 'light' | 'dark', height = 740) {
  const opened = await newPage(browser, { theme, width: 360 });
  await opened.page.setViewportSize({ width: 360, height });
  return opened;
}

/** Daily view, then 'Sonraki gün' until the day `offset` ahead is on screen with its slots loaded. */
async function showDay(page: Page, offset: number): Promise<string> {
  const date = istanbulDate(offset);
  await page.locator('label', { has: page.getByRole('radio', { name: 'Günlük' }) }).click();
  for (let i = 0; i < offset; i++) await page.getByRole('button', { name: 'Sonraki gün' }).click();
  await page.locator(`[data-day="${date}"] [data-state]`).first().waitFor();
  return date;
}

/** The calendar live and its first answer drawn (the photo grid below hydrates only when scrolled to). */
async function ready(page: Page) {
  await page.locator('[data-live=open]').waitFor();
  await page.locator('[data-state] >> visible=true').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('[data-booking-step] [aria-busy=true]'));
}

const nameField = (page: Page) => page.getByRole('textbox', { name: /^Ad Soyad/ });
const notesField = (page: Page) => page.getByRole('textbox', { name: /^Notlar/ });

describe.each(['light', 'dark'] as const)('the booking flow keeps what the player did (%s, 360 px)', (theme) => {
  it('Back on the form returns to the calendar with the slot chosen; Forward returns to the form with the typed text', async () => {
    const { page, context } = await phone(theme);
    await page.goto(`/saha/${SLUG}`);
    await ready(page);
    const date = await showDay(page, freshOffset());
    const slot = page.locator(`[data-day="${date}"] [data-state=available]`).first();
    const id = (await slot.getAttribute('data-slot'))!;
    await slot.click();
    await continueToForm(page);
    await nameField(page).fill('Deniz Kaya');
    await page.getByRole('textbox', { name: /^Telefon/ }).pressSequentially('05321234567');
    await notesField(page).fill('10 kişiyiz, yelek istiyoruz');

    await page.goBack();
    await page.getByRole('heading', { name: 'Saat Seçimi' }).waitFor();
    expect(page.url()).toMatch(new RegExp(`/saha/${SLUG}$`));
    await expect(page.locator(`[data-slot="${id}"]`).getAttribute('data-state')).resolves.toBe('selected');

    await page.goForward();
    await page.getByRole('heading', { name: 'Bilgiler' }).waitFor();
    await expect(nameField(page).inputValue()).resolves.toBe('Deniz Kaya');
    await expect(page.getByRole('textbox', { name: /^Telefon/ }).inputValue()).resolves.toBe('0532 123 45 67');
    await expect(notesField(page).inputValue()).resolves.toBe('10 kişiyiz, yelek istiyoruz');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await context.close();
  });

  it('a slot taken through the API from another browser while the form is open is told on the form at once', async () => {
    const { page, context } = await phone(theme);
    await page.goto(`/saha/${SLUG}`);
    await ready(page);
    const date = await showDay(page, freshOffset());
    const slot = page.locator(`[data-day="${date}"] [data-state=available]`).first();
    const id = (await slot.getAttribute('data-slot'))!;
    await slot.click();
    await continueToForm(page);
    await nameField(page).fill('Deniz Kaya');
    await notesField(page).fill('Yazdıklarım kalsın');

    const other = await newPage(browser);
    const facilities = (
      (await (await other.page.request.get('/api/facilities')).json()) as {
        data: Array<{ slug: string; documentId: string }>;
      }
    ).data;
    const facility = facilities.find((f) => f.slug === SLUG)!;
    const taken = await other.page.request.post('/api/bookings', {
      headers: { origin: origin() },
      data: {
        facility: facility.documentId,
        bookingSlot: id,
        customerName: 'Başka Oyuncu',
        customerPhone: freshPhone(),
      },
    });
    expect(taken.status()).toBe(201);
    const at = Date.now();

    const notice = page.getByRole('alert').filter({ hasText: 'az önce başka biri tarafından alındı' });
    await notice.waitFor({ timeout: 5000 });
    // Pushed by the live channel, not found on submit nor by the 15 s poll.
    expect(Date.now() - at).toBeLessThan(3000);
    await expect(notice.getAttribute('data-slot-gone')).resolves.toBe('taken');
    const box = (await notice.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(740);
    await expect(nameField(page).inputValue()).resolves.toBe('Deniz Kaya');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await notice.getByRole('button', { name: 'Başka Saat Seç' }).click();
    await page.getByRole('heading', { name: 'Saat Seçimi' }).waitFor();
    await expect(page.locator(`[data-slot="${id}"]`).getAttribute('data-state')).resolves.toBe('pending');
    await page.locator(`[data-day="${date}"] [data-state=available]`).first().click();
    await continueToForm(page);
    await expect(notesField(page).inputValue()).resolves.toBe('Yazdıklarım kalsın');
    await other.context.close();
    await context.close();
  });

  it('at 360×740 the first bookable hour is in view without scrolling', async () => {
    const { page, context } = await phone(theme);
    await page.goto(`/saha/${SLUG}`);
    await ready(page);
    const first = page.locator('[data-state=available]').first();
    await first.waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const box = (await first.boundingBox())!;
    console.info(`first bookable hour at 360×740 (${theme}): top ${box.y}px, bottom ${box.y + box.height}px`);
    expect(box.y).toBeGreaterThan(0);
    expect(box.y + box.height, `the first bookable hour ends ${box.y + box.height}px down`).toBeLessThanOrEqual(740);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await context.close();
  });
});

describe('the desktop week', () => {
  it("a week that began in the past leads with one narrow line for the days over, not 'Geçmiş gün' columns", async () => {
    const { page, context } = await newPage(browser, { width: 1280 });
    await page.goto(`/saha/${SLUG}`);
    await ready(page);
    await page.locator('[data-state] >> visible=true').first().waitFor();
    const today = istanbulDate(0);
    const weekday = new Date(`${today}T12:00:00Z`).getUTCDay();
    await expect(page.getByText('Geçmiş gün', { exact: true }).count()).resolves.toBe(0);
    const days = await page.locator('[data-day]').count();
    const past = page.locator('[data-past-days]');
    if (weekday === 0) {
      await expect(past.count()).resolves.toBe(0);
      expect(days).toBe(7);
    } else {
      // Today's own day stays a column while it still holds a later start; the days before it fold.
      const folded = Number(await past.getAttribute('data-past-days'));
      expect(folded).toBeGreaterThanOrEqual(weekday);
      expect(days).toBe(7 - folded);
      const line = (await past.boundingBox())!;
      const firstDay = (await page.locator('[data-day]').first().boundingBox())!;
      expect(line.width).toBeLessThanOrEqual(7 * 16 + 1);
      // The first open day sits right after the line, on the same row.
      expect(firstDay.x).toBeLessThan(line.x + line.width + 40);
      expect(Math.abs(firstDay.y - line.y)).toBeLessThan(40);
    }
    await context.close();
  });
});
