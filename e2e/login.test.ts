// Staff sign-in and the panel guard in a real browser: a signed-out visit to the panel lands on /giris and comes back.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, origin } from './support/browser';

let browser: Browser;
let close: () => Promise<void>;
beforeAll(async () => ({ browser, close } = await launch()));
afterAll(async () => close());

/** The page has no island: scripts/login.ts marks the form ready once it has wired it. */
const hydrated = (page: Page) => page.waitForSelector('[data-login-form][data-ready]', { state: 'attached' });

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
    // The session is the HttpOnly cookie only: no token in storage, none readable by scripts.
    expect(await page.evaluate(() => [localStorage.getItem('token'), sessionStorage.getItem('token')])).toEqual([
      null,
      null,
    ]);
    expect(await page.evaluate(() => document.cookie)).not.toContain('hs_session');
    const session = (await context.cookies()).find((c) => c.name === 'hs_session')!;
    expect(session.httpOnly).toBe(true);
    // 'Beni hatırla' is on by default: a persistent cookie.
    expect(session.expires).toBeGreaterThan(Date.now() / 1000 + 29 * 86_400);
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

  it("without 'Beni hatırla': a browser-session cookie, and a second tab still sees Bildirimler (the cookie is the truth)", async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/giris?redirect=%2Fyonetim');
    await hydrated(page);
    await page.getByLabel('E-posta veya kullanıcı adı').fill('mudur');
    await page.getByLabel('Şifre', { exact: true }).fill('mudur1234');
    await page.getByText('Beni hatırla', { exact: true }).click();
    expect(await page.getByRole('checkbox', { name: 'Beni hatırla' }).isChecked()).toBe(false);
    await page.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/yonetim');
    const session = (await context.cookies()).find((c) => c.name === 'hs_session')!;
    expect(session.expires).toBe(-1);

    const second = await context.newPage();
    await second.goto('/yonetim/bildirimler');
    await second.getByRole('heading', { level: 1, name: 'Bildirimler' }).waitFor();
    await second.waitForLoadState('networkidle');
    expect(await second.getByText('Bildirimleri görmek için giriş yapmalısınız').count()).toBe(0);
    await context.close();
  });
});

