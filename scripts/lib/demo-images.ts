// The demo pitches' photos (responsive WebP on the public pages). The seed cannot encode WebP (no image
// library may install), so `npx tsx scripts/make-demo-variants.ts` renders each photo with facility-image.ts once, has
// Debian's Chromium encode it (canvas → WebP, as the panel does for an upload), and writes the files and a manifest
// under scripts/lib/demo-images/, which are committed. The seed stores those files: the photo itself as WebP at its
// rendered size and a copy at each IMAGE_VARIANT_WIDTHS width below it as its variants, exactly what an upload through
// the panel stores. When a photo's parameters in seed-data.ts change, its manifest entry no longer matches and the seed
// falls back to rendering that photo as a PNG without copies (and says to run the generator again).
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { FACILITIES } from './seed-data';

export const DEMO_IMAGE_DIR = resolve(import.meta.dirname, 'demo-images');
export const DEMO_MANIFEST = resolve(DEMO_IMAGE_DIR, 'manifest.json');

/** What facility-image.ts renders for one demo photo; `id` is '<pitch key>-<index>'. */
export interface DemoImageJob {
  id: string;
  /** The file name stem, '<pitch slug>-<index + 1>'. */
  stem: string;
  variant: 0 | 1 | 2;
  hue: number;
  seed: number;
  width: number;
  height: number;
}

export interface DemoImageFile {
  file: string;
  width: number;
  height: number;
}
/** One manifest entry: the render it was made from, the photo and its narrower copies (narrowest first). */
export interface DemoImageEntry {
  source: Omit<DemoImageJob, 'id' | 'stem'>;
  photo: DemoImageFile;
  variants: DemoImageFile[];
}
export type DemoManifest = Record<string, DemoImageEntry>;

export interface DemoImageBytes extends DemoImageFile {
  bytes: Uint8Array;
}

/** Deterministic string hash (the render seed of each photo comes from its pitch's slug and index). */
export const hash = (text: string) => [...text].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0, 7);

/** Every demo photo of every pitch, in seed order. */
export function demoImageJobs(): DemoImageJob[] {
  return FACILITIES.flatMap((p) =>
    p.images.map((img, i) => ({
      id: `${p.key}-${i}`,
      stem: `${p.slug}-${i + 1}`,
      variant: img.variant,
      hue: img.hue,
      seed: hash(`${p.slug}#${i}`),
      // The cover (first image) gets the larger size: it is what cards and the hero show.
      width: i === 0 ? 960 : 768,
      height: i === 0 ? 640 : 512,
    })),
  );
}

export const sourceOf = ({ variant, hue, seed, width, height }: DemoImageJob) => ({
  variant,
  hue,
  seed,
  width,
  height,
});

export function readManifest(): DemoManifest {
  return existsSync(DEMO_MANIFEST) ? (JSON.parse(readFileSync(DEMO_MANIFEST, 'utf8')) as DemoManifest) : {};
}

/** The committed WebP photo and copies of a job, or null when there are none or they were made from another render. */
export function committedImage(
  manifest: DemoManifest,
  job: DemoImageJob,
): { photo: DemoImageBytes; variants: DemoImageBytes[] } | null {
  const entry = manifest[job.id];
  if (!entry || JSON.stringify(entry.source) !== JSON.stringify(sourceOf(job))) return null;
  const load = (f: DemoImageFile): DemoImageBytes | null => {
    const path = resolve(DEMO_IMAGE_DIR, f.file);
    return existsSync(path) ? { ...f, bytes: new Uint8Array(readFileSync(path)) } : null;
  };
  const photo = load(entry.photo);
  const variants = entry.variants.map(load);
  if (!photo || variants.some((v) => v === null)) return null;
  return { photo, variants: variants as DemoImageBytes[] };
}
