// After booking the player keeps it, in real Chromium against the built Worker: the confirmation survives a reload
// (number, deposit box, IBAN), tracking opens it without the number in the address and shows the deposit box with the
// hold's clock time, and 'Rezervasyonlarım' lists it with its live status, which follows staff's approval. At 360 px in
// both themes with long unbroken data, nothing scrolls sideways; every page is watched for console errors.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { continueToForm, launch, newPage, origin, overflow } from './support/browser';
import { createLongFacility, LONG, removeLongData, unbroken } from './support/long-data';
import { queryDb, signIn } from './support/panel';

const FACILITY_SLUG = 'nilufer-arena-hali-saha';

let browser: Browser;
let close: () => Promise<void>;
let longNumber = '';

const freshPhone = () => `0534${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
const istanbulDate = (days: number) =>
  new Date(Date.now() + 3 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
/** The Istanbul clock time of an instant in ms (UTC+3 all year). */
const istanbulClock = (ms: number) => new Date(ms + 3 * 3_600_000).toISOString().slice(11, 16);
const hydrated = (page: Page) => page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));

async function bookOnApi(slug: string, documentId: string, day: number, name: string): Promise<string> {
  const slots = (await (await fetch(`${origin()}/api/facilities/${slug}/slots?date=${istanbulDate(day)}`)).json()) as {
    data: { slots: Array<{ documentId: string; isAvailable: boolean }> };
  };
  const slot = slots.data.slots.find((s) => s.isAvailable);
  if (!slot) throw new Error(`no free slot on ${slug} ${day} days ahead`);
  const res = await fetch(`${origin()}/api/bookings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: origin() },
    body: JSON.stringify({
      facility: documentId,
      bookingSlot: slot.documentId,
      customerName: name,
      customerPhone: freshPhone(),
    }),
  });
  const body = (await res.json()) as { data: { bookingNumber: string } | null; error?: { message: string } };
  if (!body.data) throw new Error(`booking failed: ${body.error?.message}`);
  return body.data.bookingNumber;
}

const holdOf = (number: string) =>
  queryDb<{ expiresAt: number; documentId: string }>(
    'select expires_at as expiresAt, document_id as documentId from bookings where booking_number = ?',
    number,
  )[0];

beforeAll(async () => {
  ({ browser, close } = await launch());
  const facility = createLongFacility();
  longNumber = await bookOnApi(LONG.slug, facility.documentId, 6, LONG.customerName);
});
afterAll(async () => {
  await close();
  removeLongData();
});

