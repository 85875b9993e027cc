import { readSheet } from 'read-excel-file/node';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CUSTOMER_REPORT_COLUMNS,
  CUSTOMER_REPORTS,
  customerReportName,
  customerReportRows,
} from '../../site/src/lib/export/customer-reports';
import {
  BOM,
  downloadCsv,
  downloadXlsx,
  EXPORT_EMPTY,
  type ExportColumn,
  toCsv,
  XLSX_FALLBACK,
} from '../../site/src/lib/export/download';
import { $toasts } from '../../site/src/stores/toast';
import { blobText, captureDownloads, customerRow, ROWS } from './fixtures/customer';

// The export module (behaviour.md#constants-and-limits 'Report types', #error-messages 'Customers'): CSV bytes, report columns and rows, the xlsx path.

let files: ReturnType<typeof captureDownloads>;
beforeEach(() => {
  files = captureDownloads();
});
afterEach(() => {
  vi.restoreAllMocks();
  $toasts.set([]);
});

const csvLines = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');

describe('CSV', () => {
  it('starts with the UTF-8 BOM bytes, separates with ";" and ends lines with CRLF', async () => {
    expect(downloadCsv(ROWS, CUSTOMER_REPORT_COLUMNS.summary, 'musteri-raporu-ozet-2026-11-23')).toBe(true);
    expect(files).toHaveLength(1);
    expect(files[0].name).toBe('musteri-raporu-ozet-2026-11-23.csv');
    expect(files[0].blob.type).toBe('text/csv;charset=utf-8');
    const { bytes, text } = await blobText(files[0].blob);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(text.startsWith(BOM)).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    const [header, first] = csvLines(text);
    expect(header).toBe(
      'Ad Soyad;Telefon;Müşteri Tipi;Toplam Rezervasyon;Onaylı;İptal;Son Rezervasyon;Aktiflik;Uyarı Seviyesi',
    );
    // Phone 4-3-2-2, dates dd.mm.yyyy, Turkish words for the type, activity and level.
    expect(first).toBe('Ayşe Yılmaz;0532 123 45 67;Standart;10;8;2;20.11.2026;Aktif;Normal');
  });

  it('quotes a field holding ";" or a quote, doubles the quote, leaves a blank phone empty, writes decimals with a comma', () => {
    const lines = csvLines(toCsv(ROWS, CUSTOMER_REPORT_COLUMNS.risk));
    expect(lines[3]).toBe('"Erkan ""Kaptan"" Bulut; Jr";;Abone;5;2;1;83,3;KRİTİK;Kritik;20.11.2026');
  });

  it('keeps a name that looks like a formula as text', () => {
    const cols: ExportColumn<{ n: string }>[] = [{ header: 'Ad', value: (r) => r.n }];
    expect(csvLines(toCsv([{ n: '=HYPERLINK("x")' }, { n: '-5' }], cols)).slice(1)).toEqual([
      `"'=HYPERLINK(""x"")"`,
      `'-5`,
    ]);
  });

  it('an empty result downloads nothing and says "Dışa aktarılacak veri bulunamadı"', () => {
    expect(downloadCsv([], CUSTOMER_REPORT_COLUMNS.full, 'x')).toBe(false);
    expect(files).toHaveLength(0);
    expect($toasts.get().map((t) => t.title)).toEqual([EXPORT_EMPTY]);
    expect(EXPORT_EMPTY).toBe('Dışa aktarılacak veri bulunamadı');
  });
});

