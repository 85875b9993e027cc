// The panel's service worker (site/public/yonetim/sw.js, docs/behaviour.md#notifications 'Staff push') run against a
// stand-in of the worker scope: it caches nothing (no fetch handler, no Cache Storage); a push shows the server's
// title, body and tag with the panel's icon; a payload never sends the tap outside the panel; the tap brings a panel
// tab forward and shows it the booking, else opens one. The real browser's delivery is e2e/panel-pwa.test.ts.
import { beforeEach, describe, expect, it } from 'vitest';
import source from '../../site/public/yonetim/sw.js?raw';
import { ORIGIN, runWorker, tab } from './fixtures/worker-scope';

let sw: ReturnType<typeof runWorker>;
beforeEach(() => {
  sw = runWorker(source);
});

describe("the panel's service worker", () => {
  it('takes over at once and handles push and notificationclick only: no fetch handler, no cache', async () => {
    expect(Object.keys(sw.handlers).sort()).toEqual(['activate', 'install', 'notificationclick', 'push']);
    expect(source).not.toMatch(/addEventListener\(\s*['"]fetch|caches\.|importScripts/);
    sw.handlers.install({});
    expect(sw.scope.skipWaiting).toHaveBeenCalled();
    sw.handlers.activate(sw.extendable({}));
    await Promise.all(sw.waits);
    expect(sw.scope.clients.claim).toHaveBeenCalled();
  });

  it("shows the server's payload: title, body, the booking's tag (alerting again), the panel icon and the page", async () => {
    await sw.push({
      title: 'Yeni rezervasyon',
      body: 'Yeşil Vadi · 27 Kasım Perşembe 21:00',
      url: '/yonetim/rezervasyonlar?booking=abc123',
      tag: 'yonetim-abc123',
    });
    expect(sw.scope.registration.showNotification).toHaveBeenCalledWith('Yeni rezervasyon', {
      body: 'Yeşil Vadi · 27 Kasım Perşembe 21:00',
      tag: 'yonetim-abc123',
      renotify: true,
      icon: '/yonetim/icon-192.png',
      lang: 'tr',
      data: { url: `${ORIGIN}/yonetim/rezervasyonlar?booking=abc123` },
    });
  });

  it('a payload that is not the JSON it expects still shows the panel, and never leads outside it', async () => {
    await sw.push('not json');
    expect(sw.scope.registration.showNotification).toHaveBeenLastCalledWith(
      'Yönetim Paneli',
      expect.objectContaining({ data: { url: `${ORIGIN}/yonetim/` } }),
    );
    for (const url of ['https://attacker.example/yonetim/x', '/rezervasyon-takip', 'javascript:alert(1)', 42]) {
      await sw.push({ title: 'x', body: 'y', url, tag: 't' });
      expect(sw.scope.registration.showNotification).toHaveBeenLastCalledWith(
        'x',
        expect.objectContaining({ data: { url: `${ORIGIN}/yonetim/` } }),
      );
    }
  });

  it('a tap brings the panel tab forward and shows it the booking; without one it opens the page', async () => {
    const panel = tab('/yonetim/bugun');
    sw.windows = [panel];
    const n = await sw.click(`${ORIGIN}/yonetim/rezervasyonlar?booking=abc123`);
    expect(n.close).toHaveBeenCalled();
    expect(panel.focus).toHaveBeenCalled();
    expect(panel.navigate).toHaveBeenCalledWith(`${ORIGIN}/yonetim/rezervasyonlar?booking=abc123`);
    expect(sw.scope.clients.openWindow).not.toHaveBeenCalled();

    sw.windows = [];
    await sw.click(`${ORIGIN}/yonetim/rezervasyonlar?booking=def456`);
    expect(sw.scope.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/yonetim/rezervasyonlar?booking=def456`);
  });

  it('a tab it cannot navigate is left as it is and the page opens in a new one; a foreign address opens the panel', async () => {
    sw.windows = [tab('/yonetim/bugun', false)];
    await sw.click(`${ORIGIN}/yonetim/rezervasyonlar?booking=abc123`);
    expect(sw.scope.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/yonetim/rezervasyonlar?booking=abc123`);
    sw.windows = [];
    await sw.click('https://attacker.example/');
    expect(sw.scope.clients.openWindow).toHaveBeenLastCalledWith(`${ORIGIN}/yonetim/`);
  });
});
