// The panel shell without React (behaviour.md#management-panel 'Shell'): theme toggle, the collapsible sidebar rail on large screens, the drawer
// under 1024 px and the user menu with logout. Every listener hangs on one AbortController so tests can tear it down.
import { signOut } from '../stores/session';
import { wireThemeToggles } from './theme';

export const COLLAPSED_KEY = 'panelSidebarCollapsed';
const DESKTOP = '(min-width: 1024px)';

export function initPanelShell(): () => void {
  const controller = new AbortController();
  const on = { signal: controller.signal };
  const root = document.documentElement;
  wireThemeToggles();

  const sidebar = document.getElementById('panel-sidebar');
  const overlay = document.querySelector<HTMLElement>('[data-drawer-overlay]');
  const openButton = document.querySelector<HTMLButtonElement>('[data-drawer-open]');
  const closeButton = document.querySelector<HTMLButtonElement>('[data-drawer-close]');
  const content = document.querySelector<HTMLElement>('[data-panel-content]');
  const collapseButton = document.querySelector<HTMLButtonElement>('[data-sidebar-collapse]');
  const desktop = window.matchMedia(DESKTOP);

  // ---------- drawer (under 1024 px) ----------
  const drawerOpen = () => sidebar?.hasAttribute('data-open') ?? false;
  function setDrawer(open: boolean, returnFocus = true) {
    if (!sidebar) return;
    sidebar.toggleAttribute('data-open', open);
    if (overlay) overlay.hidden = !open;
    openButton?.setAttribute('aria-expanded', String(open));
    // The page behind the open drawer is inert, so Tab stays inside the drawer.
    if (content) content.inert = open;
    document.body.style.overflow = open ? 'hidden' : '';
    if (open) (sidebar.querySelector<HTMLElement>('[aria-current="page"]') ?? closeButton)?.focus();
    else if (returnFocus) openButton?.focus();
  }
  openButton?.addEventListener('click', () => setDrawer(true), on);
  closeButton?.addEventListener('click', () => setDrawer(false), on);
  overlay?.addEventListener('click', () => setDrawer(false), on);
  // The drawer closes after navigation: a followed link leaves it shut (also when the page comes back from bfcache).
  sidebar?.addEventListener(
    'click',
    (e) => {
      if (drawerOpen() && (e.target as Element).closest('a')) setDrawer(false, false);
    },
    on,
  );
  desktop.addEventListener('change', () => drawerOpen() && setDrawer(false, false), on);

  // ---------- collapsed rail (1024 px and up), remembered in the browser ----------
  function setCollapsed(collapsed: boolean, remember: boolean) {
    if (collapsed) root.dataset.sidebar = 'collapsed';
    else delete root.dataset.sidebar;
    const label = collapsed ? 'Menüyü genişlet' : 'Menüyü daralt';
    collapseButton?.setAttribute('aria-expanded', String(!collapsed));
    collapseButton?.setAttribute('title', label);
    const text = collapseButton?.querySelector('[data-collapse-label]');
    if (text) text.textContent = label;
    if (remember) {
      try {
        localStorage.setItem(COLLAPSED_KEY, String(collapsed));
      } catch {
        // Storage blocked: the choice lasts for this page only.
      }
    }
  }
  setCollapsed(root.dataset.sidebar === 'collapsed', false);
  collapseButton?.addEventListener('click', () => setCollapsed(root.dataset.sidebar !== 'collapsed', true), on);

  // ---------- user menu ----------
  const menu = document.querySelector<HTMLElement>('[data-user-menu]');
  const menuButton = menu?.querySelector<HTMLButtonElement>('[data-user-menu-button]');
  const menuPanel = menu?.querySelector<HTMLElement>('[data-user-menu-panel]');
  const menuOpen = () => (menuPanel ? !menuPanel.hidden : false);
  function setMenu(open: boolean, returnFocus = false) {
    if (!menuButton || !menuPanel) return;
    menuPanel.hidden = !open;
    menuButton.setAttribute('aria-expanded', String(open));
    if (open) menuPanel.querySelector<HTMLElement>('a, button')?.focus();
    else if (returnFocus) menuButton.focus();
  }
  menuButton?.addEventListener('click', () => setMenu(!menuOpen()), on);
  menu?.addEventListener(
    'focusout',
    (e) => {
      if (menuOpen() && !menu.contains(e.relatedTarget as Node | null) && e.relatedTarget) setMenu(false);
    },
    on,
  );
  document.addEventListener(
    'click',
    (e) => {
      if (menuOpen() && menu && !menu.contains(e.target as Node)) setMenu(false);
    },
    on,
  );
  menu?.querySelector('[data-logout]')?.addEventListener(
    'click',
    async () => {
      await signOut();
      window.location.assign('/giris');
    },
    on,
  );

  document.addEventListener(
    'keydown',
    (e) => {
      if (e.key !== 'Escape') return;
      if (menuOpen()) setMenu(false, true);
      else if (drawerOpen()) setDrawer(false);
    },
    on,
  );

  return () => {
    controller.abort();
    if (content) content.inert = false;
    document.body.style.overflow = '';
  };
}