describe('the four reports', () => {
  it('full: every figure of the row, one line per customer', () => {
    const lines = csvLines(toCsv(customerReportRows('full', ROWS), CUSTOMER_REPORT_COLUMNS.full));
    expect(lines).toHaveLength(1 + ROWS.length);
    expect(lines[0].split(';')).toEqual([
      'Ad Soyad',
      'Telefon',
      'E-posta',
      'Müşteri Tipi',
      'Toplam Rezervasyon',
      'Onaylı',
      'İptal',
      'Bekleyen',
      'Reddedilen',
      'Süresi Dolan',
      'Servisli',
      'İptal Oranı (%)',
      'Onay Oranı (%)',
      'Ardışık İptal',
      'İlk Rezervasyon',
      'Son Rezervasyon',
      'Son Oynanan Maç',
      'Favori Saha',
      'Favori Gün',
      'Favori Saat',
      'Aylık Ortalama',
      'Oynanan Maç',
      'Gelmedi',
      'Gerçekleşen Harcama (TL)',
      'Planlanan Harcama (TL)',
      'Uyarı Seviyesi',
      'Risk',
      'Aktiflik',
      'Puan',
      'Başarı Oranı (%)',
    ]);
    expect(lines[1].split(';')).toEqual([
      'Ayşe Yılmaz',
      '0532 123 45 67',
      'ayse@example.com',
      'Standart',
      '10',
      '8',
      '2',
      '0',
      '0',
      '0',
      '1',
      '20',
      '80',
      '0',
      '01.09.2026',
      '20.11.2026',
      '20.11.2026',
      'Nilüfer Arena',
      'Cuma',
      '20:00',
      '3,5',
      '8',
      '1',
      '12500',
      '3000',
      'Normal',
      'DÜŞÜK',
      'Aktif',
      '100',
      '80',
    ]);
    expect(lines[2]).toContain(';Uyarı;YÜKSEK;Pasif;');
  });

  it('summary keeps every customer', () => {
    expect(customerReportRows('summary', ROWS).map((r) => r.id)).toEqual([1, 2, 3]);
  });

  it('risk holds only customers with 2 or more consecutive cancellations (1 is not enough)', () => {
    const rows = [
      ...ROWS,
      customerRow({ id: 4, consecutiveCancellations: 1 }),
      customerRow({ id: 5, consecutiveCancellations: 2, warningLevel: 'caution', riskLabel: 'ORTA' }),
    ];
    expect(customerReportRows('risk', rows).map((r) => r.id)).toEqual([2, 3, 5]);
    const lines = csvLines(toCsv(customerReportRows('risk', rows), CUSTOMER_REPORT_COLUMNS.risk));
    expect(lines[0]).toBe(
      'Ad Soyad;Telefon;Müşteri Tipi;Ardışık İptal;İptal;Gelmedi;İptal Oranı (%);Risk;Uyarı Seviyesi;Son Rezervasyon',
    );
    expect(lines[1]).toBe('Volkan Karaca;0544 666 02 02;Abone;3;3;1;75;YÜKSEK;Uyarı;20.11.2026');
    expect(lines).toHaveLength(4);
  });

  it('performance: the figures of success', () => {
    const lines = csvLines(toCsv(ROWS, CUSTOMER_REPORT_COLUMNS.performance));
    expect(lines[0]).toBe(
      'Ad Soyad;Müşteri Tipi;Toplam Rezervasyon;Onaylı;Oynanan Maç;Onay Oranı (%);Başarı Oranı (%);Puan;Gerçekleşen Harcama (TL);Planlanan Harcama (TL);Aylık Ortalama;Favori Saha',
    );
    expect(lines[1]).toBe('Ayşe Yılmaz;Standart;10;8;8;80;80;100;12500;3000;3,5;Nilüfer Arena');
  });

  it('the risk report holds exactly the customers the screen warns about, subscriber or not, in the same words', () => {
    const rows = [
      customerRow({
        id: 6,
        isSubscriber: false,
        consecutiveCancellations: 3,
        warningLevel: 'warning',
        riskLabel: 'YÜKSEK',
      }),
      customerRow({
        id: 7,
        isSubscriber: true,
        consecutiveCancellations: 2,
        warningLevel: 'caution',
        riskLabel: 'ORTA',
      }),
      customerRow({ id: 8, isSubscriber: true, consecutiveCancellations: 1 }),
    ];
    const risk = customerReportRows('risk', rows);
    expect(risk.map((r) => r.id)).toEqual(rows.filter((r) => r.warningLevel !== 'normal').map((r) => r.id));
    const lines = csvLines(toCsv(risk, CUSTOMER_REPORT_COLUMNS.risk));
    // 'Gelmedi' (no-shows, 1 in the fixture) stands beside the cancellations: both feed the run.
    expect(lines[0].split(';')).toContain('Gelmedi');
    expect(lines[1]).toBe('Ayşe Yılmaz;0532 123 45 67;Standart;3;2;1;20;YÜKSEK;Uyarı;20.11.2026');
    // No figure named for what it does not count.
    const headers = CUSTOMER_REPORT_COLUMNS.full.map((c) => c.header);
    expect(headers).not.toContain('Toplam Harcama (TL)');
    expect(headers).not.toContain('Son Gerçekleşen');
  });

  it('file names say the report and the date', () => {
    expect(CUSTOMER_REPORTS.map((r) => customerReportName(r, '2026-11-23'))).toEqual([
      'musteri-raporu-tam-2026-11-23',
      'musteri-raporu-ozet-2026-11-23',
      'musteri-raporu-risk-2026-11-23',
      'musteri-raporu-performans-2026-11-23',
    ]);
  });
});

