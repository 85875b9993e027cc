// Ayarlar → Personel, Denetim kaydı and Hesabım in real Chromium: an admin creates a manager and sees the
// first password once; the manager signs in with it in a second browser, changes their own password and stays signed
// in, is refused on both Ayarlar pages; the admin disables them and the manager's open panel is signed out on its next
// request ('Done when'). At 360 px a 120-character unbroken name widens nothing in either theme. No console error.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, overflow, settle, takeConsoleProblems } from './support/browser';
import { unbroken } from './support/long-data';
import { queryDb, signIn } from './support/panel';

let browser: Browser;
let close: () => Promise<void>;
beforeAll(async () => ({ browser, close } = await launch()));
afterAll(async () => close());

const username = `e2e${Date.now().toString(36)}`;
const longName = unbroken(120);

describe('staff accounts', () => {
  it('create → password once → the manager signs in, changes their password, is refused on Ayarlar, is disabled and signed out', async () => {
    const admin = await newPage(browser);
    await signIn(admin.context, 'admin');
    await admin.page.goto('/yonetim/ayarlar/personel');
    await settle(admin.page, { busy: 'ignore' });
    await admin.page.locator('[data-staff-row="admin"]').waitFor();
    expect(
      await admin.page
        .getByRole('navigation', { name: 'Ayarlar bölümleri' })
        .getByRole('link', { name: 'Personel' })
        .getAttribute('aria-current'),
    ).toBe('page');

    await admin.page.getByRole('button', { name: 'Yeni personel' }).click();
    const form = admin.page.getByRole('dialog', { name: 'Yeni personel' });
    await form.getByRole('textbox', { name: /Kullanıcı adı/ }).fill(username);
    await form.getByRole('textbox', { name: /E-posta/ }).fill(`${username}@ornek.com`);
    await form.getByRole('textbox', { name: /^Ad/ }).fill(longName);
    await form.getByRole('button', { name: 'Oluştur' }).click();
    const shown = admin.page.getByRole('dialog', { name: 'Hesap oluşturuldu' });
    await shown.getByText('Bu şifre bir daha gösterilmeyecek', { exact: false }).waitFor();
    const password = (await shown.locator('[data-generated-password]').textContent())!.trim();
    expect(password).toMatch(/^[A-Za-z2-9]{14}$/);
    await shown.getByRole('button', { name: 'Kapat' }).click();
    await shown.waitFor({ state: 'detached' });
    // Shown once: the list has no password, the database only its hash.
    expect(await admin.page.content()).not.toContain(password);
    const [row] = queryDb<{ password_hash: string }>('select password_hash from users where username = ?', username);
    expect(row.password_hash).not.toContain(password);

    // The manager, in a second browser.
    const manager = await newPage(browser);
    const login = await manager.context.request.post('/api/auth/local', { data: { identifier: username, password } });
    expect(login.status()).toBe(200);
    await manager.page.goto('/yonetim/hesabim');
    await settle(manager.page, { busy: 'ignore' });
    await manager.page.getByLabel(/^Mevcut şifre/).fill(password);
    await manager.page.getByLabel(/^Yeni şifre(?! \()/).fill('YeniSifre2026');
    await manager.page.getByLabel(/^Yeni şifre \(tekrar\)/).fill('YeniSifre2026');
    await manager.page.getByRole('button', { name: 'Şifreyi değiştir' }).click();
    await manager.page.getByText('Şifreniz değiştirildi', { exact: false }).waitFor();
    // Still signed in: the fresh cookie replaced the old one.
    await manager.page.goto('/yonetim');
    expect(new URL(manager.page.url()).pathname).toBe('/yonetim');
    for (const path of ['/yonetim/ayarlar/personel', '/yonetim/ayarlar/denetim']) {
      await manager.page.goto(path);
      expect(new URL(manager.page.url()).pathname).toBe('/yonetim/yetkisiz');
    }
    // …and by the API behind those pages, with the panel's own cookie.
    for (const path of ['/api/staff-users', '/api/audit-log']) {
      expect((await manager.context.request.get(path)).status(), path).toBe(403);
    }
    await manager.page.goto('/yonetim/rezervasyonlar');
    await settle(manager.page, { busy: 'ignore' });

    // The admin disables them; the manager's open panel is signed out on its next request: here the list's own call
    // when a tab is chosen, with no page load.
    const staffRow = admin.page.locator(`[data-staff-row="${username}"]`);
    await staffRow.getByRole('button', { name: 'Devre dışı bırak' }).click();
    const confirm = admin.page.getByRole('alertdialog');
    await confirm.getByRole('button', { name: 'Devre dışı bırak' }).click();
    await staffRow.locator('[data-staff-status]', { hasText: 'Devre dışı' }).waitFor();
    // Disabling ends the session's open bell socket at once, which may already have sent the page to /giris; if not,
    // the next request's 401 does.
    if (new URL(manager.page.url()).pathname !== '/giris')
      await manager.page
        .getByRole('tab', { name: /^Bekleyen/ })
        .click({ timeout: 5_000 })
        .catch(() => undefined);
    await manager.page.waitForURL((u) => u.pathname === '/giris');
    // A page load is refused as well.
    await manager.page.goto('/yonetim');
    expect(new URL(manager.page.url()).pathname).toBe('/giris');

    // The audit log shows every step.
    await admin.page.goto('/yonetim/ayarlar/denetim');
    await settle(admin.page, { busy: 'ignore' });
    await admin.page.getByRole('searchbox', { name: 'Ara' }).fill(username);
    for (const text of ['Personel hesabı oluşturuldu', 'kendi şifresini değiştirdi', 'devre dışı bırakıldı']) {
      await admin.page.locator('[data-audit-list]').getByText(text, { exact: false }).first().waitFor();
    }
    expect(takeConsoleProblems(admin.context)).toEqual([]);
    expect(takeConsoleProblems(manager.context)).toEqual([]);
    await admin.context.close();
    await manager.context.close();
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`at 360 px in the ${theme} theme the Ayarlar pages and Hesabım do not scroll sideways with a 120-character name`, async () => {
      const { page, context } = await newPage(browser, { theme, width: 360 });
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
      await signIn(context, 'admin');
      for (const path of ['/yonetim/ayarlar/personel', '/yonetim/ayarlar/denetim', '/yonetim/hesabim']) {
        await page.goto(path);
        await settle(page, { busy: 'ignore' });
        if (path.endsWith('personel')) await page.locator(`[data-staff-row="${username}"]`).waitFor();
        if (path.endsWith('denetim')) await page.locator('[data-audit-row]').first().waitFor();
        expect(await overflow(page), path).toBeLessThanOrEqual(0);
      }
      expect(takeConsoleProblems(context)).toEqual([]);
      await context.close();
    });
  }
});
