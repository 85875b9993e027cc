import { realStart } from '../../../lib/format';
import { dayAndMonth, timeRows, weekdayName } from '../../../lib/week';
import type { CalendarSlot } from '../../../stores/weekly-calendar';
import { SlotCell } from './SlotCell';

interface WeekTableProps {
  dates: string[];
  slots: CalendarSlot[];
  today: string;
  now: number;
  caption: string;
  onOpen: (bookingId: string) => void;
  /** A free hour still ahead opens the new-booking form for it. */
  onBook?: (slot: CalendarSlot) => void;
  /** Opens a slot's waitlist (docs/behaviour.md#waitlist). */
  onQueue?: (slot: CalendarSlot) => void;
}

/** Desktop: time rows by seven day columns, Monday first; overnight starts are the last rows (behaviour.md#management-panel, behaviour.md#time-money-and-identity). */
export function WeekTable({ dates, slots, today, now, caption, onOpen, onBook, onQueue }: WeekTableProps) {
  const rows = timeRows(slots);
  const at = new Map(slots.map((s) => [`${s.date} ${s.startTime.slice(0, 5)}`, s]));
  const rowEnd = new Map<string, string>();
  for (const s of slots)
    if (!rowEnd.has(s.startTime.slice(0, 5))) rowEnd.set(s.startTime.slice(0, 5), s.endTime.slice(0, 5));
  // Rows of hours after midnight: each column's cell there is played on the day after the column's date.
  const nextDay = new Set(slots.filter((s) => realStart(s).overnight).map((s) => s.startTime.slice(0, 5)));

  return (
    // Focusable so the keyboard can scroll it sideways on a narrow desktop window.
    <div
      role="region"
      aria-label={caption}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to scroll by keyboard (axe scrollable-region-focusable)
      tabIndex={0}
      className="overflow-x-auto rounded-xl border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900"
    >
      <table className="w-full min-w-[48rem] table-fixed border-collapse text-sm" data-week-table>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200 bg-slate-50 dark:border-slate-700 dark:bg-slate-800">
            <th scope="col" className="w-24 px-2 py-2 text-left font-semibold text-slate-700 dark:text-slate-300">
              Saat
            </th>
            {dates.map((d) => (
              <th
                key={d}
                scope="col"
                data-day={d}
                aria-current={d === today ? 'date' : undefined}
                className={`px-2 py-2 text-left align-bottom font-semibold ${d === today ? 'bg-turf-50 text-turf-900 dark:bg-turf-950 dark:text-turf-100' : 'text-slate-900 dark:text-slate-100'}`}
              >
                <span className="block">{weekdayName(d)}</span>
                <span className="block text-xs font-medium text-slate-700 dark:text-slate-300">
                  {dayAndMonth(d)}
                  {d === today && (
                    <span className="ml-1 rounded-full bg-turf-700 px-1.5 py-0.5 text-[0.7rem] font-semibold text-white">
                      Bugün
                    </span>
                  )}
                </span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((time) => (
            <tr key={time} data-row={time} className="border-b border-slate-100 last:border-b-0 dark:border-slate-800">
              <th
                scope="row"
                className="px-2 py-1 text-left font-semibold whitespace-nowrap text-slate-800 tabular-nums dark:text-slate-200"
              >
                {time}
                <span className="text-xs font-medium text-slate-700 dark:text-slate-300">–{rowEnd.get(time)}</span>
                {nextDay.has(time) && (
                  <span className="block text-xs font-medium text-slate-700 dark:text-slate-300" data-next-day>
                    ertesi gün
                  </span>
                )}
              </th>
              {dates.map((d) => {
                const slot = at.get(`${d} ${time}`);
                return (
                  <td key={d} className="p-1 align-top">
                    {slot ? (
                      <SlotCell slot={slot} now={now} onOpen={onOpen} onBook={onBook} onQueue={onQueue} />
                    ) : (
                      <span className="flex min-h-12 items-center justify-center text-slate-600 dark:text-slate-400">
                        <span aria-hidden="true">—</span>
                        <span className="sr-only">Slot yok</span>
                      </span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
