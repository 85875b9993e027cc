// Raporlar in real Chromium against the built Worker and the demo data: an admin opens the reports of a
// range, the revenue and occupancy totals on screen are the database's own sums, switching pitch and grouping asks again
// and rewrites the address, a report downloads as CSV; chart.js is fetched on this page and on no public page; a manager
// is sent to /yonetim/yetkisiz and refused by the API; at 360 px nothing widens the page in either theme and axe passes.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { money, percent } from '../site/src/components/panel/reports/model';
import { axe } from './support/axe';
import { launch, newPage, overflow, settle } from './support/browser';
import { istanbulDate, queryDb, signIn } from './support/panel';

let browser: Browser;
let close: () => Promise<void>;
beforeAll(async () => ({ browser, close } = await launch()));
afterAll(async () => close());

/** The report screen read: hydrated, and its results in (they are the part that loads). */
async function settleReport(page: Page) {
  await settle(page, { busy: 'ignore' });
  await page.locator('[data-report-results][aria-busy=false]').waitFor({ timeout: 10_000 });
}
/** A row's cells as one line, one space between cells. */
const cells = (page: Page, selector: string) =>
  page
    .locator(selector)
    .evaluate((tr) => [...tr.children].map((c) => (c.textContent ?? '').replace(/\s+/g, ' ').trim()).join(' '));

// Two months either side of today: the demo's bookings, past and ahead.
const from = istanbulDate(-60);
const to = istanbulDate(60);

function dbTotals(facility?: number) {
  const facilityFilter = facility === undefined ? '' : ' and facility_id = ?';
  const args = facility === undefined ? [] : [facility];
  const [rev] = queryDb<{ n: number; revenue: number; deposits: number }>(
    `select count(*) as n, coalesce(sum(total_price), 0) as revenue, coalesce(sum(deposit_amount), 0) as deposits
     from bookings where status = 'approved' and date between ? and ?${facilityFilter}`,
    from,
    to,
    ...args,
  );
  const [occ] = queryDb<{ generated: number; booked: number }>(
    `select count(*) as generated, count(case when b.status = 'approved' then 1 end) as booked
     from booking_slots s left join bookings b on b.slot_id = s.id and b.status in ('pending', 'approved')
     where s.date between ? and ?${facilityFilter.replace('facility_id', 's.facility_id')}`,
    from,
    to,
    ...args,
  );
  return { ...rev, ...occ };
}

const CHART_MARK = 'Failed to create chart';
/** The script URLs a page fetched, and whether any of them is chart.js. */
async function scriptsOf(page: Page, path: string) {
  const urls: string[] = [];
  const listen = (r: { resourceType(): string; url(): string }) => {
    if (r.resourceType() === 'script') urls.push(r.url());
  };
  page.on('request', listen);
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  page.off('request', listen);
  const bodies = await Promise.all(urls.map(async (u) => (await page.request.get(u)).text()));
  return bodies.some((b) => b.includes(CHART_MARK));
}

