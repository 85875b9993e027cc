// In real Chromium: the panel is installable (its manifest linked from panel pages only, valid, its icons real PNGs of
// the sizes it names), its service worker installs with scope /yonetim/ and controls the panel, caches nothing after
// panel pages and API calls, and shows a notification for a push delivered through the DevTools protocol. The bell's
// 'Bu cihaza bildirim gönder' at 360 px in both themes, and a refused permission said in Turkish.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffPushTexts } from '../contracts/staff-push';
import { axe } from './support/axe';
import { launch, newPage, overflow, settle } from './support/browser';
import { signIn } from './support/panel';

let browser: Browser;
let close: () => Promise<void>;
beforeAll(async () => ({ browser, close } = await launch()));
afterAll(async () => close());

interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  lang: string;
  theme_color: string;
  background_color: string;
  icons: Array<{ src: string; sizes: string; type: string; purpose?: string }>;
}

/** A PNG's width and height from its IHDR chunk, after checking the signature. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** The panel worker's registration once it is active and controls this page. */
async function controlled(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller)
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
      );
    return {
      scope: registration.scope,
      script: registration.active?.scriptURL ?? null,
      controller: navigator.serviceWorker.controller?.scriptURL ?? null,
    };
  });
}

/** The notifications the panel worker shows. */
const shownNotifications = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration('/yonetim/');
    const shown = (await registration?.getNotifications()) ?? [];
    return shown.map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      icon: n.icon,
      data: n.data as { url: string },
    }));
  });

