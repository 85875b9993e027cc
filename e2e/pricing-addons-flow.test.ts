// The pricing and add-on flow in real Chromium against the built Worker, from the seeded demo (a clone of a demo
// pitch, so the demo pitches other files count stay as they were): an admin sets an evening price rule and a 'Maç
// videosu' add-on and generates slots; a visitor sees the pitch's price range and books an evening slot with the add-on
// at the right total; the admin sees the add-on in the booking, approves it and downloads the list with it; Raporlar,
// for that day and pitch, shows the booking's revenue (the add-on's part apart) and its weekday × hour booked in the
// occupancy heatmap.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { money, percent } from '../site/src/components/panel/reports/model';
import { slotPriceText } from '../site/src/lib/format';
import { continueToForm, launch, newPage, settle } from './support/browser';
import { createLongFacility, LONG, removeLongData } from './support/long-data';
import { istanbulDate, queryDb, signIn } from './support/panel';

let browser: Browser;
let close: () => Promise<void>;
let facility: { id: number; documentId: string };
const PHONE = `0536${String(Date.now()).slice(-7)}`;
const OFFSET = 3;

beforeAll(async () => {
  ({ browser, close } = await launch());
  facility = createLongFacility();
});
afterAll(async () => {
  removeLongData();
  await close();
  expect(queryDb('select id from bookings where customer_phone = ?', PHONE)).toEqual([]);
});

const plain = (s: string | null) => (s ?? '').replace(/\s/g, '');
/** A table row's cells, each as one line. */
const rowCells = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((tr) => [...tr.children].map((c) => (c.textContent ?? '').replace(/\s+/g, ' ').trim()));

