// What a person reads must be true: no rating nobody gave, a half-hour pitch priced per 30 minutes, a theme button
// named by its text, a login page that logs nothing, full names in the weekly calendar, 24:00 that stays midnight and
// one rule for a new password. On a 360 px phone, in both themes, against the seeded demo.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { facilityMsg } from '../contracts/facility-form';
import { staffMsg } from '../contracts/staff';
import { axeRules } from './support/axe';
import { launch, newPage, overflow, settle } from './support/browser';
import { istanbulDate, queryDb, signIn } from './support/panel';

let browser: Browser;
let close: () => Promise<void>;
beforeAll(async () => ({ browser, close } = await launch()));
afterAll(async () => close());

const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];
/** The demo's half-hourly pitch: 30-minute slots at ₺900 each, so ₺1.800 an hour. */
const HALF = { slug: 'mudanya-sahil-hali-saha', name: 'Mudanya Sahil Halı Saha' };
const HOURLY = { slug: 'nilufer-arena-hali-saha', name: 'Nilüfer Arena Halı Saha' };

const plain = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();

async function phone(theme: Theme): Promise<{ page: Page; context: BrowserContext }> {
  const opened = await newPage(browser, { theme, width: 360 });
  await opened.page.addInitScript((t) => {
    try {
      localStorage.setItem('theme', t);
    } catch {
      /* a frame without storage */
    }
  }, theme);
  return opened;
}

/** A panel screen: loaded and every island hydrated. */
/** A public page: loaded (its lower islands wait until scrolled near, so they are not waited for). */
const loaded = (page: Page) => page.waitForLoadState('networkidle');

const themeIs = (page: Page) =>
  page.evaluate(() => (document.documentElement.classList.contains('dark') ? 'dark' : 'light'));

/** Every word on the page a person or a screen reader gets, and the page's structured data. */
const mainText = (page: Page) => page.evaluate(() => document.querySelector('main')!.textContent ?? '');
const jsonLd = (page: Page) =>
  page.locator('script[type="application/ld+json"]').evaluateAll((els) => els.map((e) => e.textContent).join('\n'));

