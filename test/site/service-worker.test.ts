// The public service worker (site/public/sw.js, docs/behaviour.md#notifications) run against a stand-in of the worker
// scope: a push shows the server's title, body and tag with the icon and the page to open; a payload never sends the
// tap off the site; the tap focuses (and reloads) a tab already on the page, else opens it, and never lands on a panel
// tab. The worker has no fetch handler. The real browser's delivery is e2e/push-notifications.test.ts.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import source from '../../site/public/sw.js?raw';

const ORIGIN = 'https://halisaha.example';

interface FakeWindow {
  url: string;
  focus: ReturnType<typeof vi.fn>;
  navigate: ReturnType<typeof vi.fn>;
}

let handlers: Record<string, (event: unknown) => void>;
let waits: Promise<unknown>[];
let scope: {
  location: { origin: string };
  addEventListener: (type: string, fn: (event: unknown) => void) => void;
  skipWaiting: ReturnType<typeof vi.fn>;
  registration: { showNotification: ReturnType<typeof vi.fn> };
  clients: { matchAll: ReturnType<typeof vi.fn>; openWindow: ReturnType<typeof vi.fn> };
};
let windows: FakeWindow[];

const tab = (path: string, controlled = true): FakeWindow => ({
  url: ORIGIN + path,
  focus: vi.fn(async () => {}),
  navigate: vi.fn(async () => {
    if (!controlled) throw new TypeError('not controlled');
  }),
});

beforeEach(() => {
  handlers = {};
  waits = [];
  windows = [];
  scope = {
    location: { origin: ORIGIN },
    addEventListener: (type, fn) => {
      handlers[type] = fn;
    },
    skipWaiting: vi.fn(),
    registration: { showNotification: vi.fn(async () => {}) },
    clients: { matchAll: vi.fn(async () => windows), openWindow: vi.fn(async () => ({})) },
  };
  new Function('self', source)(scope);
});

const extendable = <T extends object>(fields: T) => ({ ...fields, waitUntil: (p: Promise<unknown>) => waits.push(p) });
const push = async (data: unknown) => {
  const text = typeof data === 'string' ? data : JSON.stringify(data);
  handlers.push(extendable({ data: { json: () => JSON.parse(text), text: () => text } }));
  await Promise.all(waits);
};
const click = async (url: unknown) => {
  const notification = { data: { url }, close: vi.fn() };
  handlers.notificationclick(extendable({ notification }));
  await Promise.all(waits);
  return notification;
};

describe('the public service worker', () => {
  it('handles push and notificationclick only: no fetch handler, nothing cached', () => {
    expect(Object.keys(handlers).sort()).toEqual(['install', 'notificationclick', 'push']);
    expect(source).not.toMatch(/addEventListener\(\s*['"]fetch|caches\./);
  });

  it("shows the server's payload: title, body, the booking's tag (alerting again), the icon and the page", async () => {
    await push({
      title: 'Rezervasyonunuz onaylandı',
      body: 'Yeşil Vadi · 27 Kasım Perşembe 21:00',
      url: '/rezervasyonlarim',
      tag: 'rezervasyon-abc123',
    });
    expect(scope.registration.showNotification).toHaveBeenCalledWith('Rezervasyonunuz onaylandı', {
      body: 'Yeşil Vadi · 27 Kasım Perşembe 21:00',
      icon: '/bildirim-ikon.png',
      lang: 'tr',
      tag: 'rezervasyon-abc123',
      renotify: true,
      data: { url: '/rezervasyonlarim' },
    });
  });

  it('keeps a tap on the site whatever the payload says, and shows a text that is not JSON', async () => {
    await push({ title: 'X', body: 'Y', url: 'https://phish.example/giris', tag: 't' });
    expect(scope.registration.showNotification.mock.calls[0][1].data).toEqual({ url: '/rezervasyonlarim' });
    await push('Sahadan bir mesaj');
    expect(scope.registration.showNotification.mock.calls[1]).toEqual([
      'Rezervasyonunuz güncellendi',
      { body: 'Sahadan bir mesaj', icon: '/bildirim-ikon.png', lang: 'tr', data: { url: '/rezervasyonlarim' } },
    ]);
  });

  it('a tap focuses and reloads a tab already on the page', async () => {
    const other = tab('/saha/nilufer-arena');
    const list = tab('/rezervasyonlarim');
    windows.push(other, list);
    const n = await click('/rezervasyonlarim');
    expect(n.close).toHaveBeenCalled();
    expect(list.focus).toHaveBeenCalled();
    expect(list.navigate).toHaveBeenCalledWith(`${ORIGIN}/rezervasyonlarim`);
    expect(other.focus).not.toHaveBeenCalled();
    expect(scope.clients.openWindow).not.toHaveBeenCalled();
    expect(scope.clients.matchAll).toHaveBeenCalledWith({ type: 'window', includeUncontrolled: true });
  });

  it('a tab it does not control is focused as it is', async () => {
    const list = tab('/rezervasyonlarim', false);
    windows.push(list);
    await click('/rezervasyonlarim');
    expect(list.focus).toHaveBeenCalled();
  });

  it("otherwise opens the page; a panel tab is never the one focused, and a foreign address opens the device's list", async () => {
    const panel = tab('/yonetim/rezervasyonlar');
    windows.push(panel);
    await click('/rezervasyonlarim');
    expect(scope.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/rezervasyonlarim`);
    scope.clients.openWindow.mockResolvedValueOnce(null);
    await click('https://phish.example/');
    expect(scope.clients.openWindow).toHaveBeenLastCalledWith(`${ORIGIN}/rezervasyonlarim`);
    expect(panel.focus).not.toHaveBeenCalled();
  });
});