describe('the installable panel', () => {
  it('links a valid manifest from panel pages only, with real icons of the sizes it names', async () => {
    const { page, context } = await newPage(browser);
    await signIn(context, 'admin');
    await page.goto('/yonetim/');
    await settle(page);
    const href = await page.locator('link[rel=manifest]').getAttribute('href');
    expect(href).toBe('/yonetim/manifest.webmanifest');
    expect(await page.locator('link[rel=apple-touch-icon]').getAttribute('href')).toBe('/yonetim/apple-touch-icon.png');

    const res = await page.request.get(href!);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/application\/manifest\+json|application\/json/);
    const manifest = (await res.json()) as Manifest;
    expect(manifest).toMatchObject({
      name: 'Halı Saha Yönetim',
      short_name: 'Yönetim',
      start_url: '/yonetim/',
      scope: '/yonetim/',
      display: 'standalone',
      lang: 'tr',
    });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);

    // Chromium's own reading of it: parsed without errors, the scope and start as given.
    const cdp = await context.newCDPSession(page);
    const read = (await cdp.send('Page.getAppManifest')) as { url: string; errors: Array<{ message: string }> };
    expect(read.errors).toEqual([]);
    expect(read.url).toMatch(/\/yonetim\/manifest\.webmanifest$/);

    const icons = [
      ...manifest.icons,
      { src: '/yonetim/apple-touch-icon.png', sizes: '180x180', type: 'image/png', purpose: 'any' },
    ];
    expect(icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512', '180x180']));
    expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
    for (const icon of icons) {
      const png = await page.request.get(icon.src);
      expect(png.status(), icon.src).toBe(200);
      expect(png.headers()['content-type']).toBe('image/png');
      const { width, height } = pngSize(await png.body());
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
      // And the browser decodes it as an image of that size.
      const natural = await page.evaluate(async (src) => {
        const img = new Image();
        img.src = src;
        await img.decode();
        return `${img.naturalWidth}x${img.naturalHeight}`;
      }, icon.src);
      expect(natural).toBe(icon.sizes);
    }

    // A public page names no manifest and registers no worker.
    await page.goto('/');
    await settle(page);
    expect(await page.locator('link[rel=manifest]').count()).toBe(0);
    await context.close();
  });

  it('its service worker controls /yonetim/, caches nothing, and shows a push delivered through the DevTools protocol', async () => {
    const { page, context } = await newPage(browser);
    await signIn(context, 'admin');
    await context.grantPermissions(['notifications']);
    await page.goto('/yonetim/');
    await settle(page);

    const sw = await controlled(page);
    expect(sw.scope).toMatch(/\/yonetim\/$/);
    expect(sw.script).toMatch(/\/yonetim\/sw\.js$/);
    expect(sw.controller).toBe(sw.script);
    const script = await page.request.get('/yonetim/sw.js');
    expect(script.headers()['content-type']).toMatch(/javascript/);
    // Revalidated on every update check: a fixed worker reaches every device at once.
    expect(script.headers()['cache-control'] ?? '').not.toMatch(/immutable|max-age=[1-9]/);

    // Browse panel pages and call the API under the worker: nothing is kept.
    for (const path of ['/yonetim/rezervasyonlar', '/yonetim/bildirimler', '/yonetim/bugun', '/yonetim/']) {
      await page.goto(path);
      await settle(page);
    }
    const answers = await page.evaluate(async () => {
      const calls = ['/api/users/me', '/api/notifications/unread', '/api/bookings?page=1'];
      return Promise.all(calls.map(async (url) => (await fetch(url, { credentials: 'same-origin' })).status));
    });
    expect(answers.every((s) => s === 200)).toBe(true);
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/yonetim\/sw\.js$/);
    expect(await page.evaluate(() => caches.keys())).toEqual([]);

    // A push message, as a push service would hand it to the browser.
    const cdp = await context.newCDPSession(page);
    const registrations = new Promise<Array<{ registrationId: string; scopeURL: string }>>((resolve) =>
      cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => {
        const regs = (e as { registrations: Array<{ registrationId: string; scopeURL: string; isDeleted: boolean }> })
          .registrations;
        if (regs.some((r) => r.scopeURL.endsWith('/yonetim/') && !r.isDeleted)) resolve(regs);
      }),
    );
    await cdp.send('ServiceWorker.enable');
    const registration = (await registrations).find((r) => r.scopeURL.endsWith('/yonetim/'))!;
    const payload = {
      title: 'Yeni rezervasyon',
      body: 'Yeşil Vadi Halı Saha · 27 Kasım Perşembe 21:00',
      url: '/yonetim/rezervasyonlar?booking=abc123',
      tag: 'yonetim-abc123',
    };
    // Chromium hands the message over without waiting for the worker to take it, and on a loaded machine starting
    // the worker can miss the event: like a push service, the test sends again until it is shown. The tag makes a
    // second delivery replace the first, so exactly one notification is the answer either way.
    await expect
      .poll(
        async () => {
          const shown = await shownNotifications(page);
          if (shown.length === 0)
            await cdp.send('ServiceWorker.deliverPushMessage', {
              origin: new URL(page.url()).origin,
              registrationId: registration.registrationId,
              data: JSON.stringify(payload),
            });
          return shown;
        },
        { timeout: 20_000, interval: 2_500 },
      )
      .toHaveLength(1);
    const [n] = await shownNotifications(page);
    expect(n).toMatchObject({ title: payload.title, body: payload.body, tag: payload.tag });
    expect(n.icon).toMatch(/\/yonetim\/icon-192\.png$/);
    expect(n.data.url).toBe(new URL(payload.url, page.url()).href);

    // A payload that names an address outside the panel opens the panel instead.
    await expect
      .poll(
        async () => {
          const other = (await shownNotifications(page)).find((x) => x.tag === 'other');
          if (!other)
            await cdp.send('ServiceWorker.deliverPushMessage', {
              origin: new URL(page.url()).origin,
              registrationId: registration.registrationId,
              data: JSON.stringify({ ...payload, tag: 'other', url: 'https://attacker.example/' }),
            });
          return other?.data.url;
        },
        { timeout: 20_000, interval: 2_500 },
      )
      .toBe(new URL('/yonetim/', page.url()).href);
    expect(await page.evaluate(() => caches.keys())).toEqual([]);
    await context.close();
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`the bell's 'Bu cihaza bildirim gönder' at 360 px, ${theme} theme; a refused permission is said in Turkish`, async () => {
      const { page, context } = await newPage(browser, { theme, width: 360 });
      await signIn(context, 'manager');
      // The browser's answer to the permission prompt, refused (headless Chromium has no prompt to click).
      await context.addInitScript(() => {
        Notification.requestPermission = async () => 'denied';
      });
      await page.goto('/yonetim/rezervasyonlar');
      await settle(page);
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
      await page.getByRole('button', { name: /^Bildirimler/ }).click();
      const toggle = page.getByRole('switch', { name: staffPushTexts.toggle });
      await toggle.waitFor();
      await page.locator('[data-staff-push=off]').waitFor();
      expect(await toggle.isChecked()).toBe(false);
      await page.getByText(staffPushTexts.hint).waitFor();
      expect(await overflow(page), `${theme} bell`).toBeLessThanOrEqual(0);
      expect(await axe(page), `${theme} bell`).toEqual([]);

      await page.locator('[data-staff-push]').getByText(staffPushTexts.toggle).click();
      await page.getByRole('status').filter({ hasText: staffPushTexts.denied }).waitFor();
      await page.locator('[data-staff-push=off]').waitFor();
      expect(await toggle.isChecked()).toBe(false);
      expect(await overflow(page), `${theme} bell with the refusal`).toBeLessThanOrEqual(0);
      await context.close();
    });
  }
});
