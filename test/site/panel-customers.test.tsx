import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CustomerStatsRow } from '../../contracts/customers';
import CustomersManager from '../../site/src/islands/CustomersManager';
import { addDays, istanbulToday } from '../../site/src/lib/format';
import { $toasts } from '../../site/src/stores/toast';
import { blobText, captureDownloads, customerDetail, listMeta, ROWS } from './fixtures/customer';
import { apiError, type Call, mockApi, type Reply } from './fixtures/panel-booking';

// The xlsx library is imported only when an Excel report is asked for: this stands in for it and says when it was.
const xlsx = vi.hoisted(() => ({ write: vi.fn() }));
vi.mock('write-excel-file/browser', () => ({ default: xlsx.write }));

let calls: Call[];
let onList: (c: Call) => Reply | Promise<Reply>;
let onDetail: (c: Call) => Reply | Promise<Reply>;
let rows: CustomerStatsRow[];
let pageCount: number;

const listReply = (c: Call): Reply => [
  200,
  {
    data: rows,
    meta: listMeta(
      { page: Number(c.query.page), pageSize: Number(c.query.pageSize), pageCount },
      rows.length * pageCount,
    ),
  },
];
const lists = () => calls.filter((c) => c.method === 'GET' && c.path === '/api/bookings/customers/stats');
const lastList = () => lists().at(-1)!;
const details = () => calls.filter((c) => c.method === 'GET' && /^\/api\/bookings\/customers\/\d+$/.test(c.path));

function screenWidth(narrow: boolean) {
  const mql = {
    matches: narrow,
    media: '(max-width: 1023px)',
    addEventListener: () => {},
    removeEventListener: () => {},
  };
  Object.defineProperty(window, 'matchMedia', { configurable: true, writable: true, value: () => mql });
}

