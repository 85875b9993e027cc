import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import NotificationBell from '../../site/src/islands/NotificationBell';
import { bellTimeAgo, listTime } from '../../site/src/lib/relative-time';
import {
  $notificationLive,
  $notifications,
  $soundEnabled,
  $unreadCount,
  backoffDelay,
  badgeText,
  markAllRead,
  markRead,
  type Notification,
  playNotificationSound,
  readSoundSetting,
  removeNotification,
  setSoundEnabled,
  startNotifications,
  tonesFor,
} from '../../site/src/stores/notifications';
import { $session } from '../../site/src/stores/session';
import { $toasts } from '../../site/src/stores/toast';
import {
  apiError,
  type Call,
  FakeSocket,
  listAnswer,
  mockApi,
  notification,
  type Reply,
  staffUser,
} from './fixtures/notification';

// Wednesday 18 November 2026, 10:00 in Istanbul.
const NOW = Date.parse('2026-11-18T07:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const SEC = 1000;
const MIN = 60 * SEC;
const HOUR = 60 * MIN;

describe('relative time (behaviour.md#management-panel)', () => {
  it('the bell reads Az önce under a minute, then minutes, hours and days', () => {
    expect(bellTimeAgo(ago(0), NOW)).toBe('Az önce');
    expect(bellTimeAgo(ago(59 * SEC), NOW)).toBe('Az önce');
    expect(bellTimeAgo(ago(60 * SEC), NOW)).toBe('1 dakika önce');
    expect(bellTimeAgo(ago(59 * MIN + 59 * SEC), NOW)).toBe('59 dakika önce');
    expect(bellTimeAgo(ago(HOUR), NOW)).toBe('1 saat önce');
    expect(bellTimeAgo(ago(23 * HOUR + 59 * MIN), NOW)).toBe('23 saat önce');
    expect(bellTimeAgo(ago(24 * HOUR), NOW)).toBe('1 gün önce');
    expect(bellTimeAgo(ago(3 * 24 * HOUR + 5 * HOUR), NOW)).toBe('3 gün önce');
  });

  it('a time slightly ahead of our clock is just now, a missing one is blank', () => {
    expect(bellTimeAgo(new Date(NOW + 5 * SEC).toISOString(), NOW)).toBe('Az önce');
    expect(bellTimeAgo(null, NOW)).toBe('');
    expect(listTime('not a date', NOW)).toBe('');
  });

  it('the list says Dün for the Istanbul day before today, otherwise a Turkish date with time', () => {
    expect(listTime(ago(30 * SEC), NOW)).toBe('Az önce');
    expect(listTime(ago(5 * MIN), NOW)).toBe('5 dakika önce');
    expect(listTime(ago(23 * HOUR), NOW)).toBe('23 saat önce');
    // 17 November 09:00 Istanbul: yesterday, 25 hours ago.
    expect(listTime('2026-11-17T06:00:00Z', NOW)).toBe('Dün');
    // 16 November 23:30 Istanbul: the day before yesterday.
    expect(listTime('2026-11-16T20:30:00Z', NOW)).toBe('16 Kasım 2026 23:30');
  });

  it('yesterday is judged on the Istanbul calendar across midnight', () => {
    const justAfterMidnight = Date.parse('2026-11-18T21:30:00Z'); // 19 November 00:30 Istanbul
    expect(listTime('2026-11-17T21:10:00Z', justAfterMidnight)).toBe('Dün'); // 18 November 00:10, 24 h 20 min ago
    expect(listTime('2026-11-17T20:50:00Z', justAfterMidnight)).toBe('17 Kasım 2026 23:50'); // 24 h 40 min ago, two days back
    expect(listTime('2026-11-18T20:00:00Z', justAfterMidnight)).toBe('1 saat önce'); // 18 November 23:00: hours win under a day
  });
});

describe('badge and backoff constants (behaviour.md#constants-and-limits)', () => {
  it('the count caps at 99+', () => {
    expect(badgeText(0)).toBe('0');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });

  it('reconnects after 1 s doubling up to 30 s, with jitter', () => {
    expect(backoffDelay(0, 0)).toBe(500);
    expect(backoffDelay(0, 1)).toBe(1000);
    expect(backoffDelay(3, 1)).toBe(8000);
    expect(backoffDelay(10, 1)).toBe(30_000);
    expect(backoffDelay(10, 0)).toBe(15_000);
  });
});

// ---------------------------------------------------------------- the live store

let latest: Notification[] = [];
let unread = 0;
let onAll: (call: Call) => Reply | Promise<Reply> = () => [200, listAnswer(latest, { unread })];
let onWrite: (call: Call) => Reply | Promise<Reply> = (c) => [
  200,
  { data: c.method === 'DELETE' ? { id: 1 } : { updated: 1 }, meta: {} },
];
let calls: Call[] = [];
let stop: (() => void) | undefined;

const listCalls = () => calls.filter((c) => c.method === 'GET' && c.path === '/api/notifications/all');
/** Lets fetches, JSON parsing and store updates run to the end (setImmediate stays real under the fake timers). */
const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
};

