// The lengths offered from a tapped start (docs/behaviour.md#match-length), with their prices and, for those that do
// not fit, the reason; the deposit of a length. Loaded with the chooser and the form, off the pitch page's first load.
import {
  depositFor,
  fittingLengths,
  type MatchLengthSettings,
  offeredLengths,
  slotsIn,
  startAllowed,
} from '../../../../contracts/match-length';
import { $facility, type BookingFacility, type Slot } from './facility';
import { $length, $selected, pickStart, selectSlot } from './flow';
import { $coveredKey, choosesLength } from './length';
import { hhmm } from './slot-time';
import { $slots } from './slots';

/** The pitch's length rules, with today's behaviour (one slot a booking) for a pitch that names none. */
export const lengthRules = (f: BookingFacility): MatchLengthSettings => ({
  bookingTimeType: f.bookingTimeType ?? 'hourly',
  startTimeOffset: f.startTimeOffset ?? 'full_hour',
  matchLengths: f.matchLengths ?? [],
  halfHourStarts: f.halfHourStarts ?? true,
  depositPerHour: f.depositPerHour ?? false,
});

export const lengthsOf = (f: BookingFacility) => offeredLengths(lengthRules(f));

/** Every loaded slot in real start order: an overnight pitch's hours run on into the next business day's. */
export function slotLine(all: Record<string, Slot[]>): Slot[] {
  return Object.keys(all)
    .sort()
    .flatMap((d) => all[d]);
}

export const startsOf = (s: Slot) => Date.parse(s.startsAt);

/** The slots a match of `minutes` from `start` covers, as loaded now (whatever their state); [] when unknown. */
export function spanOf(f: BookingFacility, start: Slot, minutes: number | null, all: Record<string, Slot[]>): Slot[] {
  const line = slotLine(all);
  const i = line.findIndex((s) => s.documentId === start.documentId);
  if (i === -1) return [];
  const n = minutes ? slotsIn(lengthRules(f), minutes) : 1;
  return Number.isInteger(n) && n >= 1 ? line.slice(i, i + n) : [];
}

/** The shortest length that fits from `start` now, or null when none does (contracts/match-length.ts decides). */
export function firstFitFrom(f: BookingFacility, start: Slot, all: Record<string, Slot[]>, now = Date.now()) {
  const line = slotLine(all);
  const i = line.findIndex((s) => s.documentId === start.documentId);
  if (i === -1) return null;
  const free = line.map((s) => ({ startsAt: startsOf(s), free: s.state === 'available' && startsOf(s) > now }));
  return fittingLengths(lengthRules(f), free, i, hhmm(start.startTime))[0] ?? null;
}

/** A start tapped on a pitch offering several lengths (or one longer than a slot): chosen, the lengths offered under it. */
export function tapWithLengths(slot: Slot) {
  const f = $facility.get();
  if (!f) return selectSlot(slot);
  const first = firstFitFrom(f, slot, $slots.get());
  if (!choosesLength(f) && first !== null) selectSlot(slot, first, false);
  else pickStart(slot, first);
}

/** Keeps the calendar's highlight of the covered slots ($coveredKey) with the choice and the slots as they change. */
function coverChosen() {
  const f = $facility.get();
  const start = $selected.get();
  const length = $length.get();
  const span = f && start && length ? spanOf(f, start, length, $slots.get()) : [];
  $coveredKey.set(
    span.length > 1 && span.every((s) => s.state === 'available')
      ? span
          .slice(1)
          .map((s) => s.documentId)
          .join(' ')
      : '',
  );
}
for (const store of [$facility, $selected, $length, $slots]) store.listen(coverChosen);
coverChosen();

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
