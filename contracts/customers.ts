// The customer list and detail (behaviour.md#management-panel 'Customer management', #entities, api.md, #constants-and-limits): what the panel sends and what it gets back.
import { z } from 'zod';
import { isoDate, numeric } from './common';
import {
  ACTIVITY_STATUSES,
  type ActivityStatus,
  type RiskLabel,
  WARNING_LEVELS,
  type WarningLevel,
} from './customer-risk';
import './messages';
import type { BookingStatus, PaymentStatus } from './bookings';
import type { WeekDay } from './wire/facility';

/** behaviour.md#constants-and-limits. */
export const CUSTOMER_PAGE_SIZES = [25, 50, 100, 200, 500] as const;
export const CUSTOMER_DEFAULT_PAGE_SIZE = 50;
export const CUSTOMER_SORTS = [
  'lastBookingDate',
  'name',
  'totalBookings',
  'cancellationRate',
  'approvalRate',
  'consecutiveCancellations',
] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];
export const CUSTOMER_SORT_LABELS: Record<CustomerSort, string> = {
  lastBookingDate: 'Son rezervasyon',
  name: 'Ad',
  totalBookings: 'Toplam rezervasyon',
  cancellationRate: 'İptal oranı',
  approvalRate: 'Onay oranı',
  consecutiveCancellations: 'Ardışık iptal',
};
export const CUSTOMER_TYPES = ['subscriber', 'standard'] as const;
/** behaviour.md#constants-and-limits 'History fetch size 30': the detail lists the latest 30 bookings, newest play time first. */
export const CUSTOMER_HISTORY_SIZE = 30;
/** The detail's facility usage shows the top 5 pitches (behaviour.md#management-panel). */
export const CUSTOMER_TOP_FACILITIES = 5;

export const customerMsg = {
  page: 'Sayfa numarası 1 veya daha büyük bir tam sayı olmalıdır',
  pageSize: 'Sayfa boyutu 25, 50, 100, 200 veya 500 olmalıdır',
  customerType: 'Müşteri tipi abone veya standart olmalıdır',
  flag: 'Seçim true veya false olmalıdır',
  search: 'Arama en fazla 100 karakter olabilir',
  bookings: 'Rezervasyon sayısı 0 veya daha büyük bir tam sayı olmalıdır',
  bookingsReversed: 'En az rezervasyon sayısı en fazla rezervasyon sayısından büyük olamaz',
  rate: 'İptal oranı 0 ile 100 arasında bir sayı olmalıdır',
  rateReversed: 'En düşük iptal oranı en yüksek iptal oranından büyük olamaz',
  dateReversed: 'Başlangıç tarihi bitiş tarihinden sonra olamaz',
  activityStatus: 'Aktiflik durumu aktif, pasif veya uykuda olmalıdır',
  sortBy: 'Geçersiz sıralama alanı',
  sortOrder: 'Sıralama yönü artan veya azalan olmalıdır',
  notFound: 'Müşteri bulunamadı',
  loadFailed: 'Müşteri verileri yüklenirken hata oluştu',
  historyEmpty: 'Rezervasyon geçmişi bulunamadı',
  exportEmpty: 'Dışa aktarılacak veri bulunamadı',
  messageSoon: 'Yakında',
} as const;

/** An empty query value ('?search=') means the filter is off. */
const blank = (v: unknown) => (v === '' ? undefined : v);
const opt = <T extends z.ZodType>(schema: T) => z.preprocess(blank, schema.optional());

const flag = z.preprocess(
  blank,
  z
    .enum(['true', 'false', '1', '0'], { error: customerMsg.flag })
    .optional()
    .transform((v) => v === 'true' || v === '1'),
);
const count = numeric(z.number({ error: customerMsg.bookings }).int(customerMsg.bookings).min(0, customerMsg.bookings));
const rate = numeric(z.number({ error: customerMsg.rate }).min(0, customerMsg.rate).max(100, customerMsg.rate));

