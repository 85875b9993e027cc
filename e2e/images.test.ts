// Responsive photos on the public pages (Lighthouse): the demo photos are WebP with smaller WebP copies
// (scripts/make-demo-variants.ts), offered through srcset/sizes with width and height; only the first card's photo is
// fetched early (eager, fetchpriority high), every other card photo waits until it nears the viewport.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_VARIANT_WIDTHS } from '../contracts/facility-form';
import { committedImage, DEMO_IMAGE_DIR, demoImageJobs, readManifest } from '../scripts/lib/demo-images';
import { sniffImage } from '../worker/src/lib/images';
import { allowConsole, launch, newPage } from './support/browser';

let browser: Browser;
let close: () => Promise<void>;
beforeAll(async () => ({ browser, close } = await launch()));
afterAll(async () => close());

/** The URL the browser picked from the srcset once the image has loaded. */
async function loadedSource(page: Page, selector: string): Promise<string> {
  const img = page.locator(selector).first();
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0 && el.currentSrc))
    .toBeTruthy();
  return img.evaluate((el: HTMLImageElement) => el.currentSrc);
}

describe.each(['/', '/sahalar'])('card photos on %s', (path) => {
  it('only the first card photo is eager with high priority; every photo is WebP with srcset, sizes and a size', async () => {
    const { page, context } = await newPage(browser, { width: 412 });
    await page.goto(path);
    const photos = page.locator('[data-facility-card] img');
    const attrs = await photos.evaluateAll((els) =>
      els.map((el) => ({
        loading: el.getAttribute('loading'),
        priority: el.getAttribute('fetchpriority'),
        srcset: el.getAttribute('srcset') ?? '',
        sizes: el.getAttribute('sizes') ?? '',
        src: el.getAttribute('src') ?? '',
      })),
    );
    expect(attrs.length).toBeGreaterThan(5);
    expect(attrs[0]).toMatchObject({ loading: 'eager', priority: 'high' });
    for (const a of attrs.slice(1)) expect(a).toMatchObject({ loading: 'lazy', priority: null });
    for (const a of attrs) {
      // The 480 px copy and the photo itself, both WebP (covers are 960 px wide, the others 768).
      expect(a.srcset).toMatch(/^\/api\/images\/\S+-480\.webp 480w, \/api\/images\/\S+\.webp (960|768)w$/);
      expect(a.src).toMatch(/\.webp$/);
      expect(a.sizes).toContain('calc(100vw - 2rem)');
    }
    // Every image of the page, cards or not, says its size, so nothing moves when it arrives.
    const unsized = await page
      .locator('img')
      .evaluateAll((els) => els.filter((el) => !el.getAttribute('width') || !el.getAttribute('height')).length);
    expect(unsized).toBe(0);

    // A phone (412 px, DPR 1) takes the 480 px copy, served as WebP.
    const src = await loadedSource(page, '[data-facility-card] img');
    expect(src).toMatch(/-480\.webp$/);
    const res = await page.request.get(src);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('image/webp');
    const body = await res.body();
    expect(body.subarray(8, 12).toString('latin1')).toBe('WEBP');
    await context.close();
  });
});

describe('pitch page hero', () => {
  it('is the WebP cover with its copy in srcset, fetched with high priority and sized', async () => {
    const { page, context } = await newPage(browser, { width: 412 });
    await page.goto('/sahalar');
    const href = await page.locator('[data-facility-card] a[href^="/saha/"]').first().getAttribute('href');
    await page.goto(href!);
    const hero = page.locator('section[aria-labelledby="pitch-name"] > img');
    await expect(hero.getAttribute('fetchpriority')).resolves.toBe('high');
    await expect(hero.getAttribute('loading')).resolves.not.toBe('lazy');
    await expect(hero.getAttribute('srcset')).resolves.toMatch(/-480\.webp 480w, \S+\.webp 960w$/);
    await expect(hero.getAttribute('width')).resolves.toBe('960');
    await expect(hero.getAttribute('height')).resolves.toBe('640');
    const src = await loadedSource(page, 'section[aria-labelledby="pitch-name"] > img');
    const res = await page.request.get(src);
    expect(res.headers()['content-type']).toBe('image/webp');
    await context.close();
  });
});

describe('no layout shift from scripts', () => {
  it("hides /sahalar's no-JavaScript 'Uygula' button before any module runs", async () => {
    const { page, context } = await newPage(browser, { width: 412 });
    // Module scripts never arrive: only the inline head script can have hidden it.
    await page.route('**/*.js', (route) => route.abort());
    allowConsole(context, /net::ERR_FAILED/);
    await page.goto('/sahalar');
    await expect(page.getByRole('button', { name: 'Uygula' }).isVisible()).resolves.toBe(false);
    await context.close();
  });
});

describe('committed demo photos (scripts/make-demo-variants.ts)', () => {
  it('match every photo of the seed data, and each file is a clean WebP of the size the manifest says', () => {
    const manifest = readManifest();
    const jobs = demoImageJobs();
    expect(Object.keys(manifest).sort()).toEqual(jobs.map((j) => j.id).sort());
    for (const job of jobs) {
      // Null when seed-data.ts changed a photo without the generator being run again (the seed would fall back to PNG).
      const image = committedImage(manifest, job);
      expect(image, job.id).not.toBeNull();
      const entry = manifest[job.id];
      expect(entry.variants.map((v) => v.width)).toEqual(IMAGE_VARIANT_WIDTHS.filter((w) => w < job.width));
      for (const f of [entry.photo, ...entry.variants]) {
        const sniffed = sniffImage(new Uint8Array(readFileSync(resolve(DEMO_IMAGE_DIR, f.file))), f.file);
        expect(sniffed).toEqual({ type: 'image/webp', ext: 'webp', width: f.width, height: f.height });
      }
      expect([entry.photo.width, entry.photo.height]).toEqual([job.width, job.height]);
    }
  });
});
