import type { CalendarSlot } from '../../../stores/weekly-calendar';
import { BusIcon, ClockIcon, CrownSolidIcon } from '../../ui/icons';
import { AWAITING_APPROVAL, bookLabel, CONTINUES, cellView, STATE_LABELS, TRANSPORT, toneOf } from './slot-view';

interface SlotCellProps {
  slot: CalendarSlot;
  now: number;
  onOpen: (bookingId: string) => void;
  /** Mobile list rows show the time beside the state; table cells have it in the row heading. */
  withTime?: boolean;
  /** A free hour still ahead becomes a button that opens the new-booking form for it. */
  onBook?: (slot: CalendarSlot) => void;
  /** Opens the slot's waitlist (docs/behaviour.md#waitlist); shown under a slot someone waits for. */
  onQueue?: (slot: CalendarSlot) => void;
}

/** How many wait for the slot (the calendar answer's `waitlist`); 0 when none. */
export const queueCount = (slot: CalendarSlot) => (slot as CalendarSlot & { waitlist?: number }).waitlist ?? 0;

/** The cell, and under it 'Sırada: N' opening the slot's waitlist when anyone waits for it. */
export function SlotCell(props: SlotCellProps) {
  const n = queueCount(props.slot);
  if (!n || !props.onQueue) return <Cell {...props} />;
  const onQueue = props.onQueue;
  return (
    <div className="flex flex-col gap-1">
      <Cell {...props} />
      <button
        type="button"
        onClick={() => onQueue(props.slot)}
        data-queue-count={n}
        className="w-full cursor-pointer rounded-md border border-sky-400 bg-sky-50 px-2 py-0.5 text-left text-xs font-semibold text-sky-950 hover:brightness-95 dark:border-sky-700 dark:bg-sky-950 dark:text-sky-100"
      >
        Sırada: {n}
        <span className="sr-only"> kişi, {props.slot.startTime.slice(0, 5)} bekleme listesini aç</span>
      </button>
    </div>
  );
}

/** One slot: a button that opens the booking when someone holds it, plain text when it is free (behaviour.md#management-panel). */
function Cell({ slot, now, onOpen, withTime = false, onBook }: SlotCellProps) {
  const v = cellView(slot, now);
  const base = `flex w-full min-h-12 items-center gap-1.5 rounded-md border px-2 py-1.5 text-left text-sm ${toneOf(v)}`;
  const time = withTime && (
    <span className="w-24 shrink-0 font-semibold tabular-nums">{`${slot.startTime.slice(0, 5)}–${slot.endTime.slice(0, 5)}`}</span>
  );
  const data = {
    'data-slot': slot.documentId,
    'data-state': v.state,
    'data-past': v.past ? 'true' : undefined,
    'data-part': v.part === 'single' ? undefined : v.part,
  };

  if (!v.bookingId && onBook && v.state === 'available' && !v.past) {
    return (
      <button
        type="button"
        {...data}
        data-book-slot
        aria-label={bookLabel(slot, withTime)}
        onClick={() => onBook(slot)}
        className={`${base} cursor-pointer transition hover:brightness-95 dark:hover:brightness-125`}
      >
        {time}
        {withTime && ' '}
        <span className="font-semibold tabular-nums">{v.text}</span>
      </button>
    );
  }

  if (v.closure) {
    // A closed hour (docs/behaviour.md#closures): 'Kapalı' and the reason; the public note in its title and, for a
    // screen reader, after them. Kapanışlar lifts it.
    return (
      <div {...data} data-closure={v.closure.documentId ?? undefined} title={v.label} className={base}>
        {time}
        <span className="min-w-0 flex-1 truncate font-semibold">{v.text}</span>
        {v.closure.note && <span className="sr-only">, {v.closure.note}</span>}
        {v.past && <span className="sr-only">, {STATE_LABELS.past}</span>}
      </div>
    );
  }

  if (!v.bookingId) {
    return (
      <div {...data} className={base}>
        {time}
        <span className={`font-semibold tabular-nums ${v.past ? 'line-through decoration-1' : ''}`}>{v.text}</span>
        {/* The ground colour alone does not say 'free' or 'past'. */}
        <span className="sr-only">
          , {STATE_LABELS[v.state]}
          {v.past && v.state !== 'past' ? `, ${STATE_LABELS.past}` : ''}
        </span>
      </div>
    );
  }

  const id = v.bookingId;
  // A booking over several cells (docs/behaviour.md#match-length): the first cell names it with its range, the following
  // ones hang from it (a thick left edge, '↳ devamı'), so the cells read as one booking.
  const joined = v.part === 'rest' ? 'border-l-4 border-t-0' : v.part === 'first' ? 'border-l-4' : '';
  return (
    <button
      type="button"
      {...data}
      aria-label={withTime ? v.timedLabel : v.label}
      title={v.label}
      onClick={() => onOpen(id)}
      className={`${base} ${joined} cursor-pointer font-medium transition hover:brightness-95 dark:hover:brightness-125`}
    >
      {time}
      {withTime && ' '}
      {v.state === 'subscriber' && v.part !== 'rest' && <CrownSolidIcon className="h-4 w-4 shrink-0" />}
      {v.part === 'rest' ? (
        <span className="min-w-0 flex-1 truncate text-xs">
          <span aria-hidden="true">↳ </span>
          {CONTINUES}: {v.text}
        </span>
      ) : v.part === 'first' ? (
        <span className="min-w-0 flex-1">
          <span className="block truncate">{v.text}</span>{' '}
          <span className="block text-xs tabular-nums" data-booking-range>
            {v.range}
          </span>
        </span>
      ) : (
        <span className="min-w-0 flex-1 truncate">{v.text}</span>
      )}
      {v.awaitingApproval && (
        <span title={AWAITING_APPROVAL} className="shrink-0">
          <ClockIcon className="h-4 w-4" />
        </span>
      )}
      {v.transport && (
        <span title={TRANSPORT} className="shrink-0">
          <BusIcon className="h-4 w-4" />
        </span>
      )}
    </button>
  );
}
