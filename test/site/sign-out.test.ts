// 'Çıkış Yap' in the panel: the tab goes to /giris once. The bell's socket the server then closes, and a 401 an island's
// request meets meanwhile, start no second navigation (two at once abort each other, and the visitor may be left on
// the panel page).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { client } from '../../site/src/lib/api';
import { $session, signIn, signingOut, signOut } from '../../site/src/stores/session';
import { staffUser as user } from './fixtures/notification';

let assign: ReturnType<typeof vi.fn>;
beforeEach(() => {
  window.history.replaceState(null, '', '/yonetim/rezervasyonlar');
  assign = vi.fn();
  vi.spyOn(window.location, 'assign').mockImplementation(assign as unknown as (url: string | URL) => void);
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ data: null, error: { status: 401, name: 'UnauthorizedError', message: 'x' } }), {
          status: 401,
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

describe('signing out (behaviour.md#login-and-sessions)', () => {
  it('before it, a 401 inside the panel sends the tab to /giris with the way back', async () => {
    signIn(user, false);
    await client.api.users.me.$get();
    expect(assign).toHaveBeenCalledWith('/giris?redirect=%2Fyonetim%2Frezervasyonlar');
  });

  it('once this tab signs out, a 401 on the way out starts no second navigation', async () => {
    signIn(user, false);
    await signOut();
    expect(signingOut()).toBe(true);
    expect($session.get().status).toBe('anonymous');
    assign.mockClear();
    await client.api.users.me.$get();
    expect(assign).not.toHaveBeenCalled();
  });
});
