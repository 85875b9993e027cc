// Makes the demo photos' WebP files once, offline: `npx tsx scripts/make-demo-variants.ts` (uses /usr/bin/chromium or
// CHROME_PATH). Each photo of scripts/lib/seed-data.ts is rendered with facility-image.ts, then Chromium encodes it as
// WebP at its own size and at every IMAGE_VARIANT_WIDTHS width below it (canvas → WebP with the panel's quality, as
// site/src/lib/image-variants.ts does for an upload). The files and manifest.json go to scripts/lib/demo-images/ and
// are committed; the seed reads them and never needs Chromium (see scripts/lib/demo-images.ts). Run it again after
// changing a photo in seed-data.ts. Chromium's canvas cannot encode AVIF (it answers PNG), so no AVIF copies.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { IMAGE_VARIANT_WIDTHS } from '../contracts/facility-form';
import {
  DEMO_IMAGE_DIR,
  DEMO_MANIFEST,
  type DemoImageFile,
  type DemoManifest,
  demoImageJobs,
  sourceOf,
} from './lib/demo-images';
import { makeFacilityPng } from './lib/facility-image';

/** The panel's WebP quality (site/src/lib/image-variants.ts). */
const QUALITY = 0.82;

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage();
  mkdirSync(DEMO_IMAGE_DIR, { recursive: true });
  for (const f of readdirSync(DEMO_IMAGE_DIR)) if (f.endsWith('.webp')) rmSync(resolve(DEMO_IMAGE_DIR, f));
  const manifest: DemoManifest = {};
  let total = 0;
  for (const job of demoImageJobs()) {
    const png = makeFacilityPng(sourceOf(job)).toString('base64');
    const widths = [...IMAGE_VARIANT_WIDTHS.filter((w) => w < job.width), job.width];
    const encoded = await page.evaluate(
      async ({ png, widths, quality }) => {
        const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
        const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
        const out: Array<{ width: number; height: number; type: string; base64: string }> = [];
        for (const width of widths) {
          const height = Math.round((bitmap.height * width) / bitmap.width);
          const canvas = new OffscreenCanvas(width, height);
          const ctx = canvas.getContext('2d')!;
          ctx.imageSmoothingQuality = 'high';
          ctx.drawImage(bitmap, 0, 0, width, height);
          const blob = await canvas.convertToBlob({ type: 'image/webp', quality });
          const buf = new Uint8Array(await blob.arrayBuffer());
          let bin = '';
          for (const b of buf) bin += String.fromCharCode(b);
          out.push({ width, height, type: blob.type, base64: btoa(bin) });
        }
        return out;
      },
      { png, widths, quality: QUALITY },
    );
    const files: DemoImageFile[] = [];
    for (const e of encoded) {
      if (e.type !== 'image/webp') throw new Error(`Chromium encoded ${e.type}, not WebP`);
      const file = `${job.stem}-${e.width}.webp`;
      const bytes = Buffer.from(e.base64, 'base64');
      writeFileSync(resolve(DEMO_IMAGE_DIR, file), bytes);
      total += bytes.length;
      files.push({ file, width: e.width, height: e.height });
      console.log(`${file.padEnd(48)} ${e.width}×${e.height} ${(bytes.length / 1024).toFixed(1).padStart(6)} KB`);
    }
    manifest[job.id] = { source: sourceOf(job), photo: files[files.length - 1], variants: files.slice(0, -1) };
  }
  writeFileSync(DEMO_MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`${Object.keys(manifest).length} photos, ${(total / 1024).toFixed(0)} KB in ${DEMO_IMAGE_DIR}`);
} finally {
  await browser.close();
}
