// The panel's service worker (site/public/yonetim/sw.js, docs/behaviour.md#management-panel 'Installable panel'),
// registered by the panel layout only: it makes the panel installable and shows staff push; it caches nothing.

export const PANEL_SW_URL = '/yonetim/sw.js';
export const PANEL_SW_SCOPE = '/yonetim/';

/** Registers the panel's worker (the browser keeps one per scope; registering again is a no-op). */
export function registerPanelWorker(): Promise<ServiceWorkerRegistration | null> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return Promise.resolve(null);
  return navigator.serviceWorker
    .register(PANEL_SW_URL, { scope: PANEL_SW_SCOPE, updateViaCache: 'none' })
    .catch(() => null);
}
