// The /yonetim guard (behaviour.md#management-panel, #staff-sessions-and-permissions), run once for every panel screen by site/src/middleware.ts: no session cookie → /giris
// remembering the path; an admin-only screen for a manager → /yonetim/yetkisiz. Panel HTML carries staff data, so it
// is never cached. Kept out of middleware.ts (which only wraps it) so that it runs in unit tests without Astro.
import type { MiddlewareHandler } from 'astro';
import type { PublicUser } from '../../../contracts/auth';
import { isActiveEntry, loginUrl, PANEL_NAV } from './panel';
import { panelUser } from './panel-auth';

// Any other /yonetim path renders the 404 page, signed in or not.
const NOT_FOUND_ROUTE = '/yonetim/[...path]';

/**
 * Whether the matched route is a panel screen and whether it is admin-only. Every route under /yonetim is guarded (a new
 * screen is never left open by mistake); the admin-only ones are those the sidebar hides from a manager, and every
 * page under one of them (/yonetim/ayarlar/personel is as admin-only as /yonetim/ayarlar): a new sub-page of Ayarlar or
 * Raporlar can never be left open to a manager by forgetting to list it.
 */
export function panelScreen(routePattern: string): { adminOnly: boolean } | null {
  if (routePattern !== '/yonetim' && !routePattern.startsWith('/yonetim/')) return null;
  if (routePattern === NOT_FOUND_ROUTE) return null;
  return { adminOnly: PANEL_NAV.some((e) => e.adminOnly && isActiveEntry(e.href, routePattern)) };
}

export const guardPanel: MiddlewareHandler = async (context, next) => {
  const screen = panelScreen(context.routePattern);
  if (!screen) return next();
  const staff = await panelUser(context.request);
  if (!staff) return context.redirect(loginUrl(context.url.pathname, context.url.search));
  if (screen.adminOnly && staff.role.type !== 'admin') return context.redirect('/yonetim/yetkisiz');
  context.locals.staff = staff;
  const response = await next();
  response.headers.set('Cache-Control', 'no-store');
  return response;
};

/** The signed-in staff member on a panel screen, as the guard found them. */
export function panelStaff(locals: App.Locals): PublicUser {
  if (!locals.staff) throw new Error('panelStaff() outside a /yonetim screen: the guard did not run');
  return locals.staff;
}
