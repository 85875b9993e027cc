// Pure rules of the tracking page (behaviour.md#public-site 'Booking tracking', #states-and-transitions Booking status, #error-messages): labels, the rejection reason,
// the phone input, the subscriber figures, filters and sorting. No DOM, no network.
import type { InferResponseType } from 'hono/client';
import {
  type BookingStatus,
  bookingStatus,
  PAYMENT_STATUSES,
  type PaymentStatus,
} from '../../../contracts/booking-statuses';
import { cancelTooLate } from '../../../contracts/cancel-window';
import { PAYMENT_STATUS_LABELS } from '../../../contracts/payments';
import type { client } from './api';

export type TrackedBooking = InferResponseType<
  (typeof client.api.bookings.track)[':bookingNumber']['$get'],
  200
>['data'];
/** A booking found by phone: masked number, 'Barış A.', no e-mail or notes (the full number opens and cancels it). */
export type PhoneListedBooking = InferResponseType<
  (typeof client.api.bookings)['track-by-phone'][':phone']['$get'],
  200
>['data'][number];

// ---------- status ----------

// The status labels live with the statuses, so the history's labels (contracts/events.ts) read the same words.
export { bookingStatus, STATUS_LABELS, statusLabel } from '../../../contracts/booking-statuses';

/** The derived payment status in words (contracts/payments.ts); 'pending' reads 'Ödeme Bekliyor' where a deposit is due. */
export const PAYMENT_LABELS: Record<PaymentStatus, string> = { ...PAYMENT_STATUS_LABELS, pending: 'Ödeme Bekliyor' };

export function paymentStatus(status: string | null | undefined): PaymentStatus {
  return (PAYMENT_STATUSES as readonly string[]).includes(status ?? '') ? (status as PaymentStatus) : 'pending';
}

/**
 * Payment as it really stands, for every tracking and panel view, derived from the booking's payment rows (the
 * server's paymentStatus): kapora received, all paid, refunded, a deposit kept are said as such; a live booking that
 * owes a deposit is 'Ödeme Bekliyor'; one that owes nothing (a subscriber, a ₺0 deposit) is 'Ödeme yok'; a booking
 * that ended (cancelled, rejected, expired) without money shows '—'.
 */
export type PaymentState = 'paid' | 'full' | 'refunded' | 'kept' | 'awaiting' | 'none-due' | 'none';
export interface PaymentFacts {
  status: string;
  paymentStatus: string | null | undefined;
  depositAmount: number;
  isSubscriber: boolean;
}

export const PAYMENT_STATE_LABELS: Record<PaymentState, { label: string; spoken: string }> = {
  paid: { label: PAYMENT_LABELS.paid, spoken: PAYMENT_LABELS.paid },
  full: { label: PAYMENT_LABELS.full, spoken: PAYMENT_LABELS.full },
  refunded: { label: PAYMENT_LABELS.refunded, spoken: PAYMENT_LABELS.refunded },
  kept: { label: PAYMENT_LABELS.kept, spoken: PAYMENT_LABELS.kept },
  awaiting: { label: PAYMENT_LABELS.pending, spoken: PAYMENT_LABELS.pending },
  'none-due': { label: 'Ödeme yok', spoken: 'Ödeme yok, kapora alınmaz' },
  none: { label: '—', spoken: 'Ödeme alınmadı' },
};

export function paymentState(b: PaymentFacts): PaymentState {
  const p = paymentStatus(b.paymentStatus);
  if (p !== 'pending') return p;
  if (isEnded(b.status)) return 'none';
  return b.isSubscriber || b.depositAmount <= 0 ? 'none-due' : 'awaiting';
}

// ---------- customer cancel ----------

/** The server's rule (behaviour.md#bookings): a live booking that starts at least 24 hours from now, unless an admin changed it. */
export const CANCEL_NOTICE_MS = 24 * 3_600_000;

/**
 * The booking's real start instant: the server's startsAt, else its date and start time in Europe/Istanbul (UTC+3, no
 * daylight saving; behaviour.md#time-money-and-identity).
 */
export function startInstant(b: { startsAt?: string | null; date: string; startTime: string }): number {
  const own = b.startsAt ? Date.parse(b.startsAt) : NaN;
  if (Number.isFinite(own)) return own;
  return Date.parse(`${b.date}T${b.startTime.slice(0, 5)}:00+03:00`);
}

export type CancelOption = { kind: 'hidden' } | { kind: 'allowed' } | { kind: 'too-late'; reason: string };

/**
 * Whether the tracking page offers the customer cancel (behaviour.md#states-and-transitions, behaviour.md#bookings): not at all for an ended or past booking; shown
 * but disabled, with the server's reason, inside the last 24 hours; allowed otherwise.
 */
export function cancelOption(
  b: { status: string; isPast: boolean; startsAt?: string | null; date: string; startTime: string },
  now = Date.now(),
  /** The window an admin set on /yonetim/ayarlar; the page hands it over from the server. */
  windowHours = 24,
): CancelOption {
  const s = bookingStatus(b.status);
  if ((s !== 'pending' && s !== 'approved') || b.isPast) return { kind: 'hidden' };
  const start = startInstant(b);
  if (start <= now) return { kind: 'hidden' };
  return start - now >= windowHours * 3_600_000
    ? { kind: 'allowed' }
    : { kind: 'too-late', reason: cancelTooLate(windowHours) };
}

