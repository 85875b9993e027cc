// Bugün and Gün Sonu in real Chromium against the built Worker and the demo data: the match sheet lists today's
// pending and approved bookings per pitch in start order, with tap-to-call and WhatsApp links; printed, the shell and the
// controls go and each pitch starts a page; the day-end figures are the sums of the day's payment rows in the database;
// at 360 px, in both themes and with a long unbroken pitch and customer name, nothing widens the page.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tl } from '../site/src/lib/format';
import { launch, newPage, overflow, settle } from './support/browser';
import { createLongFacility, createLongSubscriber, LONG, removeLongData } from './support/long-data';
import { istanbulDate, queryDb, signIn } from './support/panel';

let browser: Browser;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ browser, close } = await launch());
  createLongSubscriber(createLongFacility().id, istanbulDate(0));
});
afterAll(async () => {
  removeLongData();
  await close();
});

interface Row {
  facility_id: number;
  name: string;
  customer_name: string;
  customer_phone: string;
  booking_number: string;
}
/** Today's sheet as the database holds it: live bookings of the business day, per pitch in start order. */
const todayRows = () =>
  queryDb<Row>(
    `select b.facility_id, f.name, b.customer_name, b.customer_phone, b.booking_number from bookings b
     join facilities f on f.id = b.facility_id
     where b.date = ? and b.status in ('pending', 'approved') order by b.facility_id, b.starts_at, b.id`,
    istanbulDate(0),
  );

describe('Bugün', () => {
  it("lists today's bookings per pitch in start order with tel: and WhatsApp links", async () => {
    const { page, context } = await newPage(browser);
    await signIn(context, 'manager');
    await page.goto('/yonetim/bugun');
    await settle(page);
    await page.locator('[data-sheet-section]').first().waitFor();
    const rows = todayRows();
    expect(rows.length).toBeGreaterThan(1);
    const sections = await page.locator('[data-sheet-section]').evaluateAll((els) =>
      els.map((s) => ({
        name: s.querySelector('h2')?.firstChild?.textContent ?? '',
        numbers: [...s.querySelectorAll('[data-sheet-row]')].map((r) => r.getAttribute('data-sheet-row')),
      })),
    );
    const byPitch = new Map<string, string[]>();
    for (const r of rows) byPitch.set(r.name, [...(byPitch.get(r.name) ?? []), r.booking_number]);
    expect(new Map(sections.map((s) => [s.name, s.numbers]))).toEqual(byPitch);
    const first = rows[0];
    const row = page.locator(`[data-sheet-row="${first.booking_number}"]`);
    const digits = first.customer_phone.replace(/^0/, '');
    expect(await row.locator('[data-tel]').getAttribute('href')).toBe(`tel:+90${digits}`);
    expect(await row.locator('[data-whatsapp]').getAttribute('href')).toBe(`https://wa.me/90${digits}`);
    await context.close();
  });

  it('prints without the shell and controls, one pitch a page', async () => {
    const { page, context } = await newPage(browser);
    await signIn(context, 'admin');
    await page.goto('/yonetim/bugun');
    await settle(page);
    await page.locator('[data-sheet-section]').nth(1).waitFor();
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('#panel-sidebar').isVisible()).toBe(false);
    expect(await page.locator('[data-panel-content] > header').isVisible()).toBe(false);
    expect(await page.locator('[data-day-controls]').isVisible()).toBe(false);
    expect(
      await page
        .getByRole('button', { name: 'Tahsil et' })
        .first()
        .isVisible()
        .catch(() => false),
    ).toBe(false);
    const breaks = await page
      .locator('[data-sheet-section]')
      .evaluateAll((els) => els.map((e) => getComputedStyle(e).breakBefore));
    expect(breaks[0]).not.toBe('page');
    expect(breaks.slice(1).every((b) => b === 'page')).toBe(true);
    await context.close();
  });
});

describe('Gün Sonu', () => {
  it("shows the day's money as the sums of its payment rows, each movement listed", async () => {
    const { page, context } = await newPage(browser);
    await signIn(context, 'manager');
    await page.goto('/yonetim/gun-sonu');
    await settle(page);
    await page.locator('[data-figure=received]').waitFor();
    const start = Date.parse(`${istanbulDate(0)}T00:00:00+03:00`);
    const [sums] = queryDb<{ received: number; refunded: number; kept: number; n: number }>(
      `select coalesce(sum(case when kind in ('deposit', 'balance') then amount end), 0) as received,
         coalesce(-sum(case when kind = 'refund' then amount end), 0) as refunded,
         coalesce(sum(case when kind = 'kept' then amount end), 0) as kept, count(*) as n
       from payments where at >= ? and at < ?`,
      start,
      start + 86_400_000,
    );
    expect(await page.locator('[data-figure=received]').textContent()).toBe(tl(sums.received / 100));
    expect(await page.locator('[data-figure=refunded]').textContent()).toBe(tl(sums.refunded / 100));
    expect(await page.locator('[data-figure=net]').textContent()).toBe(tl((sums.received - sums.refunded) / 100));
    expect(await page.locator('[data-figure=kept]').textContent()).toBe(tl(sums.kept / 100));
    expect(await page.locator('[data-movement]').count()).toBe(sums.n);
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('#panel-sidebar').isVisible()).toBe(false);
    expect(await page.locator('[data-day-controls]').isVisible()).toBe(false);
    await context.close();
  });
});

describe('at 360 px', () => {
  for (const theme of ['light', 'dark'] as const)
    it(`Bugün, Gün Sonu and the dashboard stay within the width in the ${theme} theme, long names included`, async () => {
      const { page, context } = await newPage(browser, { theme, width: 360 });
      await signIn(context, 'admin');
      for (const path of ['/yonetim/bugun', '/yonetim/gun-sonu', '/yonetim']) {
        await page.goto(path);
        await settle(page, { networkIdle: true });
        if (path === '/yonetim/bugun') {
          await page.getByText(LONG.subscriberName).waitFor();
          await page.locator('[data-sheet-section] h2', { hasText: LONG.facilityName }).waitFor();
        }
        expect(await overflow(page), path).toBeLessThanOrEqual(0);
      }
      await context.close();
    });
});
