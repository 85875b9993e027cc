// Money that is recorded, not guessed, in real Chromium against the built Worker, at 360 px in both themes, as staff
// use it: approve a pending booking recording the kapora ('Kapora geldi mi?'), collect the balance → 'Tamamı Ödendi',
// reverse the wrong row with a reason, then cancel with a refund → 'İade Edildi'. The rows and the derived status are
// checked in the database too. No console error, no sideways scroll.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, overflow } from './support/browser';
import { openStateDb } from './support/long-data';
import { istanbulDate, queryDb, signIn } from './support/panel';

let browser: Browser;
let close: () => Promise<void>;
beforeAll(async () => ({ browser, close } = await launch()));
afterAll(async () => close());

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const number = () =>
  `HSR${Array.from({ length: 9 }, () => ALPHABET[Math.floor(Math.random() * ALPHABET.length)]).join('')}`;
const phone = () => `0538${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

/** A pending booking of ₺1.500 with a ₺300 kapora due, three days ahead, as the public form leaves it. */
function seedPending(name: string) {
  const db = openStateDb();
  try {
    const f = db.prepare('select id from facilities where deleted_at is null order by id limit 1').get() as {
      id: number;
    };
    const p = phone();
    db.prepare('insert into customers (name, phone) values (?, ?)').run(name, p);
    const date = istanbulDate(3);
    const startsAt = Date.parse(`${date}T21:00:00+03:00`);
    const n = number();
    db.prepare(
      `insert into bookings (document_id, booking_number, facility_id, customer_name, customer_phone, date, start_time,
         end_time, starts_at, slot_price, total_price, deposit_amount, status, expires_at)
       values (lower(hex(randomblob(12))), ?, ?, ?, ?, ?, '21:00', '22:00', ?, 150000, 150000, 30000, 'pending', ?)`,
    ).run(n, f.id, name, p, date, startsAt, Date.now() + 3_600_000);
    return n;
  } finally {
    db.close();
  }
}

const stored = (n: string) =>
  queryDb<{ status: string; payment_status: string; collected: number }>(
    'select status, payment_status, collected from bookings where booking_number = ?',
    n,
  )[0];
const rows = (n: string) =>
  queryDb<{ kind: string; amount: number; method: string | null; reverses_id: number | null }>(
    `select kind, amount, method, reverses_id from payments
       where booking_id = (select id from bookings where booking_number = ?) order by id`,
    n,
  );

async function openDetail(page: Page, n: string) {
  await page.goto(`/yonetim/rezervasyonlar?tab=all&q=${n}`);
  const row = page.locator(`[data-booking="${n}"]`).first();
  await row.waitFor();
  await row.getByRole('button', { name: /Detay/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Rezervasyon Detayı' });
  await dialog.locator('[data-payments]').waitFor();
  return dialog;
}

describe('payments from the booking detail', () => {
  it('kapora with the approval, the balance, a reversal and a refunded cancel', async () => {
    for (const theme of ['light', 'dark'] as const) {
      const n = seedPending(`Ödeyen Deneme ${theme === 'light' ? 'Açık' : 'Koyu'}`);
      const { page, context } = await newPage(browser, { theme, width: 360 });
      await signIn(context, 'admin');

      // Approve: 'Kapora geldi mi?' with the deposit prefilled; received by transfer.
      let dialog = await openDetail(page, n);
      await dialog.getByRole('button', { name: 'Onayla', exact: true }).click();
      const question = dialog.getByRole('region', { name: 'Kapora geldi mi?' });
      await question.waitFor();
      expect(await question.getByRole('textbox', { name: /Alınan kapora/ }).inputValue()).toBe('300');
      expect(await overflow(page), `${theme} kapora question`).toBeLessThanOrEqual(0);
      await question.getByRole('button', { name: 'Kapora alındı, onayla' }).click();
      await expect.poll(() => stored(n)).toEqual({ status: 'approved', payment_status: 'paid', collected: 30_000 });
      await dialog.waitFor({ state: 'hidden' });

      // The balance collected at the pitch: 'Tamamı Ödendi'.
      dialog = await openDetail(page, n);
      const payments = dialog.locator('[data-payments]');
      expect(await payments.locator('[data-payment-status]').first().textContent()).toContain('Kapora Alındı');
      await payments.getByRole('button', { name: 'Ödeme ekle' }).click();
      const form = payments.getByRole('form', { name: 'Ödeme ekle' });
      expect(await form.getByRole('textbox', { name: /Tutar/ }).inputValue()).toBe('1200');
      expect(await overflow(page), `${theme} payment form`).toBeLessThanOrEqual(0);
      await form.getByRole('button', { name: 'Kaydet', exact: true }).click();
      await payments.locator('[data-payment-status="full"]').waitFor();
      expect(await payments.locator('[data-payment-status]').first().textContent()).toContain('Tamamı Ödendi');
      expect(await payments.locator('[data-balance-due]').textContent()).toBe('₺0');

      // The balance was a mistake: reversed with a reason, struck through, the status follows.
      const balance = payments.locator('[data-payment-row="balance"]').first();
      await balance.getByRole('button', { name: 'Geri al' }).click();
      await balance.getByRole('textbox', { name: /Geri alma gerekçesi/ }).fill('Yanlış tutar girildi');
      await balance.getByRole('button', { name: 'Kaydı geri al' }).click();
      await payments.locator('[data-payment-status="paid"]').waitFor();
      await payments.locator('[data-reversed]').waitFor();
      expect(await payments.getByText('Yanlış tutar girildi').count()).toBe(1);
      expect(await overflow(page), `${theme} reversed`).toBeLessThanOrEqual(0);
      expect(rows(n).map((r) => [r.kind, r.amount, r.reverses_id !== null])).toEqual([
        ['deposit', 30_000, false],
        ['balance', 120_000, false],
        ['balance', -120_000, true],
      ]);

      // Cancel: three days ahead the rule suggests a refund; it is preselected, by transfer.
      const choice = dialog.getByRole('region', { name: 'Alınan kapora' });
      expect(await choice.getAttribute('data-deposit-choice')).toBe('refund');
      expect(await choice.textContent()).toContain('Kural (Ayarlar)');
      await dialog.getByRole('button', { name: 'Rezervasyonu İptal Et' }).click();
      await dialog.getByRole('button', { name: /Evet, iptal et/ }).click();
      await expect.poll(() => stored(n)).toEqual({ status: 'cancelled', payment_status: 'refunded', collected: 0 });
      await dialog.waitFor({ state: 'hidden' });
      expect(rows(n).at(-1)).toMatchObject({ kind: 'refund', amount: -30_000, method: 'transfer' });

      dialog = await openDetail(page, n);
      expect(await dialog.locator('[data-payments] [data-payment-status]').first().textContent()).toContain(
        'İade Edildi',
      );
      expect(await overflow(page), `${theme} refunded`).toBeLessThanOrEqual(0);
      await context.close();
    }
  }, 240_000);
});
