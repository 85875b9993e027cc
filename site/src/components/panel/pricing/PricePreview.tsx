import { useMemo } from 'react';
import type { PriceRulesWire } from '../../../../../contracts/pricing-form';
import { addDays, tl } from '../../../lib/format';
import { dayAndMonth, weekdayName, weekRangeLabel } from '../../../lib/week';
import { Button } from '../../ui/Button';
import { ChevronLeftIcon, ChevronRightIcon } from '../../ui/icons';
import { ScrollRegion } from '../../ui/Table';
import { previewWeek, type RuleDraft } from './rules';

interface Props {
  facility: PriceRulesWire['facility'];
  drafts: RuleDraft[];
  monday: string;
  onWeek: (monday: string) => void;
}

/**
 * One week's prices as the rules on screen give them, saved or not: the same engine and slot plan as the server, so
 * what is previewed is what generation writes. A price set by a rule is bold on a tinted cell and names its rule.
 */
export function PricePreview({ facility, drafts, monday, onWeek }: Props) {
  const grid = useMemo(() => previewWeek(facility, drafts, monday), [facility, drafts, monday]);
  return (
    <section
      aria-labelledby="price-preview-title"
      className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-700 dark:bg-slate-900"
      data-price-preview
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h2 id="price-preview-title" className="text-lg font-bold text-slate-900 dark:text-slate-100">
            Haftalık fiyat önizlemesi
          </h2>
          <p className="text-sm text-slate-700 dark:text-slate-300" aria-live="polite" data-preview-week>
            {weekRangeLabel(monday)}
          </p>
        </div>
        <div className="flex gap-2">
          <Button variant="secondary" size="sm" onPress={() => onWeek(addDays(monday, -7))}>
            <ChevronLeftIcon />
            Önceki hafta
          </Button>
          <Button variant="secondary" size="sm" onPress={() => onWeek(addDays(monday, 7))}>
            Sonraki hafta
            <ChevronRightIcon />
          </Button>
        </div>
      </div>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
        Saat ücreti {tl(facility.hourlyPrice)}. Kalın ve renkli fiyatlar bir kuraldan gelir; kaydedilmemiş değişiklikler
        de önizlemede görünür.
      </p>
      {grid.rows.length === 0 ? (
        <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">Bu sahanın çalışma saatlerinde açık gün yok.</p>
      ) : (
        <ScrollRegion label="Fiyat tablosu, yatay kaydırılabilir" className="relative mt-4 max-w-full overflow-x-auto">
          <table className="w-full min-w-[44rem] border-collapse text-sm">
            <caption className="sr-only">{`${facility.name}: ${weekRangeLabel(monday)} fiyatları`}</caption>
            <thead>
              <tr>
                <th scope="col" className="p-2 text-left font-semibold text-slate-700 dark:text-slate-300">
                  Saat
                </th>
                {grid.dates.map((date) => (
                  <th key={date} scope="col" className="p-2 text-left font-semibold text-slate-800 dark:text-slate-200">
                    <span className="block">{weekdayName(date)}</span>
                    <span className="block text-xs font-normal text-slate-700 dark:text-slate-300">
                      {dayAndMonth(date)}
                    </span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {grid.rows.map((row) => (
                <tr key={row.time} className="border-t border-slate-200 dark:border-slate-700">
                  <th
                    scope="row"
                    className="p-2 text-left font-semibold tabular-nums text-slate-800 dark:text-slate-200"
                  >
                    {row.time}
                  </th>
                  {row.cells.map((cell) => (
                    <td
                      key={cell.date}
                      className={`p-2 align-top tabular-nums ${
                        cell.ruleName
                          ? 'bg-turf-50 font-bold text-turf-950 dark:bg-turf-950 dark:text-turf-100'
                          : 'text-slate-800 dark:text-slate-200'
                      }`}
                      data-date={cell.date}
                      data-time={row.time}
                      data-rule={cell.ruleName ?? undefined}
                    >
                      {cell.price === null ? (
                        <span className="text-slate-600 dark:text-slate-400">
                          <span aria-hidden="true">—</span>
                          <span className="sr-only">Kapalı</span>
                        </span>
                      ) : (
                        <>
                          <span className="block">{tl(cell.price)}</span>
                          {cell.ruleName && (
                            <span className="block max-w-[7rem] truncate text-xs font-medium" title={cell.ruleName}>
                              {cell.ruleName}
                            </span>
                          )}
                        </>
                      )}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}
