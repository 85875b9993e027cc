// The guard every /yonetim page runs in its frontmatter (02 §2, §6): no session cookie → /giris remembering the path;
// an admin-only screen for a manager → /yonetim/yetkisiz. Panel HTML carries staff data, so it is never cached.
import type { AstroGlobal } from 'astro';
import type { PublicUser } from '../../../contracts/auth';
import { loginUrl } from './panel';
import { panelUser } from './panel-auth';

type PageContext = Pick<AstroGlobal, 'request' | 'url' | 'redirect' | 'response'>;

export async function guardPanel(Astro: PageContext, { adminOnly = false }: { adminOnly?: boolean } = {}): Promise<{ staff: PublicUser } | Response> {
  Astro.response.headers.set('Cache-Control', 'no-store');
  const staff = await panelUser(Astro.request);
  if (!staff) return Astro.redirect(loginUrl(Astro.url.pathname, Astro.url.search));
  if (adminOnly && staff.role.type !== 'admin') return Astro.redirect('/yonetim/yetkisiz');
  return { staff };
}
