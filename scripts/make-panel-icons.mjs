// The installable panel's icons (site/public/yonetim/*.png, named by its manifest.webmanifest and the panel layout),
// drawn once from the favicon's design (a green square, a white halfway line and centre circle) and encoded as PNG
// with node:zlib alone. Run again only to change the design: `node scripts/make-panel-icons.mjs`; commit the PNGs.
import { writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const out = resolve(dirname(fileURLToPath(import.meta.url)), '../site/public/yonetim');
const GREEN = [0x15, 0x80, 0x3d];
const WHITE = [0xff, 0xff, 0xff];
/** Samples per pixel side: smooth edges without any image library. */
const SS = 4;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An 8-bit RGBA PNG of `size`×`size` from `rgba(x, y)` (coordinates in 0..1 of the side). */
function png(size, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const rows = Buffer.alloc(size * (1 + size * 4));
  for (let y = 0; y < size; y++) {
    const row = y * (1 + size * 4);
    rows[row] = 0; // no filter
    for (let x = 0; x < size; x++) rows.set(rgba(x, y), row + 1 + x * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * The design in the favicon's 32-unit grid: `rounded` corners (else full bleed, for maskable and Apple icons, which
 * the system masks), the lines scaled by `scale` about the centre (a maskable icon keeps them in its safe zone).
 */
function icon(size, { rounded, scale }) {
  const inBackground = (u, v) => {
    if (!rounded) return true;
    const r = 6;
    const dx = Math.max(r - u, 0, u - (32 - r));
    const dy = Math.max(r - v, 0, v - (32 - r));
    return dx * dx + dy * dy <= r * r;
  };
  const inLines = (u, v) => {
    const x = (u - 16) / scale;
    const y = (v - 16) / scale;
    const ring = Math.abs(Math.hypot(x, y) - 6) <= 1;
    const line = Math.abs(x) <= 1 && Math.abs(y) <= 12;
    return ring || line;
  };
  return png(size, (px, py) => {
    let r = 0;
    let g = 0;
    let b = 0;
    let a = 0;
    for (let sy = 0; sy < SS; sy++) {
      for (let sx = 0; sx < SS; sx++) {
        const u = ((px + (sx + 0.5) / SS) / size) * 32;
        const v = ((py + (sy + 0.5) / SS) / size) * 32;
        if (!inBackground(u, v)) continue;
        const c = inLines(u, v) ? WHITE : GREEN;
        r += c[0];
        g += c[1];
        b += c[2];
        a += 1;
      }
    }
    if (a === 0) return [0, 0, 0, 0];
    return [Math.round(r / a), Math.round(g / a), Math.round(b / a), Math.round((a / (SS * SS)) * 255)];
  });
}

const files = {
  'icon-192.png': icon(192, { rounded: true, scale: 1 }),
  'icon-512.png': icon(512, { rounded: true, scale: 1 }),
  'icon-maskable-512.png': icon(512, { rounded: false, scale: 0.8 }),
  'apple-touch-icon.png': icon(180, { rounded: false, scale: 0.9 }),
};
for (const [name, bytes] of Object.entries(files)) {
  writeFileSync(resolve(out, name), bytes);
  console.log(`${name}: ${bytes.length} bytes`);
}
