// What staff send about a booking's money (behaviour.md#bookings 'Payments'): a payment row, its reversal, the kapora
// received with an approval, and the refund-or-keep decision on a cancel. TL in on the wire, integer kuruş stored.
import { z } from 'zod';
import { numeric, optionalText } from './common';
import {
  PAYMENT_KIND_LABELS,
  PAYMENT_KINDS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type PaymentKind,
  type PaymentMethod,
} from './payments';

/** A payment row's amount at most (TL): no pitch booking costs more; a typo of extra zeros is refused. */
export const PAYMENT_MAX_TL = 1_000_000;
export const PAYMENT_NOTE_MAX = 300;
export const REVERSE_REASON_MIN = 3;
export const REVERSE_REASON_MAX = 300;

/** Kuruş as whole TL the way tr-TR writes it: '₺1.200' ('₺1.250,50' with kuruş). */
export function tlAmountText(kurus: number): string {
  const abs = Math.abs(kurus);
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const rest = abs % 100;
  return `${kurus < 0 ? '-' : ''}₺${whole}${rest ? `,${String(rest).padStart(2, '0')}` : ''}`;
}

export const paymentMsg = {
  kindRequired: 'Ödeme türünü seçin',
  amountRequired: 'Tutarı girin',
  amountPositive: 'Tutar sıfırdan büyük olmalı',
  amountKurus: 'Tutar en fazla iki ondalık basamak (kuruş) içerebilir',
  amountTooLarge: `Tutar en fazla ${tlAmountText(PAYMENT_MAX_TL * 100)} olabilir`,
  methodRequired: 'Ödeme yöntemini seçin',
  noteTooLong: `Not en fazla ${PAYMENT_NOTE_MAX} karakter olabilir`,
  reverseReasonRequired: `Geri alma gerekçesi en az ${REVERSE_REASON_MIN} karakter olmalı`,
  reverseReasonTooLong: `Geri alma gerekçesi en fazla ${REVERSE_REASON_MAX} karakter olabilir`,
  approveOnlyReceipt: 'Onaylama yalnızca kapora ya da kalan ödeme kaydıyla birlikte yapılabilir',
  decisionRequired: 'Kapora için iade ya da tutma seçin',
  receiptNotLive: 'Kapora ve kalan ödeme yalnızca bekleyen ya da onaylı rezervasyona kaydedilebilir',
  receiptNoShow: 'Gelmeyen müşteriden ödeme kaydedilemez; alınan kaporayı tutabilir ya da iade edebilirsiniz',
  overCollected: (totalKurus: number, collectedKurus: number) =>
    `Alınan toplam, rezervasyon tutarını (${tlAmountText(totalKurus)}) aşamaz; şu ana kadar ${tlAmountText(collectedKurus)} alındı`,
  nothingCollected: 'Bu rezervasyon için alınmış bir ödeme yok',
  refundTooMuch: (availableKurus: number) => `İade, alınan tutarı (${tlAmountText(availableKurus)}) aşamaz`,
  keptTooMuch: (availableKurus: number) => `Tutulan kapora, alınan tutarı (${tlAmountText(availableKurus)}) aşamaz`,
  keptNotEnded:
    'Kapora yalnızca iptal edilen, reddedilen, süresi dolan ya da müşterinin gelmediği rezervasyonda tutulabilir',
  paymentNotFound: 'Ödeme kaydı bulunamadı',
  alreadyReversed: 'Bu ödeme kaydı zaten geri alınmış',
  reversalOfReversal: 'Bir geri alma kaydı geri alınamaz; gerekiyorsa yeni bir ödeme kaydı ekleyin',
  reversalBreaks: 'Bu kayıt geri alınırsa alınan tutar eksiye düşer; önce sonraki iade ya da tutma kaydını geri alın',
} as const;

/** TL with at most two decimals, positive, under the maximum (a number or its text). */
export const amountTl = numeric(
  z
    .number({ error: paymentMsg.amountRequired })
    .positive(paymentMsg.amountPositive)
    .max(PAYMENT_MAX_TL, paymentMsg.amountTooLarge)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, paymentMsg.amountKurus),
);

const method = z.enum(PAYMENT_METHODS, { error: paymentMsg.methodRequired });