describe('after booking, the player keeps it', () => {
  it('the confirmation survives a reload; tracking and Rezervasyonlarım open it without the number in the address', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`/saha/${FACILITY_SLUG}`);
    await page.locator('[data-state] >> visible=true').first().waitFor();
    // The daily view of a day far enough ahead that no other test books it.
    await page.locator('label', { has: page.getByRole('radio', { name: 'Günlük' }) }).click();
    const date = istanbulDate(27);
    for (let i = 0; i < 27; i++) await page.getByRole('button', { name: 'Sonraki gün' }).click();
    const slot = page.locator(`[data-day="${date}"] [data-state=available]`).first();
    await slot.click();
    await continueToForm(page);
    await page.getByRole('textbox', { name: /^Ad Soyad/ }).fill('Kalıcı Oyuncu');
    await page.getByRole('textbox', { name: /^Telefon/ }).pressSequentially(freshPhone());
    await page.getByRole('button', { name: 'Rezervasyonu Tamamla' }).click();
    await page.getByRole('heading', { name: 'Rezervasyonunuz alındı' }).waitFor();
    const number = (await page.locator('[data-booking-number]').textContent())!;
    expect(number).toMatch(/^HSR[A-HJ-NP-Z2-9]{9}$/);
    const iban = await page.locator('[data-deposit] [data-iban]').textContent();
    expect(iban).toMatch(/^TR\d{2}( \w{1,4})+$/);
    const hold = holdOf(number);
    const clock = istanbulClock(hold.expiresAt);
    await expect(page.locator('[data-deposit] [data-hold-until]').textContent()).resolves.toContain(`${clock}'`);
    await expect(page.locator('[data-deposit] [data-balance]').textContent()).resolves.toMatch(
      /^Kalan ₺[\d.]+ sahada ödenir\.$/,
    );
    await expect(page.locator('[data-deposit] [data-transfer-description]').textContent()).resolves.toBe(number);

    // A reload (or Android restoring the tab) shows the same confirmation: number, deposit box, IBAN.
    await page.reload();
    await page.getByRole('heading', { name: 'Rezervasyonunuz alındı' }).waitFor();
    await expect(page.locator('[data-booking-number]').textContent()).resolves.toBe(number);
    await expect(page.locator('[data-deposit] [data-iban]').textContent()).resolves.toBe(iban);
    expect(page.url()).not.toContain(number);

    // Tracking opens it from the confirmation's link, the deposit box and its clock time included.
    await page.getByRole('link', { name: 'Rezervasyonu Takip Et' }).click();
    await page.waitForURL('**/rezervasyon-takip');
    const view = page.getByRole('article');
    await view.getByRole('heading', { name: number }).waitFor();
    await expect(view.locator('[data-deposit] [data-iban]').textContent()).resolves.toBe(iban);
    await expect(view.locator('[data-deposit] [data-hold-until]').textContent()).resolves.toContain(`${clock}'`);
    expect(page.url()).not.toContain(number);

    // 'Rezervasyonlarım' in the header lists it with its live status.
    await page.getByRole('navigation', { name: 'Ana menü' }).getByRole('link', { name: 'Rezervasyonlarım' }).click();
    await page.waitForURL('**/rezervasyonlarim');
    await expect(page.locator('meta[name=robots]').getAttribute('content')).resolves.toBe('noindex, nofollow');
    const row = page.locator(`[data-my-booking="${number}"]`);
    await row.locator('[data-status=pending]').waitFor();
    await expect(row.textContent()).resolves.toContain('Nilüfer Arena');

    // Staff approve it: after a reload the row reads 'Onaylandı'.
    const token = await signIn(context, 'admin');
    const approved = await context.request.post(`/api/bookings/${hold.documentId}/approve`, {
      headers: { authorization: `Bearer ${token}` },
      data: {},
    });
    expect(approved.status()).toBe(200);
    await context.clearCookies();
    await page.reload();
    await row.locator('[data-status=approved]').waitFor();
    await expect(row.locator('[data-status]').textContent()).resolves.toBe('Onaylandı');

    // The row opens tracking; once approved the deposit box is gone.
    await row.getByRole('link', { name: /Ayrıntılar ve iptal/ }).click();
    await page.getByRole('article').getByRole('heading', { name: number }).waitFor();
    expect(await page.locator('[data-deposit]').count()).toBe(0);
    expect(page.url()).not.toContain(number);

    // Removed from this device only: gone from the list after a reload, the booking untouched.
    await page.goto('/rezervasyonlarim');
    await row.getByRole('button', { name: `${number} numaralı rezervasyonu bu cihazdan kaldır` }).click();
    await row.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByText('Bu cihazda kayıtlı rezervasyon yok.').waitFor();
    expect(queryDb<{ status: string }>('select status from bookings where booking_number = ?', number)[0].status).toBe(
      'approved',
    );
    await context.close();
  });
});

describe.each(['light', 'dark'] as const)('360 px, %s theme, long unbroken data', (theme) => {
  it('tracking by number shows the deposit box and keeps the booking; Rezervasyonlarım lists it; nothing scrolls sideways', async () => {
    const { page, context } = await newPage(browser, { theme, width: 360 });
    await page.goto('/rezervasyon-takip');
    await hydrated(page);
    await page.getByLabel('Rezervasyon numarası', { exact: true }).fill(longNumber);
    await page.getByRole('button', { name: 'Sorgula' }).click();
    const view = page.getByRole('article');
    await view.getByRole('heading', { name: longNumber }).waitFor();
    const box = view.locator('[data-deposit]');
    // The long pitch's bank and recipient are long single words (e2e/support/long-data.ts).
    await expect(box.textContent()).resolves.toContain(unbroken(70, 'Banka'));
    await expect(box.textContent()).resolves.toContain(unbroken(90, 'AlıcıAdı'));
    await expect(box.locator('[data-hold-until]').textContent()).resolves.toContain(
      `${istanbulClock(holdOf(longNumber).expiresAt)}'`,
    );
    expect(page.url()).not.toContain(longNumber);
    expect(await overflow(page)).toBeLessThanOrEqual(0);

    await page.goto('/rezervasyonlarim');
    const row = page.locator(`[data-my-booking="${longNumber}"]`);
    await row.locator('[data-status=pending]').waitFor();
    await expect(row.textContent()).resolves.toContain(LONG.facilityName);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await context.close();
  });
});
