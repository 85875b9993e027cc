// What a pitch image really is, from its bytes (00 §7): JPEG, PNG, WebP or AVIF, parsed far enough to know its
// dimensions and where it ends. A file is refused when its bytes are none of these, when its name claims another type,
// when bytes follow the image's end (a polyglot carrying a page after the picture), or when it contains markup or
// script markers anywhere.
import type { ImageType } from '../../../contracts/facility-form';

export interface SniffedImage {
  type: ImageType;
  ext: 'jpg' | 'png' | 'webp' | 'avif';
  width: number;
  height: number;
}

/** Markers of a page or a script hidden in an image (compared case-insensitively). */
const MARKERS = [
  '<script',
  '<svg',
  '<html',
  '<!doctype',
  '<?php',
  '<iframe',
  'javascript:',
  '<body',
  '<object',
  '<embed',
];

const EXTENSIONS: Record<ImageType, readonly string[]> = {
  'image/jpeg': ['jpg', 'jpeg', 'jfif'],
  'image/png': ['png'],
  'image/webp': ['webp'],
  'image/avif': ['avif'],
};

/** The image the bytes hold, or null when they are not one clean JPEG, PNG, WebP or AVIF named as such. */
export function sniffImage(bytes: Uint8Array, fileName: string): SniffedImage | null {
  const found = parse(bytes);
  if (!found) return null;
  const ext = /\.([a-z0-9]+)$/i.exec(fileName.trim())?.[1]?.toLowerCase();
  if (!ext || !EXTENSIONS[found.type].includes(ext)) return null;
  if (containsMarkup(bytes)) return null;
  return found;
}

function parse(b: Uint8Array): SniffedImage | null {
  try {
    if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return jpeg(b);
    if (b.length >= 8 && ascii(b, 0, 8) === '\x89PNG\r\n\x1a\n') return png(b);
    if (b.length >= 12 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'WEBP') return webp(b);
    if (b.length >= 12 && ascii(b, 4, 4) === 'ftyp') return avif(b);
  } catch {
    // a truncated or malformed structure read past its end
  }
  return null;
}

/** Any of MARKERS, case-insensitively, anywhere in the bytes. */
export function containsMarkup(b: Uint8Array): boolean {
  const patterns = MARKERS.map((m) => [...m].map((ch) => ch.charCodeAt(0)));
  for (let i = 0; i < b.length; i++) {
    const c = b[i];
    if (c !== 0x3c && c !== 0x6a && c !== 0x4a) continue; // '<', 'j', 'J'
    for (const p of patterns) {
      if (i + p.length > b.length) continue;
      let k = 0;
      while (k < p.length && lower(b[i + k]) === p[k]) k++;
      if (k === p.length) return true;
    }
  }
  return false;
}

const lower = (c: number) => (c >= 0x41 && c <= 0x5a ? c + 32 : c);

function ascii(b: Uint8Array, at: number, n: number): string {
  if (at + n > b.length) throw new RangeError('short');
  let s = '';
  for (let i = at; i < at + n; i++) s += String.fromCharCode(b[i]);
  return s;
}
function u16be(b: Uint8Array, at: number): number {
  if (at + 2 > b.length) throw new RangeError('short');
  return (b[at] << 8) | b[at + 1];
}
function u16le(b: Uint8Array, at: number): number {
  if (at + 2 > b.length) throw new RangeError('short');
  return b[at] | (b[at + 1] << 8);
}
function u24le(b: Uint8Array, at: number): number {
  if (at + 3 > b.length) throw new RangeError('short');
  return b[at] | (b[at + 1] << 8) | (b[at + 2] << 16);
}
function u32be(b: Uint8Array, at: number): number {
  if (at + 4 > b.length) throw new RangeError('short');
  return ((b[at] << 24) >>> 0) + ((b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]);
}
function u32le(b: Uint8Array, at: number): number {
  if (at + 4 > b.length) throw new RangeError('short');
  return (b[at] | (b[at + 1] << 8) | (b[at + 2] << 16)) + ((b[at + 3] << 24) >>> 0);
}

const sized = (type: ImageType, ext: SniffedImage['ext'], width: number, height: number): SniffedImage | null =>
  width > 0 && height > 0 ? { type, ext, width, height } : null;

/**
 * JPEG: marker segments from SOI; the dimensions from the first SOFn; entropy-coded data after each SOS up to the next
 * marker; the file must end exactly with EOI.
 */
