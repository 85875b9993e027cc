// 'Takıma gönder' and the read-only match page in real Chromium against the built Worker. From tracking, the button
// hands the system share sheet (stubbed to capture its argument) the match page's address and a message without the
// booking number; without a share sheet it offers the WhatsApp link. The match page shows the pitch, the real calendar
// date (an after-midnight hour on the next day) and the hours, carries absolute Open Graph tags with the pitch photo,
// and holds nothing personal and nothing to cancel; an unknown token is the 404 page. At 360 px in both themes, with a
// long unbroken pitch name, no console error. Every row made here is removed again.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../contracts/dates';
import { matchDay } from '../contracts/match-share';
import { nightOf, trCalendarDay } from '../contracts/slot-start';
import { axe } from './support/axe';
import { launch, newPage, origin, overflow, settle } from './support/browser';
import { createLongFacility, LONG, openStateDb, removeLongData, unbroken } from './support/long-data';
import { istanbulDate, queryDb } from './support/panel';

const PITCH = 'nilufer-arena-hali-saha';
const OVERNIGHT = 'osmangazi-yildiz-spor-tesisleri';
const stamp = String(Date.now()).slice(-7);
const PHONES = [`0537${stamp}`, `0538${stamp}`, `0539${stamp}`];
const NAME = unbroken(60, 'PaylaşanOyuncu');
const TOKEN = /^[A-Za-z0-9_-]{24}$/;

let browser: Browser;
let close: () => Promise<void>;

interface Slot {
  documentId: string;
  startTime: string;
  endTime: string;
  isAvailable: boolean;
}
interface Booked {
  number: string;
  business: string;
  startTime: string;
  endTime: string;
  pitch: string;
}
interface Shared {
  url: string;
  title: string;
  text: string;
  message: string;
}

const api = async <T>(path: string, init?: RequestInit) =>
  (await (await fetch(`${origin()}${path}`, init)).json()) as T;
const post = (path: string, body?: unknown) =>
  api<{ data: any; error?: { message: string } }>(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: origin() },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** A public booking of `slug` on the first day from `from` days ahead with `time` free (any free hour when omitted). */
async function book(slug: string, phone: string, time?: string, from = 3): Promise<Booked> {
  const pitch = await api<{ data: { documentId: string; name: string } }>(`/api/facilities/${slug}`);
  for (let offset = from; offset < from + 20; offset++) {
    const business = istanbulDate(offset);
    const day = await api<{ data: { slots: Slot[] } }>(`/api/facilities/${slug}/slots?date=${business}`);
    const slot = day.data.slots.find((s) => s.isAvailable && (time ? s.startTime === time : s.startTime >= '10:00'));
    if (!slot) continue;
    const created = await post('/api/bookings', {
      facility: pitch.data.documentId,
      bookingSlot: slot.documentId,
      customerName: NAME,
      customerPhone: phone,
      notes: 'Gizli not: kaleci eksik',
    });
    if (created.data)
      return {
        number: created.data.bookingNumber,
        business,
        startTime: slot.startTime,
        endTime: slot.endTime,
        pitch: pitch.data.name,
      };
  }
  throw new Error(`no free slot on ${slug}`);
}

const share = async (number: string): Promise<Shared> => {
  const res = await post(`/api/bookings/track/${number}/share`);
  if (!res.data) throw new Error(`share failed: ${res.error?.message}`);
  return res.data;
};

let day: Booked;
let night: Booked;
let long: Booked;

function removeTestRows() {
  const db = openStateDb();
  try {
    for (const phone of PHONES) {
      const ids = `select id from bookings where customer_phone = '${phone}'`;
      db.exec(`delete from notifications where booking_id in (${ids})`);
      db.exec(`delete from booking_history where booking_id in (${ids})`);
      db.prepare('delete from bookings where customer_phone = ?').run(phone);
      db.prepare('delete from customer_stats where customer_id in (select id from customers where phone = ?)').run(
        phone,
      );
      db.prepare('delete from customers where phone = ?').run(phone);
    }
    removeLongData(db);
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  ({ browser, close } = await launch());
  createLongFacility();
  day = await book(PITCH, PHONES[0]);
  night = await book(OVERNIGHT, PHONES[1], '00:00');
  long = await book(LONG.slug, PHONES[2]);
});
afterAll(async () => {
  removeTestRows();
  await close();
  for (const phone of PHONES) expect(queryDb('select id from bookings where customer_phone = ?', phone)).toEqual([]);
});

