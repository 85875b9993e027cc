// The image sniffer on its own: where it looks for hidden markup and where it must not.
import { describe, expect, it } from 'vitest';
import { cleanImage, decodable, sniffImage, stripMetadata } from '../../worker/src/lib/images';
import {
  AVIF_4x3,
  AVIF_EXIF_BYTES,
  AVIF_XMP_BYTES,
  avifWithMetadata,
  exifSegment,
  holds,
  JPEG_2x2,
  JPEG_WITH_METADATA,
  PNG_1x1,
  PNG_MARKER_IN_METADATA,
  PNG_MARKER_IN_PIXELS,
  PNG_WITH_METADATA,
  PNG_WITH_SCRIPT_CHUNK,
  SNEAKY_MARKUP,
  WEBP_1x1,
  WEBP_WITH_METADATA,
  webpCanvasOf,
} from './fixtures/images';

describe('sniffImage and hidden markup', () => {
  it('accepts a photo whose compressed pixel data holds a marker by chance', () => {
    expect(PNG_MARKER_IN_PIXELS.length).toBeGreaterThan(600);
    expect(sniffImage(PNG_MARKER_IN_PIXELS, 'saha.png')).toEqual({
      type: 'image/png',
      ext: 'png',
      width: 1,
      height: 1,
    });
  });

  it('refuses the same marker in a metadata chunk, however far into the file', () => {
    expect(sniffImage(PNG_MARKER_IN_METADATA, 'saha.png')).toBeNull();
    expect(sniffImage(PNG_WITH_SCRIPT_CHUNK, 'saha.png')).toBeNull();
  });

  it('reads the first 512 bytes whole, compressed data or not', () => {
    const chunk = new Uint8Array([
      0,
      0,
      0,
      6,
      0x49,
      0x44,
      0x41,
      0x54,
      ...new TextEncoder().encode('<html'),
      1,
      0,
      0,
      0,
      0,
    ]);
    const early = new Uint8Array([...PNG_1x1.subarray(0, 33), ...chunk, ...PNG_1x1.subarray(33)]);
    expect(sniffImage(PNG_1x1, 'saha.png')).not.toBeNull();
    expect(sniffImage(early, 'saha.png')).toBeNull();
  });

  it('accepts a JPEG whose entropy-coded data holds a marker past the first 512 bytes, and refuses it in a comment', () => {
    const sos = JPEG_2x2.findLastIndex((b, i) => b === 0xff && JPEG_2x2[i + 1] === 0xda);
    const segmentEnd = sos + 2 + ((JPEG_2x2[sos + 2] << 8) | JPEG_2x2[sos + 3]);
    const comment = (text: string) => {
      const body = new TextEncoder().encode(text);
      return [0xff, 0xfe, (body.length + 2) >> 8, (body.length + 2) & 0xff, ...body];
    };
    const pad = comment('a'.repeat(600));
    const head = [...JPEG_2x2.subarray(0, 2), ...pad];
    const rest = [...JPEG_2x2.subarray(2, segmentEnd)];
    const tail = [...JPEG_2x2.subarray(segmentEnd)];
    const inData = new Uint8Array([...head, ...rest, ...new TextEncoder().encode('<svg'), ...tail]);
    const inComment = new Uint8Array([...head, ...comment('<script>alert(1)</script>'), ...rest, ...tail]);
    expect(sniffImage(new Uint8Array([...head, ...rest, ...tail]), 'saha.jpg')).toMatchObject({ width: 2, height: 2 });
    expect(sniffImage(inData, 'saha.jpg')).toMatchObject({ type: 'image/jpeg', width: 2, height: 2 });
    expect(sniffImage(inComment, 'saha.jpg')).toBeNull();
  });
});

const pngChunks = (b: Uint8Array) => {
  const out: string[] = [];
  for (let i = 8; i < b.length; ) {
    const length = new DataView(b.buffer, b.byteOffset).getUint32(i);
    out.push(String.fromCharCode(...b.subarray(i + 4, i + 8)));
    i += 12 + length;
  }
  return out;
};
/** JPEG markers before the first scan, with the first bytes of each payload. */
const jpegSegments = (b: Uint8Array) => {
  const out: Array<[number, string]> = [];
  for (let i = 2; i < b.length && b[i] === 0xff && b[i + 1] !== 0xda; ) {
    const length = (b[i + 2] << 8) | b[i + 3];
    out.push([b[i + 1], String.fromCharCode(...b.subarray(i + 4, i + 4 + Math.min(12, length - 2)))]);
    i += 2 + length;
  }
  return out;
};
const webpChunks = (b: Uint8Array) => {
  const out: string[] = [];
  for (let i = 12; i < b.length; ) {
    const size = new DataView(b.buffer, b.byteOffset).getUint32(i + 4, true);
    out.push(String.fromCharCode(...b.subarray(i, i + 4)));
    i += 8 + size + (size % 2);
  }
  return out;
};

