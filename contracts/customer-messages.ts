// The messages staff send a customer by WhatsApp click-to-chat (docs/behaviour.md#bookings 'Messages to the customer'):
// rendered here from the booking's facts alone, so the panel and the server say the same thing. Staff press send in
// WhatsApp themselves; nothing is sent by the product. No zod here: the panel imports the labels.
import { istanbulToday, trLongDate } from './dates';
import { tlText } from './events';
import { realStart } from './slot-start';

/** Which message, in the order the panel offers them. */
export const CUSTOMER_MESSAGES = ['deposit_due', 'approved', 'reminder', 'rejected', 'cancelled'] as const;
export type CustomerMessage = (typeof CUSTOMER_MESSAGES)[number];

export const CUSTOMER_MESSAGE_LABELS: Record<CustomerMessage, string> = {
  deposit_due: 'Kapora hatırlatması',
  approved: 'Onay mesajı',
  reminder: 'Maç hatırlatması',
  rejected: 'Ret mesajı',
  cancelled: 'İptal mesajı',
};

/** What a message may say about one booking (money in kuruş, instants in ms). */
export interface CustomerMessageFacts {
  siteName: string;
  customerName: string;
  bookingNumber: string;
  status: 'pending' | 'approved' | 'rejected' | 'cancelled' | 'expired';
  isSubscriber: boolean;
  facilityName: string;
  address: string | null;
  mapLink: string | null;
  bankName: string | null;
  recipientName: string | null;
  depositIban: string | null;
  /** The business date and hours of the slot, and the real start instant (an after-midnight start is the next day). */
  date: string;
  startTime: string;
  endTime: string;
  startsAt: number;
  totalPrice: number;
  depositAmount: number;
  collected: number;
  /** The payment status the payment rows give (contracts/payments.ts): a refunded or kept deposit is said so. */
  paymentStatus: 'pending' | 'paid' | 'full' | 'refunded' | 'kept';
  expiresAt: number | null;
  rejectionReason: string | null;
  cancellationReason: string | null;
  /** Who cancelled a cancelled booking: the venue's staff, or the customer (or the system). */
  cancelledByVenue: boolean;
  /** The tracking page's address (the number is in the message; the address never carries it). */
  trackingUrl: string;
}