function jpeg(b: Uint8Array): SniffedImage | null {
  let i = 2;
  let width = 0;
  let height = 0;
  while (i < b.length) {
    if (b[i] !== 0xff) return null;
    while (b[i] === 0xff) i++; // fill bytes
    const marker = b[i++];
    if (marker === undefined) return null;
    if (marker === 0xd9) return i === b.length ? sized('image/jpeg', 'jpg', width, height) : null; // EOI, nothing after
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) continue; // standalone markers
    const length = u16be(b, i);
    if (length < 2 || i + length > b.length) return null;
    const isSof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isSof && width === 0) {
      height = u16be(b, i + 3);
      width = u16be(b, i + 5);
    }
    i += length;
    if (marker === 0xda) {
      // Entropy-coded data: ends at a marker that is neither a stuffed 0xFF00 nor a restart marker.
      while (i < b.length) {
        if (b[i] === 0xff && i + 1 < b.length && b[i + 1] !== 0x00 && !(b[i + 1] >= 0xd0 && b[i + 1] <= 0xd7)) {
          if (b[i + 1] === 0xff) {
            i++;
            continue;
          }
          break;
        }
        i++;
      }
    }
  }
  return null;
}

/** PNG: IHDR first, chunks up to IEND, and IEND's CRC is the file's last byte. */
function png(b: Uint8Array): SniffedImage | null {
  let i = 8;
  if (ascii(b, 12, 4) !== 'IHDR') return null;
  const width = u32be(b, 16);
  const height = u32be(b, 20);
  while (i < b.length) {
    const length = u32be(b, i);
    const type = ascii(b, i + 4, 4);
    const end = i + 12 + length;
    if (end > b.length) return null;
    if (type === 'IEND') return end === b.length ? sized('image/png', 'png', width, height) : null;
    i = end;
  }
  return null;
}

/** WebP: the RIFF size covers the file exactly; the dimensions from VP8X, VP8 or VP8L, whichever comes first. */
function webp(b: Uint8Array): SniffedImage | null {
  if (u32le(b, 4) + 8 !== b.length) return null;
  const chunk = ascii(b, 12, 4);
  const at = 20;
  if (chunk === 'VP8X') return sized('image/webp', 'webp', u24le(b, at + 4) + 1, u24le(b, at + 7) + 1);
  if (chunk === 'VP8 ') {
    if (b[at + 3] !== 0x9d || b[at + 4] !== 0x01 || b[at + 5] !== 0x2a) return null;
    return sized('image/webp', 'webp', u16le(b, at + 6) & 0x3fff, u16le(b, at + 8) & 0x3fff);
  }
  if (chunk === 'VP8L') {
    if (b[at] !== 0x2f) return null;
    const bits = u32le(b, at + 1);
    return sized('image/webp', 'webp', (bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  return null;
}

interface Box {
  type: string;
  start: number; // the box's payload
  end: number;
}

/** The boxes in [from, to), which must tile the range exactly. */
function boxes(b: Uint8Array, from: number, to: number): Box[] | null {
  const out: Box[] = [];
  let i = from;
  while (i < to) {
    let size = u32be(b, i);
    const type = ascii(b, i + 4, 4);
    let header = 8;
    if (size === 1) {
      const high = u32be(b, i + 8);
      if (high !== 0) return null; // beyond any image we accept
      size = u32be(b, i + 12);
      header = 16;
    } else if (size === 0) {
      size = to - i;
    }
    if (size < header || i + size > to) return null;
    out.push({ type, start: i + header, end: i + size });
    i += size;
  }
  return i === to ? out : null;
}

const AVIF_BRANDS = new Set(['avif', 'avis']);

/** AVIF: an ftyp naming an AVIF brand, top-level boxes covering the file exactly, and the size from meta/iprp/ipco/ispe. */
function avif(b: Uint8Array): SniffedImage | null {
  const top = boxes(b, 0, b.length);
  if (top?.[0]?.type !== 'ftyp') return null;
  const ftyp = top[0];
  const brands = [ascii(b, ftyp.start, 4)];
  for (let i = ftyp.start + 8; i + 4 <= ftyp.end; i += 4) brands.push(ascii(b, i, 4));
  if (!brands.some((x) => AVIF_BRANDS.has(x))) return null;
  const meta = top.find((x) => x.type === 'meta');
  if (!meta) return null;
  const inMeta = boxes(b, meta.start + 4, meta.end); // meta is a full box: version and flags first
  const iprp = inMeta?.find((x) => x.type === 'iprp');
  const ipco = iprp && boxes(b, iprp.start, iprp.end)?.find((x) => x.type === 'ipco');
  const ispe = ipco && boxes(b, ipco.start, ipco.end)?.find((x) => x.type === 'ispe');
  if (!ispe) return null;
  return sized('image/avif', 'avif', u32be(b, ispe.start + 4), u32be(b, ispe.start + 8));
}
