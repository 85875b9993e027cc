import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import LoginForm, { loginErrorText, safeRedirect } from '../../site/src/islands/LoginForm';
import { ApiRequestError } from '../../site/src/lib/errors';
import { $session } from '../../site/src/stores/session';
import { $toasts } from '../../site/src/stores/toast';

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
let requests: Array<{ method: string; path: string; body: unknown; auth: string | null }> = [];
/** GET /api/users/me: the server's word on the session (the HttpOnly cookie); signed out unless a test says otherwise. */
let me: Reply = [
  401,
  {
    data: null,
    error: { status: 401, name: 'UnauthorizedError', message: 'Bu işlem için giriş yapmanız gerekiyor', details: {} },
  },
];

function mockApi(route: (path: string) => Reply | Promise<Reply>) {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = input instanceof Request ? input : new Request(String(input), init);
      const path = new URL(req.url).pathname;
      if (path === '/api/users/me')
        return new Response(JSON.stringify(me[1]), { status: me[0], headers: { 'content-type': 'application/json' } });
      const text = req.method === 'GET' ? '' : await req.text();
      requests.push({
        method: req.method,
        path,
        body: text ? JSON.parse(text) : undefined,
        auth: req.headers.get('authorization'),
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
beforeEach(() => {
  $session.set({ status: 'loading' });
  me = [
    401,
    {
      data: null,
      error: { status: 401, name: 'UnauthorizedError', message: 'Bu işlem için giriş yapmanız gerekiyor', details: {} },
    },
  ];
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
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  $toasts.set([]);
});

const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;

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
    ]) {
      expect(safeRedirect(bad), String(bad)).toBe('/');
    }
  });

  it('maps the server refusals to the texts of 01 §8', () => {
    expect(loginErrorText(new ApiRequestError('Invalid identifier or password', 400, null))).toBe(
      'Geçersiz kullanıcı adı/e-posta veya şifre',
    );
    expect(loginErrorText(new ApiRequestError('whatever', 401, null))).toBe(
      'Geçersiz kullanıcı adı/e-posta veya şifre',
    );
    expect(
      loginErrorText(new ApiRequestError('Çok fazla deneme', 429, { error: { message: 'Çok fazla deneme' } })),
    ).toBe('Çok fazla deneme');
    expect(loginErrorText(new ApiRequestError('Bir hata oluştu', 500, null))).toBe('Giriş yapılırken bir hata oluştu');
    expect(loginErrorText(new TypeError('Failed to fetch'))).toBe('Giriş yapılırken bir hata oluştu');
  });
});