beforeEach(() => {
  latest = [notification(3), notification(2, { isRead: true, readAt: '2026-11-18T06:30:00.000Z' }), notification(1)];
  unread = 2;
  onAll = () => [200, listAnswer(latest, { unread })];
  onWrite = (c) => [200, { data: c.method === 'DELETE' ? { id: 1 } : { updated: 1 }, meta: {} }];
  FakeSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  calls = mockApi((c) => (c.method === 'GET' ? onAll(c) : onWrite(c)));
  $session.set({ status: 'signed-in', user: staffUser });
});
afterEach(() => {
  cleanup();
  stop?.();
  stop = undefined;
  vi.useRealTimers();
  vi.unstubAllGlobals();
  $toasts.set([]);
  $session.set({ status: 'loading' });
});

async function started() {
  stop = startNotifications();
  await settle();
}

describe('notification store: fetching and the live socket (behaviour.md#notifications)', () => {
  it('reads the latest ten on start and opens the socket on the session cookie, with no token in its URL', async () => {
    await started();
    expect(listCalls()).toHaveLength(1);
    expect(listCalls()[0].query).toMatchObject({ page: '1', pageSize: '10' });
    expect($notifications.get().map((n) => n.id)).toEqual([3, 2, 1]);
    expect($unreadCount.get()).toBe(2);
    const url = new URL(FakeSocket.last.url);
    expect(url.protocol).toBe('ws:');
    expect(url.pathname).toBe('/api/notifications/live');
    expect(url.search).toBe('');
    expect($notificationLive.get()).toBe('connecting');
    FakeSocket.last.open();
    expect($notificationLive.get()).toBe('open');
  });

  it('refetches when the socket (re)connects', async () => {
    await started();
    FakeSocket.last.open();
    await settle();
    expect(listCalls()).toHaveLength(2);
  });

  it('a fetch failure empties the list and sets the count to 0 (behaviour.md#error-messages)', async () => {
    await started();
    expect($unreadCount.get()).toBe(2);
    onAll = () => apiError(500);
    FakeSocket.last.open();
    await settle();
    expect($notifications.get()).toEqual([]);
    expect($unreadCount.get()).toBe(0);
  });

  it('a live notification goes on top, raises the count and toasts for 8 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'], now: NOW });
    await started();
    FakeSocket.last.open();
    await settle();
    const fresh = notification(9, {
      title: 'Yeni rezervasyon',
      message: 'Nilüfer Arena, 20 Kasım 20:00',
      createdAt: new Date(NOW).toISOString(),
    });
    FakeSocket.last.receive({ type: 'notification', notification: fresh });
    expect($notifications.get()[0].id).toBe(9);
    expect($unreadCount.get()).toBe(3);
    expect($toasts.get()).toEqual([
      expect.objectContaining({
        kind: 'info',
        title: 'Yeni rezervasyon',
        description: 'Nilüfer Arena, 20 Kasım 20:00',
      }),
    ]);
    await vi.advanceTimersByTimeAsync(7_999);
    expect($toasts.get()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect($toasts.get()).toHaveLength(0);
  });

  it("the actor's own action: no toast, no sound, not counted unread; another staff member's still rings", async () => {
    vi.stubGlobal('AudioContext', FakeAudioContext);
    FakeAudioContext.oscillators = [];
    await started();
    FakeSocket.last.open();
    FakeSocket.last.receive({ type: 'hello', userId: staffUser.id });
    await settle();
    FakeSocket.last.receive({
      type: 'notification',
      notification: notification(20, { type: 'booking_updated', actorUserId: staffUser.id }),
    });
    expect($notifications.get()[0]).toMatchObject({ id: 20, isRead: true });
    expect($unreadCount.get()).toBe(2);
    expect($toasts.get()).toEqual([]);
    expect(FakeAudioContext.oscillators).toHaveLength(0);

    FakeSocket.last.receive({
      type: 'notification',
      notification: notification(21, { type: 'booking_updated', actorUserId: staffUser.id + 1 }),
    });
    expect($unreadCount.get()).toBe(3);
    expect($toasts.get()).toHaveLength(1);
    expect(FakeAudioContext.oscillators).toHaveLength(1);
  });

  it('without a hello the stored session names the actor', async () => {
    await started();
    FakeSocket.last.receive({ type: 'notification', notification: notification(22, { actorUserId: staffUser.id }) });
    expect($unreadCount.get()).toBe(2);
    expect($toasts.get()).toEqual([]);
  });

  it('the same notification arriving twice is counted once', async () => {
    await started();
    FakeSocket.last.receive({ type: 'notification', notification: notification(9) });
    FakeSocket.last.receive({ type: 'notification', notification: notification(9) });
    expect($notifications.get().filter((n) => n.id === 9)).toHaveLength(1);
    expect($unreadCount.get()).toBe(3);
  });

  it("'read' marks one or all locally, and the count never goes below 0", async () => {
    await started();
    FakeSocket.last.receive({ type: 'read', id: 3 });
    expect($notifications.get().find((n) => n.id === 3)?.isRead).toBe(true);
    expect($unreadCount.get()).toBe(1);
    FakeSocket.last.receive({ type: 'read', id: 3 });
    expect($unreadCount.get()).toBe(1);
    FakeSocket.last.receive({ type: 'read', id: 'all' });
    expect($notifications.get().every((n) => n.isRead)).toBe(true);
    expect($unreadCount.get()).toBe(0);
    FakeSocket.last.receive({ type: 'deleted', id: 1 });
    expect($unreadCount.get()).toBe(0);
  });

  it("'deleted' removes the item; an unread one lowers the count, a read one does not", async () => {
    await started();
    FakeSocket.last.receive({ type: 'deleted', id: 2 });
    expect($notifications.get().map((n) => n.id)).toEqual([3, 1]);
    expect($unreadCount.get()).toBe(2);
    FakeSocket.last.receive({ type: 'deleted', id: 1 });
    expect($notifications.get().map((n) => n.id)).toEqual([3]);
    expect($unreadCount.get()).toBe(1);
  });

  it('an event about one we do not hold asks the server for the count', async () => {
    await started();
    unread = 1;
    FakeSocket.last.receive({ type: 'read', id: 77 });
    await settle();
    expect(listCalls()).toHaveLength(2);
    expect($unreadCount.get()).toBe(1);
  });

  it('a new user means a fresh read and a fresh socket (behaviour.md#constants-and-limits on user change); the same user confirmed again does not', async () => {
    await started();
    const first = FakeSocket.last;
    $session.set({ status: 'signed-in', user: { ...staffUser } });
    await settle();
    expect(FakeSocket.instances).toHaveLength(1);
    $session.set({ status: 'signed-in', user: { ...staffUser, id: 2 } });
    await settle();
    expect(listCalls()).toHaveLength(2);
    expect(FakeSocket.instances).toHaveLength(2);
    expect(first.readyState).toBe(3);
    expect(new URL(FakeSocket.last.url).search).toBe('');
  });

  it('ignores malformed messages and hello', async () => {
    await started();
    FakeSocket.last.onmessage?.({ data: 'not json' } as MessageEvent);
    FakeSocket.last.receive({ type: 'hello', userId: 1 });
    FakeSocket.last.receive({ type: 'read' });
    expect($unreadCount.get()).toBe(2);
    expect($notifications.get()).toHaveLength(3);
  });
});

