// Pitch image uploads (behaviour.md#content-staff-enter): only real JPEG, PNG, WebP or AVIF bytes named as what they are, at most 5 per
// pitch, each at most 5 MB. Every refusal stores nothing: no D1 row changes, no R2 object is left behind.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { facilityMsg, MAX_IMAGE_BYTES } from '../../contracts/facility-form';
import { sniffImage } from '../../worker/src/lib/images';
import { api, createStaff, expectError, type FacilityAnswer, type Invalid, json, tokenFor } from './fixtures';
import {
  AVIF_4x3,
  avifOf,
  file,
  HTML_PAGE,
  holds,
  JPEG_2x2,
  JPEG_WITH_HTML,
  JPEG_WITH_METADATA,
  jpegOf,
  PNG_1x1,
  PNG_WITH_METADATA,
  PNG_WITH_SCRIPT_CHUNK,
  pitchForm,
  pitchInput,
  pngOf,
  pngOfSize,
  SIX_MB,
  SVG_WITH_SCRIPT,
  WEBP_1x1,
  WEBP_WITH_METADATA,
  webpCanvasOf,
} from './fixtures/images';

let token: string;
beforeAll(async () => {
  token = await tokenFor(await createStaff('admin'));
});

/** Everything a refused upload could have touched. */
async function snapshot() {
  const [f, i, a, p] = await env.DB.batch([
    env.DB.prepare('select count(*) as n, max(updated_at) as u from facilities'),
    env.DB.prepare('select count(*) as n, max(id) as m from facility_images'),
    env.DB.prepare('select count(*) as n from facility_amenities'),
    env.DB.prepare('select count(*) as n from pickup_points'),
  ]);
  const listed = await env.BUCKET.list({ prefix: 'facilities/' });
  return {
    rows: [f.results[0], i.results[0], a.results[0], p.results[0]],
    r2: listed.objects.map((o) => o.key).sort(),
  };
}

const post = (files: File[], name = 'Görsel Saldırısı') =>
  api('/api/facilities', { method: 'POST', token, body: pitchForm(pitchInput({ name }), files) });

describe('accepted images', () => {
  it('takes one of each type and reads each one’s dimensions from its bytes', async () => {
    const res = await post([
      file(PNG_1x1, 'a.png'),
      file(JPEG_2x2, 'b.JPG'),
      file(WEBP_1x1, 'c.webp'),
      file(AVIF_4x3, 'd.avif'),
    ]);
    expect(res.status).toBe(201);
    const f = (await json<FacilityAnswer>(res)).data;
    expect(f.images.map((i) => [i.width, i.height])).toEqual([
      [1, 1],
      [2, 2],
      [1, 1],
      [4, 3],
    ]);
    const rows = await env.DB.prepare(
      'select mime, size from facility_images where facility_id = ? order by sort_order',
    )
      .bind(f.id)
      .all<{ mime: string; size: number }>();
    expect(rows.results.map((r) => r.mime)).toEqual(['image/png', 'image/jpeg', 'image/webp', 'image/avif']);
    expect(rows.results.map((r) => r.size)).toEqual([
      PNG_1x1.length,
      JPEG_2x2.length,
      WEBP_1x1.length,
      AVIF_4x3.length,
    ]);
    for (const img of f.images) {
      const key = img.url.replace('/api/images/', '');
      const obj = await env.BUCKET.head(key);
      expect(obj?.httpMetadata?.contentType).toMatch(/^image\/(png|jpeg|webp|avif)$/);
    }
  });
});

