// Every panel screen, in both themes, passes axe-core with no serious or critical violation; so do the open booking
// dialog, the bell's popover and the phone layout with its drawer.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PANEL_NAV } from '../site/src/lib/panel';
import { axe } from './support/axe';
import { launch, newPage, settle } from './support/browser';
import { signIn } from './support/panel';

let browser: Browser;
let close: () => Promise<void>;
beforeAll(async () => ({ browser, close } = await launch()));
afterAll(async () => close());

// Every screen of the sidebar, and the page a manager is sent to for an admin's screen.
const SCREENS = [...PANEL_NAV.map((entry) => entry.href), '/yonetim/yetkisiz'];

async function open(theme: 'light' | 'dark', width = 1280) {
  const { page, context } = await newPage(browser, { theme, width });
  await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
  await signIn(context, 'admin');
  return { page, context };
}

describe.each(['light', 'dark'] as const)('panel accessibility in the %s theme', (theme) => {
  it('every panel screen has no serious or critical axe violation', async () => {
    const failures: string[] = [];
    const { page, context } = await open(theme);
    for (const path of SCREENS) {
      await page.goto(path);
      await settle(page, { networkIdle: true, hydrated: false, busy: 'lenient' });
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
      for (const v of await axe(page)) failures.push(`${path}: ${v}`);
    }
    await context.close();
    expect(failures).toEqual([]);
  });

  it('the booking detail dialog, the bell popover and the phone drawer have none either', async () => {
    const failures: string[] = [];
    const { page, context } = await open(theme);
    await page.goto('/yonetim/rezervasyonlar?tab=pending');
    await settle(page, { networkIdle: true, hydrated: false, busy: 'lenient' });
    await page
      .getByRole('button', { name: /^Detay/ })
      .first()
      .click();
    await page.getByRole('dialog').getByText('İşlem Geçmişi').waitFor();
    for (const v of await axe(page)) failures.push(`booking dialog: ${v}`);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: /^Bildirimler/ }).click();
    await page.locator('[data-live]').waitFor();
    for (const v of await axe(page)) failures.push(`bell: ${v}`);
    await context.close();

    const phone = await open(theme, 390);
    await phone.page.goto('/yonetim/rezervasyonlar');
    await settle(phone.page, { networkIdle: true, hydrated: false, busy: 'lenient' });
    for (const v of await axe(phone.page)) failures.push(`phone bookings: ${v}`);
    await phone.page.getByRole('button', { name: 'Menüyü aç' }).click();
    await phone.page.getByRole('button', { name: 'Menüyü kapat' }).waitFor();
    for (const v of await axe(phone.page)) failures.push(`phone drawer: ${v}`);
    await phone.context.close();
    expect(failures).toEqual([]);
  });
});