async function themed(theme: 'light' | 'dark', shareSheet: boolean) {
  const { page, context } = await newPage(browser, { theme, width: 360 });
  await page.addInitScript(
    ({ t, sheet }) => {
      try {
        localStorage.setItem('theme', t);
      } catch {
        // a document without storage keeps the default
      }
      const w = window as unknown as { shared: ShareData[] };
      w.shared = [];
      if (sheet)
        Object.defineProperty(Navigator.prototype, 'share', {
          configurable: true,
          value: async (data: ShareData) => {
            w.shared.push(data);
          },
        });
      else delete (Navigator.prototype as { share?: unknown }).share;
    },
    { t: theme, sheet: shareSheet },
  );
  return { page, context };
}

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));
const meta = (page: Page, key: string) =>
  page.locator(`meta[property="${key}"], meta[name="${key}"]`).first().getAttribute('content');

/** Nothing of the holder anywhere in the HTML: not the number (nor its tail), the name, the phone or the notes. */
function expectNothingPersonal(html: string, b: Booked, phone: string) {
  for (const personal of [b.number, b.number.slice(3), NAME, NAME.slice(0, 14), phone, phone.slice(4), 'kaleci eksik'])
    expect(html).not.toContain(personal);
  expect(html).not.toMatch(/Rezervasyon No|Kapora|Toplam|İptal Et|rezervasyon-takip\?q=/);
}

