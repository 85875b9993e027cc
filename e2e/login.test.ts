// Staff sign-in and the panel guard in a real browser: a signed-out visit to the panel lands on /giris and comes back.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage } from './support/browser';

let browser: Browser;
let close: () => Promise<void>;
beforeAll(async () => ({ browser, close } = await launch()));
afterAll(async () => close());

const hydrated = (page: Page) => page.waitForSelector('astro-island:not([ssr])', { state: 'attached' });

describe('login', () => {
  it('a signed-out visit to /yonetim/rezervasyonlar lands on /giris and returns there after logging in', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/yonetim/rezervasyonlar');
    await page.waitForURL((url) => url.pathname === '/giris');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/yonetim/rezervasyonlar');
    await expect(page.title()).resolves.toMatch(/^Yönetici Paneli \| /);
    await expect(page.locator('meta[name=robots]').getAttribute('content')).resolves.toContain('noindex');

    await hydrated(page);
    await page.getByLabel('E-posta veya kullanıcı adı').fill('admin');
    await page.getByLabel('Şifre', { exact: true }).fill('admin1234');
    await page.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
    await page.getByText('Başarıyla giriş yapıldı!').waitFor();
    await page.waitForURL((url) => url.pathname === '/yonetim/rezervasyonlar');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    // The guard accepts the session: the visitor stays on the panel path.
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).pathname).toBe('/yonetim/rezervasyonlar');

    // Signed in, /giris sends the visitor straight back to the origin.
    await page.goto('/giris?redirect=%2Fyonetim%2Fsahalar');
    await page.waitForURL((url) => url.pathname === '/yonetim/sahalar');
    await context.close();
  });

  it('wrong credentials and invalid input get the Turkish texts', async () => {
    const { page, context } = await newPage(browser, { theme: 'dark', width: 390 });
    await page.goto('/giris');
    await hydrated(page);
    const submit = page.getByRole('button', { name: 'Giriş Yap', exact: true });
    await submit.click();
    await page.getByText('E-posta veya kullanıcı adı gerekli').waitFor();
    await page.getByText('Şifre gerekli', { exact: true }).waitFor();
    await page.getByLabel('E-posta veya kullanıcı adı').fill('admin');
    await page.getByLabel('Şifre', { exact: true }).fill('yanlis-sifre');
    await submit.click();
    await page.getByText('Geçersiz kullanıcı adı/e-posta veya şifre').waitFor();
    expect(new URL(page.url()).pathname).toBe('/giris');
    expect(new URL(page.url()).search).toBe('');
    await context.close();
  });
});
