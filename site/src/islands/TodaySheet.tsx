import { useEffect, useState } from 'react';
import type { DaySheetWire } from '../../../contracts/day-sheet';
import { DayControls, useDayChoice } from '../components/panel/day/DayControls';
import { DaySheetSections, SHEET_EMPTY, SHEET_FAILED } from '../components/panel/day/DaySheetView';
import { ListState } from '../components/ui/ListState';
import { client, unwrap } from '../lib/api';
import { messageOf } from '../lib/errors';

/**
 * Bugün (behaviour.md#management-panel 'Bugün'): the match sheet of a business day, per pitch in start order, with the
 * desk's actions on each row; printed, one A4 page per pitch.
 */
export default function TodaySheet() {
  const [choice, setChoice] = useDayChoice();
  const [sheet, setSheet] = useState<DaySheetWire | null>(null);
  const [failure, setFailure] = useState('');
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: 'attempt' is the Tekrar Dene button's (and a change's) reload
  useEffect(() => {
    if (!choice) return;
    let live = true;
    setFailure('');
    unwrap(
      client.api.bookings['day-sheet'].$get({
        query: { date: choice.date, ...(choice.facility ? { facility: choice.facility } : {}) },
      }),
    )
      .then((s) => live && setSheet(s as DaySheetWire))
      .catch((e) => live && setFailure(messageOf(e, SHEET_FAILED)));
    return () => {
      live = false;
    };
  }, [choice, attempt]);

  if (!choice) return null;
  const shown = sheet && sheet.date === choice.date ? sheet : null;
  return (
    <div className="space-y-4" data-today-sheet>
      <DayControls choice={choice} onChange={setChoice} title="Maç listesi" />
      <ListState
        busy={!shown && !failure}
        error={failure || null}
        onRetry={() => setAttempt((a) => a + 1)}
        loading={shown ? null : 'Maç listesi yükleniyor...'}
        empty={shown && shown.sections.length === 0 ? SHEET_EMPTY : null}
      >
        {shown && <DaySheetSections sections={shown.sections} onChanged={() => setAttempt((a) => a + 1)} />}
      </ListState>
    </div>
  );
}