describe.each(['light', 'dark'] as const)('at 360 px in the %s theme', (theme) => {
  it("tracking's 'Takıma gönder' hands the share sheet the match page, never the booking number", async () => {
    const { page, context } = await themed(theme, true);
    await page.goto(`/rezervasyon-takip?q=${day.number}`);
    const view = page.getByRole('article');
    await view.getByRole('heading', { name: day.number }).waitFor();
    await settle(page);
    expect(await isDark(page)).toBe(theme === 'dark');
    await view.getByRole('button', { name: 'Takıma gönder' }).click();
    await page.waitForFunction(() => (window as unknown as { shared: unknown[] }).shared.length === 1);
    const [sent] = await page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared);
    expect(sent.url).toMatch(new RegExp(`^${origin()}/mac/`));
    expect(new URL(sent.url!).pathname.slice(5)).toMatch(TOKEN);
    const real = day.business; // a daytime hour: its business day is its calendar day
    expect(sent.title).toBe(`${matchDay(real)}, ${day.startTime}–${day.endTime} · ${day.pitch}`);
    expect(sent.text).toContain(day.pitch);
    expect(sent.text).toContain(`${day.startTime}–${day.endTime}`);
    expect(sent.text).toContain('Harita: https://');
    for (const personal of [day.number, NAME, PHONES[0]]) expect(JSON.stringify(sent)).not.toContain(personal);
    // The WhatsApp link and the copy stay on screen for another chat: no phone, the whole message with the address.
    const wa = await view.getByRole('link', { name: /WhatsApp ile gönder/ }).getAttribute('href');
    expect(wa?.startsWith('https://wa.me/?text=')).toBe(true);
    const message = decodeURIComponent(wa!.slice('https://wa.me/?text='.length));
    expect(message).toBe(`${sent.text}\nMaç sayfası: ${sent.url}`);
    expect(message).not.toContain(day.number);
    expect(await view.getByRole('button', { name: 'Bağlantıyı kopyala' }).count()).toBe(1);
    expect(await overflow(page)).toBeLessThanOrEqual(0);

    // The match page: the facts, absolute Open Graph tags with the pitch photo, nothing personal, nothing to cancel.
    const res = await page.goto(new URL(sent.url!).pathname);
    expect(res?.status()).toBe(200);
    expect(res?.headers()['cache-control']).toContain('no-store');
    expect(await isDark(page)).toBe(theme === 'dark');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(day.pitch);
    expect(await page.locator('[data-match-date]').textContent()).toBe(trCalendarDay(real));
    expect(await page.locator('[data-match-hours]').textContent()).toBe(`${day.startTime}–${day.endTime}`);
    expect(await page.locator('[data-match-status]').textContent()).toBe('Saha onayı bekleniyor');
    expect(await page.getByRole('link', { name: /Haritada aç/ }).getAttribute('href')).toMatch(/^https:\/\//);
    expect(await page.getByRole('link', { name: 'Saha sayfası' }).getAttribute('href')).toBe(`/saha/${PITCH}`);
    expect(await meta(page, 'robots')).toBe('noindex, nofollow');
    expect(await meta(page, 'og:title')).toBe(sent.title);
    expect(await meta(page, 'twitter:title')).toBe(sent.title);
    const image = await meta(page, 'og:image');
    expect(image).toMatch(new RegExp(`^${origin()}/api/images/`));
    expect(await meta(page, 'twitter:image')).toBe(image);
    expect((await fetch(image!)).status).toBe(200);
    expectNothingPersonal(await page.content(), day, PHONES[0]);
    expect(await page.locator('form').count()).toBe(0);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(await axe(page)).toEqual([]);
    await context.close();
  });

  it('without a share sheet the button offers WhatsApp; a long unbroken pitch name fits the match page', async () => {
    const { page, context } = await themed(theme, false);
    await page.goto(`/rezervasyon-takip?q=${long.number}`);
    const view = page.getByRole('article');
    await view.getByRole('heading', { name: long.number }).waitFor();
    await settle(page);
    await view.getByRole('button', { name: 'Takıma gönder' }).click();
    const wa = view.getByRole('link', { name: /WhatsApp ile gönder/ });
    await wa.waitFor();
    const message = decodeURIComponent((await wa.getAttribute('href'))!.replace('https://wa.me/?text=', ''));
    expect(message).toContain(LONG.facilityName);
    expect(message).not.toContain(long.number);
    expect(await overflow(page)).toBeLessThanOrEqual(0);

    const url = await view.locator('[data-share-url]').textContent();
    const res = await page.goto(new URL(url!).pathname);
    expect(res?.status()).toBe(200);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(LONG.facilityName);
    // No photo on this pitch: the site's default share image, absolute.
    expect(await meta(page, 'og:image')).toBe(`${origin()}/og-image.png`);
    expectNothingPersonal(await page.content(), long, PHONES[2]);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await context.close();
  });
});

describe('the match page', () => {
  it('shows an after-midnight hour on the next calendar day, in the page and in the preview title', async () => {
    const s = await share(night.number);
    const real = addDays(night.business, 1);
    expect(s.title).toBe(`${matchDay(real)}, 00:00–${night.endTime} · ${night.pitch}`);
    const { page, context } = await themed('light', true);
    await page.goto(new URL(s.url).pathname);
    expect(await page.locator('[data-match-date]').textContent()).toBe(
      `${trCalendarDay(real)} · ${nightOf(night.business)}`,
    );
    expect(await meta(page, 'og:title')).toBe(s.title);
    expectNothingPersonal(await page.content(), night, PHONES[1]);
    // Cancelled by its holder: the same address now says the match is off, and it can no longer be shared.
    expect((await post(`/api/bookings/cancel/${night.number}`, {})).data).toBeTruthy();
    await page.reload();
    expect(await page.locator('[data-match-status]').textContent()).toBe('Bu maç iptal edildi');
    expect((await post(`/api/bookings/track/${night.number}/share`)).error?.message).toBe(
      'Yalnızca iptal edilmemiş ve henüz oynanmamış bir maç paylaşılabilir.',
    );
    await context.close();
  });

  it('an unknown token is the 404 page, answered with 404', async () => {
    const { page, context } = await themed('dark', true);
    const res = await page.goto(`/mac/${'x'.repeat(24)}`);
    expect(res?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Sayfa Bulunamadı' }).waitFor();
    await context.close();
  });
});