describe('notification store: fallback polling and reconnecting (behaviour.md#constants-and-limits)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'], now: NOW });
  });

  it('while the socket is down it polls every 30 s and reconnects with backoff', async () => {
    await started();
    FakeSocket.last.open();
    await settle();
    const before = listCalls().length;
    FakeSocket.last.drop();
    expect($notificationLive.get()).toBe('down');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(FakeSocket.instances).toHaveLength(2); // the first retry comes within 1 s
    await vi.advanceTimersByTimeAsync(29_000);
    await settle();
    expect(listCalls().length).toBe(before + 1);
    await vi.advanceTimersByTimeAsync(30_000);
    await settle();
    expect(listCalls().length).toBe(before + 2);
    expect($notificationLive.get()).toBe('down');
  });

  it('while the socket is open only the 60 s safety poll runs', async () => {
    await started();
    FakeSocket.last.open();
    await settle();
    const before = listCalls().length;
    await vi.advanceTimersByTimeAsync(30_000);
    await settle();
    expect(listCalls().length).toBe(before);
    await vi.advanceTimersByTimeAsync(30_000);
    await settle();
    expect(listCalls().length).toBe(before + 1);
  });

  it('without WebSocket support it polls every 30 s', async () => {
    vi.stubGlobal('WebSocket', undefined);
    await started();
    expect($notificationLive.get()).toBe('down');
    await vi.advanceTimersByTimeAsync(30_000);
    await settle();
    expect(listCalls()).toHaveLength(2);
  });

  it('signing out closes the socket and stops the polls before the page leaves: no refused reconnect is tried', async () => {
    await started();
    const socket = FakeSocket.last;
    socket.open();
    await settle();
    $session.set({ status: 'anonymous' });
    await settle();
    expect(socket.readyState).toBe(3);
    const before = listCalls().length;
    await vi.advanceTimersByTimeAsync(120_000);
    expect(listCalls().length).toBe(before);
    expect(FakeSocket.instances).toHaveLength(1);
    expect($notificationLive.get()).toBe('down');
    // Signed in again on the same page: a fresh socket.
    $session.set({ status: 'signed-in', user: staffUser });
    await settle();
    expect(FakeSocket.instances).toHaveLength(2);
  });

  it('a socket closed because the session ended signs the tab out and goes to /giris, asking the server nothing', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', {
      ...window.location,
      pathname: '/yonetim/rezervasyonlar',
      search: '?tab=pending',
      assign,
    });
    await started();
    FakeSocket.last.open();
    await settle();
    const before = calls.length;
    FakeSocket.last.drop(4001);
    await settle();
    expect($session.get()).toEqual({ status: 'anonymous' });
    expect(assign).toHaveBeenCalledWith('/giris?redirect=%2Fyonetim%2Frezervasyonlar%3Ftab%3Dpending');
    await vi.advanceTimersByTimeAsync(120_000);
    expect(calls.length).toBe(before);
    expect(FakeSocket.instances).toHaveLength(1);
  });

  it('stopping closes everything: no more polls or sockets', async () => {
    await started();
    stop!();
    stop = undefined;
    const before = listCalls().length;
    await vi.advanceTimersByTimeAsync(120_000);
    expect(listCalls().length).toBe(before);
    expect(FakeSocket.instances).toHaveLength(1);
    expect($notifications.get()).toEqual([]);
  });
});

