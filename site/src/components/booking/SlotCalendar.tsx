import { useStore } from '@nanostores/react';
import { type CSSProperties, lazy, memo, Suspense, useDeferredValue, useMemo } from 'react';
import { closureTexts } from '../../../../contracts/closures';
import { datesOf, monthEnd, monthStart, weekdayIndex } from '../../../../contracts/dates';
import { publicMsg as msg } from '../../../../contracts/public-texts';
import {
  nightOf,
  realStart,
  tl,
  trDateRange,
  trDateWithDay,
  trDayMonth,
  trDayShort,
  trMonth,
  trWeekdayShort,
} from '../../lib/format';
import {
  $calendar,
  $horizon,
  $renderedAt,
  $today,
  type CalendarView,
  canStepBack,
  canStepForward,
  rangeOf,
  rangeProblem,
} from '../../stores/booking/calendar';
import { $facility, type Slot } from '../../stores/booking/facility';
import { $length, $selected, $waitFor, tapTaken, waitable } from '../../stores/booking/flow';
import { $coveredKey, choosesLength, tapSlot } from '../../stores/booking/length';
import { $live } from '../../stores/booking/live';
import { goToday, setCustomRange, setMonthDay, setView, step } from '../../stores/booking/navigate';
import { expectedDay } from '../../stores/booking/placeholder';
import { hhmm, slotMinutes, slotTime } from '../../stores/booking/slot-time';
import { $loadedRange, $slots, $slotsStatus, loadSlots } from '../../stores/booking/slots';
import { SLOTS_FAILED } from '../../stores/booking/texts';
import { peerFocusRing } from '../ui/focus';
import { CheckIcon, ChevronLeftIcon, ChevronRightIcon, ClockIcon, CrownSolidIcon, LockIcon } from '../ui/icons';
import { LiveBadge } from '../ui/LiveBadge';
import { Action } from './Action';

/** The held slot's accessible words (contracts/waitlist.ts waitlistTexts.held), kept here: the first load stays small. */
export const HELD_TEXT = 'Bekleme listesindeki bir oyuncuya ayrıldı';

const VIEWS: { id: CalendarView; label: string; unit: string }[] = [
  { id: 'daily', label: 'Günlük', unit: 'gün' },
  { id: 'weekly', label: 'Haftalık', unit: 'hafta' },
  { id: 'monthly', label: 'Aylık', unit: 'ay' },
  { id: 'custom', label: 'Özel Aralık', unit: '' },
];

// The lengths offered from a tapped start: a small chunk of its own, loaded on the first tap (or the first touch of the
// flow) on a pitch offering several lengths (docs/performance.md 'Budgets').
const LengthChooser = lazy(() => import('./LengthChooser'));
// 'Boşalınca haber ver' under a tapped taken hour (docs/behaviour.md#waitlist): through the form's chunk, which the first
// touch of the flow fetches anyway, so the first load lists no chunks of its own for it.
const WaitlistJoin = lazy(() => import('./BookingForm').then((m) => ({ default: m.WaitlistJoin })));

/** `held`: kept for a waiting player during their claim window (docs/behaviour.md#waitlist); nobody else books it. */
type Display = 'past' | 'available' | 'selected' | 'covered' | 'pending' | 'booked' | 'subscriber' | 'held' | 'closed';

/** A closed slot's words (docs/behaviour.md#closures): 'Kapalı: Hava durumu · <the public note>'; never a booking look. */
const closedText = (slot: Slot) => {
  const c = slot.closure;
  return c ? closureTexts.slotLabel(c.reason, c.note) : closureTexts.closed;
};

/** `covered`: the slots after the start that the chosen match length takes (docs/behaviour.md#match-length). */
export function displayOf(slot: Slot, selectedId: string | null, covered?: ReadonlySet<string>): Display {
  if (slot.state === 'available' && slot.documentId === selectedId) return 'selected';
  if (slot.state === 'available' && covered?.has(slot.documentId)) return 'covered';
  return slot.state as Display;
}

/**
 * The accessible name carries what the colour shows: time, price or state, and who holds it. It holds
 * every visible word in the order shown (WCAG 2.5.3, axe's label-content-name-mismatch), so a voice
 * user can say what they see.
 */
