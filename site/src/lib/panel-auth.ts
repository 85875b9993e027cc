// The panel's server-side guard: the HttpOnly session cookie set at login, verified like any API token.
import type { PublicUser } from '../../../contracts/auth';
import { SESSION_COOKIE, staffFromSession } from '../server';

function cookieValue(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return null;
}

/** The signed-in staff member behind this request, or null (no cookie, a bad or expired token, a blocked user). */
export async function panelUser(request: Request): Promise<PublicUser | null> {
  const token = cookieValue(request.headers.get('cookie'), SESSION_COOKIE);
  return token ? staffFromSession(token) : null;
}
