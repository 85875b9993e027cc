// Müşteri Yönetimi in real Chromium against the built Worker: a manager opens the dashboard's
// warnings-only link, sees exactly the customers the database says have warnings, opens one's side panel and history,
// and downloads the risk CSV and the full Excel report through the report menu; the files are read back and hold the
// right rows. The xlsx library arrives only when the Excel report is asked for. At 360 px a customer with a
// 120-character unbroken name widens nothing in either theme, and axe finds no serious violation. A subscriber who
// cancelled weeks 1–3 of 8 reads 'Uyarı' / 'YÜKSEK' with 3 in a row (the approved weeks still ahead do not end the
// run), and the money and match figures are named for what they count, at 360 px in both themes.
import { readFileSync } from 'node:fs';
import type { DatabaseSync } from 'node:sqlite';
import type { Browser, Page } from 'playwright-core';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axe } from './support/axe';
import { launch, newPage, overflow, settle } from './support/browser';
import { createLongCustomer, LONG_CUSTOMER, openStateDb, removeLongCustomer } from './support/long-data';
import { istanbulDate, queryDb, signIn } from './support/panel';

let browser: Browser;
let close: () => Promise<void>;
beforeAll(async () => ({ browser, close } = await launch()));
afterAll(async () => close());

interface Warned {
  id: number;
  name: string;
  consecutive: number;
  subscriber: number;
}
/** Customers at Dikkat or above, subscriber or not (one level for everyone), straight from the database. */
const warnedInDb = () =>
  queryDb<Warned>(
    `select c.id, c.name, s.consecutive_cancellations as consecutive, c.is_subscriber as subscriber from customers c
     join customer_stats s on s.customer_id = c.id
     where s.consecutive_cancellations >= 2 order by c.id`,
  );

async function download(page: Page, item: string) {
  await page.getByRole('button', { name: 'Rapor İndir', exact: true }).click();
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: item, exact: true }).click(),
  ]);
  const path = await file.path();
  return { name: file.suggestedFilename(), bytes: readFileSync(path) };
}