describe('notification store: actions change local state only after the server succeeds (behaviour.md#states-and-transitions, #error-messages)', () => {
  it('mark-read waits for the server, then marks, lowers the count and tells the socket', async () => {
    await started();
    FakeSocket.last.open();
    await settle();
    let answer!: (r: Reply) => void;
    onWrite = () => new Promise<Reply>((r) => (answer = r));
    const pending = markRead(3);
    await settle();
    // keepalive: a notification's booking link leaves the page while the mark is on its way.
    expect(calls.at(-1)).toMatchObject({ method: 'POST', path: '/api/notifications/3/mark-read', keepalive: true });
    expect($unreadCount.get()).toBe(2);
    expect($notifications.get()[0].isRead).toBe(false);
    answer([200, { data: notification(3, { isRead: true, readAt: '2026-11-18T07:00:00.000Z' }), meta: {} }]);
    await expect(pending).resolves.toBe(true);
    expect($notifications.get()[0]).toMatchObject({ isRead: true, readAt: '2026-11-18T07:00:00.000Z' });
    expect($unreadCount.get()).toBe(1);
    expect(FakeSocket.last.sent.map((s) => JSON.parse(s))).toContainEqual({ type: 'read', id: 3 });
  });

  it('a failed mark-read, mark-all or delete changes nothing and says nothing', async () => {
    await started();
    onWrite = () => apiError(500);
    await expect(markRead(3)).resolves.toBe(false);
    await expect(markAllRead()).resolves.toBe(false);
    await expect(removeNotification(1)).resolves.toBe(false);
    expect($unreadCount.get()).toBe(2);
    expect($notifications.get().map((n) => [n.id, n.isRead])).toEqual([
      [3, false],
      [2, true],
      [1, false],
    ]);
    expect($toasts.get()).toEqual([]);
  });

  it('a network failure is silent too', async () => {
    await started();
    vi.mocked(fetch).mockRejectedValueOnce(new TypeError('offline'));
    await expect(markRead(3)).resolves.toBe(false);
    expect($unreadCount.get()).toBe(2);
  });

  it('mark-all-read sets every item read and the count to 0', async () => {
    await started();
    FakeSocket.last.open();
    await settle();
    await expect(markAllRead()).resolves.toBe(true);
    expect(calls.at(-1)).toMatchObject({ method: 'POST', path: '/api/notifications/mark-all-read' });
    expect($notifications.get().every((n) => n.isRead)).toBe(true);
    expect($unreadCount.get()).toBe(0);
    expect(FakeSocket.last.sent.map((s) => JSON.parse(s))).toContainEqual({ type: 'read', id: 'all' });
  });

  it('deleting an unread one removes it and lowers the count', async () => {
    await started();
    await expect(removeNotification(1)).resolves.toBe(true);
    expect(calls.at(-1)).toMatchObject({ method: 'DELETE', path: '/api/notifications/1' });
    expect($notifications.get().map((n) => n.id)).toEqual([3, 2]);
    expect($unreadCount.get()).toBe(1);
  });
});