export function slotLabel(slot: Slot, display: Display): string {
  const time = slotTime(slot);
  const who = slot.booking?.customerName ? `, ${slot.booking.customerName}` : '';
  const minutes = slotMinutes(slot) !== 60 ? `, ${slotMinutes(slot)} dk` : '';
  switch (display) {
    case 'available':
      return `${time}, ${tl(slot.price)}${minutes}, müsait`;
    case 'selected':
      return `${time}, ${tl(slot.price)}${minutes}, seçili`;
    case 'covered':
      return `${time}, maça dahil, ${tl(slot.price)}${minutes}`;
    case 'pending':
      return `${time}, Beklemede`;
    case 'booked':
      return `${time}, Dolu${who}`;
    case 'subscriber':
      return `${time}, Abone${who}`;
    case 'held':
      return `${time}, Ayrıldı: ${HELD_TEXT}`;
    case 'closed':
      return `${time}, ${closedText(slot)}`;
    case 'past':
      return `${time}, Geçti`;
  }
}

const tone: Record<Display, string> = {
  available:
    'border-turf-600 bg-white text-slate-900 hover:bg-turf-50 cursor-pointer dark:border-turf-500 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-turf-950',
  selected: 'border-turf-800 bg-turf-700 text-white ring-2 ring-turf-700/40 cursor-pointer dark:border-turf-300',
  covered:
    'border-turf-700 bg-turf-100 text-turf-950 ring-2 ring-turf-700/30 cursor-pointer dark:border-turf-400 dark:bg-turf-900 dark:text-turf-50',
  pending:
    'border-amber-400 border-dashed bg-amber-50 text-amber-950 dark:border-amber-600 dark:bg-amber-950 dark:text-amber-100',
  booked: 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100',
  subscriber:
    'border-violet-300 bg-violet-50 text-violet-900 dark:border-violet-700 dark:bg-violet-950 dark:text-violet-100',
  held: 'border-sky-500 border-dotted border-2 bg-sky-50 text-sky-950 dark:border-sky-500 dark:bg-sky-950 dark:text-sky-100',
  closed: 'border-slate-400 bg-slate-200 text-slate-900 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100',
  past: 'border-slate-200 bg-slate-100 text-slate-600 dark:border-slate-800 dark:bg-slate-800/60 dark:text-slate-400',
};

export function SlotButton({
  slot,
  selectedId,
  covered,
  waiting,
}: {
  slot: Slot;
  selectedId: string | null;
  covered?: ReadonlySet<string>;
  /** Whether this taken hour's waitlist form is open under it. */
  waiting?: boolean;
}) {
  const display = displayOf(slot, selectedId, covered);
  const selectable = display === 'available' || display === 'selected' || display === 'covered';
  // A taken hour still ahead opens 'Boşalınca haber ver' under it (docs/behaviour.md#waitlist).
  const taken = !selectable && waitable(slot);
  const name = slot.booking?.customerName ?? '';
  return (
    <button
      type="button"
      disabled={!selectable && !taken}
      aria-label={slotLabel(slot, display)}
      aria-pressed={selectable ? display === 'selected' : undefined}
      aria-expanded={taken ? Boolean(waiting) : undefined}
      onClick={() => {
        if (taken) return tapTaken(slot);
        $waitFor.set(null);
        tapSlot(slot);
      }}
      data-slot={slot.documentId}
      data-date={slot.date}
      data-start={hhmm(slot.startTime)}
      data-state={display}
      title={name || undefined}
      className={`flex min-h-14 w-full flex-col items-start justify-center rounded-lg border px-2.5 py-1.5 text-left transition disabled:cursor-default ${tone[display]}`}
    >
      <span className={`text-sm font-semibold tabular-nums ${display === 'past' ? 'line-through' : ''}`}>
        {slotTime(slot)}
      </span>{' '}
      <span className="flex w-full min-w-0 items-center gap-1 text-xs font-medium">
        {display === 'available' && (
          <span className="font-semibold text-turf-800 dark:text-turf-300">
            {tl(slot.price)}
            {slotMinutes(slot) !== 60 && <span className="font-medium"> · {slotMinutes(slot)} dk</span>}
          </span>
        )}
        {display === 'selected' && (
          <>
            {tl(slot.price)}
            {slotMinutes(slot) !== 60 && ` · ${slotMinutes(slot)} dk`} · Seçili{' '}
            <CheckIcon className="h-3.5 w-3.5 shrink-0" />
          </>
        )}
        {display === 'covered' && <span className="font-semibold">Maça dahil</span>}
        {display === 'pending' && (
          <>
            <ClockIcon className="h-3.5 w-3.5 shrink-0" /> Beklemede
          </>
        )}
        {display === 'booked' && (
          <>
            <LockIcon className="h-3.5 w-3.5 shrink-0" /> <span className="truncate">Dolu{name && ` · ${name}`}</span>
          </>
        )}
        {display === 'subscriber' && (
          <>
            <CrownSolidIcon className="h-3.5 w-3.5 shrink-0" />{' '}
            <span className="truncate">Abone{name && ` · ${name}`}</span>
          </>
        )}
        {display === 'held' && <span className="font-semibold">Ayrıldı</span>}
        {display === 'closed' && (
          <span className="line-clamp-2 font-semibold [overflow-wrap:anywhere]">{closedText(slot)}</span>
        )}
        {display === 'past' && <span>Geçti</span>}
      </span>
    </button>
  );
}

