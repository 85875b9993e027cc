import type { DaySheetWire } from '../../../contracts/day-sheet';
import { DayControls, useDayRead } from '../components/panel/day/DayControls';
import { DaySheetSections, SHEET_EMPTY, SHEET_FAILED } from '../components/panel/day/DaySheetView';
import { ListState } from '../components/ui/ListState';
import { client, unwrap } from '../lib/api';

const readSheet = (query: { date: string; facility?: string }) =>
  unwrap(client.api.bookings['day-sheet'].$get({ query })) as Promise<DaySheetWire>;

/**
 * Bugün (behaviour.md#management-panel 'Bugün'): the match sheet of a business day, per pitch in start order, with the
 * desk's actions on each row; printed, one A4 page per pitch.
 */
export default function TodaySheet() {
  const { choice, setChoice, data: shown, failure, reload } = useDayRead(readSheet, SHEET_FAILED);
  if (!choice) return null;
  return (
    <div className="space-y-4" data-today-sheet>
      <DayControls choice={choice} onChange={setChoice} title="Maç listesi" />
      <ListState
        busy={!shown && !failure}
        error={failure || null}
        onRetry={reload}
        loading={shown ? null : 'Maç listesi yükleniyor...'}
        empty={shown && shown.sections.length === 0 ? SHEET_EMPTY : null}
      >
        {shown && <DaySheetSections sections={shown.sections} onChanged={reload} />}
      </ListState>
    </div>
  );
}