// ---------------------------------------------------------------- sound

class FakeAudioContext {
  static oscillators: Array<{ type: string; frequencies: number[] }> = [];
  state = 'running';
  currentTime = 0;
  destination = {};
  resume = async () => {};
  createOscillator() {
    const osc = { type: 'sine', frequencies: [] as number[] };
    FakeAudioContext.oscillators.push(osc);
    return {
      set type(t: string) {
        osc.type = t;
      },
      frequency: {
        setValueAtTime: (f: number) => osc.frequencies.push(f),
        exponentialRampToValueAtTime: (f: number) => osc.frequencies.push(f),
      },
      connect: (n: unknown) => n,
      start() {},
      stop() {},
    };
  }
  createGain() {
    return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect: (n: unknown) => n };
  }
}

describe('notification sound (behaviour.md#management-panel, #constants-and-limits notificationSoundEnabled)', () => {
  beforeEach(() => {
    FakeAudioContext.oscillators = [];
  });

  it('is on by default and the choice is kept in the browser', () => {
    expect(readSoundSetting()).toBe(true);
    setSoundEnabled(false);
    expect(localStorage.getItem('notificationSoundEnabled')).toBe('false');
    expect(readSoundSetting()).toBe(false);
    expect($soundEnabled.get()).toBe(false);
    setSoundEnabled(true);
    expect(localStorage.getItem('notificationSoundEnabled')).toBe('true');
  });

  it('sounds differ by type: two rising beeps, a falling tone, a mid beep, a low beep', () => {
    const created = tonesFor('booking_created');
    expect(created).toHaveLength(2);
    expect(created[1].from).toBeGreaterThan(created[0].from);
    const cancelled = tonesFor('booking_cancelled');
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0].to).toBeLessThan(cancelled[0].from);
    expect(tonesFor('booking_updated')).toHaveLength(1);
    expect(tonesFor('system')[0].from).toBeLessThan(tonesFor('booking_updated')[0].from);
    expect(tonesFor('error')).toEqual(tonesFor('other'));
  });

  it('without Web Audio it stays silent and never throws', () => {
    expect('AudioContext' in window).toBe(false);
    expect(playNotificationSound('booking_created')).toBe(false);
  });

  it('a live notification plays its type when the sound is on, and nothing when off', async () => {
    vi.stubGlobal('AudioContext', FakeAudioContext);
    await started();
    FakeSocket.last.receive({ type: 'notification', notification: notification(10, { type: 'booking_cancelled' }) });
    expect(FakeAudioContext.oscillators).toHaveLength(1);
    expect(FakeAudioContext.oscillators[0].frequencies).toEqual([740, 330]);
    setSoundEnabled(false);
    FakeSocket.last.receive({ type: 'notification', notification: notification(11) });
    expect(FakeAudioContext.oscillators).toHaveLength(1);
    expect($unreadCount.get()).toBe(4);
  });

  it('reads the stored setting when the feed starts', async () => {
    localStorage.setItem('notificationSoundEnabled', 'false');
    await started();
    expect($soundEnabled.get()).toBe(false);
  });
});

