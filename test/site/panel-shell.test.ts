import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import type { PublicUser } from '../../contracts/auth';
import { displayName, isActiveEntry, loginUrl, navFor } from '../../site/src/lib/panel';
import { panelUser } from '../../site/src/lib/panel-auth';
import { guardPanel, panelScreen, panelStaff } from '../../site/src/lib/panel-page';
import { COLLAPSED_KEY, initPanelShell } from '../../site/src/scripts/panel-shell';

// The real reader verifies the HttpOnly cookie against D1 (worker runtime); here only what the guard does with its answer.
vi.mock('../../site/src/lib/panel-auth', () => ({ panelUser: vi.fn() }));

const admin: PublicUser = {
  id: 1,
  documentId: 'u1',
  username: 'admin',
  email: 'admin@example.com',
  firstName: 'Ayşe',
  lastName: 'Yılmaz',
  blocked: false,
  role: { id: 1, name: 'Admin', type: 'admin' },
};
const manager: PublicUser = {
  ...admin,
  id: 2,
  username: 'mudur',
  firstName: null,
  lastName: null,
  role: { id: 2, name: 'Manager', type: 'manager' },
};

describe('panel sidebar entries', () => {
  it('lists every screen of the route table in order for an admin', () => {
    expect(navFor('admin').map((e) => e.label)).toEqual([
      'Gösterge Paneli',
      'Bugün',
      'Rezervasyonlar',
      'Haftalık Takvim',
      'Kapanışlar',
      'Abonelikler',
      'Sahalar',
      'Müşteriler',
      'Bildirimler',
      'Saha Servisleri',
      'Fiyatlandırma',
      'Gün Sonu',
      'Raporlar',
      'Ayarlar',
    ]);
    expect(navFor('admin')[0].href).toBe('/yonetim');
  });

  it('hides Raporlar and Ayarlar from a manager, who keeps Bugün and Gün Sonu (the desk closes the day)', () => {
    const hrefs = navFor('manager').map((e) => e.href);
    expect(hrefs).toHaveLength(12);
    expect(hrefs).toContain('/yonetim/kapanislar');
    expect(hrefs).toContain('/yonetim/bugun');
    expect(hrefs).toContain('/yonetim/gun-sonu');
    expect(hrefs).not.toContain('/yonetim/raporlar');
    expect(hrefs).not.toContain('/yonetim/ayarlar');
  });

  it('marks the dashboard only on /yonetim, other entries also on their sub-paths', () => {
    expect(isActiveEntry('/yonetim', '/yonetim')).toBe(true);
    expect(isActiveEntry('/yonetim', '/yonetim/')).toBe(true);
    expect(isActiveEntry('/yonetim', '/yonetim/sahalar')).toBe(false);
    expect(isActiveEntry('/yonetim/sahalar', '/yonetim/sahalar/')).toBe(true);
    expect(isActiveEntry('/yonetim/sahalar', '/yonetim/sahalar/nilufer')).toBe(true);
    expect(isActiveEntry('/yonetim/saha', '/yonetim/saha-servisleri')).toBe(false);
  });

  it('names the staff member by full name, else by username', () => {
    expect(displayName(admin)).toBe('Ayşe Yılmaz');
    expect(displayName({ ...admin, lastName: null })).toBe('Ayşe');
    expect(displayName(manager)).toBe('mudur');
  });
});

