// Pure rules of the panel shell and dashboard (behaviour.md#management-panel 'Shell', 'Dashboard', #staff-sessions-and-permissions): the sidebar entries per role, the
// active entry, the staff member's display name and the greeting. No DOM, no network: shared by Astro and islands.
import type { PublicUser, RoleType } from '../../../contracts/auth';
import { ISTANBUL_OFFSET_MS } from '../../../contracts/dates';

export type NavIcon =
  | 'dashboard'
  | 'today'
  | 'dayEnd'
  | 'bookings'
  | 'calendar'
  | 'closures'
  | 'subscriptions'
  | 'pitches'
  | 'customers'
  | 'notifications'
  | 'services'
  | 'pricing'
  | 'reports'
  | 'settings';

export interface NavEntry {
  href: string;
  label: string;
  icon: NavIcon;
  /** Reports and Settings need role type admin (behaviour.md#staff-sessions-and-permissions). */
  adminOnly?: boolean;
}

/** Every screen of the route table in behaviour.md#management-panel, in its order. */
export const PANEL_NAV: readonly NavEntry[] = [
  { href: '/yonetim', label: 'Gösterge Paneli', icon: 'dashboard' },
  { href: '/yonetim/bugun', label: 'Bugün', icon: 'today' },
  { href: '/yonetim/rezervasyonlar', label: 'Rezervasyonlar', icon: 'bookings' },
  { href: '/yonetim/haftalik-takvim', label: 'Haftalık Takvim', icon: 'calendar' },
  { href: '/yonetim/kapanislar', label: 'Kapanışlar', icon: 'closures' },
  { href: '/yonetim/abonelikler', label: 'Abonelikler', icon: 'subscriptions' },
  { href: '/yonetim/sahalar', label: 'Sahalar', icon: 'pitches' },
  { href: '/yonetim/musteriler', label: 'Müşteriler', icon: 'customers' },
  { href: '/yonetim/bildirimler', label: 'Bildirimler', icon: 'notifications' },
  { href: '/yonetim/saha-servisleri', label: 'Saha Servisleri', icon: 'services' },
  { href: '/yonetim/fiyatlandirma', label: 'Fiyatlandırma', icon: 'pricing' },
  { href: '/yonetim/gun-sonu', label: 'Gün Sonu', icon: 'dayEnd' },
  { href: '/yonetim/raporlar', label: 'Raporlar', icon: 'reports', adminOnly: true },
  { href: '/yonetim/ayarlar', label: 'Ayarlar', icon: 'settings', adminOnly: true },
];

export const navFor = (role: RoleType): NavEntry[] => PANEL_NAV.filter((e) => !e.adminOnly || role === 'admin');

/** The dashboard is active only on /yonetim itself; any other entry also on its sub-paths. A trailing slash is ignored. */
export function isActiveEntry(href: string, path: string): boolean {
  const p = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return href === '/yonetim' ? p === href : p === href || p.startsWith(href + '/');
}

/** Full name, else the username (behaviour.md#management-panel 'Shell'). */
export const displayName = (u: Pick<PublicUser, 'firstName' | 'lastName' | 'username'>) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ') || u.username;

/**
 * The role in Turkish (never 'Admin'/'Manager' on screen): admin → 'Yönetici', manager → 'Müdür'.
 * Shared by the panel header and, for a signed-in visitor, the public header's user menu.
 */
export const roleLabel = (role: Pick<PublicUser['role'], 'type'>) => (role.type === 'admin' ? 'Yönetici' : 'Müdür');

export const initialOf = (name: string) => name.charAt(0).toLocaleUpperCase('tr');

/** Where a signed-out visitor goes: /giris, remembering the /yonetim path and query (behaviour.md#management-panel). */
export const loginUrl = (pathname: string, search = '') => `/giris?redirect=${encodeURIComponent(pathname + search)}`;

/** The hour in Istanbul (UTC+3 all year, behaviour.md#time-money-and-identity), whatever the device's own zone. */
export const istanbulHour = (now = Date.now()) => new Date(now + ISTANBUL_OFFSET_MS).getUTCHours();

/** 'Günaydın' before 12, 'İyi günler' before 18, otherwise 'İyi akşamlar' (behaviour.md#management-panel 'Dashboard'). */
export function greeting(now = Date.now()): string {
  const h = istanbulHour(now);
  if (h < 12) return 'Günaydın';
  if (h < 18) return 'İyi günler';
  return 'İyi akşamlar';
}
