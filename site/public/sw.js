// The public site's service worker (docs/behaviour.md#notifications): it shows a booking's Web Push notification and,
// when it is tapped, opens the page the payload names. Nothing else: no fetch handler and no cache, so every page and
// every API answer comes from the network exactly as without it. 'Bildirim al' registers it with scope '/' from public
// pages only; the panel has its own worker under /yonetim/.
const ICON = '/bildirim-ikon.png';
const HOME = '/rezervasyonlarim';

/** A path of this site only: whatever a payload says, a tap never leads elsewhere. */
function sitePath(url) {
  try {
    const target = new URL(url, self.location.origin);
    return target.origin === self.location.origin ? target.pathname + target.search : HOME;
  } catch {
    return HOME;
  }
}

/** The server's JSON ({ title, body, url, tag }); anything else still shows something readable. */
function messageOf(data) {
  let json = null;
  try {
    json = data ? data.json() : null;
  } catch {
    json = null;
  }
  const text = (value) => (typeof value === 'string' ? value : '');
  return {
    title: text(json?.title) || 'Rezervasyonunuz güncellendi',
    body: text(json?.body) || (json ? '' : text(data?.text())),
    tag: text(json?.tag),
    url: sitePath(text(json?.url) || HOME),
  };
}

self.addEventListener('install', () => self.skipWaiting());

self.addEventListener('push', (event) => {
  const m = messageOf(event.data);
  const options = { body: m.body, icon: ICON, lang: 'tr', data: { url: m.url } };
  // One notification per booking: a newer message of it replaces the shown one and alerts again.
  if (m.tag) Object.assign(options, { tag: m.tag, renotify: true });
  event.waitUntil(self.registration.showNotification(m.title, options));
});

/** Focuses a tab already on the page (reloaded, so its statuses are fresh), else opens it. Never a panel tab. */
async function openPage(path) {
  const target = new URL(path, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((w) => w.url.split('#')[0] === target);
  if (open) {
    await open.focus();
    // Only a tab this worker controls can be navigated; an older one is simply focused.
    await open.navigate(target).catch(() => {});
    return;
  }
  const opened = await self.clients.openWindow(target);
  if (opened) return;
  const site = windows.find((w) => !new URL(w.url).pathname.startsWith('/yonetim'));
  if (site) await site.focus();
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openPage(sitePath(event.notification.data?.url || HOME)));
});
