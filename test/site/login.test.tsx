// The login page's script (scripts/login.ts) on the form giris.astro renders: the hooks below are that markup without
// its styling. e2e/login.test.ts runs the real page in Chromium.
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { ApiRequestError } from '../../site/src/lib/errors';
import { initLogin, loginErrorText, redirectOf, safeRedirect } from '../../site/src/scripts/login';
import { $session } from '../../site/src/stores/session';

const FORM = `
  <form data-login-form method="post" novalidate>
    <div id="login-error" role="alert" hidden></div>
    <label for="login-identifier">E-posta veya kullanıcı adı</label>
    <input id="login-identifier" name="identifier" autocomplete="username" maxlength="254" />
    <span id="login-identifier-error" hidden></span>
    <label for="login-password">Şifre</label>
    <input id="login-password" name="password" type="password" autocomplete="current-password" maxlength="200" />
    <button type="button" data-password-toggle aria-label="Şifreyi göster" aria-pressed="false">
      <svg data-icon="show"></svg><svg data-icon="hide" class="hidden"></svg>
    </button>
    <span id="login-password-error" hidden></span>
    <label><input type="checkbox" name="remember" checked /> Beni hatırla</label>
    <button type="submit" data-login-submit disabled>Giriş Yap</button>
  </form>
  <div role="status" aria-live="polite" data-toasts></div>
  <template data-toast><div><p data-toast-title></p><button type="button" aria-label="Bildirimi kapat">✕</button></div></template>`;

const user = {
  id: 1,
  documentId: 'u1',
  username: 'admin',
  email: 'admin@example.com',
  firstName: 'Ayşe',
  lastName: 'Yılmaz',
  blocked: false,
  role: { id: 1, name: 'Admin', type: 'admin' as const },
};
const b64 = (o: unknown) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const token = (expInSeconds = 3600) =>
  `${b64({ alg: 'HS256' })}.${b64({ sub: '1', exp: Math.floor(Date.now() / 1000) + expInSeconds })}.sig`;

type Reply = [number, unknown];
let requests: Array<{ method: string; path: string; body: unknown; credentials?: RequestCredentials }> = [];
const signedOut: Reply = [
  401,
  {
    data: null,
    error: { status: 401, name: 'UnauthorizedError', message: 'Bu işlem için giriş yapmanız gerekiyor', details: {} },
  },
];
/** GET /api/users/me: the server's word on the session (the HttpOnly cookie); signed out unless a test says otherwise. */
let me: Reply = signedOut;

function mockApi(route: (path: string) => Reply | Promise<Reply>) {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = input instanceof Request ? input : new Request(new URL(String(input), location.origin), init);
      const path = new URL(req.url).pathname;
      if (path === '/api/users/me')
        return new Response(JSON.stringify(me[1]), { status: me[0], headers: { 'content-type': 'application/json' } });
      const text = req.method === 'GET' ? '' : await req.text();
      requests.push({
        method: req.method,
        path,
        body: text ? JSON.parse(text) : undefined,
        credentials: init?.credentials,
      });
      const [status, body] = await route(path);
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
}
const apiError = (status: number, message: string): Reply => [
  status,
  { data: null, error: { status, name: 'Error', message, details: {} } },
];

type Navigate = (url: string | URL) => void;
let assign: Mock<Navigate>;
let replace: Mock<Navigate>;
let teardown: (() => void) | undefined;

/** The page at /giris with the given query, its form wired. */
function open(query = '') {
  window.history.replaceState(null, '', `/giris${query}`);
  document.body.innerHTML = FORM;
  teardown = initLogin();
}

