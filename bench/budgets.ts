// Page budgets of the public site, measured on the real build with demo data:
//   npm run bench:budgets                 (LIGHTHOUSE_RUNS=5 by default; LIGHTHOUSE_RUNS=0 measures JavaScript only)
//   BUDGET_FILES=1 npm run bench:budgets  also lists every script each page loaded, with its gzip size
//   LIGHTHOUSE_PAGES=pitch                runs Lighthouse on some pages only (comma list of home, list, pitch)
//   LIGHTHOUSE_SAVE=.bench/lighthouse     keeps each run's full report (JSON: audits such as bootup-time,
//                                         mainthread-work-breakdown, long-tasks) to read where the time went
// 1. JavaScript shipped per page, gzip: every script the page loads in Chromium (external files, dynamic imports of
//    islands once scrolled into view, inline scripts), after scrolling through the whole page and without touching
//    anything (code loaded on a first interaction, such as the booking form or a dialog, is not counted).
//    Budgets: pitch page ≤ 100 KB, /rezervasyon-takip ≤ 90 KB, /giris ≤ 70 KB, / and /sahalar ≤ 10 KB.
// 2. Lighthouse (mobile, default config) on /, /sahalar and one /saha/:slug, LIGHTHOUSE_RUNS runs per page, each run
//    in a fresh Chromium. Targets: every category's median 100, and performance ≥ 95 on every single run.
// 3. The panel, signed in as the demo admin (README): /yonetim and its main pages, each in a fresh browser context (cold
//    cache), 390×844, the same count after the page is quiet. Budgets: ≤ 150 KB gzip and ≤ 25 script requests per
//    page (a long chain of small modules costs round trips on 4G). Raporlar's chart code (chart.js, imported when a
//    chart first renders) is listed apart and not counted. Lighthouse (mobile, signed in by a Cookie header) on
//    /yonetim, /yonetim/rezervasyonlar and /yonetim/haftalik-takvim: performance median ≥ 90, accessibility and best
//    practices median 100 (SEO is printed only: the panel is noindex on purpose).
// Lighthouse performance is CPU-bound: figures taken while other work runs on the machine are low; re-run quiet.
// BUDGET_REUSE_BUILD=1 serves the build already in dist/ instead of building again.
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launch as launchChrome } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium, type Request } from 'playwright-core';
import { startLocalServer } from '../scripts/lib/local-server';

const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const LIST_FILES = process.env.BUDGET_FILES === '1';
const FACILITY_PAGE = 'pitch';
const LIGHTHOUSE_PAGES = (process.env.LIGHTHOUSE_PAGES ?? 'home,list,pitch,panel,bookings,calendar')
  .split(',')
  .map((p) => p.trim());
const SAVE_DIR = process.env.LIGHTHOUSE_SAVE ? resolve(process.env.LIGHTHOUSE_SAVE) : null;
/** KB gzip per page; the pitch page is keyed PITCH (its slug comes from the demo data). */
const JS_BUDGET_KB: Record<string, number> = {
  '/': 10,
  '/sahalar': 10,
  [FACILITY_PAGE]: 100,
  '/rezervasyon-takip': 90,
  '/giris': 70,
};
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const PERFORMANCE_EVERY_RUN = 95;
/** The demo admin (README): every panel page is measured signed in. */
const DEMO_STAFF = { identifier: 'admin', password: 'admin1234' };
const PANEL_PAGES = [
  '/yonetim',
  '/yonetim/rezervasyonlar',
  '/yonetim/haftalik-takvim',
  '/yonetim/sahalar',
  '/yonetim/musteriler',
  '/yonetim/abonelikler',
  '/yonetim/raporlar',
];
const PANEL_JS_KB = 150;
const PANEL_VIEWPORT = { width: 390, height: 844 };
const PANEL_SCRIPTS = 25;
/** Lighthouse's panel targets: median performance ≥ 90, accessibility and best practices 100; SEO not judged (noindex). */
const PANEL_TARGETS: Partial<Record<(typeof CATEGORIES)[number], number>> = {
  performance: 90,
  accessibility: 100,
  'best-practices': 100,
};
/** Raporlar draws with chart.js, loaded on demand when a chart first renders: listed apart, outside the budget. */
const isChartCode = (body: Buffer) => /\bchart\.js\b|new Chart\(|Chart\.register/.test(body.toString('latin1'));
/** The lab metrics behind the performance score, printed per run so a low score says where it comes from. */
const METRICS = {
  'first-contentful-paint': ['FCP', 'ms'],
  'largest-contentful-paint': ['LCP', 'ms'],
  'total-blocking-time': ['TBT', 'ms'],
  'cumulative-layout-shift': ['CLS', ''],
  'speed-index': ['SI', 'ms'],
} as const;

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};
const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');

