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
}

/** One slot: a button that opens the booking when someone holds it, plain text when it is free (behaviour.md#management-panel). */
export function SlotCell({ slot, now, onOpen, withTime = false, onBook }: SlotCellProps) {
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
