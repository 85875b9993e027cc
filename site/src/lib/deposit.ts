// The deposit box's rules (behaviour.md#public-site 'Tracking'): when a deposit is due, until when the hold lasts in
// words ('Saat 21:35'e kadar'), and what is left to pay at the pitch. No DOM, no network.
import { istanbulToday } from '../../../contracts/dates';
import { trCalendarDay } from '../../../contracts/slot-start';

export interface DepositFacts {
  status: string;
  paymentStatus?: string | null;
  depositAmount: number;
  totalPrice: number;
  isSubscriber: boolean;
}

/** A deposit is due while the booking is pending, owes one (not a subscriber, more than ₺0) and nothing is received. */
export const depositDue = (b: DepositFacts) =>
  b.depositAmount > 0 && !b.isSubscriber && b.status === 'pending' && (b.paymentStatus ?? 'pending') === 'pending';

/** What is paid at the pitch after the deposit: the total less the deposit, never below zero. */
export const balanceAtPitch = (b: Pick<DepositFacts, 'totalPrice' | 'depositAmount'>) =>
  Math.max(0, b.totalPrice - b.depositAmount);

const ONES = ['sıfır', 'bir', 'iki', 'üç', 'dört', 'beş', 'altı', 'yedi', 'sekiz', 'dokuz'];
const TENS = ['', 'on', 'yirmi', 'otuz', 'kırk', 'elli'];

/** The last word a Turk says reading the number (0–59): 35 'otuz beş' → 'beş', 40 → 'kırk', 0 → 'sıfır'. */
const lastWord = (n: number) => (n % 10 !== 0 || n === 0 ? ONES[n % 10] : TENS[Math.floor(n / 10)]);

/** The dative ending of a word by vowel harmony: 'beş' → 'e', 'dokuz' → 'a', 'iki' → 'ye', 'altı' → 'ya'. */
function dative(word: string): string {
  const vowels = word.match(/[aeıioöuü]/g) ?? ['e'];
  const last = vowels[vowels.length - 1];
  const ending = 'aıou'.includes(last) ? 'a' : 'e';
  return /[aeıioöuü]$/.test(word) ? `y${ending}` : ending;
}

/** "21:35'e", "21:30'a", "22:00'ye" (read 'yirmi iki'), "09:06'ya". */
export function clockDative(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number);
  return `${hhmm}'${dative(lastWord(m === 0 ? h : m))}`;
}

/** 'HH:MM' of an instant in Istanbul (UTC+3 all year, behaviour.md#time-money-and-identity). */
function istanbulClock(at: number): string {
  const d = new Date(at + 3 * 3_600_000);
  return `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
}

/**
 * Until when the hold lasts: "Saat 21:35'e kadar" today, "27 Kasım Cuma saat 00:15'e kadar" on another day; null
 * without a known instant.
 */
export function holdUntilText(expiresAt: string | null | undefined, now = Date.now()): string | null {
  const at = expiresAt ? Date.parse(expiresAt) : Number.NaN;
  if (!Number.isFinite(at)) return null;
  const clock = clockDative(istanbulClock(at));
  const day = istanbulToday(at);
  return day === istanbulToday(now)
    ? `Saat ${clock} kadar`
    : `${trCalendarDay(day, { year: false })} saat ${clock} kadar`;
}
