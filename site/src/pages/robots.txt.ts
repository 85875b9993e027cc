// /robots.txt: everything public may be crawled; the panel, the login page and the API may not.
import type { APIRoute } from 'astro';
import { siteOrigin } from '../lib/seo';

export const GET: APIRoute = ({ url }) =>
  new Response(
    [
      'User-agent: *',
      'Allow: /',
      'Disallow: /yonetim',
      'Disallow: /giris',
      'Disallow: /api/',
      '',
      `Sitemap: ${new URL('/sitemap.xml', siteOrigin(url)).href}`,
      '',
    ].join('\n'),
    { headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=86400' } },
  );