beforeEach(() => {
  $session.set({ status: 'loading' });
  me = signedOut;
  mockApi(() => [
    500,
    { data: null, error: { status: 500, name: 'ApplicationError', message: 'Bir hata oluştu', details: {} } },
  ]);
  assign = vi.fn<Navigate>();
  replace = vi.fn<Navigate>();
  vi.spyOn(window.location, 'assign').mockImplementation(assign);
  vi.spyOn(window.location, 'replace').mockImplementation(replace);
});
afterEach(() => {
  teardown?.();
  teardown = undefined;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;
const submit = () => screen.getByRole('button', { name: /Giriş/ }) as HTMLButtonElement;

describe('login redirect target', () => {
  it('accepts only a same-site path starting with "/"', () => {
    expect(safeRedirect('/yonetim/rezervasyonlar?sekme=bugun')).toBe('/yonetim/rezervasyonlar?sekme=bugun');
    expect(safeRedirect('/')).toBe('/');
    for (const bad of [
      null,
      undefined,
      '',
      'https://evil.example/x',
      '//evil.example/x',
      '/\\evil.example',
      'yonetim',
      'javascript:alert(1)',
      '/giris?redirect=/x',
      '//evil.com',
      'https://evil.com',
      '/\t/evil.com',
    ]) {
      // Never another host: anything that is not a plain same-site path lands on the panel.
      expect(safeRedirect(bad), String(bad)).toBe('/yonetim');
    }
  });

  it('takes `redirect`, else `next`, else lands on the panel', () => {
    const of = (q: string) => redirectOf(new URLSearchParams(q));
    expect(of('')).toBe('/yonetim');
    expect(of('next=/sahalar/yildiz')).toBe('/sahalar/yildiz');
    expect(of('redirect=/yonetim/bildirimler&next=/sahalar')).toBe('/yonetim/bildirimler');
    expect(of('next=//evil.com')).toBe('/yonetim');
    expect(of('next=https%3A%2F%2Fevil.com')).toBe('/yonetim');
  });

  it('maps the server refusals to the texts of behaviour.md#error-messages', () => {
    expect(loginErrorText(new ApiRequestError('Invalid identifier or password', 400, null))).toBe(
      'Geçersiz kullanıcı adı/e-posta veya şifre',
    );
    expect(loginErrorText(new ApiRequestError('whatever', 401, null))).toBe(
      'Geçersiz kullanıcı adı/e-posta veya şifre',
    );
    expect(loginErrorText(new ApiRequestError('Hesabınız engellenmiş, yöneticinizle görüşün', 401, null))).toBe(
      'Hesabınız engellenmiş, yöneticinizle görüşün',
    );
    expect(
      loginErrorText(new ApiRequestError('Çok fazla deneme', 429, { error: { message: 'Çok fazla deneme' } })),
    ).toBe('Çok fazla deneme');
    expect(loginErrorText(new ApiRequestError('Bir hata oluştu', 500, null))).toBe('Giriş yapılırken bir hata oluştu');
    expect(loginErrorText(new TypeError('Failed to fetch'))).toBe('Giriş yapılırken bir hata oluştu');
  });
});

describe('login form script', () => {
  it('enables the server-rendered button and marks the form ready only once it runs', () => {
    window.history.replaceState(null, '', '/giris');
    document.body.innerHTML = FORM;
    expect(submit().disabled).toBe(true);
    teardown = initLogin();
    expect(submit().disabled).toBe(false);
    expect(document.querySelector<HTMLFormElement>('[data-login-form]')!.hasAttribute('data-ready')).toBe(true);
  });

  it('shows the validation messages of behaviour.md#validation with aria-invalid/aria-describedby, focuses the first, sends nothing', async () => {
    open();
    const u = userEvent.setup();
    await u.click(submit());
    expect(screen.getByText('E-posta veya kullanıcı adı gerekli')).toBeTruthy();
    expect(screen.getByText('Şifre gerekli')).toBeTruthy();
    const identifier = field('E-posta veya kullanıcı adı');
    expect(identifier.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(identifier.getAttribute('aria-describedby')!)?.textContent).toBe(
      'E-posta veya kullanıcı adı gerekli',
    );
    expect(document.activeElement).toBe(identifier);

    await u.type(identifier, 'ayse@eksik');
    expect(screen.queryByText('E-posta veya kullanıcı adı gerekli')).toBeNull();
    expect(identifier.hasAttribute('aria-invalid')).toBe(false);
    expect(identifier.hasAttribute('aria-describedby')).toBe(false);
    // Editing one field clears only its own error.
    expect(screen.getByText('Şifre gerekli')).toBeTruthy();
    await u.type(field('Şifre'), '12345');
    await u.click(submit());
    expect(screen.getByText('Geçerli bir e-posta adresi girin')).toBeTruthy();
    expect(screen.getByText('Şifre en az 6 karakter olmalı')).toBeTruthy();
    expect(document.activeElement).toBe(identifier);

    // Only the password wrong: focus goes to the password.
    await u.clear(identifier);
    await u.type(identifier, 'admin');
    await u.click(submit());
    expect(screen.queryByText('Geçerli bir e-posta adresi girin')).toBeNull();
    expect(document.activeElement).toBe(field('Şifre'));
    expect(requests).toHaveLength(0);
  });

  it('shows and hides the password', async () => {
    open();
    const u = userEvent.setup();
    await u.type(field('Şifre'), 'gizli123');
    expect(field('Şifre').type).toBe('password');
    const toggle = screen.getByRole('button', { name: 'Şifreyi göster' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await u.click(toggle);
    expect(field('Şifre').type).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(toggle.querySelector('[data-icon=hide]')!.classList.contains('hidden')).toBe(false);
    expect(toggle.querySelector('[data-icon=show]')!.classList.contains('hidden')).toBe(true);
    await u.click(screen.getByRole('button', { name: 'Şifreyi gizle' }));
    expect(field('Şifre').type).toBe('password');
    expect(field('Şifre').value).toBe('gizli123');
  });

  it('signs in (pending button, fields locked), says so, and returns to the redirect path', async () => {
    let release!: () => void;
    const jwt = token();
    mockApi(() => new Promise<Reply>((ok) => (release = () => ok([200, { data: { jwt, user }, meta: {} }]))));
    open(`?redirect=${encodeURIComponent('/yonetim/rezervasyonlar?sekme=bugun')}`);
    const u = userEvent.setup();
    await u.type(field('E-posta veya kullanıcı adı'), '  admin ');
    await u.type(field('Şifre'), 'admin1234');
    await u.click(submit());
    const pending = screen.getByRole('button', { name: 'Giriş yapılıyor...' }) as HTMLButtonElement;
    expect(pending.disabled).toBe(true);
    expect(field('E-posta veya kullanıcı adı').disabled).toBe(true);
    expect(field('Şifre').disabled).toBe(true);
    // A second submit while pending sends nothing more.
    document.querySelector<HTMLFormElement>('[data-login-form]')!.requestSubmit();
    release();
    await screen.findByText('Başarıyla giriş yapıldı!');
    expect(screen.getByRole('status').textContent).toContain('Başarıyla giriş yapıldı!');
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      method: 'POST',
      path: '/api/auth/local',
      body: { identifier: 'admin', password: 'admin1234', remember: true },
      credentials: 'same-origin',
    });
    // The session is the HttpOnly cookie: the jwt in the answer is not kept anywhere scripts can read.
    expect(JSON.stringify({ ...localStorage })).not.toContain(jwt);
    expect(JSON.stringify({ ...sessionStorage })).not.toContain(jwt);
    // "Beni hatırla" is on by default: the display hint survives the tab.
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ username: 'admin' });
    expect($session.get()).toMatchObject({ status: 'signed-in', user: { username: 'admin' } });
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/yonetim/rezervasyonlar?sekme=bugun'));
    // The toast can be closed.
    await u.click(screen.getByRole('button', { name: 'Bildirimi kapat' }));
    expect(screen.queryByText('Başarıyla giriş yapıldı!')).toBeNull();
  });

  it('without remember me keeps the session for the tab; a foreign redirect lands on the panel', async () => {
    mockApi(() => [200, { data: { jwt: token(), user }, meta: {} }]);
    open('?redirect=https%3A%2F%2Fevil.example%2F');
    const u = userEvent.setup();
    await u.type(field('E-posta veya kullanıcı adı'), 'admin@example.com');
    await u.type(field('Şifre'), 'admin1234');
    await u.click(screen.getByRole('checkbox', { name: 'Beni hatırla' }));
    await u.click(submit());
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/yonetim'));
    expect(requests[0].body).toMatchObject({ remember: false });
    expect(localStorage.getItem('user')).toBeNull();
    expect(sessionStorage.getItem('user')).not.toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it('a refused login shows the Turkish credential text in the alert, then the server message; focus comes back', async () => {
    let reply: Reply = apiError(401, 'Geçersiz kullanıcı adı/e-posta veya şifre');
    mockApi(() => reply);
    open();
    const u = userEvent.setup();
    await u.type(field('E-posta veya kullanıcı adı'), 'admin');
    await u.type(field('Şifre'), 'yanlis-sifre');
    await u.keyboard('{Enter}');
    await screen.findByText('Geçersiz kullanıcı adı/e-posta veya şifre');
    const form = document.querySelector<HTMLFormElement>('[data-login-form]')!;
    expect(screen.getByRole('alert').textContent).toBe('Geçersiz kullanıcı adı/e-posta veya şifre');
    expect(form.getAttribute('aria-describedby')).toBe('login-error');
    expect(submit().disabled).toBe(false);
    expect(submit().textContent).toBe('Giriş Yap');
    expect(field('Şifre').disabled).toBe(false);
    expect(document.activeElement).toBe(field('Şifre'));

    reply = apiError(429, 'Çok fazla deneme yaptınız. Lütfen birkaç dakika sonra tekrar deneyin.');
    await u.click(submit());
    await screen.findByText('Çok fazla deneme yaptınız. Lütfen birkaç dakika sonra tekrar deneyin.');
    expect(assign).not.toHaveBeenCalled();

    // Typing again clears the message.
    await u.type(field('Şifre'), 'x');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(form.hasAttribute('aria-describedby')).toBe(false);
  });

  it('never asks the API who is signed in: the server of the page already sent a signed-in visitor back', async () => {
    const fetch = vi.mocked(globalThis.fetch);
    open('?redirect=%2Fyonetim%2Fsahalar');
    await act(async () => {});
    expect(fetch.mock.calls.map(([input]) => String(input))).toEqual([]);
    expect(replace).not.toHaveBeenCalled();
  });

  it('a stale stored hint without a live cookie goes and does not bounce the visitor away from the form', async () => {
    localStorage.setItem('user', JSON.stringify(user));
    open('?redirect=%2Fyonetim%2Fsahalar');
    expect(localStorage.getItem('user')).toBeNull();
    expect($session.get()).toEqual({ status: 'anonymous' });
    expect(replace).not.toHaveBeenCalled();
  });
});