interface Weighed {
  name: string;
  raw: number;
  gzip: number;
  /** An external file (a request), not an inline script. */
  request: boolean;
  chart: boolean;
}

async function jsWeights(
  origin: string,
  paths: string[],
  opts: { viewport: { width: number; height: number }; cookie?: string } = { viewport: { width: 412, height: 915 } },
) {
  const browser = await chromium.launch({ executablePath: CHROME, args: FLAGS });
  const rows: Array<{ path: string; files: Weighed[] }> = [];
  try {
    for (const path of paths) {
      // A fresh context each page: an empty cache, as a phone opening the page cold.
      const context = await browser.newContext({ viewport: opts.viewport });
      if (opts.cookie) {
        const [name, value] = opts.cookie.split(/=(.*)/s);
        await context.addCookies([{ name, value, url: origin, httpOnly: true, sameSite: 'Strict' }]);
      }
      const page = await context.newPage();
      const bodies = new Map<string, Buffer>();
      page.on('response', async (res) => {
        if (res.request().resourceType() === 'script') {
          try {
            bodies.set(res.url(), await res.body());
          } catch {
            /* aborted */
          }
        }
      });
      // Our own requests in flight. Playwright's 'networkidle' is not used after scrolling: a frame that navigates
      // late (the pitch page's map, given its address when scrolled near) and fails offline never lets it fire.
      let inFlight = 0;
      const ours = (r: Request) => r.url().startsWith(origin);
      page.on('request', (r) => void (ours(r) && inFlight++));
      const settled = (r: Request) => void (ours(r) && inFlight--);
      page.on('requestfinished', settled);
      page.on('requestfailed', settled);
      const response = await page.goto(origin + path, { waitUntil: opts.cookie ? 'load' : 'networkidle' });
      if (opts.cookie && (!response?.ok() || new URL(page.url()).pathname !== path))
        throw new Error(`${path}: not the signed-in page (HTTP ${response?.status()}, at ${page.url()})`);
      // Bring every lazily hydrated island into view, then let its code arrive.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 400) {
          window.scrollTo(0, y);
          await new Promise((r) => setTimeout(r, 50));
        }
      });
      for (let quiet = 0; quiet < 1000; quiet = inFlight === 0 ? quiet + 100 : 0) await page.waitForTimeout(100);
      const inline = await page.$$eval('script:not([src])', (els) =>
        els
          .filter((e) => !['application/ld+json', 'application/json'].includes((e as HTMLScriptElement).type))
          .map((e) => e.textContent ?? ''),
      );
      const files = [
        ...[...bodies].map(([url, body]) => ({ name: new URL(url).pathname, body, request: true })),
        ...inline.map((t, i) => ({ name: `(inline script ${i + 1})`, body: Buffer.from(t), request: false })),
      ].map(({ name, body, request }) => ({
        name,
        raw: body.length,
        gzip: gzipSync(body, { level: 9 }).length,
        request,
        chart: request && isChartCode(body),
      }));
      rows.push({ path, files });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return rows;
}

