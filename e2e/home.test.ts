import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowConsole, launch, newPage } from './support/browser';

let browser: Browser;
let close: () => Promise<void>;
beforeAll(async () => ({ browser, close } = await launch()));
afterAll(async () => close());

describe('home page', () => {
  it('lists the active pitches as server-rendered HTML with a booking link each', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/');
    // The stored SEO title, as written: the site name once.
    await expect(page.title()).resolves.toBe('Bursa Halı Saha | Online Halı Saha Rezervasyonu');
    const cards = page.locator('[data-facility-card]');
    expect(await cards.count()).toBe(5);
    const first = cards.first();
    await expect(first.getByRole('link', { name: /için rezervasyon yap/ }).getAttribute('href')).resolves.toMatch(
      /^\/saha\//,
    );
    await context.close();
  });

  it('remembers the dark theme and applies it before first paint on the next page', async () => {
    const { page, context } = await newPage(browser, { theme: 'light' });
    await page.goto('/');
    await page.getByRole('button', { name: 'Koyu temaya geç' }).first().click();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    // With every external script blocked, only the inline head script can have applied it: i.e. before first paint.
    // (The blocked scripts are logged as failed loads: provoked here, so allowed.)
    allowConsole(context, /net::ERR_FAILED/);
    await page.route('**/*.js', (route) => route.abort());
    await page.goto('/');
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await context.close();
  });

  it.each(['light', 'dark'] as const)(
    'the sticky header is opaque in the %s theme: the hero text never shows through',
    async (theme) => {
      const { page, context } = await newPage(browser, { theme, width: 390 });
      await page.addInitScript((t) => {
        try {
          localStorage.setItem('theme', t);
        } catch {
          /* a frame without storage */
        }
      }, theme);
      await page.goto('/');
      // The header's background alpha as the browser paints it (any colour syntax: rgb, oklab, color-mix).
      const alpha = await page.evaluate(() => {
        const header = document.querySelector('body > header')!;
        const ctx = document.createElement('canvas').getContext('2d')!;
        ctx.fillStyle = getComputedStyle(header).backgroundColor;
        ctx.fillRect(0, 0, 1, 1);
        return ctx.getImageData(0, 0, 1, 1).data[3];
      });
      expect(alpha).toBe(255);
      // Scrolled so the hero heading sits under the header: the pixel there is the header's own colour.
      await page.evaluate(() => window.scrollTo(0, (document.querySelector('h1') as HTMLElement).offsetTop - 20));
      const hidden = await page.evaluate(() => {
        const h1 = document.querySelector('h1')!.getBoundingClientRect();
        const header = document.querySelector('body > header')!.getBoundingClientRect();
        const x = h1.left + 10;
        const y = Math.min(header.bottom - 2, Math.max(h1.top + 2, header.top + 2));
        return document.elementFromPoint(x, y)?.closest('header') !== null;
      });
      expect(hidden).toBe(true);
      await context.close();
    },
  );
});