/**
 * A day's slots. The hours after midnight (an overnight pitch open 18:00–02:00) are played on the next calendar day:
 * they follow 23:00 under their own heading with the real date and the business day as context
 * ('1 Aralık Salı · Pazartesi gecesi'), so nobody reads them as this date's 00:00.
 */
function SlotLists({
  date,
  slots,
  columns,
  headingId,
  selectedId,
  covered,
  chooser,
  waitForId,
}: {
  date: string;
  slots: Slot[];
  columns: string;
  headingId: string;
  selectedId: string | null;
  covered: ReadonlySet<string>;
  /** The taken slot whose waitlist form is open under it. */
  waitForId: string | null;
  /** Whether the lengths from the selected start are offered, right under it. */
  chooser: boolean;
}) {
  const evening = slots.filter((s) => !realStart(s).overnight);
  const night = slots.filter((s) => realStart(s).overnight);
  const nightId = `night-${date}`;
  // On a phone the hours of the day that have already started fold into one line, so the first one still bookable is in
  // view without scrolling (behaviour.md#public-site); the wider layouts keep listing them.
  const now = Date.now();
  const started = (s: Slot) => s.state === 'past' || Date.parse(s.startsAt) <= now;
  let folded = 0;
  while (folded < slots.length && started(slots[folded])) folded++;
  const foldedIds = new Set(slots.slice(0, folded).map((s) => s.documentId));
  const list = (items: Slot[], labelledBy: string) => (
    // Dense: the lengths' row under a tapped start leaves no hole beside it.
    <ul className={`grid grid-flow-row-dense gap-2 ${columns}`} aria-labelledby={labelledBy}>
      {items.flatMap((s) => [
        <li key={s.documentId} className={foldedIds.has(s.documentId) ? 'max-lg:hidden' : undefined}>
          <SlotButton slot={s} selectedId={selectedId} covered={covered} waiting={s.documentId === waitForId} />
        </li>,
        ...(s.documentId === waitForId
          ? [
              <li key="waitlist-join" className="col-span-full">
                <Suspense fallback={<div className="h-40" aria-hidden="true" />}>
                  <WaitlistJoin />
                </Suspense>
              </li>,
            ]
          : []),
        ...(chooser && s.documentId === selectedId
          ? [
              <li key="length-chooser" className="col-span-full">
                <Suspense fallback={<div className="h-40" aria-hidden="true" />}>
                  <LengthChooser />
                </Suspense>
              </li>,
            ]
          : []),
      ])}
    </ul>
  );
  return (
    <>
      {folded > 0 && (
        <p className="mb-2 text-xs font-medium text-slate-600 lg:hidden dark:text-slate-400" data-started-hours>
          Geçti: {hhmm(slots[0].startTime)}–{hhmm(slots[folded - 1].endTime)}
        </p>
      )}
      {evening.length > 0 && list(evening, headingId)}
      {night.length > 0 && (
        <>
          <h4
            id={nightId}
            data-night-heading={realStart(night[0]).calendarDate}
            className={`${evening.length > 0 ? 'mt-3 ' : ''}mb-2 text-xs font-semibold text-slate-700 dark:text-slate-300`}
          >
            {trDayMonth(realStart(night[0]).calendarDate)} · {nightOf(date)}
          </h4>
          {list(night, nightId)}
        </>
      )}
    </>
  );
}

