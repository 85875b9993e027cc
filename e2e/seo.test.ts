// Page metadata of behaviour.md#public-site on every public page, the sitemap and robots.txt, as a crawler and a browser see them.
import { request } from 'node:http';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, origin } from './support/browser';

let browser: Browser;
let close: () => Promise<void>;
beforeAll(async () => ({ browser, close } = await launch()));
afterAll(async () => close());

const SITE = 'Bursa Halı Saha';
const PAGES = [
  '/',
  '/sahalar',
  '/rezervasyon-takip',
  '/iletisim',
  '/saha/nilufer-arena-hali-saha',
  '/giris',
  '/aydinlatma-metni',
];

interface Head {
  title: string;
  metas: Record<string, string[]>;
  canonical: string[];
  jsonLd: unknown[];
}

async function head(path: string): Promise<{ status: number; head: Head }> {
  const { page, context } = await newPage(browser);
  const response = await page.goto(path);
  const result = await page.evaluate(() => {
    const metas: Record<string, string[]> = {};
    for (const m of document.head.querySelectorAll('meta[name], meta[property]')) {
      const key = m.getAttribute('name') ?? m.getAttribute('property')!;
      metas[key] ??= [];
      metas[key].push(m.getAttribute('content') ?? '');
    }
    return {
      title: document.title,
      metas,
      canonical: [...document.head.querySelectorAll('link[rel=canonical]')].map((l) => l.getAttribute('href') ?? ''),
      jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) =>
        JSON.parse(s.textContent ?? 'null'),
      ),
    };
  });
  await context.close();
  return { status: response?.status() ?? 0, head: result };
}

const one = (h: Head, key: string) => {
  expect(h.metas[key], `exactly one ${key}`).toHaveLength(1);
  return h.metas[key][0];
};

/** The real pixel size of a PNG at `url` (IHDR: width and height, big-endian, at bytes 16 and 20). */
/** Width and height of a PNG or a WebP (lossy VP8, lossless VP8L or extended VP8X) as served. */
async function imageSize(url: string): Promise<[number, number]> {
  const res = await fetch(new URL(new URL(url).pathname, origin()));
  expect(res.status).toBe(200);
  const bytes = new DataView(await res.arrayBuffer());
  if (bytes.getUint32(0) === 0x89504e47) return [bytes.getUint32(16), bytes.getUint32(20)];
  const tag = (at: number) => String.fromCharCode(...new Uint8Array(bytes.buffer, at, 4));
  expect([tag(0), tag(8)]).toEqual(['RIFF', 'WEBP']);
  const chunk = tag(12);
  if (chunk === 'VP8 ') return [bytes.getUint16(26, true) & 0x3fff, bytes.getUint16(28, true) & 0x3fff];
  if (chunk === 'VP8L') {
    const bits = bytes.getUint32(21, true);
    return [(bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1];
  }
  expect(chunk).toBe('VP8X');
  const u24 = (at: number) => bytes.getUint8(at) | (bytes.getUint8(at + 1) << 8) | (bytes.getUint8(at + 2) << 16);
  return [u24(24) + 1, u24(27) + 1];
}

/** Every address a JSON-LD document gives for this site (url, @id, logo, image), at any depth. */
function ldAddresses(doc: unknown): string[] {
  const out: string[] = [];
  const walk = (v: unknown, key = '') => {
    if (Array.isArray(v)) for (const x of v) walk(x, key);
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, k);
    else if (typeof v === 'string' && ['url', '@id', 'logo', 'image'].includes(key)) out.push(v);
  };
  walk(doc);
  return out;
}

