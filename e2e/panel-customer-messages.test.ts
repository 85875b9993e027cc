// The WhatsApp messages to the customer in real Chromium against the built Worker (docs/behaviour.md#bookings
// 'Messages to the customer'): an approved booking's detail offers 'Onay mesajı' and 'Maç hatırlatması', each a
// wa.me link to the booking's phone with the text typed; opening one opens WhatsApp in a new tab and writes a history
// row. At 360 px in both themes, with a long unbroken name, nothing widens the page and nothing is logged as an error.
// The rows made here are removed again.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axe } from './support/axe';
import { launch, newPage, overflow, settle } from './support/browser';
import { openStateDb } from './support/long-data';
import { istanbulDate, queryDb, signIn } from './support/panel';

let browser: Browser;
let close: () => Promise<void>;
const PHONE = `0538${String(Date.now()).slice(-7)}`;
const NAME = `Mesajlı ${'Uzunisimlioyuncu'.repeat(6)}`;
const NUMBER = `HSRWAPP${String(Date.now() % 100_000)
  .padStart(5, '0')
  .replace(/[01]/g, 'Z')}`;

function seed() {
  const db = openStateDb();
  try {
    const f = db.prepare('select id from facilities where deleted_at is null order by id limit 1').get() as {
      id: number;
    };
    const date = istanbulDate(3);
    const startsAt = Date.parse(`${date}T20:00:00+03:00`);
    db.prepare(
      `insert into bookings (document_id, booking_number, facility_id, customer_name, customer_phone, date, start_time,
         end_time, starts_at, slot_price, total_price, deposit_amount, status, approved_at)
       values (lower(hex(randomblob(12))), ?, ?, ?, ?, ?, '20:00', '21:00', ?, 150000, 150000, 30000, 'approved', ?)`,
    ).run(NUMBER, f.id, NAME, PHONE, date, startsAt, Date.now());
  } finally {
    db.close();
  }
}

function removeRows() {
  const db = openStateDb();
  try {
    db.prepare(
      'delete from booking_history where booking_id in (select id from bookings where booking_number = ?)',
    ).run(NUMBER);
    db.prepare('delete from bookings where booking_number = ?').run(NUMBER);
    db.prepare('delete from customer_stats where customer_id in (select id from customers where phone = ?)').run(PHONE);
    db.prepare('delete from customers where phone = ?').run(PHONE);
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  ({ browser, close } = await launch());
  seed();
});
afterAll(async () => {
  removeRows();
  await close();
  expect(queryDb('select id from bookings where booking_number = ?', NUMBER)).toEqual([]);
});

describe('WhatsApp messages from the booking detail', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`an approved booking's 'Onay mesajı' opens WhatsApp with the text and is recorded, 360 px, ${theme} theme`, async () => {
      const { page, context } = await newPage(browser, { theme, width: 360 });
      await signIn(context, 'manager');
      // WhatsApp is not reachable from the test machine: the new tab's request is answered here and kept.
      const opened: string[] = [];
      await context.route('https://wa.me/**', (route) => {
        opened.push(route.request().url());
        return route.fulfill({ status: 200, contentType: 'text/html', body: '<title>WhatsApp</title>' });
      });

      await page.goto(`/yonetim/rezervasyonlar?tab=all&q=${NUMBER}`);
      await settle(page);
      const row = page.locator(`[data-booking="${NUMBER}"]`).first();
      await row.waitFor();
      await row.getByRole('button', { name: /Detay/ }).click();
      const dialog = page.getByRole('dialog');
      const section = dialog.getByRole('region', { name: 'Müşteriye WhatsApp' });
      await section.waitFor();
      expect(
        await section.locator('[data-message]').evaluateAll((els) => els.map((e) => e.getAttribute('data-message'))),
      ).toEqual(['approved', 'reminder']);
      await section.getByText('Mesajı göster').first().click();
      expect(await overflow(page), `${theme} messages`).toBeLessThanOrEqual(0);
      expect(await axe(page)).toEqual([]);

      const link = section.getByRole('link', { name: 'WhatsApp: Onay mesajı' });
      const href = (await link.getAttribute('href')) ?? '';
      expect(href.startsWith(`https://wa.me/90${PHONE.slice(1)}?text=`)).toBe(true);
      const text = decodeURIComponent(href.split('?text=')[1]);
      expect(text).toContain('rezervasyonunuz onaylandı');
      expect(text).toContain('20:00–21:00');
      expect(text).toContain(`Rezervasyon no: ${NUMBER}`);

      const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
      await tab.waitForLoadState();
      expect(opened.at(-1)).toBe(href);
      await tab.close();
      // The history says it was opened, and by whom.
      await dialog.getByText('WhatsApp mesajı açıldı').first().waitFor();
      const rows = queryDb<{ reason: string }>(
        "select reason from booking_history where event = 'whatsapp' and booking_id = (select id from bookings where booking_number = ?)",
        NUMBER,
      );
      expect(rows.at(-1)?.reason).toBe('WhatsApp: Onay mesajı');
      await context.close();
    });
  }
});
