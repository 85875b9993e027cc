import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DaySheetRowWire, DaySheetWire } from '../../contracts/day-sheet';
import Dashboard from '../../site/src/islands/Dashboard';
import { greeting } from '../../site/src/lib/panel';
import { $dashboard, type DashboardStats } from '../../site/src/stores/dashboard';
import { $toasts } from '../../site/src/stores/toast';
import { apiError, type Call, listItem, mockApi, type Reply } from './fixtures/panel-booking';

// The detail dialog is its own component with its own tests: here only how the dashboard opens it and reacts to a change.
vi.mock('../../site/src/components/panel/BookingDetailDialog', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../site/src/components/panel/BookingDetailDialog')>()),
  BookingDetailDialog: ({
    documentId,
    onClose,
    onChanged,
  }: {
    documentId: string | null;
    onClose: () => void;
    onChanged?: () => void;
  }) =>
    documentId ? (
      <div role="dialog" aria-label="Rezervasyon Detayı">
        <p>Açık: {documentId}</p>
        <button type="button" onClick={() => onChanged?.()}>
          Onayla
        </button>
        <button type="button" onClick={onClose}>
          Kapat
        </button>
      </div>
    ) : null,
}));

// Wednesday 18 November 2026, 10:00 in Istanbul.
const NOW = new Date('2026-11-18T07:00:00Z');

function stats(over: Partial<DashboardStats> = {}): DashboardStats {
  return {
    today: { total: 3, pending: 1, approved: 2 },
    monthly: { total: 41, approved: 30, revenue: 61500 },
    pending: 4,
    total: 128,
    revenue: 187250,
    collected: { today: 2300, month: 40250 },
    latest: [
      listItem({
        documentId: 'bk-p2',
        customerName: 'Zeynep Kaya',
        status: 'pending',
        date: '2026-11-18',
        startTime: '20:00',
        endTime: '21:00',
        totalPrice: 1500,
      }),
      listItem({
        documentId: 'bk-p1',
        customerName: 'Ali Demir',
        status: 'pending',
        date: '2026-11-19',
        startTime: '18:00',
        endTime: '19:00',
        totalPrice: 1550,
      }),
      listItem({
        documentId: 'bk-a1',
        customerName: 'Burak Şahin',
        status: 'approved',
        date: '2026-11-21',
        startTime: '21:00',
        endTime: '22:00',
        totalPrice: 1400,
      }),
      listItem({
        documentId: 'bk-r1',
        customerName: '  ',
        status: 'rejected',
        date: '2026-11-25',
        facility: { documentId: 'f2', name: 'Osmangazi Park', slug: 'osmangazi' },
      }),
    ],
    ...over,
  } as DashboardStats;
}

/** A match of today's sheet (TL). */
function match(over: Partial<DaySheetRowWire> = {}): DaySheetRowWire {
  return {
    id: 1,
    documentId: 'bk-1',
    bookingNumber: 'HS1234567890',
    customerName: 'Zeynep Kaya',
    customerPhone: '05321234567',
    date: '2026-11-18',
    startTime: '20:00',
    endTime: '21:00',
    startsAt: '2026-11-18T17:00:00.000Z',
    started: false,
    status: 'approved',
    paymentStatus: 'paid',
    totalPrice: 1500,
    depositAmount: 300,
    collected: 300,
    balanceDue: 1200,
    attendance: null,
    isSubscriber: false,
    channel: null,
    source: 'web',
    notes: null,
    shuttle: null,
    addons: [],
    addonsPrice: 0,
    ...over,
  };
}

function sheet(sections: DaySheetWire['sections']): DaySheetWire {
  return { date: '2026-11-18', facility: null, sections, generatedAt: NOW.toISOString() };
}