describe('xlsx', () => {
  it('writes a real workbook with the library: numbers as numbers, dates dd.mm.yyyy, a Turkish header', async () => {
    const load = () => vi.importActual<typeof import('write-excel-file/browser')>('write-excel-file/browser');
    await expect(
      downloadXlsx(ROWS, CUSTOMER_REPORT_COLUMNS.summary, 'musteri-raporu-ozet-2026-11-23', 'Müşteriler', load),
    ).resolves.toBe('xlsx');
    expect(files.map((f) => f.name)).toEqual(['musteri-raporu-ozet-2026-11-23.xlsx']);
    const buffer = Buffer.from(await files[0].blob.arrayBuffer());
    expect(buffer.subarray(0, 2).toString()).toBe('PK'); // a zip, as every .xlsx is
    const sheet = await readSheet(buffer);
    expect(sheet[0]).toEqual([
      'Ad Soyad',
      'Telefon',
      'Müşteri Tipi',
      'Toplam Rezervasyon',
      'Onaylı',
      'İptal',
      'Son Rezervasyon',
      'Aktiflik',
      'Uyarı Seviyesi',
    ]);
    expect(sheet[1]).toEqual(['Ayşe Yılmaz', '0532 123 45 67', 'Standart', 10, 8, 2, '20.11.2026', 'Aktif', 'Normal']);
    expect(sheet[3][0]).toBe('Erkan "Kaptan" Bulut; Jr');
    expect(sheet[3][1]).toBeNull();
    expect(sheet).toHaveLength(4);
  });

  it('when the library cannot be loaded: the documented message, then the CSV instead', async () => {
    const load = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    await expect(
      downloadXlsx(ROWS, CUSTOMER_REPORT_COLUMNS.risk, 'musteri-raporu-risk-2026-11-23', 'R', load),
    ).resolves.toBe('csv');
    expect($toasts.get().map((t) => t.title)).toEqual([XLSX_FALLBACK]);
    expect(XLSX_FALLBACK).toBe('Excel export için xlsx kütüphanesi yükleniyor, CSV formatında indiriliyor...');
    expect(files.map((f) => f.name)).toEqual(['musteri-raporu-risk-2026-11-23.csv']);
    const { bytes } = await blobText(files[0].blob);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('an empty result loads nothing and says so', async () => {
    const load = vi.fn();
    await expect(downloadXlsx([], CUSTOMER_REPORT_COLUMNS.full, 'x', 'R', load)).resolves.toBe('empty');
    expect(load).not.toHaveBeenCalled();
    expect(files).toHaveLength(0);
    expect($toasts.get().map((t) => t.title)).toEqual([EXPORT_EMPTY]);
  });
});