/**
 * A business day is over once its last start has passed: before today and with no slot still ahead, or today once every
 * one of its hours has started (late in the evening it holds nothing bookable). An overnight pitch's day goes on past
 * midnight (its 00:00 and 01:00 are played on the next calendar day), so just after midnight yesterday still holds
 * bookable hours.
 */
const dayOver = (date: string, today: string, slots: Slot[] | undefined) =>
  (date < today || (date === today && Boolean(slots?.length))) &&
  !slots?.some((s) => Date.parse(s.startsAt) > Date.now());

/** After the generated horizon a day is not open for booking yet; it is not closed. */
const notOpenYet = (date: string, horizon: string | null) => horizon !== null && date > horizon;

/** One loading block, the size of a slot button; the started hours a phone folds are hidden there as they will be. */
const placeholderBlock = (key: number, folded: boolean) => (
  <div key={key} className={`h-14 rounded-lg bg-slate-200 dark:bg-slate-800${folded ? ' max-lg:hidden' : ''}`} />
);

/**
 * A day while its slots load: as many blocks as the pitch's hours give that day, in the same lines and headings the
 * slots will take, so nothing below moves when they arrive. One pulsing layer per day, not one per block: each
 * animated element is a compositor layer of its own, and a week of them made every frame's commit longer.
 */
function DayPlaceholder({ date, columns, loading }: { date: string; columns: string; loading: boolean }) {
  const facility = useStore($facility);
  const renderedAt = useStore($renderedAt);
  if (!loading) return null;
  const expected = expectedDay(facility, date, renderedAt);
  const pulse = 'animate-pulse motion-reduce:animate-none';
  if (!expected)
    return (
      <div className={`grid gap-2 ${pulse} ${columns}`} aria-hidden="true">
        {Array.from({ length: 4 }, (_, i) => placeholderBlock(i, false))}
      </div>
    );
  const { started, evening, night } = expected;
  if (evening + night === 0)
    return <div className={`h-[2.875rem] rounded-lg bg-slate-100 dark:bg-slate-800/60 ${pulse}`} aria-hidden="true" />;
  return (
    <div className={pulse} aria-hidden="true">
      {started > 0 && <div className="mb-2 h-4 lg:hidden" />}
      {evening > 0 && (
        <div className={`grid gap-2 ${columns}`}>
          {Array.from({ length: evening }, (_, i) => placeholderBlock(i, i < started))}
        </div>
      )}
      {night > 0 && (
        <>
          <div className={`${evening > 0 ? 'mt-3 ' : ''}mb-2 h-4`} />
          <div className={`grid gap-2 ${columns}`}>
            {Array.from({ length: night }, (_, i) => placeholderBlock(i, evening + i < started))}
          </div>
        </>
      )}
    </div>
  );
}

/**
 * Memoised: a live change to one slot, or the urgent pass of a deferred render, leaves the other days alone. Today is a
 * prop, not read inside, so a page left open past midnight moves 'Bugün' and 'Geçmiş gün' on the calendar's next render.
 */
