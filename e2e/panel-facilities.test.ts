// Saha Yönetimi in real Chromium against the built Worker: an admin creates a pitch with the form (after a
// validation error), with an image, sees it on the public /sahalar page, edits it, makes it inactive and deletes it;
// at 360 px a pitch with a 120-character unbroken name (support/long-data) widens nothing in either theme. Every pitch
// made here is deleted again, so the demo data the other files count stays as it was.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axe } from './support/axe';
import { launch, newPage, overflow, settle } from './support/browser';
import { createLongFacility, LONG, removeLongData } from './support/long-data';
import { istanbulDate, queryDb, signIn } from './support/panel';

let browser: Browser;
let close: () => Promise<void>;
beforeAll(async () => ({ browser, close } = await launch()));
afterAll(async () => close());

/** 1×1 PNG: a real image for the upload. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

async function openPanel(context: BrowserContext, page: Page) {
  await signIn(context, 'admin');
  await page.goto('/yonetim/sahalar');
  await settle(page);
  await page.locator('[data-facility]').first().waitFor();
}

const card = (page: Page, name: string) =>
  page.locator('[data-facility]').filter({ has: page.getByRole('heading', { name, exact: true }) });

async function menu(page: Page, name: string, item: string | RegExp) {
  await page.getByRole('button', { name: `${name} işlemleri`, exact: true }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** Types an Istanbul business date into a react-aria date field, segment by segment as a person does. */
async function typeDate(page: Page, label: string, iso: string) {
  const [y, m, d] = iso.split('-');
  await page.getByRole('group', { name: label }).getByRole('spinbutton').first().click();
  await page.keyboard.type(d + m + y);
}

/** How far the page reaches past the viewport; 0 when nothing scrolls sideways. */

describe('pitch administration', () => {
  it('an admin creates, edits, deactivates and deletes a pitch; the public list follows', async () => {
    const { page, context } = await newPage(browser);
    await openPanel(context, page);
    const name = `E2E Test Sahası ${Date.now()}`;

    // Create: the empty name is refused on the page first, nothing is sent.
    await page.getByRole('button', { name: 'Yeni Saha', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Yeni Saha Ekle' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Oluştur', exact: true }).click();
    await dialog.getByText('Saha adı gereklidir').waitFor();
    await page.getByText('Lütfen form hatalarını düzeltin').first().waitFor();
    expect(queryDb<{ n: number }>('select count(*) as n from facilities where name = ?', name)[0].n).toBe(0);

    await dialog.getByLabel(/^Saha Adı/).fill(name);
    await dialog.getByLabel('Açıklama').fill('Tarayıcı testinin sahası');
    await dialog.getByLabel(/^Saat Ücreti/).fill('900');
    await dialog.getByLabel('Görsel ekle').setInputFiles({ name: 'saha.png', mimeType: 'image/png', buffer: PNG });
    await dialog.locator('[data-new-image]').waitFor();
    await dialog.getByRole('tab', { name: /^İletişim/ }).click();
    await dialog.getByLabel('Telefon 1', { exact: true }).fill('0532 111 22 33');
    await dialog.getByRole('tab', { name: /^İmkanlar/ }).click();
    await dialog.getByRole('checkbox', { name: 'Otopark' }).check({ force: true });
    await dialog.getByRole('button', { name: 'Oluştur', exact: true }).click();
    await page.getByText('Saha başarıyla oluşturuldu!').first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    await card(page, name).waitFor();
    const created = card(page, name);
    expect(await created.locator('[data-price]').textContent()).toBe('₺900 / saat');
    expect(await created.locator('[data-active]').textContent()).toBe('Aktif');
    expect(await created.locator('img').count()).toBe(1);
    expect(await created.locator('[data-contact="phone"]').textContent()).toBe('0532 111 22 33');
    const [row] = queryDb<{ slug: string; hourly_price: number }>(
      'select slug, hourly_price from facilities where name = ?',
      name,
    );
    expect(row).toBeTruthy();

    // The public list shows the new active pitch.
    const visitor = await newPage(browser);
    await visitor.page.goto('/sahalar');
    expect(await visitor.page.locator(`[data-item][data-name="${name}"]`).count()).toBe(1);

    // Edit: the form opens with the saved values; the new price shows on the card.
    await menu(page, name, /Düzenle/);
    const edit = page.getByRole('dialog', { name: 'Saha Düzenle' });
    await expect.poll(() => edit.getByLabel(/^Saha Adı/).inputValue()).toBe(name);
    await edit.getByLabel(/^Saat Ücreti/).fill('1000');
    await edit.getByRole('button', { name: 'Güncelle', exact: true }).click();
    await page.getByText('Saha başarıyla güncellendi!').first().waitFor();
    await edit.waitFor({ state: 'detached' });
    await expect.poll(() => card(page, name).locator('[data-price]').textContent()).toBe('₺1.000 / saat');

    // Toggle: inactive, and gone from the public list.
    await menu(page, name, /Pasif Yap/);
    await page.getByText(`${name} sahası pasif yapıldı`).first().waitFor();
    await expect.poll(() => card(page, name).locator('[data-active]').textContent()).toBe('Pasif');
    await visitor.page.goto('/sahalar');
    expect(await visitor.page.locator(`[data-item][data-name="${name}"]`).count()).toBe(0);
    await visitor.context.close();

    // Delete, after the confirmation.
    await menu(page, name, /^Sil$/);
    const confirm = page.getByRole('alertdialog', { name: 'Sahayı Sil' });
    await confirm.getByRole('button', { name: 'Sil', exact: true }).click();
    await page.getByText('Saha silindi').first().waitFor();
    await card(page, name).waitFor({ state: 'detached' });
    await context.close();
  });
});

