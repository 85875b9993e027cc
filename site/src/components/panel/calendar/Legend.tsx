import { BusIcon, ClockIcon, CrownSolidIcon } from '../../ui/icons';
import { AWAITING_APPROVAL, type CellState, STATE_LABELS, TONE, TRANSPORT } from './slot-view';

const STATES: CellState[] = ['available', 'pending', 'booked', 'subscriber', 'held', 'closed'];

/** Müsait, Beklemede, Onaylı, Abone, the awaiting-approval icon and the shuttle icon (behaviour.md#management-panel). */
export function Legend() {
  return (
    <ul
      aria-label="Açıklamalar"
      className="flex flex-wrap gap-x-4 gap-y-2 text-sm text-slate-700 dark:text-slate-300"
      data-legend
    >
      {STATES.map((s) => (
        <li key={s} className="flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className={`inline-flex h-4 w-5 items-center justify-center rounded border ${TONE[s].live}`}
          >
            {s === 'subscriber' && <CrownSolidIcon className="h-3 w-3" />}
          </span>
          {STATE_LABELS[s]}
        </li>
      ))}
      <li className="flex items-center gap-1.5">
        <ClockIcon className="h-4 w-4" />
        {AWAITING_APPROVAL}
      </li>
      <li className="flex items-center gap-1.5">
        <BusIcon className="h-4 w-4" />
        {TRANSPORT}
      </li>
      <li className="flex items-center gap-1.5">
        <span aria-hidden="true" className={`inline-block h-4 w-5 rounded border ${TONE.past.past}`} />
        Geçmiş (soluk)
      </li>
    </ul>
  );
}
