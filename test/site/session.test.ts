import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  $session,
  clearSession,
  loadSession,
  restoreSession,
  signIn,
  storedSession,
} from '../../site/src/stores/session';

const user = {
  id: 1,
  documentId: 'd',
  username: 'admin',
  email: 'admin@example.com',
  firstName: 'Ayşe',
  lastName: 'Yılmaz',
  blocked: false,
  role: { id: 1, name: 'Admin', type: 'admin' as const },
};

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

const answer = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

describe('session store: the HttpOnly cookie is the session', () => {
  it('signing in keeps no token anywhere; the user hint goes to localStorage with remember, else the tab', () => {
    signIn(user, true);
    expect(localStorage.getItem('user')).not.toBeNull();
    expect(sessionStorage.getItem('user')).toBeNull();
    signIn(user, false);
    expect(localStorage.getItem('user')).toBeNull();
    expect(sessionStorage.getItem('user')).not.toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem('token')).toBeNull();
    expect($session.get()).toEqual({ status: 'signed-in', user });
  });

  it('a token left in storage by an older version is removed on the first read', () => {
    localStorage.setItem('token', 'eski.jwt.degeri');
    localStorage.setItem('user', JSON.stringify(user));
    expect(storedSession()).toEqual({ user });
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('clearing the session removes the hint everywhere', () => {
    signIn(user, true);
    clearSession();
    expect(localStorage.getItem('user')).toBeNull();
    expect($session.get()).toEqual({ status: 'anonymous' });
    restoreSession();
    expect($session.get()).toEqual({ status: 'anonymous' });
  });

  it('loadSession asks /api/users/me with the cookie: a second tab without any stored hint is signed in', async () => {
    const fetch = answer(200, { data: user, meta: {} });
    vi.stubGlobal('fetch', fetch);
    $session.set({ status: 'loading' });
    expect(await loadSession()).toEqual({ status: 'signed-in', user });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/users/me');
    expect(init.credentials).toBe('same-origin');
    expect(new Headers(init.headers).has('authorization')).toBe(false);
  });

  it('loadSession: a 401 (logged out elsewhere, revoked, expired) signs out and drops the hint', async () => {
    signIn(user, true);
    vi.stubGlobal('fetch', answer(401, { data: null, error: { status: 401 } }));
    expect(await loadSession()).toEqual({ status: 'anonymous' });
    expect(localStorage.getItem('user')).toBeNull();
  });
});
