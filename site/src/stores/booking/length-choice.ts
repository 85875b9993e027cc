// The lengths offered from a tapped start (docs/behaviour.md#match-length), with their prices and, for those that do
// not fit, the reason; the deposit of a length. Loaded with the chooser and the form, off the pitch page's first load.
import { depositFor, fittingLengths, offeredLengths, slotsIn, startAllowed } from '../../../../contracts/match-length';
import type { BookingFacility, Slot } from './facility';
import { lengthRules, slotLine, startsOf } from './length';
import { hhmm } from './slot-time';

export interface LengthOption {
  minutes: number;
  /** Whether a match of this length can be booked from the start now. */
  fits: boolean;
  /** TL: the covered slots' own prices added up (only when it fits). */
  price: number;
  /** HH:MM the match would end (only when it fits). */
  endTime: string;
  /** Why it does not fit, in words; null when it does. */
  why: string | null;
}

export interface LengthChoice {
  options: LengthOption[];
  /** Why no match may start here at all (a half-hour start on a pitch that starts on the hour), or null. */
  startProblem: string | null;
}

/** What the chooser offers from `start`: every length the pitch offers, those that do not fit with the reason. */
export function lengthChoice(
  f: BookingFacility,
  start: Slot,
  all: Record<string, Slot[]>,
  now = Date.now(),
): LengthChoice {
  const rules = lengthRules(f);
  const line = slotLine(all);
  const i = line.findIndex((s) => s.documentId === start.documentId);
  const free = line.map((s) => ({ startsAt: startsOf(s), free: s.state === 'available' && startsOf(s) > now }));
  const fits = i === -1 ? [] : fittingLengths(rules, free, i, hhmm(start.startTime));
  const startProblem = startAllowed(rules, hhmm(start.startTime))
    ? null
    : `Bu saatte maç başlamaz: maçlar ${rules.startTimeOffset === 'half_hour' ? 'buçuklu saatlerde (…:30)' : 'tam saatlerde (…:00)'} başlar.`;
  const step = (rules.bookingTimeType === 'hourly' ? 60 : 30) * 60_000;
  const options = offeredLengths(rules).map((minutes): LengthOption => {
    const n = slotsIn(rules, minutes);
    const span = line.slice(i, i + n);
    if (i !== -1 && fits.includes(minutes))
      return {
        minutes,
        fits: true,
        price: span.reduce((sum, s) => sum + s.price, 0),
        endTime: hhmm(span[span.length - 1].endTime),
        why: null,
      };
    let why = startProblem ?? 'Bu saat artık müsait değil';
    if (!startProblem && i !== -1 && free[i].free) {
      for (let k = 1; k < n; k++) {
        const next = line[i + k];
        if (!next || startsOf(next) !== startsOf(line[i + k - 1]) + step) {
          why = 'Kapanış saatine sığmıyor';
          break;
        }
        if (!free[i + k].free) {
          why = `${hhmm(next.startTime)} dolu`;
          break;
        }
      }
    }
    return { minutes, fits: false, price: 0, endTime: '', why };
  });
  return { options, startProblem };
}

/** The length a tapped start gets first: the shortest that fits there, or null when none does. */
export const firstFit = (c: LengthChoice) => c.options.find((o) => o.fits)?.minutes ?? null;

/** The pitch's deposit for a match of `minutes`, TL (per booking, or per hour when the pitch says so; counted in kuruş). */
export const depositOf = (f: BookingFacility, minutes: number) =>
  depositFor({ depositPerHour: f.depositPerHour ?? false, depositAmount: Math.round(f.depositAmount * 100) }, minutes) /
  100;

/** '20:00–21:30': the match's range from its first slot to its last. */
export const spanTime = (span: Pick<Slot, 'startTime' | 'endTime'>[]) =>
  span.length ? `${hhmm(span[0].startTime)}–${hhmm(span[span.length - 1].endTime)}` : '';
