// Match length in real Chromium against the built Worker (docs/behaviour.md#match-length), on a half-hourly pitch made
// for this file (a 100-character unbroken name, 60, 90 and 120 minutes offered, ₺200 kapora an hour): a player at
// 360 px books 90 minutes from 20:00 and reads '20:00–21:30' on the confirmation and on tracking, while a second page
// sees the three covered slots taken live; the panel's pitch form saves the lengths; the weekly calendar shows a
// 2-hour booking over its cells; staff book with a length. Each screen at 360 px in both themes, with axe. Every row
// made here is removed again, so the demo data the other files count stays as it was.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axe } from './support/axe';
import { launch, newPage, origin, overflow, settle } from './support/browser';
import { unbroken } from './support/long-data';
import { istanbulDate, queryDb, signIn } from './support/panel';

let browser: Browser;
let close: () => Promise<void>;

const stamp = String(Date.now()).slice(-6);
const NAME = unbroken(100, 'MaçSüresiSahası');
/** Phones of this file's bookings: removed again at the end. */
const phones: string[] = [];
const freshPhone = () => {
  const p = `0537${stamp}${String(phones.length).padStart(1, '0')}`;
  phones.push(p);
  return p;
};
let pitch: { documentId: string; slug: string };
let admin: { context: BrowserContext; token: string };

const mondayOf = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`);
  return new Date(d.getTime() - ((d.getUTCDay() + 6) % 7) * 86_400_000).toISOString().slice(0, 10);
};

async function slotsOf(date: string) {
  const res = await fetch(`${origin()}/api/facilities/${pitch.slug}/slots?date=${date}&fresh=1`);
  return ((await res.json()) as { data: { slots: Array<{ documentId: string; startTime: string; state: string }> } })
    .data.slots;
}
const slotAt = async (date: string, time: string) => (await slotsOf(date)).find((s) => s.startTime === time)!;

beforeAll(async () => {
  ({ browser, close } = await launch());
  const { context } = await newPage(browser);
  const token = await signIn(context, 'admin');
  admin = { context, token };
  const res = await context.request.post('/api/facilities', {
    headers: { origin: origin(), authorization: `Bearer ${token}` },
    data: {
      name: NAME,
      slug: `mac-suresi-${stamp}`,
      address: unbroken(120, 'MahalleCaddeSokak'),
      hourlyPrice: 600,
      depositAmount: 200,
      depositIban: 'TR330006100519786457841326',
      bankName: 'Ziraat Bankası',
      recipientName: 'Maç Süresi Spor',
      phoneNumbers: ['05321234567'],
      bookingTimeType: 'half-hourly',
      startTimeOffset: 'full_hour',
      matchLengths: [60, 90, 120],
      halfHourStarts: true,
      depositPerHour: true,
      isActive: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  pitch = ((await res.json()) as { data: { documentId: string; slug: string } }).data;
});

afterAll(async () => {
  const { openStateDb } = await import('./support/long-data');
  const db = openStateDb();
  try {
    const list = phones.map((p) => `'${p}'`).join(', ');
    const ids = `select id from bookings where customer_phone in (${list})`;
    const numbers = `select booking_number from bookings where customer_phone in (${list})`;
    db.exec(`delete from notifications where booking_id in (${ids})`);
    db.exec(`delete from booking_history where booking_id in (${ids})`);
    db.exec(`delete from audit_log where entity_kind = 'booking' and entity_label in (${numbers})`);
    db.exec(`delete from bookings where customer_phone in (${list})`);
    db.exec(`delete from customer_stats where customer_id in (select id from customers where phone in (${list}))`);
    db.exec(`delete from customers where phone in (${list})`);
  } finally {
    db.close();
  }
  if (pitch)
    await admin.context.request.delete(`/api/facilities/${pitch.documentId}?force=true`, {
      headers: { origin: origin(), authorization: `Bearer ${admin.token}` },
    });
  await admin.context.close();
  await close();
  expect(
    queryDb(`select id from bookings where customer_phone in (${phones.map(() => '?').join(', ')})`, ...phones),
  ).toEqual([]);
});

/** No sideways scrolling; when there is, the elements that stick out are named in the failure. */
async function fits(page: Page) {
  const over = await overflow(page);
  const culprits =
    over > 0
      ? await page.evaluate(() =>
          [...document.querySelectorAll('body *')]
            .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
            .slice(-5)
            .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)}`),
        )
      : [];
  expect(over, culprits.join(' | ')).toBeLessThanOrEqual(0);
}