describe('page metadata', () => {
  it.each(PAGES)(
    '%s has its title, description, canonical, Open Graph, Twitter card and theme colour',
    async (path) => {
      const { status, head: h } = await head(path);
      expect(status).toBe(200);
      // '{page title} | {site name}', the site name once; a stored title that already names the site wins as written.
      expect(h.title).toMatch(/^.+ \| .+$/);
      expect(h.title.split(SITE), 'the site name appears once').toHaveLength(2);
      if (path !== '/') expect(h.title).toMatch(new RegExp(`^.+ \\| ${SITE}$`));
      expect(one(h, 'description').length).toBeGreaterThan(20);
      expect(h.canonical).toEqual([new URL(path, origin()).href]);
      expect(one(h, 'og:title')).toMatch(/\S/);
      expect(one(h, 'og:description')).toMatch(/\S/);
      expect(one(h, 'og:url')).toBe(h.canonical[0]);
      expect(one(h, 'og:image')).toMatch(new RegExp(`^${origin()}/`));
      // The declared share-image size is the image's real size.
      expect([Number(one(h, 'og:image:width')), Number(one(h, 'og:image:height'))]).toEqual(
        await imageSize(one(h, 'og:image')),
      );
      expect(one(h, 'twitter:card')).toBe('summary_large_image');
      expect(h.metas['theme-color']?.length).toBeGreaterThan(0);
      for (const c of h.metas['theme-color']) expect(c).toMatch(/^#[0-9a-f]{6}$/i);
      expect(one(h, 'robots')).toBe(path === '/giris' ? 'noindex, nofollow' : 'index, follow');
      // One origin everywhere: every address in the structured data is the canonical's origin.
      const addresses = h.jsonLd.flatMap(ldAddresses);
      expect(addresses.length).toBeGreaterThan(0);
      for (const a of addresses) expect(a, a).toMatch(new RegExp(`^${origin()}(/|$)`));
    },
  );

  it('the home page title is the stored SEO title as written, the site name not doubled', async () => {
    const { head: h } = await head('/');
    expect(h.title).toBe('Bursa Halı Saha | Online Halı Saha Rezervasyonu');
    expect(one(h, 'og:title')).toBe('Bursa Halı Saha – Boş saati seç, hemen rezervasyon yap');
  });

  it('the home page describes the organisation in JSON-LD', async () => {
    const { head: h } = await head('/');
    const org = h.jsonLd.find((d) => (d as { '@type'?: string })['@type'] === 'Organization') as
      | Record<string, unknown>
      | undefined;
    expect(org).toMatchObject({ '@context': 'https://schema.org', name: SITE, url: origin() });
  });

  it("a pitch page declares its own photo with the photo's real size (not 1200x630)", async () => {
    const { head: h } = await head('/saha/nilufer-arena-hali-saha');
    expect(one(h, 'og:image')).toMatch(/\/api\/images\//);
    const [w, hgt] = await imageSize(one(h, 'og:image'));
    expect([w, hgt]).not.toEqual([1200, 630]);
    expect([one(h, 'og:image:width'), one(h, 'og:image:height')]).toEqual([String(w), String(hgt)]);
  });

  it('the default share image really is a 1200x630 PNG', async () => {
    const { head: h } = await head('/iletisim');
    const url = h.metas['og:image'][0];
    expect(await imageSize(url)).toEqual([1200, 630]);
    expect((await fetch(new URL(new URL(url).pathname, origin()))).headers.get('content-type')).toBe('image/png');
  });

  it('a page reached under another host name still gives the site origin everywhere (SITE_URL, not the Host header)', async () => {
    const get = (path: string) =>
      new Promise<string>((done, fail) => {
        const u = new URL(path, origin());
        request(
          { host: u.hostname, port: u.port, path: u.pathname, headers: { host: 'elsewhere.example:8080' } },
          (res) => {
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (c) => (body += c));
            res.on('end', () => done(body));
          },
        )
          .on('error', fail)
          .end();
      });
    const html = await get('/');
    const canonical = html.match(/<link rel="canonical" href="([^"]+)"/)?.[1];
    const ogUrl = html.match(/<meta property="og:url" content="([^"]+)"/)?.[1];
    expect(canonical).toBe(`${origin()}/`);
    expect(ogUrl).toBe(`${origin()}/`);
    const lds = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) =>
      JSON.parse(m[1]),
    );
    for (const a of lds.flatMap(ldAddresses)) expect(a).toMatch(new RegExp(`^${origin()}(/|$)`));
    expect(html).not.toContain('elsewhere.example');
    expect(await get('/robots.txt')).toContain(`Sitemap: ${origin()}/sitemap.xml`);
    const sitemap = await get('/sitemap.xml');
    expect(sitemap).not.toContain('elsewhere.example');
    expect(sitemap).toContain(`<loc>${origin()}/</loc>`);
  });
});

describe('sitemap and robots', () => {
  it('/sitemap.xml lists the public pages and every active pitch with its last change', async () => {
    const res = await fetch(`${origin()}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await res.text();
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\s*<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const entries = [...xml.matchAll(/<url><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?<\/url>/g)].map(
      ([, loc, lastmod]) => ({ loc, lastmod }),
    );
    const locs = entries.map((e) => e.loc);
    for (const path of ['/', '/sahalar', '/rezervasyon-takip', '/iletisim', '/aydinlatma-metni'])
      expect(locs).toContain(new URL(path, origin()).href);

    const api = (await (await fetch(`${origin()}/api/facilities`)).json()) as {
      data: Array<{ slug: string; isActive: boolean; updatedAt: string }>;
    };
    expect(api.data).toHaveLength(5);
    const facilityEntries = entries.filter((e) => new URL(e.loc).pathname.startsWith('/saha/'));
    expect(facilityEntries.map((e) => e.loc).sort()).toEqual(api.data.map((f) => `${origin()}/saha/${f.slug}`).sort());
    for (const f of api.data) {
      expect(facilityEntries.find((e) => e.loc.endsWith(`/saha/${f.slug}`))?.lastmod).toBe(f.updatedAt);
    }
    // No private area in the sitemap.
    expect(locs.some((l) => /\/(yonetim|giris|api)\b/.test(l))).toBe(false);
  });

  it('/robots.txt lets crawlers in, keeps them out of the panel, login and API, and points to the sitemap', async () => {
    const res = await fetch(`${origin()}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const lines = (await res.text()).split('\n').map((l) => l.trim());
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    expect(lines).toEqual(expect.arrayContaining(['Disallow: /yonetim', 'Disallow: /giris', 'Disallow: /api/']));
    expect(lines).toContain(`Sitemap: ${origin()}/sitemap.xml`);
  });
});
