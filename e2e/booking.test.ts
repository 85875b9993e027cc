// The booking flow in real Chromium against the built Worker: home → pitch → slot → form → booking number, the
// same-day warning, live 'Beklemede' across browser contexts, a keyboard-only booking, and the page's JS budget. The
// same-day warning names the held booking's real status ('bekleyen' while pending, 'onaylanmış' once approved), at
// 360 px in both themes.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { continueToForm, launch, newPage } from './support/browser';
import { queryDb, signIn } from './support/panel';

const FACILITY_SLUG = 'nilufer-arena-hali-saha';
const NAME = 'Nilüfer Arena Halı Saha';

let browser: Browser;
let close: () => Promise<void>;
beforeAll(async () => ({ browser, close } = await launch()));
afterAll(async () => close());

/** A phone no other test uses. */
const freshPhone = () => `0532${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
/** An Istanbul business date `days` from now. */
const istanbulDate = (days: number) =>
  new Date(Date.now() + 3 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
/** Each test books on its own day, at least 2 days ahead, so tests never meet. */
const usedOffsets = new Set<number>();
function freshOffset(): number {
  for (;;) {
    const n = 2 + Math.floor(Math.random() * 24);
    if (!usedOffsets.has(n)) {
      usedOffsets.add(n);
      return n;
    }
  }
}

/** Daily view, then 'Sonraki gün' until the day `offset` ahead is on screen with its slots loaded. */
async function showDay(page: Page, offset: number): Promise<string> {
  const date = istanbulDate(offset);
  // The radio itself is visually hidden; a visitor clicks its label.
  await page.locator('label', { has: page.getByRole('radio', { name: 'Günlük' }) }).click();
  await expect(page.getByRole('radio', { name: 'Günlük' }).isChecked()).resolves.toBe(true);
  for (let i = 0; i < offset; i++) await page.getByRole('button', { name: 'Sonraki gün' }).click();
  await page.locator(`[data-day="${date}"] [data-state]`).first().waitFor();
  return date;
}

async function fillForm(page: Page, phone: string, name = 'Deniz Kaya') {
  await page.getByRole('textbox', { name: /^Ad Soyad/ }).fill(name);
  // Typed key by key, so the as-you-type formatting runs; the form keeps the last booking's phone, so it is cleared
  // first (a digit too many is refused, never cut).
  const field = page.getByRole('textbox', { name: /^Telefon/ });
  await field.fill('');
  await field.pressSequentially(phone);
}

async function bookAvailable(page: Page, date: string, phone: string, pick = 0): Promise<string> {
  const slot = page.locator(`[data-day="${date}"] [data-state=available]`).nth(pick);
  const id = (await slot.getAttribute('data-slot'))!;
  await slot.click();
  await continueToForm(page);
  await fillForm(page, phone);
  await page.getByRole('button', { name: 'Rezervasyonu Tamamla' }).click();
  return id;
}

describe('booking a pitch', () => {
  it('a visitor goes from the home page to a booking number, with the deposit box', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/');
    await page.getByRole('link', { name: `${NAME} için rezervasyon yap` }).click();
    await page.waitForURL(`**/saha/${FACILITY_SLUG}`);
    await expect(page.title()).resolves.toMatch(/Nilüfer Arena/);
    await page.locator('[data-state] >> visible=true').first().waitFor();

    const date = await showDay(page, freshOffset());
    const phone = freshPhone();
    await bookAvailable(page, date, phone);

    await page.getByRole('heading', { name: 'Rezervasyonunuz alındı' }).waitFor();
    const number = await page.locator('[data-booking-number]').textContent();
    expect(number).toMatch(/^HSR[A-HJ-NP-Z2-9]{9}$/);
    const deposit = page.locator('[data-deposit]');
    await expect(deposit.getByRole('heading').textContent()).resolves.toBe('Kapora: ₺300');
    await expect(deposit.locator('[data-iban]').textContent()).resolves.toMatch(/^TR\d{2}( \w{4})+/);
    // The number never goes into an address: the link hands it over to tracking in this tab.
    await expect(page.getByRole('link', { name: 'Rezervasyonu Takip Et' }).getAttribute('href')).resolves.toBe(
      '/rezervasyon-takip',
    );

    // The number really exists, under the phone as typed.
    const tracked = (await (await page.request.get(`/api/bookings/track/${number}`)).json()) as {
      data: { date: string; status: string };
    };
    expect(tracked.data).toMatchObject({ date, status: 'pending' });
    await context.close();
  });

  it('a second booking the same day with the same phone opens Rezervasyon Uyarısı; cancelling the first lets it through', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`/saha/${FACILITY_SLUG}`);
    await page.locator('[data-state] >> visible=true').first().waitFor();
    const date = await showDay(page, freshOffset());
    const phone = freshPhone();
    const firstSlot = await bookAvailable(page, date, phone);
    await page.getByRole('heading', { name: 'Rezervasyonunuz alındı' }).waitFor();
    const first = (await page.locator('[data-booking-number]').textContent())!;

    await page.getByRole('button', { name: 'Yeni Rezervasyon' }).click();
    // The slot just booked is taken on this calendar at once, not free until a refetch lands.
    await page.locator(`[data-slot="${firstSlot}"][data-state=pending]`).waitFor({ timeout: 2000 });
    await bookAvailable(page, date, phone);

    const dialog = page.getByRole('alertdialog', { name: 'Rezervasyon Uyarısı' });
    await dialog.waitFor();
    // Worded by the held booking's status: it is still pending.
    await expect(dialog.textContent()).resolves.toContain('Aynı gün için bekleyen bir rezervasyonunuz bulunmaktadır');
    // Masked: the last 3 characters only, never the full number.
    await expect(dialog.textContent()).resolves.toContain(`HSR••••••${first.slice(-3)}`);
    await expect(dialog.textContent()).resolves.not.toContain(first);
    await expect(dialog.textContent()).resolves.toContain('Beklemede');

    // A wrong number is refused and changes nothing; the full number and 'Evet, iptal et' cancel it.
    const numberField = dialog.getByRole('textbox', { name: 'Rezervasyon numaranız' });
    await numberField.fill(
      `HSR222222${first.slice(-3)}` === first ? `HSR333333${first.slice(-3)}` : `HSR222222${first.slice(-3)}`,
    );
    await dialog.getByRole('button', { name: 'Mevcut Rezervasyonu İptal Et' }).click();
    await dialog.getByRole('button', { name: 'Evet, iptal et' }).click();
    await dialog.getByText('Girdiğiniz numara bu rezervasyonla eşleşmiyor', { exact: false }).waitFor();
    await numberField.fill(first);
    await dialog.getByRole('button', { name: 'Mevcut Rezervasyonu İptal Et' }).click();
    await dialog.getByRole('button', { name: 'Evet, iptal et' }).click();
    await page.getByText('Rezervasyon başarıyla iptal edildi.').waitFor();
    expect(await dialog.count()).toBe(0);
    await page.getByRole('button', { name: 'Rezervasyonu Tamamla' }).click();
    await page.getByRole('heading', { name: 'Rezervasyonunuz alındı' }).waitFor();
    expect(await page.locator('[data-booking-number]').textContent()).not.toBe(first);
    await context.close();
  });

  it("a slot booked in another browser turns 'Beklemede' on this calendar without a reload", async () => {
    const watcher = await newPage(browser);
    const other = await newPage(browser);
    const offset = freshOffset();

    await watcher.page.goto(`/saha/${FACILITY_SLUG}`);
    await watcher.page.locator('[data-live=open]').waitFor();
    const date = await showDay(watcher.page, offset);
    const target = watcher.page.locator(`[data-day="${date}"] [data-state=available]`).first();
    const id = (await target.getAttribute('data-slot'))!;
    const watched = watcher.page.locator(`[data-slot="${id}"]`);
    await watcher.page.locator('[data-live=open]').waitFor();
    let reloaded = false;
    watcher.page.on('framenavigated', () => (reloaded = true));

    await other.page.goto(`/saha/${FACILITY_SLUG}`);
    await other.page.locator('[data-state] >> visible=true').first().waitFor();
    await showDay(other.page, offset);
    await other.page.locator(`[data-slot="${id}"]`).click();
    await continueToForm(other.page);
    await fillForm(other.page, freshPhone());
    await other.page.getByRole('button', { name: 'Rezervasyonu Tamamla' }).click();
    await other.page.getByRole('heading', { name: 'Rezervasyonunuz alındı' }).waitFor();
    const bookedAt = Date.now();

    await watcher.page.waitForFunction(
      (sel) => document.querySelector(sel)?.getAttribute('data-state') === 'pending',
      `[data-slot="${id}"]`,
      { timeout: 5000 },
    );
    // Pushed, not polled: well inside the 15 s polling period.
    expect(Date.now() - bookedAt).toBeLessThan(3000);
    await expect(watched.textContent()).resolves.toContain('Beklemede');
    await expect(watched.getAttribute('aria-label')).resolves.toMatch(/, Beklemede$/);
    expect(reloaded).toBe(false);
    await watcher.context.close();
    await other.context.close();
  });

  it('a keyboard-only visitor completes a booking with Tab, Enter and Space', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`/saha/${FACILITY_SLUG}`);
    await page.locator('[data-state] >> visible=true').first().waitFor();

    /** Tab forward until `test` holds for the focused element (Shift-free: the visitor only moves on). */
    async function tabTo(test: string, arg?: unknown, max = 250) {
      for (let i = 0; i < max; i++) {
        await page.keyboard.press('Tab');
        // eslint-disable-next-line no-new-func
        if (
          await page.evaluate(([t, a]) => new Function('el', 'arg', `return ${t}`)(document.activeElement, a), [
            test,
            arg,
          ] as const)
        )
          return;
      }
      throw new Error(`Tab never reached: ${test}`);
    }

    // Next week's Wednesday or later is always at least 2 days ahead, whatever today is.
    await tabTo(`el?.getAttribute('aria-label') === 'Sonraki hafta'`);
    await page.keyboard.press('Enter');
    const today = istanbulDate(0);
    const sunday = istanbulDate(7 - new Date(today + 'T00:00:00Z').getUTCDay());
    const earliest = istanbulDate(7 - new Date(today + 'T00:00:00Z').getUTCDay() + 3);
    await page.locator(`[data-day="${sunday}"]`).waitFor();
    await page.locator(`[data-day] [data-state]`).first().waitFor();
    await tabTo(`el?.dataset.state === 'available' && el.dataset.date >= arg`, earliest);
    const chosen = await page.evaluate(() => (document.activeElement as HTMLElement).dataset.slot);
    await page.keyboard.press('Space');
    // A pitch offering several match lengths offers them under the start first: on to 'Devam Et' by keyboard.
    const form = page.getByRole('heading', { name: 'Bilgiler' });
    await form.or(page.locator('[data-length-continue]')).first().waitFor();
    if (!(await form.isVisible())) {
      await tabTo(`el?.hasAttribute('data-length-continue')`);
      await page.keyboard.press('Enter');
    }

    await page.getByRole('heading', { name: 'Bilgiler' }).waitFor();
    await tabTo(`el?.name === 'customerName'`);
    await page.keyboard.type('Klavye Kullanıcısı');
    await page.keyboard.press('Tab');
    await page.keyboard.type(freshPhone());
    expect(await page.getByRole('textbox', { name: /^Telefon/ }).inputValue()).toMatch(/^0532 \d{3} \d{2} \d{2}$/);
    await tabTo(`el?.closest('label')?.textContent?.includes('Servis hizmeti istiyorum')`);
    await page.keyboard.press('Space');
    await tabTo(`el?.type === 'radio'`);
    await page.keyboard.press('Space');
    await tabTo(`el?.textContent === 'Rezervasyonu Tamamla'`);
    await page.keyboard.press('Enter');

    await page.getByRole('heading', { name: 'Rezervasyonunuz alındı' }).waitFor();
    // Focus moved to the confirmation, so a screen reader announces it.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Rezervasyonunuz alındı');
    expect(await page.locator('[data-booking-number]').textContent()).toMatch(/^HSR/);
    await expect(page.locator('dl').first().textContent()).resolves.toContain('Görükle Kampüs Kapısı');
    expect(chosen).toBeTruthy();
    await context.close();
  });
  it('on a 360 px phone: the time range stays on one line, the pickup time follows the hour, a pasted +90 number is normalised, the KVKK note links the notice', async () => {
    const { page, context } = await newPage(browser, { width: 360 });
    await page.goto(`/saha/${FACILITY_SLUG}`);
    await page.locator('[data-state] >> visible=true').first().waitFor();
    const date = await showDay(page, freshOffset());
    const slot = page.locator(`[data-day="${date}"] [data-state=available]`).first();
    const start = (await slot.getAttribute('data-start'))!;
    await slot.click();
    await continueToForm(page);
    // '12:00–13:00' never wraps into '12:00–' / '13:00'.
    const lines = await page.locator('[data-summary-time]').evaluate((el) => el.getClientRects().length);
    expect(lines).toBe(1);
    expect(await page.locator('[data-summary-price]').textContent()).toMatch(/^₺[\d.]+ · 1 saat$/);
    // KVKK note next to the phone field.
    const note = page.locator('[data-kvkk-note]');
    expect(await note.textContent()).toBe(
      'Telefon numaranız rezervasyonunuzu yönetmek için işlenir — Aydınlatma Metni',
    );
    expect(await note.getByRole('link', { name: 'Aydınlatma Metni' }).getAttribute('href')).toBe('/aydinlatma-metni');
    // A pasted international number becomes 05XX XXX XX XX.
    const phone = page.getByRole('textbox', { name: /^Telefon/ });
    await phone.fill('+90 532 555 44 33');
    expect(await phone.inputValue()).toBe('0532 555 44 33');
    // The shuttle leaves 50 minutes before this match, whatever the hour.
    await page.getByRole('checkbox', { name: /Servis hizmeti istiyorum/ }).check();
    const minutes = Number(start.slice(0, 2)) * 60 + Number(start.slice(3)) - 50;
    const expected = `${String(Math.floor(((minutes + 1440) % 1440) / 60)).padStart(2, '0')}:${String((minutes + 1440) % 60).padStart(2, '0')}`;
    await expect(page.locator('[data-pickup-time]').first().textContent()).resolves.toBe(
      `Kalkış: ${expected} (maçtan 50 dakika önce)`,
    );
    // The pitch page's shuttle section speaks in the same offset, never a fixed clock time.
    const pageText = (await page.locator('body').textContent())!;
    expect(pageText).toContain('Kalkış: maçtan 50 dakika önce');
    expect(pageText).not.toContain('18:40');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await context.close();
  });

  it("the month view says 'Henüz açılmadı' after the generated horizon and 'Sonraki ay' stops there", async () => {
    const { page, context } = await newPage(browser);
    const horizon = (
      (await (await page.request.get(`/api/facilities/${FACILITY_SLUG}/slots?date=${istanbulDate(0)}`)).json()) as {
        data: { bookableUntil: string };
      }
    ).data.bookableUntil;
    await page.goto(`/saha/${FACILITY_SLUG}`);
    await page.locator('[data-state] >> visible=true').first().waitFor();
    await page.locator('label', { has: page.getByRole('radio', { name: 'Aylık' }) }).click();
    const next = page.getByRole('button', { name: 'Sonraki ay' });
    for (let i = 0; i < 6 && (await next.isEnabled()); i++) {
      await next.click();
      await page.locator('[data-month-day][data-summary]').first().waitFor();
    }
    expect(await next.isDisabled()).toBe(true);
    await page.locator(`[data-month-day="${horizon}"][data-summary]`).waitFor();
    const cells = await page
      .locator('[data-month-day]')
      .evaluateAll((els) =>
        els.map((e) => [(e as HTMLElement).dataset.monthDay!, (e as HTMLElement).dataset.summary ?? '']),
      );
    expect(cells.some(([d]) => d === horizon)).toBe(true);
    for (const [d, summary] of cells) if (d > horizon) expect(summary).toBe('Henüz açılmadı');
    await context.close();
  });
});

describe.each(['light', 'dark'] as const)('the same-day warning at 360 px in the %s theme', (theme) => {
  it("says 'bekleyen' above 'Durum: Beklemede', and 'onaylanmış' only once staff approved the booking", async () => {
    const { page, context } = await newPage(browser, { theme, width: 360 });
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await page.goto(`/saha/${FACILITY_SLUG}`);
    await page.locator('[data-state] >> visible=true').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
    const date = await showDay(page, freshOffset());
    const phone = freshPhone();
    await bookAvailable(page, date, phone);
    await page.getByRole('heading', { name: 'Rezervasyonunuz alındı' }).waitFor();
    const first = (await page.locator('[data-booking-number]').textContent())!;

    await page.getByRole('button', { name: 'Yeni Rezervasyon' }).click();
    await bookAvailable(page, date, phone, 1);
    const dialog = page.getByRole('alertdialog', { name: 'Rezervasyon Uyarısı' });
    await dialog.waitFor();
    const rows = () =>
      dialog
        .locator('dt')
        .evaluateAll((dts) =>
          Object.fromEntries(dts.map((dt) => [dt.textContent, dt.nextElementSibling?.textContent])),
        );
    const pending = (await dialog.textContent())!;
    expect(pending).toContain('Aynı gün için bekleyen bir rezervasyonunuz bulunmaktadır');
    expect(pending).not.toContain('onaylanmış');
    expect((await rows()).Durum).toBe('Beklemede');
    const box = await dialog.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      'no sideways scroll',
    ).toBeLessThanOrEqual(0);
    await dialog.getByRole('button', { name: 'Kapat' }).first().click();
    await dialog.waitFor({ state: 'detached' });

    // Staff approve the first booking; the same attempt now says 'onaylanmış' above 'Durum: Onaylandı'.
    const token = await signIn(context, 'admin');
    const [{ documentId }] = queryDb<{ documentId: string }>(
      'select document_id as documentId from bookings where booking_number = ?',
      first,
    );
    const approved = await context.request.post(`/api/bookings/${documentId}/approve`, {
      headers: { authorization: `Bearer ${token}` },
      data: {},
    });
    expect(approved.status()).toBe(200);
    await page.getByRole('button', { name: 'Rezervasyonu Tamamla' }).click();
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Aynı gün içinde onaylanmış rezervasyonunuz bulunmaktadır');
    expect((await rows()).Durum).toBe('Onaylandı');
    await context.close();
  });
});