/** GET /api/bookings/customers/stats (api.md). */
export const customerListQuery = z
  .object({
    page: z.preprocess(
      blank,
      numeric(
        z
          .number({ error: customerMsg.page })
          .int(customerMsg.page)
          .min(1, customerMsg.page)
          .max(100_000, customerMsg.page)
          .default(1),
      ),
    ),
    pageSize: z.preprocess(
      blank,
      numeric(
        z
          .number({ error: customerMsg.pageSize })
          .refine((n) => (CUSTOMER_PAGE_SIZES as readonly number[]).includes(n), customerMsg.pageSize)
          .default(CUSTOMER_DEFAULT_PAGE_SIZE),
      ),
    ),
    customerType: opt(z.enum([...CUSTOMER_TYPES, 'all'], { error: customerMsg.customerType })),
    warningsOnly: flag,
    hasTransportation: flag,
    search: opt(z.string().trim().max(100, customerMsg.search)),
    dateFrom: opt(isoDate),
    dateTo: opt(isoDate),
    minBookings: opt(count),
    maxBookings: opt(count),
    minCancellationRate: opt(rate),
    maxCancellationRate: opt(rate),
    activityStatus: opt(z.enum([...ACTIVITY_STATUSES, 'all'], { error: customerMsg.activityStatus })),
    sortBy: z.preprocess(blank, z.enum(CUSTOMER_SORTS, { error: customerMsg.sortBy }).default('lastBookingDate')),
    sortOrder: z.preprocess(blank, z.enum(['asc', 'desc'], { error: customerMsg.sortOrder }).default('desc')),
  })
  .refine((q) => !q.dateFrom || !q.dateTo || q.dateFrom <= q.dateTo, {
    message: customerMsg.dateReversed,
    path: ['dateFrom'],
  })
  .refine((q) => q.minBookings === undefined || q.maxBookings === undefined || q.minBookings <= q.maxBookings, {
    message: customerMsg.bookingsReversed,
    path: ['minBookings'],
  })
  .refine(
    (q) =>
      q.minCancellationRate === undefined ||
      q.maxCancellationRate === undefined ||
      q.minCancellationRate <= q.maxCancellationRate,
    { message: customerMsg.rateReversed, path: ['minCancellationRate'] },
  );
export type CustomerListQuery = z.infer<typeof customerListQuery>;

export { WARNING_LEVELS };

/** One row of the customer list (behaviour.md#entities 'Customer stats row'), every figure computed on the server. */
export interface CustomerStatsRow {
  /** The customer's id: GET /api/bookings/customers/{id}. */
  id: number;
  documentId: string;
  customerName: string;
  customerPhone: string;
  customerEmail: string | null;
  isSubscriber: boolean;
  totalBookings: number;
  approvedBookings: number;
  cancelledBookings: number;
  pendingBookings: number;
  rejectedBookings: number;
  expiredBookings: number;
  transportationBookings: number;
  consecutiveCancellations: number;
  /** Percentages 0–100, one decimal. */
  cancellationRate: number;
  approvalRate: number;
  /** YYYY-MM-DD play dates; null without bookings. lastBookingDate may lie ahead. */
  firstBookingDate: string | null;
  lastBookingDate: string | null;
  /** The business date of the latest approved booking already played (its hour has passed); never one still ahead. */
  lastActualBookingDate: string | null;
  favoriteFacility: string | null;
  favoriteDay: WeekDay | null;
  /** HH:MM. */
  favoriteHour: string | null;
  averageBookingsPerMonth: number;
  /** TL, approved bookings already played ('Gerçekleşen harcama'). */
  totalSpent: number;
  /** TL, approved bookings still ahead ('Planlanan harcama'). */
  plannedSpent: number;
  /** Approved bookings already played ('Oynanan maç'); a no-show is not played. */
  playedBookings: number;
  /** Approved bookings staff marked 'Gelmedi' (no-show); each weighs NO_SHOW_WEIGHT in consecutiveCancellations. */
  noShowBookings: number;
  /** Pitch name → bookings there. */
  facilityUsage: Record<string, number>;
  warningLevel: WarningLevel;
  riskLabel: RiskLabel;
  activityStatus: ActivityStatus;
  score: number;
  successRate: number;
}

export type CustomerListMeta = {
  pagination: { page: number; pageSize: number; pageCount: number; total: number };
  /** Over the filtered set (the same customers as pagination.total). */
  summary: {
    totalCustomers: number;
    subscriberCount: number;
    standardCount: number;
    warningCount: number;
    activeCount: number;
  };
};

export interface CustomerBookingWire {
  documentId: string;
  bookingNumber: string;
  status: BookingStatus;
  paymentStatus: PaymentStatus;
  date: string;
  startTime: string;
  endTime: string;
  /** The real start instant: an after-midnight hour is played the day after its business `date`. */
  startsAt: string;
  facility: { documentId: string; name: string };
  /** TL. */
  totalPrice: number;
  includesTransportation: boolean;
  isSubscriber: boolean;
  reason: string | null;
  createdAt: string;
}

/** GET /api/bookings/customers/{id} (behaviour.md#entities 'Customer detail response'). */
export interface CustomerDetailWire {
  customerInfo: {
    id: number;
    documentId: string;
    name: string;
    phone: string;
    email: string | null;
    isSubscriber: boolean;
    firstBookingDate: string | null;
    lastBookingDate: string | null;
    createdAt: string;
  };
  stats: Omit<
    CustomerStatsRow,
    'id' | 'documentId' | 'customerName' | 'customerPhone' | 'customerEmail' | 'isSubscriber'
  > & {
    loyaltyMonths: number;
    /** The top 5 pitches by bookings, most used first. */
    topFacilities: { name: string; count: number }[];
  };
  /** The latest 30 by play time, newest first; stats.totalBookings says how many there are in all. */
  bookings: CustomerBookingWire[];
}