const nilufer = { id: 1, documentId: 'f1', name: 'Nilüfer Arena' };
const osmangazi = { id: 2, documentId: 'f2', name: 'Osmangazi Park' };
const todaySheet = () =>
  sheet([
    {
      facility: nilufer,
      bookings: [
        match(),
        match({
          id: 2,
          documentId: 'bk-2',
          customerName: 'Ali Demir',
          startTime: '00:30',
          endTime: '01:30',
          startsAt: '2026-11-18T21:30:00.000Z',
          paymentStatus: 'pending',
          collected: 0,
          balanceDue: 1500,
          shuttle: { pickupPointName: 'Merkez Durak', pickupTime: '23:45' },
        }),
      ],
    },
    {
      facility: osmangazi,
      bookings: [match({ id: 3, documentId: 'bk-3', customerName: 'Burak Şahin', status: 'pending' })],
    },
  ]);

let answer: (c: Call) => Reply | Promise<Reply>;
let sheetAnswer: (c: Call) => Reply | Promise<Reply>;
let calls: Call[];
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  $dashboard.set({ status: 'loading' });
  answer = () => [200, { data: stats(), meta: {} }];
  sheetAnswer = () => [200, { data: todaySheet(), meta: {} }];
  calls = mockApi((c) => (c.path === '/api/bookings/day-sheet' ? sheetAnswer(c) : answer(c)));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  $toasts.set([]);
});

const stat = (name: string) => document.querySelector(`[data-stat="${name}"]`)?.textContent;
const statCalls = () => calls.filter((c) => c.method === 'GET' && c.path === '/api/bookings/stats');

describe('dashboard greeting', () => {
  it('says Günaydın before 12, İyi günler before 18 and İyi akşamlar after, by Istanbul time', () => {
    // Istanbul is UTC+3 all year: 11:59 there is 08:59 UTC.
    expect(greeting(Date.parse('2026-11-18T08:59:00Z'))).toBe('Günaydın');
    expect(greeting(Date.parse('2026-11-18T09:00:00Z'))).toBe('İyi günler');
    expect(greeting(Date.parse('2026-11-18T14:59:00Z'))).toBe('İyi günler');
    expect(greeting(Date.parse('2026-11-18T15:00:00Z'))).toBe('İyi akşamlar');
    expect(greeting(Date.parse('2026-11-18T20:59:00Z'))).toBe('İyi akşamlar');
    // Midnight in Istanbul is already morning, although it is still the previous day in UTC.
    expect(greeting(Date.parse('2026-11-18T21:00:00Z'))).toBe('Günaydın');
  });

  it('greets the signed-in staff member by name', async () => {
    vi.setSystemTime(new Date('2026-11-18T14:59:00Z'));
    render(<Dashboard name="Ayşe Yılmaz" />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('İyi günler, Ayşe Yılmaz');
    await waitFor(() => expect(stat('today')).toBe('3'));
  });

  it('a page rendered at 17:59:59 and opened at 18:00 hydrates without an error (React #418), then greets by the clock', async () => {
    const { renderToString } = await import('react-dom/server');
    const { hydrateRoot } = await import('react-dom/client');
    const { act } = await import('@testing-library/react');
    const rendered = Date.parse('2026-11-18T14:59:59Z');
    vi.setSystemTime(rendered);
    const html = renderToString(<Dashboard name="Ayşe" now={rendered} />);
    expect(html).toContain('İyi günler');
    vi.setSystemTime(new Date('2026-11-18T15:00:01Z'));
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, <Dashboard name="Ayşe" now={rendered} />, {
        onRecoverableError: (e) => console.error(e),
      });
    });
    await waitFor(() => expect(container.querySelector('h1')!.textContent).toBe('İyi akşamlar, Ayşe'));
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    act(() => root!.unmount());
    container.remove();
  });
});

