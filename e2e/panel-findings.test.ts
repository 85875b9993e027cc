// The owner's trial findings in a real browser: a pitch created in the panel is bookable at once; deleting it while
// customers hold bookings lists them (call, WhatsApp, date, hour, deposit) before the forced delete, at 360 px in
// both themes without sideways scroll or console error; a bell notification opens the booking it is about.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, origin, overflow, settle } from './support/browser';
import { istanbulDate, queryDb, signIn } from './support/panel';

let browser: Browser;
let close: () => Promise<void>;
beforeAll(async () => ({ browser, close } = await launch()));
afterAll(async () => close());

const freshPhone = () => `0534${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

/** A pitch made through the panel's API as the signed-in admin: answers it and how many slots it opened. */
async function createPitch(page: Page, name: string) {
  return page.evaluate(async (name) => {
    const hours = { isOpen: true, start: '09:00', end: '23:00' };
    const days = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
    const res = await fetch('/api/facilities', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        data: {
          name,
          hourlyPrice: 200,
          depositAmount: 100,
          workingHours: Object.fromEntries(days.map((d) => [d, hours])),
        },
      }),
    });
    return (await res.json()) as {
      data: { documentId: string; slug: string };
      meta: { slotsCreated: number; horizonDays: number };
    };
  }, name);
}

/** A public booking of the pitch's first free hour `day` days ahead, as a visitor makes it. */
async function book(slug: string, documentId: string, day: number, customerName: string) {
  const slots = (await (await fetch(`${origin()}/api/facilities/${slug}/slots?date=${istanbulDate(day)}`)).json()) as {
    data: { slots: { documentId: string; isAvailable: boolean }[] };
  };
  const slot = slots.data.slots.find((s) => s.isAvailable);
  if (!slot) throw new Error('the new pitch has no free slot: its horizon was not generated');
  const res = await fetch(`${origin()}/api/bookings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: origin() },
    body: JSON.stringify({
      facility: documentId,
      bookingSlot: slot.documentId,
      customerName,
      customerPhone: freshPhone(),
    }),
  });
  const body = (await res.json()) as { data: { bookingNumber: string; documentId: string } | null };
  if (!body.data) throw new Error(`booking failed: ${JSON.stringify(body)}`);
  return body.data;
}

async function openSahalar(context: BrowserContext, page: Page) {
  await signIn(context, 'admin');
  await page.goto('/yonetim/sahalar');
  await settle(page);
  await page.locator('[data-facility]').first().waitFor();
}

describe('forced delete lists the bookings it cancels', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`a new pitch is bookable at once; its forced delete lists its bookings first (360 px, ${theme})`, async () => {
      const { page, context } = await newPage(browser, { theme, width: 360 });
      await openSahalar(context, page);
      const name = `E2E Silinecek ${theme} ${Date.now()}`;
      const created = await createPitch(page, name);
      expect(created.meta.slotsCreated).toBeGreaterThan(0);
      const a = await book(created.data.slug, created.data.documentId, 2, 'Kaporalı Müşteri');
      await book(created.data.slug, created.data.documentId, 3, 'İkinci Müşteri');

      await page.reload();
      await settle(page);
      await page.getByRole('button', { name: `${name} işlemleri`, exact: true }).click();
      await page.getByRole('menuitem', { name: /^Sil$/ }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Sahayı Sil' });
      await dialog.getByRole('button', { name: /^Sil$/ }).click();
      const list = dialog.getByRole('list', { name: 'İptal edilecek rezervasyonlar' });
      await list.waitFor();
      const items = list.getByRole('listitem');
      expect(await items.count()).toBe(2);
      const first = items.first();
      expect(await first.textContent()).toContain('Kaporalı Müşteri');
      expect(await first.textContent()).toContain(a.bookingNumber);
      expect(await first.textContent()).toContain('Kapora ₺100');
      expect(await first.getByRole('link', { name: /^0534/ }).getAttribute('href')).toMatch(/^tel:\+90534\d{7}$/);
      expect(await first.getByRole('link', { name: 'WhatsApp ile bildir' }).getAttribute('href')).toMatch(
        /^https:\/\/wa\.me\/90534\d{7}\?text=Merhaba%20Kapora/,
      );
      expect(await overflow(page)).toBeLessThanOrEqual(0);

      await dialog.getByRole('button', { name: /Zorla Sil/ }).click();
      await page.getByText('Saha silindi').first().waitFor();
      const statuses = queryDb<{ status: string }>(
        'select b.status from bookings b join facilities f on f.id = b.facility_id where f.document_id = ?',
        created.data.documentId,
      ).map((r) => r.status);
      expect(statuses).toEqual(['cancelled', 'cancelled']);
      await context.close();
    });
  }
});

describe('a notification opens its booking', () => {
  it('the bell links a new booking to its detail on Rezervasyonlar', async () => {
    const { page, context } = await newPage(browser, { width: 360 });
    await openSahalar(context, page);
    const name = `E2E Bildirim ${Date.now()}`;
    const created = await createPitch(page, name);
    const booking = await book(created.data.slug, created.data.documentId, 2, 'Zil Testi Müşterisi');
    await page.goto('/yonetim');
    await settle(page);
    await page
      .getByRole('button', { name: /Bildirimler/ })
      .first()
      .click();
    const link = page.locator(`a[data-booking-link][href$="booking=${booking.bookingNumber}"]`).first();
    await link.waitFor();
    await link.click();
    await page.waitForURL((url) => url.pathname === '/yonetim/rezervasyonlar');
    const dialog = page.getByRole('dialog', { name: 'Rezervasyon Detayı' });
    await dialog.waitFor();
    await dialog.getByText('Zil Testi Müşterisi').first().waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);

    // Clean up: the pitch and its booking leave the demo data as it was.
    await page.evaluate(async (ref) => {
      await fetch(`/api/facilities/${ref}?force=true`, { method: 'DELETE' });
    }, created.data.documentId);
    await context.close();
  });
});