const DaySlots = memo(function DaySlots({
  date,
  today,
  slots,
  columns,
  loading,
  compactHeading,
}: {
  date: string;
  today: string;
  slots: Slot[] | undefined;
  columns: string;
  loading: boolean;
  compactHeading?: boolean;
}) {
  const selected = useStore($selected);
  const horizon = useStore($horizon);
  const facility = useStore($facility);
  const length = useStore($length);
  const coveredKey = useStore($coveredKey);
  const waitFor = useStore($waitFor);
  const covered = useMemo(() => new Set(coveredKey ? coveredKey.split(' ') : []), [coveredKey]);
  // A pitch offering several lengths asks for one under the tapped start; one offering a single length only when it
  // does not fit there (why is said), and otherwise goes to the form as always.
  const chooser = Boolean(selected && facility && (choosesLength(facility) || length === null));
  const headingId = `day-${date}`;
  // A day off screen is neither laid out nor painted until it nears the viewport (content-visibility): a phone shows one
  // or two days of a week at a time, and laying out all seven at once is a long task on a slow one. The
  // padding, taken back by the negative margin, keeps the buttons' focus outline inside the day's paint containment.
  return (
    <section
      aria-labelledby={headingId}
      data-day={date}
      className="-m-2 min-w-0 p-2 [contain-intrinsic-size:auto_24rem] [content-visibility:auto]"
    >
      <h3
        id={headingId}
        className="mb-2 flex items-center gap-2 text-sm font-semibold text-slate-800 dark:text-slate-200"
      >
        <span className={compactHeading ? 'lg:hidden' : ''}>{trDayMonth(date)}</span>
        {compactHeading && <span className="hidden lg:inline">{trDayShort(date)}</span>}
        {date === today && (
          <span className="rounded-full bg-turf-100 px-2 py-0.5 text-xs font-semibold text-turf-900 dark:bg-turf-900 dark:text-turf-100">
            Bugün
          </span>
        )}
      </h3>
      {dayOver(date, today, slots) ? (
        // A whole day in the past holds nothing bookable; listing its slots would only push the open days down.
        <p className="rounded-lg bg-slate-100 px-3 py-3 text-sm text-slate-700 dark:bg-slate-800/60 dark:text-slate-300">
          Geçmiş gün
        </p>
      ) : slots === undefined ? (
        <DayPlaceholder date={date} columns={columns} loading={loading} />
      ) : slots.length === 0 ? (
        <p
          className="rounded-lg border border-dashed border-slate-300 px-3 py-3 text-sm text-slate-700 dark:border-slate-700 dark:text-slate-300"
          data-day-empty={notOpenYet(date, horizon) ? 'not-open' : 'closed'}
        >
          {notOpenYet(date, horizon)
            ? 'Henüz açılmadı: bu tarih henüz rezervasyona açılmadı.'
            : 'Bu tarihte uygun saat bulunmuyor.'}
        </p>
      ) : (
        <SlotLists
          date={date}
          slots={slots}
          columns={columns}
          headingId={headingId}
          selectedId={selected?.documentId ?? null}
          covered={covered}
          chooser={chooser}
          waitForId={waitFor?.documentId ?? null}
        />
      )}
    </section>
  );
});

/**
 * Days wholly in the past fold into one line, on a phone above the open days and in the desktop week as one narrow
 * first column: a week that began on Sunday does not lead with empty 'Geçmiş gün' columns (behaviour.md#public-site).
 * The week's range (Sunday to Saturday) and its navigation stay as they are.
 */
function DayList({
  dates,
  weekly,
  columns,
  shown,
  loading,
}: {
  dates: string[];
  weekly: boolean;
  columns: string;
  shown: (d: string) => Slot[] | undefined;
  loading: boolean;
}) {
  const today = useStore($today);
  const facility = useStore($facility);
  const renderedAt = useStore($renderedAt);
  // While loading, today already folds with the past days when every hour the pitch has today had started by the time
  // the page was drawn, as it will once the slots arrive.
  const startedAll = (d: string) => {
    if (d !== today || shown(d) !== undefined || !loading) return false;
    const e = expectedDay(facility, d, renderedAt);
    return e !== null && e.started > 0 && e.started === e.evening + e.night;
  };
  const past = dates.filter((d) => dayOver(d, today, shown(d)) || startedAll(d));
  const open = dates.length - past.length;
  // The desktop week: the folded line takes a narrow column, the open days share the rest.
  const grid = !weekly
    ? 'grid gap-6'
    : past.length > 0
      ? 'grid gap-6 lg:grid-cols-[minmax(0,7rem)_repeat(var(--open-days),minmax(0,1fr))] lg:gap-2'
      : 'grid gap-6 lg:grid-cols-7 lg:gap-2';
  return (
    <div className={grid} style={weekly && past.length > 0 ? ({ '--open-days': open } as CSSProperties) : undefined}>
      {past.length > 0 && (
        <p
          className={`rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-700 dark:bg-slate-800/60 dark:text-slate-300 ${weekly ? 'lg:self-start lg:[overflow-wrap:anywhere]' : ''}`}
          data-past-days={past.length}
        >
          {past.length === 1 ? trDayMonth(past[0]) : trDateRange(past[0], past[past.length - 1])}: geçmiş{' '}
          {past.length === 1 ? 'gün' : 'günler'}
        </p>
      )}
      {dates
        .filter((d) => !past.includes(d))
        .map((d) => (
          <DaySlots
            key={d}
            date={d}
            today={today}
            slots={shown(d)}
            columns={columns}
            loading={loading}
            compactHeading={weekly}
          />
        ))}
    </div>
  );
}

