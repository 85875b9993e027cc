// The panel's service worker (site/public/yonetim/sw.js, docs/behaviour.md#notifications 'Staff push') run against a
// stand-in of the worker scope: it caches nothing (no fetch handler, no Cache Storage); a push shows the server's
// title, body and tag with the panel's icon; a payload never sends the tap outside the panel; the tap brings a panel
// tab forward and shows it the booking, else opens one. The real browser's delivery is e2e/panel-pwa.test.ts.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import source from '../../site/public/yonetim/sw.js?raw';

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
  clients: {
    claim: ReturnType<typeof vi.fn>;
    matchAll: ReturnType<typeof vi.fn>;
    openWindow: ReturnType<typeof vi.fn>;
  };
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
    clients: {
      claim: vi.fn(async () => {}),
      matchAll: vi.fn(async () => windows),
      openWindow: vi.fn(async () => ({})),
    },
  };
  new Function('self', source)(scope);
});

const extendable = <T extends object>(fields: T) => ({ ...fields, waitUntil: (p: Promise<unknown>) => waits.push(p) });
const push = async (data: unknown) => {
  const text = typeof data === 'string' ? data : JSON.stringify(data);
  handlers.push(
    extendable({
      data: {
        json: () => JSON.parse(text),
        text: () => text,
      },
    }),
  );
  await Promise.all(waits);
};
const click = async (url: unknown) => {
  const notification = { data: { url }, close: vi.fn() };
  handlers.notificationclick(extendable({ notification }));
  await Promise.all(waits);
  return notification;
};

describe("the panel's service worker", () => {
  it('takes over at once and handles push and notificationclick only: no fetch handler, no cache', async () => {
    expect(Object.keys(handlers).sort()).toEqual(['activate', 'install', 'notificationclick', 'push']);
    expect(source).not.toMatch(/addEventListener\(\s*['"]fetch|caches\.|importScripts/);
    handlers.install({});
    expect(scope.skipWaiting).toHaveBeenCalled();
    handlers.activate(extendable({}));
    await Promise.all(waits);
    expect(scope.clients.claim).toHaveBeenCalled();
  });

  it("shows the server's payload: title, body, the booking's tag (alerting again), the panel icon and the page", async () => {
    await push({
      title: 'Yeni rezervasyon',
      body: 'Yeşil Vadi · 27 Kasım Perşembe 21:00',
      url: '/yonetim/rezervasyonlar?booking=abc123',
      tag: 'yonetim-abc123',
    });
    expect(scope.registration.showNotification).toHaveBeenCalledWith('Yeni rezervasyon', {
      body: 'Yeşil Vadi · 27 Kasım Perşembe 21:00',
      tag: 'yonetim-abc123',
      renotify: true,
      icon: '/yonetim/icon-192.png',
      lang: 'tr',
      data: { url: `${ORIGIN}/yonetim/rezervasyonlar?booking=abc123` },
    });
  });

  it('a payload that is not the JSON it expects still shows the panel, and never leads outside it', async () => {
    await push('not json');
    expect(scope.registration.showNotification).toHaveBeenLastCalledWith(
      'Yönetim Paneli',
      expect.objectContaining({ data: { url: `${ORIGIN}/yonetim/` } }),
    );
    for (const url of ['https://attacker.example/yonetim/x', '/rezervasyon-takip', 'javascript:alert(1)', 42]) {
      await push({ title: 'x', body: 'y', url, tag: 't' });
      expect(scope.registration.showNotification).toHaveBeenLastCalledWith(
        'x',
        expect.objectContaining({ data: { url: `${ORIGIN}/yonetim/` } }),
      );
    }
  });

  it('a tap brings the panel tab forward and shows it the booking; without one it opens the page', async () => {
    const panel = tab('/yonetim/bugun');
    windows = [panel];
    const n = await click(`${ORIGIN}/yonetim/rezervasyonlar?booking=abc123`);
    expect(n.close).toHaveBeenCalled();
    expect(panel.focus).toHaveBeenCalled();
    expect(panel.navigate).toHaveBeenCalledWith(`${ORIGIN}/yonetim/rezervasyonlar?booking=abc123`);
    expect(scope.clients.openWindow).not.toHaveBeenCalled();

    windows = [];
    await click(`${ORIGIN}/yonetim/rezervasyonlar?booking=def456`);
    expect(scope.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/yonetim/rezervasyonlar?booking=def456`);
  });

  it('a tab it cannot navigate is left as it is and the page opens in a new one; a foreign address opens the panel', async () => {
    windows = [tab('/yonetim/bugun', false)];
    await click(`${ORIGIN}/yonetim/rezervasyonlar?booking=abc123`);
    expect(scope.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/yonetim/rezervasyonlar?booking=abc123`);
    windows = [];
    await click('https://attacker.example/');
    expect(scope.clients.openWindow).toHaveBeenLastCalledWith(`${ORIGIN}/yonetim/`);
  });
});
