// A visitor tracks a fresh booking by its number and cancels it, in a real browser against the built Worker.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, origin } from './support/browser';

let browser: Browser;
let close: () => Promise<void>;
let bookingNumber = '';

const api = async <T>(path: string, init?: RequestInit) =>
  (await (await fetch(`${origin()}${path}`, init)).json()) as T;
/** Istanbul's business date `days` from now (UTC+3 all year). */
const istanbulDate = (days: number) =>
  new Date(Date.now() + 3 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

/** A booking on the first free slot at least 3 days ahead, by a phone no other test uses. */
async function createBooking(): Promise<string> {
  const facilities = await api<{ data: Array<{ slug: string; documentId: string }> }>('/api/facilities');
  for (let day = 3; day < 20; day++) {
    for (const f of facilities.data) {
      const slots = await api<{ data: { slots: Array<{ documentId: string; isAvailable: boolean }> } }>(
        `/api/facilities/${f.slug}/slots?date=${istanbulDate(day)}`,
      );
      const slot = slots.data?.slots.find((s) => s.isAvailable);
      if (!slot) continue;
      const created = await api<{ data: { bookingNumber: string } | null; error?: { message: string } }>(
        '/api/bookings',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            facility: f.documentId,
            bookingSlot: slot.documentId,
            customerName: 'Takip Testi',
            customerPhone: `0532${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
          }),
        },
      );
      if (created.data) return created.data.bookingNumber;
    }
  }
  throw new Error('no free slot found for the tracking test');
}

/** The status badge: its state and its Turkish word (shown, not only coloured). */
async function statusShows(view: Locator, status: string, label: string) {
  const badge = view.locator(`[data-status=${status}]`);
  await badge.waitFor();
  expect(await badge.innerText()).toContain(label);
}

/** The island is interactive once Astro has hydrated it (the ssr attribute goes). */
const hydrated = (page: Page) => page.waitForSelector('astro-island:not([ssr])', { state: 'attached' });

beforeAll(async () => {
  ({ browser, close } = await launch());
  bookingNumber = await createBooking();
});
afterAll(async () => close());

describe('booking tracking', () => {
  it('a visitor finds the booking by its number and cancels it', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/rezervasyon-takip');
    await expect(page.title()).resolves.toMatch(/^Rezervasyon Takip \| /);
    await hydrated(page);
    const search = page.getByRole('button', { name: 'Sorgula' });
    expect(await search.isDisabled()).toBe(true);
    await page.getByLabel('Rezervasyon numarası', { exact: true }).fill(bookingNumber.toLowerCase());
    await search.click();

    const view = page.getByRole('article');
    await view.getByRole('heading', { name: bookingNumber }).waitFor();
    await statusShows(view, 'pending', 'Beklemede');
    await view.getByText('Takip Testi').waitFor();
    // The number stays out of the address; the tab keeps it, so a reload shows the booking again.
    expect(new URL(page.url()).search).toBe('');
    await page.reload();
    await view.getByRole('heading', { name: bookingNumber }).waitFor();

    await view.getByRole('button', { name: 'Rezervasyonu İptal Et' }).click();
    const dialog = page.getByRole('alertdialog');
    expect(await dialog.getByRole('button', { name: 'Vazgeç' }).count()).toBe(1);
    await dialog.getByRole('button', { name: 'Evet, iptal et' }).click();
    await page.getByText('Rezervasyon başarıyla iptal edildi.').waitFor();
    await statusShows(view, 'cancelled', 'İptal Edildi');
    expect(await view.getByRole('button', { name: 'Rezervasyonu İptal Et' }).count()).toBe(0);

    const tracked = await api<{ data: { status: string } }>(`/api/bookings/track/${bookingNumber}`);
    expect(tracked.data.status).toBe('cancelled');
    await context.close();
  });

  it('a link with ?q= opens the booking at once, in the dark theme on a phone', async () => {
    const { page, context } = await newPage(browser, { theme: 'dark', width: 390 });
    await page.goto(`/rezervasyon-takip?q=${bookingNumber}`);
    const view = page.getByRole('article');
    await view.getByRole('heading', { name: bookingNumber }).waitFor();
    await statusShows(view, 'cancelled', 'İptal Edildi');
    expect(await view.getByRole('button', { name: 'Rezervasyonu İptal Et' }).count()).toBe(0);
    await context.close();
  });

  it('inside 24 hours the cancel button is shown disabled with the reason, and no dialog opens', async () => {
    const facilities = await api<{ data: Array<{ slug: string; documentId: string }> }>('/api/facilities');
    let soon = '';
    search: for (const day of [0, 1]) {
      for (const f of facilities.data) {
        const slots = await api<{
          data: { slots: Array<{ documentId: string; isAvailable: boolean; startTime: string }> };
        }>(`/api/facilities/${f.slug}/slots?date=${istanbulDate(day)}`);
        const slot = slots.data?.slots.find((s) => {
          const start = Date.parse(`${istanbulDate(day)}T${s.startTime.slice(0, 5)}:00+03:00`);
          return s.isAvailable && start - Date.now() > 3_600_000 && start - Date.now() < 22 * 3_600_000;
        });
        if (!slot) continue;
        const created = await api<{ data: { bookingNumber: string } | null }>('/api/bookings', {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: origin() },
          body: JSON.stringify({
            facility: f.documentId,
            bookingSlot: slot.documentId,
            customerName: 'Yakın Maç',
            customerPhone: `0534${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
          }),
        });
        if (created.data) {
          soon = created.data.bookingNumber;
          break search;
        }
      }
    }
    expect(soon, 'a free slot within the next 22 hours').not.toBe('');
    const { page, context } = await newPage(browser, { width: 390 });
    await page.goto(`/rezervasyon-takip?q=${soon}`);
    await hydrated(page);
    const button = page.getByRole('article').getByRole('button', { name: 'Rezervasyonu İptal Et' });
    await button.waitFor();
    expect(await button.isDisabled()).toBe(true);
    const hintId = (await button.getAttribute('aria-describedby'))!.split(' ')[0];
    await expect(page.locator(`[id="${hintId}"]`).textContent()).resolves.toBe(
      'Rezervasyon saatine 24 saatten az kaldığı için iptal edilemez. Lütfen saha ile iletişime geçin.',
    );
    await button.click({ force: true });
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    await context.close();
  });

  it('an unknown number says it was not found', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/rezervasyon-takip?q=HSRZZZZZZZZ2');
    await page.getByText('Rezervasyon bulunamadı. Lütfen rezervasyon numaranızı kontrol ediniz.').waitFor();
    await context.close();
  });
});