// ---------------------------------------------------------------- the bell

describe('notification bell (behaviour.md#management-panel)', () => {
  const bell = () => screen.getByRole('button', { name: /^Bildirimler/ });

  it('shows at most 5 items and caps the badge at 99+', async () => {
    latest = Array.from({ length: 10 }, (_, i) => notification(20 - i));
    unread = 150;
    render(<NotificationBell />);
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Bildirimler, 150 okunmamış'));
    const badge = document.querySelector('[data-unread-count]')!;
    expect(badge.getAttribute('data-unread-count')).toBe('150');
    expect(badge.textContent).toBe('99+');
    await userEvent.click(bell());
    const dialog = await screen.findByRole('dialog', { name: 'Bildirimler' });
    const ids = [...dialog.querySelectorAll('[data-notification-id]')].map((e) =>
      e.getAttribute('data-notification-id'),
    );
    expect(ids).toEqual(['20', '19', '18', '17', '16']);
    expect(within(dialog).getByRole('link', { name: 'Tüm bildirimler' }).getAttribute('href')).toBe(
      '/yonetim/bildirimler',
    );
  });

  it('opening it stores lastNotificationCheck; the items read their relative time', async () => {
    latest = [notification(5, { createdAt: new Date(Date.now() - 10_000).toISOString(), title: 'Yeni rezervasyon' })];
    render(<NotificationBell />);
    await userEvent.click(bell());
    const dialog = await screen.findByRole('dialog', { name: 'Bildirimler' });
    expect(localStorage.getItem('lastNotificationCheck')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(within(dialog).getByText('Az önce')).toBeTruthy();
    expect(within(dialog).getByText('Okunmamış')).toBeTruthy();
  });

  it('shows the connection as text and data-live, not colour alone', async () => {
    render(<NotificationBell />);
    await userEvent.click(bell());
    const dialog = await screen.findByRole('dialog', { name: 'Bildirimler' });
    const live = () => dialog.querySelector('[data-live]')!;
    expect(live().getAttribute('data-live')).toBe('connecting');
    act(() => FakeSocket.last.open());
    expect(live().getAttribute('data-live')).toBe('open');
    expect(live().textContent).toBe('Bağlı');
    act(() => FakeSocket.last.drop());
    expect(live().getAttribute('data-live')).toBe('down');
    expect(live().textContent).toBe('Bağlı değil');
  });

  it('a live notification appears on top of the open bell and raises the badge', async () => {
    render(<NotificationBell />);
    await waitFor(() =>
      expect(document.querySelector('[data-unread-count]')!.getAttribute('data-unread-count')).toBe('2'),
    );
    await userEvent.click(bell());
    const dialog = await screen.findByRole('dialog', { name: 'Bildirimler' });
    act(() =>
      FakeSocket.last.receive({
        type: 'notification',
        notification: notification(42, { title: 'Rezervasyon iptal edildi', type: 'booking_cancelled' }),
      }),
    );
    expect(dialog.querySelector('[data-notification-id]')!.getAttribute('data-notification-id')).toBe('42');
    expect(document.querySelector('[data-unread-count]')!.getAttribute('data-unread-count')).toBe('3');
    expect(bell().getAttribute('aria-label')).toBe('Bildirimler, 3 okunmamış');
  });

  it('mark-read in the bell asks the server, then drops the unread dot and lowers the badge', async () => {
    render(<NotificationBell />);
    await userEvent.click(bell());
    const dialog = await screen.findByRole('dialog', { name: 'Bildirimler' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Okundu işaretle: Bildirim 3' }));
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/notifications/3/mark-read')).toBe(true);
    await waitFor(() =>
      expect(within(dialog).queryByRole('button', { name: 'Okundu işaretle: Bildirim 3' })).toBeNull(),
    );
    expect(document.querySelector('[data-unread-count]')!.getAttribute('data-unread-count')).toBe('1');
  });

  it("'Tümünü okundu işaretle' is disabled with nothing unread", async () => {
    unread = 0;
    latest = [notification(1, { isRead: true })];
    render(<NotificationBell />);
    await userEvent.click(bell());
    const dialog = await screen.findByRole('dialog', { name: 'Bildirimler' });
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Tümünü okundu işaretle' }).hasAttribute('disabled')).toBe(
        true,
      ),
    );
    expect(document.querySelector('[data-unread-count]')!.hasAttribute('hidden')).toBe(true);
  });

  it('the sound switch turns the sound off and remembers it', async () => {
    render(<NotificationBell />);
    await userEvent.click(bell());
    const dialog = await screen.findByRole('dialog', { name: 'Bildirimler' });
    const toggle = within(dialog).getByRole('switch', { name: 'Bildirim sesi' }) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    await userEvent.click(toggle);
    expect(toggle.checked).toBe(false);
    expect(localStorage.getItem('notificationSoundEnabled')).toBe('false');
  });

  it('with no notifications it says so', async () => {
    latest = [];
    unread = 0;
    render(<NotificationBell />);
    await userEvent.click(bell());
    const dialog = await screen.findByRole('dialog', { name: 'Bildirimler' });
    await waitFor(() => expect(within(dialog).getByText('Henüz bildirim yok')).toBeTruthy());
  });
});
