import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import BookingsManager from '../../site/src/islands/BookingsManager';
import { pageWindow } from '../../site/src/lib/pages';
import { $toasts } from '../../site/src/stores/toast';
import { apiError, type Call, detail, listItem, mockApi, type Reply } from './fixtures/panel-booking';

const COUNTS = { all: 42, today: 3, upcoming: 17, pending: 5, approved: 30, rejected: 4, cancelled: 3 };

let calls: Call[];
let onList: (c: Call) => Reply | Promise<Reply>;
let items = [
  listItem(),
  listItem({
    id: 2,
    documentId: 'bk-2',
    bookingNumber: 'HSRABCDEFGH',
    customerName: 'Mehmet Kaya',
    status: 'approved',
  }),
];
let pageCount = 1;

const listReply = (c: Call): Reply => [
  200,
  {
    data: items,
    meta: {
      pagination: {
        page: Number(c.query.page),
        pageSize: Number(c.query.pageSize),
        pageCount,
        total: items.length * pageCount,
      },
      counts: COUNTS,
    },
  },
];
const lists = () => calls.filter((c) => c.method === 'GET' && c.path === '/api/bookings');
const lastList = () => lists().at(-1)!;

/** A controllable matchMedia for '(max-width: 767px)'. */
function screenWidth(narrow: boolean) {
  const listeners = new Set<(e: MediaQueryListEvent) => void>();
  const mql = {
    matches: narrow,
    media: '(max-width: 767px)',
    addEventListener: (_: string, fn: (e: MediaQueryListEvent) => void) => listeners.add(fn),
    removeEventListener: (_: string, fn: (e: MediaQueryListEvent) => void) => listeners.delete(fn),
  };
  Object.defineProperty(window, 'matchMedia', { configurable: true, writable: true, value: () => mql });
  return (next: boolean) =>
    act(() => {
      mql.matches = next;
      for (const fn of listeners) fn({ matches: next } as MediaQueryListEvent);
    });
}

