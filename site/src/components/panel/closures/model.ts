// 'Kapat' as staff fill it in (docs/behaviour.md#closures): the window's values and checks, each hit's decision, and
// what the screens write about a closure. No DOM, no network.

import { closureMsg, closureWindowSchema } from '../../../../../contracts/closure-input';
import {
  CLOSURE_NOTE_MAX,
  CLOSURE_REASONS,
  type ClosureDecisionWire,
  type ClosureHitWire,
  type ClosureReason,
  closureReasonLabel,
} from '../../../../../contracts/closures';
import { tlAmountText } from '../../../../../contracts/payment-input';
import type { PaymentMethod } from '../../../../../contracts/payments';
import type { ClosureWindowBody } from '../../../lib/closures-api';

export { alternativeText, calendarDayText, countsText, rangeText, windowText } from './texts';
export { CLOSURE_NOTE_MAX, closureMsg, closureReasonLabel, tlAmountText };

export const REASON_OPTIONS = CLOSURE_REASONS.map((r) => ({ value: r, label: closureReasonLabel[r] }));

export interface WindowValues {
  facilities: string[];
  from: string;
  to: string;
  wholeDay: boolean;
  startTime: string;
  endTime: string;
  reason: ClosureReason;
  note: string;
}

/** What 'Kapat' opens with: the calendar's shortcut fills the pitch and the day shown. */
export interface ClosePrefill {
  facilities?: string[];
  date?: string;
}

export const initialWindow = (today: string, prefill: ClosePrefill = {}): WindowValues => ({
  facilities: prefill.facilities ?? [],
  from: prefill.date ?? today,
  to: prefill.date ?? today,
  wholeDay: true,
  startTime: '',
  endTime: '',
  reason: 'weather',
  note: '',
});

export type WindowErrors = Partial<Record<'facilities' | 'from' | 'to' | 'startTime' | 'endTime' | 'note', string>>;

export const bodyOf = (v: WindowValues): ClosureWindowBody => ({
  facilities: v.facilities,
  from: v.from,
  to: v.to,
  startTime: v.wholeDay ? null : v.startTime || null,
  endTime: v.wholeDay ? null : v.endTime || null,
  reason: v.reason,
  note: v.note.trim(),
});

/** The same checks as the worker's (contracts/closure-input.ts), by field; empty when the window may be previewed. */
export function validateWindow(v: WindowValues): WindowErrors {
  const errors: WindowErrors = {};
  if (!v.wholeDay && (!v.startTime || !v.endTime)) errors[v.startTime ? 'endTime' : 'startTime'] = closureMsg.timesBoth;
  if (!v.from) errors.from = closureMsg.dateRequired;
  if (!v.to) errors.to = closureMsg.dateRequired;
  const parsed = closureWindowSchema.safeParse(bodyOf(v));
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? '') as keyof WindowErrors;
      if (['facilities', 'from', 'to', 'startTime', 'endTime', 'note'].includes(key)) errors[key] ??= issue.message;
    }
  return errors;
}

/** Staff's choice for one hit while they decide; a move needs its target picked. */
export type Choice =
  | { action: 'cancel'; deposit: 'refund' | 'keep'; method: PaymentMethod }
  | { action: 'move'; date: string; toSlot: string | null };

export const cancelChoice = (h: ClosureHitWire): Choice => ({
  action: 'cancel',
  deposit: h.suggestedDeposit,
  method: 'transfer',
});
export const moveChoice = (h: ClosureHitWire): Choice => ({ action: 'move', date: h.date, toSlot: null });

/** The decisions the confirmation sends, or the bookings still undecided (a move without its target is undecided). */
export function decisionsOf(
  hits: ClosureHitWire[],
  choices: Record<string, Choice | undefined>,
): { decisions: ClosureDecisionWire[]; missing: string[] } {
  const decisions: ClosureDecisionWire[] = [];
  const missing: string[] = [];
  for (const h of hits) {
    const c = choices[h.booking];
    if (!c || (c.action === 'move' && !c.toSlot)) missing.push(h.booking);
    else if (c.action === 'move') decisions.push({ booking: h.booking, action: 'move', toSlot: c.toSlot as string });
    else if (h.collectedKurus > 0)
      decisions.push({
        booking: h.booking,
        action: 'cancel',
        deposit: c.deposit,
        method: c.deposit === 'refund' ? c.method : null,
      });
    else decisions.push({ booking: h.booking, action: 'cancel' });
  }
  return { decisions, missing };
}

/** After a fresh preview: the choices of the hits still there are kept, the rest dropped. */
export const keepChoices = (hits: ClosureHitWire[], choices: Record<string, Choice | undefined>) =>
  Object.fromEntries(hits.filter((h) => choices[h.booking]).map((h) => [h.booking, choices[h.booking]]));

/** 'Kapora ₺500 · alınan ₺500' (no deposit asked: 'Kapora yok'). */
export function depositText(h: Pick<ClosureHitWire, 'depositKurus' | 'collectedKurus'>): string {
  if (h.depositKurus <= 0 && h.collectedKurus <= 0) return 'Kapora yok';
  return `Kapora ${tlAmountText(h.depositKurus)} · alınan ${tlAmountText(h.collectedKurus)}`;
}