function MonthGrid({
  from,
  to,
  slots,
  monthDay,
}: {
  from: string;
  to: string;
  slots: Record<string, Slot[]>;
  monthDay: string | null;
}) {
  const today = useStore($today);
  const horizon = useStore($horizon);
  const dates = datesOf({ from, to });
  const lead = weekdayIndex(from);
  // The header runs Sunday to Saturday (behaviour.md#public-site).
  const weekdays = Array.from({ length: 7 }, (_, i) => trWeekdayShort(i));
  return (
    <div>
      <div
        className="grid grid-cols-7 gap-1 text-center text-xs font-semibold text-slate-700 dark:text-slate-300"
        aria-hidden="true"
      >
        {weekdays.map((w) => (
          <span key={w} className="py-1">
            {w}
          </span>
        ))}
      </div>
      <ul className="grid grid-cols-7 gap-1" aria-label={`${trMonth(from)} günleri`}>
        {Array.from({ length: lead }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: empty cells before the 1st have no identity but their place
          <li key={`lead-${i}`} aria-hidden="true" />
        ))}
        {dates.map((d) => {
          const day = slots[d];
          const free = day?.filter((s) => s.state === 'available').length ?? 0;
          const past = d < today;
          const later = notOpenYet(d, horizon) && (day === undefined || day.length === 0);
          const summary =
            day === undefined
              ? ''
              : past
                ? 'Geçti'
                : later
                  ? 'Henüz açılmadı'
                  : day.length === 0 || day.every((s) => s.state === 'closed')
                    ? 'Kapalı'
                    : free === 0
                      ? 'Dolu'
                      : `${free} müsait`;
          const isSelected = d === monthDay;
          return (
            <li key={d}>
              <button
                type="button"
                disabled={past || later}
                aria-pressed={isSelected}
                data-summary={summary || undefined}
                onClick={() => setMonthDay(d)}
                data-month-day={d}
                className={`flex h-16 w-full flex-col items-center justify-center rounded-lg border text-sm transition sm:h-20 ${
                  isSelected
                    ? 'border-turf-800 bg-turf-700 text-white dark:border-turf-300'
                    : past || later
                      ? 'border-transparent bg-slate-100 text-slate-600 dark:bg-slate-800/60 dark:text-slate-400'
                      : free > 0
                        ? 'border-turf-600 bg-white hover:bg-turf-50 dark:border-turf-500 dark:bg-slate-900 dark:hover:bg-turf-950'
                        : 'border-slate-300 bg-white dark:border-slate-700 dark:bg-slate-900'
                } ${d === today && !isSelected ? 'font-bold underline decoration-2 underline-offset-4' : ''}`}
              >
                {/* Named from its content: the full date for assistive technology, then the visible summary. */}
                <span aria-hidden="true" className="text-base font-semibold tabular-nums">
                  {Number(d.slice(8))}
                </span>
                <span className="sr-only">
                  {trDateWithDay(d)}
                  {summary ? ', ' : ''}
                </span>
                <span
                  className={`text-[0.7rem] leading-tight sm:text-xs ${isSelected ? '' : free > 0 && !past ? 'text-turf-800 dark:text-turf-300' : ''}`}
                >
                  {summary}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

const LIVE_TEXTS = {
  open: 'Canlı: değişiklikler anında görünür',
  connecting: 'Canlı bağlantı kuruluyor…',
  down: 'Canlı bağlantı yok, 15 saniyede bir yenileniyor',
};

function Live() {
  return <LiveBadge state={useStore($live)} texts={LIVE_TEXTS} size="xs" />;
}

function Legend() {
  const f = useStore($facility);
  const items: [Display, string][] = [
    ['available', 'Müsait (fiyatlı)'],
    ['selected', 'Seçili'],
    ...(f && choosesLength(f) ? [['covered', 'Maça dahil'] as [Display, string]] : []),
    ['pending', 'Beklemede'],
    ['booked', 'Dolu'],
    ['subscriber', 'Abone'],
    ['held', 'Ayrıldı'],
    ['closed', 'Kapalı'],
    ['past', 'Geçmiş'],
  ];
  return (
    <ul
      className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700 dark:text-slate-300"
      aria-label="Renk açıklamaları"
    >
      {items.map(([d, label]) => (
        <li key={d} className="flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className={`inline-flex h-4 w-4 items-center justify-center rounded border ${tone[d]}`}
          >
            {d === 'pending' && <ClockIcon className="h-3 w-3" />}
            {d === 'booked' && <LockIcon className="h-3 w-3" />}
            {d === 'subscriber' && <CrownSolidIcon className="h-3 w-3" />}
            {d === 'selected' && <CheckIcon className="h-3 w-3" />}
          </span>
          {label}
        </li>
      ))}
      <li className="basis-full" data-waitlist-hint>
        Dolu bir saate dokunun: boşalınca haber verelim.
      </li>
    </ul>
  );
}

// The Turkish date fields (dd.mm.yyyy, react-aria with tr-TR) load only when someone opens 'Özel Aralık'.
const IsoDatePicker = lazy(() => import('../ui/DatePicker').then((m) => ({ default: m.IsoDatePicker })));

/**
 * The slots of the visible range, rendered deferred: an answer re-renders up to a week of buttons, and React does that
 * in a transition (in 5 ms slices, yielding to the browser) instead of one long task that would block a slow phone's
 * main thread (total blocking time). The three stores change together in loadSlots, so they are deferred
 * together and the calendar never shows the new status with the old slots.
 */
function useSlotsAnswer() {
  const slots = useStore($slots);
  const status = useStore($slotsStatus);
  const loaded = useStore($loadedRange);
  return useDeferredValue(useMemo(() => ({ slots, status, loaded }), [slots, status, loaded]));
}

export function SlotCalendar({ headingRef }: { headingRef?: React.Ref<HTMLHeadingElement> }) {
  const c = useStore($calendar);
  const { slots, status, loaded } = useSlotsAnswer();
  const horizon = useStore($horizon);
  const today = useStore($today);
  const range = rangeOf(c);
  const problem = rangeProblem(c);
  const unit = VIEWS.find((v) => v.id === c.view)!.unit;
  const title =
    c.view === 'daily'
      ? trDateWithDay(range.from)
      : c.view === 'monthly'
        ? trMonth(range.from)
        : problem
          ? ''
          : trDateRange(range.from, range.to);
  const inRange = !problem && loaded?.from === range.from && loaded?.to === range.to;
  const shown = (d: string) => (inRange || slots[d] !== undefined ? slots[d] : undefined);
  const loading = status === 'loading';
  const columns = {
    daily: 'grid-cols-2 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6',
    weekly: 'grid-cols-2 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-1',
    monthly: 'grid-cols-2 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6',
    custom: 'grid-cols-2 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6',
  }[c.view];

  return (
    <section aria-labelledby="booking-step-heading" data-booking-step="1">
      {/* Tight on a phone: at 360×740 the first bookable hour is in view without scrolling (behaviour.md#public-site). */}
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <h2
          id="booking-step-heading"
          ref={headingRef}
          tabIndex={-1}
          className="scroll-mt-24 text-xl font-bold outline-none sm:text-2xl"
        >
          Saat Seçimi
        </h2>
        <Live />
      </div>

      <div className="mt-3 flex flex-col gap-3 sm:mt-4 sm:gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div
          role="radiogroup"
          aria-label="Takvim görünümü"
          className="inline-flex w-full rounded-lg border border-slate-300 bg-slate-100 p-1 sm:w-auto dark:border-slate-700 dark:bg-slate-800"
        >
          {VIEWS.map((v) => (
            <label key={v.id} className="flex-1">
              <input
                type="radio"
                name="calendar-view"
                value={v.id}
                checked={c.view === v.id}
                onChange={() => setView(v.id)}
                className="peer sr-only"
              />
              <span
                className={`block cursor-pointer rounded-md px-3 py-1.5 text-center text-sm font-medium whitespace-nowrap text-slate-800 transition peer-checked:bg-turf-700 peer-checked:text-white hover:bg-white peer-checked:hover:bg-turf-800 dark:text-slate-200 dark:hover:bg-slate-700 ${peerFocusRing}`}
              >
                {v.label}
              </span>
            </label>
          ))}
        </div>

        {c.view === 'custom' ? (
          <Suspense fallback={<div className="h-16" aria-hidden="true" />}>
            <div className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 sm:flex sm:items-end">
              <IsoDatePicker
                label="Başlangıç tarihi"
                value={c.customFrom}
                onChange={(v) => setCustomRange(v, c.customTo)}
              />
              <IsoDatePicker
                label="Bitiş tarihi"
                value={c.customTo}
                onChange={(v) => setCustomRange(c.customFrom, v)}
              />
            </div>
          </Suspense>
        ) : null}

        <div className="flex items-center gap-2">
          <p className="mr-auto min-w-0 font-semibold sm:text-lg lg:mr-2" aria-live="polite" data-range-title>
            {title}
          </p>
          <Action
            variant="secondary"
            size="sm"
            aria-label={unit ? `Önceki ${unit}` : 'Önceki'}
            disabled={!canStepBack(c, today)}
            onClick={() => step(-1)}
          >
            <ChevronLeftIcon className="h-4 w-4" />
            <span className="hidden sm:inline" aria-hidden="true">
              Önceki
            </span>
          </Action>
          <Action variant="secondary" size="sm" onClick={goToday} disabled={c.view === 'custom'}>
            Bugün
          </Action>
          <Action
            variant="secondary"
            size="sm"
            aria-label={unit ? `Sonraki ${unit}` : 'Sonraki'}
            disabled={!canStepForward(c, horizon)}
            onClick={() => step(1)}
          >
            <span className="hidden sm:inline" aria-hidden="true">
              Sonraki
            </span>
            <ChevronRightIcon className="h-4 w-4" />
          </Action>
        </div>
      </div>

      {problem && problem !== msg.dateInvalid && (
        <p
          role="alert"
          className="mt-3 rounded-lg border-l-4 border-red-700 bg-red-50 px-4 py-3 text-sm font-medium text-red-900 dark:bg-red-950 dark:text-red-100"
        >
          {problem}
        </p>
      )}
      <div className="flex flex-col">
        {/* Under the hours on a phone, above them from the desktop width. */}
        <div className="order-last mt-5 lg:order-none lg:mt-3">
          <Legend />
        </div>

        <div className="relative mt-3 lg:mt-5" aria-busy={loading}>
          {loading && (
            <p role="status" className="sr-only">
              Saatler yükleniyor…
            </p>
          )}
          {status === 'error' ? (
            <div
              role="alert"
              className="flex flex-wrap items-center justify-between gap-3 rounded-lg border-l-4 border-red-700 bg-red-50 px-4 py-3 text-red-900 dark:bg-red-950 dark:text-red-100"
            >
              <p className="font-medium">{SLOTS_FAILED}</p>
              <Action variant="secondary" size="sm" onClick={() => void loadSlots()}>
                Tekrar Dene
              </Action>
            </div>
          ) : problem ? null : c.view === 'monthly' ? (
            <div className="grid gap-6 lg:grid-cols-[minmax(0,26rem)_1fr]">
              <MonthGrid
                from={monthStart(c.anchor)}
                to={monthEnd(c.anchor)}
                slots={inRange ? slots : {}}
                monthDay={c.monthDay}
              />
              {c.monthDay && c.monthDay >= range.from && c.monthDay <= range.to ? (
                <DaySlots
                  date={c.monthDay}
                  today={today}
                  slots={shown(c.monthDay)}
                  columns="grid-cols-2 sm:grid-cols-3 md:grid-cols-4"
                  loading={loading}
                />
              ) : (
                <p className="text-sm text-slate-700 dark:text-slate-300">Saatleri görmek için bir gün seçin.</p>
              )}
            </div>
          ) : (
            <DayList
              dates={datesOf(range)}
              weekly={c.view === 'weekly'}
              columns={columns}
              shown={shown}
              loading={loading || status === 'idle'}
            />
          )}
        </div>
      </div>
    </section>
  );
}
