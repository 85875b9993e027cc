// In real Chromium: a decision made in another tab reaches the open dialog, the list and the dashboard over
// the staff hub; the actor's own bell stays quiet; staff cancel asks first and files the booking under İptal.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage } from './support/browser';
import { istanbulDate, queryDb, signIn } from './support/panel';

let browser: Browser;
let close: () => Promise<void>;
beforeAll(async () => ({ browser, close } = await launch()));
afterAll(async () => close());

const hydrated = (page: Page) =>
  page.waitForFunction(() => !document.querySelector('astro-island[ssr]'), undefined, { timeout: 10_000 });

async function book(page: Page, days: number, name: string) {
  const facilities = (
    (await (await page.request.get('/api/facilities')).json()) as { data: Array<{ slug: string; documentId: string }> }
  ).data;
  for (const f of facilities) {
    const slots = (
      (await (await page.request.get(`/api/facilities/${f.slug}/slots?date=${istanbulDate(days)}`)).json()) as {
        data: { slots: Array<{ documentId: string; isAvailable: boolean }> };
      }
    ).data.slots;
    const slot = slots.find((s) => s.isAvailable);
    if (!slot) continue;
    const res = await page.request.post('/api/bookings', {
      data: {
        facility: f.documentId,
        bookingSlot: slot.documentId,
        customerName: name,
        customerPhone: `0534${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
      },
    });
    expect(res.status()).toBe(201);
    return ((await res.json()) as { data: { bookingNumber: string; documentId: string } }).data;
  }
  throw new Error('no free slot');
}

describe('panel: live across tabs', () => {
  it('an open dialog of a booking approved in another tab shows Onaylandı and offers no approve or reject', async () => {
    const a = await newPage(browser);
    const b = await newPage(browser);
    await signIn(a.context, 'admin');
    await signIn(b.context, 'manager');
    const booking = await book(a.page, 8, `Canlı Diyalog ${Date.now() % 100000}`);

    await a.page.goto(`/yonetim/rezervasyonlar?q=${booking.bookingNumber}`);
    await hydrated(a.page);
    await a.page.getByRole('button', { name: /^Bildirimler/ }).click();
    await a.page.locator('[data-live=open]').waitFor();
    await a.page.keyboard.press('Escape');
    await a.page.getByRole('button', { name: new RegExp(`Detay ${booking.bookingNumber}`) }).click();
    const dialog = a.page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Onayla' }).waitFor();

    const res = await b.page.request.post(`/api/bookings/${booking.documentId}/approve`, { data: {} });
    expect(res.status()).toBe(200);

    await dialog.getByRole('button', { name: 'Onayla' }).waitFor({ state: 'detached', timeout: 5000 });
    expect(await dialog.getByRole('button', { name: 'Reddet' }).count()).toBe(0);
    await dialog.getByText('Onaylandı').first().waitFor();
    await a.page.keyboard.press('Escape');
    // The list behind it followed too.
    await a.page.locator(`[data-booking="${booking.bookingNumber}"]`).getByText('Onaylandı').waitFor({ timeout: 5000 });
    await a.context.close();
    await b.context.close();
  });

  it('the dashboard counts a new booking without a reload', async () => {
    const staff = await newPage(browser);
    await signIn(staff.context, 'admin');
    await staff.page.goto('/yonetim');
    await hydrated(staff.page);
    await staff.page.getByRole('button', { name: /^Bildirimler/ }).click();
    await staff.page.locator('[data-live=open]').waitFor();
    await staff.page.keyboard.press('Escape');
    const before = Number((await staff.page.locator('[data-stat=total]').textContent())!.replace(/\D/g, ''));
    await book(staff.page, 9, `Canlı Pano ${Date.now() % 100000}`);
    await staff.page.waitForFunction(
      (n) => Number(document.querySelector('[data-stat=total]')!.textContent!.replace(/\D/g, '')) === n + 1,
      before,
      { timeout: 5000 },
    );
    await staff.context.close();
  });
});

describe('panel: staff cancel and the actor', () => {
  it("cancelling an approved booking asks first, toasts 'Rezervasyon iptal edildi', files it under İptal; the actor's bell stays quiet", async () => {
    const { page, context } = await newPage(browser);
    await signIn(context, 'admin');
    const booking = await book(page, 10, `İptal Edilecek ${Date.now() % 100000}`);
    expect((await page.request.post(`/api/bookings/${booking.documentId}/approve`, { data: {} })).status()).toBe(200);

    await page.goto(`/yonetim/rezervasyonlar?q=${booking.bookingNumber}`);
    await hydrated(page);
    await page.getByRole('button', { name: /^Bildirimler/ }).click();
    await page.locator('[data-live=open]').waitFor();
    await page.keyboard.press('Escape');
    const badge = async () =>
      (await page.getByRole('button', { name: /^Bildirimler/ }).getAttribute('aria-label')) ?? '';
    const badgeBefore = await badge();

    await page.getByRole('button', { name: new RegExp(`Detay ${booking.bookingNumber}`) }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('İptal sebebi').inputValue()).resolves.toBe('Randevu iptal edildi');
    await dialog.getByRole('button', { name: 'Rezervasyonu İptal Et' }).click();
    await dialog.getByRole('button', { name: 'Vazgeç' }).waitFor();
    await dialog.getByRole('button', { name: /Evet, iptal et/ }).click();
    await page.getByText('Rezervasyon iptal edildi').first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    // One toast only: the bell did not add its own for the actor.
    await page.waitForTimeout(800);
    expect(await page.locator('[role=status] p.font-semibold', { hasText: /^Rezervasyon iptal edildi$/ }).count()).toBe(
      1,
    );
    expect(await badge()).toBe(badgeBefore);

    const [row] = queryDb<{ status: string; cancellation_reason: string }>(
      'select status, cancellation_reason from bookings where booking_number = ?',
      booking.bookingNumber,
    );
    expect(row).toEqual({ status: 'cancelled', cancellation_reason: 'Randevu iptal edildi' });
    await page.goto(`/yonetim/rezervasyonlar?tab=cancelled&q=${booking.bookingNumber}`);
    await page.locator(`[data-booking="${booking.bookingNumber}"]`).waitFor();
    await context.close();
  });
});