describe.each(THEMES)('player screens at 360 px in the %s theme', (theme) => {
  it('show no rating nobody gave: the demo has no ratings, so no stars, no 5.0, no average, none in the structured data', async () => {
    const { page, context } = await phone(theme);
    for (const path of ['/', '/sahalar', `/saha/${HOURLY.slug}`, `/saha/${HALF.slug}`]) {
      await page.goto(path);
      await loaded(page);
      expect(await themeIs(page), path).toBe(theme);
      const text = await mainText(page);
      // 'Puana göre' is the list's sort (docs/behaviour.md#ratings): no other 'Puan' while nobody rated.
      expect(text.replace('Puana göre', ''), path).not.toMatch(/Puan|★|\b5[.,]0\b|değerlendirme/);
      expect(await page.locator('main [aria-label*="Puan"], main [title*="Puan"]').count(), path).toBe(0);
      expect(await jsonLd(page), path).not.toMatch(/aggregateRating|ratingValue|"rating"/);
      expect(await page.locator('[data-rating]').count(), path).toBe(0);
      expect(await overflow(page), path).toBeLessThanOrEqual(0);
    }
    await page.goto('/sahalar');
    await loaded(page);
    expect(await page.getByLabel('Sırala').locator('option').allInnerTexts()).toEqual([
      'Önerilen',
      'Ada göre (A–Z)',
      'Fiyat (artan)',
      'Fiyat (azalan)',
      'Puana göre',
    ]);
    await page.getByRole('button', { name: `Detaylar: ${HOURLY.name}` }).click();
    const dialog = page.getByRole('dialog', { name: HOURLY.name });
    await dialog.waitFor();
    expect(await dialog.innerText()).not.toMatch(/Puan|★/);
    await context.close();
  });

  it('price a half-hour pitch per 30 minutes, and filter and sort it by its hourly price', async () => {
    const { page, context } = await phone(theme);
    for (const path of ['/', '/sahalar']) {
      await page.goto(path);
      await loaded(page);
      const card = page.locator(`[data-facility-card][data-name="${HALF.name}"]`);
      expect(plain(await card.locator('[data-price-text]').textContent()), path).toMatch(
        /^₺[\d.]+( – ₺[\d.]+)? \/ 30 dk$/,
      );
      expect(plain(await card.locator('[data-hourly-equivalent]').textContent()), path).toMatch(
        /^Saatlik ₺[\d.]+( – ₺[\d.]+)?$/,
      );
      // An hourly pitch stays '/ saat' and needs no second figure.
      const hourly = page.locator(`[data-facility-card][data-name="${HOURLY.name}"]`);
      expect(plain(await hourly.locator('[data-price-text]').textContent()), path).toMatch(/ \/ saat$/);
      expect(await hourly.locator('[data-hourly-equivalent]').count(), path).toBe(0);
      expect(await overflow(page), path).toBeLessThanOrEqual(0);
    }

    // /sahalar compares an hour's play: ₺900 per 30 minutes is ₺1.800 an hour, in the 1.000–2.000 band.
    const names = () =>
      page.locator('[data-item]:visible').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.name));
    const band = page.getByLabel('Saatlik fiyat');
    await band.selectOption('1000-alti');
    expect(await names()).not.toContain(HALF.name);
    await band.selectOption('1000-2000');
    expect(await names()).toContain(HALF.name);
    await band.selectOption('');
    await page.getByLabel('Sırala').selectOption('fiyat-artan');
    const prices = await page
      .locator('[data-item]:visible')
      .evaluateAll((els) =>
        els.map((e) => [(e as HTMLElement).dataset.name, Number((e as HTMLElement).dataset.price)]),
      );
    expect(prices.find(([n]) => n === HALF.name)?.[1]).toBe(1800);
    const order = prices.map(([, p]) => p as number);
    expect(order).toEqual([...order].sort((a, b) => a - b));

    await page.getByRole('button', { name: `Detaylar: ${HALF.name}` }).click();
    const dialog = page.getByRole('dialog', { name: HALF.name });
    await dialog.waitFor();
    expect(plain(await dialog.locator('[data-price-text]').textContent())).toMatch(/ \/ 30 dk$/);
    expect(plain(await dialog.innerText())).toMatch(/\(saatlik ₺[\d.]+( – ₺[\d.]+)?\)/);
    await page.keyboard.press('Escape');

    await page.goto(`/saha/${HALF.slug}`);
    await loaded(page);
    const header = plain(await page.locator('[data-hourly-price]').textContent());
    expect(header).toMatch(/^₺[\d.]+( – ₺[\d.]+)? \/ 30 dk/);
    expect(header).not.toContain('saat');
    await context.close();
  });

  it("the mobile menu's theme button is named by the text it shows (WCAG 2.5.3), before and after a press", async () => {
    const { page, context } = await phone(theme);
    await page.goto('/');
    await loaded(page);
    await page.getByRole('button', { name: 'Menüyü aç' }).click();
    const toggle = page.locator('#mobile-menu [data-theme-toggle]');
    await toggle.waitFor();
    for (const shown of [theme, theme === 'dark' ? 'light' : 'dark'] as const) {
      expect(await themeIs(page)).toBe(shown);
      const visible = plain(await toggle.innerText());
      expect(visible).toBe(shown === 'dark' ? 'Açık temaya geç' : 'Koyu temaya geç');
      // The accessible name holds the visible words: the button is found by them.
      await expect(
        page.locator('#mobile-menu').getByRole('button', { name: visible, exact: true }).count(),
      ).resolves.toBe(1);
      expect(await axeRules(page, ['label-content-name-mismatch'])).toEqual([]);
      await toggle.click();
    }
    await context.close();
  });

  it('/giris, signed out, logs no console error and asks the API nothing about a session', async () => {
    const { page, context } = await phone(theme);
    // Every console error counts here, a refused request's included (the shared watch lets a 4xx pass).
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    const asked: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/users/me') asked.push(r.url());
    });
    await page.goto('/giris');
    await page.waitForSelector('[data-login-form][data-ready]', { state: 'attached' });
    await page.waitForLoadState('networkidle');
    // A display hint left by an ended session: the page drops it, still without asking.
    await page.evaluate(() => localStorage.setItem('user', JSON.stringify({ id: 1, username: 'eski' })));
    await page.goto('/giris?redirect=%2Fyonetim');
    await page.waitForSelector('[data-login-form][data-ready]', { state: 'attached' });
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    expect(await themeIs(page)).toBe(theme);
    expect(new URL(page.url()).pathname).toBe('/giris');
    expect(errors).toEqual([]);
    expect(asked).toEqual([]);
    await context.close();
  });
});

