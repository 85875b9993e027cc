// Raporlar: the screen's pure rules: filters kept in the address, quick ranges in Istanbul dates, the
// server's own schema checking them before a request, labels and the occupancy grid. No DOM, no network.
import { addDays, addMonths, dottedDate, istanbulToday, monthEnd, monthStart } from '../../../../../contracts/dates';
import { REPORT_BUCKETS, type ReportBucket, type ReportWire, reportQuery } from '../../../../../contracts/reports';
import { businessHourOrder } from '../../../../../contracts/slot-start';

export interface ReportFilters {
  from: string;
  to: string;
  /** A pitch id, or '' for every pitch. */
  saha: string;
  grup: ReportBucket;
}

export const BUCKET_LABELS: Record<ReportBucket, string> = { day: 'Gün', week: 'Hafta', month: 'Ay' };

export const QUICK_RANGES = [
  { id: 'this-month', label: 'Bu ay' },
  { id: 'last-month', label: 'Geçen ay' },
  { id: 'last-30', label: 'Son 30 gün' },
  { id: 'last-90', label: 'Son 90 gün' },
  { id: 'this-year', label: 'Bu yıl' },
] as const;
export type QuickRange = (typeof QUICK_RANGES)[number]['id'];

/**
 * A quick range as Istanbul business dates. A month or a year is the whole calendar period (approved bookings ahead
 * count too, and the monthly summary prints the whole month); 'Son N gün' ends today, today included.
 */
export function quickRange(id: QuickRange, today = istanbulToday()): { from: string; to: string } {
  switch (id) {
    case 'this-month':
      return { from: monthStart(today), to: monthEnd(today) };
    case 'last-month': {
      const start = addMonths(today, -1);
      return { from: start, to: monthEnd(start) };
    }
    case 'last-30':
      return { from: addDays(today, -29), to: today };
    case 'last-90':
      return { from: addDays(today, -89), to: today };
    case 'this-year':
      return { from: `${today.slice(0, 4)}-01-01`, to: `${today.slice(0, 4)}-12-31` };
  }
}

/** The filters an address asks for (?from=&to=&saha=&grup=); anything missing is this month, every pitch, by day. */
export function filtersFromSearch(search: string, today = istanbulToday()): ReportFilters {
  const p = new URLSearchParams(search);
  const month = quickRange('this-month', today);
  const grup = p.get('grup');
  return {
    from: p.get('from') ?? month.from,
    to: p.get('to') ?? month.to,
    saha: p.get('saha') ?? '',
    grup: (REPORT_BUCKETS as readonly string[]).includes(grup ?? '') ? (grup as ReportBucket) : 'day',
  };
}

/** The address's query for the filters ('saha' only when one pitch is chosen). */
export function searchOf(f: ReportFilters): string {
  const p = new URLSearchParams({ from: f.from, to: f.to });
  if (f.saha) p.set('saha', f.saha);
  p.set('grup', f.grup);
  return `?${p.toString()}`;
}

export type FilterErrors = Partial<Record<'from' | 'to' | 'saha' | 'grup', string>>;
export type ApiQuery = { from: string; to: string; bucket: ReportBucket; facility?: string };

/** The server's schema (contracts/reports.ts) on the filters: the API query, or the Turkish message of each field. */
export function checkFilters(f: ReportFilters): { query: ApiQuery } | { errors: FilterErrors } {
  const raw = { from: f.from, to: f.to, bucket: f.grup, ...(f.saha ? { facility: f.saha } : {}) };
  const parsed = reportQuery.safeParse(raw);
  if (parsed.success) return { query: raw };
  const field = { from: 'from', to: 'to', facility: 'saha', bucket: 'grup' } as const;
  const errors: FilterErrors = {};
  for (const issue of parsed.error.issues) {
    const key = field[issue.path[0] as keyof typeof field];
    if (key && !errors[key]) errors[key] = issue.message;
  }
  return { errors };
}

// ---------- labels ----------

/** 'YYYY-MM-DD' → 'dd.mm.yyyy' (behaviour.md#public-site). */
export const dotted = dottedDate;

const monthName = new Intl.DateTimeFormat('tr-TR', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A revenue bucket's name: the day, the week from its Monday, or the month. */
export function bucketLabel(start: string, bucket: ReportBucket): string {
  if (bucket === 'month') return monthName.format(new Date(`${start}T00:00:00Z`));
  if (bucket === 'week') return `${dotted(start)} haftası`;
  return dotted(start);
}

/** The wire's weekday number (1 = Monday … 7 = Sunday) as the panel names it. */
export const WEEKDAY_NAMES = ['Pazartesi', 'Salı', 'Çarşamba', 'Perşembe', 'Cuma', 'Cumartesi', 'Pazar'] as const;
export const weekdayName = (n: number) => WEEKDAY_NAMES[n - 1] ?? '';

const moneyFormat = new Intl.NumberFormat('tr-TR', {
  style: 'currency',
  currency: 'TRY',
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});
/** TL with kuruş only when there are any: a report sums what was charged, to the kuruş. */
export const money = (tl: number) => moneyFormat.format(tl);

const percentFormat = new Intl.NumberFormat('tr-TR', { maximumFractionDigits: 1 });
/** A share as '%42,5' (Turkish puts the sign first); null when there is nothing to share. */
export function percent(part: number, whole: number): string | null {
  if (whole <= 0) return null;
  return `%${percentFormat.format((part / whole) * 100)}`;
}
/** The share as a number to one decimal (exports), or null. */
export const share = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : null);

// ---------- occupancy ----------

export interface HeatCell {
  weekday: number;
  hour: string;
  generated: number;
  booked: number;
  /** 0…1, or null when no slot was generated there. */
  share: number | null;
  /** 0 (empty) … 4 (three quarters or more booked): the tint. */
  level: 0 | 1 | 2 | 3 | 4;
}

export function heatLevel(share: number | null): HeatCell['level'] {
  if (share === null || share <= 0) return 0;
  if (share < 0.25) return 1;
  if (share < 0.5) return 2;
  if (share < 0.75) return 3;
  return 4;
}

/**
 * The heatmap's rows (each hour that had a slot, in the order of a business day: an overnight pitch's hours after
 * midnight follow the late evening, as in the calendar) × Monday…Sunday.
 */
export function heatGrid(cells: ReportWire['occupancy']['cells']): {
  hours: string[];
  rows: HeatCell[][];
  /** Per row: an hour after midnight of its business day (played on the next calendar day). */
  night: boolean[];
} {
  const hours = businessHourOrder(cells.map((c) => c.hour));
  const at = new Map(cells.map((c) => [`${c.weekday}|${c.hour}`, c]));
  const rows = hours.map((hour) =>
    [1, 2, 3, 4, 5, 6, 7].map((weekday) => {
      const c = at.get(`${weekday}|${hour}`);
      const generated = c?.generated ?? 0;
      const booked = c?.booked ?? 0;
      const s = generated > 0 ? booked / generated : null;
      return { weekday, hour, generated, booked, share: s, level: heatLevel(s) };
    }),
  );
  return { hours, rows, night: hours.map((h) => h < hours[0]) };
}

/** Whether the range holds anything at all to report. */
export function isEmptyReport(r: ReportWire): boolean {
  return r.occupancy.generated === 0 && Object.values(r.statuses).every((n) => n === 0);
}
