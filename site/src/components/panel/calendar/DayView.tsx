import { nightOf, realStart } from '../../../lib/format';
import { dayAndMonth, timeRows, weekdayName } from '../../../lib/week';
import type { CalendarSlot } from '../../../stores/weekly-calendar';
import { Tab, TabList, TabPanel, Tabs } from '../../ui/Tabs';
import { SlotCell } from './SlotCell';

const short = new Intl.DateTimeFormat('tr-TR', { weekday: 'short', timeZone: 'UTC' });

interface DayViewProps {
  dates: string[];
  slots: CalendarSlot[];
  day: string;
  today: string;
  now: number;
  onDay: (date: string) => void;
  onOpen: (bookingId: string) => void;
  /** A free hour still ahead opens the new-booking form for it. */
  onBook?: (slot: CalendarSlot) => void;
  /** Opens a slot's waitlist (docs/behaviour.md#waitlist). */
  onQueue?: (slot: CalendarSlot) => void;
}

/** Mobile: a strip of the seven days (today marked) and the chosen day's slots as a list (behaviour.md#management-panel). */
export function DayView({ dates, slots, day, today, now, onDay, onOpen, onBook, onQueue }: DayViewProps) {
  return (
    <Tabs selectedKey={day} onSelectionChange={(key) => onDay(String(key))}>
      <TabList aria-label="Günler" variant="days">
        {dates.map((d) => (
          <Tab
            key={d}
            id={d}
            // The visible words first (the name holds them, WCAG 2.5.3), then the full date.
            aria-label={`${short.format(new Date(d + 'T00:00:00Z'))} ${Number(d.slice(8))}${d === today ? ' Bugün' : ''}, ${weekdayName(d)} ${dayAndMonth(d)}`}
            data-day-tab={d}
          >
            {({ isSelected }) => (
              <>
                <span className="text-xs">{short.format(new Date(d + 'T00:00:00Z'))}</span>{' '}
                <span className="text-base font-semibold tabular-nums">{Number(d.slice(8))}</span>
                {d === today && ' '}
                {d === today && (
                  <span
                    className={`max-w-full truncate text-[0.65rem] font-semibold ${isSelected ? 'text-white' : 'text-turf-800 dark:text-turf-300'}`}
                  >
                    Bugün
                  </span>
                )}
              </>
            )}
          </Tab>
        ))}
      </TabList>
      {dates.map((d) => {
        const mine = slots.filter((s) => s.date === d);
        const order = timeRows(mine);
        mine.sort((a, b) => order.indexOf(a.startTime.slice(0, 5)) - order.indexOf(b.startTime.slice(0, 5)));
        return (
          <TabPanel key={d} id={d} className="mt-3">
            <h3 className="mb-2 text-base font-semibold">
              {weekdayName(d)} {dayAndMonth(d)}
            </h3>
            {mine.length === 0 ? (
              <p className="rounded-lg border border-dashed border-slate-300 px-3 py-3 text-sm text-slate-700 dark:border-slate-700 dark:text-slate-300">
                Bu gün için slot yok
              </p>
            ) : (
              <ul className="grid grid-cols-1 gap-1.5" data-day-list={d}>
                {mine.map((s, i) => {
                  // The hours after midnight are played on the next calendar day: a line with that date comes first.
                  const real = realStart(s);
                  const firstOfNight = real.overnight && (i === 0 || !realStart(mine[i - 1]).overnight);
                  return (
                    <li key={s.documentId}>
                      {firstOfNight && (
                        <p
                          className="mt-1 mb-1.5 text-xs font-semibold text-slate-700 dark:text-slate-300"
                          data-night-heading={real.calendarDate}
                        >
                          {weekdayName(real.calendarDate)} {dayAndMonth(real.calendarDate)} · {nightOf(d)}
                        </p>
                      )}
                      <SlotCell slot={s} now={now} onOpen={onOpen} onBook={onBook} onQueue={onQueue} withTime />
                    </li>
                  );
                })}
              </ul>
            )}
          </TabPanel>
        );
      })}
    </Tabs>
  );
}