async function lighthouseScores(url: string, name: string, cookie?: string) {
  const scores: Record<string, number[]> = Object.fromEntries(CATEGORIES.map((c) => [c, []]));
  const metrics: Record<string, number[]> = Object.fromEntries(Object.keys(METRICS).map((m) => [m, []]));
  let failed = 0;
  for (let i = 0; i < RUNS; ) {
    const chrome = await launchChrome({ chromePath: CHROME, chromeFlags: ['--headless=new', ...FLAGS] });
    try {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
      });
      if (result && new URL(result.lhr.finalDisplayedUrl).pathname !== new URL(url).pathname)
        throw new Error(`Lighthouse on ${url} ended at ${result.lhr.finalDisplayedUrl}: not signed in?`);
      // A run Lighthouse could not finish (e.g. NO_FCP) has no scores: it is reported and run again, never counted as 0.
      const error = result?.lhr.runtimeError;
      if (!result || error || result.lhr.categories.performance?.score == null) {
        failed++;
        console.log(`  run ${i + 1} failed (${error?.code ?? 'no result'}: ${error?.message ?? ''}); running it again`);
        if (failed > 3) throw new Error(`Lighthouse failed ${failed} times on ${url}`);
        continue;
      }
      if (SAVE_DIR) {
        mkdirSync(SAVE_DIR, { recursive: true });
        writeFileSync(resolve(SAVE_DIR, `${name}-${i + 1}.json`), JSON.stringify(result.lhr));
      }
      for (const key of CATEGORIES) scores[key].push(Math.round((result.lhr.categories[key]?.score ?? 0) * 100));
      for (const key of Object.keys(METRICS)) metrics[key].push(result.lhr.audits[key]?.numericValue ?? Number.NaN);
      i++;
    } finally {
      chrome.kill();
    }
  }
  return { scores, metrics };
}

function printMetrics(metrics: Record<string, number[]>) {
  for (const [key, [label, unit]] of Object.entries(METRICS)) {
    const shown = metrics[key].map((v) => (unit === 'ms' ? String(Math.round(v)) : v.toFixed(3)).padStart(6));
    console.log(`  ${label.padEnd(15)} runs ${shown.join(' ')}${unit ? ` ${unit}` : ''}`);
  }
}

/** Signs the demo admin in and gives the session cookie (`hs_session=…`): staff sessions are cookie-only. */
async function signIn(origin: string): Promise<string> {
  const login = await fetch(`${origin}/api/auth/local`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_STAFF),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('hs_session='));
  if (!cookie) throw new Error(`demo staff login failed: HTTP ${login.status} ${await login.text()}`);
  return cookie;
}

function printCategories(s: Record<string, number[]>, targets: Partial<Record<string, number>>) {
  let missed = 0;
  for (const c of CATEGORIES) {
    const m = median(s[c]);
    const target = targets[c];
    const ok = target === undefined || m >= target;
    if (!ok) missed++;
    const line =
      target === undefined ? '(not judged)' : `median ${target === 100 ? '100' : `≥ ${target}`}: ${verdict(ok)}`;
    console.log(
      `  ${c.padEnd(15)} runs ${s[c].map((n) => String(n).padStart(3)).join(' ')}   median ${String(m).padStart(5)}   ${line}`,
    );
  }
  return missed;
}

