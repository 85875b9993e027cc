// What a pitch image really is, from its bytes (behaviour.md#content-staff-enter): JPEG, PNG, WebP or AVIF, parsed far enough to know its
// dimensions and where it ends. A file is refused when its bytes are none of these, when its name claims another type,
// when bytes follow the image's end (a polyglot carrying a page after the picture), or when markup or script markers sit
// where a reader could find them: the first 512 bytes (what MIME sniffers read) and every byte that is not compressed
// picture data (headers, metadata, comments). Compressed data is skipped: it is noise, and a 5 MB photo would hold some
// '<svg' by chance about once in a hundred uploads. An upload is stored only through cleanImage: its metadata removed
// first (stripMetadata, below), then the rest sniffed, and its size checked (decodable).
import { type ImageType, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE } from '../../../contracts/facility-form';

export interface SniffedImage {
  type: ImageType;
  ext: 'jpg' | 'png' | 'webp' | 'avif';
  width: number;
  height: number;
}

/** Byte ranges [start, end) of compressed picture data, which the markup scan skips past the first 512 bytes. */
type Ranges = Array<[number, number]>;
const SNIFFED_PREFIX = 512;

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
  const skip: Ranges = [];
  const found = parse(bytes, skip);
  if (!found) return null;
  const ext = /\.([a-z0-9]+)$/i.exec(fileName.trim())?.[1]?.toLowerCase();
  if (!ext || !EXTENSIONS[found.type].includes(ext)) return null;
  if (containsMarkup(bytes, skip)) return null;
  return found;
}

/**
 * Whether every visitor's browser can afford to decode the picture: at most MAX_IMAGE_SIDE pixels a side and
 * MAX_IMAGE_PIXELS in all, read from the header. A 30000×30000 PNG of a single colour compresses to about 100 KB and
 * would take 3.6 GB to show.
 */
export const decodable = (img: Pick<SniffedImage, 'width' | 'height'>) =>
  img.width <= MAX_IMAGE_SIDE && img.height <= MAX_IMAGE_SIDE && img.width * img.height <= MAX_IMAGE_PIXELS;

/**
 * The photo as it is stored: its metadata removed (see stripMetadata), then sniffed like any upload, so what is left is
 * still checked for markup. Null when the bytes are not one clean image named as what it is.
 */
export function cleanImage(bytes: Uint8Array, fileName: string): { image: SniffedImage; bytes: Uint8Array } | null {
  const found = parse(bytes, []);
  if (!found) return null;
  let stripped: Uint8Array;
  try {
    stripped = stripMetadata(bytes, found.type);
  } catch {
    return null;
  }
  const image = sniffImage(stripped, fileName);
  return image && { image, bytes: stripped };
}

function parse(b: Uint8Array, skip: Ranges): SniffedImage | null {
  try {
    if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return jpeg(b, skip);
    if (b.length >= 8 && ascii(b, 0, 8) === '\x89PNG\r\n\x1a\n') return png(b, skip);
    if (b.length >= 12 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'WEBP') return webp(b, skip);
    if (b.length >= 12 && ascii(b, 4, 4) === 'ftyp') return avif(b, skip);
  } catch {
    // a truncated or malformed structure read past its end
  }
  return null;
}

/** Any of MARKERS, case-insensitively, in the bytes outside `skip` (the first 512 bytes are always read). */
export function containsMarkup(b: Uint8Array, skip: Ranges = []): boolean {
  const patterns = MARKERS.map((m) => [...m].map((ch) => ch.charCodeAt(0)));
  const ranges = [...skip].sort((x, y) => x[0] - y[0]);
  let r = 0;
  for (let i = 0; i < b.length; i++) {
    if (i >= SNIFFED_PREFIX) {
      while (r < ranges.length && ranges[r][1] <= i) r++;
      if (r < ranges.length && ranges[r][0] <= i) {
        i = ranges[r][1] - 1;
        continue;
      }
    }
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
function jpeg(b: Uint8Array, skip: Ranges): SniffedImage | null {
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
      const start = i;
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
      skip.push([start, i]);
    }
  }
  return null;
}

/** PNG: IHDR first, chunks up to IEND, and IEND's CRC is the file's last byte. */
function png(b: Uint8Array, skip: Ranges): SniffedImage | null {
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
    if (type === 'IDAT') skip.push([i + 8, i + 8 + length]);
    i = end;
  }
  return null;
}