// ---------- rejection reason ----------

const REJECTION_LABEL = /Red nedeni:[ \t]*([^\r\n]*)/i;

/** The rejection reason from its own field, else from notes after 'Red nedeni:' up to the end of that line (behaviour.md#public-site). */
export function rejectionReason(b: { rejectionReason?: string | null; notes?: string | null }): string | null {
  const own = b.rejectionReason?.trim();
  if (own) return own;
  const found = b.notes?.match(REJECTION_LABEL)?.[1]?.trim();
  return found || null;
}

/** The notes without the staff's 'Red nedeni:' line (that line is shown as the rejection reason). */
export function customerNotes(notes: string | null | undefined): string | null {
  const rest = (notes ?? '')
    .split(/\r?\n/)
    .filter((line) => !/Red nedeni:/i.test(line))
    .join('\n')
    .trim();
  return rest || null;
}

// ---------- phone input ----------

// The search form's own rules live in ./tracking-lookup (the page's first load); the views import them from here.
export { displayPhone, isAlreadyProcessed, phoneDigits, phoneForLookup } from './tracking-lookup';

// ---------- subscriber figures ----------

type Figures = { status: string };

export interface Counters {
  total: number;
  approved: number;
  pending: number;
  cancelled: number;
  upcoming: number;
}

/** 'cancelled' counts every booking that ended without a game: cancelled, rejected (a staff cancel) or expired. */
export const isEnded = (status: string) => ['cancelled', 'rejected', 'expired'].includes(bookingStatus(status));

export function counters(list: Array<Figures & { isPast: boolean }>): Counters {
  const c: Counters = { total: list.length, approved: 0, pending: 0, cancelled: 0, upcoming: 0 };
  for (const b of list) {
    const s = bookingStatus(b.status);
    if (s === 'approved') c.approved++;
    else if (s === 'pending') c.pending++;
    else c.cancelled++;
    if (!b.isPast && (s === 'approved' || s === 'pending')) c.upcoming++;
  }
  return c;
}

/** Approved divided by total, as a rounded percentage; 0 for no bookings. */
export function successRate(list: Figures[]): number {
  if (!list.length) return 0;
  return Math.round((list.filter((b) => bookingStatus(b.status) === 'approved').length / list.length) * 100);
}

const DAY_MS = 86_400_000;

/** The first booking's instant (its creation, else its date), or null. */
function firstBooking(list: Array<{ createdAt?: string | null; date: string }>): number | null {
  let first = Infinity;
  for (const b of list) {
    const t = Date.parse(b.createdAt ?? '') || Date.parse(b.date + 'T00:00:00+03:00');
    if (t < first) first = t;
  }
  return Number.isFinite(first) ? first : null;
}

/**
 * The subscription's length in words (behaviour.md#public-site: months of 30 days): months from 30 days on, weeks from 7, days below
 * that, so weeks of history never read '0 ay'.
 */
export function loyaltyText(list: Array<{ createdAt?: string | null; date: string }>, now = Date.now()): string {
  const first = firstBooking(list);
  const days = first === null || first > now ? 0 : Math.floor((now - first) / DAY_MS);
  if (days >= 30) return `${Math.floor(days / 30)} ay`;
  if (days >= 7) return `${Math.floor(days / 7)} hafta`;
  return days === 0 ? 'Bugün başladı' : `${days} gün`;
}

// ---------- filter and sort ----------

export type StatusFilter = 'all' | 'pending' | 'approved' | 'cancelled';
export type SortKey = 'date' | 'status' | 'facility';
export type SortDir = 'asc' | 'desc';
export interface ListOptions {
  status: StatusFilter;
  facility: string;
  sort: SortKey;
  dir: SortDir;
}
export const DEFAULT_LIST: ListOptions = { status: 'all', facility: 'all', sort: 'date', dir: 'desc' };

type Listed = { status: string; date: string; startTime: string; facility: { name: string } };

export function facilityNames(list: Listed[]): string[] {
  return [...new Set(list.map((b) => b.facility.name))].sort((a, b) => a.localeCompare(b, 'tr'));
}

function matchesStatus(status: string, filter: StatusFilter): boolean {
  if (filter === 'all') return true;
  if (filter === 'cancelled') return isEnded(status);
  return bookingStatus(status) === filter;
}

const STATUS_ORDER: Record<BookingStatus, number> = { pending: 0, approved: 1, rejected: 2, cancelled: 3, expired: 4 };
const when = (b: Listed) => `${b.date} ${b.startTime}`;

export function filterAndSort<T extends Listed>(list: T[], o: ListOptions): T[] {
  const sign = o.dir === 'asc' ? 1 : -1;
  const compare = (a: T, b: T): number => {
    let d = 0;
    if (o.sort === 'status') d = STATUS_ORDER[bookingStatus(a.status)] - STATUS_ORDER[bookingStatus(b.status)];
    else if (o.sort === 'facility') d = a.facility.name.localeCompare(b.facility.name, 'tr');
    // Ties (and the date sort itself) fall back to the date and time.
    return d !== 0 ? d * sign : when(a).localeCompare(when(b)) * sign;
  };
  return list
    .filter((b) => matchesStatus(b.status, o.status) && (o.facility === 'all' || b.facility.name === o.facility))
    .sort(compare);
}
