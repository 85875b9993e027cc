// The four customer reports of behaviour.md#constants-and-limits ('full', 'summary', 'risk', 'performance'): their Turkish columns, which rows each
// holds and its file name. Every figure is the server's (the customers/stats row); nothing is recomputed here. Each
// figure is named for what it counts: money and matches already played ('Gerçekleşen', 'Oynanan') apart from those
// still ahead ('Planlanan').
import { ACTIVITY_LABELS, WARNING_LABELS } from '../../../../contracts/customer-risk';
import type { CustomerStatsRow } from '../../../../contracts/customers';
import { WEEK_DAY_LABELS } from '../../../../contracts/facility-form';
import { formatPhone } from '../../../../contracts/phone';
import { istanbulToday } from '../format';
import type { ExportColumn } from './download';

export const CUSTOMER_REPORTS = ['full', 'summary', 'risk', 'performance'] as const;
export type CustomerReport = (typeof CUSTOMER_REPORTS)[number];

export const CUSTOMER_REPORT_LABELS: Record<CustomerReport, string> = {
  full: 'Tam rapor',
  summary: 'Özet rapor',
  risk: 'Risk raporu',
  performance: 'Performans raporu',
};

/** The word in the file name: musteri-raporu-tam-2026-11-23.csv. */
const FILE_WORD: Record<CustomerReport, string> = {
  full: 'tam',
  summary: 'ozet',
  risk: 'risk',
  performance: 'performans',
};

type Row = CustomerStatsRow;
type Col = ExportColumn<Row>;

/** An anonymised customer's phone is a hash: never written out. */
export const customerPhoneText = (phone: string | null | undefined): string | null =>
  !phone?.trim() ? null : phone.startsWith('#') ? 'Gizlendi (KVKK)' : formatPhone(phone);
export const customerTypeText = (r: Pick<Row, 'isSubscriber'>) => (r.isSubscriber ? 'Abone' : 'Standart');

const c = {
  name: { header: 'Ad Soyad', value: (r) => r.customerName, width: 28 },
  phone: { header: 'Telefon', value: (r) => customerPhoneText(r.customerPhone), width: 16 },
  email: { header: 'E-posta', value: (r) => r.customerEmail, width: 28 },
  type: { header: 'Müşteri Tipi', value: customerTypeText },
  total: { header: 'Toplam Rezervasyon', value: (r) => r.totalBookings, type: 'number' },
  approved: { header: 'Onaylı', value: (r) => r.approvedBookings, type: 'number' },
  cancelled: { header: 'İptal', value: (r) => r.cancelledBookings, type: 'number' },
  pending: { header: 'Bekleyen', value: (r) => r.pendingBookings, type: 'number' },
  rejected: { header: 'Reddedilen', value: (r) => r.rejectedBookings, type: 'number' },
  expired: { header: 'Süresi Dolan', value: (r) => r.expiredBookings, type: 'number' },
  transport: { header: 'Servisli', value: (r) => r.transportationBookings, type: 'number' },
  cancellationRate: { header: 'İptal Oranı (%)', value: (r) => r.cancellationRate, type: 'number' },
  approvalRate: { header: 'Onay Oranı (%)', value: (r) => r.approvalRate, type: 'number' },
  consecutive: { header: 'Ardışık İptal', value: (r) => r.consecutiveCancellations, type: 'number' },
  first: { header: 'İlk Rezervasyon', value: (r) => r.firstBookingDate, type: 'date' },
  last: { header: 'Son Rezervasyon', value: (r) => r.lastBookingDate, type: 'date' },
  lastActual: { header: 'Son Oynanan Maç', value: (r) => r.lastActualBookingDate, type: 'date' },
  favoriteFacility: { header: 'Favori Saha', value: (r) => r.favoriteFacility, width: 24 },
  favoriteDay: { header: 'Favori Gün', value: (r) => (r.favoriteDay ? WEEK_DAY_LABELS[r.favoriteDay] : null) },
  favoriteHour: { header: 'Favori Saat', value: (r) => r.favoriteHour },
  perMonth: { header: 'Aylık Ortalama', value: (r) => r.averageBookingsPerMonth, type: 'number' },
  played: { header: 'Oynanan Maç', value: (r) => r.playedBookings, type: 'number' },
  noShow: { header: 'Gelmedi', value: (r) => r.noShowBookings, type: 'number' },
  spent: { header: 'Gerçekleşen Harcama (TL)', value: (r) => r.totalSpent, type: 'number' },
  planned: { header: 'Planlanan Harcama (TL)', value: (r) => r.plannedSpent, type: 'number' },
  warning: { header: 'Uyarı Seviyesi', value: (r) => WARNING_LABELS[r.warningLevel] },
  risk: { header: 'Risk', value: (r) => r.riskLabel },
  activity: { header: 'Aktiflik', value: (r) => ACTIVITY_LABELS[r.activityStatus] },
  score: { header: 'Puan', value: (r) => r.score, type: 'number' },
  success: { header: 'Başarı Oranı (%)', value: (r) => r.successRate, type: 'number' },
} satisfies Record<string, Col>;

export const CUSTOMER_REPORT_COLUMNS: Record<CustomerReport, readonly Col[]> = {
  full: [
    c.name,
    c.phone,
    c.email,
    c.type,
    c.total,
    c.approved,
    c.cancelled,
    c.pending,
    c.rejected,
    c.expired,
    c.transport,
    c.cancellationRate,
    c.approvalRate,
    c.consecutive,
    c.first,
    c.last,
    c.lastActual,
    c.favoriteFacility,
    c.favoriteDay,
    c.favoriteHour,
    c.perMonth,
    c.played,
    c.noShow,
    c.spent,
    c.planned,
    c.warning,
    c.risk,
    c.activity,
    c.score,
    c.success,
  ],
  summary: [c.name, c.phone, c.type, c.total, c.approved, c.cancelled, c.last, c.activity, c.warning],
  risk: [c.name, c.phone, c.type, c.consecutive, c.cancelled, c.noShow, c.cancellationRate, c.risk, c.warning, c.last],
  performance: [
    c.name,
    c.type,
    c.total,
    c.approved,
    c.played,
    c.approvalRate,
    c.success,
    c.score,
    c.spent,
    c.planned,
    c.perMonth,
    c.favoriteFacility,
  ],
};

/**
 * The rows a report holds: the risk report only the customers the screen warns about (2+ consecutive cancellations,
 * behaviour.md#constants-and-limits), read from the server's warning level, the same one the badge, the warnings filter and the count show.
 */
export function customerReportRows(report: CustomerReport, rows: readonly Row[]): Row[] {
  return report === 'risk' ? rows.filter((r) => r.warningLevel !== 'normal' && r.warningLevel !== 'none') : [...rows];
}

/** 'musteri-raporu-tam-2026-11-23' (the extension is added by the download). */
export const customerReportName = (report: CustomerReport, today = istanbulToday()) =>
  `musteri-raporu-${FILE_WORD[report]}-${today}`;
