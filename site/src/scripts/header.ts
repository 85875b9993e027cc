// The header without React: theme toggle, signed-in user menu and the mobile menu (kept tiny for the home page budget).
import { signOut, storedSession } from '../stores/session';
import { wireThemeToggles } from './theme';

wireThemeToggles();

function wireDisclosure(
  button: HTMLElement | null,
  panel: HTMLElement | null,
  openLabel?: string,
  closeLabel?: string,
) {
  if (!button || !panel) return;
  const set = (open: boolean) => {
    panel.hidden = !open;
    button.setAttribute('aria-expanded', String(open));
    if (openLabel && closeLabel) button.setAttribute('aria-label', open ? closeLabel : openLabel);
  };
  button.addEventListener('click', () => set(panel.hidden));
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && !panel.hidden) {
      set(false);
      button.focus();
    }
  });
  document.addEventListener('click', (e) => {
    if (!panel.hidden && !panel.contains(e.target as Node) && !button.contains(e.target as Node)) set(false);
  });
}

wireDisclosure(
  document.querySelector('[data-mobile-toggle]'),
  document.getElementById('mobile-menu'),
  'Menüyü aç',
  'Menüyü kapat',
);

const session = storedSession();
const menu = document.querySelector<HTMLElement>('[data-user-menu]');
if (session && menu) {
  const { user } = session;
  const full = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;
  for (const el of document.querySelectorAll<HTMLElement>('[data-login-link]')) el.remove();
  menu.classList.remove('hidden');
  menu.querySelector('[data-user-initial]')!.textContent = full.charAt(0).toLocaleUpperCase('tr');
  menu.querySelector('[data-user-name]')!.textContent = full;
  menu.querySelector('[data-user-fullname]')!.textContent = full;
  menu.querySelector('[data-user-email]')!.textContent = user.email;
  wireDisclosure(menu.querySelector('[data-user-menu-button]'), menu.querySelector('[data-user-menu-panel]'));
  menu.querySelector('[data-logout]')!.addEventListener('click', async () => {
    await signOut();
    location.assign(location.pathname.startsWith('/yonetim') ? '/giris' : location.pathname);
  });
}