describe('Raporlar', () => {
  it('an admin sees the database’s revenue and occupancy, switches pitch and grouping, and downloads the CSV', async () => {
    const { page, context } = await newPage(browser);
    await signIn(context, 'admin');
    await page.goto(`/yonetim/raporlar?from=${from}&to=${to}&grup=day`);
    await settleReport(page);
    await page.getByRole('heading', { level: 1, name: 'Raporlar' }).waitFor();

    const all = dbTotals();
    expect(all.n).toBeGreaterThan(0);
    expect(all.generated).toBeGreaterThan(0);
    expect(await cells(page, '[data-revenue-total]')).toBe(
      `Toplam ${all.n} ${money(all.deposits / 100)} ${money((all.revenue - all.deposits) / 100)} ${money(all.revenue / 100)}`,
    );
    expect((await page.locator('[data-occupancy-total]').innerText()).replace(/\s+/g, ' ')).toBe(
      `Toplam: ${all.booked} / ${all.generated} slot dolu (${percent(all.booked, all.generated)})`,
    );
    // The occupancy table is a heatmap: tinted cells with the share written in them.
    expect(await page.locator('[data-occupancy-table] td[data-share]').count()).toBeGreaterThan(0);

    // One pitch: asked again, written in the address, the figures that pitch's.
    const [facility] = queryDb<{ id: number; name: string }>(
      `select f.id, f.name from facilities f join bookings b on b.facility_id = f.id
       where b.status = 'approved' and b.date between ? and ? group by f.id order by count(*) desc limit 1`,
      from,
      to,
    );
    await page.getByRole('combobox', { name: 'Saha' }).selectOption(String(facility.id));
    await page.waitForURL((u) => u.searchParams.get('saha') === String(facility.id));
    await settleReport(page);
    await page.locator('[data-report-scope]', { hasText: facility.name }).waitFor();
    const one = dbTotals(facility.id);
    expect(await cells(page, '[data-revenue-total]')).toBe(
      `Toplam ${one.n} ${money(one.deposits / 100)} ${money((one.revenue - one.deposits) / 100)} ${money(one.revenue / 100)}`,
    );

    // By month: one row per month of the range.
    await page.getByRole('combobox', { name: 'Gruplama' }).selectOption('month');
    await page.waitForURL((u) => u.searchParams.get('grup') === 'month');
    await settleReport(page);
    const months = queryDb<{ m: string }>(
      `select distinct substr(date, 1, 7) || '-01' as m from bookings
       where status = 'approved' and date between ? and ? and facility_id = ? order by m`,
      from,
      to,
      facility.id,
    ).map((r) => r.m);
    await page.locator('[data-revenue-table] tbody tr').first().waitFor();
    expect(
      await page
        .locator('[data-revenue-table] tbody tr')
        .evaluateAll((trs) => trs.map((t) => t.getAttribute('data-bucket'))),
    ).toEqual(months);
    expect(new URL(page.url()).search).toBe(`?from=${from}&to=${to}&saha=${facility.id}&grup=month`);

    // The revenue report as CSV: named after its range, the Turkish header, one line per month and the total.
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Gelir: CSV indir' }).click(),
    ]);
    expect(file.suggestedFilename()).toBe(`rapor-gelir-${from}-${to}.csv`);
    const { readFileSync } = await import('node:fs');
    const lines = readFileSync(await file.path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Dönem;Rezervasyon;Planlanan gelir (TL);Kapora (TL);Kalan (TL);Saha ücreti (TL);Servis (TL);Ek hizmetler (TL)',
    );
    expect(lines).toHaveLength(1 + months.length + 1);
    expect(lines.at(-1)?.split(';').slice(0, 2)).toEqual(['Toplam', String(one.n)]);

    expect(await axe(page)).toEqual([]);
  });

  it('chart.js is fetched on the reports page and on no public page', async () => {
    const { page, context } = await newPage(browser);
    for (const path of ['/', '/sahalar', '/rezervasyon-takip', '/giris'])
      expect(await scriptsOf(page, path), path).toBe(false);
    const [slug] = queryDb<{ slug: string }>(`select slug from facilities where is_active = 1 limit 1`);
    expect(await scriptsOf(page, `/saha/${slug.slug}`)).toBe(false);
    await signIn(context, 'admin');
    expect(await scriptsOf(page, `/yonetim/raporlar?from=${from}&to=${to}`)).toBe(true);
    // The charts are drawn (a canvas with pixels), each a named image to screen readers.
    const canvas = page.getByRole('img', { name: 'Gelir grafiği (veriler tabloda)' });
    await canvas.waitFor();
    await page.waitForFunction(() => {
      const c = document.querySelector('[data-report="rapor-gelir"] canvas') as HTMLCanvasElement | null;
      return Boolean(c && c.width > 0 && c.toDataURL().length > 2000);
    });
  });

  it('a manager is sent to /yonetim/yetkisiz and refused by the API', async () => {
    const { page, context } = await newPage(browser);
    await signIn(context, 'manager');
    await page.goto('/yonetim/raporlar');
    expect(new URL(page.url()).pathname).toBe('/yonetim/yetkisiz');
    const res = await context.request.get(`/api/reports?from=${from}&to=${to}`);
    expect(res.status()).toBe(403);
  });
});

describe.each(['light', 'dark'] as const)('Raporlar at 360 px in the %s theme', (theme) => {
  it('nothing widens the page; the tables scroll inside their own region; axe passes', async () => {
    const { page, context } = await newPage(browser, { theme, width: 360 });
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await signIn(context, 'admin');
    await page.goto(`/yonetim/raporlar?from=${from}&to=${to}&grup=week`);
    await settleReport(page);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
    await page.locator('[data-occupancy-table]').waitFor();
    expect(await overflow(page)).toBe(0);
    const region = page.getByRole('region', { name: 'Doluluk tablosu, yatay kaydırılabilir' });
    expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    expect(await axe(page)).toEqual([]);
  });
});
