// The waitlist in real Chromium against the built Worker (docs/behaviour.md#waitlist), on a pitch made for this file
// (a 100-character unbroken name): a player at 360 px joins for a taken hour ('Boşalınca haber ver'), the holder
// cancels from another page, the first player's 'Rezervasyonlarım' shows 'Sıra sizde!' and its claim link books the
// hour; another player cannot book the held hour; the panel's weekly calendar shows the queue with WhatsApp links.
// Each screen at 360 px in both themes, with axe. Every row made here is removed again.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axe } from './support/axe';
import { launch, newPage, origin, overflow, settle } from './support/browser';
import { unbroken } from './support/long-data';
import { istanbulDate, queryDb, signIn } from './support/panel';

let browser: Browser;
let close: () => Promise<void>;

const stamp = String(Date.now()).slice(-6);
const NAME = unbroken(100, 'BeklemeListesiSahası');
const phones: string[] = [];
const freshPhone = () => {
  const p = `0538${stamp}${String(phones.length).padStart(1, '0')}`;
  phones.push(p);
  return p;
};
let pitch: { documentId: string; slug: string };
let admin: { context: BrowserContext; token: string };

async function slotAt(date: string, time: string) {
  const res = await fetch(`${origin()}/api/facilities/${pitch.slug}/slots?date=${date}&fresh=1`);
  const slots = (
    (await res.json()) as { data: { slots: Array<{ documentId: string; startTime: string; state: string }> } }
  ).data.slots;
  return slots.find((s) => s.startTime === time)!;
}

async function book(date: string, time: string, name: string, phone: string) {
  const slot = await slotAt(date, time);
  const res = await fetch(`${origin()}/api/bookings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: origin() },
    body: JSON.stringify({
      facility: pitch.documentId,
      bookingSlot: slot.documentId,
      customerName: name,
      customerPhone: phone,
      clientTimestamp: new Date().toISOString(),
      clientTimezone: 'Europe/Istanbul',
    }),
  });
  return { status: res.status, body: (await res.json()) as { data: { bookingNumber: string } } };
}

beforeAll(async () => {
  ({ browser, close } = await launch());
  const { context } = await newPage(browser);
  const token = await signIn(context, 'admin');
  admin = { context, token };
  const res = await context.request.post('/api/facilities', {
    headers: { origin: origin(), authorization: `Bearer ${token}` },
    data: {
      name: NAME,
      slug: `bekleme-${stamp}`,
      address: unbroken(120, 'MahalleCaddeSokak'),
      hourlyPrice: 900,
      depositAmount: 0,
      phoneNumbers: ['05321234567'],
      bookingTimeType: 'hourly',
      startTimeOffset: 'full_hour',
      isActive: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  pitch = ((await res.json()) as { data: { documentId: string; slug: string } }).data;
});

afterAll(async () => {
  const { openStateDb } = await import('./support/long-data');
  const db = openStateDb();
  try {
    const list = phones.map((p) => `'${p}'`).join(', ');
    const ids = `select id from bookings where customer_phone in (${list})`;
    const numbers = `select booking_number from bookings where customer_phone in (${list})`;
    db.exec(`delete from notifications where booking_id in (${ids})`);
    db.exec(`delete from booking_history where booking_id in (${ids})`);
    db.exec(`delete from audit_log where entity_kind = 'booking' and entity_label in (${numbers})`);
    db.exec(`delete from bookings where customer_phone in (${list})`);
    db.exec(`delete from waitlist_entries where customer_phone in (${list})`);
    db.exec(`delete from customer_stats where customer_id in (select id from customers where phone in (${list}))`);
    db.exec(`delete from customers where phone in (${list})`);
  } finally {
    db.close();
  }
  if (pitch)
    await admin.context.request.delete(`/api/facilities/${pitch.documentId}?force=true`, {
      headers: { origin: origin(), authorization: `Bearer ${admin.token}` },
    });
  await admin.context.close();
  await close();
  expect(
    queryDb(`select id from bookings where customer_phone in (${phones.map(() => '?').join(', ')})`, ...phones),
  ).toEqual([]);
});

const mondayOf = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`);
  return new Date(d.getTime() - ((d.getUTCDay() + 6) % 7) * 86_400_000).toISOString().slice(0, 10);
};

/**
 * axe at the top of the page: scrolled down, the sticky site header lies over the hours above the form, and axe's
 * target-size counts a button under it as too small (any page with a sticky header, not this screen's doing).
 */
async function axeAtTop(page: Page) {
  await page.evaluate(() => window.scrollTo(0, 0));
  return axe(page);
}

async function fits(page: Page) {
  expect(await overflow(page)).toBeLessThanOrEqual(0);
}
async function phonePage(theme: 'light' | 'dark') {
  const opened = await newPage(browser, { theme, width: 360 });
  await opened.page.addInitScript((t) => localStorage.setItem('theme', t), theme);
  await opened.page.setViewportSize({ width: 360, height: 740 });
  return opened;
}
async function showDay(page: Page, offset: number) {
  const date = istanbulDate(offset);
  await page.locator('[data-live=open]').waitFor();
  await page.locator('label', { has: page.getByRole('radio', { name: 'Günlük' }) }).click();
  for (let i = 0; i < offset; i++) await page.getByRole('button', { name: 'Sonraki gün' }).click();
  await page.locator(`[data-day="${date}"] [data-start="20:00"]`).waitFor();
  return date;
}

