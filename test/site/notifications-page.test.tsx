import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import NotificationsPage from '../../site/src/islands/NotificationsPage';
import type { Notification } from '../../site/src/stores/notifications';
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
  setMe,
  staffUser,
} from './fixtures/notification';

let page: (call: Call) => Reply | Promise<Reply>;
let onWrite: (call: Call) => Reply | Promise<Reply>;
let calls: Call[] = [];

/** The page's own reads (pageSize 25); the shared bell feed asks with pageSize 10. */
const pageCalls = () =>
  calls.filter((c) => c.method === 'GET' && c.path === '/api/notifications/all' && c.query.pageSize === '25');
const lastQuery = () => pageCalls().at(-1)?.query;

const items = (): Notification[] => [
  notification(3, { title: 'Yeni rezervasyon', message: 'Ayşe Yılmaz, Nilüfer Arena', priority: 'urgent' }),
  notification(2, {
    title: 'Rezervasyon iptal edildi',
    type: 'booking_cancelled',
    isRead: true,
    readAt: '2026-11-18T06:30:00.000Z',
    priority: 'low',
  }),
  notification(1, { title: 'Sistem bakımı', type: 'system', priority: 'high' }),
];

beforeEach(() => {
  page = () => [200, listAnswer(items(), { unread: 2, total: 3 })];
  onWrite = (c) => [200, { data: c.method === 'DELETE' ? { id: 1 } : { updated: 2 }, meta: {} }];
  FakeSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  calls = mockApi((c) =>
    c.method !== 'GET' ? onWrite(c) : c.query.pageSize === '25' ? page(c) : [200, listAnswer([], { unread: 0 })],
  );
  $session.set({ status: 'signed-in', user: staffUser });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  $toasts.set([]);
  $session.set({ status: 'loading' });
});

async function shown() {
  render(<NotificationsPage />);
  await screen.findByText('Yeni rezervasyon');
}
const row = (title: string) => screen.getByText(title).closest('li') as HTMLElement;
const disabled = (el: HTMLElement) => el.hasAttribute('disabled');

describe('notifications page: the list (behaviour.md#management-panel)', () => {
  it('asks the server for page 1 of 25 and shows the total and unread counts in the heading', async () => {
    await shown();
    expect(lastQuery()).toEqual({ page: '1', pageSize: '25', status: 'all', type: 'all' });
    expect(screen.getByRole('heading', { level: 1, name: 'Bildirimler' })).toBeTruthy();
    expect(document.querySelector('[data-counts]')!.textContent).toBe('Toplam 3 bildirim · 2 okunmamış');
  });

  it('each item has its priority as tooltip and hidden text, a read marker, and buttons named after its title', async () => {
    await shown();
    const urgent = row('Yeni rezervasyon');
    expect(urgent.getAttribute('data-notification-id')).toBe('3');
    expect(within(urgent).getByText('Öncelik: Acil')).toBeTruthy();
    expect(urgent.querySelector('[title="Öncelik: Acil"]')).not.toBeNull();
    expect(within(urgent).getByText('Yeni Rezervasyon')).toBeTruthy(); // the type icon's name
    expect(within(urgent).queryByText('Okundu')).toBeNull();
    expect(within(urgent).getByRole('button', { name: 'Okundu işaretle: Yeni rezervasyon' })).toBeTruthy();
    expect(within(urgent).getByRole('button', { name: 'Sil: Yeni rezervasyon' })).toBeTruthy();

    const read = row('Rezervasyon iptal edildi');
    expect(within(read).getByText('Öncelik: Düşük')).toBeTruthy();
    expect(within(read).getByText('Okundu')).toBeTruthy();
    expect(within(read).queryByRole('button', { name: /^Okundu işaretle/ })).toBeNull();
    expect(within(row('Sistem bakımı')).getByText('Öncelik: Yüksek')).toBeTruthy();
  });

  it('when the server says there is no session (401 from /api/users/me) it asks to sign in and reads nothing', async () => {
    $session.set({ status: 'anonymous' });
    setMe([
      401,
      {
        data: null,
        error: {
          status: 401,
          name: 'UnauthorizedError',
          message: 'Bu işlem için giriş yapmanız gerekiyor',
          details: {},
        },
      },
    ]);
    render(<NotificationsPage />);
    expect(await screen.findByText('Bildirimleri görmek için giriş yapmalısınız')).toBeTruthy();
    expect(pageCalls()).toHaveLength(0);
  });

  it('a second tab without Beni hatırla (no stored token or hint, only the cookie) shows the list', async () => {
    $session.set({ status: 'loading' });
    sessionStorage.clear();
    localStorage.clear();
    render(<NotificationsPage />);
    await screen.findByText('Yeni rezervasyon');
    expect(screen.queryByText('Bildirimleri görmek için giriş yapmalısınız')).toBeNull();
    expect(calls.some((c) => c.path === '/api/users/me')).toBe(true);
  });

  it("says 'Henüz bildirim yok' when there are none at all", async () => {
    page = () => [200, listAnswer([], { unread: 0, total: 0 })];
    render(<NotificationsPage />);
    expect(await screen.findByText('Henüz bildirim yok')).toBeTruthy();
  });

  it('a failed read empties the list and the counts (behaviour.md#error-messages) and offers a retry', async () => {
    page = () => apiError(500);
    render(<NotificationsPage />);
    expect(await screen.findByText('Bildirimler yüklenirken hata oluştu')).toBeTruthy();
    expect(document.querySelector('[data-counts]')!.textContent).toBe('Toplam 0 bildirim · 0 okunmamış');
    page = () => [200, listAnswer(items(), { unread: 2, total: 3 })];
    await userEvent.click(screen.getByRole('button', { name: 'Tekrar dene' }));
    expect(await screen.findByText('Yeni rezervasyon')).toBeTruthy();
  });
});

