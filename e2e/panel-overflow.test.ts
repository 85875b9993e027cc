// No panel page scrolls sideways at 360 px, with a booking whose name (100 characters, the schema's
// maximum), e-mail and notes (200 characters) are single unbroken words; in both themes; with no console error
// (hydration errors such as React #418 included) on any of them.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PANEL_NAV } from '../site/src/lib/panel';
import { launch, newPage, overflow, settle } from './support/browser';
import { istanbulDate, signIn } from './support/panel';

let browser: Browser;
let close: () => Promise<void>;

const NAME = 'Ç' + 'a'.repeat(99);
const EMAIL = `${'e'.repeat(188)}@example.com`;
const NOTES = 'N'.repeat(200);
const WIDTH = 360;

let booking: { bookingNumber: string; documentId: string; date: string; slug: string };

interface Slot {
  documentId: string;
  isAvailable: boolean;
  isPast?: boolean;
  state?: string;
}

/** A booking with unbroken long fields, made through the public API on the first free slot a few days ahead. */
async function createLongBooking(): Promise<typeof booking> {
  const { page, context } = await newPage(browser);
  const api = context.request;
  const facilities = (
    (await (await api.get('/api/facilities')).json()) as { data: Array<{ documentId: string; slug: string }> }
  ).data;
  for (const days of [3, 4, 5, 6]) {
    const date = istanbulDate(days);
    for (const f of facilities) {
      const slots = (
        (await (await api.get(`/api/facilities/${f.slug}/slots?date=${date}`)).json()) as { data: { slots: Slot[] } }
      ).data.slots;
      const free = slots.find((s) => s.isAvailable && !s.isPast);
      if (!free) continue;
      const phone = `0539${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
      const res = await api.post('/api/bookings', {
        data: {
          facility: f.documentId,
          bookingSlot: free.documentId,
          customerName: NAME,
          customerPhone: phone,
          customerEmail: EMAIL,
          notes: NOTES,
        },
      });
      if (res.status() !== 201) throw new Error(`booking failed: ${res.status()} ${await res.text()}`);
      const { data } = (await res.json()) as { data: { bookingNumber: string; documentId: string } };
      await page.close();
      await context.close();
      return { ...data, date, slug: f.slug };
    }
  }
  throw new Error('no free slot');
}

beforeAll(async () => {
  ({ browser, close } = await launch());
  booking = await createLongBooking();
});
afterAll(async () => close());

const mondayOf = (date: string) => {
  const d = new Date(date + 'T00:00:00Z');
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
};

async function open(theme: 'light' | 'dark') {
  const { page, context } = await newPage(browser, { theme, width: WIDTH });
  await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
  await signIn(context, 'admin');
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`${page.url()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
  return { page, context, errors };
}

/** How far the page (or one element) reaches past the viewport; 0 when nothing scrolls sideways. */

describe.each(['light', 'dark'] as const)('panel at 360 px in the %s theme', (theme) => {
  it('no page scrolls sideways with 100- and 200-character unbroken fields, and none logs a console error', async () => {
    const { page, context, errors } = await open(theme);
    const wide: string[] = [];
    const pages = [
      '/yonetim',
      `/yonetim/rezervasyonlar?q=${booking.bookingNumber}`,
      '/yonetim/rezervasyonlar?tab=pending',
      `/yonetim/haftalik-takvim?saha=${booking.slug}&hafta=${mondayOf(booking.date)}`,
      // …and every other screen of the sidebar.
      ...PANEL_NAV.map((entry) => entry.href).filter(
        (href) => !/^\/yonetim(\/rezervasyonlar|\/haftalik-takvim)?$/.test(href),
      ),
    ];
    for (const path of pages) {
      await page.goto(path);
      await settle(page, { networkIdle: true, busy: 'lenient' });
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark')), path).toBe(
        theme === 'dark',
      );
      let over = await overflow(page);
      if (path.startsWith('/yonetim/haftalik-takvim')) {
        // The day list opens on today in this week and on Monday in another: the booking's own day is chosen, so its
        // long name is on screen whatever the time of day.
        await page.locator(`[data-day-tab="${booking.date}"]`).click();
        await page.locator(`[data-day-list="${booking.date}"]`).getByText(NAME).waitFor();
        over = Math.max(over, await overflow(page));
      }
      if (over > 0) wide.push(`${path}: ${over}px`);
    }
    expect(wide).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the long booking shows on its day’s match sheet, in the list and in its detail dialog without widening anything', async () => {
    const { page, context, errors } = await open(theme);
    // The dashboard leads with today's matches and Bugün shows any day: the long name is on its day's sheet, wrapped.
    await page.goto(`/yonetim/bugun?date=${booking.date}`);
    await settle(page, { networkIdle: true, busy: 'lenient' });
    await page.locator(`[data-sheet-row="${booking.bookingNumber}"]`).filter({ hasText: NAME }).waitFor();
    expect(await overflow(page)).toBe(0);

    await page.goto(`/yonetim/rezervasyonlar?q=${booking.bookingNumber}`);
    await settle(page, { networkIdle: true, busy: 'lenient' });
    await page.locator(`[data-booking="${booking.bookingNumber}"]`).waitFor();
    expect(await overflow(page)).toBe(0);
    await page.getByRole('button', { name: new RegExp(`Detay ${booking.bookingNumber}`) }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('İşlem Geçmişi').waitFor();
    await dialog.getByText(EMAIL).waitFor();
    await dialog.getByText(NOTES).waitFor();
    expect(await overflow(page)).toBe(0);
    // Nothing inside the dialog scrolls sideways either: the fields wrap.
    const inner = await page.evaluate(() => {
      const modal = document.querySelector('[role=dialog]')!.parentElement!;
      return [modal.scrollWidth - modal.clientWidth, modal.getBoundingClientRect().right - window.innerWidth];
    });
    expect(inner[0]).toBeLessThanOrEqual(0);
    expect(inner[1]).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('weekly calendar first load', () => {
  it('the server-rendered week is this week, never 1969, and hydration logs no error', async () => {
    const { page, context, errors } = await open('light');
    const res = await context.request.get('/yonetim/haftalik-takvim');
    const html = await res.text();
    expect(html).not.toContain('1969');
    expect(html).not.toContain('1970');
    await page.goto('/yonetim/haftalik-takvim');
    await settle(page, { networkIdle: true, busy: 'lenient' });
    const range = await page.locator('[data-week-range]').textContent();
    expect(range).toContain(String(new Date().getFullYear()).slice(0, 3));
    expect(range).not.toContain('1969');
    // The whole strip fits: Pazar is fully on screen.
    const sunday = await page.locator('[data-day-tab]').last().boundingBox();
    expect(sunday!.x + sunday!.width).toBeLessThanOrEqual(WIDTH);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('dashboard at 1280 px', () => {
  it("the quick links' pending pill never runs into the arrow", async () => {
    const { page, context } = await newPage(browser, { width: 1280 });
    await signIn(context, 'admin');
    await page.goto('/yonetim');
    await settle(page, { networkIdle: true, busy: 'lenient' });
    const link = page.locator('a[href="/yonetim/rezervasyonlar"]').filter({ has: page.locator('[data-quick-arrow]') });
    const pill = link.getByText(/bekleyen$/);
    await pill.waitFor();
    const [p, a] = [await pill.boundingBox(), await link.locator('[data-quick-arrow]').boundingBox()];
    expect(p!.x + p!.width).toBeLessThanOrEqual(a!.x);
    await context.close();
  });
});
