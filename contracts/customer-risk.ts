// The customer rules of behaviour.md#states-and-transitions, #constants-and-limits, written once: the server computes every list row and detail with them (and builds
// the SQL of the warningsOnly filter and the warning count from the same thresholds); the panel only shows the result.
import { daysBetween } from './dates';

/**
 * Every customer, subscriber or not, is normal, caution, warning or critical by consecutive cancellations: one level that
 * the screen, the warnings filter and count and every export read (the risk label is the same level in the reports'
 * words). 'none' is kept for older answers only.
 */
export const WARNING_LEVELS = ['none', 'normal', 'caution', 'warning', 'critical'] as const;
export type WarningLevel = (typeof WARNING_LEVELS)[number];
export const WARNING_LABELS: Record<WarningLevel, string> = {
  none: 'Normal',
  normal: 'Normal',
  caution: 'Dikkat',
  warning: 'Uyarı',
  critical: 'Kritik',
};

/**
 * Consecutive cancellations at which each level (and each risk label) starts. The server counts the run over bookings
 * already decided (cancelled, rejected, expired) or whose hour has passed: a pending or approved booking still ahead
 * neither counts nor ends it. A cancellation counts 1 and a no-show (an approved booking staff marked 'Gelmedi')
 * NO_SHOW_WEIGHT; a booking marked 'Geldi', or approved and past without a mark, ends the run, as does a rejected or
 * expired one. The stored figure (customer_stats.consecutive_cancellations) is this weighted run: the screen, the
 * warnings filter and count and every export read it.
 */
export const RISK_THRESHOLDS = { caution: 2, warning: 3, critical: 5 } as const;

/** A no-show weighs more than a cancellation in the run: one alone puts a customer at Dikkat (migration 0025's triggers). */
export const NO_SHOW_WEIGHT = 2;

/** A customer 'with a warning' (warningsOnly, meta.summary.warningCount, the risk report): at caution or above. */
export const WARNING_MIN_CONSECUTIVE = RISK_THRESHOLDS.caution;

export function warningLevel(consecutiveCancellations: number): WarningLevel {
  if (consecutiveCancellations >= RISK_THRESHOLDS.critical) return 'critical';
  if (consecutiveCancellations >= RISK_THRESHOLDS.warning) return 'warning';
  if (consecutiveCancellations >= RISK_THRESHOLDS.caution) return 'caution';
  return 'normal';
}

export const RISK_LABELS = ['KRİTİK', 'YÜKSEK', 'ORTA', 'DÜŞÜK'] as const;
export type RiskLabel = (typeof RISK_LABELS)[number];

/** The warning level in the reports' words: DÜŞÜK = Normal, ORTA = Dikkat, YÜKSEK = Uyarı, KRİTİK = Kritik. */
export const RISK_OF_LEVEL: Record<WarningLevel, RiskLabel> = {
  none: 'DÜŞÜK',
  normal: 'DÜŞÜK',
  caution: 'ORTA',
  warning: 'YÜKSEK',
  critical: 'KRİTİK',
};

/** behaviour.md#states-and-transitions risk label, read from the one warning level so the screen and the exports can never disagree. */
export const riskLabel = (consecutiveCancellations: number): RiskLabel =>
  RISK_OF_LEVEL[warningLevel(consecutiveCancellations)];

/** behaviour.md#constants-and-limits: 100 − 2 × cancellation % − 10 × consecutive cancellations + 0.5 × approval %, at least 0, rounded. */
export function customerScore(
  cancellationRate: number,
  consecutiveCancellations: number,
  approvalRate: number,
): number {
  return Math.max(0, Math.round(100 - 2 * cancellationRate - 10 * consecutiveCancellations + 0.5 * approvalRate));
}

/** behaviour.md#constants-and-limits: approved ÷ total as a rounded percentage (0 without bookings). */
export const successRate = (approved: number, total: number) => (total > 0 ? Math.round((approved / total) * 100) : 0);

/** behaviour.md#constants-and-limits: the approval-rate arrow is green from this percentage on. */
export const APPROVAL_RATE_GOOD = 80;

/** Report 'risk' (behaviour.md#constants-and-limits): 2 or more consecutive cancellations, the customers with a warning. */
export const RISK_REPORT_MIN_CONSECUTIVE = WARNING_MIN_CONSECUTIVE;

/** behaviour.md#states-and-transitions activity by days since the last booking (Istanbul today): active ≤ 30, inactive 31–60, dormant > 60. */
export const ACTIVITY_STATUSES = ['active', 'inactive', 'dormant'] as const;
export type ActivityStatus = (typeof ACTIVITY_STATUSES)[number];
export const ACTIVITY_LABELS: Record<ActivityStatus, string> = {
  active: 'Aktif',
  inactive: 'Pasif',
  dormant: 'Uykuda',
};
export const ACTIVE_DAYS = 30;
export const INACTIVE_DAYS = 60;

/** A booking still ahead counts as 0 days ago; a customer without bookings is dormant. */
export function activityStatus(lastBookingDate: string | null, today: string): ActivityStatus {
  if (!lastBookingDate) return 'dormant';
  const days = daysBetween(lastBookingDate, today);
  if (days <= ACTIVE_DAYS) return 'active';
  if (days <= INACTIVE_DAYS) return 'inactive';
  return 'dormant';
}

/** behaviour.md#constants-and-limits: loyalty months count 30 days each. */
export const LOYALTY_MONTH_DAYS = 30;

/**
 * Months a customer has been booking: the span from the first to the last booking date in 30-day months, at least 1.
 * averageBookingsPerMonth = total ÷ this, one decimal.
 */
export function loyaltyMonths(firstBookingDate: string | null, lastBookingDate: string | null): number {
  if (!firstBookingDate || !lastBookingDate) return 1;
  return Math.max(1, daysBetween(firstBookingDate, lastBookingDate) / LOYALTY_MONTH_DAYS);
}

export const averageBookingsPerMonth = (total: number, first: string | null, last: string | null) =>
  Math.round((total / loyaltyMonths(first, last)) * 10) / 10;
