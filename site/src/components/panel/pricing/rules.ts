// Pure rules of the Fiyatlandırma screen: a rule as the form edits it, its one-line summary, presets, and
// the week grid of the preview, all computed with the server's own engine (contracts/pricing.ts) and slot plan
// (contracts/slot-plan.ts). No DOM, no network.
import { addDays } from '../../../../../contracts/dates';
import { WEEK_DAY_LABELS, WEEK_DAYS } from '../../../../../contracts/facility-form';
import { type PriceRuleLike, priceFor, weekDayOf } from '../../../../../contracts/pricing';
import {
  type PriceRuleInput,
  type PriceRulesWire,
  type PriceRuleWire,
  priceRuleInput,
} from '../../../../../contracts/pricing-form';
import { slotMinutes, timeOfMinutes } from '../../../../../contracts/slot-plan';
import type { WeekDay } from '../../../../../contracts/wire/facility';
import { tl } from '../../../lib/format';
import { shortDate } from '../subscriptions/rules';

/** A rule while it is edited: text fields as typed; `key` tells list rows apart before the server numbers them. */
export interface RuleDraft {
  key: string;
  name: string;
  isActive: boolean;
  days: WeekDay[];
  dateFrom: string;
  dateTo: string;
  allDay: boolean;
  startTime: string;
  endTime: string;
  adjustment: 'fixed' | 'percent';
  amount: string;
  priority: string;
  note: string;
}

let keySeq = 0;
const newKey = () => `kural-${++keySeq}`;

export const WEEKDAYS_ONLY: WeekDay[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'];
export const WEEKEND: WeekDay[] = ['saturday', 'sunday'];

export function emptyDraft(): RuleDraft {
  return {
    key: newKey(),
    name: '',
    isActive: true,
    days: [...WEEK_DAYS],
    dateFrom: '',
    dateTo: '',
    allDay: true,
    startTime: '18:00',
    endTime: '00:00',
    adjustment: 'fixed',
    amount: '',
    priority: '0',
    note: '',
  };
}

/** Quick starts a pitch owner meets every week: the floodlit evening, the weekend and a public holiday. */
export const PRESETS: ReadonlyArray<{ label: string; make: () => RuleDraft }> = [
  {
    label: 'Akşam (ışıklı) saatleri',
    make: () => ({ ...emptyDraft(), name: 'Akşam (ışıklı)', allDay: false, startTime: '18:00', endTime: '00:00' }),
  },
  {
    label: 'Hafta sonu',
    make: () => ({ ...emptyDraft(), name: 'Hafta sonu', days: [...WEEKEND], adjustment: 'percent', amount: '20' }),
  },
  {
    label: 'Bayram / resmi tatil',
    make: () => ({ ...emptyDraft(), name: 'Resmi tatil', adjustment: 'percent', amount: '25', priority: '10' }),
  },
];

export function draftFromWire(r: PriceRuleWire): RuleDraft {
  return {
    key: newKey(),
    name: r.name,
    isActive: r.isActive,
    days: r.days,
    dateFrom: r.dateFrom ?? '',
    dateTo: r.dateTo ?? '',
    allDay: r.startTime === null,
    startTime: r.startTime ?? '18:00',
    endTime: r.endTime ?? '00:00',
    adjustment: r.adjustment,
    amount: String(r.amount).replace('.', ','),
    priority: String(r.priority),
    note: r.note ?? '',
  };
}

/** What the draft sends: empty becomes null, a Turkish decimal comma becomes a point. */
export function draftBody(d: RuleDraft) {
  return {
    name: d.name,
    isActive: d.isActive,
    days: d.days,
    dateFrom: d.dateFrom || null,
    dateTo: d.dateTo || null,
    startTime: d.allDay ? null : d.startTime || null,
    endTime: d.allDay ? null : d.endTime || null,
    adjustment: d.adjustment,
    amount: d.amount.trim() === '' ? Number.NaN : Number(d.amount.trim().replace(/\./g, '').replace(',', '.')),
    priority: d.priority.trim() === '' ? 0 : Number(d.priority.trim()),
    note: d.note,
  };
}

/** The draft checked by the server's own schema: the parsed rule, or a Turkish message per field. */
export function checkDraft(d: RuleDraft): { rule: PriceRuleInput } | { errors: Record<string, string> } {
  const parsed = priceRuleInput.safeParse(draftBody(d));
  if (parsed.success) return { rule: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'name');
    errors[field] ??= issue.message;
  }
  return { errors };
}

