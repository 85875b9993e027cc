import type { WeekCounts } from './slot-view';

const COUNTERS: { key: keyof WeekCounts; label: string; tone: string }[] = [
  { key: 'total', label: 'Toplam', tone: 'border-slate-300 dark:border-slate-600' },
  { key: 'available', label: 'Müsait', tone: 'border-turf-600 dark:border-turf-500' },
  { key: 'pending', label: 'Beklemede', tone: 'border-amber-500' },
  { key: 'booked', label: 'Onaylı', tone: 'border-turf-800 dark:border-turf-300' },
  { key: 'subscriber', label: 'Abone', tone: 'border-violet-500' },
];

interface WeekSummaryProps {
  range: string;
  facilityName: string | null;
  inactive: boolean;
  hours: string | null;
  counts: WeekCounts | null;
}

/** The date range, the pitch with the hours its slots cover, and the five counters (behaviour.md#management-panel). */
export function WeekSummary({ range, facilityName, inactive, hours, counts }: WeekSummaryProps) {
  return (
    <div className="flex flex-col gap-4 xl:flex-row xl:items-end xl:justify-between">
      <div>
        <p className="text-xl font-bold" aria-live="polite" data-week-range>
          {range}
        </p>
        {facilityName && (
          <p className="mt-1 flex flex-wrap items-center gap-2 text-slate-700 dark:text-slate-300" data-week-facility>
            <span className="min-w-0 font-semibold [overflow-wrap:anywhere] text-slate-900 dark:text-slate-100">
              {facilityName}
            </span>
            {inactive && (
              <span className="rounded-full border border-slate-300 bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100">
                Pasif
              </span>
            )}
            {hours && (
              <span>
                <span className="sr-only">Saatler: </span>
                <span className="tabular-nums">{hours}</span>
              </span>
            )}
          </p>
        )}
      </div>
      <dl className="grid grid-cols-3 gap-2 sm:grid-cols-5">
        {COUNTERS.map((c) => (
          <div
            key={c.key}
            className={`rounded-lg border-l-4 bg-white px-3 py-2 shadow-sm dark:bg-slate-900 ${c.tone}`}
            data-counter={c.key}
          >
            <dt className="text-xs font-medium text-slate-700 dark:text-slate-300">{c.label}</dt>
            <dd className="text-lg font-bold tabular-nums">{counts ? counts[c.key] : '–'}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
