import type { BookingStatus } from '../../../../contracts/bookings';
import {
  bookingStatus,
  PAYMENT_STATE_LABELS,
  type PaymentFacts,
  type PaymentState,
  paymentState,
  STATUS_LABELS,
} from '../../lib/tracking';
import {
  BanIcon,
  CheckIcon,
  ClockIcon,
  CrownIcon,
  HistoryIcon,
  HourglassIcon,
  UndoIcon,
  WalletIcon,
  XIcon,
} from './icons';

// The same badges on the tracking page and in the panel (behaviour.md#states-and-transitions). Every badge carries a word and an icon shape, so the
// status never depends on colour alone.
const base = 'inline-flex items-center gap-1.5 rounded-full border px-2.5 py-1 text-xs font-semibold whitespace-nowrap';

const statusTone: Record<BookingStatus, string> = {
  pending: 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100',
  approved: 'border-turf-300 bg-turf-50 text-turf-900 dark:border-turf-700 dark:bg-turf-950 dark:text-turf-100',
  rejected: 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100',
  cancelled: 'border-slate-300 bg-slate-100 text-slate-800 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100',
  expired:
    'border-orange-300 bg-orange-50 text-orange-900 dark:border-orange-800 dark:bg-orange-950 dark:text-orange-100',
};
const statusIcon = {
  pending: ClockIcon,
  approved: CheckIcon,
  rejected: XIcon,
  cancelled: BanIcon,
  expired: HourglassIcon,
};

export function StatusBadge({ status }: { status: string }) {
  const s = bookingStatus(status);
  const Icon = statusIcon[s];
  return (
    <span className={`${base} ${statusTone[s]}`} data-status={s}>
      <Icon className="h-3.5 w-3.5" />
      <span>
        <span className="sr-only">Durum: </span>
        {STATUS_LABELS[s]}
      </span>
    </span>
  );
}

const paymentTone: Record<PaymentState, string> = {
  awaiting: 'border-amber-300 bg-white text-amber-900 dark:border-amber-700 dark:bg-slate-900 dark:text-amber-100',
  paid: 'border-turf-300 bg-white text-turf-900 dark:border-turf-700 dark:bg-slate-900 dark:text-turf-100',
  full: 'border-turf-400 bg-turf-50 text-turf-900 dark:border-turf-600 dark:bg-turf-950 dark:text-turf-100',
  refunded: 'border-sky-300 bg-white text-sky-900 dark:border-sky-700 dark:bg-slate-900 dark:text-sky-100',
  kept: 'border-violet-300 bg-white text-violet-900 dark:border-violet-700 dark:bg-slate-900 dark:text-violet-100',
  'none-due': 'border-slate-300 bg-white text-slate-800 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100',
  none: 'border-slate-300 bg-white text-slate-800 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100',
};
const paymentIcon = {
  awaiting: WalletIcon,
  paid: CheckIcon,
  full: CheckIcon,
  refunded: UndoIcon,
  kept: WalletIcon,
  'none-due': WalletIcon,
  none: WalletIcon,
};

/** The payment state that is true for the booking (lib/tracking paymentState): tracking and the panel alike. */
export function PaymentBadge({ booking }: { booking: PaymentFacts }) {
  const s: PaymentState = paymentState(booking);
  const Icon = paymentIcon[s];
  const { label, spoken } = PAYMENT_STATE_LABELS[s];
  return (
    <span className={`${base} ${paymentTone[s]}`} data-payment-status={s}>
      <Icon className="h-3.5 w-3.5" />
      <span className="sr-only">Ödeme: {spoken}</span>
      <span aria-hidden="true">{label}</span>
    </span>
  );
}

export function PastTag() {
  return (
    <span
      className={`${base} border-slate-300 bg-slate-100 text-slate-800 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100`}
    >
      <HistoryIcon className="h-3.5 w-3.5" />
      Geçmiş Rezervasyon
    </span>
  );
}

/** Subscriber or not, in words with the crown (booking details on the tracking page and in the panel). */
export function SubscriberMark({ isSubscriber }: { isSubscriber: boolean }) {
  if (!isSubscriber) return <>Abone değil</>;
  return (
    <span className="inline-flex items-center gap-1 font-semibold text-amber-800 dark:text-amber-200">
      <CrownIcon /> Abone
    </span>
  );
}
