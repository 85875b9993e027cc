// The smaller WebP copies the panel makes of each photo (responsive sizes on public pages): each must be a real
// WebP of an allowed width, narrower than its photo and of its shape; one bad copy refuses the whole upload, nothing is
// stored; the copies are offered through srcset and leave R2 with their photo.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { facilityMsg } from '../../contracts/facility-form';
import { api, createStaff, expectError, type FacilityAnswer, type Invalid, json, tokenFor } from './fixtures';
import { file, PNG_1x1, pitchForm, pitchInput, pngOf, webpOf } from './fixtures/images';

let token: string;
beforeAll(async () => {
  token = await tokenFor(await createStaff('admin'));
});

const r2Keys = async () => (await env.BUCKET.list({ prefix: 'facilities/' })).objects.map((o) => o.key).sort();
const counts = async () =>
  (await env.DB.prepare(
    'select (select count(*) from facilities) as f, (select count(*) from facility_images) as i',
  ).first()) as {
    f: number;
    i: number;
  };

const post = (photos: File[], variants: File[]) =>
  api('/api/facilities', {
    method: 'POST',
    token,
    body: pitchForm(pitchInput({ name: 'Kopyalı Saha' }), photos, variants),
  });

const key = (url: string) => url.replace('/api/images/', '');

describe('photo copies', () => {
  it('stores each copy beside its photo and offers both through srcset, narrowest first', async () => {
    const res = await post(
      [file(pngOf(1200, 800), 'genel.png'), file(PNG_1x1, 'kucuk.png')],
      [file(webpOf(960, 640), '0-960.webp'), file(webpOf(480, 320), '0-480.webp')],
    );
    expect(res.status).toBe(201);
    const [big, small] = (await json<FacilityAnswer>(res)).data.images;
    const base = big.url.replace(/\.png$/, '');
    expect(big.srcset).toBe(`${base}-480.webp 480w, ${base}-960.webp 960w, ${big.url} 1200w`);
    expect(small.srcset).toBeNull();
    const copy = await api(`${base}-480.webp`);
    expect(copy.status).toBe(200);
    expect(copy.headers.get('content-type')).toBe('image/webp');
    expect(copy.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await r2Keys()).toEqual(
      expect.arrayContaining([key(big.url), key(`${base}-480.webp`), key(`${base}-960.webp`)]),
    );
  });

  it('takes the copies of a photo stored on its side (EXIF-turned upright by the browser) and gives its upright width', async () => {
    const res = await post([file(pngOf(1200, 800), 'yan.png')], [file(webpOf(480, 720), '0-480.webp')]);
    expect(res.status).toBe(201);
    const [img] = (await json<FacilityAnswer>(res)).data.images;
    expect(img.srcset).toBe(`${img.url.replace(/\.png$/, '')}-480.webp 480w, ${img.url} 800w`);
  });

  const bad: Array<[string, File[], File[]]> = [
    ['bytes narrower than the name says', [file(pngOf(1200, 800), 'a.png')], [file(webpOf(400, 267), '0-480.webp')]],
    ['a width not offered', [file(pngOf(1200, 800), 'a.png')], [file(webpOf(500, 333), '0-500.webp')]],
    ['a copy as wide as its photo', [file(pngOf(480, 320), 'a.png')], [file(webpOf(480, 320), '0-480.webp')]],
    ['another shape', [file(pngOf(1200, 800), 'a.png')], [file(webpOf(480, 480), '0-480.webp')]],
    ['a copy of no photo', [file(pngOf(1200, 800), 'a.png')], [file(webpOf(480, 320), '1-480.webp')]],
    ['PNG bytes named .webp', [file(pngOf(1200, 800), 'a.png')], [file(pngOf(480, 320), '0-480.webp')]],
    [
      'the same width twice',
      [file(pngOf(1200, 800), 'a.png')],
      [file(webpOf(480, 320), '0-480.webp'), file(webpOf(480, 320), '0-480.webp')],
    ],
    ['copies without photos', [], [file(webpOf(480, 320), '0-480.webp')]],
  ];
  for (const [what, photos, variants] of bad) {
    it(`refuses ${what}, storing nothing`, async () => {
      const [before, keys] = [await counts(), await r2Keys()];
      const err = await expectError<Invalid>(await post(photos, variants), 400);
      expect(err.message).toBe(facilityMsg.variantInvalid);
      expect(err.details.errors[0].path[0]).toBe('files.variants');
      expect([await counts(), await r2Keys()]).toEqual([before, keys]);
    });
  }

  it('removes the copies from R2 with their photo', async () => {
    const res = await post([file(pngOf(1200, 800), 'sil.png')], [file(webpOf(480, 320), '0-480.webp')]);
    const created = (await json<FacilityAnswer>(res)).data;
    const [img] = created.images;
    const copyKey = key(`${img.url.replace(/\.png$/, '')}-480.webp`);
    expect(await env.BUCKET.head(copyKey)).not.toBeNull();
    const put = await api(`/api/facilities/${created.documentId}`, {
      method: 'PUT',
      token,
      body: pitchForm(pitchInput({ name: 'Kopyalı Saha', imagesToDelete: [img.id] })),
    });
    expect(put.status).toBe(200);
    expect(await env.BUCKET.head(key(img.url))).toBeNull();
    expect(await env.BUCKET.head(copyKey)).toBeNull();
  });
});
