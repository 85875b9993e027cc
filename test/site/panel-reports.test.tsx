// The Raporlar screen: filters kept in the address and checked with the server's schema before asking, the
// quick ranges in Istanbul dates, every report's table showing the figures of the answer, the KVKK-hidden phone, the
// empty and error states, and the export rows and CSV of each report.
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReportWire } from '../../contracts/reports';
import { filtersFromSearch, heatGrid, quickRange, searchOf } from '../../site/src/components/panel/reports/model';
import ReportsManager from '../../site/src/islands/ReportsManager';
import { toCsv } from '../../site/src/lib/export/download';
import {
  customerColumns,
  customerRows,
  occupancyRows,
  REPORT_TABLES,
  reportFileName,
  revenueColumns,
  revenueRows,
  serviceRows,
  statusRows,
  subscriberRows,
} from '../../site/src/lib/export/reports';
import { $toasts } from '../../site/src/stores/toast';
import { blobText, captureDownloads } from './fixtures/customer';
import { apiError, type Call, facility, mockApi, type Reply } from './fixtures/panel-facility';

// Monday 23 November 2026, 23:30 in Istanbul (20:30 UTC): still the 23rd there.
const NOW = Date.parse('2026-11-23T20:30:00Z');

function wire(over: Partial<ReportWire> = {}): ReportWire {
  return {
    from: '2026-11-01',
    to: '2026-11-30',
    bucket: 'day',
    facility: null,
    revenue: {
      buckets: [
        {
          start: '2026-11-20',
          bookings: 2,
          revenue: 3650,
          deposits: 500,
          rest: 3150,
          slot: 3000,
          shuttle: 250,
          addons: 400,
        },
        {
          start: '2026-11-21',
          bookings: 1,
          revenue: 1500.5,
          deposits: 0,
          rest: 1500.5,
          slot: 1500.5,
          shuttle: 0,
          addons: 0,
        },
      ],
      total: { bookings: 3, revenue: 5150.5, deposits: 500, rest: 4650.5, slot: 4500.5, shuttle: 250, addons: 400 },
    },
    occupancy: {
      cells: [
        { weekday: 5, hour: '19:00', generated: 4, booked: 3 },
        { weekday: 6, hour: '19:00', generated: 4, booked: 1 },
        { weekday: 5, hour: '18:00', generated: 2, booked: 0 },
      ],
      generated: 10,
      booked: 4,
    },
    statuses: { pending: 1, approved: 3, rejected: 1, cancelled: 2, expired: 0 },
    reasons: [
      { status: 'cancelled', reason: 'Yağmur', count: 2 },
      { status: 'rejected', reason: 'Saha bakımda', count: 1 },
    ],
    subscribers: { bookings: 1, revenue: 1500.5, allBookings: 3, allRevenue: 5150.5 },
    shuttle: { bookings: 1, revenue: 250 },
    addons: [{ name: 'Maç videosu', bookings: 2, quantity: 2, revenue: 400 }],
    topCustomers: [
      { name: 'Ayşe Yılmaz', phone: '05321234567', bookings: 2, revenue: 3650 },
      { name: 'Silinmiş Müşteri', phone: '#a1b2c3', bookings: 1, revenue: 1500.5 },
    ],
    ...over,
  };
}

let calls: Call[];
let answer: (c: Call) => Reply;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  history.replaceState(null, '', '/yonetim/raporlar');
  answer = (c) => [200, { data: wire({ from: c.query.from, to: c.query.to }) }];
  calls = mockApi((c) => {
    if (c.method === 'GET' && c.path === '/api/facilities/all')
      return [
        200,
        {
          data: [facility({ id: 1, name: 'Nilüfer Arena' }), facility({ id: 2, name: 'Görükle' })],
          meta: { pagination: { page: 1, pageSize: 100, pageCount: 1, total: 2 } },
        },
      ];
    if (c.method === 'GET' && c.path === '/api/reports') return answer(c);
    return apiError(404, 'Bulunamadı');
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  $toasts.set([]);
});

const reportCalls = () => calls.filter((c) => c.path === '/api/reports');
const text = (el: Element | null) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
/** A row's cells, read one by one and joined with a space. */
const row = (table: HTMLElement, name: string) =>
  [...(within(table).getByRole('rowheader', { name }).closest('tr') as HTMLElement).children].map(text).join(' ');