describe('evening price and an add-on, booked, approved and reported', () => {
  it('admin sets the rule and the add-on, generates; a visitor books with the add-on at the right total; admin approves and exports; Raporlar shows it', async () => {
    const day = istanbulDate(OFFSET);
    const admin = await newPage(browser);
    await signIn(admin.context, 'admin');
    const page = admin.page;

    // Fiyatlandırma: the floodlit evening at 2.345 TL.
    await page.goto(`/yonetim/fiyatlandirma?saha=${facility.id}`);
    await settle(page);
    await page.locator('[data-no-rules]').waitFor();
    await page.getByRole('button', { name: '+ Akşam (ışıklı) saatleri' }).click();
    const rule = page.getByRole('dialog', { name: 'Fiyat kuralı ekle' });
    await rule.getByRole('textbox', { name: /Saatlik fiyat/ }).fill('2345');
    await rule.getByRole('button', { name: 'Kuralı ekle' }).click();
    await page.getByRole('button', { name: 'Kuralları kaydet' }).click();
    await page.getByText('Fiyat kuralları kaydedildi').first().waitFor();

    // Saha Servisleri: 'Maç videosu' at its preset price.
    await page.goto(`/yonetim/saha-servisleri?saha=${facility.id}`);
    await settle(page);
    await page.getByRole('button', { name: '+ Maç videosu' }).click();
    const addon = page.getByRole('dialog', { name: 'Hizmet ekle' });
    await expect(addon.getByRole('textbox', { name: /Ücret/ }).inputValue()).resolves.toBe('300');
    await addon.getByRole('button', { name: 'Hizmeti ekle' }).click();
    await page.locator('[data-addon-row="Maç videosu"]').waitFor();

    // Slot generation over the day, through the panel's own call (overwrite: free slots are made anew).
    const generated = await page.request.post(`/api/facilities/${facility.id}/generate-slots`, {
      data: { startDate: day, endDate: day, overwrite: true },
    });
    expect(generated.ok()).toBe(true);

    // The visitor.
    const visitor = await newPage(browser);
    const v = visitor.page;
    await v.goto(`/saha/${LONG.slug}`);
    await v.locator('[data-state] >> visible=true').first().waitFor();
    // The page's price per hour is the coming week's range now that the evenings cost more.
    const [span] = queryDb<{ min: number; max: number }>(
      'select min(price) as min, max(price) as max from booking_slots where facility_id = ? and date between ? and ?',
      facility.id,
      istanbulDate(0),
      istanbulDate(6),
    );
    expect(span.max).toBe(234_500);
    expect(span.min).toBeLessThan(span.max);
    expect(plain(await v.locator('[data-hourly-price]').textContent())).toContain(
      plain(slotPriceText(0, { min: span.min / 100, max: span.max / 100 }, 'hourly')),
    );
    // The pitch's card on /sahalar says the same range (the generation gave the cached list a new version).
    await v.goto('/sahalar');
    const card = v.locator(`[data-facility-card][data-name="${LONG.facilityName}"]`);
    expect(plain(await card.locator('[data-price-text]').textContent())).toBe(
      plain(slotPriceText(0, { min: span.min / 100, max: span.max / 100 }, 'hourly')),
    );
    // The range is longer than one price: a 360 px phone still does not scroll sideways, in either theme.
    for (const theme of ['light', 'dark'] as const) {
      const phone = await newPage(browser, { width: 360, theme });
      await phone.page.goto('/sahalar');
      const narrow = phone.page.locator(`[data-facility-card][data-name="${LONG.facilityName}"] [data-price-text]`);
      expect(plain(await narrow.textContent())).toContain('–');
      expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await phone.context.close();
    }
    await v.goto(`/saha/${LONG.slug}`);
    await v.locator('[data-state] >> visible=true').first().waitFor();
    await v.locator('label', { has: v.getByRole('radio', { name: 'Günlük' }) }).click();
    for (let i = 0; i < OFFSET; i++) await v.getByRole('button', { name: 'Sonraki gün' }).click();
    const evening = v.locator(`[data-day="${day}"] [data-state=available]`).filter({ hasText: '20:00' }).first();
    await evening.waitFor();
    expect(plain(await evening.getAttribute('aria-label'))).toContain('₺2.345');
    await evening.click();
    await continueToForm(v);
    await v.getByRole('textbox', { name: /^Ad Soyad/ }).fill('Akşam Oyuncusu');
    await v.getByRole('textbox', { name: /^Telefon/ }).pressSequentially(PHONE);
    await v.getByRole('group', { name: 'Ek Hizmetler' }).getByText('Maç videosu').click();
    await expect(v.locator('[data-total-amount]').textContent().then(plain)).resolves.toBe('₺2.645');
    await v.getByRole('button', { name: 'Rezervasyonu Tamamla' }).click();
    await v.getByRole('heading', { name: 'Rezervasyonunuz alındı' }).waitFor();
    const number = (await v.locator('[data-booking-number]').textContent())!.trim();
    expect(plain(await v.locator('main').textContent())).toContain('Maçvideosu(₺300)');
    const [row] = queryDb<{ total_price: number; addons_price: number; slot_price: number; status: string }>(
      'select total_price, addons_price, slot_price, status from bookings where booking_number = ?',
      number,
    );
    expect(row).toEqual({ total_price: 264_500, addons_price: 30_000, slot_price: 234_500, status: 'pending' });
    await visitor.context.close();

    // The admin sees the add-on in the booking and approves it.
    await page.goto(`/yonetim/rezervasyonlar?tab=pending&q=${number}`);
    const listed = page.locator(`[data-booking="${number}"]`).first();
    await listed.waitFor();
    await listed.getByRole('button', { name: /Detay/ }).click();
    const dialog = page.getByRole('dialog');
    const payment = dialog.getByRole('heading', { name: 'Ödeme Bilgileri' }).locator('xpath=ancestor::section[1]');
    await payment.waitFor();
    expect(plain(await payment.textContent())).toContain('Maçvideosu₺300');
    expect(plain(await payment.textContent())).toContain('₺2.645');
    await dialog.getByRole('button', { name: 'Onayla' }).click();
    // With a deposit due the dialog asks whether it came; this flow is about the price, so it approves without it.
    const [due] = queryDb<{ deposit_amount: number }>(
      'select deposit_amount from bookings where booking_number = ?',
      number,
    );
    if (due.deposit_amount > 0) await dialog.getByRole('button', { name: 'Kaydetmeden onayla' }).click();
    await page.getByText('Rezervasyon Onaylandı').first().waitFor();
    expect(queryDb('select status from bookings where booking_number = ?', number)).toEqual([{ status: 'approved' }]);

    // The list's CSV names the add-on as sold and its total beside the pitch's fee.
    await page.goto(`/yonetim/rezervasyonlar?q=${number}`);
    await page.locator(`[data-booking="${number}"]`).first().waitFor();
    await page.getByRole('button', { name: 'Listeyi İndir' }).click();
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Rezervasyonlar (CSV)' }).click(),
    ]);
    const { readFileSync } = await import('node:fs');
    const [header, line, ...rest] = readFileSync(await file.path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(rest).toEqual([]);
    const csv = Object.fromEntries(header.split(';').map((h, i) => [h, line.split(';')[i]]));
    expect(csv).toMatchObject({
      'Rezervasyon No': number,
      'Saha ücreti (TL)': '2345',
      'Ek hizmetler': 'Maç videosu ×1 (300 TL)',
      'Ek hizmetler (TL)': '300',
      'Toplam (TL)': '2645',
    });

    // Raporlar, for that day and that pitch: the booking's revenue (its add-on apart) and its evening hour booked.
    await page.goto(`/yonetim/raporlar?from=${day}&to=${day}&saha=${facility.id}&grup=day`);
    await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'), undefined, { timeout: 10_000 });
    await page.locator('[data-report-results][aria-busy=false]').waitFor({ timeout: 10_000 });
    const [deposit] = queryDb<{ deposit_amount: number; start_time: string }>(
      'select deposit_amount, start_time from bookings where booking_number = ?',
      number,
    );
    expect(await rowCells(page, '[data-revenue-total]')).toEqual([
      'Toplam',
      '1',
      money(deposit.deposit_amount / 100),
      money(2645 - deposit.deposit_amount / 100),
      money(2645),
    ]);
    const sources = page.locator('[data-revenue-sources]');
    expect(await rowCells(page, '[data-revenue-sources] tr:has-text("Ek hizmetler")')).toEqual([
      'Ek hizmetler',
      money(300),
    ]);
    expect(await rowCells(page, '[data-revenue-sources] tr:has-text("Saha ücreti")')).toEqual([
      'Saha ücreti',
      money(2345),
    ]);
    await sources.waitFor();
    expect(await rowCells(page, '[data-service-table] tbody tr:has-text("Maç videosu")')).toEqual([
      'Maç videosu',
      '1',
      '1',
      money(300),
    ]);
    // The heatmap's cell of that weekday and the booking's hour: the one slot generated there is booked.
    const weekday = ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
    const hour = `${deposit.start_time.slice(0, 2)}:00`;
    const cell = page.locator(`[data-occupancy-table] td[data-weekday="${weekday}"][data-hour="${hour}"]`);
    expect(await cell.getAttribute('data-share')).toBe('1');
    expect((await cell.textContent())?.replace(/\s+/g, ' ')).toBe(`${percent(1, 1)}, 1 / 1 slot`);
    await admin.context.close();
  });
});