/** POST /api/bookings/:id/payments: one row; `approve` approves a pending booking in the same step. */
export const recordPaymentSchema = z
  .object({
    kind: z.enum(PAYMENT_KINDS, { error: paymentMsg.kindRequired }),
    amount: amountTl,
    method: method.nullish(),
    note: optionalText(PAYMENT_NOTE_MAX, paymentMsg.noteTooLong),
    approve: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.kind !== 'kept' && !v.method)
      ctx.addIssue({ code: 'custom', path: ['method'], message: paymentMsg.methodRequired });
    if (v.approve && v.kind !== 'deposit' && v.kind !== 'balance')
      ctx.addIssue({ code: 'custom', path: ['approve'], message: paymentMsg.approveOnlyReceipt });
  })
  .transform((v) => ({ ...v, method: v.kind === 'kept' ? null : (v.method ?? null), approve: v.approve ?? false }));
export type RecordPaymentInput = z.infer<typeof recordPaymentSchema>;

/** POST /api/bookings/:id/payments/:paymentId/reverse. */
export const reversePaymentSchema = z.object({
  reason: z
    .string({ error: paymentMsg.reverseReasonRequired })
    .trim()
    .min(REVERSE_REASON_MIN, paymentMsg.reverseReasonRequired)
    .max(REVERSE_REASON_MAX, paymentMsg.reverseReasonTooLong),
});

/** Approve's optional kapora: it arrived, this much, this way; recorded in the approval's batch. */
export const approveDepositSchema = z.object({ amount: amountTl, method });
export type ApproveDeposit = z.infer<typeof approveDepositSchema>;

/** Reject's and staff cancel's optional decision about money already collected: refund it (how) or keep it. */
export const depositDecisionSchema = z
  .object({ action: z.enum(['refund', 'keep'], { error: paymentMsg.decisionRequired }), method: method.nullish() })
  .superRefine((v, ctx) => {
    if (v.action === 'refund' && !v.method)
      ctx.addIssue({ code: 'custom', path: ['method'], message: paymentMsg.methodRequired });
  })
  .transform((v) => ({ action: v.action, method: v.action === 'refund' ? (v.method ?? null) : null }));
export type DepositDecisionInput = z.infer<typeof depositDecisionSchema>;

const HOUR_MS = 3_600_000;

/** What the deposit rule looks at on a booking: how it ended and when. */
export interface DepositRuleBooking {
  status: 'pending' | 'approved' | 'rejected' | 'cancelled' | 'expired';
  attendance?: string | null;
  /** The real start instant and the cancel instant, ms. */
  startsAt: number;
  cancelledAt: number | null;
}

/**
 * The deposit rule of Ayarlar (behaviour.md#bookings 'Payments'): a received deposit is kept by default when the
 * customer did not come, or the booking was cancelled less than `keepHours` before its start; refunded by default
 * otherwise (and always when the venue rejected it or the hold lapsed). `at` is the cancel's instant when it has not
 * happened yet (the panel asks before cancelling). Staff still decide each case.
 */
export function suggestDeposit(
  b: DepositRuleBooking,
  keepHours: number,
  at: number = b.cancelledAt ?? Date.now(),
): { suggested: 'refund' | 'keep'; reason: string } {
  if (b.attendance === 'no_show') return { suggested: 'keep', reason: 'Müşteri gelmedi: kural gereği kapora tutulur' };
  if (b.status === 'rejected') return { suggested: 'refund', reason: 'Rezervasyon reddedildi: kapora iade edilir' };
  if (b.status === 'expired') return { suggested: 'refund', reason: 'Onay süresi doldu: kapora iade edilir' };
  const when = b.status === 'cancelled' ? (b.cancelledAt ?? at) : at;
  if (b.startsAt - when < keepHours * HOUR_MS)
    return {
      suggested: 'keep',
      reason: `Başlangıca ${keepHours} saatten az kala iptal: kural gereği kapora tutulur`,
    };
  return {
    suggested: 'refund',
    reason: `Başlangıca ${keepHours} saat ya da daha fazla varken iptal: kural gereği kapora iade edilir`,
  };
}

/** The one-line history text of a payment row: 'Kapora alındı · ₺500 · Havale/EFT'. */
export function paymentLine(kind: PaymentKind, amountKurus: number, method: PaymentMethod | null): string {
  return [PAYMENT_KIND_LABELS[kind], tlAmountText(Math.abs(amountKurus)), method ? PAYMENT_METHOD_LABELS[method] : null]
    .filter(Boolean)
    .join(' · ');
}
