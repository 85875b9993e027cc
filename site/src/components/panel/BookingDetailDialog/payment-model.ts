// The booking detail's money, as staff read and record it (behaviour.md#bookings 'Payments'): the labels, the form's
// checks and the deposit question of approve, reject and cancel. No DOM, no network.
import {
  PAYMENT_MAX_TL,
  PAYMENT_NOTE_MAX,
  paymentMsg,
  REVERSE_REASON_MAX,
  REVERSE_REASON_MIN,
  suggestDeposit,
} from '../../../../../contracts/payment-input';
import {
  PAYMENT_KIND_LABELS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type PaymentKind,
  type PaymentMethod,
} from '../../../../../contracts/payments';
import type { BookingDetail } from './model';

export type PaymentRow = BookingDetail['payments'][number];

export const METHOD_OPTIONS = PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }));
export const KIND_OPTIONS = (['deposit', 'balance', 'refund', 'kept'] as const).map((k) => ({
  value: k,
  label: PAYMENT_KIND_LABELS[k],
}));
export { PAYMENT_KIND_LABELS, PAYMENT_METHOD_LABELS, PAYMENT_NOTE_MAX, REVERSE_REASON_MAX };

/** '₺1.250' or '₺1.250,50': the amount typed, as a person reads it. */
export function tlText(amount: number): string {
  const kurus = Math.round(Math.abs(amount) * 100);
  const whole = String(Math.floor(kurus / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const rest = kurus % 100;
  return `${amount < 0 ? '-' : ''}₺${whole}${rest ? `,${String(rest).padStart(2, '0')}` : ''}`;
}

/** A typed amount ('500', '1.250', '99,90') as TL, or null when it is not one. */
export function parseAmount(text: string): number | null {
  const t = text.trim().replace(/\s|₺/g, '');
  if (!/^\d{1,3}(\.\d{3})*(,\d{1,2})?$|^\d+(,\d{1,2})?$|^\d+\.\d{1,2}$/.test(t)) return null;
  const normal = /,/.test(t) || /^\d{1,3}(\.\d{3})+$/.test(t) ? t.replace(/\./g, '').replace(',', '.') : t;
  const n = Number(normal);
  return Number.isFinite(n) ? n : null;
}

/** The amount field's message, or null when it is valid (the server checks the same). */
export function amountError(text: string): string | null {
  if (!text.trim()) return paymentMsg.amountRequired;
  const n = parseAmount(text);
  if (n === null) return paymentMsg.amountKurus;
  if (n <= 0) return paymentMsg.amountPositive;
  if (n > PAYMENT_MAX_TL) return paymentMsg.amountTooLarge;
  return null;
}

export function reverseReasonError(text: string): string | null {
  const t = text.trim();
  if (t.length < REVERSE_REASON_MIN) return paymentMsg.reverseReasonRequired;
  if (t.length > REVERSE_REASON_MAX) return paymentMsg.reverseReasonTooLong;
  return null;
}

/** What a new row of `kind` most likely is: the kapora, the rest of the total, or all that is held. */
export function defaultAmount(b: BookingDetail, kind: PaymentKind): number {
  if (kind === 'deposit') return Math.max(0, Math.min(b.depositAmount, b.balanceDue));
  if (kind === 'balance') return b.balanceDue;
  return held(b);
}

/** TL held (collected less kept): what a refund or keep may take. */
export function held(b: BookingDetail): number {
  const kept = b.payments.filter((p) => p.kind === 'kept').reduce((s, p) => s + p.amount, 0);
  return Math.max(0, Math.round((b.collected - kept) * 100) / 100);
}

/** Approving a booking whose kapora is due and not yet recorded asks whether it arrived. */
export const depositDue = (b: BookingDetail) => !b.isSubscriber && b.depositAmount > 0 && b.collected <= 0;

/** The rule's suggestion for a reject or cancel about to happen now, and why (the deposit rule of Ayarlar). */
export function decisionFor(b: BookingDetail, kind: 'reject' | 'cancel', now = Date.now()) {
  return suggestDeposit(
    {
      status: kind === 'reject' ? 'rejected' : 'cancelled',
      attendance: (b as { attendance?: string | null }).attendance ?? null,
      startsAt: Date.parse(b.startsAt),
      cancelledAt: null,
    },
    b.depositKeepHours,
    now,
  );
}

/** The rule in words, as Ayarlar sets it. */
export const ruleText = (hours: number) =>
  `Kural (Ayarlar): başlangıca ${hours} saatten az kala iptal edilen ya da gelinmeyen rezervasyonun kaporası tutulur; diğerlerinde iade edilir.`;

export type { PaymentKind, PaymentMethod };