const originalMatchMedia = window.matchMedia;
beforeEach(() => {
  window.history.replaceState(null, '', '/yonetim/rezervasyonlar');
  items = [
    listItem(),
    listItem({
      id: 2,
      documentId: 'bk-2',
      bookingNumber: 'HSRABCDEFGH',
      customerName: 'Mehmet Kaya',
      status: 'approved',
    }),
  ];
  pageCount = 1;
  onList = listReply;
  screenWidth(false);
  calls = mockApi((c) => {
    if (c.method === 'GET' && c.path === '/api/bookings') return onList(c);
    if (c.method === 'GET' && c.path === '/api/bookings/bk-1') return [200, { data: detail(), meta: {} }];
    if (c.method === 'POST' && c.path === '/api/bookings/bk-1/approve')
      return [200, { data: detail({ status: 'approved' }), meta: {} }];
    return apiError(404, 'Bulunamadı');
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  Object.defineProperty(window, 'matchMedia', { configurable: true, writable: true, value: originalMatchMedia });
  $toasts.set([]);
});

const booking = (number: string) => document.querySelector<HTMLElement>(`[data-booking="${number}"]`);
const bookingShown = (number: string) => waitFor(() => expect(booking(number)).toBeTruthy());
async function shown() {
  render(<BookingsManager />);
  await bookingShown('HSRK7M2P9QX');
}
const tab = (name: RegExp) => screen.getByRole('tab', { name });
/** Types dd mm yyyy into the react-aria date field (dd.mm.yyyy, not the browser's date box). */
async function typeDate(name: string, digits: string) {
  const [day] = within(screen.getByRole('group', { name })).getAllByRole('spinbutton');
  act(() => day.focus());
  await userEvent.setup().keyboard(digits);
}

describe('live updates over the staff hub', () => {
  it('a booking notification from elsewhere re-reads the page and the tab counts; other events do not', async () => {
    const { handleLiveMessage } = await import('../../site/src/stores/notifications');
    await shown();
    const before = lists().length;
    const event = (id: number, bookingId: number | null) =>
      handleLiveMessage({
        type: 'notification',
        notification: {
          id,
          documentId: `n${id}`,
          type: 'booking_created',
          priority: 'high',
          title: 'Yeni Rezervasyon',
          message: 'm',
          isRead: false,
          readAt: null,
          createdAt: new Date().toISOString(),
          bookingId,
          facilityId: 1,
          actorUserId: null,
        },
      });
    act(() => handleLiveMessage({ type: 'read', id: 'all' }));
    act(() => event(801, null));
    await new Promise((r) => setTimeout(r, 400));
    expect(lists().length).toBe(before);
    act(() => event(802, 55));
    act(() => event(803, 56));
    await waitFor(() => expect(lists().length).toBe(before + 1));
    await new Promise((r) => setTimeout(r, 400));
    expect(lists().length).toBe(before + 1);
  });
});

describe('bookings list (behaviour.md#management-panel Bookings management)', () => {
  it('shows the heading, the stat strip and a row per booking with its number, customer, pitch, amount and status', async () => {
    await shown();
    expect(screen.getByRole('heading', { level: 1, name: 'Rezervasyon Yönetimi' })).toBeTruthy();
    const stats = document.querySelector('[aria-label="Rezervasyon sayıları"]')!;
    for (const [key, n] of [
      ['all', 42],
      ['pending', 5],
      ['approved', 30],
      ['rejected', 4],
      ['cancelled', 3],
    ] as const) {
      expect(stats.querySelector(`[data-stat="${key}"] dd`)!.textContent).toBe(String(n));
    }
    const row = document.querySelector('tr[data-booking="HSRK7M2P9QX"]') as HTMLElement;
    expect(row.textContent).toContain('Ayşe Yılmaz');
    expect(row.textContent).toContain('0532 123 45 67');
    expect(row.textContent).toContain('Nilüfer Arena');
    expect(row.textContent).toContain('20 Kasım 2026');
    expect(row.textContent).toContain('20:00–21:00');
    expect(row.textContent).toContain('₺1.550');
    expect(within(row).getByText('Beklemede')).toBeTruthy();
    expect(
      within(document.querySelector('tr[data-booking="HSRABCDEFGH"]') as HTMLElement).getByText('Onaylandı'),
    ).toBeTruthy();
    expect(lastList().query).toMatchObject({ tab: 'all', page: '1', pageSize: '10' });
  });

  it('shows each tab with its count and asks the server for the chosen tab from page 1', async () => {
    window.history.replaceState(null, '', '/yonetim/rezervasyonlar?page=3');
    pageCount = 4;
    await shown();
    expect(lastList().query.page).toBe('3');
    expect(tab(/^Tümü\s*42$/)).toBeTruthy();
    expect(tab(/^Bugün\s*3$/)).toBeTruthy();
    expect(tab(/^Gelecek\s*17$/)).toBeTruthy();
    expect(tab(/^Bekleyen\s*5$/)).toBeTruthy();
    expect(tab(/^Onaylı\s*30$/)).toBeTruthy();
    expect(tab(/^Reddedilen\s*4$/)).toBeTruthy();
    expect(tab(/^İptal\s*3$/)).toBeTruthy();

    await userEvent.click(tab(/^Bekleyen/));
    await waitFor(() => expect(lastList().query).toMatchObject({ tab: 'pending', page: '1' }));
    expect(tab(/^Bekleyen/).getAttribute('aria-selected')).toBe('true');
    expect(window.location.search).toBe('?tab=pending');
  });

  it('debounces the search by 300 ms and sends only the final text as q', async () => {
    await shown();
    const before = lists().length;
    // Four keystrokes with no time between them (a loaded machine cannot stretch the gaps past the debounce).
    const box = screen.getByRole('searchbox', { name: 'Ara' });
    for (const text of ['A', 'Ay', 'Ayş']) fireEvent.change(box, { target: { value: text } });
    // The last keystroke's timer starts inside its change event, so no earlier than this moment.
    const lastKeystroke = performance.now();
    fireEvent.change(box, { target: { value: 'Ayşe' } });
    expect((box as HTMLInputElement).value).toBe('Ayşe');
    await waitFor(() => expect(lastList().query.q).toBe('Ayşe'));
    await new Promise((r) => setTimeout(r, 350));
    const searched = lists().slice(before);
    expect(searched).toHaveLength(1);
    // Sent only once 300 ms had passed since the last keystroke (timers never fire early; measured rather than
    // slept, so a loaded machine that stretches a render cannot fail it).
    expect(searched[0].at - lastKeystroke).toBeGreaterThanOrEqual(299);
    expect(searched[0].query).toMatchObject({ q: 'Ayşe', page: '1' });
    expect(new URLSearchParams(window.location.search).get('q')).toBe('Ayşe');
  });

  it('sends the Aboneler and Servisli toggles and the date range, and the clear button drops the dates', async () => {
    await shown();
    await userEvent.click(screen.getByRole('button', { name: /Aboneler/ }));
    await waitFor(() => expect(lastList().query.subscribers).toBe('true'));
    expect(screen.getByRole('button', { name: /Aboneler/ }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: /Servisli/ }));
    await waitFor(() => expect(lastList().query).toMatchObject({ subscribers: 'true', transport: 'true' }));

    await typeDate('Başlangıç tarihi', '01112026');
    await waitFor(() => expect(lastList().query.from).toBe('2026-11-01'));
    await typeDate('Bitiş tarihi', '30112026');
    await waitFor(() => expect(lastList().query).toMatchObject({ from: '2026-11-01', to: '2026-11-30', page: '1' }));
    expect(window.location.search).toBe('?abone=1&servis=1&from=2026-11-01&to=2026-11-30');

    // A start after the end moves the end along, so the server never gets a reversed range.
    await typeDate('Başlangıç tarihi', '05122026');
    await waitFor(() => expect(lastList().query).toMatchObject({ from: '2026-12-05', to: '2026-12-05' }));

    await userEvent.click(screen.getByRole('button', { name: 'Tarih aralığını temizle' }));
    await waitFor(() => expect(lastList().query.from).toBeUndefined());
    expect(lastList().query.to).toBeUndefined();
    expect(lastList().query.subscribers).toBe('true');
  });

  it('restores the filters from the address on load', async () => {
    window.history.replaceState(
      null,
      '',
      '/yonetim/rezervasyonlar?tab=approved&q=0532&abone=1&servis=1&from=2026-11-01&to=2026-11-30&page=2',
    );
    pageCount = 3;
    await shown();
    expect(lists()[0].query).toEqual({
      tab: 'approved',
      q: '0532',
      subscribers: 'true',
      transport: 'true',
      from: '2026-11-01',
      to: '2026-11-30',
      page: '2',
      pageSize: '10',
    });
    expect((screen.getByRole('searchbox', { name: 'Ara' }) as HTMLInputElement).value).toBe('0532');
    expect(tab(/^Onaylı/).getAttribute('aria-selected')).toBe('true');
  });

  it('goes back to the previous filters with the browser’s back button', async () => {
    await shown();
    await userEvent.click(tab(/^Reddedilen/));
    await waitFor(() => expect(lastList().query.tab).toBe('rejected'));
    expect(window.location.search).toBe('?tab=rejected');
    act(() => window.history.back());
    await waitFor(() => expect(lastList().query.tab).toBe('all'));
    await waitFor(() => expect(tab(/^Tümü/).getAttribute('aria-selected')).toBe('true'));
  });

  it('shows at most 5 page numbers and moves with Sonraki, Önceki and a number', async () => {
    pageCount = 12;
    await shown();
    const nav = screen.getByRole('navigation', { name: 'Sayfalama' });
    const numbers = () =>
      within(nav)
        .getAllByRole('button', { name: /^Sayfa \d+$/ })
        .map((b) => b.textContent);
    expect(numbers()).toEqual(['1', '2', '3', '4', '5']);
    expect(within(nav).getByRole('button', { name: 'Önceki' }).hasAttribute('disabled')).toBe(true);
    expect(within(nav).getByRole('button', { name: 'Sayfa 1' }).getAttribute('aria-current')).toBe('page');

    await userEvent.click(within(nav).getByRole('button', { name: 'Sonraki' }));
    await waitFor(() => expect(lastList().query.page).toBe('2'));
    await userEvent.click(within(nav).getByRole('button', { name: 'Sayfa 5' }));
    await waitFor(() => expect(lastList().query.page).toBe('5'));
    await waitFor(() => expect(numbers()).toEqual(['3', '4', '5', '6', '7']));
    await userEvent.click(within(nav).getByRole('button', { name: 'Önceki' }));
    await waitFor(() => expect(lastList().query.page).toBe('4'));
    expect(window.location.search).toBe('?page=4');
  });

  it('keeps the page window inside the page count', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(12, 12)).toEqual([8, 9, 10, 11, 12]);
    expect(pageWindow(6, 12)).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow(1, 0)).toEqual([]);
  });

  it('asks 5 per page under 768 px, shows cards and a page input, and re-queries 10 when the screen widens', async () => {
    const resize = screenWidth(true);
    pageCount = 4;
    await shown();
    expect(lastList().query.pageSize).toBe('5');
    expect(document.querySelector('li[data-booking="HSRK7M2P9QX"]')).toBeTruthy();
    expect(document.querySelector('table')).toBeNull();

    const input = screen.getByRole('textbox', { name: 'Sayfa numarası' });
    await userEvent.clear(input);
    await userEvent.type(input, '3{Enter}');
    await waitFor(() => expect(lastList().query).toMatchObject({ page: '3', pageSize: '5' }));

    resize(false);
    await waitFor(() => expect(lastList().query).toMatchObject({ page: '1', pageSize: '10' }));
    expect(await screen.findByRole('table')).toBeTruthy();
    expect(document.querySelector('tr[data-booking="HSRK7M2P9QX"]')).toBeTruthy();
  });

  it('the page box checks itself in Turkish: no browser bubble, no request for a page that does not exist', async () => {
    screenWidth(true);
    pageCount = 4;
    await shown();
    const before = lists().length;
    const input = screen.getByRole('textbox', { name: 'Sayfa numarası' });
    expect(input.closest('form')!.noValidate).toBe(true);
    expect(input.getAttribute('type')).toBe('text');
    for (const bad of ['9', '0', 'abc', '1.5']) {
      await userEvent.clear(input);
      await userEvent.type(input, `${bad}{Enter}`);
      expect((await screen.findByRole('alert')).textContent).toBe('Geçerli bir sayfa numarası girin (1–4)');
      expect(input.getAttribute('aria-invalid')).toBe('true');
    }
    expect(lists().length).toBe(before);
    await userEvent.clear(input);
    await userEvent.type(input, '2{Enter}');
    await waitFor(() => expect(lastList().query).toMatchObject({ page: '2' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says Rezervasyon bulunamadı when nothing matches', async () => {
    items = [];
    render(<BookingsManager />);
    expect(await screen.findByText('Rezervasyon bulunamadı')).toBeTruthy();
    expect(document.querySelector('[data-booking]')).toBeNull();
  });

  it('says Rezervasyonlar yüklenirken hata oluştu when loading fails, and Tekrar Dene loads again', async () => {
    onList = () => apiError(500, 'Bir hata oluştu');
    render(<BookingsManager />);
    expect(await screen.findByText('Rezervasyonlar yüklenirken hata oluştu')).toBeTruthy();
    onList = listReply;
    await userEvent.click(screen.getByRole('button', { name: 'Tekrar Dene' }));
    await bookingShown('HSRK7M2P9QX');
    expect(screen.queryByText('Rezervasyonlar yüklenirken hata oluştu')).toBeNull();
  });

  it('shows the newest request’s answer when an older one answers later', async () => {
    let releaseOld!: () => void;
    await shown();
    onList = (c) =>
      c.query.tab === 'pending'
        ? new Promise<Reply>((r) => {
            releaseOld = () =>
              r([
                200,
                {
                  data: [listItem({ bookingNumber: 'HSROLDOLDOLD' })],
                  meta: { pagination: { page: 1, pageSize: 10, pageCount: 1, total: 1 }, counts: COUNTS },
                },
              ]);
          })
        : [
            200,
            {
              data: [listItem({ bookingNumber: 'HSRNEWNEWNEW' })],
              meta: { pagination: { page: 1, pageSize: 10, pageCount: 1, total: 1 }, counts: COUNTS },
            },
          ];
    await userEvent.click(tab(/^Bekleyen/));
    await userEvent.click(tab(/^Onaylı/));
    await bookingShown('HSRNEWNEWNEW');
    await act(async () => releaseOld());
    await new Promise((r) => setTimeout(r, 20));
    expect(booking('HSROLDOLDOLD')).toBeNull();
    expect(booking('HSRNEWNEWNEW')).toBeTruthy();
  });

  it('a notification link (?booking=<number>) opens that booking at once; closing drops it from the address', async () => {
    window.history.replaceState(null, '', '/yonetim/rezervasyonlar?booking=HSRK7M2P9QX');
    calls = mockApi((c) => {
      if (c.method === 'GET' && c.path === '/api/bookings') return onList(c);
      if (c.method === 'GET' && c.path === '/api/bookings/HSRK7M2P9QX') return [200, { data: detail(), meta: {} }];
      return apiError(404, 'Bulunamadı');
    });
    render(<BookingsManager />);
    const dialog = await screen.findByRole('dialog', { name: 'Rezervasyon Detayı' });
    await within(dialog).findByText('Müşteri Bilgileri');
    expect(calls.some((c) => c.path === '/api/bookings/HSRK7M2P9QX')).toBe(true);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 2000 });
    expect(new URLSearchParams(window.location.search).has('booking')).toBe(false);
  });

  it('opens the detail dialog from Detay and refreshes the list and counts after an approval', async () => {
    await shown();
    const row = document.querySelector('tr[data-booking="HSRK7M2P9QX"]') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: /Detay/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Rezervasyon Detayı' });
    await within(dialog).findByText('Müşteri Bilgileri');
    const before = lists().length;
    await userEvent.click(within(dialog).getByRole('button', { name: /Onayla/ }));
    // A deposit is due and none is recorded: the dialog asks whether it came, and records it with the approval.
    const question = await within(dialog).findByRole('region', { name: 'Kapora geldi mi?' });
    await userEvent.click(within(question).getByRole('button', { name: /Kapora alındı, onayla/ }));
    await waitFor(() => expect(lists().length).toBe(before + 1));
    const approve = calls.find((c) => c.method === 'POST' && c.path === '/api/bookings/bk-1/approve');
    expect(approve?.body).toMatchObject({ deposit: { method: 'transfer' } });
    expect($toasts.get().map((t) => t.title)).toContain('Rezervasyon Onaylandı');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 2000 });
  });
});
