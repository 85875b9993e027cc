// Sessions in real Chromium: 'Çıkış Yap' on the shop PC signs out that browser only, the owner's phone stays signed in;
// 'Tüm oturumları kapat' under Hesabım signs out every device, the one it is pressed on included. At 360 px in both
// themes, keyboard reachable and axe-clean, with no console error.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axe } from './support/axe';
import { launch, newPage, origin, settle } from './support/browser';
import { signIn } from './support/panel';

let browser: Browser;
let close: () => Promise<void>;
beforeAll(async () => ({ browser, close } = await launch()));
afterAll(async () => close());

let seq = 0;
/** A manager of this test's own, so the demo accounts other files sign in with are never signed out. */
async function newManager(): Promise<{ identifier: string; password: string }> {
  const { context } = await newPage(browser);
  await signIn(context, 'admin');
  const username = `oturum${Date.now() % 100_000}${++seq}`;
  const res = await context.request.post('/api/staff-users', {
    data: { username, email: `${username}@example.com`, firstName: 'Oturum', lastName: 'Deneme', role: 'manager' },
    headers: { origin: origin() },
  });
  expect(res.status(), await res.text()).toBe(201);
  const password = ((await res.json()) as { data: { password: string } }).data.password;
  await context.close();
  return { identifier: username, password };
}

async function device(who: { identifier: string; password: string }, theme: 'light' | 'dark') {
  const { page, context } = await newPage(browser, { theme, width: 360 });
  await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
  const res = await context.request.post('/api/auth/local', { data: who });
  expect(res.status()).toBe(200);
  return { page, context };
}

const path = (page: Page) => new URL(page.url()).pathname;

describe.each(['light', 'dark'] as const)('sessions in the %s theme at 360 px', (theme) => {
  it("'Çıkış Yap' on one device leaves the account's other device signed in", async () => {
    const who = await newManager();
    const shop = await device(who, theme);
    const phone = await device(who, theme);
    await shop.page.goto('/yonetim');
    await settle(shop.page, { networkIdle: true, hydrated: false, busy: 'lenient' });
    await shop.page.locator('[data-user-menu-button]').click();
    await shop.page.getByRole('button', { name: 'Çıkış Yap' }).click();
    await shop.page.waitForURL(/\/giris/);
    await shop.page.goto('/yonetim');
    expect(path(shop.page)).toBe('/giris');

    await phone.page.goto('/yonetim');
    await settle(phone.page, { networkIdle: true, hydrated: false, busy: 'lenient' });
    expect(path(phone.page)).toBe('/yonetim');
    await shop.context.close();
    await phone.context.close();
  });

  it("'Tüm oturumları kapat' signs out every device, this one included, after a confirmation", async () => {
    const who = await newManager();
    const shop = await device(who, theme);
    const phone = await device(who, theme);
    await phone.page.goto('/yonetim/hesabim');
    await settle(phone.page, { networkIdle: true, hydrated: false, busy: 'lenient' });
    expect(await axe(phone.page)).toEqual([]);
    const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);

    // Keyboard: the button is reachable with Tab and opens an alert dialog; Vazgeç changes nothing.
    const trigger = phone.page.getByRole('button', { name: 'Tüm oturumları kapat' });
    await trigger.focus();
    await phone.page.keyboard.press('Enter');
    const dialog = phone.page.getByRole('alertdialog', { name: 'Tüm oturumlar kapatılsın mı?' });
    await dialog.waitFor();
    expect(await axe(phone.page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Vazgeç' }).click();
    await dialog.waitFor({ state: 'detached' });
    await shop.page.goto('/yonetim');
    expect(path(shop.page)).toBe('/yonetim');
    // The shop PC's bell is connected when the session ends elsewhere: its socket is closed and the tab signed out.
    await shop.page.locator('[data-bell-live="open"]').first().waitFor();

    await trigger.click();
    await dialog.getByRole('button', { name: 'Tüm oturumları kapat' }).click();
    await phone.page.waitForURL(/\/giris/);
    await shop.page.waitForURL(/\/giris/);
    for (const d of [phone, shop]) {
      await d.page.goto('/yonetim');
      expect(path(d.page)).toBe('/giris');
    }
    await shop.context.close();
    await phone.context.close();
  });
});
