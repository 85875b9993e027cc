// Raporlar: every report of the screen as export rows and Turkish columns for the generic CSV / XLSX helper
// (download.ts). The figures are the server's (ReportWire); only shares are divided here, as on screen.
import { BOOKING_STATUSES } from '../../../../contracts/booking-statuses';
import type { ReportWire } from '../../../../contracts/reports';
import { businessHourOrder } from '../../../../contracts/slot-start';
import { bucketLabel, share, weekdayName } from '../../components/panel/reports/model';
import { STATUS_LABELS } from '../tracking';
import { customerPhoneText } from './customer-reports';
import type { ExportColumn } from './download';

export const REPORT_EXPORTS = [
  'gelir',
  'doluluk',
  'durumlar',
  'iptal-sebepleri',
  'aboneler',
  'servis-ek-hizmetler',
  'musteriler',
] as const;
export type ReportExport = (typeof REPORT_EXPORTS)[number];

/** The sheet's name in the xlsx (at most 31 characters). */
export const REPORT_EXPORT_TITLES: Record<ReportExport, string> = {
  gelir: 'Gelir',
  doluluk: 'Doluluk',
  durumlar: 'Rezervasyon durumları',
  'iptal-sebepleri': 'İptal ve red sebepleri',
  aboneler: 'Abonelerin payı',
  'servis-ek-hizmetler': 'Servis ve ek hizmetler',
  musteriler: 'En iyi müşteriler',
};

/** 'rapor-gelir-2026-11-01-2026-11-30' (the download adds the extension). */
export const reportFileName = (kind: ReportExport, r: Pick<ReportWire, 'from' | 'to'>) =>
  `rapor-${kind}-${r.from}-${r.to}`;

export const REASON_STATUS_LABELS = { cancelled: 'İptal', rejected: 'Red' } as const;

type Revenue = { label: string } & ReportWire['revenue']['total'];
type Occupancy = { day: string; hour: string; generated: number; booked: number };
type Status = { label: string; count: number };
type Reason = ReportWire['reasons'][number];
type Subscriber = { group: string; bookings: number; revenue: number; allBookings: number; allRevenue: number };
type Service = { name: string; bookings: number; quantity: number | null; revenue: number };
type Customer = ReportWire['topCustomers'][number] & { rank: number };

const num = <T>(header: string, value: (r: T) => number | null): ExportColumn<T> => ({
  header,
  value,
  type: 'number',
});

export const revenueColumns: ExportColumn<Revenue>[] = [
  { header: 'Dönem', value: (r) => r.label, width: 22 },
  num('Rezervasyon', (r) => r.bookings),
  num('Planlanan gelir (TL)', (r) => r.revenue),
  num('Kapora (TL)', (r) => r.deposits),
  num('Kalan (TL)', (r) => r.rest),
  num('Saha ücreti (TL)', (r) => r.slot),
  num('Servis (TL)', (r) => r.shuttle),
  num('Ek hizmetler (TL)', (r) => r.addons),
];
/** One row per day, week or month, then the total. */
export const revenueRows = (r: ReportWire): Revenue[] =>
  r.revenue.buckets.length === 0
    ? []
    : [
        ...r.revenue.buckets.map(({ start, ...b }) => ({ label: bucketLabel(start, r.bucket), ...b })),
        { label: 'Toplam', ...r.revenue.total },
      ];

export const occupancyColumns: ExportColumn<Occupancy>[] = [
  { header: 'Gün', value: (r) => r.day },
  { header: 'Saat', value: (r) => r.hour },
  num('Oluşturulan slot', (r) => r.generated),
  num('Dolu slot', (r) => r.booked),
  num('Doluluk (%)', (r) => share(r.booked, r.generated)),
];
/** Monday … Sunday, each day's hours in business-day order (after midnight follows the late evening). */
export function occupancyRows(r: ReportWire): Occupancy[] {
  const order = businessHourOrder(r.occupancy.cells.map((c) => c.hour));
  return [...r.occupancy.cells]
    .sort((a, b) => a.weekday - b.weekday || order.indexOf(a.hour) - order.indexOf(b.hour))
    .map((c) => ({ day: weekdayName(c.weekday), hour: c.hour, generated: c.generated, booked: c.booked }));
}

