// 'Müşteri bilgilerini sil (KVKK)' in real Chromium: after the erasure no screen a person reads, staff or public, shows
// any fragment of the customer, not even in the reasons and notes staff typed about them. The fact of each cancel and
// reject stays, by category.
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, origin, settle } from './support/browser';
import { istanbulDate, signIn } from './support/panel';

let browser: Browser;
let close: () => Promise<void>;
beforeAll(async () => ({ browser, close } = await launch()));
afterAll(async () => close());

const NAME = 'Xenofon Pırnallıoğlu';
const PHONE = `0539${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
const FRAGMENTS = ['Xenofon', 'xenofon', 'Pırnallı', 'pirnalli', PHONE.slice(4), PHONE.slice(1, 7)];
const leaks = (text: string) => FRAGMENTS.filter((f) => text.toLocaleLowerCase('tr').includes(f.toLowerCase()));

type Slot = { documentId: string; isAvailable: boolean };

/** Books the first free slots from `fromDay` on, one per day (the same-day rule), under the test's person. */
async function bookDays(context: BrowserContext, count: number) {
  const facilities = (await (await context.request.get('/api/facilities')).json()) as {
    data: Array<{ slug: string; documentId: string }>;
  };
  const booked: Array<{ documentId: string; bookingNumber: string }> = [];
  for (let day = 4; day < 30 && booked.length < count; day++) {
    for (const f of facilities.data) {
      const slots = (await (
        await context.request.get(`/api/facilities/${f.slug}/slots?date=${istanbulDate(day)}`)
      ).json()) as {
        data?: { slots: Slot[] };
      };
      const slot = slots.data?.slots.find((s) => s.isAvailable);
      if (!slot) continue;
      const res = await context.request.post('/api/bookings', {
        data: {
          facility: f.documentId,
          bookingSlot: slot.documentId,
          customerName: NAME,
          customerPhone: PHONE,
          customerEmail: 'xenofon.p@example.com',
          notes: `${NAME} ${PHONE}`,
        },
      });
      if (res.status() !== 201) continue;
      booked.push(((await res.json()) as { data: { documentId: string; bookingNumber: string } }).data);
      break;
    }
  }
  expect(booked).toHaveLength(count);
  return booked;
}

describe('after a KVKK erasure', () => {
  it('no panel or public screen shows any fragment of the customer, reasons and notes included', async () => {
    const { page, context } = await newPage(browser, { width: 360 });
    await signIn(context, 'admin');
    const write = (path: string, data: unknown) => context.request.post(path, { data, headers: { origin: origin() } });
    const [cancelled, rejected, approved] = await bookDays(context, 3);
    expect((await write(`/api/bookings/${cancelled.documentId}/approve`, { notes: `${NAME} ödedi` })).status()).toBe(
      200,
    );
    expect(
      (await write(`/api/bookings/${cancelled.documentId}/cancel`, { reason: `${NAME} aradı ${PHONE}` })).status(),
    ).toBe(200);
    expect(
      (await write(`/api/bookings/${rejected.documentId}/reject`, { reason: `Xenofon kapora yok` })).status(),
    ).toBe(200);
    expect((await write(`/api/bookings/${approved.documentId}/approve`, {})).status()).toBe(200);

    // Before: the reject reason is on the booking's tracking page (control: the check below can see such text).
    await page.goto(`/rezervasyon-takip?q=${rejected.bookingNumber}`);
    await settle(page, { networkIdle: true, hydrated: false, busy: 'lenient' });
    expect(leaks(await page.locator('body').innerText())).not.toEqual([]);

    expect((await write(`/api/bookings/${approved.documentId}/anonymize`, {})).status()).toBe(200);

    const screens = [
      `/rezervasyon-takip?q=${cancelled.bookingNumber}`,
      `/rezervasyon-takip?q=${rejected.bookingNumber}`,
      `/rezervasyon-takip?q=${approved.bookingNumber}`,
      '/yonetim',
      `/yonetim/rezervasyonlar?tab=cancelled&q=${cancelled.bookingNumber}`,
      '/yonetim/rezervasyonlar?tab=rejected',
      '/yonetim/musteriler',
      '/yonetim/raporlar',
    ];
    for (const path of screens) {
      await page.goto(path);
      await settle(page, { networkIdle: true, hydrated: false, busy: 'lenient' });
      expect(leaks(await page.locator('body').innerText()), path).toEqual([]);
      expect(leaks(await page.content()), path).toEqual([]);
    }
    // The booking detail dialog with its history: the categories stay, nothing typed about the person does.
    await page.goto(`/yonetim/rezervasyonlar?tab=rejected&q=${rejected.bookingNumber}`);
    const row = page.locator(`[data-booking="${rejected.bookingNumber}"]`).first();
    await row.waitFor();
    expect(leaks(await page.locator('body').innerText())).toEqual([]);
    await row.getByRole('button', { name: /Detay/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('İşlem Geçmişi').waitFor();
    await settle(page, { networkIdle: true, hydrated: false, busy: 'lenient' });
    const text = await dialog.innerText();
    expect(leaks(text)).toEqual([]);
    expect(text).toContain('Açıklama silindi (KVKK)');
    await context.close();
  }, 240_000);
});