describe('login form', () => {
  it('shows the validation messages of 01 §5 and sends nothing', async () => {
    mockApi(() => [500, {}]);
    const u = userEvent.setup();
    render(<LoginForm />);
    await u.click(screen.getByRole('button', { name: 'Giriş Yap' }));
    expect(screen.getByText('E-posta veya kullanıcı adı gerekli')).toBeTruthy();
    expect(screen.getByText('Şifre gerekli')).toBeTruthy();
    expect(field('E-posta veya kullanıcı adı').getAttribute('aria-invalid')).toBe('true');

    await u.type(field('E-posta veya kullanıcı adı'), 'ayse@eksik');
    expect(screen.queryByText('E-posta veya kullanıcı adı gerekli')).toBeNull();
    // Editing one field clears only its own error.
    expect(screen.getByText('Şifre gerekli')).toBeTruthy();
    await u.type(field('Şifre'), '12345');
    await u.click(screen.getByRole('button', { name: 'Giriş Yap' }));
    expect(screen.getByText('Geçerli bir e-posta adresi girin')).toBeTruthy();
    expect(screen.getByText('Şifre en az 6 karakter olmalı')).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('shows and hides the password', async () => {
    const u = userEvent.setup();
    render(<LoginForm />);
    await u.type(field('Şifre'), 'gizli123');
    expect(field('Şifre').type).toBe('password');
    await u.click(screen.getByRole('button', { name: 'Şifreyi göster' }));
    expect(field('Şifre').type).toBe('text');
    await u.click(screen.getByRole('button', { name: 'Şifreyi gizle' }));
    expect(field('Şifre').type).toBe('password');
  });

  it('signs in, says so, and returns to the redirect path', async () => {
    let release!: () => void;
    const jwt = token();
    mockApi(() => new Promise<Reply>((ok) => (release = () => ok([200, { data: { jwt, user }, meta: {} }]))));
    const u = userEvent.setup();
    render(<LoginForm redirect="/yonetim/rezervasyonlar?sekme=bugun" />);
    await u.type(field('E-posta veya kullanıcı adı'), '  admin ');
    await u.type(field('Şifre'), 'admin1234');
    await u.click(screen.getByRole('button', { name: 'Giriş Yap' }));
    expect(screen.getByRole('button', { name: 'Giriş yapılıyor...' }).hasAttribute('disabled')).toBe(true);
    release();
    await screen.findByText('Başarıyla giriş yapıldı!');
    expect(requests[0]).toMatchObject({
      method: 'POST',
      path: '/api/auth/local',
      body: { identifier: 'admin', password: 'admin1234' },
    });
    // The session is the HttpOnly cookie: the jwt in the answer is not kept anywhere scripts can read.
    expect(JSON.stringify({ ...localStorage })).not.toContain(jwt);
    expect(JSON.stringify({ ...sessionStorage })).not.toContain(jwt);
    // "Beni hatırla" is on by default: the display hint survives the tab.
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ username: 'admin' });
    expect($session.get()).toMatchObject({ status: 'signed-in', user: { username: 'admin' } });
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/yonetim/rezervasyonlar?sekme=bugun'));
  });

  it('without remember me keeps the session for the tab; a foreign redirect goes home', async () => {
    mockApi(() => [200, { data: { jwt: token(), user }, meta: {} }]);
    const u = userEvent.setup();
    render(<LoginForm redirect="https://evil.example/" />);
    await u.type(field('E-posta veya kullanıcı adı'), 'admin@example.com');
    await u.type(field('Şifre'), 'admin1234');
    await u.click(screen.getByRole('checkbox', { name: 'Beni hatırla' }));
    await u.click(screen.getByRole('button', { name: 'Giriş Yap' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(localStorage.getItem('user')).toBeNull();
    expect(sessionStorage.getItem('user')).not.toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it('a refused login shows the Turkish credential text; other failures the server message', async () => {
    let reply: Reply = apiError(401, 'Geçersiz kullanıcı adı/e-posta veya şifre');
    mockApi(() => reply);
    const u = userEvent.setup();
    render(<LoginForm />);
    await u.type(field('E-posta veya kullanıcı adı'), 'admin');
    await u.type(field('Şifre'), 'yanlis-sifre');
    await u.click(screen.getByRole('button', { name: 'Giriş Yap' }));
    await screen.findByText('Geçersiz kullanıcı adı/e-posta veya şifre');
    expect(screen.getByRole('button', { name: 'Giriş Yap' }).hasAttribute('disabled')).toBe(false);

    reply = apiError(429, 'Çok fazla deneme yaptınız. Lütfen birkaç dakika sonra tekrar deneyin.');
    await u.click(screen.getByRole('button', { name: 'Giriş Yap' }));
    await screen.findByText('Çok fazla deneme yaptınız. Lütfen birkaç dakika sonra tekrar deneyin.');
    expect(assign).not.toHaveBeenCalled();
  });

  it('a visitor the server knows (the cookie, /api/users/me) is sent back to the origin, with or without a stored hint', async () => {
    me = [200, { data: user, meta: {} }];
    render(<LoginForm redirect="/yonetim/sahalar" />);
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/yonetim/sahalar'));
  });

  it('a stale stored hint without a live cookie does not bounce the visitor away from the form (no redirect loop)', async () => {
    localStorage.setItem('user', JSON.stringify(user));
    render(<LoginForm redirect="/yonetim/sahalar" />);
    await waitFor(() => expect(localStorage.getItem('user')).toBeNull());
    expect(replace).not.toHaveBeenCalled();
  });
});
