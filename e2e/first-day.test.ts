// A pitch owner's first day: production is never seeded, so this runs on a server of its own whose database
// holds nothing but one admin. From 'Henüz saha eklenmemiş' the admin adds the first pitch with two photos, bank
// details and a shuttle, generates two weeks of slots and sees them in the preview; a visitor then finds the pitch on
// the public site and in the sitemap and books one of those slots.
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalServer, root, startLocalServer } from '../scripts/lib/local-server';
import { upsertStaffSql } from '../scripts/lib/staff-sql';
import { newDocumentId } from '../worker/src/lib/ids';
import { hashPassword } from '../worker/src/lib/password';
import { continueToForm, launch, newPage, settle } from './support/browser';
import { istanbulDate, queryDbAt } from './support/panel';
import { solidPng } from './support/png';

// Two real PNG photos: a 1200×800 one the panel makes 480 and 960 px copies of, and a 32×32 one too small for any.
const PHOTOS = [
  { name: 'saha-genel.png', buffer: solidPng(1200, 800, [34, 139, 34]) },
  { name: 'soyunma-odasi.png', buffer: solidPng(32, 32, [20, 80, 160]) },
].map((p) => ({ ...p, mimeType: 'image/png' }));

const OWNER = { username: 'sahip', email: 'sahip@ornek.com', password: 'ilk-gun-sifresi' };
const NAME = 'Yıldız Halı Saha';

let server: LocalServer;
let browser: Browser;
let closeBrowser: () => Promise<void>;

beforeAll(async () => {
  const sql = upsertStaffSql({
    documentId: newDocumentId(),
    username: OWNER.username,
    email: OWNER.email,
    firstName: 'Saha',
    lastName: 'Sahibi',
    passwordHash: await hashPassword(OWNER.password),
    roleId: 1,
  });
  server = await startLocalServer({ seed: { sql }, runsDir: resolve(root, 'e2e/.state'), reuseBuild: true });
  ({ browser, close: closeBrowser } = await launch());
}, 240_000);

afterAll(async () => {
  await closeBrowser?.();
  await server?.stop();
});

const db = <T>(sql: string, ...args: (string | number)[]) => queryDbAt<T>(server.state, sql, ...args);

/** The panel sends a visitor without a session to /giris, and back after the login. */
async function signInAsOwner(page: Page) {
  await page.goto('/yonetim/sahalar');
  await page.waitForURL((url) => url.pathname === '/giris');
  await settle(page, { busy: 'ignore', timeout: 15_000 });
  await page.getByLabel('E-posta veya kullanıcı adı').fill(OWNER.username);
  await page.getByLabel('Şifre', { exact: true }).fill(OWNER.password);
  await page.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/yonetim/sahalar');
  await settle(page, { busy: 'ignore', timeout: 15_000 });
}

/** Types an Istanbul business date into a react-aria date field, segment by segment as a person does. */
async function typeDate(page: Page, label: string, iso: string) {
  const [y, m, d] = iso.split('-');
  await page.getByRole('group', { name: label }).getByRole('spinbutton').first().click();
  await page.keyboard.type(d + m + y);
}

