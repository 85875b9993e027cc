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

/** The 2×2 JPEG with its frame header (SOF0) saying width × height (at most 65535 a side). */
export function jpegOf(width: number, height: number): Uint8Array {
  const out = JPEG_2x2.slice();
  const sof = out.findIndex((b, i) => b === 0xff && out[i + 1] === 0xc0);
  new DataView(out.buffer).setUint16(sof + 5, height);
  new DataView(out.buffer).setUint16(sof + 7, width);
  return out;
}

/** An extended WebP (VP8X) whose canvas is width × height, around the 1×1 lossless picture. */
export function webpCanvasOf(width: number, height: number, extra: Uint8Array[] = [], flags = 0): Uint8Array {
  const vp8x = new Uint8Array(18);
  const view = new DataView(vp8x.buffer);
  vp8x.set(utf8('VP8X'));
  view.setUint32(4, 10, true);
  vp8x[8] = flags;
  const w = width - 1;
  const h = height - 1;
  vp8x.set([w & 0xff, (w >> 8) & 0xff, (w >> 16) & 0xff, h & 0xff, (h >> 8) & 0xff, (h >> 16) & 0xff], 12);
  const body = concat(vp8x, WEBP_1x1.subarray(12), ...extra);
  const head = concat(utf8('RIFF'), new Uint8Array(4), utf8('WEBP'));
  new DataView(head.buffer).setUint32(4, 4 + body.length, true);
  return concat(head, body);
}

/** A WebP chunk, padded to an even size. */
export function webpChunk(type: string, data: Uint8Array): Uint8Array {
  const head = concat(utf8(type), new Uint8Array(4));
  new DataView(head.buffer).setUint32(4, data.length, true);
  return concat(head, data, data.length % 2 ? new Uint8Array(1) : new Uint8Array(0));
}

/** The minimal AVIF with its ispe saying width × height. */
export function avifOf(width: number, height: number): Uint8Array {
  return concat(
    box('ftyp', utf8('avif'), u32(0), utf8('avifmif1miaf')),
    box('meta', u32(0), box('iprp', box('ipco', box('ispe', u32(0), u32(width, height))))),
    box('mdat'),
  );
}

/** Markup that the marker list never knew: an image with an error handler, a refresh. */
export const SNEAKY_MARKUP =
  '<img src=x onerror=alert(document.cookie)><meta http-equiv="refresh" content="0;url=//x">';

/** A 1×1 PNG carrying every kind of metadata chunk: tEXt, zTXt, iTXt (with markup), eXIf (with a GPS tag), tIME. */
export const PNG_WITH_METADATA = concat(
  PNG_1x1.subarray(0, 33),
  pngChunk('tEXt', concat(utf8('Comment\0'), utf8(SNEAKY_MARKUP))),
  pngChunk('zTXt', concat(utf8('Comment\0\0'), utf8('x-not-really-deflated'))),
  pngChunk('iTXt', concat(utf8('XML:com.adobe.xmp\0\0\0\0\0'), utf8(SNEAKY_MARKUP))),
  pngChunk('eXIf', concat(utf8('MM\0*'), u32(8), utf8('GPSLatitude 40.1885'))),
  pngChunk('tIME', new Uint8Array([0x07, 0xea, 11, 26, 12, 0, 0])),
  pngChunk('gAMA', u32(45455)),
  PNG_1x1.subarray(33),
);

/** An APP1 EXIF segment (big-endian) with Orientation = `orientation` and a GPS-looking string after the IFD. */
export function exifSegment(orientation: number): Uint8Array {
  const ifd = concat(
    new Uint8Array([0, 1]), // one entry
    new Uint8Array([0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0]),
    u32(0),
  );
  const payload = concat(
    utf8('Exif\0\0'),
    utf8('MM\0*'),
    u32(8),
    ifd,
    utf8('GPSLatitude 40.1885 GPSLongitude 29.0610'),
  );
  const head = new Uint8Array([0xff, 0xe1, 0, 0]);
  new DataView(head.buffer).setUint16(2, payload.length + 2);
  return concat(head, payload);
}

const jpegSegment = (marker: number, payload: Uint8Array) => {
  const head = new Uint8Array([0xff, marker, 0, 0]);
  new DataView(head.buffer).setUint16(2, payload.length + 2);
  return concat(head, payload);
};