/** WebP: the RIFF size covers the file exactly; the dimensions from VP8X, VP8 or VP8L, whichever comes first. */
function webp(b: Uint8Array, skip: Ranges): SniffedImage | null {
  if (u32le(b, 4) + 8 !== b.length) return null;
  // Chunks tile the file (each padded to an even size); bitstreams and alpha are skipped, metadata (EXIF, XMP) is read.
  for (let i = 12; i < b.length; ) {
    const size = u32le(b, i + 4);
    const end = i + 8 + size + (size % 2);
    if (end > b.length) return null;
    if (['VP8 ', 'VP8L', 'ALPH', 'ANMF'].includes(ascii(b, i, 4))) skip.push([i + 8, i + 8 + size]);
    i = end;
  }
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
function avif(b: Uint8Array, skip: Ranges): SniffedImage | null {
  const top = boxes(b, 0, b.length);
  if (top?.[0]?.type !== 'ftyp') return null;
  for (const box of top) if (box.type === 'mdat') skip.push([box.start, box.end]);
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

// ---------- metadata removal ----------
//
// Every stored photo loses what is not picture: text and comments (where markup such as `<img onerror>` or
// `<meta http-equiv>` can hide), EXIF (a phone's GPS position, its serial number, the time) and XMP. Kept: what changes
// how the picture looks — colour profile, gamma, transparency, palette, animation, JFIF/Adobe colour markers, and a
// JPEG's EXIF orientation, rewritten on its own so a phone photo still stands upright.

/** Concatenates parts into one array. */
function joined(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** The bytes without metadata; the input itself when there was none. Throws on a structure it cannot walk. */
export function stripMetadata(b: Uint8Array, type: ImageType): Uint8Array {
  if (type === 'image/png') return stripPng(b);
  if (type === 'image/jpeg') return stripJpeg(b);
  if (type === 'image/webp') return stripWebp(b);
  return stripAvif(b);
}

/** An n-byte big-endian unsigned integer (n = 0, 4 or 8; an 8-byte one must fit 32 bits). */
function uintBe(b: Uint8Array, at: number, n: number): number {
  if (n === 0) return 0;
  if (n === 4) return u32be(b, at);
  if (n === 8 && u32be(b, at) === 0) return u32be(b, at + 4);
  throw new Error(`unsupported field size ${n}`);
}

/** A null-terminated string's text and the index after its terminator. */
function cString(b: Uint8Array, at: number, end: number): [string, number] {
  let i = at;
  while (i < end && b[i] !== 0) i++;
  return [ascii(b, at, i - at), i + 1];
}

/**
 * AVIF: the Exif and XMP items keep their place in the item tables (removing one would move every offset after it),
 * but their bytes are overwritten with zeros, wherever iloc says they lie (in the file or in meta's idat). The picture
 * items, and every offset, stay exactly as they were. The input itself when there is no such item.
 */
function stripAvif(b: Uint8Array): Uint8Array {
  const top = boxes(b, 0, b.length);
  const meta = top?.find((x) => x.type === 'meta');
  if (!meta) return b;
  const inMeta = boxes(b, meta.start + 4, meta.end);
  if (!inMeta) throw new Error('meta');
  const iinf = inMeta.find((x) => x.type === 'iinf');
  const iloc = inMeta.find((x) => x.type === 'iloc');
  const idat = inMeta.find((x) => x.type === 'idat');
  if (!iinf || !iloc) return b;

  // The metadata items: 'Exif', and 'mime' items holding XMP.
  const drop = new Set<number>();
  const entriesAt = iinf.start + 4 + (b[iinf.start] === 0 ? 2 : 4);
  for (const infe of boxes(b, entriesAt, iinf.end) ?? []) {
    if (infe.type !== 'infe') continue;
    const version = b[infe.start];
    if (version < 2) continue; // versions 0 and 1 carry no item type
    let p = infe.start + 4;
    const id = version === 2 ? u16be(b, p) : u32be(b, p);
    p += (version === 2 ? 2 : 4) + 2; // item_ID, item_protection_index
    const itemType = ascii(b, p, 4);
    p += 4;
    const [, afterName] = cString(b, p, infe.end);
    const contentType = itemType === 'mime' ? cString(b, afterName, infe.end)[0].toLowerCase() : '';
    if (itemType === 'Exif' || (itemType === 'mime' && /xmp|rdf\+xml/.test(contentType))) drop.add(id);
  }
  if (drop.size === 0) return b;

  const out = b.slice();
  const version = b[iloc.start];
  let p = iloc.start + 4;
  const offsetSize = b[p] >> 4;
  const lengthSize = b[p] & 15;
  const baseSize = b[p + 1] >> 4;
  const indexSize = version === 1 || version === 2 ? b[p + 1] & 15 : 0;
  p += 2;
  const count = version < 2 ? u16be(b, p) : u32be(b, p);
  p += version < 2 ? 2 : 4;
  for (let item = 0; item < count; item++) {
    const id = version < 2 ? u16be(b, p) : u32be(b, p);
    p += version < 2 ? 2 : 4;
    let method = 0;
    if (version === 1 || version === 2) {
      method = u16be(b, p) & 15;
      p += 2;
    }
    p += 2; // data_reference_index
    const base = uintBe(b, p, baseSize);
    p += baseSize;
    const extents = u16be(b, p);
    p += 2;
    for (let e = 0; e < extents; e++) {
      p += indexSize;
      const offset = uintBe(b, p, offsetSize);
      p += offsetSize;
      const length = uintBe(b, p, lengthSize);
      p += lengthSize;
      if (!drop.has(id)) continue;
      // construction 0: offsets in the file; 1: in meta's idat; anything else is refused rather than left unread.
      const origin = method === 0 ? 0 : method === 1 && idat ? idat.start : -1;
      const limit = method === 0 ? b.length : idat ? idat.end : 0;
      const from = origin + base + offset;
      const to = length === 0 ? limit : from + length;
      if (origin < 0 || from < origin || to > limit) throw new Error('metadata item outside its box');
      out.fill(0, from, to);
    }
    if (p > iloc.end) throw new Error('iloc');
  }
  return out;
}

/** PNG chunks that shape the picture (critical, colour, transparency, animation); every other chunk is dropped. */
const PNG_KEEP = new Set([
  'IHDR',
  'PLTE',
  'IDAT',
  'IEND',
  'tRNS',
  'cHRM',
  'gAMA',
  'iCCP',
  'sBIT',
  'sRGB',
  'cICP',
  'mDCV',
  'cLLI',
  'bKGD',
  'pHYs',
  'acTL',
  'fcTL',
  'fdAT',
]);

function stripPng(b: Uint8Array): Uint8Array {
  const parts = [b.subarray(0, 8)];
  let dropped = false;
  for (let i = 8; i < b.length; ) {
    const end = i + 12 + u32be(b, i);
    if (end > b.length) throw new RangeError('short');
    if (PNG_KEEP.has(ascii(b, i + 4, 4))) parts.push(b.subarray(i, end));
    else dropped = true;
    i = end;
  }
  return dropped ? joined(parts) : b;
}

/**
 * JPEG segments kept: APP0 (JFIF), APP2 holding an ICC profile, APP14 (Adobe: how the colours are coded) and every
 * non-APP segment; dropped: COM and the other APPn (EXIF, XMP, maker notes, MPF, Photoshop IRB…). The EXIF orientation,
 * if not upright, comes back as a minimal EXIF segment holding that tag alone.
 */
function stripJpeg(b: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = [b.subarray(0, 2)];
  let dropped = false;
  let orientation = 1;
  let i = 2;
  while (i < b.length) {
    if (b[i] !== 0xff) throw new RangeError('not a marker');
    const from = i;
    while (b[i] === 0xff) i++;
    const marker = b[i++];
    if (marker === 0xd9 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      parts.push(b.subarray(from, i));
      if (marker === 0xd9) break;
      continue;
    }
    const end = i + u16be(b, i);
    if (end > b.length) throw new RangeError('short');
    const isApp = marker >= 0xe0 && marker <= 0xef;
    const keep =
      marker !== 0xfe &&
      (!isApp ||
        marker === 0xe0 ||
        marker === 0xee ||
        (marker === 0xe2 && end - i >= 14 && ascii(b, i + 2, 12) === 'ICC_PROFILE\0'));
    if (keep) parts.push(b.subarray(from, end));
    else {
      dropped = true;
      if (marker === 0xe1 && orientation === 1) orientation = exifOrientation(b, i + 2, end);
    }
    i = end;
    if (marker === 0xda) {
      // Entropy-coded data up to the next marker that is neither stuffed (FF00) nor a restart marker: copied as is.
      const start = i;
      while (i < b.length && !(b[i] === 0xff && b[i + 1] !== 0x00 && !(b[i + 1] >= 0xd0 && b[i + 1] <= 0xd7))) i++;
      parts.push(b.subarray(start, i));
    }
  }
  if (!dropped) return b;
  if (orientation !== 1) parts.splice(firstAfterApp0(parts), 0, orientationSegment(orientation));
  return joined(parts);
}

/** Where the orientation segment goes: right after SOI and a leading APP0 (JFIF wants to be first). */
const firstAfterApp0 = (parts: Uint8Array[]) => (parts[1]?.[0] === 0xff && parts[1]?.[1] === 0xe0 ? 2 : 1);

/** The EXIF Orientation tag (1–8) of an APP1 payload [at, end), or 1 when there is none or it cannot be read. */
function exifOrientation(b: Uint8Array, at: number, end: number): number {
  try {
    if (ascii(b, at, 6) !== 'Exif\0\0') return 1;
    const tiff = at + 6;
    const order = ascii(b, tiff, 2);
    if (order !== 'II' && order !== 'MM') return 1;
    const le = order === 'II';
    const u16 = (p: number) => (p + 2 > end ? Number.NaN : le ? u16le(b, p) : u16be(b, p));
    const u32 = (p: number) => (p + 4 > end ? Number.NaN : le ? u32le(b, p) : u32be(b, p));
    const ifd = tiff + u32(tiff + 4);
    const count = u16(ifd);
    for (let k = 0; k < count && k < 1000; k++) {
      const entry = ifd + 2 + k * 12;
      if (u16(entry) === 0x0112 && u16(entry + 2) === 3) {
        const value = u16(entry + 8);
        return value >= 1 && value <= 8 ? value : 1;
      }
    }
  } catch {
    // a malformed EXIF block: no orientation
  }
  return 1;
}

/** APP1 'Exif' with one IFD holding one entry: Orientation (big-endian TIFF). */
function orientationSegment(orientation: number): Uint8Array {
  const out = new Uint8Array(2 + 2 + 6 + 8 + 2 + 12 + 4);
  const v = new DataView(out.buffer);
  v.setUint16(0, 0xffe1);
  v.setUint16(2, out.length - 2);
  out.set([0x45, 0x78, 0x69, 0x66, 0, 0], 4); // 'Exif\0\0'
  out.set([0x4d, 0x4d, 0x00, 0x2a], 10); // 'MM', 42
  v.setUint32(14, 8); // IFD0 right after the header
  v.setUint16(18, 1); // one entry
  v.setUint16(20, 0x0112); // Orientation
  v.setUint16(22, 3); // SHORT
  v.setUint32(24, 1); // one value
  v.setUint16(28, orientation);
  v.setUint32(32, 0); // no next IFD
  return out;
}

/** WebP chunks that are picture: everything but EXIF, XMP and unknown chunks. */
const WEBP_KEEP = new Set(['VP8X', 'ICCP', 'ANIM', 'ANMF', 'ALPH', 'VP8 ', 'VP8L']);
/** VP8X flags of the chunks dropped: EXIF and XMP present. */
const VP8X_METADATA_FLAGS = 0x08 | 0x04;

function stripWebp(b: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = [];
  let dropped = false;
  for (let i = 12; i < b.length; ) {
    const size = u32le(b, i + 4);
    const end = i + 8 + size + (size % 2);
    if (end > b.length) throw new RangeError('short');
    if (WEBP_KEEP.has(ascii(b, i, 4))) parts.push(b.subarray(i, end));
    else dropped = true;
    i = end;
  }
  const vp8x = parts[0] && ascii(parts[0], 0, 4) === 'VP8X' ? parts[0] : null;
  if (!dropped && !(vp8x && vp8x[8] & VP8X_METADATA_FLAGS)) return b;
  if (vp8x) {
    const flags = vp8x.slice();
    flags[8] &= ~VP8X_METADATA_FLAGS;
    parts[0] = flags;
  }
  const header = b.slice(0, 12);
  const body = joined(parts);
  new DataView(header.buffer).setUint32(4, 4 + body.length, true);
  return joined([header, body]);
}
