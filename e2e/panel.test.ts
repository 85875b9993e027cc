// The management panel in real Chromium against the built Worker and the demo data: sign-in to the dashboard with
// figures checked against D1, approve and reject seen on the public tracking page, the live bell, the weekly calendar,
// the server-side guards and the mobile drawer.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage } from './support/browser';
import { figure, istanbulDate, queryDb, signIn } from './support/panel';

let browser: Browser;
let close: () => Promise<void>;
beforeAll(async () => ({ browser, close } = await launch()));
afterAll(async () => close());

const hydrated = (page: Page) => page.waitForSelector('astro-island:not([ssr])', { state: 'attached' });

describe('panel: dashboard and guards', () => {
  it('an admin signs in at /giris, lands on the dashboard and sees the figures the database holds', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/yonetim');
    await page.waitForURL((url) => url.pathname === '/giris');
    await page.waitForSelector('[data-login-form][data-ready]', { state: 'attached' });
    await page.getByLabel('E-posta veya kullanıcı adı').fill('admin');
    await page.getByLabel('Şifre', { exact: true }).fill('admin1234');
    await page.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/yonetim');
    await page.locator('[data-stat=total]').waitFor();

    const today = istanbulDate();
    // Gelir (bu ay): planned money, the approved bookings' totals of this month's business days; beside it the money
    // collected this month by the payment rows (Istanbul month, kept deposits move nothing).
    const month = today.slice(0, 7);
    const monthStart = Date.parse(`${month}-01T00:00:00+03:00`);
    const [y, m] = month.split('-').map(Number);
    const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
    const monthEnd = Date.parse(`${next}-01T00:00:00+03:00`);
    const [db] = queryDb<{ total: number; pending: number; today: number; revenue: number }>(
      `select count(*) as total, sum(status = 'pending') as pending, sum(date = ?) as today,
         coalesce(sum(case when status = 'approved' and substr(date, 1, 7) = ? then total_price end), 0) / 100.0 as revenue
       from bookings`,
      today,
      month,
    );
    const [money] = queryDb<{ collected: number }>(
      `select coalesce(sum(amount), 0) / 100.0 as collected from payments
       where kind in ('deposit', 'balance', 'refund') and at >= ? and at < ?`,
      monthStart,
      monthEnd,
    );
    expect(db.total).toBeGreaterThan(40);
    expect(figure(await page.locator('[data-stat=total]').textContent())).toBe(db.total);
    expect(figure(await page.locator('[data-stat=pending]').textContent())).toBe(db.pending);
    expect(figure(await page.locator('[data-stat=today]').textContent())).toBe(db.today);
    expect(figure(await page.locator('[data-stat=revenue]').textContent())).toBe(Math.round(db.revenue));
    await expect(page.locator('[data-stat=revenue]').textContent()).resolves.toMatch(/^₺/);
    expect(figure(await page.locator('[data-stat=collected]').textContent())).toBe(Math.round(money.collected));

    // The user menu names the signed-in admin with e-mail and role; Reports and Settings are in the sidebar.
    await expect(page.getByText('admin@example.com').count()).resolves.toBeGreaterThan(0);
    await expect(page.getByRole('link', { name: 'Raporlar' }).count()).resolves.toBeGreaterThan(0);
    await expect(page.getByRole('link', { name: 'Ayarlar' }).count()).resolves.toBeGreaterThan(0);
    await context.close();
  });

  it('a manager has no Reports or Settings entry, and the server sends /yonetim/raporlar to /yonetim/yetkisiz', async () => {
    const { page, context } = await newPage(browser);
    await signIn(context, 'manager');
    await page.goto('/yonetim');
    await page.locator('[data-stat=total]').waitFor();
    expect(await page.getByRole('link', { name: 'Raporlar' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Ayarlar' }).count()).toBe(0);

    // Refused on the server: the redirect comes with the HTML, before any script runs.
    const res = await context.request.get('/yonetim/raporlar', { maxRedirects: 0 });
    expect(res.status()).toBe(302);
    expect(res.headers().location).toBe('/yonetim/yetkisiz');
    await page.goto('/yonetim/ayarlar');
    expect(new URL(page.url()).pathname).toBe('/yonetim/yetkisiz');
    await page.getByRole('heading', { name: 'Yetkisiz Erişim' }).waitFor();
    await context.close();
  });

  it('without a session the server redirects every panel path to /giris, remembering it', async () => {
    const { context } = await newPage(browser);
    for (const path of ['/yonetim', '/yonetim/haftalik-takvim', '/yonetim/bildirimler?durum=okunmamis']) {
      const res = await context.request.get(path, { maxRedirects: 0 });
      expect(res.status()).toBe(302);
      expect(res.headers().location).toBe(`/giris?redirect=${encodeURIComponent(path)}`);
    }
    await context.close();
  });

  it('logging out clears the session cookie too: the panel then sends the visitor to /giris', async () => {
    const { page, context } = await newPage(browser);
    await signIn(context, 'admin');
    await page.goto('/yonetim');
    await hydrated(page);
    await page.locator('[data-user-menu-button]').click();
    await page.getByRole('button', { name: 'Çıkış Yap' }).click();
    await page.waitForURL((url) => url.pathname === '/giris');
    const res = await context.request.get('/yonetim', { maxRedirects: 0 });
    expect(res.status()).toBe(302);
    await context.close();
  });

  it('on a phone the sidebar is a drawer that closes after navigating', async () => {
    const { page, context } = await newPage(browser, { width: 390 });
    await signIn(context, 'admin');
    await page.goto('/yonetim');
    await hydrated(page);
    const menu = page.getByRole('button', { name: 'Menüyü aç' });
    await menu.click();
    await expect(menu.getAttribute('aria-expanded')).resolves.toBe('true');
    await page.getByRole('link', { name: 'Haftalık Takvim' }).click();
    await page.waitForURL((url) => url.pathname === '/yonetim/haftalik-takvim');
    await expect(page.getByRole('button', { name: 'Menüyü aç' }).getAttribute('aria-expanded')).resolves.toBe('false');
    await context.close();
  });
});

describe('panel: approving and rejecting', () => {
  it('an admin approves one pending booking and rejects another with a reason; the tracking page shows both', async () => {
    const { page, context } = await newPage(browser);
    await signIn(context, 'admin');
    // Two pending demo bookings still ahead, so the public tracking page can show their new status.
    const pending = queryDb<{ booking_number: string; customer_name: string }>(
      `select booking_number, customer_name from bookings
       where status = 'pending' and date >= ? and deposit_amount > 0 and collected = 0 order by created_at desc limit 2`,
      istanbulDate(1),
    );
    expect(pending).toHaveLength(2);
    const [toApprove, toReject] = pending;

    const open = async (bookingNumber: string) => {
      await page.goto(`/yonetim/rezervasyonlar?tab=pending&q=${bookingNumber}`);
      const row = page.locator(`[data-booking="${bookingNumber}"]`).first();
      await row.waitFor();
      await row.getByRole('button', { name: /Detay/ }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText(bookingNumber).first().waitFor();
      return dialog;
    };

    let dialog = await open(toApprove.booking_number);
    await dialog.getByLabel('Onay notu (isteğe bağlı)').fill('Kapora geldi');
    await dialog.getByRole('button', { name: 'Onayla' }).click();
    // The deposit is due and none is recorded: the kapora that arrived is recorded with the approval.
    await dialog.getByRole('button', { name: 'Kapora alındı, onayla' }).click();
    await page.getByText('Rezervasyon Onaylandı').first().waitFor();
    await dialog.waitFor({ state: 'detached' });

    dialog = await open(toReject.booking_number);
    const reject = dialog.getByRole('button', { name: 'Reddet' });
    await expect(reject.isDisabled()).resolves.toBe(true);
    await dialog.getByLabel('Red sebebi').fill('Kapora 1 saat içinde gelmedi');
    await expect(reject.isDisabled()).resolves.toBe(false);
    await reject.click();
    await page.getByText('Rezervasyon Reddedildi').first().waitFor();
    await dialog.waitFor({ state: 'detached' });

    const [approved] = queryDb<{ status: string; payment_status: string; approved_by_id: number | null }>(
      'select status, payment_status, approved_by_id from bookings where booking_number = ?',
      toApprove.booking_number,
    );
    expect(approved).toMatchObject({ status: 'approved', payment_status: 'paid' });
    expect(approved.approved_by_id).not.toBeNull();

    // The visitor's side: the public tracking page shows the new statuses and the reason.
    const visitor = await newPage(browser);
    await visitor.page.goto(`/rezervasyon-takip?q=${toApprove.booking_number}`);
    await visitor.page.getByText('Onaylandı').first().waitFor();
    await visitor.page.goto(`/rezervasyon-takip?q=${toReject.booking_number}`);
    await visitor.page.getByText('Reddedildi').first().waitFor();
    await visitor.page.getByText('Kapora 1 saat içinde gelmedi').waitFor();
    await visitor.context.close();
    await context.close();
  });
});

describe('panel: live bell', () => {
  it('a booking made on the public site shows in a signed-in bell within a second, without a reload', async () => {
    const staff = await newPage(browser);
    await signIn(staff.context, 'admin');
    await staff.page.goto('/yonetim');
    await hydrated(staff.page);
    const bell = staff.page.getByRole('button', { name: /^Bildirimler/ });
    // The bell's own island must be running before the click (another island hydrating first is not enough).
    await staff.page.locator('astro-island:not([ssr])', { has: bell }).waitFor({ state: 'attached' });
    await bell.click();
    await staff.page.locator('[data-live=open]').waitFor();
    let reloaded = false;
    staff.page.on('framenavigated', () => (reloaded = true));

    // A visitor books on the public API, exactly as the pitch page's form does.
    const visitor = await newPage(browser);
    const facilities = (await (await visitor.page.request.get('/api/facilities')).json()) as {
      data: Array<{ slug: string; documentId: string }>;
    };
    const facility = facilities.data[0];
    const slots = (await (
      await visitor.page.request.get(`/api/facilities/${facility.slug}/slots?date=${istanbulDate(9)}`)
    ).json()) as {
      data: { slots: Array<{ documentId: string; isAvailable: boolean }> };
    };
    const slot = slots.data.slots.find((s) => s.isAvailable)!;
    const name = `Canlı Zil ${Date.now() % 100000}`;
    const created = await visitor.page.request.post('/api/bookings', {
      data: {
        facility: facility.documentId,
        bookingSlot: slot.documentId,
        customerName: name,
        customerPhone: `0533${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
      },
    });
    expect(created.status()).toBe(201);
    const bookedAt = Date.now();

    await staff.page.locator('[data-notification-id]', { hasText: name }).first().waitFor({ timeout: 5000 });
    const seenAfter = Date.now() - bookedAt;
    console.log(`bell: notification on screen ${seenAfter} ms after the booking answer`);
    expect(seenAfter).toBeLessThan(1000);
    expect(reloaded).toBe(false);
    await staff.context.close();
    await visitor.context.close();
  });
});

describe('panel: weekly calendar', () => {
  it('shows a booked slot in its week and opens the booking detail from it', async () => {
    const { page, context } = await newPage(browser);
    await signIn(context, 'admin');
    // A live booking of the demo data in the coming days.
    const [row] = queryDb<{
      slug: string;
      date: string;
      start_time: string;
      booking_number: string;
      slot_doc: string;
      customer_name: string;
    }>(
      `select f.slug, b.date, b.start_time, b.booking_number, s.document_id as slot_doc, b.customer_name
       from bookings b join facilities f on f.id = b.facility_id join booking_slots s on s.id = b.slot_id
       where b.status = 'approved' and b.date >= ? order by b.date, b.start_time limit 1`,
      istanbulDate(1),
    );
    expect(row).toBeTruthy();
    const day = new Date(`${row.date}T00:00:00Z`);
    const monday = new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * 86_400_000).toISOString().slice(0, 10);

    await page.goto(`/yonetim/haftalik-takvim?saha=${row.slug}&hafta=${monday}`);
    const cell = page.locator(`[data-slot="${row.slot_doc}"]`);
    await cell.waitFor();
    await expect(cell.getAttribute('data-state')).resolves.toMatch(/^(booked|subscriber)$/);
    await expect(cell.textContent()).resolves.toContain(row.customer_name.split(' ')[0]);
    await cell.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(row.booking_number).waitFor();
    await expect(dialog.textContent()).resolves.toContain(row.customer_name);
    await context.close();
  });
});