/** The engine's view of a valid draft: amounts in kuruş. Invalid drafts price nothing. */
export function engineRules(drafts: RuleDraft[]): PriceRuleLike[] {
  const out: PriceRuleLike[] = [];
  for (const d of drafts) {
    const checked = checkDraft(d);
    if (!('rule' in checked)) continue;
    const r = checked.rule;
    out.push({ ...r, amount: r.adjustment === 'fixed' ? Math.round(r.amount * 100) : r.amount });
  }
  return out;
}

export function daysLabel(days: readonly WeekDay[]): string {
  if (days.length === 7) return 'Her gün';
  const is = (set: WeekDay[]) => days.length === set.length && set.every((d) => days.includes(d));
  if (is(WEEKDAYS_ONLY)) return 'Hafta içi';
  if (is(WEEKEND)) return 'Hafta sonu';
  return WEEK_DAYS.filter((d) => days.includes(d))
    .map((d) => WEEK_DAY_LABELS[d])
    .join(', ');
}

export function hoursLabel(start: string | null, end: string | null): string {
  if (start === null || end === null) return 'Tüm gün';
  return `${start}–${end}${end <= start && end !== '00:00' ? ' (ertesi gün)' : ''}`;
}

export function datesLabel(from: string | null, to: string | null): string | null {
  if (from && to) return from === to ? shortDate(from) : `${shortDate(from)} – ${shortDate(to)}`;
  if (from) return `${shortDate(from)} itibarıyla`;
  if (to) return `${shortDate(to)} tarihine kadar`;
  return null;
}

export function effectLabel(adjustment: 'fixed' | 'percent', amount: number): string {
  if (adjustment === 'fixed') return `Sabit ${tl(amount)}`;
  return amount > 0 ? `%${amount} zamlı` : `%${-amount} indirimli`;
}

/** One line a pitch owner reads at a glance: 'Her gün · 18:00–00:00 · Sabit 2.000 ₺'. */
export function ruleSummary(r: PriceRuleInput): string {
  return [
    daysLabel(r.days),
    hoursLabel(r.startTime, r.endTime),
    datesLabel(r.dateFrom, r.dateTo),
    effectLabel(r.adjustment, r.amount),
  ]
    .filter(Boolean)
    .join(' · ');
}

export interface PreviewCell {
  date: string;
  /** TL */
  price: number | null;
  /** The name of the rule that set the price, or null for the hourly price (or a closed hour). */
  ruleName: string | null;
}

/**
 * The preview grid of the week from `monday`: one row per start time any day has (overnight starts after the evening),
 * one cell per day; a day without that hour has a null price.
 */
export function previewWeek(
  facility: PriceRulesWire['facility'],
  drafts: RuleDraft[],
  monday: string,
): { dates: string[]; rows: Array<{ time: string; cells: PreviewCell[] }> } {
  const dates = Array.from({ length: 7 }, (_, i) => addDays(monday, i));
  const valid = drafts.filter((d) => 'rule' in checkDraft(d));
  const rules = engineRules(valid);
  const hourly = Math.round(facility.hourlyPrice * 100);
  const perDay = dates.map((date) => new Set(slotMinutes(facility, weekDayOf(date)).map((s) => s.start)));
  const starts = [...new Set(perDay.flatMap((s) => [...s]))].sort((a, b) => a - b);
  const rows = starts.map((start) => {
    const time = timeOfMinutes(start);
    const cells = dates.map((date, i): PreviewCell => {
      if (!perDay[i].has(start)) return { date, price: null, ruleName: null };
      const { price, rule } = priceFor(hourly, rules, date, time);
      return { date, price: price / 100, ruleName: rule === -1 ? null : valid[rule].name.trim() };
    });
    return { time, cells };
  });
  return { dates, rows };
}