describe('customer management', () => {
  it('the warnings-only link lists exactly the warned customers; the side panel, history and both report files follow', async () => {
    const { page, context } = await newPage(browser);
    await signIn(context, 'manager');
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto('/yonetim/musteriler?warningsOnly=true');
    await settle(page);

    const warned = warnedInDb();
    // The demo seed has subscribers at 2, 3 and 5 in a row (scripts/seed.ts).
    expect(warned.map((w) => w.consecutive).sort()).toEqual(expect.arrayContaining([2, 3, 5]));
    expect(await page.getByRole('checkbox', { name: 'Sadece uyarılı müşteriler' }).isChecked()).toBe(true);
    const shown = await page
      .locator('[data-customer]')
      .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-customer'))));
    expect(shown.sort((a, b) => a - b)).toEqual(warned.map((w) => w.id));
    expect(await page.locator('[data-stat="warningCount"] dd').textContent()).toBe(String(warned.length));
    for (const w of warned) {
      const level = w.consecutive >= 5 ? 'Kritik' : w.consecutive >= 3 ? 'Uyarı' : 'Dikkat';
      expect(await page.locator(`[data-customer="${w.id}"] [data-warning]`).textContent()).toBe(
        `Uyarı seviyesi: ${level}`,
      );
    }
    const axeFailures = (await axe(page)).map((v) => `list: ${v}`);

    // The side panel of the customer with the longest run, and its history from customers/{id}.
    const worst = [...warned].sort((a, b) => b.consecutive - a.consecutive)[0];
    await page
      .locator(`[data-customer="${worst.id}"]`)
      .getByRole('button', { name: `Detay ${worst.name}` })
      .click();
    const sheet = page.getByRole('dialog', { name: worst.name });
    await sheet.waitFor();
    expect(await sheet.getByRole('button', { name: 'Mesaj Gönder' }).isDisabled()).toBe(true);
    await sheet.getByRole('tab', { name: 'Geçmiş' }).click();
    await sheet.locator('[data-history-booking]').first().waitFor();
    const numbers = queryDb<{ n: string }>(
      `select b.booking_number as n from bookings b join customers c on c.phone = b.customer_phone where c.id = ?
       order by b.starts_at desc limit 30`,
      worst.id,
    ).map((r) => r.n);
    expect(await sheet.locator('[data-history-booking]').allTextContents()).toEqual(numbers);
    expect(await sheet.locator('[data-history-booking]').first().getAttribute('href')).toBe(
      `/rezervasyon-takip?q=${numbers[0]}`,
    );
    await sheet.getByRole('tab', { name: 'Analiz' }).click();
    expect(await sheet.locator('[data-risk]').textContent()).toBe('KRİTİK');
    for (const v of await axe(page)) axeFailures.push(`side panel: ${v}`);
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });

    // The risk report as CSV: BOM, ';', one line per warned customer.
    const today = istanbulDate();
    const csv = await download(page, 'Risk raporu (CSV)');
    expect(csv.name).toBe(`musteri-raporu-risk-${today}.csv`);
    expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = csv.bytes.toString('utf8').slice(1).trimEnd().split('\r\n');
    expect(lines[0].split(';').slice(0, 4)).toEqual(['Ad Soyad', 'Telefon', 'Müşteri Tipi', 'Ardışık İptal']);
    expect(
      lines
        .slice(1)
        .map((l) => l.split(';')[0])
        .sort(),
    ).toEqual(warned.map((w) => w.name).sort());
    for (const w of warned)
      expect(lines.find((l) => l.startsWith(`${w.name};`))?.split(';')[3]).toBe(String(w.consecutive));

    // No xlsx code so far; the full report as Excel fetches it and writes a real workbook.
    const before = new Set(scripts);
    const xlsx = await download(page, 'Tam rapor (Excel)');
    expect(xlsx.name).toBe(`musteri-raporu-tam-${today}.xlsx`);
    // write-excel-file/browser is its own chunk (dist/client/_astro/browser.*.js), fetched on this click only.
    const xlsxChunk = /\/_astro\/browser\.[\w-]+\.js$/;
    expect([...before].filter((s) => xlsxChunk.test(s))).toEqual([]);
    expect(scripts.filter((s) => !before.has(s) && xlsxChunk.test(s))).toHaveLength(1);
    const sheetRows = await readSheet(xlsx.bytes);
    const header = sheetRows[0] as string[];
    expect(header.slice(0, 4)).toEqual(['Ad Soyad', 'Telefon', 'E-posta', 'Müşteri Tipi']);
    const col = (title: string) => header.indexOf(title);
    expect(sheetRows).toHaveLength(1 + warned.length);
    for (const w of warned) {
      const r = sheetRows.find((x) => x[0] === w.name);
      expect(r, w.name).toBeTruthy();
      expect(r![col('Ardışık İptal')]).toBe(w.consecutive);
      expect(r![col('Müşteri Tipi')]).toBe(w.subscriber ? 'Abone' : 'Standart');
      expect(String(r![col('Son Rezervasyon')])).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
    }

    expect(axeFailures).toEqual([]);
  });

  it('axe finds no serious violation on the table and side panel in the dark theme', async () => {
    const { page, context } = await newPage(browser, { theme: 'dark' });
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await signIn(context, 'manager');
    await page.goto('/yonetim/musteriler?warningsOnly=true');
    await settle(page);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await page.locator('[data-customer]').first().waitFor();
    const failures = (await axe(page)).map((v) => `list: ${v}`);
    await page
      .locator('[data-customer]')
      .first()
      .getByRole('button', { name: /^Detay / })
      .click();
    const sheet = page.getByRole('dialog');
    await sheet.waitFor();
    for (const tab of ['Genel', 'Geçmiş', 'Analiz']) {
      await sheet.getByRole('tab', { name: tab }).click();
      for (const v of await axe(page)) failures.push(`${tab}: ${v}`);
    }
    expect(failures).toEqual([]);
  });
});

describe.each(['light', 'dark'] as const)('customer management at 360 px in the %s theme', (theme) => {
  beforeAll(() => createLongCustomer());
  afterAll(() => removeLongCustomer());

  it('a customer with a 120-character unbroken name widens neither the cards nor the side panel', async () => {
    const { page, context } = await newPage(browser, { theme, width: 360 });
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await signIn(context, 'manager');
    await page.goto(`/yonetim/musteriler?search=${LONG_CUSTOMER.phone}`);
    await settle(page);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
    const card = page.locator('li[data-customer]');
    await card.waitFor();
    expect(await card.locator('[data-name]').textContent()).toBe(LONG_CUSTOMER.name);
    expect(await card.locator('[data-phone]').textContent()).toBe('0539 999 00 02');
    expect(await overflow(page)).toBe(0);
    const box = await card.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    const failures = (await axe(page)).map((v) => `cards: ${v}`);

    await card.getByRole('button', { name: /^Detay / }).click();
    const sheet = page.getByRole('dialog');
    await sheet.waitFor();
    for (const tab of ['Genel', 'Geçmiş', 'Analiz']) {
      await sheet.getByRole('tab', { name: tab }).click();
      const sheetBox = await sheet.boundingBox();
      expect(sheetBox!.x + sheetBox!.width, tab).toBeLessThanOrEqual(360);
      expect(await sheet.evaluate((el) => el.scrollWidth - el.clientWidth), tab).toBeLessThanOrEqual(0);
      for (const v of await axe(page)) failures.push(`${tab}: ${v}`);
    }
    // A customer without bookings: the history says so.
    await sheet.getByRole('tab', { name: 'Geçmiş' }).click();
    await sheet.getByText('Rezervasyon geçmişi bulunamadı').waitFor();
    expect(failures).toEqual([]);
  });
});

