// Raporlar (admin only): one answer per date range and pitch with every report of the screen. Money is TL on
// the wire (behaviour.md#time-money-and-identity); dates are Istanbul business days (the booking's play date).
import { z } from 'zod';
import { isoDate } from './common';
import './messages';
import type { BookingStatus } from './booking-statuses';

/** A year and a day: a year-on-year view, and a bound on what one request reads. */
export const REPORT_RANGE_MAX_DAYS = 366;
export const TOP_CUSTOMERS = 10;
export const REPORT_BUCKETS = ['day', 'week', 'month'] as const;
export type ReportBucket = (typeof REPORT_BUCKETS)[number];

export const reportMsg = {
  rangeReversed: 'Bitiş tarihi başlangıç tarihinden önce olamaz',
  rangeTooLong: `Rapor aralığı en fazla ${REPORT_RANGE_MAX_DAYS} gün olabilir`,
  bucket: 'Gruplama gün, hafta ya da ay olmalıdır',
  facility: 'Geçersiz saha',
} as const;

export const reportQuery = z
  .object({
    from: isoDate,
    to: isoDate,
    facility: z
      .string()
      .trim()
      .regex(/^\d{1,10}$/, reportMsg.facility)
      .optional()
      .transform((v) => (v ? Number(v) : null)),
    bucket: z.enum(REPORT_BUCKETS, { error: reportMsg.bucket }).optional().default('day'),
  })
  .superRefine((q, ctx) => {
    if (q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: reportMsg.rangeReversed });
    else {
      const days = (Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`)) / 86_400_000 + 1;
      if (days > REPORT_RANGE_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: reportMsg.rangeTooLong });
    }
  });
export type ReportQuery = z.infer<typeof reportQuery>;

/** Approved bookings of one day, week (from its Monday) or month (from its 1st). */
export interface RevenueBucketWire {
  /** The bucket's first day, YYYY-MM-DD. */
  start: string;
  bookings: number;
  /** TL: everything approved bookings cost (slot + shuttle + add-ons). */
  revenue: number;
  /** TL: the deposits (kapora) among it, and the rest paid at the pitch. */
  deposits: number;
  rest: number;
  slot: number;
  shuttle: number;
  addons: number;
}

export interface OccupancyCellWire {
  /** 1 = Monday … 7 = Sunday. */
  weekday: number;
  /** The slot's start hour, 'HH:00' (a half-hour slot counts in its hour). */
  hour: string;
  generated: number;
  /** Slots holding an approved booking. */
  booked: number;
}

export interface ReportWire {
  from: string;
  to: string;
  bucket: ReportBucket;
  facility: { id: number; name: string } | null;
  revenue: { buckets: RevenueBucketWire[]; total: Omit<RevenueBucketWire, 'start'> };
  occupancy: { cells: OccupancyCellWire[]; generated: number; booked: number };
  /** Every booking of the range by status, and the reasons given for cancellations and rejections. */
  statuses: Record<BookingStatus, number>;
  reasons: Array<{ status: 'cancelled' | 'rejected'; reason: string; count: number }>;
  subscribers: { bookings: number; revenue: number; allBookings: number; allRevenue: number };
  shuttle: { bookings: number; revenue: number };
  addons: Array<{ name: string; bookings: number; quantity: number; revenue: number }>;
  topCustomers: Array<{ name: string; phone: string; bookings: number; revenue: number }>;
}
