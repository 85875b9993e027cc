// What a player pastes into /rezervasyon-takip, in real Chromium at 360 px in both themes: a booking number with
// dashes, spaces and a closing dot finds the booking; a 12-digit phone stays whole and is refused with the phone
// message, and the demo subscriber's number with +90 in front lists that subscriber's bookings. Also what the demo
// shows: paid add-ons on two pitches, and /iletisim's address naming its city once.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '../contracts/texts';
import { launch, newPage, origin, overflow, settle } from './support/browser';
import { unbroken } from './support/long-data';

let browser: Browser;
let close: () => Promise<void>;
let bookingNumber = '';

/** The demo subscriber (scripts/lib/seed-data.ts 'emre'), the number the README names for 'Abone Takibi'. */
const DEMO_SUBSCRIBER = { phone: '05312345678', shown: 'Emre K.' };

const api = async <T>(path: string, init?: RequestInit) =>
  (await (await fetch(`${origin()}${path}`, init)).json()) as T;
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
      const created = await api<{ data: { bookingNumber: string } | null }>('/api/bookings', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: origin() },
        body: JSON.stringify({
          facility: f.documentId,
          bookingSlot: slot.documentId,
          customerName: 'Yapıştıran Oyuncu',
          customerPhone: `0538${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
        }),
      });
      if (created.data) return created.data.bookingNumber;
    }
  }
  throw new Error('no free slot found for the paste test');
}

/** Puts `text` into the focused field at once, as a paste does (one input event with the whole text). */
async function pasteInto(page: Page, label: string, text: string) {
  const field = page.getByLabel(label, { exact: true });
  await field.fill('');
  await field.focus();
  await page.keyboard.insertText(text);
  return field;
}

beforeAll(async () => {
  ({ browser, close } = await launch());
  bookingNumber = await createBooking();
});
afterAll(async () => close());

describe('pasting into tracking', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`a number pasted with dashes finds the booking, ${theme} theme at 360 px`, async () => {
      const { page, context } = await newPage(browser, { theme, width: 360 });
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
      await page.goto('/rezervasyon-takip');
      await settle(page);
      const n = bookingNumber;
      const field = await pasteInto(page, 'Rezervasyon numarası', ` ${n.slice(0, 3)}-${n.slice(3, 7)}-${n.slice(7)}. `);
      await expect(field.inputValue()).resolves.toBe(n);
      await page.getByRole('button', { name: 'Sorgula' }).click();
      await page.getByRole('article').getByRole('heading', { name: n }).waitFor();
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await context.close();
    });

    it(`a 12-digit phone is refused with the phone message, +90 in front is found, ${theme} theme at 360 px`, async () => {
      const { page, context } = await newPage(browser, { theme, width: 360 });
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
      await page.goto('/rezervasyon-takip');
      await settle(page);
      await page.getByRole('tab', { name: 'Abone Takibi' }).click();
      const search = page.getByRole('button', { name: 'Sorgula' });

      const phone = await pasteInto(page, 'Telefon numarası', `${DEMO_SUBSCRIBER.phone}9`);
      await expect(phone.inputValue()).resolves.toBe('0531 234 56 78 9');
      await search.click();
      const alert = page.getByRole('alert').filter({ hasText: msg.phoneInvalid });
      await alert.waitFor();
      // A very long paste stays inside its field.
      await pasteInto(page, 'Telefon numarası', unbroken(120, '0123456789'));
      expect(await overflow(page)).toBeLessThanOrEqual(0);

      const national = DEMO_SUBSCRIBER.phone.slice(1);
      await pasteInto(
        page,
        'Telefon numarası',
        `+90 ${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`,
      );
      await expect(phone.inputValue()).resolves.toBe('0531 234 56 78');
      await search.click();
      await page.getByRole('heading', { name: new RegExp(DEMO_SUBSCRIBER.shown) }).waitFor();
      expect(await page.locator('[data-booking]').count()).toBeGreaterThan(0);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await context.close();
    });
  }
});

describe('the demo data', () => {
  it('offers paid add-ons on at least two pitches, shown on their pages', async () => {
    const facilities = await api<{ data: Array<{ slug: string }> }>('/api/facilities');
    const offering: string[] = [];
    for (const f of facilities.data) {
      const { data } = await api<{ data: { addons: Array<{ name: string; price: number }> } }>(
        `/api/facilities/${f.slug}`,
      );
      if (data.addons.length > 0 && data.addons.every((a) => a.price > 0)) offering.push(f.slug);
    }
    expect(offering).toEqual(expect.arrayContaining(['nilufer-arena-hali-saha', 'gursu-doga-park-cim-saha']));
    const { page, context } = await newPage(browser, { width: 360 });
    await page.goto('/saha/nilufer-arena-hali-saha');
    await page.getByText('Forma kiralama').first().waitFor();
    await context.close();
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`/iletisim names the city once, ${theme} theme at 360 px`, async () => {
      const { page, context } = await newPage(browser, { theme, width: 360 });
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
      await page.goto('/iletisim');
      const address = page.locator('address').filter({ hasText: 'Özlüce' });
      const text = (await address.innerText()).trim();
      expect(text).toBe('Özlüce Mah. Ahmet Taner Kışlalı Cad. No: 24, 16285 Nilüfer/Bursa');
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await context.close();
    });
  }
});
