import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

let answer: (c: Call) => Reply | Promise<Reply>;
let calls: Call[];
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  $dashboard.set({ status: 'loading' });
  answer = () => [200, { data: stats(), meta: {} }];
  calls = mockApi((c) => answer(c));
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

  it('fills Bugün, Bekleyen, Toplam and Gelir from GET /api/bookings/stats', async () => {
    render(<Dashboard name="Ayşe" />);
    await waitFor(() => expect(stat('today')).toBe('3'));
    expect(stat('pending')).toBe('4');
    expect(stat('total')).toBe('128');
    expect(stat('revenue')).toBe('₺187.250');
    expect(screen.getByText('1 bekleyen · 2 onaylı')).toBeTruthy();
    expect(screen.getByText('Bu ay ₺61.500')).toBeTruthy();
    expect(screen.getByText('Bu ay 41 rezervasyon')).toBeTruthy();
    for (const label of ['Bugün', 'Bekleyen', 'Toplam', 'Gelir'])
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

  it('lists the latest bookings in the order the API gives, with pitch, day, time, status and total', async () => {
    render(<Dashboard name="Ayşe" />);
    const list = await screen.findByRole('region', { name: 'Son Rezervasyonlar' });
    const rows = within(list).getAllByRole('button');
    expect(rows.map((r) => r.querySelector('[data-customer]')?.textContent)).toEqual([
      'Zeynep Kaya',
      'Ali Demir',
      'Burak Şahin',
      'Bilinmeyen Müşteri',
    ]);
    expect(rows[0].textContent).toContain('Nilüfer Arena · Bugün 20:00–21:00');
    expect(rows[0].textContent).toContain('Beklemede');
    expect(rows[0].textContent).toContain('₺1.500');
    expect(rows[1].textContent).toContain('Yarın 18:00–19:00');
    expect(rows[2].textContent).toContain('21 Kas Cmt 21:00–22:00');
    expect(rows[2].textContent).toContain('Onaylandı');
    expect(rows[3].textContent).toContain('Osmangazi Park');
    expect(rows[3].textContent).toContain('Reddedildi');
    expect(within(list).getByRole('link', { name: 'Tümünü Gör' }).getAttribute('href')).toBe('/yonetim/rezervasyonlar');
  });

  it('shows at most 5 latest bookings', async () => {
    const latest = Array.from({ length: 7 }, (_, i) =>
      listItem({ documentId: `bk-${i}`, customerName: `Müşteri ${i}` }),
    );
    answer = () => [200, { data: stats({ latest }), meta: {} }];
    render(<Dashboard name="Ayşe" />);
    const list = await screen.findByRole('region', { name: 'Son Rezervasyonlar' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((r) => r.querySelector('[data-customer]')?.textContent),
    ).toEqual(['Müşteri 0', 'Müşteri 1', 'Müşteri 2', 'Müşteri 3', 'Müşteri 4']);
  });

  it('says so when there are no bookings yet', async () => {
    answer = () => [200, { data: stats({ latest: [] }), meta: {} }];
    render(<Dashboard name="Ayşe" />);
    await screen.findByText('Henüz rezervasyon bulunmuyor');
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

  it('opens the detail dialog for a latest booking and refreshes the figures after a change there', async () => {
    const u = userEvent.setup();
    render(<Dashboard name="Ayşe" />);
    const list = await screen.findByRole('region', { name: 'Son Rezervasyonlar' });
    await u.click(within(list).getAllByRole('button')[1]);
    expect(within(screen.getByRole('dialog')).getByText('Açık: bk-p1')).toBeTruthy();

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
    const list = await screen.findByRole('region', { name: 'Son Rezervasyonlar' });
    await u.click(within(list).getAllByRole('button')[0]);
    answer = () => apiError(500, 'Bir hata oluştu');
    await u.click(screen.getByRole('button', { name: 'Onayla' }));
    await waitFor(() => expect($toasts.get().map((t) => t.title)).toContain('Veriler yüklenirken hata oluştu'));
    expect(stat('today')).toBe('3');
  });
});

describe('live updates over the staff hub', () => {
  it('a new booking or a decision made elsewhere re-reads the figures and the latest bookings', async () => {
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
  });
});

describe('the roles in Turkish', () => {
  it("admin is 'Yönetici' and manager 'Müdür', never 'Admin' / 'Manager'", async () => {
    const { roleLabel } = await import('../../site/src/lib/panel');
    expect(roleLabel({ type: 'admin' })).toBe('Yönetici');
    expect(roleLabel({ type: 'manager' })).toBe('Müdür');
  });
});
