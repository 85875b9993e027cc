// The panel's service worker, scope /yonetim/ (docs/behaviour.md#management-panel 'Installable panel'): it makes the
// panel installable and shows staff push notifications (docs/behaviour.md#notifications 'Staff push'). It never caches
// anything: there is no fetch handler (every panel page and API answer comes from the network, as without it) and no
// Cache Storage, so staff data never stays on the device. Registered only from panel pages (site/src/lib/panel-sw.ts).

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

const FALLBACK = { title: 'Yönetim Paneli', body: '', url: '/yonetim/', tag: 'yonetim' };

/** Only a panel address is opened: a payload cannot send the click anywhere else. */
function panelUrl(url) {
  try {
    const target = new URL(typeof url === 'string' ? url : FALLBACK.url, self.location.origin);
    const panel = target.pathname === '/yonetim' || target.pathname.startsWith('/yonetim/');
    if (target.origin === self.location.origin && panel) return target.href;
  } catch {
    // not a URL: the panel's home
  }
  return new URL(FALLBACK.url, self.location.origin).href;
}

function messageOf(event) {
  let data = null;
  try {
    data = event.data ? event.data.json() : null;
  } catch {
    data = null;
  }
  const text = (value, fallback) => (typeof value === 'string' && value ? value : fallback);
  return {
    title: text(data?.title, FALLBACK.title),
    body: text(data?.body, FALLBACK.body),
    tag: text(data?.tag, FALLBACK.tag),
    url: panelUrl(data?.url),
  };
}

self.addEventListener('push', (event) => {
  const m = messageOf(event);
  event.waitUntil(
    self.registration.showNotification(m.title, {
      body: m.body,
      tag: m.tag,
      // A newer message of the same booking replaces the shown one, and buzzes again.
      renotify: true,
      icon: '/yonetim/icon-192.png',
      lang: 'tr',
      data: { url: m.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = panelUrl(event.notification.data?.url);
  event.waitUntil(
    (async () => {
      // A panel tab this worker controls is brought forward and shown the booking; else a new one opens.
      const [tab] = await self.clients.matchAll({ type: 'window' });
      if (tab) {
        try {
          await tab.focus();
          await tab.navigate(url);
          return;
        } catch {
          // a tab that cannot be navigated: open one
        }
      }
      await self.clients.openWindow(url);
    })(),
  );
});