describe('panel screens at 360 px', () => {
  it('the weekly calendar shows a pending booking under the full name, as everywhere else in the panel', async () => {
    const name = 'İsmail Hakkı Tekinalp';
    const { page: setup, context: setupContext } = await newPage(browser);
    const days = 3;
    const date = istanbulDate(days);
    const slots = (
      (await (await setup.request.get(`/api/facilities/${HOURLY.slug}/slots?date=${date}`)).json()) as {
        data: { slots: Array<{ documentId: string; isAvailable: boolean }> };
      }
    ).data.slots;
    const free = slots.find((s) => s.isAvailable);
    if (!free) throw new Error(`no free slot at ${HOURLY.slug} on ${date}`);
    const [facility] = queryDb<{ document_id: string }>(
      'select document_id from facilities where slug = ?',
      HOURLY.slug,
    );
    const res = await setup.request.post('/api/bookings', {
      data: {
        facility: facility.document_id,
        bookingSlot: free.documentId,
        customerName: name,
        customerPhone: `0535${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
      },
    });
    expect(res.status()).toBe(201);
    await setupContext.close();
    const day = new Date(`${date}T00:00:00Z`);
    const monday = new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * 86_400_000).toISOString().slice(0, 10);

    for (const theme of THEMES) {
      const { page, context } = await phone(theme);
      await signIn(context, 'admin');
      await page.goto(`/yonetim/haftalik-takvim?saha=${HOURLY.slug}&hafta=${monday}`);
      await settle(page, { networkIdle: true, busy: 'ignore' });
      // The phone shows one day at a time.
      await page.locator(`[data-day-tab="${date}"]`).click();
      const cell = page.locator(`[data-slot="${free.documentId}"]`);
      await cell.waitFor();
      expect(await cell.getAttribute('data-state')).toBe('pending');
      expect(plain(await cell.textContent())).toContain(name);
      expect(await cell.getAttribute('aria-label')).toContain(name);
      expect(await themeIs(page)).toBe(theme);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await context.close();
    }
  });

  it('a closing time typed 24:00 is saved as midnight and shown as 24:00, never 04:00; a non-time is refused', async () => {
    const { context: adminContext } = await newPage(browser);
    const token = await signIn(adminContext, 'admin');
    const hours = Object.fromEntries(
      ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [
        d,
        { isOpen: true, start: '10:00', end: '23:00' },
      ]),
    );
    const name = `Gece Yarısı Sahası ${Date.now()}`;
    // Inactive, and deleted at the end: the public list the other files count stays as it was.
    const created = await adminContext.request.post('/api/facilities', {
      headers: { authorization: `Bearer ${token}` },
      data: { name, hourlyPrice: 1000, isActive: false, workingHours: hours },
    });
    expect(created.status()).toBe(201);
    const facility = ((await created.json()) as { data: { documentId: string; id: number } }).data;
    try {
      for (const theme of THEMES) {
        const { page, context } = await phone(theme);
        await signIn(context, 'admin');
        await page.goto('/yonetim/sahalar');
        await settle(page, { networkIdle: true, busy: 'ignore' });
        await page.getByRole('button', { name: `${name} işlemleri`, exact: true }).click();
        await page.getByRole('menuitem', { name: /Düzenle/ }).click();
        const dialog = page.getByRole('dialog', { name: 'Saha Düzenle' });
        await dialog.waitFor();
        await dialog.getByRole('tab', { name: /^Çalışma Saatleri/ }).click();
        const closing = dialog.getByLabel('Pazartesi kapanış', { exact: true });
        if (theme === 'light') {
          expect(await closing.inputValue()).toBe('23:00');
          await closing.fill('');
          await closing.pressSequentially('24:00');
          await closing.press('Tab');
          expect(await closing.inputValue()).toBe('24:00');
          expect(await dialog.locator('[data-day="monday"] [data-overnight]').count()).toBe(0);
          // Not a time: refused on the page with the Turkish message, nothing sent.
          const tuesday = dialog.getByLabel('Salı kapanış', { exact: true });
          await tuesday.fill('25:00');
          await dialog.getByRole('button', { name: 'Güncelle', exact: true }).click();
          await dialog.getByText(facilityMsg.closingInvalid).waitFor();
          await tuesday.fill('23:00');
          await dialog.getByRole('button', { name: 'Güncelle', exact: true }).click();
          await page.getByText('Saha başarıyla güncellendi!').first().waitFor();
          await dialog.waitFor({ state: 'detached' });
          const [row] = queryDb<{ hours: string }>(
            'select working_hours as hours from facilities where id = ?',
            facility.id,
          );
          // Stored as the midnight that ends the day (every reader takes 00:00 after a start so), never 04:00.
          expect(JSON.parse(row.hours).monday).toEqual({ isOpen: true, start: '10:00', end: '00:00' });
        } else {
          // Opened again: the owner reads what they typed, the same day's end, no 'ertesi gün'.
          expect(await closing.inputValue()).toBe('24:00');
          expect(await dialog.locator('[data-day="monday"] [data-overnight]').count()).toBe(0);
          expect(await overflow(page)).toBeLessThanOrEqual(0);
        }
        expect(await themeIs(page)).toBe(theme);
        await context.close();
      }
    } finally {
      await adminContext.request.delete(`/api/facilities/${facility.documentId}?force=true`, {
        headers: { authorization: `Bearer ${token}` },
      });
      await adminContext.close();
    }
  });

  it('Hesabım asks for 8 characters and refuses a 7-character new password, as staff:create does', async () => {
    for (const theme of THEMES) {
      const { page, context } = await phone(theme);
      await signIn(context, 'manager');
      await page.goto('/yonetim/hesabim');
      await settle(page, { networkIdle: true, busy: 'ignore' });
      await page.getByText('En az 8 karakter.', { exact: true }).waitFor();
      await page.getByLabel(/^Mevcut şifre/).fill('mudur1234');
      await page.getByLabel(/^Yeni şifre(?! \()/).fill('yeni123');
      await page.getByLabel(/^Yeni şifre \(tekrar\)/).fill('yeni123');
      await page.getByRole('button', { name: 'Şifreyi değiştir' }).click();
      await page.getByText(staffMsg.newPasswordTooShort, { exact: true }).waitFor();
      expect(await page.getByText('Şifreniz değiştirildi', { exact: false }).count()).toBe(0);
      expect(await themeIs(page)).toBe(theme);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await context.close();
    }
    // The password is unchanged: the manager still signs in with it.
    const { context } = await newPage(browser);
    const login = await context.request.post('/api/auth/local', {
      data: { identifier: 'mudur', password: 'mudur1234' },
    });
    expect(login.status()).toBe(200);
    await context.close();
  });
});
