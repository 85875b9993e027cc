/**
 * Self-check for facility-image.ts.
 *
 *   npx tsx scripts/lib/facility-image.selfcheck.ts
 *
 * Renders every variant, validates the PNG structure (signature, IHDR, chunk CRCs, IDAT
 * inflate length, row filter bytes), decodes the pixels for a few sanity checks, checks
 * determinism, and writes /tmp/pitch-{0,1,2}.png with their sizes and render times.
 */

import { Buffer } from 'node:buffer';
import { writeFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { crc32, type FacilityImageOptions, makeFacilityPng } from './facility-image.ts';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function fail(msg: string): never {
  throw new Error(msg);
}

interface PngInfo {
  width: number;
  height: number;
  chunks: string[];
  /** decoded RGB pixels */
  rgb: Uint8Array;
}

/** Independent bitwise CRC-32 (no table) to cross-check the encoder's implementation. */
function bitwiseCrc(buf: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return (c ^ 0xffffffff) >>> 0;
}

function validatePng(png: Buffer): PngInfo {
  if (png.length < 8 || !png.subarray(0, 8).equals(SIGNATURE)) fail('bad PNG signature');
  let off = 8;
  const chunks: string[] = [];
  const idat: Buffer[] = [];
  let width = 0;
  let height = 0;
  while (off < png.length) {
    if (off + 12 > png.length) fail(`truncated chunk header at ${off}`);
    const len = png.readUInt32BE(off);
    const type = png.toString('ascii', off + 4, off + 8);
    const end = off + 8 + len;
    if (end + 4 > png.length) fail(`chunk ${type} overruns the file`);
    const stored = png.readUInt32BE(end);
    const actual = crc32(png, off + 4, end);
    if (stored !== actual)
      fail(`CRC mismatch in ${type}: stored ${stored.toString(16)}, computed ${actual.toString(16)}`);
    if (len < 4096 && bitwiseCrc(png.subarray(off + 4, end)) !== stored) fail(`bitwise CRC mismatch in ${type}`);
    const data = png.subarray(off + 8, end);
    if (type === 'IHDR') {
      if (chunks.length !== 0) fail('IHDR is not the first chunk');
      if (len !== 13) fail('IHDR length != 13');
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      if (width === 0 || height === 0) fail('zero image dimension');
      if (data[8] !== 8 || data[9] !== 2 || data[10] !== 0 || data[11] !== 0 || data[12] !== 0) {
        fail('unexpected IHDR fields (want 8-bit RGB, deflate, adaptive filter, no interlace)');
      }
    } else if (type === 'IDAT') {
      idat.push(Buffer.from(data));
    } else if (type === 'IEND') {
      if (len !== 0) fail('IEND has data');
      if (end + 4 !== png.length) fail('data after IEND');
    }
    chunks.push(type);
    off = end + 4;
  }
  if (chunks[0] !== 'IHDR' || chunks[chunks.length - 1] !== 'IEND' || idat.length === 0)
    fail(`bad chunk order: ${chunks.join(',')}`);
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * 3;
  const expected = height * (1 + stride);
  if (raw.length !== expected) fail(`IDAT inflates to ${raw.length} bytes, expected height*(1+width*3) = ${expected}`);

  // Undo the row filters (all five PNG filter types are handled).
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    const f = raw[y * (stride + 1)];
    if (f > 4) fail(`row ${y} has invalid filter type ${f}`);
    for (let i = 0; i < stride; i++) {
      const v = raw[y * (stride + 1) + 1 + i];
      const a = i >= 3 ? rgb[y * stride + i - 3] : 0;
      const b = y > 0 ? rgb[(y - 1) * stride + i] : 0;
      const c = y > 0 && i >= 3 ? rgb[(y - 1) * stride + i - 3] : 0;
      let p = 0;
      if (f === 1) p = a;
      else if (f === 2) p = b;
      else if (f === 3) p = (a + b) >> 1;
      else if (f === 4) {
        const q = a + b - c;
        const pa = Math.abs(q - a);
        const pb = Math.abs(q - b);
        const pc = Math.abs(q - c);
        p = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      rgb[y * stride + i] = (v + p) & 255;
    }
  }
  return { width, height, chunks, rgb };
}

/** Mean colour, fraction of near-white (line) pixels and luminance spread. */
function pixelStats(rgb: Uint8Array): { mean: [number, number, number]; white: number; lumaStd: number } {
  let r = 0;
  let g = 0;
  let b = 0;
  let white = 0;
  let l1 = 0;
  let l2 = 0;
  const n = rgb.length / 3;
  for (let i = 0; i < rgb.length; i += 3) {
    r += rgb[i];
    g += rgb[i + 1];
    b += rgb[i + 2];
    if (rgb[i] > 190 && rgb[i + 1] > 190 && rgb[i + 2] > 180) white++;
    const l = 0.299 * rgb[i] + 0.587 * rgb[i + 1] + 0.114 * rgb[i + 2];
    l1 += l;
    l2 += l * l;
  }
  const lm = l1 / n;
  return { mean: [r / n, g / n, b / n], white: white / n, lumaStd: Math.sqrt(Math.max(0, l2 / n - lm * lm)) };
}

let failures = 0;
const check = (cond: boolean, msg: string) => {
  if (!cond) fail(msg);
};

for (const variant of [0, 1, 2] as const) {
  const opts: FacilityImageOptions = { variant, seed: 7 };
  try {
    const t0 = performance.now();
    const png = makeFacilityPng(opts); // first full-size render in this process (includes JIT warm-up)
    const ms = performance.now() - t0;
    const t1 = performance.now();
    const again = makeFacilityPng(opts);
    const msWarm = performance.now() - t1;
    if (!again.equals(png)) fail('rendering is not deterministic');

    const info = validatePng(png);
    check(info.width === 960 && info.height === 640, `default size is ${info.width}x${info.height}, expected 960x640`);
    const st = pixelStats(info.rgb);
    const [mr, mg, mb] = st.mean;
    // Hue 120 turf: green must dominate; the picture must not be flat; day views show white lines.
    check(
      mg > mr * 1.15 && mg > mb * 1.15,
      `green does not dominate: mean rgb ${st.mean.map((v) => v.toFixed(0)).join(',')}`,
    );
    check(st.lumaStd > 4, `image looks flat (luma std ${st.lumaStd.toFixed(1)})`);
    if (variant !== 2)
      check(st.white > 0.005 && st.white < 0.15, `unexpected share of white pixels: ${(st.white * 100).toFixed(2)}%`);
    if (variant === 2) check(mg < 110, `night view is not dark (mean green ${mg.toFixed(0)})`);

    const path = `/tmp/pitch-${variant}.png`;
    writeFileSync(path, png);
    console.log(
      `variant ${variant}: ${info.width}x${info.height}  ${(png.length / 1024).toFixed(1)} KB  ` +
        `first render ${ms.toFixed(0)} ms, repeat ${msWarm.toFixed(0)} ms  ` +
        `mean rgb ${st.mean.map((v) => v.toFixed(0)).join('/')}  chunks ${info.chunks.join(',')}  -> ${path}`,
    );
    if (ms > 300 || msWarm > 300) console.warn(`  warning: over the 300 ms budget`);
    if (png.length > 150 * 1024)
      console.warn(`  warning: ${(png.length / 1024).toFixed(0)} KB is over the 150 KB target`);
  } catch (err) {
    failures++;
    console.error(`variant ${variant}: FAIL ${(err as Error).message}`);
  }
}

// Other sizes, hues and seeds must also produce valid PNGs of the requested size, and
// different seeds must give different images.
for (const opts of [
  { width: 320, height: 200, hue: 95, variant: 1 as const, seed: 3 },
  { width: 501, height: 333, hue: 200, variant: 2 as const, seed: 99 },
  { width: 400, height: 600, variant: 1 as const, seed: 5 },
  { width: 1200, height: 300, variant: 0 as const, seed: 2 },
  { width: 17, height: 16, variant: 0 as const },
]) {
  try {
    const info = validatePng(makeFacilityPng(opts));
    check(info.width === opts.width && info.height === opts.height, `size mismatch ${info.width}x${info.height}`);
  } catch (err) {
    failures++;
    console.error(`${JSON.stringify(opts)}: FAIL ${(err as Error).message}`);
  }
}
try {
  check(
    !makeFacilityPng({ seed: 1, width: 200, height: 140 }).equals(
      makeFacilityPng({ seed: 2, width: 200, height: 140 }),
    ),
    'seed has no effect',
  );
  validatePng(makeFacilityPng({ width: 96, height: 64 }, { level: 9 }));
} catch (err) {
  failures++;
  console.error(`FAIL ${(err as Error).message}`);
}

if (failures > 0) {
  console.error(`${failures} check(s) failed`);
  process.exit(1);
}
console.log('all PNG checks passed');
