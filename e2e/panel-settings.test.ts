// Ayarlar in the browser: an admin renames the site and turns the maintenance switch on, the public home
// shows both at once (the edge cache keys pages by the content version the save replaces), the public booking API
// answers 503 while the panel works, and everything is switched back. A manager is refused on page and API; the screen
// is keyboard-usable, passes axe, and nothing scrolls sideways at 360 px in either theme with long unbroken values.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axe } from './support/axe';
import { allowConsole, launch, newPage } from './support/browser';
import { unbroken } from './support/long-data';
import { signIn } from './support/panel';

let browser: Browser;
let close: () => Promise<void>;
let original: Record<string, unknown>;
let adminToken: string;

async function adminApi(): Promise<{ context: BrowserContext; token: string }> {
  const { context } = await newPage(browser);
  const token = await signIn(context, 'admin');
  return { context, token };
}

async function putSettings(body: Record<string, unknown>) {
  const { context } = await newPage(browser);
  const res = await context.request.put('/api/site-settings', {
    data: body,
    headers: { authorization: `Bearer ${adminToken}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  await context.close();
}

beforeAll(async () => {
  ({ browser, close } = await launch());
  const { context, token } = await adminApi();
  adminToken = token;
  original = ((await (await context.request.get('/api/site-settings')).json()) as { data: Record<string, unknown> })
    .data;
  await context.close();
});
afterAll(async () => {
  // Whatever happened, the shared server's site is left as it was found.
  if (original) await putSettings(original);
  await close();
});

async function openSettings(opts: { theme?: 'light' | 'dark'; width?: number } = {}) {
  const { page, context } = await newPage(browser, opts);
  if (opts.theme) await page.addInitScript((t) => localStorage.setItem('theme', t), opts.theme);
  await signIn(context, 'admin');
  await page.goto('/yonetim/ayarlar');
  await page.locator('[data-site-settings]').waitFor();
  return { page, context };
}

/** The maintenance notice is answered 503 on purpose (site/src/lib/maintenance.ts); Chromium logs that document. */
const MAINTENANCE_503 = /^Failed to load resource: the server responded with a status of 503\b/;

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();

describe('Ayarlar: site settings reach the public pages at once', () => {
  it('an admin renames the site and turns maintenance on; the home shows it, the booking API refuses; then back', async () => {
    const { page, context } = await openSettings();
    // The sub-navigation marks this screen.
    const nav = page.getByRole('navigation', { name: 'Ayarlar bölümleri' });
    expect(await nav.getByRole('link', { name: 'Site ve kurallar' }).getAttribute('aria-current')).toBe('page');

    // A visitor's view first, so the home page is in the edge cache before the change.
    const visitor = await newPage(browser);
    await visitor.page.goto('/');
    expect(await visitor.page.getByRole('heading', { name: 'Sistem Bakımda' }).count()).toBe(0);

    const name = page.getByLabel(/^Site adı/);
    await name.fill('Ayar Testi Sahası');
    await page.getByText('Siteyi bakıma al', { exact: true }).click();
    await page.getByLabel('Bakım mesajı').fill('Zemin yenileniyor, pazartesi açığız.');
    await page.getByRole('button', { name: 'Site ayarlarını kaydet' }).click();
    await toast(page, 'Site ayarları kaydedildi');

    allowConsole(visitor.context, MAINTENANCE_503);
    // 503 with Retry-After: crawlers keep the real pages and come back later; never kept at the edge.
    const closed = await visitor.page.goto('/');
    expect(closed?.status()).toBe(503);
    expect(closed?.headers()['retry-after']).toBe('1800');
    expect(closed?.headers()['cache-control']).toBe('no-store');
    await visitor.page.getByRole('heading', { level: 1, name: 'Sistem Bakımda' }).waitFor();
    expect(await visitor.page.getByText('Zemin yenileniyor, pazartesi açığız.').count()).toBe(1);
    // The notice replaces the page's content: no pitch card, one h1.
    expect(await visitor.page.locator('main a[href^="/saha/"]').count()).toBe(0);
    expect(await visitor.page.locator('h1').count()).toBe(1);
    expect(await visitor.page.title()).toContain('Ayar Testi Sahası');
    expect(await visitor.page.locator('footer').textContent()).toContain('Ayar Testi Sahası');
    expect((await visitor.page.goto('/sahalar'))?.status()).toBe(503);
    // The contact page stays readable during maintenance.
    expect((await visitor.page.goto('/iletisim'))?.status()).toBe(200);
    await visitor.page.getByRole('heading', { level: 1, name: 'İletişim' }).waitFor();
    // So does the sign-in page: a staff member whose session ended can still get in to switch maintenance off.
    expect((await visitor.page.goto('/giris'))?.status()).toBe(200);
    await visitor.page.getByLabel('E-posta veya kullanıcı adı').waitFor();
    expect(await visitor.page.getByRole('heading', { name: 'Sistem Bakımda' }).count()).toBe(0);

    // The public booking API is closed, the panel's API is not.
    const facilities = (
      (await (await visitor.context.request.get('/api/facilities')).json()) as { data: Array<{ documentId: string }> }
    ).data;
    const refused = await visitor.context.request.post('/api/bookings', {
      data: {
        facility: facilities[0].documentId,
        bookingSlot: '1',
        customerName: 'Ali Veli',
        customerPhone: '05320000001',
      },
    });
    expect(refused.status()).toBe(503);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      'Sistem bakımda. Rezervasyon şu an alınamıyor; lütfen biraz sonra tekrar deneyin.',
    );
    expect((await context.request.get('/api/bookings')).status()).toBe(200);

    // Switched back through the same form.
    await page.reload();
    await page.locator('[data-site-settings]').waitFor();
    await page.getByLabel(/^Site adı/).fill(String(original.siteName));
    await page.getByText('Siteyi bakıma al', { exact: true }).click();
    await page.getByLabel('Bakım mesajı').fill('');
    await page.getByRole('button', { name: 'Site ayarlarını kaydet' }).click();
    await toast(page, 'Site ayarları kaydedildi');

    await visitor.page.goto('/');
    await visitor.page.locator('footer').waitFor();
    expect(await visitor.page.getByRole('heading', { name: 'Sistem Bakımda' }).count()).toBe(0);
    expect(await visitor.page.title()).toContain(String(original.siteName));
    expect(await visitor.page.title()).not.toContain('Ayar Testi Sahası');
    await visitor.context.close();
    await context.close();
  });

  it('a rule change is saved from the form and read back', async () => {
    const { page, context } = await openSettings();
    const cancel = page.getByLabel('Müşteri iptal süresi (saat)');
    expect(await cancel.inputValue()).toBe('24');
    await cancel.fill('36');
    await page.getByRole('button', { name: 'Kuralları kaydet' }).click();
    await toast(page, 'Rezervasyon kuralları kaydedildi');
    // The contact page promises the new window at once.
    const visitor = await newPage(browser);
    await visitor.page.goto('/iletisim');
    expect(await visitor.page.locator('#sss').locator('..').textContent()).toContain('en az 36 saat öncesine kadar');
    await visitor.context.close();

    await page.reload();
    await page.locator('[data-booking-rules]').waitFor();
    expect(await page.getByLabel('Müşteri iptal süresi (saat)').inputValue()).toBe('36');
    await page.getByRole('button', { name: 'Varsayılanlara dön' }).click();
    await page.getByRole('button', { name: 'Kuralları kaydet' }).click();
    await toast(page, 'Rezervasyon kuralları kaydedildi');
    await page.reload();
    await page.locator('[data-booking-rules]').waitFor();
    expect(await page.getByLabel('Müşteri iptal süresi (saat)').inputValue()).toBe('24');
    await context.close();
  });
});

describe('Ayarlar: access', () => {
  it('a manager is sent to Yetkisiz Erişim and refused by the API', async () => {
    const { page, context } = await newPage(browser);
    await signIn(context, 'manager');
    const res = await context.request.get('/yonetim/ayarlar', { maxRedirects: 0 });
    expect(res.status()).toBe(302);
    expect(res.headers().location).toBe('/yonetim/yetkisiz');
    await page.goto('/yonetim/ayarlar');
    await page.getByRole('heading', { name: 'Yetkisiz Erişim' }).waitFor();
    expect((await context.request.get('/api/booking-rules')).status()).toBe(403);
    expect((await context.request.put('/api/site-settings', { data: original })).status()).toBe(403);
    await context.close();
  });

  it('the form is keyboard-usable: Tab reaches the maintenance switch and Space turns it on', async () => {
    const { page, context } = await openSettings();
    const sw = page.getByRole('switch', { name: 'Siteyi bakıma al' });
    let reached = false;
    for (let i = 0; i < 60 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await sw.evaluate((el) => el === document.activeElement);
    }
    expect(reached).toBe(true);
    await page.keyboard.press('Space');
    expect(await sw.isChecked()).toBe(true);
    // Not saved: nothing changed on the server.
    const stored = (await (await context.request.get('/api/site-settings')).json()) as {
      data: { maintenanceMode: boolean };
    };
    expect(stored.data.maintenanceMode).toBe(false);
    await context.close();
  });
});

describe.each(['light', 'dark'] as const)('Ayarlar at 360 px in the %s theme', (theme) => {
  it('no sideways scroll on the screen or the public pages with long unbroken values; no axe violation', async () => {
    await putSettings({
      ...original,
      siteName: unbroken(80),
      tagline: unbroken(160),
      instagram: `@${'a'.repeat(60)}`,
      youtube: `https://www.youtube.com/@${unbroken(200)}`,
      contactEmail: `${'e'.repeat(60)}@example.com`,
      address: unbroken(300),
      maintenanceMessage: unbroken(500),
    });
    const { page, context } = await openSettings({ theme, width: 360 });
    const width = () => page.evaluate(() => document.documentElement.scrollWidth);
    expect(await page.getByLabel(/^Site adı/).inputValue()).toBe(unbroken(80));
    expect(await width()).toBeLessThanOrEqual(360);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
    expect(await axe(page)).toEqual([]);
    for (const path of ['/', '/iletisim', '/aydinlatma-metni']) {
      await page.goto(path);
      await page.locator('footer').waitFor();
      expect(await width(), path).toBeLessThanOrEqual(360);
    }
    // The maintenance notice with a long message, too.
    await putSettings({
      ...original,
      siteName: unbroken(80),
      maintenanceMode: true,
      maintenanceMessage: unbroken(500),
    });
    allowConsole(context, MAINTENANCE_503);
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Sistem Bakımda' }).waitFor();
    expect(await width()).toBeLessThanOrEqual(360);
    expect(await axe(page)).toEqual([]);
    await putSettings(original);
    await context.close();
  });
});