/** The 2×2 JPEG with EXIF (turned: orientation 6, and a GPS position), XMP holding markup, a comment and APP13. */
export const JPEG_WITH_METADATA = (() => {
  const afterApp0 = 2 + 2 + ((JPEG_2x2[4] << 8) | JPEG_2x2[5]);
  return concat(
    JPEG_2x2.subarray(0, afterApp0),
    exifSegment(6),
    jpegSegment(0xe1, concat(utf8('http://ns.adobe.com/xap/1.0/\0'), utf8(SNEAKY_MARKUP))),
    jpegSegment(0xe2, concat(utf8('ICC_PROFILE\0'), new Uint8Array([1, 1]), utf8('profile'))),
    jpegSegment(0xed, utf8('Photoshop 3.0\0 8BIM caption')),
    jpegSegment(0xfe, utf8(SNEAKY_MARKUP)),
    JPEG_2x2.subarray(afterApp0),
  );
})();

/** An extended WebP with EXIF and XMP chunks (and their VP8X flags) around the 1×1 picture. */
export const WEBP_WITH_METADATA = webpCanvasOf(
  1,
  1,
  [
    webpChunk('EXIF', concat(utf8('MM\0*'), u32(8), utf8('GPSLatitude 40.1885'))),
    webpChunk('XMP ', utf8(SNEAKY_MARKUP)),
  ],
  0x08 | 0x04,
);

/** Whether `text` occurs anywhere in the bytes. */
export const holds = (bytes: Uint8Array, text: string) => {
  const needle = new TextEncoder().encode(text);
  outer: for (let i = 0; i + needle.length <= bytes.length; i++) {
    for (let k = 0; k < needle.length; k++) if (bytes[i + k] !== needle[k]) continue outer;
    return true;
  }
  return false;
};

const u16 = (...values: number[]) => {
  const out = new Uint8Array(values.length * 2);
  values.forEach((v, i) => {
    new DataView(out.buffer).setUint16(i * 2, v);
  });
  return out;
};
/** An item info entry, version 2: id, protection 0, type, empty name (and a content type for 'mime'). */
const infe = (id: number, type: string, contentType?: string) =>
  box(
    'infe',
    u32(0x02000000),
    u16(id, 0),
    utf8(type),
    new Uint8Array([0]),
    contentType ? concat(utf8(contentType), new Uint8Array([0])) : new Uint8Array(0),
  );

/** What an AVIF from a phone carries besides its picture: an Exif item (GPS) and an XMP item with markup. */
export const AVIF_PICTURE_BYTES = utf8('AV1-PICTURE-DATA');
export const AVIF_EXIF_BYTES = concat(u32(0), utf8('MM\0*GPSLatitude 40.1885 GPSLongitude 29.0610'));
export const AVIF_XMP_BYTES = utf8(`<x:xmpmeta>${SNEAKY_MARKUP}</x:xmpmeta>`);

/**
 * A 4×3 AVIF whose picture, Exif and XMP items lie in mdat at the offsets iloc (version 0, 4-byte offsets and
 * lengths) gives; the XMP item in meta's idat instead when `xmpInIdat` (iloc version 1, construction method 1).
 */
export function avifWithMetadata({ xmpInIdat = false } = {}): Uint8Array {
  const payloads = [AVIF_PICTURE_BYTES, AVIF_EXIF_BYTES, ...(xmpInIdat ? [] : [AVIF_XMP_BYTES])];
  const iinf = box('iinf', u32(0), u16(3), infe(1, 'av01'), infe(2, 'Exif'), infe(3, 'mime', 'application/rdf+xml'));
  const build = (mdatStart: number) => {
    let at = mdatStart;
    const entries = payloads.map((data, i) => {
      const e = xmpInIdat
        ? concat(u16(i + 1), u16(0), u16(0), u16(1), u32(at, data.length))
        : concat(u16(i + 1), u16(0), u16(1), u32(at, data.length));
      at += data.length;
      return e;
    });
    if (xmpInIdat) entries.push(concat(u16(3), u16(1), u16(0), u16(1), u32(0, AVIF_XMP_BYTES.length)));
    const iloc = box('iloc', u32(xmpInIdat ? 0x01000000 : 0), new Uint8Array([0x44, 0x00]), u16(3), ...entries);
    const ipco = box('iprp', box('ipco', box('ispe', u32(0), u32(4, 3))));
    const meta = box('meta', u32(0), iinf, iloc, ipco, ...(xmpInIdat ? [box('idat', AVIF_XMP_BYTES)] : []));
    return concat(box('ftyp', utf8('avif'), u32(0), utf8('avifmif1miaf')), meta, box('mdat', ...payloads));
  };
  const draft = build(0);
  const mdatStart = draft.length - payloads.reduce((n, p) => n + p.length, 0);
  return build(mdatStart);
}
