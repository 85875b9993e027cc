import type { BookingStatus, PaymentStatus } from '../../../../contracts/bookings';
import { bookingStatus, paymentStatus, PAYMENT_LABELS, STATUS_LABELS } from '../../lib/tracking';
import { BanIcon, CheckIcon, ClockIcon, HourglassIcon, UndoIcon, WalletIcon, XIcon } from '../tracking/icons';

// The panel's badges (02 §4): a word and an icon shape on every badge, so the status never depends on colour alone.
// Text tones are the 900/100 steps on 50/950 grounds: AA in the light and the dark theme.
const base = 'inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap';

const statusTone: Record<BookingStatus, string> = {
  pending: 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100',
  approved: 'border-turf-300 bg-turf-50 text-turf-900 dark:border-turf-700 dark:bg-turf-950 dark:text-turf-100',
  rejected: 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100',
  cancelled: 'border-slate-300 bg-slate-100 text-slate-800 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100',
  expired: 'border-slate-300 bg-slate-100 text-slate-800 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100',
};
const statusIcon = { pending: ClockIcon, approved: CheckIcon, rejected: XIcon, cancelled: BanIcon, expired: HourglassIcon };

/** A booking status; an unknown status reads as pending (02 §4). */
export function StatusBadge({ status }: { status: string }) {
  const s = bookingStatus(status);
  const Icon = statusIcon[s];
  return (
    <span className={`${base} ${statusTone[s]}`} data-status={s}>
      <Icon className="h-3.5 w-3.5" />
      {STATUS_LABELS[s]}
    </span>
  );
}

const paymentTone: Record<PaymentStatus, string> = {
  pending: 'border-amber-300 bg-white text-amber-900 dark:border-amber-700 dark:bg-slate-900 dark:text-amber-100',
  paid: 'border-turf-300 bg-white text-turf-900 dark:border-turf-700 dark:bg-slate-900 dark:text-turf-100',
  refunded: 'border-sky-300 bg-white text-sky-900 dark:border-sky-700 dark:bg-slate-900 dark:text-sky-100',
};
const paymentIcon = { pending: WalletIcon, paid: CheckIcon, refunded: UndoIcon };

/** A payment status: Ödeme Bekliyor, Ödendi, İade Edildi (02 §4); unknown reads as pending. */
export function PaymentBadge({ status }: { status: string }) {
  const s = paymentStatus(status);
  const Icon = paymentIcon[s];
  return (
    <span className={`${base} ${paymentTone[s]}`} data-payment-status={s}>
      <Icon className="h-3.5 w-3.5" />
      {PAYMENT_LABELS[s]}
    </span>
  );
}
