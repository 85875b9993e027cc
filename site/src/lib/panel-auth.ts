// The panel's server-side guard: the HttpOnly session cookie set at login, verified like any API token.
import { env } from 'cloudflare:workers';
import type { PublicUser } from '../../../contracts/auth';
import { SESSION_COOKIE, staffFromToken } from '../../../worker/src/lib/auth';

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
  if (!token) return null;
  try {
    return await staffFromToken(env, token);
  } catch {
    return null;
  }
}