/** The messages that fit the booking as it is now (none once its phone was erased: the caller gives no facts then). */
export function messagesFor(f: CustomerMessageFacts, now: number): CustomerMessage[] {
  const ahead = f.startsAt > now;
  switch (f.status) {
    case 'pending':
      return f.depositAmount > 0 && f.collected === 0 && !f.isSubscriber && ahead ? ['deposit_due'] : [];
    case 'approved':
      return ahead ? ['approved', 'reminder'] : [];
    case 'rejected':
      return ['rejected'];
    case 'cancelled':
      return ['cancelled'];
    case 'expired':
      return [];
  }
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? '';
/** An instant's Istanbul wall-clock time, 'HH:MM' (UTC+3 all year). */
const clock = (ms: number) => new Date(ms + 3 * 3_600_000).toISOString().slice(11, 16);

/** '27 Kasım 2026 Cuma, 00:30–01:30': the real calendar day of the start, and the hours. */
export function whenText(f: Pick<CustomerMessageFacts, 'date' | 'startTime' | 'endTime' | 'startsAt'>): string {
  const start = realStart(f);
  return `${trLongDate(start.calendarDate)}, ${start.time}–${f.endTime.slice(0, 5)}`;
}

/** What is still to pay at the pitch: the total less the money already received. */
const balance = (f: CustomerMessageFacts) => Math.max(f.totalPrice - f.collected, 0);

const lines = (...parts: (string | null | false)[]) => parts.filter((p): p is string => Boolean(p)).join('\n');

function whereLines(f: Pick<CustomerMessageFacts, 'address' | 'mapLink'>) {
  return [f.address ? `Adres: ${f.address}` : null, f.mapLink ? `Harita: ${f.mapLink}` : null];
}

/** What happened to the money of a booking that will not be played, as the payment rows say. */
function moneyBack(f: CustomerMessageFacts): string | null {
  if (f.paymentStatus === 'refunded') return 'Ödemeniz iade edildi.';
  if (f.paymentStatus === 'kept') return 'Alınan kapora iptal koşulları gereği iade edilmeyecek.';
  return f.collected > 0 ? `Gönderdiğiniz ${tlText(f.collected)} için sizinle iletişime geçeceğiz.` : null;
}

/** The message's text, as the customer reads it in WhatsApp. */
export function customerMessageText(kind: CustomerMessage, f: CustomerMessageFacts): string {
  const hello = `Merhaba ${firstName(f.customerName)},`;
  const booking = `${f.facilityName} · ${whenText(f)}`;
  const number = `Rezervasyon no: ${f.bookingNumber}`;
  const track = `Takip: ${f.trackingUrl}`;
  const sign = f.siteName;
  switch (kind) {
    case 'deposit_due': {
      const deadline =
        f.expiresAt === null
          ? null
          : `Rezervasyonunuz şu saate kadar tutuluyor: ${trLongDate(istanbulToday(f.expiresAt))} ${clock(f.expiresAt)}.`;
      return lines(
        hello,
        `${booking} rezervasyonunuz için ${tlText(f.depositAmount)} kapora bekliyoruz.`,
        f.depositIban ? `IBAN: ${f.depositIban}` : null,
        f.bankName ? `Banka: ${f.bankName}` : null,
        f.recipientName ? `Alıcı: ${f.recipientName}` : null,
        `Açıklama: ${f.bookingNumber}`,
        deadline,
        track,
        sign,
      );
    }
    case 'approved':
      return lines(
        hello,
        `${booking} rezervasyonunuz onaylandı.`,
        ...whereLines(f),
        balance(f) > 0 ? `Kalan ${tlText(balance(f))} sahada ödenir.` : 'Ödemeniz tamamlandı.',
        number,
        track,
        sign,
      );
    case 'reminder':
      return lines(
        hello,
        `Maç hatırlatması: ${booking}.`,
        ...whereLines(f),
        balance(f) > 0 ? `Kalan ${tlText(balance(f))} sahada ödenir.` : null,
        number,
        sign,
      );
    case 'rejected':
      return lines(
        hello,
        `${booking} rezervasyonunuz onaylanamadı.`,
        f.rejectionReason ? `Neden: ${f.rejectionReason}` : null,
        moneyBack(f),
        number,
        sign,
      );
    case 'cancelled':
      return lines(
        hello,
        f.cancelledByVenue
          ? `${booking} rezervasyonunuz saha tarafından iptal edildi.`
          : `${booking} rezervasyonunuzun iptali işlendi.`,
        f.cancellationReason ? `Neden: ${f.cancellationReason}` : null,
        moneyBack(f),
        number,
        sign,
      );
  }
}

// ---------- a subscription's messages (Abonelikler) ----------

export const SUBSCRIPTION_MESSAGES = ['subscription_created', 'renewal_due'] as const;
export type SubscriptionMessage = (typeof SUBSCRIPTION_MESSAGES)[number];

export const SUBSCRIPTION_MESSAGE_LABELS: Record<SubscriptionMessage, string> = {
  subscription_created: 'Abonelik bilgileri',
  renewal_due: 'Yenileme hatırlatması',
};

/** Renewal is due while 1 or 2 approved weeks are still ahead (docs/behaviour.md#constants-and-limits). */
export const RENEWAL_DUE_WEEKS = 2;
/** At most this many weeks are listed by number; the calendar feed holds them all. */
export const LISTED_WEEKS = 20;

export interface SubscriptionMessageFacts {
  siteName: string;
  customerName: string;
  facilityName: string;
  address: string | null;
  mapLink: string | null;
  /** The weekly hour as a person reads it ('Salı 21:00', or with the business night after midnight). */
  weekly: string;
  /** The subscription's live weeks still ahead, in order. */
  weeks: Pick<CustomerMessageFacts, 'bookingNumber' | 'date' | 'startTime' | 'endTime' | 'startsAt'>[];
  /** The live calendar feed's address, when staff made one. */
  feedUrl: string | null;
  trackingUrl: string;
}

/** The messages that fit the subscription now: its details while weeks are ahead, the renewal when 1–2 are left. */
export function subscriptionMessagesFor(f: SubscriptionMessageFacts): SubscriptionMessage[] {
  if (f.weeks.length === 0) return [];
  return f.weeks.length <= RENEWAL_DUE_WEEKS ? ['subscription_created', 'renewal_due'] : ['subscription_created'];
}

export function subscriptionMessageText(kind: SubscriptionMessage, f: SubscriptionMessageFacts): string {
  const hello = `Merhaba ${firstName(f.customerName)},`;
  const last = f.weeks.at(-1);
  switch (kind) {
    case 'subscription_created': {
      const listed = f.weeks.slice(0, LISTED_WEEKS);
      const more = f.weeks.length - listed.length;
      return lines(
        hello,
        `${f.facilityName} aboneliğiniz: her ${f.weekly}.`,
        'Rezervasyon numaralarınız:',
        ...listed.map((w) => `• ${whenText(w)}: ${w.bookingNumber}`),
        more > 0 ? `… ve ${more} hafta daha (hepsi takvim bağlantısında).` : null,
        f.feedUrl ? `Takvim bağlantınız (bütün haftalar takviminize eklenir): ${f.feedUrl}` : null,
        `Bir haftayı görmek ya da iptal etmek için numarasıyla: ${f.trackingUrl}`,
        ...whereLines(f),
        f.siteName,
      );
    }
    case 'renewal_due':
      return lines(
        hello,
        `${f.facilityName} her ${f.weekly} aboneliğinizin son ${f.weeks.length} haftası kaldı${last ? ` (son maç: ${whenText(last)})` : ''}.`,
        'Devam etmek isterseniz bu mesaja yanıt verin; aynı saati sizin için ayıralım.',
        f.siteName,
      );
  }
}