describe('panel page guard', () => {
  // What the Astro middleware receives for a request that matched `routePattern`; next() renders the page.
  const request = (url: string, routePattern: string) => {
    const redirect = vi.fn((to: string) => new Response(null, { status: 302, headers: { location: to } }));
    const next = vi.fn(async () => new Response('<html></html>', { status: 200 }));
    const context = { request: new Request(url), url: new URL(url), routePattern, redirect, locals: {} as App.Locals };
    const run = () => guardPanel(context as unknown as Parameters<typeof guardPanel>[0], next) as Promise<Response>;
    return { context, redirect, next, run };
  };
  const user = panelUser as Mock<typeof panelUser>;

  it('sends a visitor without a session to /giris remembering the path and query', async () => {
    user.mockResolvedValue(null);
    const req = request('https://saha.test/yonetim/rezervasyonlar?sekme=bugun', '/yonetim/rezervasyonlar');
    const out = await req.run();
    expect(out).toBeInstanceOf(Response);
    expect(req.redirect).toHaveBeenCalledWith('/giris?redirect=%2Fyonetim%2Frezervasyonlar%3Fsekme%3Dbugun');
    expect(req.next).not.toHaveBeenCalled();
    expect(loginUrl('/yonetim')).toBe('/giris?redirect=%2Fyonetim');
  });

  it('lets a manager in on an ordinary screen and never lets the page be cached', async () => {
    user.mockResolvedValue(manager);
    const req = request('https://saha.test/yonetim/bildirimler', '/yonetim/bildirimler');
    const out = await req.run();
    expect(req.context.locals.staff).toEqual(manager);
    expect(panelStaff(req.context.locals)).toEqual(manager);
    expect(req.redirect).not.toHaveBeenCalled();
    expect(req.next).toHaveBeenCalledOnce();
    expect(out.headers.get('Cache-Control')).toBe('no-store');
  });

  it('sends a manager from an admin-only screen to /yonetim/yetkisiz and lets an admin in', async () => {
    user.mockResolvedValue(manager);
    const denied = request('https://saha.test/yonetim/raporlar', '/yonetim/raporlar');
    await denied.run();
    expect(denied.redirect).toHaveBeenCalledWith('/yonetim/yetkisiz');
    expect(denied.next).not.toHaveBeenCalled();

    user.mockResolvedValue(admin);
    const allowed = request('https://saha.test/yonetim/raporlar', '/yonetim/raporlar');
    await allowed.run();
    expect(allowed.next).toHaveBeenCalledOnce();
    expect(allowed.context.locals.staff).toEqual(admin);
  });

  it('sends a manager from an Ayarlar sub-page to /yonetim/yetkisiz too', async () => {
    user.mockResolvedValue(manager);
    for (const path of ['/yonetim/ayarlar/personel', '/yonetim/ayarlar/denetim']) {
      const denied = request(`https://saha.test${path}`, path);
      await denied.run();
      expect(denied.redirect).toHaveBeenCalledWith('/yonetim/yetkisiz');
      expect(denied.next).not.toHaveBeenCalled();
    }
    const own = request('https://saha.test/yonetim/hesabim', '/yonetim/hesabim');
    await own.run();
    expect(own.next).toHaveBeenCalledOnce();
  });

  it('guards every /yonetim screen, Ayarlar and Raporlar for admins only, and nothing else', () => {
    expect(panelScreen('/yonetim')).toEqual({ adminOnly: false });
    expect(panelScreen('/yonetim/yetkisiz')).toEqual({ adminOnly: false });
    expect(panelScreen('/yonetim/ayarlar')).toEqual({ adminOnly: true });
    expect(panelScreen('/yonetim/raporlar')).toEqual({ adminOnly: true });
    // Every page under an admin-only entry is admin-only too (Ayarlar' sub-pages); a look-alike prefix is not.
    expect(panelScreen('/yonetim/ayarlar/personel')).toEqual({ adminOnly: true });
    expect(panelScreen('/yonetim/ayarlar/denetim')).toEqual({ adminOnly: true });
    expect(panelScreen('/yonetim/ayarlar/')).toEqual({ adminOnly: true });
    expect(panelScreen('/yonetim/raporlar/aylik')).toEqual({ adminOnly: true });
    expect(panelScreen('/yonetim/ayarlarx')).toEqual({ adminOnly: false });
    expect(panelScreen('/yonetim/hesabim')).toEqual({ adminOnly: false });
    expect(panelScreen('/yonetim/sahalar/yeni')).toEqual({ adminOnly: false });
    // An unknown /yonetim path is a 404 for everyone; public pages are not the panel's.
    expect(panelScreen('/yonetim/[...path]')).toBeNull();
    expect(panelScreen('/yonetimler')).toBeNull();
    expect(panelScreen('/giris')).toBeNull();
  });

  it('leaves a public page alone: no session look-up, no header', async () => {
    user.mockClear();
    const req = request('https://saha.test/sahalar', '/sahalar/[...rest]');
    const out = await req.run();
    expect(user).not.toHaveBeenCalled();
    expect(out.headers.get('Cache-Control')).toBeNull();
  });
});

// The data-* hooks Panel.astro and Sidebar.astro render, without their styling.
const SHELL = `
  <aside id="panel-sidebar">
    <button type="button" data-drawer-close>Menüyü kapat</button>
    <nav><a href="/yonetim">Gösterge Paneli</a><a href="/yonetim/rezervasyonlar" aria-current="page">Rezervasyonlar</a></nav>
    <button type="button" data-sidebar-collapse aria-expanded="true"><span data-collapse-label>Menüyü daralt</span></button>
  </aside>
  <div data-drawer-overlay hidden></div>
  <div data-panel-content>
    <header>
      <button type="button" data-drawer-open aria-expanded="false">Menüyü aç</button>
      <button type="button" data-theme-toggle>Tema</button>
      <div data-user-menu>
        <button type="button" data-user-menu-button aria-expanded="false">Ayşe Yılmaz</button>
        <div data-user-menu-panel hidden><a href="/yonetim">Yönetim Paneli</a><button type="button" data-logout>Çıkış Yap</button></div>
      </div>
    </header>
    <main id="main"><button type="button">İçerik</button></main>
  </div>`;

