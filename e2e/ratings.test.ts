// Verified ratings in a real browser (docs/behaviour.md#ratings): the holder of a played booking rates the pitch from
// tracking; the pitch page shows the average, the count and aggregateRating only from 3 ratings on, with the latest
// comments (a long unbroken one wraps at 360 px in both themes); /sahalar sorts by rating; staff hide a comment in the
// panel and the pitch page no longer shows it. On the long-data pitch, removed again at the end.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axe } from './support/axe';
import { launch, newPage, origin, overflow, settle } from './support/browser';
import { createLongFacility, LONG, openStateDb, removeLongData, unbroken } from './support/long-data';
import { signIn } from './support/panel';

let browser: Browser;
let close: () => Promise<void>;
let pitch: { id: number; documentId: string };

const HOUR = 3_600_000;
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newNumber = () =>
  `HSR${Array.from({ length: 9 }, () => ALPHABET[Math.floor(Math.random() * ALPHABET.length)]).join('')}`;
const clock = (ms: number) => new Date(ms + 3 * HOUR).toISOString().slice(11, 16);
const dayOf = (ms: number) => new Date(ms + 3 * HOUR).toISOString().slice(0, 10);
const LONG_COMMENT = unbroken(500, 'Yorumkelimesiuzun');

/** An approved one-hour booking on the long pitch that ended `endedAgo` ms ago, written straight to D1. */
function playedBooking(endedAgo: number): string {
  const db = openStateDb();
  try {
    const number = newNumber();
    const startsAt = Math.floor((Date.now() - endedAgo - HOUR) / 60_000) * 60_000;
    db.prepare(
      `insert into bookings (document_id, booking_number, facility_id, customer_name, customer_phone, date, start_time,
         end_time, starts_at, slot_price, total_price, status)
       values (lower(hex(randomblob(12))), ?, ?, 'Değerlendirme Testi', ?, ?, ?, ?, ?, 150000, 150000, 'approved')`,
    ).run(
      number,
      pitch.id,
      `0536${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
      dayOf(startsAt),
      clock(startsAt),
      clock(startsAt + HOUR),
      startsAt,
    );
    return number;
  } finally {
    db.close();
  }
}

/** A rating given through the API, as tracking sends it. */
async function rateViaApi(bookingNumber: string, score: number, comment: string | null = null) {
  const res = await fetch(`${origin()}/api/bookings/track/${bookingNumber}/rating`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ score, comment }),
  });
  expect(res.status).toBe(201);
}

const jsonLd = (page: Page) =>
  page.locator('script[type="application/ld+json"]').evaluateAll((els) => els.map((e) => e.textContent).join('\n'));

const numbers: string[] = [];

beforeAll(async () => {
  ({ browser, close } = await launch());
  pitch = createLongFacility();
  for (let i = 0; i < 3; i++) numbers.push(playedBooking((i + 1) * HOUR + i * 60_000));
});
afterAll(async () => {
  removeLongData();
  await close();
});

describe('verified ratings', () => {
  it('the holder rates the pitch from tracking (stars as a radio group, a long comment) and then sees the rating', async () => {
    const { page, context } = await newPage(browser, { width: 360 });
    await page.goto(`/rezervasyon-takip?q=${numbers[0]}`);
    const form = page.locator('[data-rate-pitch=open]');
    await form.waitFor();
    expect(await form.getByRole('heading', { name: 'Sahayı değerlendir' }).count()).toBe(1);
    const group = form.getByRole('group', { name: 'Puanınız' });
    expect(await group.getByRole('radio').count()).toBe(5);
    // Sending without a score says so, in Turkish.
    await form.getByRole('button', { name: 'Gönder' }).click();
    await form.getByRole('alert').getByText('Lütfen 1 ile 5 arasında bir puan seçin').waitFor();
    // The keyboard picks a score as in any radio group.
    await group.getByRole('radio', { name: '3 yıldız, Orta' }).focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowRight');
    expect(await group.getByRole('radio', { name: '4 yıldız, İyi' }).isChecked()).toBe(true);
    await form.getByLabel('Yorumunuz (isteğe bağlı)').fill(LONG_COMMENT);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(await axe(page)).toEqual([]);
    await form.getByRole('button', { name: 'Gönder' }).click();

    const given = page.locator('[data-rate-pitch=given]');
    await given.waitFor();
    expect(await given.locator('[data-given-score]').getAttribute('data-given-score')).toBe('4');
    expect(await given.locator('[data-given-comment]').innerText()).toBe(LONG_COMMENT);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    // A reload reads it from the server: rated once, shown as given.
    await page.reload();
    await page.locator('[data-rate-pitch=given]').waitFor();
    expect(await page.locator('[data-rate-pitch=open]').count()).toBe(0);
    await context.close();
  });

  it('the pitch page shows no average, count or aggregateRating under 3 ratings, and all three from 3 on', async () => {
    const { page, context } = await newPage(browser, { width: 360 });
    await rateViaApi(numbers[1], 5, 'Işıklar çok iyi');
    // Two ratings: nothing yet.
    await page.goto(`/saha/${LONG.slug}`);
    await page.waitForLoadState('networkidle');
    expect(await page.locator('[data-rating]').count()).toBe(0);
    expect(await page.locator('[data-ratings-section]').count()).toBe(0);
    expect(await jsonLd(page)).not.toMatch(/aggregateRating/);

    await rateViaApi(numbers[2], 4);
    for (const theme of ['light', 'dark'] as const) {
      const { page: p, context: c } = await newPage(browser, { width: 360, theme });
      await p.goto(`/saha/${LONG.slug}`);
      await p.waitForLoadState('networkidle');
      // (4 + 5 + 4) / 3 = 4.33… → '4,3'
      expect(await p.locator('[data-rating]').innerText()).toContain('4,3 · 3 değerlendirme');
      // Below the booking flow the page is laid out only near the viewport (content-visibility): scrolled to first.
      const section = p.locator('[data-ratings-section]');
      await section.scrollIntoViewIfNeeded();
      await section.locator('[data-rating-comment]').first().waitFor({ state: 'visible' });
      await p.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      expect(await section.locator('[data-rating-average]').textContent()).toBe('4,3');
      expect(await section.locator('[data-rating-count]').textContent()).toBe('3 değerlendirme');
      const comments = await section.locator('[data-rating-comment] p:last-child').allTextContents();
      expect(comments).toHaveLength(2);
      expect(comments.join('\n')).toContain(LONG_COMMENT);
      // Nothing personal: no name, phone or booking number with a comment.
      const text = (await section.textContent()) ?? '';
      expect(text).not.toContain('Değerlendirme Testi');
      for (const n of numbers) expect(text).not.toContain(n);
      expect(await overflow(p), theme).toBeLessThanOrEqual(0);
      expect(await axe(p), theme).toEqual([]);
      const ld = JSON.parse(
        `[${(await p.locator('script[type="application/ld+json"]').allTextContents()).join(',')}]`,
      ) as Array<{ aggregateRating?: unknown }>;
      expect(ld.find((d) => d.aggregateRating)?.aggregateRating).toEqual({
        '@type': 'AggregateRating',
        ratingValue: 4.3,
        ratingCount: 3,
        bestRating: 5,
        worstRating: 1,
      });
      await c.close();
    }
    await context.close();
  });

  it('/sahalar shows the rating on the card and sorts by it, rated pitches first', async () => {
    const { page, context } = await newPage(browser, { width: 360 });
    await page.goto('/sahalar?siralama=puan');
    await settle(page, { networkIdle: true });
    const first = page.locator('[data-item]:not([hidden])').first();
    expect(await first.getAttribute('data-name')).toBe(LONG.facilityName);
    expect(await first.locator('[data-rating]').innerText()).toContain('4,3');
    expect(await page.getByLabel('Sırala').locator('option:checked').innerText()).toBe('Puana göre');
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await context.close();
  });

  it('staff hide a comment in the panel (360 px, both themes); the pitch page no longer shows it, the score still counts', async () => {
    for (const theme of ['light', 'dark'] as const) {
      const { page, context } = await newPage(browser, { width: 360, theme });
      await signIn(context, 'admin');
      await page.goto(`/yonetim/sahalar/degerlendirmeler?saha=${pitch.id}`);
      await settle(page);
      const rows = page.locator('[data-rating-row]');
      await rows.first().waitFor();
      expect(await rows.count()).toBe(3);
      expect(await overflow(page), theme).toBeLessThanOrEqual(0);
      expect(await axe(page), theme).toEqual([]);
      if (theme === 'light') {
        const row = rows.filter({ hasText: LONG_COMMENT.slice(0, 40) });
        await row.getByRole('button', { name: /^Yorumu gizle/ }).click();
        await page.locator(`[data-rating-row][data-hidden=true]`).waitFor();
        await page.getByText('Yorum gizlendi: sahanın sayfasında görünmez').waitFor();
      }
      await context.close();
    }
    const { page, context } = await newPage(browser, { width: 360 });
    await page.goto(`/saha/${LONG.slug}`);
    await page.waitForLoadState('networkidle');
    const section = page.locator('[data-ratings-section]');
    expect(await section.locator('[data-rating-comment]').count()).toBe(1);
    expect(await section.textContent()).not.toContain(LONG_COMMENT.slice(0, 40));
    expect(await section.locator('[data-rating-count]').textContent()).toBe('3 değerlendirme');
    await context.close();
  });
});