describe('notifications page: filters run on the server', () => {
  it('status and type filters are sent, each starting again at page 1', async () => {
    await shown();
    await userEvent.click(screen.getByRole('radio', { name: 'Okunmamış' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ status: 'unread', type: 'all', page: '1' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Rezervasyon İptali' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ status: 'unread', type: 'booking_cancelled', page: '1' }));
    for (const [label, type] of [
      ['Yeni Rezervasyon', 'booking_created'],
      ['Rezervasyon Güncellendi', 'booking_updated'],
      ['Sistem', 'system'],
    ]) {
      await userEvent.click(
        within(screen.getByRole('radiogroup', { name: 'Tür' })).getByRole('radio', { name: label }),
      );
      await waitFor(() => expect(lastQuery()?.type).toBe(type));
    }
  });

  it('the search is sent once, 300 ms after the last key', async () => {
    await shown();
    const before = pageCalls().length;
    await userEvent.type(screen.getByRole('searchbox', { name: 'Bildirimlerde ara' }), 'iptal');
    await waitFor(() => expect(lastQuery()).toMatchObject({ q: 'iptal', page: '1' }));
    expect(pageCalls().length).toBe(before + 1);
  });

  it('clear-filters shows only while a filter is active and resets them all', async () => {
    await shown();
    expect(screen.queryByRole('button', { name: 'Filtreleri temizle' })).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: 'Okunmuş' }));
    const clear = await screen.findByRole('button', { name: 'Filtreleri temizle' });
    await userEvent.click(clear);
    await waitFor(() => expect(lastQuery()).toEqual({ page: '1', pageSize: '25', status: 'all', type: 'all' }));
    expect(screen.queryByRole('button', { name: 'Filtreleri temizle' })).toBeNull();
    expect((screen.getByRole('radio', { name: 'Okunmuş' }) as HTMLInputElement).checked).toBe(false);
  });

  it('with filters and no match it suggests other filters', async () => {
    await shown();
    page = () => [200, listAnswer([], { unread: 2, total: 3 })];
    await userEvent.click(screen.getByRole('radio', { name: 'Sistem' }));
    expect(await screen.findByText('Filtrelerinize uygun bildirim bulunamadı. Farklı filtreler deneyin.')).toBeTruthy();
    expect(screen.queryByText('Henüz bildirim yok')).toBeNull();
  });
});

