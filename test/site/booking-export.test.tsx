// The Rezervasyonlar list as CSV / Excel (add-ons show in exports): each add-on as sold and their total, the
// pitch's own fee and the shuttle apart, and every page of the filtered set, not only the one on screen.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readSheet } from 'read-excel-file/node';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ExportMenu } from '../../site/src/components/panel/bookings/ExportMenu';
import { addonsText, BOOKING_EXPORT_COLUMNS, bookingExportName } from '../../site/src/lib/export/bookings';
import { toCsv } from '../../site/src/lib/export/download';
import {
  $bookingFilters,
  $bookingsExporting,
  exportBookings,
  fetchAllBookings,
} from '../../site/src/stores/panel-bookings';
import { $toasts } from '../../site/src/stores/toast';
import { blobText, captureDownloads } from './fixtures/customer';
import { apiError, listItem, mockApi } from './fixtures/panel-booking';

const withAddons = listItem({
  bookingNumber: 'HSRADDON001',
  status: 'approved',
  paymentStatus: 'paid',
  totalPrice: 3195,
  transportationPrice: 50,
  includesTransportation: true,
  addons: [
    { name: 'Maç videosu', unit: 'booking', unitPrice: 300, quantity: 1, total: 300 },
    { name: 'Yelek', unit: 'person', unitPrice: 20, quantity: 10, total: 200 },
  ],
  addonsPrice: 500,
});
const plainRow = listItem({ bookingNumber: 'HSRPLAIN002', includesTransportation: false, totalPrice: 1500 });

const csvLines = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');

let files: ReturnType<typeof captureDownloads>;
beforeEach(() => {
  files = captureDownloads();
  $bookingFilters.set({ tab: 'approved', q: 'kaya', subscribers: false, transport: false, from: '', to: '', page: 3 });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  $toasts.set([]);
});

describe('the columns', () => {
  it('name each add-on with its count and total, their sum, and the fee and the shuttle apart', () => {
    const [header, first, second] = csvLines(toCsv([withAddons, plainRow], BOOKING_EXPORT_COLUMNS));
    expect(header.split(';')).toEqual([
      'Rezervasyon No',
      'Tarih',
      'Saat',
      'Saha',
      'Ad Soyad',
      'Telefon',
      'E-posta',
      'Müşteri Tipi',
      'Durum',
      'Ödeme',
      'Saha ücreti (TL)',
      'Servis (TL)',
      'Ek hizmetler',
      'Ek hizmetler (TL)',
      'Toplam (TL)',
      'Kapora (TL)',
    ]);
    expect(first.split(';')).toEqual([
      'HSRADDON001',
      '20.11.2026',
      '20:00–21:00',
      'Nilüfer Arena',
      'Ayşe Yılmaz',
      '0532 123 45 67',
      '',
      'Standart',
      'Onaylandı',
      'Kapora Alındı',
      '2645',
      '50',
      'Maç videosu ×1 (300 TL), Yelek ×10 (200 TL)',
      '500',
      '3195',
      '300',
    ]);
    // No add-on: an empty cell and 0; no shuttle: 0, the whole total is the pitch's fee.
    expect(second.split(';').slice(10, 15)).toEqual(['1500', '0', '', '0', '1500']);
  });

  it('writes a decimal add-on total the Turkish way and names the file by the day', () => {
    expect(addonsText([{ name: 'İkram', unit: 'person', unitPrice: 12.5, quantity: 3, total: 37.5 }])).toBe(
      'İkram ×3 (37,5 TL)',
    );
    expect(addonsText([])).toBeNull();
    expect(bookingExportName('2026-11-23')).toBe('rezervasyonlar-2026-11-23');
  });
});