/** Daily view, then 'Sonraki gün' until `date` is on screen with its slots. */
async function showDay(page: Page, offset: number) {
  const date = istanbulDate(offset);
  await page.locator('label', { has: page.getByRole('radio', { name: 'Günlük' }) }).click();
  for (let i = 0; i < offset; i++) await page.getByRole('button', { name: 'Sonraki gün' }).click();
  await page.locator(`[data-day="${date}"] [data-start="20:00"]`).waitFor();
  return date;
}
async function ready(page: Page) {
  await page.locator('[data-live=open]').waitFor();
  await page.locator('[data-state] >> visible=true').first().waitFor();
}
async function phone(theme: 'light' | 'dark') {
  const opened = await newPage(browser, { theme, width: 360 });
  await opened.page.addInitScript((t) => localStorage.setItem('theme', t), theme);
  await opened.page.setViewportSize({ width: 360, height: 740 });
  return opened;
}

describe.each(['light', 'dark'] as const)('match length (%s, 360 px)', (theme) => {
  const offset = theme === 'light' ? 3 : 4;

  it('a player books 90 minutes from 20:00: the range on the confirmation and tracking, the covered slots taken live elsewhere', async () => {
    const { page, context } = await phone(theme);
    await page.goto(`/saha/${pitch.slug}`);
    await ready(page);
    const date = await showDay(page, offset);
    const watcher = await newPage(browser, { width: 1280 });
    await watcher.page.goto(`/saha/${pitch.slug}`);
    await ready(watcher.page);
    await showDay(watcher.page, offset);

    await page.locator(`[data-day="${date}"] [data-start="20:00"]`).click();
    const chooser = page.locator('[data-length-chooser]');
    await chooser.waitFor();
    expect(await chooser.getByRole('group', { name: 'Maç süresi · 20:00 başlangıç' }).count()).toBe(1);
    // Three half hours at ₺600 each.
    await chooser.locator('label', { hasText: '1,5 saat' }).click();
    expect(await chooser.locator('[data-length="90"]').innerText()).toContain('20:00–21:30 · ₺1.800');
    for (const t of ['20:30', '21:00'])
      expect(await page.locator(`[data-day="${date}"] [data-start="${t}"]`).getAttribute('data-state')).toBe('covered');
    await fits(page);
    expect(await axe(page)).toEqual([]);

    await chooser.getByRole('button', { name: 'Devam Et · 20:00–21:30' }).click();
    await page.getByRole('heading', { name: 'Bilgiler' }).waitFor();
    expect(await page.locator('[data-summary-time]').innerText()).toBe('20:00–21:30');
    expect(await page.locator('[data-total-amount]').innerText()).toBe('₺1.800');
    expect(await page.locator('[data-total-deposit]').innerText()).toContain('₺300 kapora');
    await page.getByRole('textbox', { name: /^Ad Soyad/ }).fill('Deniz Kaya');
    await page.getByRole('textbox', { name: /^Telefon/ }).pressSequentially(freshPhone());
    await page.getByRole('button', { name: 'Rezervasyonu Tamamla' }).click();
    await page.getByRole('heading', { name: 'Rezervasyonunuz alındı' }).waitFor();
    const confirmation = page.locator('[data-booking-step="3"]');
    expect(await confirmation.innerText()).toContain('20:00–21:30');
    expect(await confirmation.innerText()).toContain('1,5 saat');
    expect(await page.locator('[data-deposit] h3').innerText()).toBe('Kapora: ₺300');
    await fits(page);
    expect(await axe(page)).toEqual([]);

    // The other page saw every covered slot taken, by the live channel.
    for (const t of ['20:00', '20:30', '21:00'])
      await watcher.page
        .locator(`[data-day="${date}"] [data-start="${t}"][data-state="pending"]`)
        .waitFor({ timeout: 5000 });
    expect(await watcher.page.locator(`[data-day="${date}"] [data-start="21:30"]`).getAttribute('data-state')).toBe(
      'available',
    );

    await page.getByRole('link', { name: 'Rezervasyonu Takip Et' }).click();
    await page.waitForURL(/\/rezervasyon-takip/);
    const row = (label: string) => page.locator(`dt:text-is("${label}") + dd`);
    await row('Bitiş').waitFor();
    expect(await row('Başlangıç').innerText()).toMatch(/^20:00/);
    expect(await row('Bitiş').innerText()).toMatch(/^21:30/);
    expect(await row('Süre').innerText()).toBe('1,5 saat');
    await fits(page);
    expect(await axe(page)).toEqual([]);
    await watcher.context.close();
    await context.close();
  });

  it("the panel's pitch form saves the lengths", async () => {
    const { page, context } = await phone(theme);
    await signIn(context, 'admin');
    await page.goto('/yonetim/sahalar');
    await settle(page);
    await page.getByRole('button', { name: `${NAME} işlemleri` }).click();
    await page.getByRole('menuitem', { name: /Düzenle/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Saha Düzenle' });
    await dialog.getByRole('tab', { name: /^Ayarlar/ }).click();
    const lengths = dialog.getByRole('group', { name: 'Maç süreleri' });
    await lengths.waitFor();
    const extra = theme === 'light' ? '2,5 saat' : '3 saat';
    await lengths.getByRole('checkbox', { name: extra }).check();
    await fits(page);
    expect(await axe(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Güncelle' }).click();
    await dialog.waitFor({ state: 'detached' });
    const saved = await (await fetch(`${origin()}/api/facilities/${pitch.slug}`)).json();
    expect((saved as { data: { matchLengths: number[] } }).data.matchLengths).toEqual(
      theme === 'light' ? [60, 90, 120, 150] : [60, 90, 120, 150, 180],
    );
    await context.close();
  });

  it('the weekly calendar shows a 2-hour booking over its cells; staff book with a length', async () => {
    const date = istanbulDate(offset + 2);
    const start = await slotAt(date, '18:00');
    const made = await admin.context.request.post('/api/bookings', {
      headers: { origin: origin() },
      data: {
        facility: pitch.documentId,
        bookingSlot: start.documentId,
        duration: 120,
        customerName: unbroken(100, 'MüşteriAdı'),
        customerPhone: freshPhone(),
      },
    });
    expect(made.status(), await made.text()).toBe(201);

    const { page, context } = await phone(theme);
    await signIn(context, 'manager');
    await page.goto(`/yonetim/haftalik-takvim?saha=${pitch.slug}&hafta=${mondayOf(date)}`);
    await settle(page);
    await page.locator(`[data-day-tab="${date}"]`).click();
    const list = page.locator(`[data-day-list="${date}"]`);
    const first = list.locator(`[data-slot="${start.documentId}"]`);
    await first.waitFor();
    expect(await first.getAttribute('data-part')).toBe('first');
    expect(await first.locator('[data-booking-range]').innerText()).toBe('18:00–20:00');
    await expect.poll(() => list.locator('[data-part="rest"]').count()).toBe(3);
    await fits(page);
    expect(await axe(page)).toEqual([]);

    // Staff: a free 20:00 cell, 1,5 saat.
    const free = await slotAt(date, '20:00');
    await list.locator(`[data-slot="${free.documentId}"][data-book-slot]`).click();
    const dialog = page.getByRole('dialog', { name: 'Yeni Rezervasyon' });
    await dialog.locator('[data-new-booking-form]').waitFor();
    await expect.poll(() => dialog.getByRole('combobox', { name: 'Saat' }).inputValue()).toBe(free.documentId);
    await dialog.getByRole('combobox', { name: 'Süre' }).selectOption('90');
    const staffPhone = freshPhone();
    await dialog.getByRole('combobox', { name: 'Telefon' }).fill(staffPhone);
    await dialog.getByRole('combobox', { name: 'Ad soyad' }).fill('Telefonla Arayan');
    await fits(page);
    expect(await axe(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Kaydet' }).click();
    await dialog.waitFor({ state: 'detached' });
    const [row] = queryDb<{ duration: number; end_time: string }>(
      'select duration, end_time from bookings where customer_phone = ?',
      staffPhone,
    );
    expect(row).toMatchObject({ duration: 90 });
    expect(row.end_time.slice(0, 5)).toBe('21:30');
    await context.close();
  });
});
