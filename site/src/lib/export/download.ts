// Table exports the panel offers (behaviour.md#constants-and-limits 'Report types'): a CSV any spreadsheet opens and a real .xlsx. Generic over the
// row type, so the Raporlar screen reuses them with its own columns. The xlsx library is imported only when an Excel
// file is asked for, so no page pays for it on load.
import { dottedDate } from '../../../../contracts/dates';
import { toast } from '../../stores/toast';

/** A value as the column gives it: numbers stay numbers, dates are 'YYYY-MM-DD' (shown dd.mm.yyyy), null is blank. */
export type CellValue = string | number | null;

export interface ExportColumn<T> {
  /** The Turkish column title. */
  header: string;
  value: (row: T) => CellValue;
  /** 'date': a 'YYYY-MM-DD' value written dd.mm.yyyy; 'number': a figure (a number cell in the xlsx). Default text. */
  type?: 'text' | 'number' | 'date';
  /** Column width in characters in the xlsx. */
  width?: number;
}

export const EXPORT_EMPTY = 'Dışa aktarılacak veri bulunamadı';
export const XLSX_FALLBACK = 'Excel export için xlsx kütüphanesi yükleniyor, CSV formatında indiriliyor...';

/**
 * ';' separates the fields: Excel in Turkish takes its list separator from the region, and there the decimal mark is
 * ',' and the list separator ';'. A ','-separated file opens as one column per line on a Turkish Windows; a
 * ';'-separated one opens in columns, and decimals written '12,5' are numbers there.
 */
export const CSV_SEPARATOR = ';';
/** Excel reads a CSV as UTF-8 only with this mark in front (otherwise ş, ğ, İ come out garbled). */
export const BOM = '\uFEFF';

export { dottedDate };

const decimal = new Intl.NumberFormat('tr-TR', { useGrouping: false, maximumFractionDigits: 2 });

function csvField(raw: string): string {
  // A cell starting with = + - @ is a formula to a spreadsheet: a name typed that way must stay text (CSV injection).
  const text = /^[=+\-@\t\r]/.test(raw) ? `'${raw}` : raw;
  return /[";\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csvCell<T>(column: ExportColumn<T>, row: T): string {
  const v = column.value(row);
  if (v === null || v === undefined || v === '') return '';
  if (typeof v === 'number') return decimal.format(v);
  return csvField(column.type === 'date' ? dottedDate(v) : v);
}

/** The CSV text (BOM, header line, one line per row, CRLF line ends as RFC 4180 has them). */
export function toCsv<T>(rows: readonly T[], columns: readonly ExportColumn<T>[]): string {
  const lines = [columns.map((c) => csvField(c.header)).join(CSV_SEPARATOR)];
  for (const row of rows) lines.push(columns.map((c) => csvCell(c, row)).join(CSV_SEPARATOR));
  return BOM + lines.join('\r\n') + '\r\n';
}

/** Hands a file to the browser's download. */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** `name` without its extension; '.csv' is added. Returns false (and says so) when there is nothing to export. */
export function downloadCsv<T>(rows: readonly T[], columns: readonly ExportColumn<T>[], name: string): boolean {
  if (rows.length === 0) {
    toast('warning', EXPORT_EMPTY);
    return false;
  }
  saveBlob(new Blob([toCsv(rows, columns)], { type: 'text/csv;charset=utf-8' }), `${name}.csv`);
  return true;
}

type XlsxModule = typeof import('write-excel-file/browser');

/** The library, fetched on first use; a test or the Raporlar screen may hand in its own loader. */
export const loadXlsx = (): Promise<XlsxModule> => import('write-excel-file/browser');

/** The sheet rows: a bold header, numbers as number cells, dates dd.mm.yyyy. */
export function xlsxSheet<T>(rows: readonly T[], columns: readonly ExportColumn<T>[]) {
  const header = columns.map((c) => ({ value: c.header, fontWeight: 'bold' as const }));
  const body = rows.map((row) =>
    columns.map((c) => {
      const v = c.value(row);
      if (v === null || v === undefined || v === '') return null;
      if (typeof v === 'number') return { value: v, type: Number };
      return { value: c.type === 'date' ? dottedDate(v) : v, type: String };
    }),
  );
  return [header, ...body];
}

/**
 * A real .xlsx of the rows ('.xlsx' is added to `name`). When the library cannot be loaded (offline, a failed chunk),
 * says so and downloads the CSV instead (behaviour.md#error-messages).
 */
export async function downloadXlsx<T>(
  rows: readonly T[],
  columns: readonly ExportColumn<T>[],
  name: string,
  sheet = 'Rapor',
  load: () => Promise<XlsxModule> = loadXlsx,
): Promise<'xlsx' | 'csv' | 'empty'> {
  if (rows.length === 0) {
    toast('warning', EXPORT_EMPTY);
    return 'empty';
  }
  let writeXlsxFile: XlsxModule['default'];
  try {
    writeXlsxFile = (await load()).default;
  } catch {
    toast('warning', XLSX_FALLBACK);
    downloadCsv(rows, columns, name);
    return 'csv';
  }
  const blob = await writeXlsxFile(xlsxSheet(rows, columns), {
    sheet: sheet.slice(0, 31),
    columns: columns.map((c) => ({ width: c.width ?? Math.max(12, c.header.length + 2) })),
    stickyRowsCount: 1,
  }).toBlob();
  saveBlob(blob, `${name}.xlsx`);
  return 'xlsx';
}