describe.each(['light', 'dark'] as const)('waitlist (%s, 360 px)', (theme) => {
  const offset = theme === 'light' ? 3 : 4;

  it('joins for a taken hour; the holder cancels; Sıra sizde! and the claim link books it; nobody else can; staff see the queue', async () => {
    const date = istanbulDate(offset);
    const holderPhone = freshPhone();
    const held = await book(date, '20:00', 'Tutan Oyuncu', holderPhone);
    expect(held.status).toBe(201);

    // The first player joins from the pitch page.
    const { page, context } = await phonePage(theme);
    await page.goto(`/saha/${pitch.slug}`);
    await showDay(page, offset);
    const taken = page.locator(`[data-day="${date}"] [data-start="20:00"]`);
    await taken.click();
    const form = page.getByRole('form', { name: 'Boşalınca haber ver' });
    await form.waitFor();
    await form.getByRole('textbox', { name: /^Ad Soyad/ }).fill(unbroken(60, 'BekleyenOyuncu'));
    await form.getByRole('textbox', { name: /^Telefon/ }).pressSequentially(freshPhone());
    await form.getByRole('button', { name: 'Boşalınca haber ver' }).click();
    await page.getByText('Sıraya eklendiniz. Sıranız: 1.').waitFor();
    await page.getByRole('button', { name: 'Listeden çık' }).waitFor();
    await fits(page);
    expect(await axeAtTop(page)).toEqual([]);

    // A second player joins too (second in line).
    const second = await phonePage(theme);
    await second.page.goto(`/saha/${pitch.slug}`);
    await showDay(second.page, offset);
    await second.page.locator(`[data-day="${date}"] [data-start="20:00"]`).click();
    const form2 = second.page.getByRole('form', { name: 'Boşalınca haber ver' });
    await form2.getByRole('textbox', { name: /^Ad Soyad/ }).fill('İkinci Oyuncu');
    await form2.getByRole('textbox', { name: /^Telefon/ }).pressSequentially(freshPhone());
    await form2.getByRole('button', { name: 'Boşalınca haber ver' }).click();
    await second.page.getByText('Sıraya eklendiniz. Sıranız: 2.').waitFor();

    // The holder cancels in another page.
    const holder = await newPage(browser, { width: 1280 });
    const cancel = await holder.context.request.post(`/api/bookings/cancel/${held.body.data.bookingNumber}`, {
      headers: { origin: origin() },
      data: {},
    });
    expect(cancel.status(), await cancel.text()).toBe(200);
    await holder.context.close();

    // The held hour reads 'Ayrıldı' for everyone else, live, and cannot be booked.
    const heldCell = second.page.locator(`[data-day="${date}"] [data-start="20:00"][data-state="held"]`);
    await heldCell.waitFor({ timeout: 5000 });
    expect(await heldCell.getAttribute('aria-label')).toContain('Bekleme listesindeki bir oyuncuya ayrıldı');
    expect(await heldCell.innerText()).toContain('Ayrıldı');
    const refused = await book(date, '20:00', 'Başka Oyuncu', freshPhone());
    expect(refused.status).toBe(409);
    await fits(second.page);
    expect(await axeAtTop(second.page)).toEqual([]);

    // The first player's device list: 'Sıra sizde!' with the claim link.
    await page.goto('/rezervasyonlarim');
    const offered = page.locator('[data-waitlist-offered]');
    await offered.waitFor();
    expect(await offered.innerText()).toContain('Sıra sizde!');
    await fits(page);
    expect(await axeAtTop(page)).toEqual([]);

    // Staff see both in the slot's queue with WhatsApp links.
    const staff = await phonePage(theme);
    await signIn(staff.context, 'admin');
    await staff.page.goto(`/yonetim/haftalik-takvim?saha=${pitch.slug}&hafta=${mondayOf(date)}`);
    await settle(staff.page);
    await staff.page.locator(`[data-day-tab="${date}"]`).click();
    await staff.page.locator(`[data-day-list="${date}"] [data-queue-count]`).first().click();
    const queue = staff.page.getByRole('list', { name: 'Bu saatin sırası' });
    await queue.waitFor();
    expect(await queue.locator('[data-queue-entry]').count()).toBe(2);
    const links = queue.locator('[data-queue-whatsapp]');
    expect(await links.first().getAttribute('href')).toMatch(/^https:\/\/wa\.me\/90538/);
    expect(decodeURIComponent((await links.first().getAttribute('href')) ?? '')).toContain('hak=');
    await fits(staff.page);
    expect(await axeAtTop(staff.page)).toEqual([]);
    await staff.page.keyboard.press('Escape');

    // The claim link books it: the form says it is reserved, the booking goes through.
    await page.locator('[data-claim-link]').click();
    await page.getByRole('heading', { name: 'Bilgiler' }).waitFor();
    expect(page.url()).not.toContain('hak=');
    await page.locator('[data-claim-reserved]').waitFor();
    await page.getByRole('textbox', { name: /^Ad Soyad/ }).fill('Bekleyen Oyuncu');
    await page.getByRole('textbox', { name: /^Telefon/ }).pressSequentially(phones[1]);
    await page.getByRole('button', { name: 'Rezervasyonu Tamamla' }).click();
    await page.getByRole('heading', { name: 'Rezervasyonunuz alındı' }).waitFor();
    await fits(page);
    expect(await axeAtTop(page)).toEqual([]);

    await staff.context.close();
    await second.context.close();
    await context.close();
  });
});