describe('stripMetadata: every stored photo loses what is not picture', () => {
  it('PNG: text, compressed text, international text, EXIF and time chunks go; the picture and its gamma stay', () => {
    expect(sniffImage(PNG_WITH_METADATA, 'saha.png')).toMatchObject({ width: 1, height: 1 });
    const out = stripMetadata(PNG_WITH_METADATA, 'image/png');
    expect(pngChunks(out)).toEqual(['IHDR', 'gAMA', 'IDAT', 'IEND']);
    for (const text of ['onerror', 'http-equiv', 'GPS', 'Comment']) expect(holds(out, text)).toBe(false);
    expect(sniffImage(out, 'saha.png')).toEqual({ type: 'image/png', ext: 'png', width: 1, height: 1 });
    // Nothing to drop: the very same bytes.
    expect(stripMetadata(PNG_1x1, 'image/png')).toBe(PNG_1x1);
  });

  it('JPEG: EXIF (GPS), XMP, comments and APP13 go; JFIF and the ICC profile stay; a turned photo keeps its orientation', () => {
    const out = stripMetadata(JPEG_WITH_METADATA, 'image/jpeg');
    expect(jpegSegments(out).map(([m]) => m)).toEqual([0xe0, 0xe1, 0xe2, 0xdb, 0xc0, 0xc4, 0xc4]);
    for (const text of ['onerror', 'http-equiv', 'GPS', 'Photoshop', 'adobe']) expect(holds(out, text)).toBe(false);
    expect(holds(out, 'ICC_PROFILE')).toBe(true);
    // The one EXIF left is the minimal one: Orientation 6 (turned 90°), nothing else.
    const exif = out.findIndex((b, i) => b === 0xff && out[i + 1] === 0xe1);
    expect([...out.subarray(exif, exif + 36)]).toEqual([
      ...[0xff, 0xe1, 0, 34, 0x45, 0x78, 0x69, 0x66, 0, 0, 0x4d, 0x4d, 0, 0x2a, 0, 0, 0, 8],
      ...[0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0],
    ]);
    expect(sniffImage(out, 'saha.jpg')).toEqual({ type: 'image/jpeg', ext: 'jpg', width: 2, height: 2 });
    // An upright photo's EXIF goes entirely.
    const upright = new Uint8Array([...JPEG_2x2.subarray(0, 20), ...exifSegment(1), ...JPEG_2x2.subarray(20)]);
    expect(jpegSegments(stripMetadata(upright, 'image/jpeg')).map(([m]) => m)).not.toContain(0xe1);
    expect(stripMetadata(JPEG_2x2, 'image/jpeg')).toBe(JPEG_2x2);
  });

  it('WebP: EXIF and XMP chunks go, their VP8X flags are cleared and the RIFF size is the new length', () => {
    const out = stripMetadata(WEBP_WITH_METADATA, 'image/webp');
    expect(webpChunks(out)).toEqual(['VP8X', 'VP8L']);
    expect(new DataView(out.buffer, out.byteOffset).getUint32(4, true)).toBe(out.length - 8);
    expect(out[20] & 0x0c).toBe(0);
    for (const text of ['onerror', 'GPS']) expect(holds(out, text)).toBe(false);
    expect(sniffImage(out, 'saha.webp')).toEqual({ type: 'image/webp', ext: 'webp', width: 1, height: 1 });
    expect(stripMetadata(WEBP_1x1, 'image/webp')).toBe(WEBP_1x1);
    const plain = webpCanvasOf(1, 1);
    expect(stripMetadata(plain, 'image/webp')).toBe(plain);
  });

  it('AVIF: the Exif and XMP items are zeroed where iloc puts them (mdat or idat); the picture and every offset stay', () => {
    for (const xmpInIdat of [false, true]) {
      const avif = avifWithMetadata({ xmpInIdat });
      expect(sniffImage(avif, 'saha.avif')).toEqual({ type: 'image/avif', ext: 'avif', width: 4, height: 3 });
      expect(holds(avif, 'GPSLatitude')).toBe(true);
      expect(holds(avif, 'onerror')).toBe(true);
      const out = stripMetadata(avif, 'image/avif');
      expect(out.length).toBe(avif.length);
      for (const text of ['GPS', 'onerror', 'xmpmeta']) expect(holds(out, text), text).toBe(false);
      expect(holds(out, 'AV1-PICTURE-DATA')).toBe(true);
      // Only the metadata bytes changed.
      const changed = [...avif].filter((x, i) => out[i] !== x).length;
      expect(changed).toBeGreaterThan(0);
      expect(changed).toBeLessThanOrEqual(AVIF_EXIF_BYTES.length + AVIF_XMP_BYTES.length);
      expect(cleanImage(avif, 'saha.avif')?.image).toEqual({ type: 'image/avif', ext: 'avif', width: 4, height: 3 });
    }
    expect(stripMetadata(AVIF_4x3, 'image/avif')).toBe(AVIF_4x3);
  });

  it('cleanImage strips first and sniffs what is left: markup in metadata is removed, not kept', () => {
    const cleaned = cleanImage(PNG_WITH_SCRIPT_CHUNK, 'saha.png');
    expect(cleaned?.image).toEqual({ type: 'image/png', ext: 'png', width: 1, height: 1 });
    expect(holds(cleaned!.bytes, '<script')).toBe(false);
    expect(holds(cleaned!.bytes, SNEAKY_MARKUP)).toBe(false);
    expect(cleanImage(PNG_1x1, 'saha.jpg')).toBeNull();
  });

  it('decodable: at most 10,000 px a side and 40 megapixels', () => {
    expect(decodable({ width: 10_000, height: 4_000 })).toBe(true);
    expect(decodable({ width: 4_000, height: 10_000 })).toBe(true);
    expect(decodable({ width: 10_001, height: 1 })).toBe(false);
    expect(decodable({ width: 1, height: 10_001 })).toBe(false);
    expect(decodable({ width: 6_400, height: 6_300 })).toBe(false);
    expect(decodable({ width: 30_000, height: 30_000 })).toBe(false);
  });
});