describe('dashboard figures', () => {
  it('shows a loading state until the stats arrive', async () => {
    let release!: () => void;
    answer = async () => {
      await new Promise<void>((r) => (release = r));
      return [200, { data: stats(), meta: {} }];
    };
    render(<Dashboard name="Ayşe" />);
    expect(screen.getByRole('status').textContent).toBe('Veriler yükleniyor...');
    expect(stat('today')).toBeUndefined();
    await waitFor(() => expect(statCalls()).toHaveLength(1));
    release();
    await waitFor(() => expect(stat('today')).toBe('3'));
    expect(screen.queryByText('Veriler yükleniyor...')).toBeNull();
  });

  it('fills Bugün, Bekleyen, Toplam and Gelir from GET /api/bookings/stats; Gelir names planned and collected money', async () => {
    render(<Dashboard name="Ayşe" />);
    await waitFor(() => expect(stat('today')).toBe('3'));
    expect(stat('pending')).toBe('4');
    expect(stat('total')).toBe('128');
    // The month's approved totals (planned), and what the payment rows say came in.
    expect(stat('revenue')).toBe('₺61.500');
    expect(screen.getByText('Planlanan (onaylı rezervasyonların tutarı)')).toBeTruthy();
    expect(stat('collected')).toBe('Tahsil edilen ₺40.250');
    expect(screen.getByText('1 bekleyen · 2 onaylı')).toBeTruthy();
    expect(screen.getByText('Bu ay 41 rezervasyon')).toBeTruthy();
    for (const label of ['Bugün', 'Bekleyen', 'Toplam', 'Gelir (bu ay)'])
      expect(screen.getByText(label, { selector: 'dt' })).toBeTruthy();
    expect(statCalls()).toHaveLength(1);
  });

  it('links to the bookings, pitches and customers screens, and to the customers with warnings', async () => {
    render(<Dashboard name="Ayşe" />);
    const links = within(await screen.findByRole('region', { name: 'Hızlı Erişim' })).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/yonetim/rezervasyonlar',
      '/yonetim/sahalar',
      '/yonetim/musteriler',
      '/yonetim/musteriler?warningsOnly=true',
    ]);
    expect(links[0].textContent).toContain('4 bekleyen');
  });

  it("leads with today's matches per pitch in start order: phone to call or write, shuttle, balance and payment state", async () => {
    render(<Dashboard name="Ayşe" />);
    const today = await screen.findByRole('region', { name: 'Bugünün Maçları' });
    await within(today).findByText('Zeynep Kaya');
    const sections = today.querySelectorAll('[data-sheet-section]');
    expect([...sections].map((s) => s.querySelector('h2')?.textContent)).toEqual([
      'Nilüfer Arena2 maç',
      'Osmangazi Park1 maç',
    ]);
    const rows = [...today.querySelectorAll('[data-sheet-row]')];
    expect(rows.map((r) => r.querySelector('[data-sheet-name]')?.textContent)).toEqual([
      'Zeynep Kaya',
      'Ali Demir',
      'Burak Şahin',
    ]);
    expect(rows[0].querySelector('[data-tel]')?.getAttribute('href')).toBe('tel:+905321234567');
    expect(rows[0].querySelector('[data-whatsapp]')?.getAttribute('href')).toBe('https://wa.me/905321234567');
    expect(rows[0].querySelector('[data-balance-due]')?.textContent).toBe('₺1.200');
    expect(rows[0].querySelector('[data-payment-state]')?.textContent).toBe('Kapora Alındı');
    // After midnight: the real time, with the night it belongs to.
    expect(rows[1].querySelector('[data-sheet-time]')?.textContent).toBe('00:30–01:30Çarşamba gecesi');
    expect(rows[1].textContent).toContain('Servis: Merkez Durak · 23:45');
    expect(rows[2].textContent).toContain('Beklemede');
    // Compact: no desk actions on the dashboard.
    expect(within(today).queryByRole('button', { name: 'Tahsil et' })).toBeNull();
    expect(within(today).getByRole('link', { name: 'Maç listesi' }).getAttribute('href')).toBe('/yonetim/bugun');
    expect(calls.filter((c) => c.path === '/api/bookings/day-sheet')).toHaveLength(1);
  });

  it("shows at most 8 of today's matches and links to Bugün with the count", async () => {
    const many = Array.from({ length: 11 }, (_, i) =>
      match({ id: i + 10, documentId: `bk-${i}`, customerName: `Müşteri ${i}` }),
    );
    sheetAnswer = () => [200, { data: sheet([{ facility: nilufer, bookings: many }]), meta: {} }];
    render(<Dashboard name="Ayşe" />);
    const today = await screen.findByRole('region', { name: 'Bugünün Maçları' });
    await within(today).findByText('Müşteri 0');
    expect(today.querySelectorAll('[data-sheet-row]')).toHaveLength(8);
    expect(within(today).getByRole('link', { name: 'Tümünü Gör (11)' }).getAttribute('href')).toBe('/yonetim/bugun');
  });

  it('says so when there is no match today', async () => {
    sheetAnswer = () => [200, { data: sheet([]), meta: {} }];
    render(<Dashboard name="Ayşe" />);
    await screen.findByText('Bugün için rezervasyon yok');
  });
});

