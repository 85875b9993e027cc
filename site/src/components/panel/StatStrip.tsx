export interface Stat {
  key: string;
  label: string;
  /** null while loading: shown as '–'. */
  value: number | string | null;
  /** The figure's colour classes (light and dark); plain text colour when left out. */
  tone?: string;
}

/** The panel's row of counters above a list (bookings, pitches, customers, subscriptions), one labelled group. */
export function StatStrip({ label, stats, columns }: { label: string; stats: readonly Stat[]; columns: string }) {
  return (
    <div role="group" aria-label={label}>
      <dl className={`grid gap-3 ${columns}`}>
        {stats.map((s) => (
          <div
            key={s.key}
            className="min-w-0 rounded-xl border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-900"
            data-stat={s.key}
          >
            <dt className="text-xs font-medium text-slate-600 uppercase dark:text-slate-300">{s.label}</dt>
            <dd className={`mt-1 text-2xl font-bold tabular-nums ${s.tone ?? 'text-slate-900 dark:text-slate-100'}`}>
              {s.value ?? '–'}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
