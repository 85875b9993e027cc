// 'Bildirim al' (docs/behaviour.md#notifications) against a stand-in browser: the permission asked on the press, the
// public worker registered at /sw.js with scope '/', a subscription to the server's VAPID key as bytes, the subscription
// sent with the number; 'Bildirimler açık' survives a re-render from the browser's subscription and what the device
// keeps; 'Bildirimleri kapat' forgets it on the server and drops the browser's subscription only when no other kept
// booking uses it. Every refusal and failure reads in Turkish; a browser without push (iOS Safari outside a home-screen
// app included) says so.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { base64urlToBytes } from '../../contracts/base64url';
import { pushTexts } from '../../contracts/push';
import PushButton, { PUSH_KEY, PUSH_TEXT } from '../../site/src/components/booking/PushButton';
import { PushOptIn } from '../../site/src/components/booking/PushOptIn';
import MyBookings from '../../site/src/islands/MyBookings';
import { rememberBooking } from '../../site/src/lib/device-bookings';

const NUMBER = 'HSRABCDEFGH2';
const VAPID = 'BJC6VeADr5V-R96IM93ypDizsSoMl5GHJ95TGC3iLc6cuu68ETZhXC1EfdryUGSuI-uPMPVMdxr4CxqUlXLRggA';
const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/device-1';
const KEYS = { p256dh: `BA${'A'.repeat(85)}`, auth: 'AAAAAAAAAAAAAAAAAAAAAA' };
const future = new Date(Date.now() + 3 * 86_400_000).toISOString();
const booking = (over: Record<string, unknown> = {}) => ({
  bookingNumber: NUMBER,
  status: 'pending',
  date: '2030-05-18',
  startTime: '21:00',
  startsAt: future,
  ...over,
});

interface Call {
  method: string;
  path: string;
  body: unknown;
}

function mockServer(answers: Record<string, [number, unknown]> = {}) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = input instanceof Request ? input : new Request(String(input), init);
      const path = new URL(req.url).pathname;
      const text = await req.text();
      calls.push({ method: req.method, path, body: text ? JSON.parse(text) : null });
      const [status, body] =
        answers[`${req.method} ${path}`] ??
        (path === '/api/push/public-key'
          ? [200, { data: { publicKey: VAPID } }]
          : [req.method === 'POST' ? 201 : 200, { data: { subscribed: req.method === 'POST' } }]);
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

/** A browser with push: Notification, PushManager and a service worker container that keeps one subscription. */
function pushBrowser({ permission = 'default', answer = 'granted', subscribeFails = false } = {}) {
  const state = {
    permission: permission as NotificationPermission,
    registered: false,
    sub: null as null | { endpoint: string; unsubscribe: ReturnType<typeof vi.fn> },
  };
  const makeSub = (key: Uint8Array) => {
    const sub = {
      endpoint: ENDPOINT,
      options: { applicationServerKey: key.buffer, userVisibleOnly: true },
      toJSON: () => ({ endpoint: ENDPOINT, expirationTime: null, keys: KEYS }),
      unsubscribe: vi.fn(async () => {
        state.sub = null;
        return true;
      }),
    };
    return sub;
  };
  const pushManager = {
    getSubscription: vi.fn(async () => state.sub),
    subscribe: vi.fn(async (o: { applicationServerKey: Uint8Array }) => {
      if (subscribeFails) throw new DOMException('Registration failed - push service error', 'AbortError');
      state.sub = makeSub(new Uint8Array(o.applicationServerKey));
      return state.sub;
    }),
  };
  const registration = { active: { state: 'activated' }, pushManager };
  const container = {
    register: vi.fn(async () => {
      state.registered = true;
      return registration;
    }),
    getRegistration: vi.fn(async () => (state.registered ? registration : undefined)),
  };
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: container });
  const requestPermission = vi.fn(async () => {
    state.permission = answer as NotificationPermission;
    return state.permission;
  });
  const notification = Object.assign(class {}, { requestPermission });
  Object.defineProperty(notification, 'permission', { get: () => state.permission });
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', class {});
  return { state, container, pushManager, requestPermission };
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  Reflect.deleteProperty(navigator, 'userAgent');
  Reflect.deleteProperty(navigator, 'maxTouchPoints');
});

const pushButton = () => screen.findByRole('button', { name: /Bildirim al|Bildirimleri kapat/ });
const status = () => screen.getByRole('status');

