import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage } from './support/browser';

let browser: Browser;
let close: () => Promise<void>;
beforeAll(async () => ({ browser, close } = await launch()));
afterAll(async () => close());

describe('home page', () => {
  it('lists the active pitches as server-rendered HTML with a booking link each', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/');
    await expect(page.title()).resolves.toMatch(/\| Bursa Halı Saha$/);
    const cards = page.locator('[data-facility-card]');
    expect(await cards.count()).toBe(5);
    const first = cards.first();
    await expect(first.getByRole('link', { name: /için rezervasyon yap/ }).getAttribute('href')).resolves.toMatch(/^\/saha\//);
    await context.close();
  });

  it('remembers the dark theme and applies it before first paint on the next page', async () => {
    const { page, context } = await newPage(browser, { theme: 'light' });
    await page.goto('/');
    await page.getByRole('button', { name: 'Koyu temaya geç' }).first().click();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    // With every external script blocked, only the inline head script can have applied it: i.e. before first paint.
    await page.route('**/*.js', (route) => route.abort());
    await page.goto('/');
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await context.close();
  });
});
