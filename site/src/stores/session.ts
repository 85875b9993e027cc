import { atom, computed } from 'nanostores';
import type { PublicUser } from '../../../contracts/auth';

// The session is the HttpOnly cookie set at login: scripts never see a token, none is kept in storage or
// put in a URL. GET /api/users/me is the truth; the stored 'user' is only a display hint for the header (behaviour.md#constants-and-limits),
// kept in localStorage with 'Beni hatırla', otherwise for the tab.
export const USER_KEY = 'user';
/** What older versions stored; removed wherever it is found. */
const LEGACY_TOKEN_KEY = 'token';

export type SessionState = { status: 'loading' } | { status: 'anonymous' } | { status: 'signed-in'; user: PublicUser };

export const $session = atom<SessionState>({ status: 'loading' });
export const $user = computed($session, (s) => (s.status === 'signed-in' ? s.user : null));

function storages(): Storage[] {
  try {
    return typeof window === 'undefined' ? [] : [window.sessionStorage, window.localStorage];
  } catch {
    return [];
  }
}

/** The display hint of the last sign-in in this browser, if any (no credential: the cookie decides). */
export function storedSession(): { user: PublicUser } | null {
  for (const s of storages()) {
    s.removeItem(LEGACY_TOKEN_KEY);
    const user = s.getItem(USER_KEY);
    if (!user) continue;
    try {
      return { user: JSON.parse(user) as PublicUser };
    } catch {}
  }
  return null;
}

export function signIn(user: PublicUser, remember: boolean) {
  clearSession();
  const s = remember ? window.localStorage : window.sessionStorage;
  s.setItem(USER_KEY, JSON.stringify(user));
  $session.set({ status: 'signed-in', user });
}

export function clearSession() {
  for (const s of storages()) {
    s.removeItem(LEGACY_TOKEN_KEY);
    s.removeItem(USER_KEY);
  }
  $session.set({ status: 'anonymous' });
}

/** Logout: the server revokes the token and drops the cookie (only it can, the cookie is HttpOnly); the hint goes too. */
let leaving = false;
/**
 * This tab asked to sign out and is on its way to /giris: the bell's socket the server then closes, and any 401 an
 * island's request meets meanwhile, do not start a second navigation that would abort the first.
 */
export const signingOut = () => leaving;

export async function signOut(): Promise<void> {
  leaving = true;
  clearSession();
  try {
    await (await fetch('/api/auth/logout', { method: 'POST', keepalive: true, credentials: 'same-origin' })).text();
  } catch {
    // Offline: the token still expires on its own (12 h, or 30 days with 'Beni hatırla').
  }
}

/** Shows the stored hint at once (no request); `loadSession` confirms it with the server. */
export function restoreSession() {
  const stored = storedSession();
  if (!stored) {
    clearSession();
    return;
  }
  $session.set({ status: 'signed-in', user: stored.user });
}

let loading: Promise<SessionState> | null = null;

/**
 * Asks the server who is signed in (GET /api/users/me with the cookie). Works in every tab, remembered or not: a tab
 * without the hint still has the browser's cookie. A network failure keeps what the store already knew.
 */
export function loadSession(): Promise<SessionState> {
  loading ??= (async () => {
    try {
      const res = await fetch('/api/users/me', { credentials: 'same-origin', headers: { accept: 'application/json' } });
      if (res.ok) {
        const { data } = (await res.json()) as { data: PublicUser };
        $session.set({ status: 'signed-in', user: data });
      } else {
        // Drain the refusal: an unread body keeps the request open in the browser (and the page never goes idle).
        await res.text().catch(() => '');
        if (res.status === 401) clearSession();
      }
    } catch {
      if ($session.get().status === 'loading') restoreSession();
    }
    return $session.get();
  })().finally(() => {
    loading = null;
  });
  return loading;
}