describe("a pitch owner's first day, on an empty database", () => {
  let slug = '';

  it("an admin signs in, meets 'Henüz saha eklenmemiş' and adds the first pitch with photos, bank details and a shuttle", async () => {
    expect(db<{ n: number }>('select count(*) as n from facilities')[0].n).toBe(0);
    const { page, context } = await newPage(browser, { origin: server.origin });
    await signInAsOwner(page);
    await page.getByText('Henüz saha eklenmemiş').waitFor();
    await page.getByRole('button', { name: 'İlk Sahanızı Ekleyin' }).click();
    const dialog = page.getByRole('dialog', { name: 'Yeni Saha Ekle' });
    await dialog.waitFor();

    await dialog.getByLabel(/^Saha Adı/).fill(NAME);
    await dialog.getByLabel('Açıklama').first().fill('Işıklı, kapalı soyunma odalı 7+7 saha');
    await dialog.getByLabel('Adres').first().fill('Atatürk Cad. No: 12, Nilüfer');
    await dialog.getByLabel(/^Saat Ücreti/).fill('1200');
    await dialog.getByLabel(/^Depozito Tutarı/).fill('300');
    await dialog.getByLabel('Görsel ekle').setInputFiles(PHOTOS);
    await expect.poll(() => dialog.locator('[data-new-image]').count()).toBe(2);

    await dialog.getByRole('tab', { name: /^İletişim/ }).click();
    await dialog.getByLabel('Telefon 1', { exact: true }).fill('0532 111 22 33');
    await dialog.getByLabel('IBAN').fill('TR33 0006 1005 1978 6457 8413 26');
    await dialog.getByLabel('Banka Adı').fill('Ziraat Bankası');
    await dialog.getByLabel('Alıcı Adı').fill('Yıldız Spor Tesisleri');

    await dialog.getByRole('tab', { name: /^İmkanlar/ }).click();
    await dialog.getByRole('checkbox', { name: 'Otopark' }).check({ force: true });
    await dialog.getByRole('checkbox', { name: 'Duş' }).check({ force: true });
    await dialog.getByRole('switch', { name: 'Servis hizmeti var' }).check({ force: true });
    await dialog.getByLabel(/^Servis Ücreti/).fill('50');
    await dialog.getByRole('button', { name: /Alış Noktası Ekle/ }).click();
    await dialog.getByLabel('Alış Noktası 1 Adı').fill('Metro Durağı');
    await dialog.getByLabel('Kaç dakika önce').first().fill('30');

    await dialog.getByRole('button', { name: 'Oluştur', exact: true }).click();
    await page.getByText('Saha başarıyla oluşturuldu!').first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: NAME, exact: true }).waitFor();

    const [row] = db<{ slug: string; hourly_price: number; deposit_iban: string; transport_is_active: number }>(
      'select slug, hourly_price, deposit_iban, transport_is_active from facilities',
    );
    expect(row).toMatchObject({
      hourly_price: 120000,
      deposit_iban: 'TR330006100519786457841326',
      transport_is_active: 1,
    });
    slug = row.slug;
    expect(slug).toBe('yildiz-hali-saha');
    const images = db<{ mime: string; width: number; variants: string }>(
      'select mime, width, variants from facility_images order by sort_order',
    );
    expect(images.map((i) => [i.mime, i.width])).toEqual([
      ['image/png', 1200],
      ['image/png', 32],
    ]);
    // The browser made WebP copies of the big photo only; the server checked and stored them.
    expect(JSON.parse(images[0].variants).map((v: { width: number; height: number }) => [v.width, v.height])).toEqual([
      [480, 320],
      [960, 640],
    ]);
    expect(JSON.parse(images[1].variants)).toEqual([]);
    expect(db<{ n: number }>('select count(*) as n from pickup_points')[0].n).toBe(1);
    await context.close();
  });

  it('the new pitch is bookable at once; generating two weeks keeps those slots and the preview shows them; a visitor books one on the new public page', async () => {
    expect(slug).not.toBe('');
    const { page, context } = await newPage(browser, { origin: server.origin });
    await signInAsOwner(page);

    await page.getByRole('button', { name: `${NAME} işlemleri`, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Slot Oluştur' }).click();
    // Titled 'Slot Oluştur', then 'Slot Önizleme': the one dialog on the page throughout.
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const from = istanbulDate(1);
    const to = istanbulDate(14);
    // The pitch was bookable as soon as it was created: its horizon is already generated.
    const [{ n: opened }] = db<{ n: number }>(
      'select count(*) as n from booking_slots where date between ? and ?',
      from,
      to,
    );
    expect(opened).toBe(14 * 14);
    await typeDate(page, 'Başlangıç tarihi', from);
    await typeDate(page, 'Bitiş tarihi', to);
    await dialog.getByRole('button', { name: 'Slot Oluştur', exact: true }).click();
    await dialog.locator('[data-generation-result]').waitFor();
    // 09:00–23:00 every day (the form's defaults): 14 hourly slots a day for 14 days.
    const [{ n: generated }] = db<{ n: number }>(
      'select count(*) as n from booking_slots where date between ? and ?',
      from,
      to,
    );
    expect(generated).toBe(14 * 14);
    // Generating again over those days (no overwrite) keeps them all and creates none.
    const result = await dialog.locator('[data-generation-result]').textContent();
    expect(result).toContain('0 slot oluşturuldu');
    expect(result).toContain(`${generated} slot korundu`);

    await dialog.getByRole('button', { name: 'Önizle' }).click();
    await dialog.locator('[data-preview-slot]').first().waitFor();
    expect(await dialog.locator('[data-preview-slot]').count()).toBe(14);
    expect(await dialog.locator('[data-count="total"]').textContent()).toContain('14');
    expect(await dialog.locator('[data-preview-slot]').first().textContent()).toContain('₺1.200');
    await context.close();

    // The visitor: the pitch is on the public list, in the sitemap, and bookable.
    const visitor = await newPage(browser, { origin: server.origin });
    const sitemap = await visitor.context.request.get('/sitemap.xml');
    expect(await sitemap.text()).toContain(`/saha/${slug}`);
    await visitor.page.goto('/sahalar');
    // Phones fetch a copy: the card's photo offers them through srcset.
    const srcset = await visitor.page.locator('[data-facility-card] img').first().getAttribute('srcset');
    expect(srcset).toMatch(/-480\.webp 480w, .+-960\.webp 960w, .+\.png 1200w$/);
    await visitor.page.getByRole('link', { name: `${NAME} için rezervasyon yap` }).click();
    await visitor.page.waitForURL(`**/saha/${slug}`);
    // The calendar is an island of its own; its slots are on screen once it runs.
    await visitor.page.locator('[data-state] >> visible=true').first().waitFor();
    await visitor.page.locator('label', { has: visitor.page.getByRole('radio', { name: 'Günlük' }) }).click();
    await visitor.page.getByRole('button', { name: 'Sonraki gün' }).click();
    const free = visitor.page.locator(`[data-day="${from}"] [data-state=available]`).first();
    await free.waitFor();
    await free.click();
    await continueToForm(visitor.page);
    await visitor.page.getByRole('textbox', { name: /^Ad Soyad/ }).fill('Deniz Kaya');
    await visitor.page.getByRole('textbox', { name: /^Telefon/ }).pressSequentially('05321234567');
    await visitor.page.getByRole('button', { name: 'Rezervasyonu Tamamla' }).click();
    await visitor.page.getByRole('heading', { name: 'Rezervasyonunuz alındı' }).waitFor();
    const number = await visitor.page.locator('[data-booking-number]').textContent();
    await expect(visitor.page.locator('[data-deposit]').getByRole('heading').textContent()).resolves.toBe(
      'Kapora: ₺300',
    );
    const [booking] = db<{ status: string; date: string; deposit_amount: number }>(
      'select status, date, deposit_amount from bookings where booking_number = ?',
      number!,
    );
    expect(booking).toEqual({ status: 'pending', date: from, deposit_amount: 30000 });
    await visitor.context.close();
  });
});
