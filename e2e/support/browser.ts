// Debian's Chromium driven by playwright-core (never a downloaded browser), with the flags this closed network needs.
// playwright-core gives every launch a fresh temporary profile of its own.
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const origin = () => inject('origin');

const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export async function launch(): Promise<{ browser: Browser; close: () => Promise<void> }> {
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: FLAGS, headless: true });
  return { browser, close: () => browser.close() };
}

export async function newPage(browser: Browser, opts: { theme?: 'light' | 'dark'; width?: number } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: origin(),
    viewport: { width: opts.width ?? 1280, height: 900 },
    colorScheme: opts.theme ?? 'light',
    locale: 'tr-TR',
    timezoneId: 'Europe/Istanbul',
  });
  const page = await context.newPage();
  return { context, page };
}