describe('the card grid (behaviour.md#management-panel: 1 column, 2 on medium and 3 on large screens)', () => {
  it.each([
    [360, 1],
    [800, 2],
    [1280, 3],
  ])('at %i px the cards stand in %i column(s)', async (width, columns) => {
    const { page, context } = await newPage(browser, { width });
    await openPanel(context, page);
    const boxes = await page
      .locator('[data-facility]')
      .evaluateAll((cards) => cards.map((c) => Math.round(c.getBoundingClientRect().left)));
    expect(boxes.length).toBeGreaterThanOrEqual(3);
    expect(new Set(boxes).size).toBe(columns);
    expect(await overflow(page)).toBe(0);
    await context.close();
  });
});

describe.each(['light', 'dark'] as const)('pitch administration at 360 px in the %s theme', (theme) => {
  beforeAll(() => void createLongFacility());
  afterAll(() => removeLongData());

  it('a pitch with a 120-character unbroken name widens neither the list nor its dialogs, and axe finds no serious violation', async () => {
    const { page, context } = await newPage(browser, { theme, width: 360 });
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await openPanel(context, page);
    const name = LONG.facilityName;
    await card(page, name).waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
    expect(await overflow(page)).toBe(0);
    const cardBox = await card(page, name).boundingBox();
    expect(cardBox!.x + cardBox!.width).toBeLessThanOrEqual(360);
    const failures: string[] = (await axe(page)).map((v) => `list: ${v}`);

    await menu(page, name, /Düzenle/);
    const edit = page.getByRole('dialog', { name: 'Saha Düzenle' });
    await expect.poll(() => edit.getByLabel(/^Saha Adı/).inputValue()).toBe(name);
    for (const tab of ['Temel Bilgiler', 'Çalışma Saatleri', 'İletişim', 'İmkanlar', 'Ayarlar']) {
      await edit.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
      expect(await overflow(page), tab).toBe(0);
      const box = await edit.boundingBox();
      expect(box!.x + box!.width, tab).toBeLessThanOrEqual(360);
      for (const v of await axe(page)) failures.push(`form ${tab}: ${v}`);
    }
    await page.keyboard.press('Escape');
    await edit.waitFor({ state: 'detached' });

    await menu(page, name, /^Sil$/);
    const confirm = page.getByRole('alertdialog', { name: 'Sahayı Sil' });
    await confirm.waitFor();
    expect(await overflow(page)).toBe(0);
    const box = await confirm.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    for (const v of await axe(page)) failures.push(`delete dialog: ${v}`);
    await confirm.getByRole('button', { name: 'İptal', exact: true }).click();
    await confirm.waitFor({ state: 'detached' });

    // The slot generation form, with the overwrite warning open.
    await menu(page, name, /Slot Oluştur/);
    const generate = page.getByRole('dialog', { name: 'Slot Oluştur' });
    await generate.getByRole('checkbox', { name: /üzerine yaz/i }).check({ force: true });
    await generate.getByText("Mevcut slot'lar silinecek ve yenileri oluşturulacak. Bu işlem geri alınamaz.").waitFor();
    expect(await overflow(page)).toBe(0);
    const generateBox = await generate.boundingBox();
    expect(generateBox!.x + generateBox!.width).toBeLessThanOrEqual(360);
    for (const v of await axe(page)) failures.push(`slot generation: ${v}`);

    // Then the server's answer and the preview of the generated days (the dialog keeps one name throughout).
    await typeDate(page, 'Başlangıç tarihi', istanbulDate(1));
    await typeDate(page, 'Bitiş tarihi', istanbulDate(2));
    await generate.getByRole('button', { name: 'Slot Oluştur', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('[data-generation-result]').waitFor();
    expect(await overflow(page)).toBe(0);
    for (const v of await axe(page)) failures.push(`slot generation result: ${v}`);
    await dialog.getByRole('button', { name: 'Önizle' }).click();
    await dialog.locator('[data-preview-slot]').first().waitFor();
    expect(await overflow(page)).toBe(0);
    const previewBox = await dialog.boundingBox();
    expect(previewBox!.x + previewBox!.width).toBeLessThanOrEqual(360);
    for (const v of await axe(page)) failures.push(`slot preview: ${v}`);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(failures).toEqual([]);
    await context.close();
  });
});