describe('the pixel limit and metadata', () => {
  it('takes a picture of exactly 10,000 × 4,000 (40 megapixels): the limit itself is allowed', async () => {
    const res = await post([file(pngOf(10_000, 4_000), 'sinir.png'), file(jpegOf(4_000, 10_000), 'sinir.jpg')]);
    expect(res.status).toBe(201);
    expect((await json<FacilityAnswer>(res)).data.images.map((i) => [i.width, i.height])).toEqual([
      [10_000, 4_000],
      [4_000, 10_000],
    ]);
  });

  it('stores every photo without its metadata: no markup, no GPS position, no comment is served', async () => {
    const res = await post(
      [
        file(PNG_WITH_METADATA, 'metin.png'),
        file(JPEG_WITH_METADATA, 'telefon.jpg'),
        file(WEBP_WITH_METADATA, 'exif.webp'),
        file(PNG_WITH_SCRIPT_CHUNK, 'betik.png'),
      ],
      'Temiz Görseller',
    );
    expect(res.status).toBe(201);
    const created = (await json<FacilityAnswer>(res)).data;
    const images = created.images;
    expect(images.map((i) => [i.width, i.height])).toEqual([
      [1, 1],
      [2, 2],
      [1, 1],
      [1, 1],
    ]);
    const rows = await env.DB.prepare('select size from facility_images where facility_id = ? order by sort_order')
      .bind(created.id)
      .all<{ size: number }>();
    const names = ['a.png', 'a.jpg', 'a.webp', 'a.png'];
    for (const [n, img] of images.entries()) {
      const served = await api(img.url);
      expect(served.status).toBe(200);
      const bytes = new Uint8Array(await served.arrayBuffer());
      for (const text of ['onerror', 'http-equiv', '<script', 'GPS', 'Photoshop', 'Comment'])
        expect(holds(bytes, text), `${n}: ${text}`).toBe(false);
      expect(sniffImage(bytes, names[n])).not.toBeNull();
      // The size on record is the stored file's.
      expect(rows.results[n].size).toBe(bytes.length);
    }
    // The phone photo still stands upright: its orientation (6) is the one EXIF tag kept.
    const jpeg = new Uint8Array(await (await api(images[1].url)).arrayBuffer());
    expect(holds(jpeg, 'Exif')).toBe(true);
    const at = jpeg.findIndex((b, i) => b === 0xff && jpeg[i + 1] === 0xe1);
    expect((jpeg[at + 28] << 8) | jpeg[at + 29]).toBe(6);
  });
});

describe('the 5 MB boundary', () => {
  it('takes a real PNG one byte under 5 MB and stores all of it', async () => {
    const bytes = pngOfSize(MAX_IMAGE_BYTES - 1);
    const res = await post([file(bytes, 'neredeyse-bes.png')], 'Sınırda Görsel');
    expect(res.status).toBe(201);
    const [img] = (await json<FacilityAnswer>(res)).data.images;
    const stored = await env.BUCKET.get(img.url.replace('/api/images/', ''));
    expect(stored?.size).toBe(MAX_IMAGE_BYTES - 1);
  });
});

