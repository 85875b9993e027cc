// The maintenance switch as the web sees it. While an admin has the site in maintenance, every public page
// shows the notice (layouts/Public.astro) and answers 503 with Retry-After, so search engines keep the real pages
// indexed and come back later instead of indexing 'Sistem Bakımda' for every pitch; a 503 is never kept at the edge
// (worker/src/lib/edge-cache.ts keeps only a 200). The contact and KVKK pages stay readable, and so does /giris: staff
// keep working through maintenance and must be able to sign in to switch it off.
import type { MiddlewareHandler } from 'astro';
import { site } from './seo';

const STAYS_OPEN = /^\/(iletisim|aydinlatma-metni|giris)\/?$/;

/** How long a crawler or a script is told to wait before asking again. */
export const MAINTENANCE_RETRY_AFTER_SECONDS = 1800;

/** Whether the maintenance notice replaces this public page's content. */
export function maintenanceCovers(pathname: string): boolean {
  return !STAYS_OPEN.test(pathname);
}

const isPanel = (pathname: string) => pathname === '/yonetim' || pathname.startsWith('/yonetim/');

export const maintenanceStatus: MiddlewareHandler = async (context, next) => {
  const { pathname } = context.url;
  if (isPanel(pathname) || (context.request.method !== 'GET' && context.request.method !== 'HEAD')) return next();
  const settings = await site();
  context.locals.siteSettings = settings;
  const response = await next();
  if (
    !settings.maintenanceMode ||
    !maintenanceCovers(pathname) ||
    response.status !== 200 ||
    !response.headers.get('content-type')?.startsWith('text/html')
  )
    return response;
  const headers = new Headers(response.headers);
  headers.set('Retry-After', String(MAINTENANCE_RETRY_AFTER_SECONDS));
  headers.set('Cache-Control', 'no-store');
  return new Response(response.body, { status: 503, statusText: 'Service Unavailable', headers });
};