async function main() {
  console.log('budgets: building and serving the site with demo data …');
  const server = await startLocalServer({ seed: 'demo', reuseBuild: process.env.BUDGET_REUSE_BUILD === '1' });
  let missed = 0;
  try {
    const facilities = (await (await fetch(`${server.origin}/api/facilities`)).json()) as {
      data: Array<{ slug: string }>;
    };
    const facilityPath = `/saha/${facilities.data[0].slug}`;
    const pages = ['/', '/sahalar', facilityPath, '/rezervasyon-takip', '/iletisim', '/giris'];

    console.log('\nJavaScript shipped per page (Chromium, mobile viewport, after scrolling through the page)');
    console.log('page                               files   raw KB   gzip KB   budget');
    for (const r of await jsWeights(server.origin, pages)) {
      const raw = r.files.reduce((n, f) => n + f.raw, 0);
      const gzip = r.files.reduce((n, f) => n + f.gzip, 0);
      const budget = JS_BUDGET_KB[r.path === facilityPath ? FACILITY_PAGE : r.path];
      const ok = budget === undefined || gzip / 1024 <= budget;
      if (!ok) missed++;
      console.log(
        `${r.path.padEnd(34)} ${String(r.files.length).padStart(5)} ${kb(raw).padStart(8)} ${kb(gzip).padStart(9)}   ${budget === undefined ? '(no budget)' : `≤ ${budget} KB ${verdict(ok)}`}`,
      );
      if (LIST_FILES)
        for (const f of [...r.files].sort((a, b) => b.gzip - a.gzip))
          console.log(`    ${kb(f.gzip).padStart(6)} KB  ${f.name}`);
    }

    const cookie = await signIn(server.origin);
    console.log(
      `\nThe panel signed in (demo admin), cold, ${PANEL_VIEWPORT.width}×${PANEL_VIEWPORT.height}, after the page is quiet`,
    );
    console.log('page                               requests   raw KB   gzip KB   budget');
    for (const r of await jsWeights(server.origin, PANEL_PAGES, { viewport: PANEL_VIEWPORT, cookie })) {
      const counted = r.files.filter((f) => !f.chart);
      const chart = r.files.filter((f) => f.chart);
      const raw = counted.reduce((n, f) => n + f.raw, 0);
      const gzip = counted.reduce((n, f) => n + f.gzip, 0);
      const requests = counted.filter((f) => f.request).length;
      const okKb = gzip / 1024 <= PANEL_JS_KB;
      const okRequests = requests <= PANEL_SCRIPTS;
      missed += Number(!okKb) + Number(!okRequests);
      console.log(
        `${r.path.padEnd(34)} ${String(requests).padStart(8)} ${kb(raw).padStart(8)} ${kb(gzip).padStart(9)}   ≤ ${PANEL_JS_KB} KB ${verdict(okKb)}, ≤ ${PANEL_SCRIPTS} scripts ${verdict(okRequests)}`,
      );
      if (chart.length)
        console.log(
          `${''.padEnd(34)} + chart code on demand: ${chart.length} file(s), ${kb(chart.reduce((n, f) => n + f.gzip, 0))} KB gzip (not counted)`,
        );
      if (LIST_FILES)
        for (const f of [...r.files].sort((a, b) => b.gzip - a.gzip))
          console.log(`    ${kb(f.gzip).padStart(6)} KB  ${f.name}${f.chart ? ' (chart, on demand)' : ''}`);
    }

    if (RUNS > 0) {
      console.log(`\nLighthouse (mobile, default config), ${RUNS} runs per page, each in a fresh Chromium`);
      const named = { home: '/', list: '/sahalar', pitch: facilityPath } as Record<string, string>;
      const panel = {
        panel: '/yonetim',
        bookings: '/yonetim/rezervasyonlar',
        calendar: '/yonetim/haftalik-takvim',
      } as Record<string, string>;
      for (const name of LIGHTHOUSE_PAGES) {
        if (panel[name]) {
          const { scores: s, metrics } = await lighthouseScores(server.origin + panel[name], name, cookie);
          console.log(`\n${panel[name]} (signed in)`);
          missed += printCategories(s, PANEL_TARGETS);
          printMetrics(metrics);
          continue;
        }
        const path = named[name];
        if (!path)
          throw new Error(`LIGHTHOUSE_PAGES: unknown page ${name} (home, list, pitch, panel, bookings or calendar)`);
        const { scores: s, metrics } = await lighthouseScores(server.origin + path, name);
        console.log(`\n${path}`);
        missed += printCategories(s, Object.fromEntries(CATEGORIES.map((c) => [c, 100])));
        printMetrics(metrics);
        const worst = Math.min(...s.performance);
        const ok = worst >= PERFORMANCE_EVERY_RUN;
        if (!ok) missed++;
        console.log(`  performance on every run ≥ ${PERFORMANCE_EVERY_RUN}: lowest run ${worst}: ${verdict(ok)}`);
      }
    } else console.log('\nLighthouse skipped (LIGHTHOUSE_RUNS=0).');
    console.log(`\n${missed === 0 ? 'every budget met' : `${missed} budget line(s) MISSED`}`);
  } finally {
    await server.stop();
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