describe('dashboard errors and changes', () => {
  it('shows the error text when the stats fail, and Tekrar Dene loads them again', async () => {
    const u = userEvent.setup();
    answer = () => apiError(500, 'Bir hata oluştu');
    render(<Dashboard name="Ayşe" />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Veriler yüklenirken hata oluştu');
    expect(stat('today')).toBeUndefined();

    answer = () => [200, { data: stats({ pending: 7 }), meta: {} }];
    await u.click(within(alert).getByRole('button', { name: 'Tekrar Dene' }));
    await waitFor(() => expect(stat('pending')).toBe('7'));
    expect(screen.queryByText('Veriler yüklenirken hata oluştu')).toBeNull();
    expect(statCalls()).toHaveLength(2);
  });

  it("opens the detail dialog for one of today's matches and refreshes the figures after a change there", async () => {
    const u = userEvent.setup();
    render(<Dashboard name="Ayşe" />);
    const list = await screen.findByRole('region', { name: 'Bugünün Maçları' });
    await u.click(await within(list).findByRole('button', { name: 'Ali Demir' }));
    // The dialog's code is a chunk of its own, fetched on first open.
    expect(within(await screen.findByRole('dialog')).getByText('Açık: bk-2')).toBeTruthy();

    answer = () => [200, { data: stats({ pending: 3, today: { total: 3, pending: 0, approved: 3 } }), meta: {} }];
    await u.click(screen.getByRole('button', { name: 'Onayla' }));
    await waitFor(() => expect(stat('pending')).toBe('3'));
    expect(screen.getByText('0 bekleyen · 3 onaylı')).toBeTruthy();
    expect(statCalls()).toHaveLength(2);

    await u.click(screen.getByRole('button', { name: 'Kapat' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps the figures and shows a toast when a refresh fails', async () => {
    const u = userEvent.setup();
    render(<Dashboard name="Ayşe" />);
    const list = await screen.findByRole('region', { name: 'Bugünün Maçları' });
    await u.click(await within(list).findByRole('button', { name: 'Zeynep Kaya' }));
    answer = () => apiError(500, 'Bir hata oluştu');
    await u.click(await screen.findByRole('button', { name: 'Onayla' }));
    await waitFor(() => expect($toasts.get().map((t) => t.title)).toContain('Veriler yüklenirken hata oluştu'));
    expect(stat('today')).toBe('3');
  });
});

describe('live updates over the staff hub', () => {
  it("a new booking or a decision made elsewhere re-reads the figures and today's matches", async () => {
    vi.useRealTimers();
    const { handleLiveMessage } = await import('../../site/src/stores/notifications');
    render(<Dashboard name="Ayşe" />);
    await waitFor(() => expect(stat('pending')).toBe('4'));
    answer = () => [200, { data: stats({ pending: 5 }), meta: {} }];
    handleLiveMessage({
      type: 'notification',
      notification: {
        id: 700,
        documentId: 'n700',
        type: 'booking_created',
        priority: 'high',
        title: 'Yeni Rezervasyon',
        message: 'm',
        isRead: false,
        readAt: null,
        createdAt: new Date().toISOString(),
        bookingId: 42,
        facilityId: 1,
        actorUserId: null,
      },
    });
    await waitFor(() => expect(stat('pending')).toBe('5'));
    expect(statCalls()).toHaveLength(2);
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/bookings/day-sheet')).toHaveLength(2));
  });
});

describe('the roles in Turkish', () => {
  it("admin is 'Yönetici' and manager 'Müdür', never 'Admin' / 'Manager'", async () => {
    const { roleLabel } = await import('../../site/src/lib/panel');
    expect(roleLabel({ type: 'admin' })).toBe('Yönetici');
    expect(roleLabel({ type: 'manager' })).toBe('Müdür');
  });
});
