// No public page scrolls sideways on a 360 px phone, in either theme, with long unbroken data on screen:
// a pitch whose name, description, address, amenities and pickup points are single long words, a booking whose name is
// 100 unbroken characters with 240 characters of notes, and a subscriber the same. Every page opened here is also
// watched for console errors (e2e/support/browser.ts).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { continueToForm, launch, newPage, origin, takeConsoleProblems } from './support/browser';
import { createLongFacility, createLongSubscriber, LONG, removeLongData } from './support/long-data';

let browser: Browser;
let close: () => Promise<void>;
let bookingNumber = '';

const istanbulDate = (days: number) =>
  new Date(Date.now() + 3 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
const freshPhone = () => `0533${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
const api = async <T>(path: string, init?: RequestInit) =>
  (await (await fetch(`${origin()}${path}`, init)).json()) as T;

async function book(documentId: string, day: number): Promise<string> {
  const slots = await api<{ data: { slots: Array<{ documentId: string; isAvailable: boolean }> } }>(
    `/api/facilities/${LONG.slug}/slots?date=${istanbulDate(day)}`,
  );
  const slot = slots.data.slots.find((s) => s.isAvailable);
  if (!slot) throw new Error(`no free slot on the long pitch ${day} days ahead`);
  const created = await api<{ data: { bookingNumber: string } | null; error?: { message: string } }>('/api/bookings', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: origin() },
    body: JSON.stringify({
      facility: documentId,
      bookingSlot: slot.documentId,
      customerName: LONG.customerName,
      customerPhone: freshPhone(),
      notes: LONG.notes,
    }),
  });
  if (!created.data) throw new Error(`booking failed: ${created.error?.message}`);
  return created.data.bookingNumber;
}

beforeAll(async () => {
  ({ browser, close } = await launch());
  const facility = createLongFacility();
  createLongSubscriber(facility.id, istanbulDate(9));
  bookingNumber = await book(facility.documentId, 5);
});
afterAll(async () => {
  await close();
  removeLongData();
});

/** The page is no wider than the window; on failure, names the elements that stick out. */
async function noSidewaysScroll(page: Page, what: string) {
  const r = await page.evaluate(() => {
    const width = window.innerWidth;
    const out: string[] = [];
    for (const el of document.body.querySelectorAll('*')) {
      const box = el.getBoundingClientRect();
      if (box.width > 0 && box.right > width + 1 && out.length < 8) {
        out.push(
          `<${el.tagName.toLowerCase()} class="${String(el.getAttribute('class') ?? '').slice(0, 80)}"> right=${Math.round(box.right)} "${(el.textContent ?? '').trim().slice(0, 24)}"`,
        );
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, width, out };
  });
  expect(
    r.scrollWidth,
    `${what} scrolls sideways (${r.scrollWidth} > ${r.width}):\n${r.out.join('\n')}`,
  ).toBeLessThanOrEqual(r.width);
}

const hydrated = (page: Page) => page.waitForSelector('astro-island:not([ssr])', { state: 'attached' });

const THEMES = ['light', 'dark'] as const;

describe.each(THEMES)('360 px, %s theme', (theme) => {
  const open = async (path: string) => {
    const { page, context } = await newPage(browser, { theme, width: 360 });
    const res = await page.goto(path);
    return { page, context, status: res?.status() ?? 0 };
  };

  it.each([
    ['/', 200],
    ['/sahalar', 200],
    ['/sahalar?gorunum=liste', 200],
    ['/saha/nilufer-arena-hali-saha', 200],
    ['/rezervasyon-takip', 200],
    ['/rezervasyonlarim', 200],
    ['/iletisim', 200],
    ['/giris', 200],
    ['/aydinlatma-metni', 200],
    ['/bu-sayfa-yok', 404],
  ])('%s has no sideways scroll', async (path, status) => {
    const { page, context, status: got } = await open(path);
    expect(got).toBe(status);
    if (path.startsWith('/saha/') || path === '/rezervasyon-takip') await hydrated(page);
    await page.waitForLoadState('networkidle');
    await noSidewaysScroll(page, path);
    if (path === '/' || path.startsWith('/sahalar')) {
      // The long pitch is listed, in full.
      expect(await page.getByText(LONG.facilityName).count()).toBeGreaterThan(0);
    }
    await context.close();
  });

  it('the header keeps one line from a tablet to a desktop: the menu button until the links fit', async () => {
    for (const width of [768, 1024, 1280]) {
      const { page, context } = await newPage(browser, { theme, width });
      await page.goto('/');
      const header = page.locator('[data-site-header]');
      // h-16: one row; a wrapped link would make the header taller.
      expect(await header.evaluate((h) => h.getBoundingClientRect().height), `${width} px`).toBeLessThanOrEqual(65);
      const links = page.getByRole('navigation', { name: 'Ana menü' });
      expect(await links.isVisible(), `${width} px`).toBe(width >= 1024);
      expect(await page.getByRole('button', { name: 'Menüyü aç' }).isVisible(), `${width} px`).toBe(width < 1024);
      if (width >= 1024)
        for (const height of await links
          .getByRole('link')
          .evaluateAll((as) => as.map((a) => a.getBoundingClientRect().height)))
          expect(height, `${width} px link`).toBeLessThan(40);
      await noSidewaysScroll(page, `/ at ${width} px`);
      await context.close();
    }
  });

  it('the pitch list detail dialog of the long pitch', async () => {
    const { page, context } = await open('/sahalar');
    await page.locator(`[data-item][data-name="${LONG.facilityName}"]`).getByRole('button', { name: /Detay/ }).click();
    await page.getByRole('dialog').waitFor();
    await noSidewaysScroll(page, '/sahalar detail dialog');
    await context.close();
  });

  it('the long pitch page: calendar, form, confirmation and the same-day dialog', async () => {
    const { page, context } = await open(`/saha/${LONG.slug}`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(LONG.facilityName);
    await hydrated(page);
    await page.locator('[data-state=available]').first().waitFor();
    await noSidewaysScroll(page, 'pitch page, calendar step');

    const slot = page.locator('[data-state=available]').first();
    const day = await slot.evaluate((el) => el.closest('[data-day]')?.getAttribute('data-day') ?? '');
    await slot.click();
    await continueToForm(page);
    const phone = freshPhone();
    await page.getByRole('textbox', { name: /^Ad Soyad/ }).fill(LONG.customerName);
    await page.getByRole('textbox', { name: /^Telefon/ }).pressSequentially(phone);
    await page.getByRole('textbox', { name: /^Notlar/ }).fill(LONG.notes);
    await noSidewaysScroll(page, 'pitch page, form step');

    await page.getByRole('button', { name: 'Rezervasyonu Tamamla' }).click();
    await page.getByRole('heading', { name: 'Rezervasyonunuz alındı' }).waitFor();
    await noSidewaysScroll(page, 'pitch page, confirmation');

    // Same phone, same day: the same-day warning.
    await page.getByRole('button', { name: 'Yeni Rezervasyon' }).click();
    const again = page.locator(`[data-day="${day}"] [data-state=available]`).first();
    if (await again.count()) {
      await again.click();
      await continueToForm(page);
      await page.getByRole('textbox', { name: /^Ad Soyad/ }).fill(LONG.customerName);
      // The form keeps the last booking's phone: cleared first, as a digit too many is refused, never cut.
      await page.getByRole('textbox', { name: /^Telefon/ }).fill('');
      await page.getByRole('textbox', { name: /^Telefon/ }).pressSequentially(phone);
      await page.getByRole('button', { name: 'Rezervasyonu Tamamla' }).click();
      await page.getByRole('alertdialog').waitFor();
      await noSidewaysScroll(page, 'pitch page, same-day dialog');
    }
    await context.close();
  });

  it('the tracking page with the long booking shown, and its cancel dialog', async () => {
    const { page, context } = await open(`/rezervasyon-takip?q=${bookingNumber}`);
    await page.getByRole('article').waitFor();
    expect(await page.getByRole('article').textContent()).toContain(LONG.customerName);
    await noSidewaysScroll(page, 'tracking, booking');
    await page.getByRole('button', { name: 'Rezervasyonu İptal Et' }).click();
    await page.getByRole('alertdialog').waitFor();
    await noSidewaysScroll(page, 'tracking, cancel dialog');
    await context.close();
  });

  it('the tracking page subscriber view, grid and list', async () => {
    const { page, context } = await open('/rezervasyon-takip');
    await hydrated(page);
    await page.getByRole('tab', { name: 'Abone Takibi' }).click();
    await page.getByRole('textbox', { name: 'Telefon numarası' }).pressSequentially(LONG.subscriberPhone);
    await page.getByRole('button', { name: 'Sorgula' }).click();
    await page.getByText('Sadece abone rezervasyonlarınız görüntülenir').waitFor();
    await noSidewaysScroll(page, 'tracking, subscriber grid');
    await page.getByRole('button', { name: /Liste/ }).click();
    await noSidewaysScroll(page, 'tracking, subscriber list');
    // A phone alone never opens a booking: 'Ayrıntılar' asks for the full number, which the owner has.
    await page
      .getByRole('button', { name: /^Ayrıntılar/ })
      .first()
      .click();
    await page.locator('[data-number-asked]').waitFor();
    await noSidewaysScroll(page, 'tracking, full number asked');
    await page.getByRole('textbox', { name: 'Rezervasyon numarası' }).fill('HSRUZUNABNE2');
    await page.getByRole('button', { name: 'Sorgula' }).click();
    await page.getByRole('article').waitFor();
    await noSidewaysScroll(page, 'tracking, subscriber booking');
    await context.close();
  });
});

describe('the console watch itself', () => {
  it('catches a console error and an uncaught exception on a page', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/iletisim');
    await page.evaluate(() => {
      console.error('deliberate error');
      setTimeout(() => {
        throw new Error('deliberate throw');
      });
    });
    // An API's 4xx answer is its way of saying no and is not counted; a missing asset is.
    await page.evaluate(async () => {
      await fetch('/api/bookings/track/HSRZZZZZZZZ2');
      await fetch('/_astro/yok-boyle-bir-dosya.js');
    });
    await page.waitForTimeout(300);
    const problems = takeConsoleProblems(context);
    expect(problems.some((p) => p.includes('deliberate error'))).toBe(true);
    expect(problems.some((p) => p.includes('deliberate throw'))).toBe(true);
    expect(problems.some((p) => p.includes('yok-boyle-bir-dosya.js'))).toBe(true);
    expect(problems.some((p) => p.includes('/api/bookings/track/'))).toBe(false);
    await context.close();
  });
});
