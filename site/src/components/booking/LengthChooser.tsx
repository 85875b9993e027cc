import { useStore } from '@nanostores/react';
import { lengthLabel } from '../../../../contracts/match-length';
import { tl } from '../../lib/format';
import { $facility } from '../../stores/booking/facility';
import { $length, $selected, selectSlot } from '../../stores/booking/flow';
import { lengthChoice } from '../../stores/booking/length-choice';
import { hhmm } from '../../stores/booking/slot-time';
import { $slots } from '../../stores/booking/slots';
import { hasFocusRing } from '../ui/focus';
import { Action } from './Action';

/**
 * The lengths a match may have from the tapped start (docs/behaviour.md#match-length), right under it: native radios,
 * each with the range and the price (its slots' own prices added up); a length that does not fit there is shown
 * disabled with the reason. 'Devam Et' opens the form for the chosen range, highlighted meanwhile on the calendar.
 */
export default function LengthChooser() {
  const f = useStore($facility);
  const start = useStore($selected);
  const all = useStore($slots);
  const length = useStore($length);
  if (!f || !start) return null;
  const { options, startProblem } = lengthChoice(f, start, all);
  const chosen = options.find((o) => o.fits && o.minutes === length) ?? null;
  const from = hhmm(start.startTime);
  return (
    <div
      data-length-chooser
      className="rounded-xl border border-turf-700 bg-turf-50 p-3 text-slate-900 dark:border-turf-500 dark:bg-turf-950 dark:text-slate-100"
    >
      <fieldset className="min-w-0">
        <legend className="text-sm font-semibold">Maç süresi · {from} başlangıç</legend>
        {startProblem && (
          <p className="mt-1 text-sm text-slate-800 dark:text-slate-200" data-length-problem>
            {startProblem}
          </p>
        )}
        <div className="mt-2 grid grid-cols-[repeat(auto-fit,minmax(min(8.5rem,100%),1fr))] gap-2">
          {options.map((o) => (
            <label
              key={o.minutes}
              data-length={o.minutes}
              className={`flex min-w-0 items-start gap-2 rounded-lg border px-2.5 py-2 text-sm ${
                o.fits
                  ? `cursor-pointer border-slate-400 bg-white has-checked:border-turf-700 has-checked:bg-turf-100 dark:border-slate-500 dark:bg-slate-900 dark:has-checked:border-turf-400 dark:has-checked:bg-turf-900 ${hasFocusRing}`
                  : 'cursor-not-allowed border-dashed border-slate-300 bg-slate-100 text-slate-700 dark:border-slate-700 dark:bg-slate-800/60 dark:text-slate-300'
              }`}
            >
              <input
                type="radio"
                name="match-length"
                value={o.minutes}
                checked={chosen?.minutes === o.minutes}
                disabled={!o.fits}
                onChange={() => $length.set(o.minutes)}
                className="mt-0.5 h-4 w-4 shrink-0 cursor-pointer accent-turf-700 disabled:cursor-not-allowed dark:accent-turf-500"
              />
              <span className="min-w-0">
                <span className="block font-semibold">{lengthLabel(o.minutes)}</span>
                {o.fits ? (
                  <span className="block tabular-nums">
                    {from}–{o.endTime} · <span className="font-semibold">{tl(o.price)}</span>
                  </span>
                ) : (
                  <span className="block text-xs">{o.why}</span>
                )}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <Action
        className="mt-3 w-full"
        disabled={!chosen}
        onClick={() => {
          if (chosen) selectSlot(start, chosen.minutes);
        }}
        data-length-continue
      >
        {chosen ? `Devam Et · ${from}–${chosen.endTime}` : 'Devam Et'}
      </Action>
    </div>
  );
}