describe('notifications page: actions and pager', () => {
  it('mark-all-read is disabled when nothing is unread', async () => {
    page = () => [
      200,
      listAnswer([notification(1, { isRead: true, title: 'Okunmuş bildirim' })], { unread: 0, total: 1 }),
    ];
    render(<NotificationsPage />);
    await screen.findByText('Okunmuş bildirim');
    expect(disabled(screen.getByRole('button', { name: 'Tümünü okundu işaretle' }))).toBe(true);
  });

  it('mark-all-read asks the server, then marks every item read and disables itself', async () => {
    await shown();
    const all = screen.getByRole('button', { name: 'Tümünü okundu işaretle' });
    expect(disabled(all)).toBe(false);
    await userEvent.click(all);
    await waitFor(() => expect(disabled(all)).toBe(true));
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/notifications/mark-all-read')).toBe(true);
    expect(screen.getAllByText('Okundu')).toHaveLength(3);
    expect(document.querySelector('[data-counts]')!.textContent).toBe('Toplam 3 bildirim · 0 okunmamış');
  });

  it('mark-read changes the item only after the server answers; a failure changes nothing', async () => {
    await shown();
    onWrite = () => apiError(500);
    await userEvent.click(screen.getByRole('button', { name: 'Okundu işaretle: Yeni rezervasyon' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/notifications/3/mark-read')).toBe(true));
    expect(within(row('Yeni rezervasyon')).queryByText('Okundu')).toBeNull();
    expect(document.querySelector('[data-counts]')!.textContent).toBe('Toplam 3 bildirim · 2 okunmamış');

    onWrite = () => [200, { data: notification(3, { isRead: true }), meta: {} }];
    await userEvent.click(screen.getByRole('button', { name: 'Okundu işaretle: Yeni rezervasyon' }));
    await waitFor(() => expect(within(row('Yeni rezervasyon')).getByText('Okundu')).toBeTruthy());
    expect(document.querySelector('[data-counts]')!.textContent).toBe('Toplam 3 bildirim · 1 okunmamış');
  });

  it('delete removes the item after the server answers and lowers the counts', async () => {
    await shown();
    page = () => [
      200,
      listAnswer(
        items().filter((n) => n.id !== 1),
        { unread: 1, total: 2 },
      ),
    ];
    await userEvent.click(screen.getByRole('button', { name: 'Sil: Sistem bakımı' }));
    await waitFor(() => expect(screen.queryByText('Sistem bakımı')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/notifications/1')).toBe(true);
    expect(document.querySelector('[data-counts]')!.textContent).toBe('Toplam 2 bildirim · 1 okunmamış');
  });

  it("pages read 'Sayfa x / y' with previous and next", async () => {
    page = (c) => [
      200,
      listAnswer(c.query.page === '2' ? [notification(30, { title: 'İkinci sayfa' })] : items(), {
        unread: 2,
        total: 60,
        page: Number(c.query.page),
        pageCount: 3,
      }),
    ];
    await shown();
    expect(screen.getByText('Sayfa 1 / 3')).toBeTruthy();
    expect(disabled(screen.getByRole('button', { name: 'Önceki' }))).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Sonraki' }));
    expect(await screen.findByText('İkinci sayfa')).toBeTruthy();
    expect(lastQuery()).toMatchObject({ page: '2' });
    expect(screen.getByText('Sayfa 2 / 3')).toBeTruthy();
    expect(disabled(screen.getByRole('button', { name: 'Önceki' }))).toBe(false);
  });

  it('a single page shows no pager', async () => {
    await shown();
    expect(screen.queryByText(/^Sayfa \d/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sonraki' })).toBeNull();
  });
});

describe('notifications page: live notifications', () => {
  it('a new one goes on top of the unfiltered first page and raises the counts', async () => {
    await shown();
    act(() =>
      FakeSocket.last.receive({ type: 'notification', notification: notification(50, { title: 'Canlı bildirim' }) }),
    );
    const first = document.querySelector('li[data-notification-id]')!;
    expect(first.getAttribute('data-notification-id')).toBe('50');
    expect(document.querySelector('[data-counts]')!.textContent).toBe('Toplam 4 bildirim · 3 okunmamış');
  });

  it('with a filter active the page is read again instead', async () => {
    await shown();
    await userEvent.click(screen.getByRole('radio', { name: 'Okunmamış' }));
    await waitFor(() => expect(lastQuery()?.status).toBe('unread'));
    const before = pageCalls().length;
    act(() =>
      FakeSocket.last.receive({ type: 'notification', notification: notification(51, { title: 'Filtreli canlı' }) }),
    );
    await waitFor(() => expect(pageCalls().length).toBe(before + 1));
    expect(screen.queryByText('Filtreli canlı')).toBeNull();
  });

  it("a 'read' from another tab marks the item here", async () => {
    await shown();
    act(() => FakeSocket.last.receive({ type: 'read', id: 3 }));
    expect(within(row('Yeni rezervasyon')).getByText('Okundu')).toBeTruthy();
    expect(document.querySelector('[data-counts]')!.textContent).toBe('Toplam 3 bildirim · 1 okunmamış');
  });
});
