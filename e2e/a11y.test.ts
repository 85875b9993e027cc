// Every public page, in both themes, passes axe-core with no serious or critical violation (WCAG 2.x A/AA rules).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axe } from './support/axe';
import { launch, newPage, origin } from './support/browser';

let browser: Browser;
let close: () => Promise<void>;
let facility = '';
let bookingNumber = '';

beforeAll(async () => {
  ({ browser, close } = await launch());
  const facilities = (await (await fetch(`${origin()}/api/facilities`)).json()) as {
    data: Array<{ slug: string; documentId: string }>;
  };
  facility = facilities.data[0].slug;
  // A real booking so the tracking page can be checked with its booking view open.
  const date = new Date(Date.now() + 3 * 3_600_000 + 4 * 86_400_000).toISOString().slice(0, 10);
  const slots = (await (await fetch(`${origin()}/api/facilities/${facility}/slots?date=${date}`)).json()) as {
    data: { slots: Array<{ documentId: string; isAvailable: boolean }> };
  };
  const slot = slots.data.slots.find((s) => s.isAvailable)!;
  const created = await fetch(`${origin()}/api/bookings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      facility: facilities.data[0].documentId,
      bookingSlot: slot.documentId,
      customerName: 'Erişilebilirlik Testi',
      customerPhone: `0532${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
    }),
  });
  bookingNumber = ((await created.json()) as { data: { bookingNumber: string } }).data.bookingNumber;
});
afterAll(async () => close());

const pages = () => [
  ['home', '/'],
  ['pitch list', '/sahalar'],
  ['pitch page', `/saha/${facility}`],
  ['tracking (empty)', '/rezervasyon-takip'],
  ['tracking (a booking)', `/rezervasyon-takip?q=${bookingNumber}`],
  ['my bookings', '/rezervasyonlarim'],
  ['contact', '/iletisim'],
  ['login', '/giris'],
  ['KVKK notice', '/aydinlatma-metni'],
  ['not found', '/boyle-bir-sayfa-yok'],
];

describe.each(['light', 'dark'] as const)('accessibility in the %s theme', (theme) => {
  it('every public page has no serious or critical axe violation', async () => {
    const failures: string[] = [];
    for (const [name, path] of pages()) {
      const { page, context } = await newPage(browser, { theme });
      // Init scripts run in every frame; a cross-origin map iframe may not touch storage.
      await page.addInitScript((t) => {
        try {
          localStorage.setItem('theme', t);
        } catch {
          /* not this frame's storage */
        }
      }, theme);
      await page.goto(path, { waitUntil: 'networkidle' });
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
      for (const v of await axe(page)) failures.push(`${name} (${path}): ${v}`);
      await context.close();
    }
    expect(failures).toEqual([]);
  });
});
