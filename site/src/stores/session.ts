import { atom, computed } from 'nanostores';
import type { PublicUser } from '../../../contracts/auth';

// Stored browser keys of 01 §9: 'token' and 'user'. "Remember me" keeps them in localStorage, otherwise for the tab only.
export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';

export type SessionState = { status: 'loading' } | { status: 'anonymous' } | { status: 'signed-in'; token: string; user: PublicUser };

export const $session = atom<SessionState>({ status: 'loading' });
export const $user = computed($session, (s) => (s.status === 'signed-in' ? s.user : null));

function storages(): Storage[] {
  return typeof window === 'undefined' ? [] : [window.localStorage, window.sessionStorage];
}

/** The exp claim of a JWT, in ms; null when unreadable. */
export function tokenExpiry(token: string): number | null {
  try {
    const payload = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
    return typeof payload.exp === 'number' ? payload.exp * 1000 : null;
  } catch {
    return null;
  }
}

export function storedSession(): { token: string; user: PublicUser } | null {
  for (const s of storages()) {
    const token = s.getItem(TOKEN_KEY);
    const user = s.getItem(USER_KEY);
    if (!token || !user) continue;
    const exp = tokenExpiry(token);
    if (!exp || exp <= Date.now()) continue;
    try {
      return { token, user: JSON.parse(user) as PublicUser };
    } catch {
      continue;
    }
  }
  return null;
}

export function signIn(token: string, user: PublicUser, remember: boolean) {
  clearSession();
  const s = remember ? window.localStorage : window.sessionStorage;
  s.setItem(TOKEN_KEY, token);
  s.setItem(USER_KEY, JSON.stringify(user));
  $session.set({ status: 'signed-in', token, user });
}

export function clearSession() {
  for (const s of storages()) {
    s.removeItem(TOKEN_KEY);
    s.removeItem(USER_KEY);
  }
  $session.set({ status: 'anonymous' });
}

/** Logout: the stored token and the server's session cookie both go (the cookie is HttpOnly, so only the API can drop it). */
export async function signOut(): Promise<void> {
  clearSession();
  try {
    await fetch('/api/auth/logout', { method: 'POST', keepalive: true });
  } catch {
    // Offline: the cookie's token still expires on its own.
  }
}

/** Reads the stored token on start: a missing or expired token means signed out (01 §4). */
export function restoreSession() {
  const stored = storedSession();
  if (!stored) {
    clearSession();
    return;
  }
  $session.set({ status: 'signed-in', ...stored });
}

export function currentToken(): string | null {
  const s = $session.get();
  return s.status === 'signed-in' ? s.token : storedSession()?.token ?? null;
}