describe('quick ranges and the address', () => {
  it('computes the Istanbul dates of each quick range (late evening UTC is already the next day there)', () => {
    expect(quickRange('this-month', '2026-11-23')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(quickRange('last-month', '2026-11-23')).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(quickRange('last-month', '2026-03-31')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(quickRange('last-30', '2026-11-23')).toEqual({ from: '2026-10-25', to: '2026-11-23' });
    expect(quickRange('last-90', '2026-11-23')).toEqual({ from: '2026-08-26', to: '2026-11-23' });
    expect(quickRange('this-year', '2026-11-23')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    // 31 December 22:30 UTC is 1 January in Istanbul: 'Bu ay' is then January of the new year.
    vi.setSystemTime(Date.parse('2026-12-31T22:30:00Z'));
    expect(quickRange('this-month')).toEqual({ from: '2027-01-01', to: '2027-01-31' });
  });

  it('reads and writes ?from=&to=&saha=&grup=, defaulting to this month by day', () => {
    expect(filtersFromSearch('', '2026-11-23')).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
      saha: '',
      grup: 'day',
    });
    const f = filtersFromSearch('?from=2026-10-01&to=2026-10-31&saha=2&grup=week', '2026-11-23');
    expect(f).toEqual({ from: '2026-10-01', to: '2026-10-31', saha: '2', grup: 'week' });
    expect(searchOf(f)).toBe('?from=2026-10-01&to=2026-10-31&saha=2&grup=week');
    expect(searchOf({ ...f, saha: '' })).toBe('?from=2026-10-01&to=2026-10-31&grup=week');
    expect(filtersFromSearch('?grup=yil', '2026-11-23').grup).toBe('day');
  });
});

describe('ReportsManager', () => {
  it('asks for this month by default, writes it in the address, and shows every table with the answer’s figures', async () => {
    render(<ReportsManager />);
    const revenue = await screen.findByRole('table', { name: /Dönemlere göre gelir/ });
    expect(reportCalls()[0].query).toEqual({ from: '2026-11-01', to: '2026-11-30', bucket: 'day' });
    expect(location.search).toBe('?from=2026-11-01&to=2026-11-30&grup=day');

    expect(row(revenue, '20.11.2026')).toBe('20.11.2026 2 ₺500 ₺3.150 ₺3.650');
    expect(row(revenue, '21.11.2026')).toBe('21.11.2026 1 ₺0 ₺1.500,5 ₺1.500,5');
    expect(row(revenue, 'Toplam')).toBe('Toplam 3 ₺500 ₺4.650,5 ₺5.150,5');
    const sources = screen.getByRole('table', { name: 'Gelirin kaynakları' });
    expect(row(sources, 'Servis')).toBe('Servis ₺250');
    expect(row(sources, 'Ek hizmetler')).toBe('Ek hizmetler ₺400');

    const occupancy = screen.getByRole('table', { name: /Gün ve saate göre doluluk/ });
    const friday19 = occupancy.querySelector('td[data-weekday="5"][data-hour="19:00"]') as HTMLElement;
    expect(text(friday19)).toBe('%75, 3 / 4 slot');
    expect(friday19.className).toContain('bg-turf-700');
    expect(text(occupancy.querySelector('td[data-weekday="6"][data-hour="19:00"]'))).toBe('%25, 1 / 4 slot');
    expect(text(occupancy.querySelector('td[data-weekday="5"][data-hour="18:00"]'))).toBe('%0, 0 / 2 slot');
    expect(text(occupancy.querySelector('td[data-weekday="1"][data-hour="18:00"]'))).toBe('—Yok');
    expect(text(document.querySelector('[data-occupancy-total]'))).toBe('Toplam: 4 / 10 slot dolu (%40)');

    const statuses = screen.getByRole('table', { name: 'Durumlara göre rezervasyonlar' });
    expect(row(statuses, 'İptal Edildi')).toBe('İptal Edildi 2 %28,6');
    expect(row(statuses, 'Reddedildi')).toBe('Reddedildi 1 %14,3');
    const reasons = screen.getByRole('table', { name: 'İptal ve red sebepleri' });
    expect(row(reasons, 'Yağmur')).toBe('İptal Yağmur 2');

    const subs = screen.getByRole('table', { name: /Abonelerin ve diğer/ });
    expect(row(subs, 'Aboneler')).toBe('Aboneler 1 %33,3 ₺1.500,5 %29,1');
    const services = screen.getByRole('table', { name: 'Hizmetlere göre gelir' });
    expect(row(services, 'Servis')).toBe('Servis 1 —Yok ₺250');
    expect(row(services, 'Maç videosu')).toBe('Maç videosu 2 2 ₺400');

    const customers = screen.getByRole('table', { name: /en iyi müşteriler/ });
    expect(row(customers, 'Ayşe Yılmaz')).toBe('1 Ayşe Yılmaz 0532 123 45 67 2 ₺3.650');
    // An anonymised customer's phone is a hash: never shown.
    expect(row(customers, 'Silinmiş Müşteri')).toBe('2 Silinmiş Müşteri Gizlendi (KVKK) 1 ₺1.500,5');
    expect(customers.textContent).not.toContain('#a1b2c3');

    // Every table has a caption and scoped headers; the charts' canvases are hidden from screen readers.
    for (const t of screen.getAllByRole('table')) {
      expect(t.querySelector('caption')?.textContent).toBeTruthy();
      for (const h of t.querySelectorAll('th')) expect(['col', 'row']).toContain(h.getAttribute('scope'));
    }
    // A chart is one image with a short name to a screen reader; the table beside it carries the figures.
    for (const c of document.querySelectorAll('canvas')) expect(c.getAttribute('role')).toBe('img');
    screen.getByRole('img', { name: 'Gelir grafiği (veriler tabloda)' });
    expect(text(document.querySelector('[data-report-scope]'))).toBe('01.11.2026 – 30.11.2026 · Tüm sahalar · Gün');
  });

  it('says the revenue of matches not yet played is planned, not collected, while the range reaches today or later', async () => {
    render(<ReportsManager />);
    await screen.findByRole('table', { name: /Dönemlere göre gelir/ });
    expect(document.querySelector('[data-planned-note]')?.textContent).toContain('planlanandır, tahsil edilmedi');
    cleanup();
    history.replaceState(null, '', '/yonetim/raporlar?from=2026-10-01&to=2026-10-31&grup=day');
    render(<ReportsManager />);
    await screen.findByRole('table', { name: /Dönemlere göre gelir/ });
    expect(reportCalls().at(-1)!.query).toMatchObject({ from: '2026-10-01', to: '2026-10-31' });
    expect(document.querySelector('[data-planned-note]')).toBeNull();
  });

  it('sends the pitch and grouping chosen, and keeps them in the address; a quick range sets both dates', async () => {
    history.replaceState(null, '', '/yonetim/raporlar?from=2026-10-01&to=2026-10-31&grup=day');
    const user = userEvent.setup();
    render(<ReportsManager />);
    await screen.findByRole('table', { name: /Dönemlere göre gelir/ });
    expect(reportCalls()[0].query).toMatchObject({ from: '2026-10-01', to: '2026-10-31' });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Saha' }).hasAttribute('disabled')).toBe(false));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Saha' }), '2');
    await waitFor(() => expect(reportCalls().at(-1)?.query).toMatchObject({ facility: '2', bucket: 'day' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Gruplama' }), 'month');
    await waitFor(() =>
      expect(reportCalls().at(-1)?.query).toEqual({
        from: '2026-10-01',
        to: '2026-10-31',
        facility: '2',
        bucket: 'month',
      }),
    );
    expect(location.search).toBe('?from=2026-10-01&to=2026-10-31&saha=2&grup=month');

    await user.click(screen.getByRole('button', { name: 'Son 90 gün' }));
    await waitFor(() => expect(reportCalls().at(-1)?.query).toMatchObject({ from: '2026-08-26', to: '2026-11-23' }));
    expect(screen.getByRole('button', { name: 'Son 90 gün' }).getAttribute('aria-pressed')).toBe('true');
    expect(location.search).toBe('?from=2026-08-26&to=2026-11-23&saha=2&grup=month');
  });

  it('checks the range with the server’s schema: a reversed or too long range is not asked for and is said under the field', async () => {
    history.replaceState(null, '', '/yonetim/raporlar?from=2026-11-30&to=2026-11-01');
    const { unmount } = render(<ReportsManager />);
    await screen.findByText('Bitiş tarihi başlangıç tarihinden önce olamaz');
    expect(reportCalls()).toHaveLength(0);
    screen.getByText('Raporu görmek için filtrelerdeki hataları düzeltin.');
    unmount();

    history.replaceState(null, '', '/yonetim/raporlar?from=2025-01-01&to=2026-11-01');
    render(<ReportsManager />);
    await screen.findByText('Rapor aralığı en fazla 366 gün olabilir');
    expect(reportCalls()).toHaveLength(0);
  });

  it('says when the range holds nothing, and shows the server’s error with a retry', async () => {
    answer = () => [
      200,
      {
        data: wire({
          revenue: {
            buckets: [],
            total: { bookings: 0, revenue: 0, deposits: 0, rest: 0, slot: 0, shuttle: 0, addons: 0 },
          },
          occupancy: { cells: [], generated: 0, booked: 0 },
          statuses: { pending: 0, approved: 0, rejected: 0, cancelled: 0, expired: 0 },
          reasons: [],
          subscribers: { bookings: 0, revenue: 0, allBookings: 0, allRevenue: 0 },
          shuttle: { bookings: 0, revenue: 0 },
          addons: [],
          topCustomers: [],
        }),
      },
    ];
    const { unmount } = render(<ReportsManager />);
    await screen.findByText('Bu aralıkta kayıt yok');
    expect(screen.queryByRole('table')).toBeNull();
    unmount();

    answer = () => apiError(403, 'Bu işlem için yetkiniz yok');
    const user = userEvent.setup();
    render(<ReportsManager />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Bu işlem için yetkiniz yok');
    answer = (c) => [200, { data: wire({ from: c.query.from, to: c.query.to }) }];
    await user.click(within(alert).getByRole('button', { name: /Tekrar Dene/ }));
    await screen.findByRole('table', { name: /Dönemlere göre gelir/ });
  });

  it('downloads a report as CSV named after its range', async () => {
    const files = captureDownloads();
    const user = userEvent.setup();
    render(<ReportsManager />);
    await screen.findByRole('table', { name: /Dönemlere göre gelir/ });
    await user.click(screen.getByRole('button', { name: 'Gelir: CSV indir' }));
    expect(files.map((f) => f.name)).toEqual(['rapor-gelir-2026-11-01-2026-11-30.csv']);
    const { text: csv } = await blobText(files[0].blob);
    expect(csv.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
      'Dönem;Rezervasyon;Planlanan gelir (TL);Kapora (TL);Kalan (TL);Saha ücreti (TL);Servis (TL);Ek hizmetler (TL)',
    );
  });
});

describe('export rows', () => {
  const r = wire();
  it('revenue: a row per bucket, then the total; decimals with a comma in the CSV', () => {
    expect(revenueRows(r).map((x) => x.label)).toEqual(['20.11.2026', '21.11.2026', 'Toplam']);
    const lines = toCsv(revenueRows(r), revenueColumns)
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[2]).toBe('21.11.2026;1;1500,5;0;1500,5;1500,5;0;0');
    expect(lines[3]).toBe('Toplam;3;5150,5;500;4650,5;4500,5;250;400');
    expect(
      revenueRows(
        wire({
          bucket: 'month',
          revenue: { ...r.revenue, buckets: [{ ...r.revenue.buckets[0], start: '2026-11-01' }] },
        }),
      )[0].label,
    ).toBe('Kasım 2026');
  });

  it('occupancy, statuses, subscribers, services and customers', () => {
    expect(occupancyRows(r).map((x) => `${x.day} ${x.hour} ${x.booked}/${x.generated}`)).toEqual([
      'Cuma 18:00 0/2',
      'Cuma 19:00 3/4',
      'Cumartesi 19:00 1/4',
    ]);
    const occ = toCsv(occupancyRows(r), REPORT_TABLES.doluluk.columns)
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(occ[0]).toBe('Gün;Saat;Oluşturulan slot;Dolu slot;Doluluk (%)');
    expect(occ[2]).toBe('Cuma;19:00;4;3;75');
    expect(statusRows(r).map((x) => `${x.label}:${x.count}`)).toEqual([
      'Beklemede:1',
      'Onaylandı:3',
      'Reddedildi:1',
      'İptal Edildi:2',
      'Süresi Geçti:0',
    ]);
    expect(subscriberRows(r).map((x) => [x.group, x.bookings, x.revenue])).toEqual([
      ['Aboneler', 1, 1500.5],
      ['Diğer müşteriler', 2, 3650],
      ['Toplam', 3, 5150.5],
    ]);
    expect(serviceRows(r)).toEqual([
      { name: 'Servis', bookings: 1, revenue: 250, quantity: null },
      { name: 'Maç videosu', bookings: 2, quantity: 2, revenue: 400 },
    ]);
    const cust = toCsv(customerRows(r), customerColumns)
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(cust).toEqual([
      'Sıra;Ad Soyad;Telefon;Onaylı rezervasyon;Gelir (TL)',
      '1;Ayşe Yılmaz;0532 123 45 67;2;3650',
      '2;Silinmiş Müşteri;Gizlendi (KVKK);1;1500,5',
    ]);
    expect(reportFileName('musteriler', r)).toBe('rapor-musteriler-2026-11-01-2026-11-30');
  });

  it('an empty range exports nothing', () => {
    const empty = wire({
      statuses: { pending: 0, approved: 0, rejected: 0, cancelled: 0, expired: 0 },
      topCustomers: [],
    });
    expect(statusRows(empty)).toEqual([]);
    expect(customerRows(empty)).toEqual([]);
    expect(heatGrid([]).rows).toEqual([]);
  });
});
