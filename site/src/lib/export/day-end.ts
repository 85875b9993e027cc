// Gün Sonu's exports (behaviour.md#management-panel 'Gün Sonu'): the day's movements, one row per payment row, and the
// summary (every figure named for what it counts), for the generic CSV / XLSX helper (download.ts).
import type { DayEndWire } from '../../../../contracts/day-sheet';
import { PAYMENT_KIND_LABELS, PAYMENT_METHOD_LABELS } from '../../../../contracts/payments';
import type { ExportColumn } from './download';

type Movement = DayEndWire['movements'][number];

const timeOf = (iso: string) =>
  new Intl.DateTimeFormat('tr-TR', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Istanbul' }).format(
    new Date(iso),
  );

/** 'Kalan tahsil edildi (geri alma)' for a reversal row. */
export const movementKindText = (m: Pick<Movement, 'kind' | 'reversal'>) =>
  `${PAYMENT_KIND_LABELS[m.kind]}${m.reversal ? ' (geri alma)' : ''}`;

export const MOVEMENT_COLUMNS: ExportColumn<Movement>[] = [
  { header: 'Saat', value: (m) => timeOf(m.at), width: 8 },
  { header: 'Rezervasyon no', value: (m) => m.bookingNumber, width: 16 },
  { header: 'Müşteri', value: (m) => m.customerName, width: 24 },
  { header: 'Saha', value: (m) => m.facilityName, width: 20 },
  { header: 'Hareket', value: movementKindText, width: 26 },
  { header: 'Yöntem', value: (m) => (m.method ? PAYMENT_METHOD_LABELS[m.method] : ''), width: 12 },
  { header: 'Tutar (TL)', value: (m) => m.amount, type: 'number', width: 12 },
  { header: 'Personel', value: (m) => m.staffName, width: 20 },
  { header: 'Not', value: (m) => m.note, width: 30 },
];

export interface SummaryRow {
  group: string;
  name: string;
  received: number | null;
  refunded: number | null;
  net: number | null;
  kept: number | null;
  expected: number | null;
}

/** The summary as rows: the day's totals, then per method, per staff member and per pitch. */
export function summaryRows(r: DayEndWire): SummaryRow[] {
  const none = { kept: null, expected: null };
  return [
    { group: 'Toplam', name: 'Tüm gün', ...r.totals },
    ...r.byMethod.map((m) => ({ group: 'Yöntem', name: PAYMENT_METHOD_LABELS[m.method], ...m, ...none })),
    ...r.byStaff.map((s) => ({ group: 'Personel', name: s.staffName, ...s, ...none })),
    ...r.byFacility.map((f) => ({ group: 'Saha', name: f.facility.name, ...f })),
  ].map(({ group, name, received, refunded, net, kept, expected }) => ({
    group,
    name,
    received,
    refunded,
    net,
    kept,
    expected,
  }));
}

export const SUMMARY_COLUMNS: ExportColumn<SummaryRow>[] = [
  { header: 'Grup', value: (s) => s.group, width: 10 },
  { header: 'Ad', value: (s) => s.name, width: 24 },
  { header: 'Tahsil edilen (TL)', value: (s) => s.received, type: 'number', width: 16 },
  { header: 'İade edilen (TL)', value: (s) => s.refunded, type: 'number', width: 14 },
  { header: 'Net kasa (TL)', value: (s) => s.net, type: 'number', width: 14 },
  { header: 'Tutulan kapora (TL)', value: (s) => s.kept, type: 'number', width: 16 },
  { header: 'Beklenen kalan (TL)', value: (s) => s.expected, type: 'number', width: 16 },
];

export const dayEndFileName = (kind: 'hareketler' | 'ozet', r: Pick<DayEndWire, 'date'>) =>
  `gun-sonu-${kind}-${r.date}`;
