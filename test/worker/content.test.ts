import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { api, expectError, json, type SeoPageAnswer } from './fixtures';

const unique = () => Math.random().toString(36).slice(2, 10);

async function putSiteSettings(siteName: string) {
  await env.DB.prepare(
    `insert into site_settings (id, site_name, tagline) values (1, ?, 'Test')
     on conflict (id) do update set site_name = excluded.site_name`,
  )
    .bind(siteName)
    .run();
}

describe('GET /api/seo/page/{key}', () => {
  it('returns the stored SEO row with the site name and share image', async () => {
    const key = `test-page-${unique()}`;
    await putSiteSettings('Bursa Halı Saha');
    await env.DB.prepare(
      `insert into seo_pages (key, meta_title, meta_description, keywords, canonical_url, og_title, share_image_url, structured_data)
       values (?, ?, ?, ?, ?, ?, ?, ?)`,
    )
      .bind(
        key,
        'Sahalar | Bursa',
        'Bursa’daki halı sahalar',
        'halı saha, bursa',
        'https://example.com/sahalar',
        'Sahaları keşfedin',
        '/api/images/seo/share.jpg',
        JSON.stringify({ '@type': 'WebPage', name: 'Sahalar' }),
      )
      .run();

    const res = await api(`/api/seo/page/${key}`);
    expect(res.status).toBe(200);
    const { data } = await json<SeoPageAnswer>(res);
    expect(data).toMatchObject({
      key,
      metaTitle: 'Sahalar | Bursa',
      metaDescription: 'Bursa’daki halı sahalar',
      keywords: 'halı saha, bursa',
      canonicalURL: 'https://example.com/sahalar',
      ogTitle: 'Sahaları keşfedin',
      shareImage: { url: '/api/images/seo/share.jpg' },
      structuredData: { '@type': 'WebPage', name: 'Sahalar' },
      siteName: 'Bursa Halı Saha',
    });
  });

  it('falls back to the meta title and description for missing og fields and gives no share image without a url', async () => {
    const key = `test-page-${unique()}`;
    await env.DB.prepare('insert into seo_pages (key, meta_title, meta_description) values (?, ?, ?)')
      .bind(key, 'Başlık', 'Açıklama')
      .run();
    const { data } = await json<SeoPageAnswer>(await api(`/api/seo/page/${key}`));

    expect(data.ogTitle).toBe('Başlık');
    expect(data.ogDescription).toBe('Açıklama');
    expect(data.shareImage).toBeNull();
    expect(typeof data.siteName).toBe('string');
  });

  it('answers an unknown key with 404 and the error shape', async () => {
    const err = await expectError(await api(`/api/seo/page/yok-${unique()}`), 404);
    expect(err.name).toBe('NotFoundError');
    expect(err.message).toBe('SEO verisi bulunamadı');
  });
});

describe('GET /api/images/{key}', () => {
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5, 6, 7, 8]);

  it('serves an R2 object with its content type, a long immutable cache and an etag', async () => {
    const key = `facilities/test/${unique()}.png`;
    await env.BUCKET.put(key, png, { httpMetadata: { contentType: 'image/png' } });
    const res = await api(`/api/images/${key}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const cache = res.headers.get('cache-control') ?? '';
    expect(cache).toContain('max-age=31536000');
    expect(cache).toContain('immutable');
    expect(res.headers.get('etag')).toBeTruthy();
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(png);
  });

  it('answers 304 without a body when If-None-Match carries the etag', async () => {
    const key = `facilities/test/${unique()}.png`;
    await env.BUCKET.put(key, png, { httpMetadata: { contentType: 'image/png' } });
    const first = await api(`/api/images/${key}`);
    const etag = first.headers.get('etag')!;
    await first.arrayBuffer();
    const res = await api(`/api/images/${key}`, { headers: { 'if-none-match': etag } });
    expect(res.status).toBe(304);
    expect(res.headers.get('etag')).toBe(etag);
    expect((await res.arrayBuffer()).byteLength).toBe(0);
  });

  it('serves the full image again when If-None-Match carries a different etag', async () => {
    const key = `facilities/test/${unique()}.png`;
    await env.BUCKET.put(key, png, { httpMetadata: { contentType: 'image/png' } });
    const res = await api(`/api/images/${key}`, { headers: { 'if-none-match': '"something-else"' } });
    expect(res.status).toBe(200);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(png);
  });

  it('answers a missing key with 404 and the error shape', async () => {
    const err = await expectError(await api(`/api/images/facilities/test/yok-${unique()}.png`), 404);
    expect(err.message).toBe('Görsel bulunamadı');
  });

  it('answers 404, not 500, for a key R2 cannot hold (over 1,024 bytes, or not well-formed text)', async () => {
    const keys = [
      'a'.repeat(1025),
      `facilities/${'x'.repeat(1100)}.png`,
      // 513 two-byte letters: 513 characters but 1,026 bytes.
      'ş'.repeat(513),
      '%ED%A0%80',
    ];
    for (const key of keys) {
      const err = await expectError(await api(`/api/images/${key}`), 404);
      expect(err.message).toBe('Görsel bulunamadı');
    }
    // At 1,024 bytes R2 is asked, and a missing object is the same 404.
    expect((await expectError(await api(`/api/images/${'a'.repeat(1024)}`), 404)).message).toBe('Görsel bulunamadı');
  });
});