const originalMatchMedia = window.matchMedia;
beforeEach(() => {
  window.history.replaceState(null, '', '/yonetim/musteriler');
  rows = [...ROWS];
  pageCount = 1;
  onList = listReply;
  onDetail = (c) => {
    const id = Number(c.path.split('/').at(-1));
    const row = rows.find((r) => r.id === id);
    return row ? [200, { data: customerDetail(row), meta: {} }] : apiError(404, 'Müşteri bulunamadı');
  };
  screenWidth(false);
  xlsx.write.mockReset();
  xlsx.write.mockImplementation(() => ({ toBlob: async () => new Blob(['PK-xlsx']) }));
  calls = mockApi((c) => {
    if (c.method === 'GET' && c.path === '/api/bookings/customers/stats') return onList(c);
    if (c.method === 'GET' && c.path.startsWith('/api/bookings/customers/')) return onDetail(c);
    return apiError(404, 'Bulunamadı');
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Object.defineProperty(window, 'matchMedia', { configurable: true, writable: true, value: originalMatchMedia });
  $toasts.set([]);
});

const row = (id: number) => document.querySelector<HTMLElement>(`[data-customer="${id}"]`);
async function shown() {
  render(<CustomersManager />);
  await waitFor(() => expect(row(1)).toBeTruthy());
}
const select = (name: string) => screen.getByRole('combobox', { name }) as unknown as HTMLSelectElement;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function typeDate(name: string, digits: string) {
  const [day] = within(screen.getByRole('group', { name })).getAllByRole('spinbutton');
  act(() => day.focus());
  await userEvent.setup().keyboard(digits);
}

describe('entry from the address (behaviour.md#management-panel)', () => {
  it('reads warningsOnly=true and customerType from the URL (the dashboard link) and sends them', async () => {
    window.history.replaceState(null, '', '/yonetim/musteriler?warningsOnly=true&customerType=subscriber');
    await shown();
    expect(lists()[0].query).toEqual({
      page: '1',
      pageSize: '50',
      sortBy: 'lastBookingDate',
      sortOrder: 'desc',
      customerType: 'subscriber',
      warningsOnly: 'true',
    });
    expect((screen.getByRole('checkbox', { name: 'Sadece uyarılı müşteriler' }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(select('Müşteri tipi').value).toBe('subscriber');
  });

  it('restores every filter from the address, and back/forward follow the changes', async () => {
    window.history.replaceState(
      null,
      '',
      '/yonetim/musteriler?search=ay&hasTransportation=true&dateFrom=2026-11-01&dateTo=2026-11-20&minBookings=2&maxBookings=9&minCancellationRate=10&maxCancellationRate=50.5&activityStatus=dormant&sortBy=name&sortOrder=asc&page=2&pageSize=100',
    );
    pageCount = 3;
    await shown();
    expect(lists()[0].query).toEqual({
      page: '2',
      pageSize: '100',
      sortBy: 'name',
      sortOrder: 'asc',
      search: 'ay',
      hasTransportation: 'true',
      dateFrom: '2026-11-01',
      dateTo: '2026-11-20',
      minBookings: '2',
      maxBookings: '9',
      minCancellationRate: '10',
      maxCancellationRate: '50.5',
      activityStatus: 'dormant',
    });
    expect((screen.getByLabelText('En az rezervasyon') as HTMLInputElement).value).toBe('2');

    fireEvent.change(select('Aktiflik'), { target: { value: 'active' } });
    await waitFor(() => expect(lastList().query).toMatchObject({ activityStatus: 'active', page: '1' }));
    expect(new URLSearchParams(window.location.search).get('activityStatus')).toBe('active');

    const before = lists().length;
    act(() => window.history.back());
    await waitFor(() => expect(lists().length).toBe(before + 1));
    await waitFor(() => expect(lastList().query).toMatchObject({ activityStatus: 'dormant', page: '2' }));
    expect(select('Aktiflik').value).toBe('dormant');
  });
  it('leaves out a value of the address the rules refuse, and sends the rest', async () => {
    window.history.replaceState(
      null,
      '',
      '/yonetim/musteriler?minBookings=abc&maxBookings=5&minCancellationRate=80&maxCancellationRate=20&page=x',
    );
    await shown();
    expect(lists()[0].query).toEqual({
      page: '1',
      pageSize: '50',
      sortBy: 'lastBookingDate',
      sortOrder: 'desc',
      maxBookings: '5',
      maxCancellationRate: '20',
    });
    expect((screen.getByLabelText('En az rezervasyon') as HTMLInputElement).value).toBe('');
  });
});

describe('stats strip and list', () => {
  it('shows meta.summary and one row per customer: phone 4-3-2-2, a blank phone hidden, badges in words', async () => {
    await shown();
    const stat = (k: string) => document.querySelector(`[data-stat="${k}"] dd`)?.textContent;
    expect([
      stat('totalCustomers'),
      stat('subscriberCount'),
      stat('standardCount'),
      stat('warningCount'),
      stat('activeCount'),
    ]).toEqual(['3', '2', '1', '2', '1']);
    const first = row(1)!;
    expect(first.querySelector('[data-phone]')?.textContent).toBe('0532 123 45 67');
    expect(within(first).getByText('ayse@example.com')).toBeTruthy();
    expect(first.querySelector('[data-type]')?.textContent).toContain('Standart');
    expect(first.querySelector('[data-warning]')?.textContent).toBe('Uyarı seviyesi: Normal');
    expect(first.textContent).toContain('10 / 8 / 2');
    expect(first.textContent).toContain('%20');
    expect(first.textContent).toContain('20.11.2026');
    expect(first.querySelector('[data-activity]')?.textContent).toBe('Aktif');
    expect(row(2)!.querySelector('[data-warning]')?.textContent).toBe('Uyarı seviyesi: Uyarı');
    expect(row(2)!.querySelector('[data-type]')?.textContent).toContain('Abone');
    expect(row(3)!.querySelector('[data-warning]')?.textContent).toBe('Uyarı seviyesi: Kritik');
    expect(row(3)!.querySelector('[data-phone]')).toBeNull();
    expect(screen.getByRole('table')).toBeTruthy();
  });

  it('shows cards under 1024 px', async () => {
    screenWidth(true);
    await shown();
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(screen.getByRole('list', { name: 'Müşteriler' })).getAllByRole('listitem')).toHaveLength(3);
    expect(row(1)!.tagName).toBe('LI');
  });

  it('says "Müşteri bulunamadı" when nothing matches', async () => {
    rows = [];
    render(<CustomersManager />);
    expect(await screen.findByText('Müşteri bulunamadı')).toBeTruthy();
  });

  it('a load failure: inline message and error toast, zero summary, and the retry loads again', async () => {
    onList = () => apiError(500, 'Sunucu hatası');
    render(<CustomersManager />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Müşteri verileri yüklenirken hata oluştu');
    expect($toasts.get().map((t) => [t.kind, t.title])).toEqual([
      ['error', 'Müşteri verileri yüklenirken hata oluştu'],
    ]);
    expect(document.querySelector('[data-stat="totalCustomers"] dd')?.textContent).toBe('0');
    onList = listReply;
    await userEvent.click(within(alert).getByRole('button', { name: /Tekrar Dene/ }));
    await waitFor(() => expect(row(1)).toBeTruthy());
  });
});

describe('filters → query (api.md)', () => {
  it('debounces the search by 300 ms and sends only the final text', async () => {
    await shown();
    // The clock is ours here, so a loaded machine cannot stretch the gaps between keystrokes past the debounce.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const before = lists().length;
    const box = screen.getByRole('searchbox', { name: 'Ara' });
    for (const text of ['a', 'ay', 'ayş', 'ayşe@']) {
      fireEvent.change(box, { target: { value: text } });
      await vi.advanceTimersByTimeAsync(250);
    }
    expect((box as HTMLInputElement).value).toBe('ayşe@');
    await vi.advanceTimersByTimeAsync(49);
    expect(lists().length).toBe(before);
    await vi.advanceTimersByTimeAsync(1);
    vi.useRealTimers();
    await waitFor(() => expect(lastList().query.search).toBe('ayşe@'));
    await pause(350);
    expect(lists().slice(before)).toHaveLength(1);
    expect(new URLSearchParams(window.location.search).get('search')).toBe('ayşe@');
  });

  it('sends the type, warnings, transport, activity, sort and order, each going back to page 1', async () => {
    await shown();
    fireEvent.change(select('Müşteri tipi'), { target: { value: 'standard' } });
    await waitFor(() => expect(lastList().query.customerType).toBe('standard'));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Sadece uyarılı müşteriler' }));
    await waitFor(() => expect(lastList().query.warningsOnly).toBe('true'));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Servis kullananlar' }));
    await waitFor(() => expect(lastList().query.hasTransportation).toBe('true'));
    fireEvent.change(select('Aktiflik'), { target: { value: 'inactive' } });
    await waitFor(() => expect(lastList().query.activityStatus).toBe('inactive'));
    const sorts = [...select('Sıralama').options].map((o) => [o.value, o.textContent]);
    expect(sorts).toEqual([
      ['lastBookingDate', 'Son rezervasyon'],
      ['name', 'Ad'],
      ['totalBookings', 'Toplam rezervasyon'],
      ['cancellationRate', 'İptal oranı'],
      ['approvalRate', 'Onay oranı'],
      ['consecutiveCancellations', 'Ardışık iptal'],
    ]);
    fireEvent.change(select('Sıralama'), { target: { value: 'consecutiveCancellations' } });
    await waitFor(() => expect(lastList().query.sortBy).toBe('consecutiveCancellations'));
    fireEvent.change(select('Sıralama yönü'), { target: { value: 'asc' } });
    await waitFor(() =>
      expect(lastList().query).toEqual({
        page: '1',
        pageSize: '50',
        sortBy: 'consecutiveCancellations',
        sortOrder: 'asc',
        customerType: 'standard',
        warningsOnly: 'true',
        hasTransportation: 'true',
        activityStatus: 'inactive',
      }),
    );
    expect(window.location.search).toBe(
      '?sortBy=consecutiveCancellations&sortOrder=asc&customerType=standard&warningsOnly=true&hasTransportation=true&activityStatus=inactive',
    );

    // 'Filtreleri temizle' goes back to the plain list.
    await userEvent.click(screen.getByRole('button', { name: 'Filtreleri temizle' }));
    await waitFor(() =>
      expect(lastList().query).toEqual({ page: '1', pageSize: '50', sortBy: 'lastBookingDate', sortOrder: 'desc' }),
    );
    expect(window.location.search).toBe('');
    expect(screen.queryByRole('button', { name: 'Filtreleri temizle' })).toBeNull();
  });

  it('sends the counts and rates after the pause, and the date range typed or picked quickly', async () => {
    await shown();
    fireEvent.change(screen.getByLabelText('En az rezervasyon'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('En çok rezervasyon'), { target: { value: '8' } });
    fireEvent.change(screen.getByLabelText('En düşük iptal oranı (%)'), { target: { value: '12,5' } });
    fireEvent.change(screen.getByLabelText('En yüksek iptal oranı (%)'), { target: { value: '100' } });
    await waitFor(() =>
      expect(lastList().query).toMatchObject({
        minBookings: '2',
        maxBookings: '8',
        minCancellationRate: '12.5',
        maxCancellationRate: '100',
      }),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Son 7 gün' }));
    const today = istanbulToday();
    await waitFor(() => expect(lastList().query).toMatchObject({ dateFrom: addDays(today, -6), dateTo: today }));
    await userEvent.click(screen.getByRole('button', { name: 'Son 30 gün' }));
    await waitFor(() => expect(lastList().query.dateFrom).toBe(addDays(today, -29)));

    await typeDate('Başlangıç tarihi', '01092026');
    await waitFor(() => expect(lastList().query.dateFrom).toBe('2026-09-01'));
    await typeDate('Bitiş tarihi', '15092026');
    await waitFor(() => expect(lastList().query).toMatchObject({ dateFrom: '2026-09-01', dateTo: '2026-09-15' }));
  });

  it('an invalid value shows the Turkish message by its field and sends nothing', async () => {
    await shown();
    const before = lists().length;
    const min = screen.getByLabelText('En az rezervasyon');
    fireEvent.change(min, { target: { value: '1.5' } });
    expect(await screen.findByText('Rezervasyon sayısı 0 veya daha büyük bir tam sayı olmalıdır')).toBeTruthy();
    expect(min.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(min, { target: { value: '-1' } });
    fireEvent.change(screen.getByLabelText('En yüksek iptal oranı (%)'), { target: { value: '150' } });
    expect(await screen.findByText('İptal oranı 0 ile 100 arasında bir sayı olmalıdır')).toBeTruthy();
    await pause(400);
    expect(lists().length).toBe(before);
    // A checkbox pressed meanwhile sends nothing either while a field is wrong.
    await userEvent.click(screen.getByRole('checkbox', { name: 'Servis kullananlar' }));
    await pause(50);
    expect(lists().length).toBe(before);

    fireEvent.change(min, { target: { value: '9' } });
    fireEvent.change(screen.getByLabelText('En çok rezervasyon'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('En yüksek iptal oranı (%)'), { target: { value: '' } });
    expect(
      await screen.findByText('En az rezervasyon sayısı en fazla rezervasyon sayısından büyük olamaz'),
    ).toBeTruthy();
    await pause(400);
    expect(lists().length).toBe(before);

    fireEvent.change(screen.getByLabelText('En çok rezervasyon'), { target: { value: '12' } });
    await waitFor(() =>
      expect(lastList().query).toMatchObject({ minBookings: '9', maxBookings: '12', hasTransportation: 'true' }),
    );
    expect(screen.queryByText(/Rezervasyon sayısı/)).toBeNull();
  });
});

describe('pager (behaviour.md#management-panel, #constants-and-limits)', () => {
  it('page sizes 25/50/100/200/500 (50 first), up to 7 numbers with ellipses, the page box', async () => {
    pageCount = 12;
    await shown();
    const sizes = select('Sayfa boyutu');
    expect(sizes.value).toBe('50');
    expect([...sizes.options].map((o) => o.value)).toEqual(['25', '50', '100', '200', '500']);
    const nav = screen.getByRole('navigation', { name: 'Sayfalama' });
    expect(within(nav).getAllByRole('button', { name: /^Sayfa \d+$/ }).length).toBeLessThanOrEqual(7);
    expect(within(nav).getByRole('img', { name: 'Sonraki sayfalar' })).toBeTruthy();
    await userEvent.click(within(nav).getByRole('button', { name: 'Sayfa 2' }));
    await waitFor(() => expect(lastList().query.page).toBe('2'));
    expect(new URLSearchParams(window.location.search).get('page')).toBe('2');

    const box = within(nav).getByRole('textbox', { name: 'Sayfa numarası' });
    await userEvent.clear(box);
    await userEvent.type(box, '11{Enter}');
    await waitFor(() => expect(lastList().query.page).toBe('11'));

    fireEvent.change(select('Sayfa boyutu'), { target: { value: '200' } });
    await waitFor(() => expect(lastList().query).toMatchObject({ pageSize: '200', page: '1' }));
    expect(new URLSearchParams(window.location.search).get('pageSize')).toBe('200');
  });
});

describe('detail side panel', () => {
  it('Genel, Geçmiş (loaded once, on first opening) and Analiz, all from the server', async () => {
    await shown();
    await userEvent.click(within(row(2)!).getByRole('button', { name: 'Detay Volkan Karaca' }));
    const dialog = await screen.findByRole('dialog', { name: 'Volkan Karaca' });
    expect(within(dialog).getByRole('tab', { name: 'Genel' }).getAttribute('aria-selected')).toBe('true');
    expect(dialog.querySelector('[data-phone]')?.textContent).toBe('0544 666 02 02');
    expect(within(dialog).getByText('Cuma')).toBeTruthy();
    expect(within(dialog).getByText('01.09.2026')).toBeTruthy();
    const message = within(dialog).getByRole('button', { name: 'Mesaj Gönder' });
    expect(message.hasAttribute('disabled')).toBe(true);
    expect(within(dialog).getByText('Yakında')).toBeTruthy();
    expect(details()).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('tab', { name: 'Geçmiş' }));
    const link = await within(dialog).findByRole('link', { name: 'HSRK7M2P9QX' });
    expect(link.getAttribute('href')).toBe('/rezervasyon-takip?q=HSRK7M2P9QX');
    expect(dialog.querySelector('[data-usage]')?.textContent).toContain('Nilüfer Arena10 rezervasyon');
    expect(details().map((c) => c.path)).toEqual(['/api/bookings/customers/2']);

    await userEvent.click(within(dialog).getByRole('tab', { name: 'Analiz' }));
    expect(within(dialog).getByRole('tab', { name: 'Analiz' }).getAttribute('aria-selected')).toBe('true');
    expect(within(dialog).getByRole('tab', { name: 'Geçmiş' }).getAttribute('aria-selected')).toBe('false');
    expect(dialog.querySelector('[data-score]')?.textContent).toBe('0');
    expect(dialog.querySelector('[data-risk]')?.textContent).toBe('YÜKSEK');
    expect(dialog.querySelector('[data-approval]')?.getAttribute('data-approval')).toBe('low');
    expect(dialog.querySelector('[data-warning]')?.textContent).toBe('Uyarı seviyesi: Uyarı');
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Geçmiş' }));
    await within(dialog).findByRole('link', { name: 'HSRK7M2P9QX' });
    expect(details()).toHaveLength(1);

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(within(row(2)!).getByRole('button', { name: 'Detay Volkan Karaca' }));
    const again = await screen.findByRole('dialog', { name: 'Volkan Karaca' });
    await userEvent.click(within(again).getByRole('tab', { name: 'Geçmiş' }));
    await within(again).findByRole('link', { name: 'HSRK7M2P9QX' });
    expect(details()).toHaveLength(1);
  });

  it('Genel names each figure for what it counts: played and planned money, the last match played', async () => {
    await shown();
    await userEvent.click(within(row(1)!).getByRole('button', { name: 'Detay Ayşe Yılmaz' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ayşe Yılmaz' });
    const facts = Object.fromEntries(
      [...dialog.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
    );
    expect(facts).toMatchObject({
      'Son oynanan maç': '20.11.2026',
      'Oynanan maç': '8',
      'Gerçekleşen harcama': '₺12.500',
      'Planlanan harcama': '₺3.000',
    });
    expect(dialog.textContent).not.toContain('Toplam harcama');
    expect(dialog.textContent).not.toContain('Son gerçekleşen');
  });

  it('the approval arrow is green from 80 %', async () => {
    await shown();
    await userEvent.click(within(row(1)!).getByRole('button', { name: 'Detay Ayşe Yılmaz' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ayşe Yılmaz' });
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Analiz' }));
    expect(dialog.querySelector('[data-approval]')?.getAttribute('data-approval')).toBe('good');
    expect(dialog.querySelector('[data-risk]')?.textContent).toBe('DÜŞÜK');
  });

  it('no history: "Rezervasyon geçmişi bulunamadı"; a failing history shows nothing broken', async () => {
    onDetail = (c) =>
      c.path.endsWith('/1')
        ? [200, { data: customerDetail(ROWS[0], { bookings: [] }), meta: {} }]
        : apiError(500, 'Sunucu hatası');
    await shown();
    await userEvent.click(within(row(1)!).getByRole('button', { name: 'Detay Ayşe Yılmaz' }));
    let dialog = await screen.findByRole('dialog', { name: 'Ayşe Yılmaz' });
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Geçmiş' }));
    expect(await within(dialog).findByText('Rezervasyon geçmişi bulunamadı')).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(within(row(2)!).getByRole('button', { name: 'Detay Volkan Karaca' }));
    dialog = await screen.findByRole('dialog', { name: 'Volkan Karaca' });
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Geçmiş' }));
    await waitFor(() => expect(details()).toHaveLength(2));
    await pause(50);
    const panel = within(dialog).getByRole('tabpanel');
    expect(panel.textContent).toBe('');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect($toasts.get()).toEqual([]);
  });
});

describe('reports (behaviour.md#constants-and-limits)', () => {
  async function choose(item: string) {
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Rapor İndir' }));
    await user.click(await screen.findByRole('menuitem', { name: item }));
  }

  it('the risk CSV covers every page of the filtered set and holds only 2+ consecutive cancellations', async () => {
    window.history.replaceState(null, '', '/yonetim/musteriler?customerType=subscriber');
    pageCount = 2;
    const files = captureDownloads();
    await shown();
    const before = lists().length;
    await choose('Risk raporu (CSV)');
    await waitFor(() => expect(files).toHaveLength(1));
    const exported = lists().slice(before);
    expect(exported.map((c) => [c.query.page, c.query.pageSize, c.query.customerType])).toEqual([
      ['1', '500', 'subscriber'],
      ['2', '500', 'subscriber'],
    ]);
    expect(files[0].name).toBe(`musteri-raporu-risk-${istanbulToday()}.csv`);
    const { bytes, text } = await blobText(files[0].blob);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = text.slice(1).trimEnd().split('\r\n');
    // Two pages of the same three customers: the two with 2+ in a row, twice.
    expect(lines).toHaveLength(1 + 4);
    expect(lines.slice(1).map((l) => l.split(';')[0])).toEqual([
      'Volkan Karaca',
      '"Erkan ""Kaptan"" Bulut',
      'Volkan Karaca',
      '"Erkan ""Kaptan"" Bulut',
    ]);
    expect(xlsx.write).not.toHaveBeenCalled();
  });

  it('an Excel report calls the lazily imported library with the rows and downloads the .xlsx', async () => {
    const files = captureDownloads();
    await shown();
    expect(xlsx.write).not.toHaveBeenCalled();
    await choose('Performans raporu (Excel)');
    await waitFor(() => expect(files).toHaveLength(1));
    expect(files[0].name).toBe(`musteri-raporu-performans-${istanbulToday()}.xlsx`);
    expect(xlsx.write).toHaveBeenCalledTimes(1);
    const [sheet, options] = xlsx.write.mock.calls[0];
    expect(sheet).toHaveLength(1 + ROWS.length);
    expect(sheet[0][0]).toMatchObject({ value: 'Ad Soyad', fontWeight: 'bold' });
    expect(sheet[1].slice(0, 4)).toEqual([
      { value: 'Ayşe Yılmaz', type: String },
      { value: 'Standart', type: String },
      { value: 10, type: Number },
      { value: 8, type: Number },
    ]);
    expect(options).toMatchObject({ sheet: 'Müşteriler' });
  });

  it('a report covers the list on screen: a refused filter being typed does not reach the export', async () => {
    const files = captureDownloads();
    await shown();
    fireEvent.change(screen.getByLabelText('En az rezervasyon'), { target: { value: '-3' } });
    await screen.findByText('Rezervasyon sayısı 0 veya daha büyük bir tam sayı olmalıdır');
    const before = lists().length;
    await choose('Özet rapor (CSV)');
    await waitFor(() => expect(files).toHaveLength(1));
    const exported = lists().slice(before);
    expect(exported).toHaveLength(1);
    expect(exported[0].query).toEqual({ page: '1', pageSize: '500', sortBy: 'lastBookingDate', sortOrder: 'desc' });
    const { text } = await blobText(files[0].blob);
    expect(text.trimEnd().split('\r\n')).toHaveLength(1 + ROWS.length);
  });

  it('nothing to export: "Dışa aktarılacak veri bulunamadı" and no file', async () => {
    rows = [ROWS[0]];
    const files = captureDownloads();
    await shown();
    await choose('Risk raporu (Excel)');
    await waitFor(() => expect($toasts.get().map((t) => t.title)).toEqual(['Dışa aktarılacak veri bulunamadı']));
    expect(files).toHaveLength(0);
    expect(xlsx.write).not.toHaveBeenCalled();
  });
});