describe('Bildirim al', () => {
  it('turns on: permission on the press, /sw.js with scope /, the VAPID key as bytes, the subscription with the number', async () => {
    const calls = mockServer();
    const b = pushBrowser();
    render(<PushButton booking={booking()} />);
    await waitFor(async () => expect((await pushButton()).getAttribute('aria-disabled')).toBeNull());
    expect(b.container.register).not.toHaveBeenCalled();
    // Before the press the player reads what push keeps, with the consent text's paragraph one tap away.
    expect(screen.getByText(PUSH_TEXT.privacy, { exact: false })).toBeTruthy();
    expect(screen.getByRole('link', { name: PUSH_TEXT.privacyLink }).getAttribute('href')).toBe(
      '/aydinlatma-metni#bildirimler',
    );
    await userEvent.click(await pushButton());
    await waitFor(() => expect(status().textContent).toBe(PUSH_TEXT.on));
    expect(b.requestPermission).toHaveBeenCalledTimes(1);
    expect(b.container.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    const [options] = b.pushManager.subscribe.mock.calls[0];
    expect(options).toMatchObject({ userVisibleOnly: true });
    expect([...new Uint8Array(options.applicationServerKey)]).toEqual([...base64urlToBytes(VAPID)!]);
    expect(calls).toEqual([
      { method: 'GET', path: '/api/push/public-key', body: null },
      {
        method: 'POST',
        path: `/api/bookings/track/${NUMBER}/push`,
        body: { subscription: { endpoint: ENDPOINT, keys: KEYS } },
      },
    ]);
    expect((await pushButton()).textContent).toBe(PUSH_TEXT.turnOff);
    expect(JSON.parse(localStorage.getItem(PUSH_KEY)!)[NUMBER].endpoint).toBe(ENDPOINT);
  });

  it('is on again after a reload, then turns off: DELETE by the address, the browser subscription dropped', async () => {
    const calls = mockServer();
    const b = pushBrowser();
    const first = render(<PushButton booking={booking()} />);
    await waitFor(async () => expect((await pushButton()).getAttribute('aria-disabled')).toBeNull());
    await userEvent.click(await pushButton());
    await waitFor(() => expect(status().textContent).toBe(PUSH_TEXT.on));
    first.unmount();

    render(<PushButton booking={booking()} />);
    await waitFor(() => expect(status().textContent).toBe(PUSH_TEXT.on));
    const sub = b.state.sub!;
    await userEvent.click(await screen.findByRole('button', { name: PUSH_TEXT.turnOff }));
    await waitFor(() => expect(status().textContent).toBe(PUSH_TEXT.off));
    expect(calls.at(-1)).toEqual({
      method: 'DELETE',
      path: `/api/bookings/track/${NUMBER}/push`,
      body: { endpoint: ENDPOINT },
    });
    expect(sub.unsubscribe).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(PUSH_KEY)).toBeNull();
    expect((await pushButton()).textContent).toBe(PUSH_TEXT.turnOn);
  });

  it("keeps the browser's subscription while another booking kept here hears through it", async () => {
    mockServer();
    const b = pushBrowser({ permission: 'granted' });
    const other = booking({ bookingNumber: 'HSRZZZZZZZZ2' });
    const a = render(<PushButton booking={other} />);
    await userEvent.click(await screen.findByRole('button', { name: PUSH_TEXT.turnOn }));
    await waitFor(() => expect(status().textContent).toBe(PUSH_TEXT.on));
    a.unmount();
    render(<PushButton booking={booking()} />);
    await userEvent.click(await screen.findByRole('button', { name: PUSH_TEXT.turnOn }));
    await waitFor(() => expect(status().textContent).toBe(PUSH_TEXT.on));
    expect(b.pushManager.subscribe).toHaveBeenCalledTimes(1);
    await userEvent.click(await screen.findByRole('button', { name: PUSH_TEXT.turnOff }));
    await waitFor(() => expect(status().textContent).toBe(PUSH_TEXT.off));
    expect(b.state.sub?.unsubscribe).not.toHaveBeenCalled();
    expect(Object.keys(JSON.parse(localStorage.getItem(PUSH_KEY)!))).toEqual(['HSRZZZZZZZZ2']);
  });

  it('a refused permission: nothing registered, nothing sent, how to allow it in Turkish', async () => {
    const calls = mockServer();
    const b = pushBrowser({ answer: 'denied' });
    render(<PushButton booking={booking()} />);
    await userEvent.click(await screen.findByRole('button', { name: PUSH_TEXT.turnOn }));
    expect((await screen.findByRole('alert')).textContent).toBe(PUSH_TEXT.denied);
    expect(b.container.register).not.toHaveBeenCalled();
    expect(calls).toEqual([]);
    expect((await pushButton()).textContent).toBe(PUSH_TEXT.turnOn);
  });

  it('a dismissed question may be asked again', async () => {
    mockServer();
    pushBrowser({ answer: 'default' });
    render(<PushButton booking={booking()} />);
    await userEvent.click(await screen.findByRole('button', { name: PUSH_TEXT.turnOn }));
    expect((await screen.findByRole('alert')).textContent).toBe(PUSH_TEXT.dismissed);
  });

  it('a push service that cannot be reached, and the server refusing, read in Turkish', async () => {
    let calls = mockServer();
    pushBrowser({ subscribeFails: true });
    const first = render(<PushButton booking={booking()} />);
    await userEvent.click(await screen.findByRole('button', { name: PUSH_TEXT.turnOn }));
    expect((await screen.findByRole('alert')).textContent).toBe(PUSH_TEXT.subscribeFailed);
    expect(calls.map((c) => c.method)).toEqual(['GET']);
    first.unmount();

    calls = mockServer({
      [`POST /api/bookings/track/${NUMBER}/push`]: [
        409,
        { error: { status: 409, name: 'ConflictError', message: pushTexts.notLive, details: {} } },
      ],
    });
    pushBrowser();
    render(<PushButton booking={booking()} />);
    await userEvent.click(await screen.findByRole('button', { name: PUSH_TEXT.turnOn }));
    expect((await screen.findByRole('alert')).textContent).toBe(pushTexts.notLive);
    expect(localStorage.getItem(PUSH_KEY)).toBeNull();
  });

  it('says plainly when the browser has no push, and on iOS why', async () => {
    mockServer();
    const { unmount } = render(<PushButton booking={booking()} />);
    expect((await screen.findByText(PUSH_TEXT.unsupported)).closest('[data-push-optin]')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('link', { name: PUSH_TEXT.privacyLink })).toBeNull();
    unmount();
    Object.defineProperty(navigator, 'userAgent', {
      configurable: true,
      value:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Version/18.1 Mobile Safari/604.1',
    });
    render(<PushButton booking={booking()} />);
    expect(await screen.findByText(PUSH_TEXT.ios)).toBeTruthy();
  });

  it('is offered only for a booking that can still change', async () => {
    mockServer();
    pushBrowser();
    for (const status of ['cancelled', 'rejected', 'expired']) {
      const { container, unmount } = render(<PushOptIn booking={booking({ status })} />);
      expect(container.innerHTML).toBe('');
      unmount();
    }
    render(<PushOptIn booking={booking({ status: 'approved' })} />);
    expect(await screen.findByRole('button', { name: PUSH_TEXT.turnOn })).toBeTruthy();
  });
});

describe('Rezervasyonlarım', () => {
  it('marks the kept bookings this device hears, where a tap on a notification lands', async () => {
    const row = (n: string) => ({
      bookingNumber: n,
      date: '2030-05-18',
      startTime: '21:00',
      endTime: '22:00',
      startsAt: future,
      facility: { name: 'Nilüfer Arena', slug: 'nilufer-arena' },
    });
    rememberBooking(row('HSRZZZZZZZZ2'));
    rememberBooking(row(NUMBER));
    localStorage.setItem(PUSH_KEY, JSON.stringify({ [NUMBER]: { endpoint: ENDPOINT, startsAt: Date.parse(future) } }));
    mockServer({ 'POST /api/bookings/track/statuses': [200, { data: [], meta: {} }] });
    render(<MyBookings />);
    const heard = (await screen.findByText(NUMBER)).closest('li')!;
    expect(within(heard).getByText('Bildirimler bu cihazda açık')).toBeTruthy();
    const quiet = screen.getByText('HSRZZZZZZZZ2').closest('li')!;
    expect(within(quiet).queryByText('Bildirimler bu cihazda açık')).toBeNull();
  });
});
