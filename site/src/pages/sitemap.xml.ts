// /sitemap.xml: the public pages and every active pitch, absolute URLs from the one site origin (SITE_URL, lib/seo siteOrigin); a pitch's lastmod is
// its updatedAt, and the list pages change whenever a pitch does.
import type { APIRoute } from 'astro';
import { siteOrigin } from '../lib/seo';
import { sitemapFacilities } from '../server';

const STATIC_PATHS = ['/', '/sahalar', '/rezervasyon-takip', '/iletisim', '/aydinlatma-metni'];

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[c]};`);
const entry = (loc: string, lastmod?: string | null) =>
  `  <url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;

export const GET: APIRoute = async ({ url }) => {
  let listed: Awaited<ReturnType<typeof sitemapFacilities>>;
  try {
    listed = await sitemapFacilities();
  } catch (e) {
    console.error('sitemap: pitches could not be read', e);
    // A sitemap without the pitches would tell crawlers they are gone; ask them to come back instead.
    return new Response('Sitemap geçici olarak kullanılamıyor', {
      status: 503,
      headers: { 'retry-after': '600', 'content-type': 'text/plain; charset=utf-8' },
    });
  }
  const { facilities, latest } = listed;
  const abs = (path: string) => new URL(path, siteOrigin(url)).href;
  const lines = [
    ...STATIC_PATHS.map((path) => entry(abs(path), path === '/' || path === '/sahalar' ? latest : null)),
    ...facilities.map((p) => entry(abs(`/saha/${encodeURIComponent(p.slug)}`), p.lastmod)),
  ];
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${lines.join('\n')}\n</urlset>\n`;
  return new Response(xml, {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
};
