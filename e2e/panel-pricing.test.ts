// Fiyatlandırma in real Chromium against the built Worker: a manager adds the floodlit-evening preset at a
// new price on a pitch of its own (a clone of a demo pitch with a 120-character unbroken name), sees it in the week
// preview before saving, saves, re-prices the generated free slots, and the public slot API then sells the evening at
// the new price while the afternoon keeps the hourly price. The screen passes axe and widens nothing at 360 px in both
// themes, with a 60-character unbroken rule name. The cloned pitch and its rules are removed again.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axe } from './support/axe';
import { launch, newPage, origin, overflow, settle } from './support/browser';
import { createLongFacility, LONG, removeLongData, unbroken } from './support/long-data';
import { istanbulDate, queryDb, signIn } from './support/panel';

let browser: Browser;
let close: () => Promise<void>;
let facility: { id: number; documentId: string };

beforeAll(async () => {
  ({ browser, close } = await launch());
  facility = createLongFacility();
});
afterAll(async () => {
  removeLongData();
  await close();
  expect(queryDb('select id from price_rules where facility_id = ?', facility.id)).toEqual([]);
});

type Slot = { startTime: string; price: number; isAvailable: boolean };
async function publicSlots(date: string): Promise<Slot[]> {
  const res = await fetch(`${origin()}/api/facilities/${LONG.slug}/slots?date=${date}`);
  return ((await res.json()) as { data: { slots: Slot[] } }).data.slots;
}

describe('Fiyatlandırma', () => {
  it('a manager adds an evening price, previews it, saves, re-prices free slots, and visitors see the new price', async () => {
    const day = istanbulDate(2);
    const before = await publicSlots(day);
    const hourly = before[0].price;
    const evening = before.filter((s) => s.startTime >= '18:00' && s.isAvailable);
    expect(evening.length).toBeGreaterThan(0);

    const { page, context } = await newPage(browser);
    await signIn(context, 'manager');
    await page.goto(`/yonetim/fiyatlandirma?saha=${facility.id}`);
    await settle(page);
    await page.getByRole('heading', { level: 1, name: 'Fiyatlandırma' }).waitFor();
    await page.locator('[data-no-rules]').waitFor();
    await expect(page.getByRole('combobox', { name: 'Saha' }).inputValue()).resolves.toBe(String(facility.id));

    await page.getByRole('button', { name: '+ Akşam (ışıklı) saatleri' }).click();
    const dialog = page.getByRole('dialog', { name: 'Fiyat kuralı ekle' });
    await dialog.getByRole('textbox', { name: /Saatlik fiyat/ }).fill('2345');
    await dialog.getByRole('button', { name: 'Kuralı ekle' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Previewed before anything is saved.
    const cell = page.locator(`[data-price-preview] td[data-date="${day}"][data-time="18:00"]`);
    await expect(cell.getAttribute('data-rule')).resolves.toBe('Akşam (ışıklı)');
    expect((await cell.innerText()).replace(/\s/g, '')).toContain('₺2.345');
    expect(queryDb('select id from price_rules where facility_id = ?', facility.id)).toEqual([]);

    await page.getByRole('button', { name: 'Kuralları kaydet' }).click();
    await page.getByText('Fiyat kuralları kaydedildi').first().waitFor();
    expect(
      queryDb<{ amount: number; start_time: string; end_time: string }>(
        'select amount, start_time, end_time from price_rules where facility_id = ?',
        facility.id,
      ),
    ).toEqual([{ amount: 234_500, start_time: '18:00', end_time: '00:00' }]);

    // Saving alone re-prices nothing already generated; applying does.
    expect((await publicSlots(day)).find((s) => s.startTime === evening[0].startTime)?.price).toBe(hourly);
    await page.getByRole('button', { name: 'Fiyatları uygula' }).click();
    const result = page.locator('[data-apply-result]');
    await result.waitFor();
    expect(await result.innerText()).toMatch(/slotun fiyatı güncellendi/);
    const after = await publicSlots(day);
    for (const s of after) {
      if (s.startTime >= '18:00' && s.isAvailable) expect(s.price, s.startTime).toBe(2345);
      if (s.startTime < '18:00' && s.startTime >= '06:00') expect(s.price, s.startTime).toBe(hourly);
    }
    await context.close();
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`passes axe and widens nothing at 360 px with a long pitch and rule name, ${theme} theme`, async () => {
      const { page, context } = await newPage(browser, { theme, width: 360 });
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
      await signIn(context, 'manager');
      await page.goto(`/yonetim/fiyatlandirma?saha=${facility.id}`);
      await settle(page);
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
      await page.locator('[data-price-preview]').waitFor();
      expect(await overflow(page)).toBe(0);
      expect(await axe(page)).toEqual([]);

      await page.getByRole('button', { name: 'Kural ekle', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Fiyat kuralı ekle' });
      await dialog.getByRole('textbox', { name: /Kural adı/ }).fill(unbroken(60, 'KuralAdı'));
      await dialog.getByText('Yüzde (%)').click();
      await expect(dialog.getByRole('radio', { name: 'Yüzde (%)' }).isChecked()).resolves.toBe(true);
      await dialog.getByRole('textbox', { name: /Yüzde değişim/ }).fill('-10');
      expect(await overflow(page)).toBe(0);
      expect(await axe(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Kuralı ekle' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.locator('[data-rule-row]').last().waitFor();
      expect(await overflow(page)).toBe(0);
      expect(await axe(page)).toEqual([]);
      // Keyboard: the scrolling price table is reachable.
      await page.locator('[data-price-preview] [role=region]').focus();
      await expect(page.evaluate(() => document.activeElement?.getAttribute('role'))).resolves.toBe('region');
      await context.close();
    });
  }
});
