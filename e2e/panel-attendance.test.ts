// Who came and holds that follow the money, in real Chromium against the built Worker, at 360 px in both themes: a
// staff member opens a past approved booking and marks it 'Gelmedi' (the customer's no-show count and warning level
// change in the database and on Müşteriler), then 'Geldi' (back to Normal); extends a pending hold by 2 saat and the
// countdown moves with the deadline. No console error, no sideways scroll.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, overflow, settle } from './support/browser';
import { openStateDb } from './support/long-data';
import { istanbulDate, queryDb, signIn } from './support/panel';

let browser: Browser;
let close: () => Promise<void>;
beforeAll(async () => ({ browser, close } = await launch()));
afterAll(async () => close());

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const number = () =>
  `HSR${Array.from({ length: 9 }, () => ALPHABET[Math.floor(Math.random() * ALPHABET.length)]).join('')}`;
const phone = () => `0539${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

/** A customer with one booking written as the server writes them (the stats triggers run); answers its ids. */
function seedBooking(b: { status: 'approved' | 'pending'; days: number; name: string; expiresAt?: number }) {
  const db = openStateDb();
  try {
    const f = db.prepare('select id from facilities where deleted_at is null order by id limit 1').get() as {
      id: number;
    };
    const p = phone();
    db.prepare('insert into customers (name, phone) values (?, ?)').run(b.name, p);
    const date = istanbulDate(b.days);
    const startsAt = Date.parse(`${date}T20:00:00+03:00`);
    const n = number();
    db.prepare(
      `insert into bookings (document_id, booking_number, facility_id, customer_name, customer_phone, date, start_time,
         end_time, starts_at, slot_price, total_price, status, expires_at, approved_at)
       values (lower(hex(randomblob(12))), ?, ?, ?, ?, ?, '20:00', '21:00', ?, 150000, 150000, ?, ?, ?)`,
    ).run(n, f.id, b.name, p, date, startsAt, b.status, b.expiresAt ?? null, b.status === 'approved' ? startsAt : null);
    const { id } = db.prepare('select id from customers where phone = ?').get(p) as { id: number };
    return { number: n, phone: p, customerId: id };
  } finally {
    db.close();
  }
}

const stats = (customerId: number) =>
  queryDb<{ no_show_bookings: number; consecutive_cancellations: number }>(
    'select no_show_bookings, consecutive_cancellations from customer_stats where customer_id = ?',
    customerId,
  )[0];

describe('attendance and holds from the booking detail', () => {
  it("'Gelmedi' then 'Geldi' move the customer's no-shows and warning; '2 saat' moves the hold's countdown", async () => {
    const played = seedBooking({ status: 'approved', days: -1, name: 'Gelmeyen Deneme' });
    const held = seedBooking({
      status: 'pending',
      days: 3,
      name: 'Bekleyen Deneme',
      expiresAt: Date.now() + 40 * 60_000,
    });
    for (const theme of ['light', 'dark'] as const) {
      const { page, context } = await newPage(browser, { theme, width: 360 });
      await signIn(context, 'admin');

      // The past approved booking: mark it.
      await page.goto(`/yonetim/rezervasyonlar?tab=all&q=${played.number}`);
      const row = page.locator(`[data-booking="${played.number}"]`).first();
      await row.waitFor();
      await row.getByRole('button', { name: /Detay/ }).click();
      const dialog = page.getByRole('dialog');
      const mark = theme === 'light' ? 'Gelmedi' : 'Geldi';
      await dialog.getByRole('button', { name: mark, exact: true }).click();
      await dialog.locator('[data-attendance-state]', { hasText: new RegExp(`^${mark} · `) }).waitFor();
      expect(await dialog.getByRole('button', { name: mark, exact: true }).getAttribute('aria-pressed')).toBe('true');
      expect(await overflow(page), `${theme} detail`).toBeLessThanOrEqual(0);
      expect(stats(played.customerId)).toEqual(
        theme === 'light'
          ? { no_show_bookings: 1, consecutive_cancellations: 2 }
          : { no_show_bookings: 0, consecutive_cancellations: 0 },
      );
      await page.keyboard.press('Escape');

      // Müşteriler reads the same figure: Dikkat after a no-show, Normal once it is 'Geldi'.
      await page.goto(`/yonetim/musteriler?search=${played.phone}`);
      await settle(page, { networkIdle: true, busy: 'lenient' });
      const card = page.locator(`[data-customer="${played.customerId}"]`).first();
      await card.waitFor();
      expect(await card.locator('[data-warning]').first().textContent()).toBe(
        `Uyarı seviyesi: ${theme === 'light' ? 'Dikkat' : 'Normal'}`,
      );
      expect(await overflow(page), `${theme} customers`).toBeLessThanOrEqual(0);

      // The pending hold: its countdown, then 2 saat more.
      await page.goto(`/yonetim/rezervasyonlar?tab=all&q=${held.number}`);
      const heldRow = page.locator(`[data-booking="${held.number}"]`).first();
      await heldRow.waitFor();
      await heldRow.getByRole('button', { name: /Detay/ }).click();
      const d2 = page.getByRole('dialog');
      const left = d2.locator('[data-hold-left]');
      await left.waitFor();
      const before = (await left.textContent()) ?? '';
      // The clock time of the deadline; a deadline past midnight in Istanbul names its date first.
      expect(before).toMatch(/^(?:\d{1,2} \S+ \d{4} )?\d{2}:\d{2} · .+ kaldı$/);
      const deadline = () =>
        queryDb<{ expires_at: number }>('select expires_at from bookings where booking_number = ?', held.number)[0]
          .expires_at;
      const was = deadline();
      await d2.getByRole('button', { name: 'Süreyi uzat' }).click();
      await d2.getByRole('button', { name: '2 saat', exact: true }).click();
      await d2.getByLabel('Neden (isteğe bağlı)').fill('Müşteri ödediğini söyledi');
      expect(await overflow(page), `${theme} extend form`).toBeLessThanOrEqual(0);
      await d2.getByRole('button', { name: 'Uzat', exact: true }).click();
      // The second theme extends the same hold again: its history then names two extensions.
      await expect
        .poll(() => d2.getByText('Müşteri ödediğini söyledi: 2 saat uzatıldı').count())
        .toBe(theme === 'light' ? 1 : 2);
      await expect.poll(deadline).toBe(was + 120 * 60_000);
      await expect.poll(async () => (await left.textContent()) ?? '').not.toBe(before);
      expect(await left.textContent()).toMatch(/sa \d+ dk kaldı$|sa kaldı$/);
      await context.close();
    }
  }, 240_000);
});