describe('login page without React', () => {
  it('ships no React island and no React code', async () => {
    const { page, context } = await newPage(browser);
    const scripts: string[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.push(new URL(res.url()).pathname);
    });
    await page.goto('/giris');
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    expect(await page.locator('astro-island').count()).toBe(0);
    expect(scripts.filter((s) => /react|client\.|LoginForm/i.test(s))).toEqual([]);
    await context.close();
  });

  it('keyboard only: Tab through the form, toggle the password, Enter signs in and follows the redirect', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/giris?redirect=%2Fyonetim%2Fbildirimler');
    await hydrated(page);
    await page.locator('#login-identifier').focus();
    await page.keyboard.type('admin');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('login-password');
    await page.keyboard.type('admin1234');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Şifreyi göster');
    await page.keyboard.press('Enter');
    expect(await page.locator('#login-password').getAttribute('type')).toBe('text');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Şifreyi gizle');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await page.getByText('Başarıyla giriş yapıldı!').waitFor();
    await page.waitForURL((url) => url.pathname === '/yonetim/bildirimler');
    await context.close();
  });

  it('a wrong password is announced in the alert, focus stays in the form, and the button comes back', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/giris');
    await hydrated(page);
    await page.getByLabel('E-posta veya kullanıcı adı').fill('admin');
    await page.getByLabel('Şifre', { exact: true }).fill('yanlis-sifre');
    await page.getByLabel('Şifre', { exact: true }).press('Enter');
    const alert = page.getByRole('alert').filter({ hasText: 'Geçersiz kullanıcı adı/e-posta veya şifre' });
    await alert.waitFor();
    expect(await page.locator('[data-login-form]').getAttribute('aria-describedby')).toBe('login-error');
    expect(await page.getByRole('button', { name: 'Giriş Yap', exact: true }).isEnabled()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('login-password');
    // Invalid input: aria-invalid and the message tied to the field.
    await page.getByLabel('E-posta veya kullanıcı adı').fill('');
    await page.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
    const identifier = page.getByLabel('E-posta veya kullanıcı adı');
    expect(await identifier.getAttribute('aria-invalid')).toBe('true');
    expect(await identifier.getAttribute('aria-describedby')).toBe('login-identifier-error');
    expect(await page.locator('#login-identifier-error').textContent()).toBe('E-posta veya kullanıcı adı gerekli');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('login-identifier');
    await context.close();
  });

  it('a foreign redirect is refused: after signing in the visitor lands on the panel', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/giris?redirect=%2F%2Fevil.example%2Fyonetim');
    await hydrated(page);
    await page.getByLabel('E-posta veya kullanıcı adı').fill('admin');
    await page.getByLabel('Şifre', { exact: true }).fill('admin1234');
    await page.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/yonetim');
    expect(new URL(page.url()).origin).toBe(origin());
    await context.close();
  });

  it('signing in at /giris lands on /yonetim; ?next goes back to a same-site page, never to another host', async () => {
    const signInAt = async (path: string) => {
      const { page, context } = await newPage(browser, { width: 360 });
      await page.goto(path);
      await hydrated(page);
      await page.getByLabel('E-posta veya kullanıcı adı').fill('mudur');
      await page.getByLabel('Şifre', { exact: true }).fill('mudur1234');
      await page.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
      await page.waitForURL((url) => url.pathname !== '/giris');
      const url = new URL(page.url());
      await context.close();
      return url;
    };
    expect((await signInAt('/giris')).pathname).toBe('/yonetim');
    expect((await signInAt('/giris?next=%2Fyonetim%2Fsahalar')).pathname).toBe('/yonetim/sahalar');
    for (const bad of ['https%3A%2F%2Fevil.com%2F', '%2F%2Fevil.com']) {
      const url = await signInAt(`/giris?next=${bad}`);
      expect(url.origin).toBe(origin());
      expect(url.pathname).toBe('/yonetim');
    }
  });

  it('without JavaScript the button stays disabled, so the password is never sent in the address', async () => {
    const context = await browser.newContext({ baseURL: origin(), javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/giris');
    await page.getByLabel('E-posta veya kullanıcı adı').fill('admin');
    await page.getByLabel('Şifre', { exact: true }).fill('admin1234');
    await page.getByLabel('Şifre', { exact: true }).press('Enter');
    expect(await page.getByRole('button', { name: 'Giriş Yap', exact: true }).isDisabled()).toBe(true);
    expect(await page.locator('[data-login-form]').getAttribute('method')).toBe('post');
    expect(page.url()).not.toContain('admin1234');
    await context.close();
  });

  for (const theme of ['light', 'dark'] as const)
    it(`at 360 px in the ${theme} theme, with an error and the password shown, nothing scrolls sideways`, async () => {
      const { page, context } = await newPage(browser, { theme, width: 360 });
      await page.goto('/giris');
      await hydrated(page);
      await page.getByLabel('E-posta veya kullanıcı adı').fill('a'.repeat(200));
      await page.getByLabel('Şifre', { exact: true }).fill('yanlis-sifre');
      await page.getByRole('button', { name: 'Şifreyi göster' }).click();
      await page.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
      await page.getByText('Geçersiz kullanıcı adı/e-posta veya şifre').waitFor();
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
      const { scrollWidth, width } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        width: window.innerWidth,
      }));
      expect(scrollWidth).toBeLessThanOrEqual(width);
      await context.close();
    });
});

describe('security headers in a real browser', () => {
  const pages = [
    '/',
    '/sahalar',
    '/giris',
    '/rezervasyon-takip',
    '/iletisim',
    '/yonetim',
    '/yonetim/bildirimler',
    '/yonetim/haftalik-takvim',
    '/yonetim/rezervasyonlar',
  ];

  it('every page carries the CSP, frame-ancestors none, nosniff and Referrer-Policy, and loads with no CSP violation', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/giris');
    await hydrated(page);
    await page.getByLabel('E-posta veya kullanıcı adı').fill('admin');
    await page.getByLabel('Şifre', { exact: true }).fill('admin1234');
    await page.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
    await page.waitForURL((url) => url.pathname !== '/giris');
    const slug = await page.evaluate(
      async () => ((await (await fetch('/api/facilities')).json()) as { data: { slug: string }[] }).data[0]?.slug,
    );
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' && /Content[- ]Security[- ]Policy|CSP/i.test(m.text())) problems.push(m.text());
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) =>
        console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`),
      );
    });
    for (const path of [...pages, ...(slug ? [`/saha/${slug}`] : [])]) {
      const res = (await page.goto(path))!;
      await page.waitForLoadState('networkidle');
      const headers = res.headers();
      expect(headers['content-security-policy'], path).toMatch(/script-src 'self' 'nonce-/);
      expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
      expect(headers['x-content-type-options'], path).toBe('nosniff');
      expect(headers['referrer-policy'], path).toBe('same-origin');
      // The islands ran: a page whose scripts the CSP blocked would keep its islands unhydrated.
      if (await page.locator('astro-island').count())
        await page.waitForSelector('astro-island:not([ssr])', { state: 'attached' });
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a page of another site cannot frame the panel', async () => {
    const { page, context } = await newPage(browser);
    const res = (await page.goto('/giris'))!;
    expect(res.headers()['x-frame-options']).toBe('DENY');
    await context.close();
  });
});
