// Price rules per pitch (Fiyatlandırma): the one pricing engine, shared by slot generation and re-pricing on
// the server and by the panel's preview grid, so the preview shows exactly the prices the server will write.
//
// A rule matches a slot when every condition it sets holds: the slot's business day lies in [dateFrom, dateTo] (either
// end open), its weekday is one of `days`, and its start time lies in [startTime, endTime) (an end at or before the
// start runs past midnight, e.g. 18:00–02:00; no times means the whole day). Of the active rules that match, the one
// with the highest priority sets the price; on equal priority a rule bounded by dates wins over an open one (a bayram
// price over the usual evening price), and then the rule listed first. A fixed rule sets the hour's price; a
// percentage rule moves the pitch's hourly price up or down, rounded to whole lira. Rules never stack: one rule, one
// price, which a pitch owner can predict from the list.
import { minutesOfTime } from './slot-plan';
import type { WeekDay } from './wire/facility';

export const PRICE_RULES_MAX = 50;
export const PRICE_RULE_NAME_MAX = 60;
export const PRICE_PERCENT_MIN = -90;
export const PRICE_PERCENT_MAX = 300;
/** Kuruş, like every stored amount: 100,000 TL, the pitch form's ceiling for the hourly price. */
export const PRICE_FIXED_MAX = 10_000_000;

export type PriceAdjustment = 'fixed' | 'percent';

/** A rule as the engine reads it: amounts in kuruş for `fixed`, whole percent for `percent`. */
export interface PriceRuleLike {
  isActive: boolean;
  days: readonly WeekDay[];
  dateFrom: string | null;
  dateTo: string | null;
  startTime: string | null;
  endTime: string | null;
  adjustment: PriceAdjustment;
  amount: number;
  priority: number;
}

const WEEKDAY_BY_INDEX: readonly WeekDay[] = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
];

/** The weekday of an ISO business day (the calendar date; Istanbul has no DST, so no time zone enters). */
export const weekDayOf = (date: string): WeekDay => WEEKDAY_BY_INDEX[new Date(`${date}T00:00:00Z`).getUTCDay()];

/** Whether a start time lies in [start, end); an end at or before the start wraps past midnight. */
export function inHours(time: string, start: string | null, end: string | null): boolean {
  if (start === null || end === null) return true;
  const t = minutesOfTime(time);
  const s = minutesOfTime(start);
  const e = minutesOfTime(end);
  return e > s ? t >= s && t < e : t >= s || t < e;
}

export function ruleMatches(rule: PriceRuleLike, date: string, startTime: string): boolean {
  if (!rule.isActive) return false;
  if (rule.dateFrom !== null && date < rule.dateFrom) return false;
  if (rule.dateTo !== null && date > rule.dateTo) return false;
  if (!rule.days.includes(weekDayOf(date))) return false;
  return inHours(startTime, rule.startTime, rule.endTime);
}

const dated = (r: PriceRuleLike) => r.dateFrom !== null || r.dateTo !== null;

/** The index of the rule that prices this slot, or -1 when none matches (the pitch's hourly price then). */
export function winningRule(rules: readonly PriceRuleLike[], date: string, startTime: string): number {
  let best = -1;
  for (let i = 0; i < rules.length; i++) {
    const r = rules[i];
    if (!ruleMatches(r, date, startTime)) continue;
    if (best === -1) {
      best = i;
      continue;
    }
    const b = rules[best];
    if (r.priority > b.priority || (r.priority === b.priority && dated(r) && !dated(b))) best = i;
  }
  return best;
}

/** Applies one rule to the hourly price (kuruş); a percentage lands on whole lira and never below 1 TL. */
export function applyRule(hourlyPrice: number, rule: Pick<PriceRuleLike, 'adjustment' | 'amount'>): number {
  if (rule.adjustment === 'fixed') return rule.amount;
  const moved = (hourlyPrice * (100 + rule.amount)) / 100;
  return Math.max(100, Math.round(moved / 100) * 100);
}

/** A slot's price in kuruş and the index of the rule that set it (-1: the pitch's hourly price). */
export function priceFor(
  hourlyPrice: number,
  rules: readonly PriceRuleLike[],
  date: string,
  startTime: string,
): { price: number; rule: number } {
  const rule = winningRule(rules, date, startTime);
  return { price: rule === -1 ? hourlyPrice : applyRule(hourlyPrice, rules[rule]), rule };
}
