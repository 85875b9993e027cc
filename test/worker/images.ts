// Tiny real image files for the upload tests (issue 9), and the attacks the upload must refuse.
import { WEEK_DAYS } from '../../contracts/facility-form';

const b64 = (s: string) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));
const utf8 = (s: string) => new TextEncoder().encode(s);
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

/** 1×1 PNG. */
export const PNG_1x1 = b64(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
);
/** 2×2 baseline JPEG (JFIF). */
export const JPEG_2x2 = b64(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAACAAIBAREA/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/9oACAEBAAA/ACv/2Q==',
);
/** 1×1 lossless WebP (VP8L). */
export const WEBP_1x1 = b64('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==');

function box(type: string, ...payload: Uint8Array[]) {
  const body = concat(...payload);
  const head = new Uint8Array(8);
  new DataView(head.buffer).setUint32(0, body.length + 8);
  head.set(utf8(type), 4);
  return concat(head, body);
}
const u32 = (...values: number[]) => {
  const out = new Uint8Array(values.length * 4);
  values.forEach((v, i) => {
    new DataView(out.buffer).setUint32(i * 4, v);
  });
  return out;
};

/** A minimal AVIF container: ftyp (avif, mif1, miaf) and meta/iprp/ipco/ispe giving 4×3, then an empty mdat. */
export const AVIF_4x3 = concat(
  box('ftyp', utf8('avif'), u32(0), utf8('avifmif1miaf')),
  box('meta', u32(0), box('iprp', box('ipco', box('ispe', u32(0), u32(4, 3))))),
  box('mdat'),
);

export const SVG_WITH_SCRIPT = utf8(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script></svg>',
);
export const HTML_PAGE = utf8('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>');
/** A real JPEG with a page after its end (a polyglot). */
export const JPEG_WITH_HTML = concat(JPEG_2x2, utf8('<html><script>alert(1)</script></html>'));
/** A real PNG with markup hidden in a text chunk (no bytes after IEND). */
export const PNG_WITH_SCRIPT_CHUNK = (() => {
  const text = concat(utf8('Comment\0'), utf8('<script>alert(1)</script>'));
  const chunk = concat(u32(text.length), utf8('tEXt'), text, u32(0));
  return concat(PNG_1x1.subarray(0, 33), chunk, PNG_1x1.subarray(33));
})();
const pngChunk = (type: string, data: Uint8Array) => concat(u32(data.length), utf8(type), data, u32(0));
const PADDING = pngChunk('tEXt', concat(utf8('Comment\0'), utf8('a'.repeat(600))));
/** A real PNG whose compressed pixel data, past the first 512 bytes, happens to hold '<svg' (as photos do by chance). */
export const PNG_MARKER_IN_PIXELS = concat(
  PNG_1x1.subarray(0, 33),
  PADDING,
  pngChunk('IDAT', utf8('\x01<svg\x02')),
  PNG_1x1.subarray(33),
);
/** The same marker in a metadata chunk past the first 512 bytes: read, and refused. */
export const PNG_MARKER_IN_METADATA = concat(
  PNG_1x1.subarray(0, 33),
  PADDING,
  pngChunk('tEXt', concat(utf8('Comment\0'), utf8('<svg onload=alert(1)>'))),
  PNG_1x1.subarray(33),
);
/** JPEG magic followed by 6 MB: over the size limit before anything else is read. */
export const SIX_MB = (() => {
  const out = new Uint8Array(6 * 1024 * 1024);
  out.set(JPEG_2x2.subarray(0, 20));
  return out;
})();

/** A real 1×1 PNG of exactly `size` bytes: its picture data padded with zeros (the 5 MB boundary of 02 §5/§9). */
export function pngOfSize(size: number): Uint8Array {
  const head = PNG_1x1.subarray(0, 33);
  const tail = PNG_1x1.subarray(33);
  const pad = size - head.length - tail.length - 12;
  if (pad < 0) throw new Error(`a PNG cannot be ${size} bytes`);
  const out = concat(head, pngChunk('IDAT', new Uint8Array(pad)), tail);
  if (out.length !== size) throw new Error(`PNG of ${out.length} bytes, not ${size}`);
  return out;
}

export const file = (bytes: Uint8Array, name: string, type = 'application/octet-stream') =>
  new File([bytes], name, { type });

/** A valid pitch as the panel's form sends it. */
export function pitchInput(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Yıldız Halı Saha',
    hourlyPrice: 200,
    workingHours: Object.fromEntries(WEEK_DAYS.map((d) => [d, { isOpen: true, start: '09:00', end: '23:00' }])),
    ...overrides,
  };
}

/** The multipart body of 02 §7: `data` as a JSON string, images under `files.images`, copies under `files.variants`. */
export function pitchForm(data: unknown, files: File[] = [], variants: File[] = []) {
  const form = new FormData();
  form.set('data', JSON.stringify(data));
  for (const f of files) form.append('files.images', f);
  for (const f of variants) form.append('files.variants', f);
  return form;
}

/** A PNG of any size: the 1×1 file with its IHDR saying width × height (the sniffer reads structure, not pixels). */
export function pngOf(width: number, height: number): Uint8Array {
  const out = PNG_1x1.slice();
  new DataView(out.buffer).setUint32(16, width);
  new DataView(out.buffer).setUint32(20, height);
  return out;
}

/** A lossless WebP (VP8L) header of width × height, as the panel's copies are WebP. */
export function webpOf(width: number, height: number): Uint8Array {
  const data = new Uint8Array(6);
  data[0] = 0x2f;
  new DataView(data.buffer).setUint32(1, (width - 1) | ((height - 1) << 14), true);
  const out = new Uint8Array(12 + 8 + data.length);
  const view = new DataView(out.buffer);
  out.set(utf8('RIFF'), 0);
  view.setUint32(4, out.length - 8, true);
  out.set(utf8('WEBPVP8L'), 8);
  view.setUint32(16, data.length, true);
  out.set(data, 20);
  return out;
}