export const statusColumns: ExportColumn<Status>[] = [
  { header: 'Durum', value: (r) => r.label, width: 18 },
  num('Rezervasyon', (r) => r.count),
];
export const statusRows = (r: ReportWire): Status[] =>
  BOOKING_STATUSES.every((s) => r.statuses[s] === 0)
    ? []
    : BOOKING_STATUSES.map((s) => ({ label: STATUS_LABELS[s], count: r.statuses[s] }));

export const reasonColumns: ExportColumn<Reason>[] = [
  { header: 'Tür', value: (r) => REASON_STATUS_LABELS[r.status] },
  { header: 'Sebep', value: (r) => r.reason, width: 40 },
  num('Sayı', (r) => r.count),
];
export const reasonRows = (r: ReportWire): Reason[] => r.reasons;

export const subscriberColumns: ExportColumn<Subscriber>[] = [
  { header: 'Grup', value: (r) => r.group },
  num('Onaylı rezervasyon', (r) => r.bookings),
  num('Rezervasyon payı (%)', (r) => share(r.bookings, r.allBookings)),
  num('Gelir (TL)', (r) => r.revenue),
  num('Gelir payı (%)', (r) => share(r.revenue, r.allRevenue)),
];
export function subscriberRows(r: ReportWire): Subscriber[] {
  const s = r.subscribers;
  if (s.allBookings === 0) return [];
  const all = { allBookings: s.allBookings, allRevenue: s.allRevenue };
  const round = (n: number) => Math.round(n * 100) / 100;
  return [
    { group: 'Aboneler', bookings: s.bookings, revenue: s.revenue, ...all },
    {
      group: 'Diğer müşteriler',
      bookings: s.allBookings - s.bookings,
      revenue: round(s.allRevenue - s.revenue),
      ...all,
    },
    { group: 'Toplam', bookings: s.allBookings, revenue: s.allRevenue, ...all },
  ];
}

export const serviceColumns: ExportColumn<Service>[] = [
  { header: 'Hizmet', value: (r) => r.name, width: 28 },
  num('Rezervasyon', (r) => r.bookings),
  num('Adet', (r) => r.quantity),
  num('Gelir (TL)', (r) => r.revenue),
];
/** The shuttle first (it has no count of its own), then each add-on. */
export function serviceRows(r: ReportWire): Service[] {
  const rows: Service[] = r.addons.map((a) => ({ ...a }));
  if (r.shuttle.bookings > 0) rows.unshift({ name: 'Servis', ...r.shuttle, quantity: null });
  return rows;
}

export const customerColumns: ExportColumn<Customer>[] = [
  num('Sıra', (r) => r.rank),
  { header: 'Ad Soyad', value: (r) => r.name, width: 28 },
  { header: 'Telefon', value: (r) => customerPhoneText(r.phone), width: 16 },
  num('Onaylı rezervasyon', (r) => r.bookings),
  num('Gelir (TL)', (r) => r.revenue),
];
export const customerRows = (r: ReportWire): Customer[] => r.topCustomers.map((c, i) => ({ ...c, rank: i + 1 }));

/** Each export's rows and columns, so one button component serves every section. */
// biome-ignore lint/suspicious/noExplicitAny: the row type differs per report; each pair is typed where it is made.
export const REPORT_TABLES: Record<ReportExport, { rows: (r: ReportWire) => any[]; columns: ExportColumn<any>[] }> = {
  gelir: { rows: revenueRows, columns: revenueColumns },
  doluluk: { rows: occupancyRows, columns: occupancyColumns },
  durumlar: { rows: statusRows, columns: statusColumns },
  'iptal-sebepleri': { rows: reasonRows, columns: reasonColumns },
  aboneler: { rows: subscriberRows, columns: subscriberColumns },
  'servis-ek-hizmetler': { rows: serviceRows, columns: serviceColumns },
  musteriler: { rows: customerRows, columns: customerColumns },
};
