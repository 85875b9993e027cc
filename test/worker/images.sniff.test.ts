// The image sniffer on its own (issue 9): where it looks for hidden markup and where it must not.
import { describe, expect, it } from 'vitest';
import { sniffImage } from '../../worker/src/lib/images';
import { JPEG_2x2, PNG_1x1, PNG_MARKER_IN_METADATA, PNG_MARKER_IN_PIXELS, PNG_WITH_SCRIPT_CHUNK } from './images';

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