describe('panel shell script', () => {
  let teardown: () => void;
  let assign: Mock<(url: string | URL) => void>;
  const q = <T extends HTMLElement = HTMLElement>(sel: string) => document.querySelector<T>(sel)!;

  beforeEach(() => {
    document.body.innerHTML = SHELL;
    delete document.documentElement.dataset.sidebar;
    assign = vi.fn();
    vi.spyOn(window.location, 'assign').mockImplementation(assign);
  });
  afterEach(() => {
    teardown?.();
    document.body.innerHTML = '';
    delete document.documentElement.dataset.sidebar;
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('opens the drawer with focus inside, keeps the page behind inert, and Escape closes it back to the menu button', async () => {
    const u = userEvent.setup();
    teardown = initPanelShell();
    const open = q<HTMLButtonElement>('[data-drawer-open]');
    await u.click(open);
    expect(q('#panel-sidebar').hasAttribute('data-open')).toBe(true);
    expect(open.getAttribute('aria-expanded')).toBe('true');
    expect(q('[data-drawer-overlay]').hidden).toBe(false);
    expect(q('[data-panel-content]').inert).toBe(true);
    expect(document.activeElement?.textContent).toBe('Rezervasyonlar');

    await u.keyboard('{Escape}');
    expect(q('#panel-sidebar').hasAttribute('data-open')).toBe(false);
    expect(open.getAttribute('aria-expanded')).toBe('false');
    expect(q('[data-panel-content]').inert).toBe(false);
    expect(document.activeElement).toBe(open);
  });

  it('closes the drawer after a link is followed, and from the overlay', async () => {
    const u = userEvent.setup();
    teardown = initPanelShell();
    q('nav').addEventListener('click', (e) => e.preventDefault());
    await u.click(q('[data-drawer-open]'));
    await u.click(q('a[href="/yonetim"]'));
    expect(q('#panel-sidebar').hasAttribute('data-open')).toBe(false);

    await u.click(q('[data-drawer-open]'));
    await u.click(q('[data-drawer-overlay]'));
    expect(q('#panel-sidebar').hasAttribute('data-open')).toBe(false);
  });

  it('collapses the sidebar to a rail and remembers the choice under panelSidebarCollapsed', async () => {
    const u = userEvent.setup();
    teardown = initPanelShell();
    const toggle = q<HTMLButtonElement>('[data-sidebar-collapse]');
    await u.click(toggle);
    expect(document.documentElement.dataset.sidebar).toBe('collapsed');
    expect(localStorage.getItem(COLLAPSED_KEY)).toBe('true');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.textContent).toBe('Menüyü genişlet');

    await u.click(toggle);
    expect(document.documentElement.dataset.sidebar).toBeUndefined();
    expect(localStorage.getItem(COLLAPSED_KEY)).toBe('false');
    expect(toggle.textContent).toBe('Menüyü daralt');
  });

  it('starts collapsed when the head script restored the stored choice', () => {
    document.documentElement.dataset.sidebar = 'collapsed';
    teardown = initPanelShell();
    expect(q('[data-sidebar-collapse]').getAttribute('aria-expanded')).toBe('false');
  });

  it('opens the user menu from its button and Escape closes it back to the button', async () => {
    const u = userEvent.setup();
    teardown = initPanelShell();
    const button = q<HTMLButtonElement>('[data-user-menu-button]');
    await u.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(q('[data-user-menu-panel]').hidden).toBe(false);
    expect(document.activeElement?.textContent).toBe('Yönetim Paneli');
    await u.keyboard('{Escape}');
    expect(q('[data-user-menu-panel]').hidden).toBe(true);
    expect(document.activeElement).toBe(button);

    await u.click(button);
    await u.click(q('main button'));
    expect(q('[data-user-menu-panel]').hidden).toBe(true);
  });

  it('logs out: the stored token goes, the server drops its cookie, and the visitor lands on /giris', async () => {
    const u = userEvent.setup();
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ data: { ok: true } }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    localStorage.setItem('token', 'x.y.z');
    localStorage.setItem('user', JSON.stringify(admin));
    teardown = initPanelShell();
    await u.click(q('[data-user-menu-button]'));
    await u.click(q('[data-logout]'));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/giris'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/logout', expect.objectContaining({ method: 'POST' }));
  });

  it('toggles the theme and stores it under theme', async () => {
    const u = userEvent.setup();
    document.documentElement.classList.remove('dark');
    teardown = initPanelShell();
    await u.click(q('[data-theme-toggle]'));
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(q('[data-theme-toggle]').getAttribute('aria-label')).toBe('Açık temaya geç');
    document.documentElement.classList.remove('dark');
  });
});