describe('exportBookings', () => {
  it('reads every page of the current tab and filters, 100 a call, and downloads them all', async () => {
    const calls = mockApi((c) => [
      200,
      {
        data: c.query.page === '1' ? [withAddons] : [plainRow],
        meta: {
          pagination: { page: Number(c.query.page), pageSize: 100, pageCount: 2, total: 2 },
          counts: { all: 2, today: 0, upcoming: 0, pending: 0, approved: 2, rejected: 0, cancelled: 0 },
        },
      },
    ]);
    await exportBookings('csv');
    expect(calls.map((c) => c.query)).toEqual([
      { tab: 'approved', q: 'kaya', page: '1', pageSize: '100' },
      { tab: 'approved', q: 'kaya', page: '2', pageSize: '100' },
    ]);
    expect(files).toHaveLength(1);
    expect(files[0].name).toMatch(/^rezervasyonlar-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = csvLines((await blobText(files[0].blob)).text);
    expect(lines.map((l) => l.split(';')[0])).toEqual(['Rezervasyon No', 'HSRADDON001', 'HSRPLAIN002']);
    expect($bookingsExporting.get()).toBe(false);
  });

  it('as Excel: a real workbook with the add-ons as text and their total as a number', async () => {
    mockApi(() => [
      200,
      {
        data: [withAddons],
        meta: {
          pagination: { page: 1, pageSize: 100, pageCount: 1, total: 1 },
          counts: { all: 1, today: 0, upcoming: 0, pending: 0, approved: 1, rejected: 0, cancelled: 0 },
        },
      },
    ]);
    await exportBookings('xlsx');
    expect(files.map((f) => f.name)).toEqual([expect.stringMatching(/^rezervasyonlar-.*\.xlsx$/)]);
    const sheet = await readSheet(Buffer.from(await files[0].blob.arrayBuffer()));
    expect(sheet[1].slice(12, 15)).toEqual(['Maç videosu ×1 (300 TL), Yelek ×10 (200 TL)', 500, 3195]);
  });

  it('is offered on the screen as a menu: CSV or Excel', async () => {
    const calls = mockApi(() => [
      200,
      {
        data: [withAddons],
        meta: {
          pagination: { page: 1, pageSize: 100, pageCount: 1, total: 1 },
          counts: { all: 1, today: 0, upcoming: 0, pending: 0, approved: 1, rejected: 0, cancelled: 0 },
        },
      },
    ]);
    const u = userEvent.setup();
    render(<ExportMenu />);
    await u.click(screen.getByRole('button', { name: 'Listeyi İndir' }));
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual([
      'Rezervasyonlar (CSV)',
      'Rezervasyonlar (Excel)',
    ]);
    await u.click(screen.getByRole('menuitem', { name: 'Rezervasyonlar (CSV)' }));
    await vi.waitFor(() => expect(files.map((f) => f.name)).toEqual([expect.stringMatching(/\.csv$/)]));
    expect(calls).toHaveLength(1);
  });

  it('a booking made while the pages are read (rows shift, one comes twice): read again, every booking once', async () => {
    const newer = listItem({ bookingNumber: 'HSRNEWER0003' });
    let reads = 0;
    const calls = mockApi((c) => {
      reads++;
      // First pass: page 1 before the new booking, page 2 after it (the list grew to 3 and page 2 repeats a row).
      const first = reads <= 2;
      const total = first && c.query.page === '1' ? 2 : 3;
      const data = first
        ? c.query.page === '1'
          ? [withAddons]
          : [withAddons, plainRow]
        : c.query.page === '1'
          ? [newer, withAddons]
          : [plainRow];
      return [200, { data, meta: { pagination: { page: Number(c.query.page), pageSize: 100, pageCount: 2, total } } }];
    });
    const rows = await fetchAllBookings();
    expect(rows.map((r) => r.bookingNumber)).toEqual(['HSRNEWER0003', 'HSRADDON001', 'HSRPLAIN002']);
    expect(calls.map((c) => c.query.page)).toEqual(['1', '2', '1', '2']);
  });

  it('a list that keeps changing under the export downloads nothing and says so', async () => {
    let reads = 0;
    mockApi((c) => {
      reads++;
      return [
        200,
        {
          data: [listItem({ bookingNumber: `HSRSHIFT${String(reads).padStart(4, '0')}` })],
          meta: { pagination: { page: Number(c.query.page), pageSize: 100, pageCount: 2, total: 1 + reads } },
        },
      ];
    });
    await exportBookings('csv');
    expect(reads).toBe(6);
    expect(files).toHaveLength(0);
    expect($toasts.get().map((t) => t.title)).toEqual(['Liste indirilirken değişti, lütfen birazdan tekrar deneyin']);
  });

  it('a failing call downloads nothing and says why', async () => {
    mockApi(() => apiError(500, 'Rezervasyonlar yüklenirken hata oluştu'));
    await expect(fetchAllBookings()).rejects.toThrow();
    await exportBookings('csv');
    expect(files).toHaveLength(0);
    expect($toasts.get().map((t) => t.title)).toEqual(['Rezervasyonlar yüklenirken hata oluştu']);
  });
});