describe('refused uploads store nothing', () => {
  const attacks: Array<[string, () => File[], string]> = [
    ['an SVG with a script', () => [file(SVG_WITH_SCRIPT, 'logo.svg', 'image/svg+xml')], facilityMsg.imageType],
    ['an SVG renamed .png', () => [file(SVG_WITH_SCRIPT, 'logo.png', 'image/png')], facilityMsg.imageType],
    ['an HTML page renamed .jpg', () => [file(HTML_PAGE, 'saha.jpg', 'image/jpeg')], facilityMsg.imageType],
    ['PNG bytes named .jpg', () => [file(PNG_1x1, 'saha.jpg', 'image/jpeg')], facilityMsg.imageType],
    ['a JPEG with HTML appended after its end', () => [file(JPEG_WITH_HTML, 'saha.jpg')], facilityMsg.imageType],
    // A decompression bomb: 109 bytes of header claiming 30000×30000, 3.6 GB once a browser decodes it.
    ['a PNG of 30000×30000 pixels', () => [file(pngOf(30_000, 30_000), 'bomba.png')], facilityMsg.imageDimensions],
    ['a PNG one pixel wider than 10,000', () => [file(pngOf(10_001, 10), 'genis.png')], facilityMsg.imageDimensions],
    ['a PNG of 49 megapixels', () => [file(pngOf(7_000, 7_000), 'kare.png')], facilityMsg.imageDimensions],
    ['a JPEG of 30000×30000 pixels', () => [file(jpegOf(30_000, 30_000), 'bomba.jpg')], facilityMsg.imageDimensions],
    [
      'a WebP canvas of 16000×16000 pixels',
      () => [file(webpCanvasOf(16_000, 16_000), 'bomba.webp')],
      facilityMsg.imageDimensions,
    ],
    ['an AVIF of 30000×30000 pixels', () => [file(avifOf(30_000, 30_000), 'bomba.avif')], facilityMsg.imageDimensions],
    ['a file without an extension', () => [file(PNG_1x1, 'saha')], facilityMsg.imageType],
    ['a 6 MB file', () => [file(SIX_MB, 'buyuk.jpg')], facilityMsg.imageTooLarge],
    [
      'a real PNG of exactly 5 MB (the rule is under 5 MB, as the form says)',
      () => [file(pngOfSize(MAX_IMAGE_BYTES), 'tam-bes.png')],
      facilityMsg.imageTooLarge,
    ],
    [
      'a good image followed by a bad one',
      () => [file(PNG_1x1, 'iyi.png'), file(HTML_PAGE, 'kotu.jpg')],
      facilityMsg.imageType,
    ],
    [
      'six images at once',
      () => Array.from({ length: 6 }, (_, i) => file(PNG_1x1, `${i}.png`)),
      facilityMsg.tooManyImages(0),
    ],
  ];
  for (const [what, files, message] of attacks) {
    it(`refuses ${what} with a Turkish message`, async () => {
      const before = await snapshot();
      const err = await expectError<Invalid>(await post(files()), 400);
      expect(err.message).toBe(message);
      expect(err.details.errors[0].path[0]).toBe('files.images');
      expect(await snapshot()).toEqual(before);
    });
  }

  it('refuses a sixth image on update, saying how many exist, and changes nothing', async () => {
    const created = (
      await json<FacilityAnswer>(
        await post(
          Array.from({ length: 5 }, (_, i) => file(PNG_1x1, `${i}.png`)),
          'Beş Görselli',
        ),
      )
    ).data;
    expect(created.images).toHaveLength(5);
    const before = await snapshot();
    const res = await api(`/api/facilities/${created.id}`, {
      method: 'PUT',
      token,
      body: pitchForm(pitchInput({ name: 'Değişmemeli' }), [file(JPEG_2x2, 'alti.jpg')]),
    });
    const err = await expectError(res, 400);
    expect(err.message).toBe(facilityMsg.tooManyImages(5));
    expect(err.message).toContain('Mevcut 5 görsel var, en fazla 0 görsel daha ekleyebilirsiniz');
    expect(await snapshot()).toEqual(before);
    expect((await json<FacilityAnswer>(await api(`/api/facilities/${created.id}`))).data.name).toBe('Beş Görselli');

    // Deleting one in the same request makes room for one.
    const ok = await api(`/api/facilities/${created.id}`, {
      method: 'PUT',
      token,
      body: pitchForm(pitchInput({ name: 'Beş Görselli', imagesToDelete: [created.images[0].id] }), [
        file(JPEG_2x2, 'alti.jpg'),
      ]),
    });
    expect(ok.status).toBe(200);
    expect((await json<FacilityAnswer>(ok)).data.images).toHaveLength(5);
  });

  it('an upload whose D1 batch fails leaves no R2 object behind (500, nothing stored)', async () => {
    // The failure is injected in D1 itself (a trigger), so the code under test carries no hook.
    await env.DB.exec(
      "create trigger boom before insert on facility_images when new.name = 'patlat.png' begin select raise(abort, 'boom'); end",
    );
    try {
      const before = await snapshot();
      const res = await post([file(JPEG_2x2, 'iyi.jpg'), file(PNG_1x1, 'patlat.png')], 'Yarım Kalan');
      expect((await expectError(res, 500)).message).toBe('Bir hata oluştu');
      expect(await snapshot()).toEqual(before);
    } finally {
      await env.DB.exec('drop trigger boom');
    }
  });

  it('an update whose D1 batch fails keeps the old images in D1 and R2 and leaves no new object', async () => {
    const created = (await json<FacilityAnswer>(await post([file(PNG_1x1, 'eski.png')], 'Güncellenecek'))).data;
    await env.DB.exec(
      "create trigger boom2 before insert on facility_images when new.name = 'patlat.png' begin select raise(abort, 'boom'); end",
    );
    try {
      const before = await snapshot();
      const res = await api(`/api/facilities/${created.id}`, {
        method: 'PUT',
        token,
        body: pitchForm(pitchInput({ name: 'Değişmemeli', imagesToDelete: [created.images[0].id] }), [
          file(PNG_1x1, 'patlat.png'),
        ]),
      });
      await expectError(res, 500);
      expect(await snapshot()).toEqual(before);
      const after = (await json<FacilityAnswer>(await api(`/api/facilities/${created.id}`))).data;
      expect(after.name).toBe('Güncellenecek');
      expect((await api(after.images[0].url)).status).toBe(200);
    } finally {
      await env.DB.exec('drop trigger boom2');
    }
  });
});

describe('GET /api/images/:key', () => {
  it('serves an uploaded image immutable, with its sniffed type and nosniff', async () => {
    const f = (await json<FacilityAnswer>(await post([file(WEBP_1x1, 'gece.webp')], 'Başlıklı'))).data;
    const res = await api(f.images[0].url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