const WEEKLY = { phone: '05399990031', name: 'Haftalık Abone İptalci' };
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const bookingNumber = () =>
  `HSR${Array.from({ length: 9 }, () => ALPHABET[Math.floor(Math.random() * ALPHABET.length)]).join('')}`;

function removeWeekly(db: DatabaseSync) {
  db.prepare('delete from bookings where customer_phone = ?').run(WEEKLY.phone);
  db.prepare('delete from customers where phone = ?').run(WEEKLY.phone);
}

/**
 * A subscriber who played once three weeks ago, then booked 8 weekly matches at ₺1.500 and cancelled weeks 1–3 (two
 * already past, one ahead); weeks 4–8 stay approved and ahead.
 */
function createWeekly() {
  const db = openStateDb();
  try {
    removeWeekly(db);
    const f = db.prepare('select id from facilities where deleted_at is null order by id limit 1').get() as {
      id: number;
    };
    db.prepare('insert into customers (phone, name, is_subscriber) values (?, ?, 1)').run(WEEKLY.phone, WEEKLY.name);
    const plan: [number, string, number][] = [
      [-20, 'approved', 0],
      ...[-13, -6, 1].map((day): [number, string, number] => [day, 'cancelled', 1]),
      ...[8, 15, 22, 29, 36].map((day): [number, string, number] => [day, 'approved', 1]),
    ];
    const insert = db.prepare(
      `insert into bookings (document_id, booking_number, facility_id, customer_name, customer_phone, date, start_time,
         end_time, starts_at, slot_price, total_price, status, is_subscriber, is_recurring, cancellation_reason)
       values (?, ?, ?, ?, ?, ?, '21:00', '22:00', ?, 150000, 150000, ?, ?, ?, ?)`,
    );
    plan.forEach(([day, status, subscriber], i) => {
      const date = istanbulDate(day);
      insert.run(
        `e2e-weekly-${i}-${Date.now()}`,
        bookingNumber(),
        f.id,
        WEEKLY.name,
        WEEKLY.phone,
        date,
        Date.parse(`${date}T21:00:00+03:00`),
        status,
        subscriber,
        subscriber,
        status === 'cancelled' ? 'Müşteri tarafından iptal edildi' : null,
      );
    });
  } finally {
    db.close();
  }
}

const dotted = (date: string) => date.split('-').reverse().join('.');

describe.each(['light', 'dark'] as const)(
  'a subscriber who cancelled weeks 1–3 of 8, at 360 px in the %s theme',
  (theme) => {
    beforeAll(() => createWeekly());
    afterAll(() => {
      const db = openStateDb();
      try {
        removeWeekly(db);
      } finally {
        db.close();
      }
    });

    it("reads 'Uyarı' and 'YÜKSEK' with 3 in a row; played and planned money and the last match are named apart", async () => {
      const { page, context } = await newPage(browser, { theme, width: 360 });
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
      await signIn(context, 'manager');
      await page.goto(`/yonetim/musteriler?warningsOnly=true&search=${WEEKLY.phone}`);
      await settle(page);
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
      const card = page.locator('li[data-customer]');
      await card.waitFor();
      expect(await card.count()).toBe(1);
      expect(await card.locator('[data-consecutive]').textContent()).toBe('3');
      expect(await card.locator('[data-warning]').textContent()).toBe('Uyarı seviyesi: Uyarı');
      expect(await overflow(page)).toBe(0);
      const failures = (await axe(page)).map((v) => `cards: ${v}`);

      await card.getByRole('button', { name: `Detay ${WEEKLY.name}` }).click();
      const sheet = page.getByRole('dialog', { name: WEEKLY.name });
      await sheet.waitFor();
      const facts = await sheet
        .locator('dt')
        .evaluateAll((dts) =>
          Object.fromEntries(dts.map((dt) => [dt.textContent, dt.nextElementSibling?.textContent])),
        );
      expect(facts).toMatchObject({
        'Son oynanan maç': dotted(istanbulDate(-20)),
        'Oynanan maç': '1',
        'Gerçekleşen harcama': '₺1.500',
        'Planlanan harcama': '₺7.500',
      });
      expect(await sheet.textContent()).not.toContain('Toplam harcama');
      for (const v of await axe(page)) failures.push(`Genel: ${v}`);
      await sheet.getByRole('tab', { name: 'Analiz' }).click();
      expect(await sheet.locator('[data-risk]').textContent()).toBe('YÜKSEK');
      expect(await sheet.locator('[data-warning]').textContent()).toBe('Uyarı seviyesi: Uyarı');
      const box = await sheet.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(360);
      expect(await sheet.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
      for (const v of await axe(page)) failures.push(`Analiz: ${v}`);
      expect(failures).toEqual([]);
      await context.close();
    });
  },
);
