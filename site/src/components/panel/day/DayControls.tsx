// The head of Bugün and Gün Sonu: the day (previous / next / a date, written the Turkish way), the pitch, and Yazdır.
// The choice is kept in the address (?date=&facility=) so a sheet can be linked, reloaded and printed again.
import { useEffect, useState } from 'react';
import type { FacilityWire } from '../../../../../contracts/wire/facility';
import { messageOf } from '../../../lib/errors';
import { addDays, istanbulToday, trDateWithDay } from '../../../lib/format';
import { allStaffFacilities } from '../../../lib/staff-facilities';
import { Button } from '../../ui/Button';
import { IsoDatePicker } from '../../ui/DatePicker';
import { ChevronLeftIcon, ChevronRightIcon } from '../../ui/icons';
import { Select } from '../../ui/Select';

export interface DayChoice {
  date: string;
  /** A pitch's documentId, '' for every pitch. */
  facility: string;
}

/** The day and pitch the address names (a malformed date is today). */
export function choiceFromSearch(search: string, today = istanbulToday()): DayChoice {
  const q = new URLSearchParams(search);
  const date = q.get('date') ?? '';
  return { date: /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : today, facility: q.get('facility') ?? '' };
}

/** The choice read from the address after hydration, and written back to it on every change. */
export function useDayChoice(): [DayChoice | null, (c: Partial<DayChoice>) => void] {
  const [choice, setChoice] = useState<DayChoice | null>(null);
  useEffect(() => setChoice(choiceFromSearch(location.search)), []);
  const set = (c: Partial<DayChoice>) =>
    setChoice((old) => {
      const next = { ...(old ?? choiceFromSearch('')), ...c };
      const q = new URLSearchParams();
      if (next.date !== istanbulToday()) q.set('date', next.date);
      if (next.facility) q.set('facility', next.facility);
      history.replaceState(null, '', `${location.pathname}${q.size ? `?${q}` : ''}`);
      return next;
    });
  return [choice, set];
}

/**
 * The day and pitch in the address, and the answer `read` gives for them: read again on every change and on `reload`
 * (Tekrar Dene, or after a change on the sheet). `data` is shown only while it answers the choice on screen, so a slow
 * answer for the day before never stands under the new day's title.
 */
export function useDayRead<T>(read: (query: { date: string; facility?: string }) => Promise<T>, failed: string) {
  const [choice, setChoice] = useDayChoice();
  const [answer, setAnswer] = useState<{ for: DayChoice; data: T } | null>(null);
  const [failure, setFailure] = useState('');
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: 'attempt' is the reload; 'read' is the caller's fixed request
  useEffect(() => {
    if (!choice) return;
    let live = true;
    setFailure('');
    read({ date: choice.date, ...(choice.facility ? { facility: choice.facility } : {}) })
      .then((data) => live && setAnswer({ for: choice, data }))
      .catch((e) => live && setFailure(messageOf(e, failed)));
    return () => {
      live = false;
    };
  }, [choice, attempt]);

  return {
    choice,
    setChoice,
    data: answer && answer.for === choice ? answer.data : null,
    failure,
    reload: () => setAttempt((a) => a + 1),
  };
}

export function DayControls({
  choice,
  onChange,
  title,
}: {
  choice: DayChoice;
  onChange: (c: Partial<DayChoice>) => void;
  title: string;
}) {
  const [facilities, setFacilities] = useState<FacilityWire[] | null>(null);
  useEffect(() => {
    allStaffFacilities()
      .then(setFacilities)
      .catch(() => setFacilities([]));
  }, []);
  const today = istanbulToday();
  const options = [
    { value: '', label: 'Tüm sahalar' },
    ...(facilities ?? []).map((f) => ({ value: f.documentId, label: f.name })),
  ];
  return (
    <div className="space-y-3">
      <h2 className="text-xl font-bold tracking-tight" data-day-title>
        {title}: {trDateWithDay(choice.date)}
        {choice.date === today && (
          <span className="ml-2 text-base font-medium text-turf-800 dark:text-turf-300">(bugün)</span>
        )}
      </h2>
      <div className="flex flex-wrap items-end gap-3 print:hidden" data-day-controls>
        <div className="flex items-end gap-1">
          <Button
            variant="secondary"
            size="icon"
            aria-label="Önceki gün"
            onPress={() => onChange({ date: addDays(choice.date, -1) })}
          >
            <ChevronLeftIcon />
          </Button>
          <IsoDatePicker label="Gün" value={choice.date} onChange={(date) => date && onChange({ date })} />
          <Button
            variant="secondary"
            size="icon"
            aria-label="Sonraki gün"
            onPress={() => onChange({ date: addDays(choice.date, 1) })}
          >
            <ChevronRightIcon />
          </Button>
        </div>
        {choice.date !== today && (
          <Button variant="secondary" onPress={() => onChange({ date: today })}>
            Bugüne dön
          </Button>
        )}
        <Select
          label="Saha"
          value={choice.facility}
          onChange={(facility) => onChange({ facility })}
          options={options}
          isDisabled={!facilities}
          className="w-full max-w-xs"
        />
        <Button variant="secondary" onPress={() => window.print()}>
          Yazdır
        </Button>
      </div>
    </div>
  );
}
