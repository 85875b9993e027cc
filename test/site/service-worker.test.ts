// The public service worker (site/public/sw.js, docs/behaviour.md#notifications) run against a stand-in of the worker
// scope: a push shows the server's title, body and tag with the icon and the page to open; a payload never sends the
// tap off the site; the tap focuses (and reloads) a tab already on the page, else opens it, and never lands on a panel
// tab. The worker has no fetch handler. The real browser's delivery is e2e/push-notifications.test.ts.
import { beforeEach, describe, expect, it } from 'vitest';
import source from '../../site/public/sw.js?raw';
import { ORIGIN, runWorker, tab } from './fixtures/worker-scope';

let sw: ReturnType<typeof runWorker>;
beforeEach(() => {
  sw = runWorker(source);
});

describe('the public service worker', () => {
  it('handles push and notificationclick only: no fetch handler, nothing cached', () => {
    expect(Object.keys(sw.handlers).sort()).toEqual(['install', 'notificationclick', 'push']);
    expect(source).not.toMatch(/addEventListener\(\s*['"]fetch|caches\./);
  });

  it("shows the server's payload: title, body, the booking's tag (alerting again), the icon and the page", async () => {
    await sw.push({
      title: 'Rezervasyonunuz onaylandı',
      body: 'Yeşil Vadi · 27 Kasım Perşembe 21:00',
      url: '/rezervasyonlarim',
      tag: 'rezervasyon-abc123',
    });
    expect(sw.scope.registration.showNotification).toHaveBeenCalledWith('Rezervasyonunuz onaylandı', {
      body: 'Yeşil Vadi · 27 Kasım Perşembe 21:00',
      icon: '/bildirim-ikon.png',
      lang: 'tr',
      tag: 'rezervasyon-abc123',
      renotify: true,
      data: { url: '/rezervasyonlarim' },
    });
  });

  it('keeps a tap on the site whatever the payload says, and shows a text that is not JSON', async () => {
    await sw.push({ title: 'X', body: 'Y', url: 'https://phish.example/giris', tag: 't' });
    expect(sw.scope.registration.showNotification.mock.calls[0][1].data).toEqual({ url: '/rezervasyonlarim' });
    await sw.push('Sahadan bir mesaj');
    expect(sw.scope.registration.showNotification.mock.calls[1]).toEqual([
      'Rezervasyonunuz güncellendi',
      { body: 'Sahadan bir mesaj', icon: '/bildirim-ikon.png', lang: 'tr', data: { url: '/rezervasyonlarim' } },
    ]);
  });

  it('a tap focuses and reloads a tab already on the page', async () => {
    const other = tab('/saha/nilufer-arena');
    const list = tab('/rezervasyonlarim');
    sw.windows.push(other, list);
    const n = await sw.click('/rezervasyonlarim');
    expect(n.close).toHaveBeenCalled();
    expect(list.focus).toHaveBeenCalled();
    expect(list.navigate).toHaveBeenCalledWith(`${ORIGIN}/rezervasyonlarim`);
    expect(other.focus).not.toHaveBeenCalled();
    expect(sw.scope.clients.openWindow).not.toHaveBeenCalled();
    expect(sw.scope.clients.matchAll).toHaveBeenCalledWith({ type: 'window', includeUncontrolled: true });
  });

  it('a tab it does not control is focused as it is', async () => {
    const list = tab('/rezervasyonlarim', false);
    sw.windows.push(list);
    await sw.click('/rezervasyonlarim');
    expect(list.focus).toHaveBeenCalled();
  });

  it("otherwise opens the page; a panel tab is never the one focused, and a foreign address opens the device's list", async () => {
    const panel = tab('/yonetim/rezervasyonlar');
    sw.windows.push(panel);
    await sw.click('/rezervasyonlarim');
    expect(sw.scope.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/rezervasyonlarim`);
    sw.scope.clients.openWindow.mockResolvedValueOnce(null);
    await sw.click('https://phish.example/');
    expect(sw.scope.clients.openWindow).toHaveBeenLastCalledWith(`${ORIGIN}/rezervasyonlarim`);
    expect(panel.focus).not.toHaveBeenCalled();
  });
});
