// Page budgets of the public site, measured on the real build with demo data:
//   npm run bench:budgets        (LIGHTHOUSE_RUNS=3)
// 1. JavaScript shipped per page, gzip: every script the page loads in Chromium (external files, dynamic imports of
//    islands once scrolled into view, inline scripts). Budgets: home ≤ 50 KB, pitch page ≤ 150 KB.
// 2. Lighthouse (mobile, default config) on /, /sahalar and one /saha/:slug, median of 3 runs per page. Targets:
//    performance ≥ 90, accessibility 100, best practices ≥ 95, SEO 100.
import { gzipSync } from 'node:zlib';
import { launch as launchChrome } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
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
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const JS_BUDGET_KB: Record<string, number> = { '/': 50 };
const PITCH_BUDGET_KB = 150;

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function jsWeights(origin: string, paths: string[]) {
  const browser = await chromium.launch({ executablePath: CHROME, args: FLAGS });
  const rows: Array<{ path: string; files: number; raw: number; gzip: number }> = [];
  try {
    for (const path of paths) {
      const context = await browser.newContext({ viewport: { width: 412, height: 915 } });
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
      await page.goto(origin + path, { waitUntil: 'networkidle' });
      // Bring every lazily hydrated island into view, then let its code arrive.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 400) {
          window.scrollTo(0, y);
          await new Promise((r) => setTimeout(r, 50));
        }
      });
      await page.waitForLoadState('networkidle');
      const inline = await page.$$eval('script:not([src])', (els) =>
        els
          .filter((e) => !['application/ld+json', 'application/json'].includes((e as HTMLScriptElement).type))
          .map((e) => e.textContent ?? ''),
      );
      const all = [...bodies.values(), ...inline.map((t) => Buffer.from(t))];
      rows.push({
        path,
        files: bodies.size,
        raw: all.reduce((n, b) => n + b.length, 0),
        gzip: all.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0),
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return rows;
}

async function lighthouseScores(url: string) {
  const scores: Record<string, number[]> = { performance: [], accessibility: [], 'best-practices': [], seo: [] };
  for (let i = 0; i < RUNS; i++) {
    const chrome = await launchChrome({ chromePath: CHROME, chromeFlags: ['--headless=new', ...FLAGS] });
    try {
      const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' });
      for (const key of Object.keys(scores))
        scores[key].push(Math.round((result?.lhr.categories[key]?.score ?? 0) * 100));
    } finally {
      await chrome.kill();
    }
  }
  return Object.fromEntries(Object.entries(scores).map(([k, v]) => [k, { median: median(v), runs: v }]));
}

async function main() {
  console.log('budgets: building and serving the site with demo data …');
  const server = await startLocalServer({ seed: 'demo' });
  try {
    const facilities = (await (await fetch(`${server.origin}/api/facilities`)).json()) as {
      data: Array<{ slug: string }>;
    };
    const pitch = `/saha/${facilities.data[0].slug}`;
    const pages = ['/', '/sahalar', pitch, '/rezervasyon-takip', '/iletisim', '/giris'];

    console.log('\nJavaScript shipped per page (Chromium, mobile viewport, after scrolling through the page)');
    console.log('page                               files   raw KB   gzip KB   budget');
    for (const r of await jsWeights(server.origin, pages)) {
      const budget = r.path === pitch ? PITCH_BUDGET_KB : JS_BUDGET_KB[r.path];
      const verdict = budget ? `≤ ${budget} KB ${r.gzip / 1024 <= budget ? 'ok' : 'MISS'}` : '';
      console.log(
        `${r.path.padEnd(34)} ${String(r.files).padStart(5)} ${kb(r.raw).padStart(8)} ${kb(r.gzip).padStart(9)}   ${verdict}`,
      );
    }

    const targets: Record<string, (n: number) => boolean> = {
      performance: (n) => n >= 90,
      accessibility: (n) => n === 100,
      'best-practices': (n) => n >= 95,
      seo: (n) => n === 100,
    };
    console.log(`\nLighthouse (mobile, default config), median of ${RUNS} runs`);
    console.log('page                               perf   a11y   best-pr   seo    (runs)');
    for (const path of ['/', '/sahalar', pitch]) {
      const s = await lighthouseScores(server.origin + path);
      const cell = (k: string) => `${String(s[k].median).padStart(3)}${targets[k](s[k].median) ? ' ' : '!'}`;
      console.log(
        `${path.padEnd(34)} ${cell('performance')}  ${cell('accessibility')}  ${cell('best-practices')}   ${cell('seo')}  ${JSON.stringify(Object.fromEntries(Object.entries(s).map(([k, v]) => [k, v.runs])))}`,
      );
    }
    console.log(
      "\n'!' marks a median below its target (performance ≥ 90, accessibility 100, best practices ≥ 95, SEO 100).",
    );
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
