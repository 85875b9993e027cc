import type { BookingsMeta } from '../../../stores/panel-bookings';

const ITEMS = [
  { key: 'all', label: 'Toplam', tone: 'text-slate-900 dark:text-slate-100' },
  { key: 'pending', label: 'Bekleyen', tone: 'text-amber-800 dark:text-amber-200' },
  { key: 'approved', label: 'Onaylı', tone: 'text-turf-800 dark:text-turf-300' },
  { key: 'rejected', label: 'Reddedilen', tone: 'text-red-800 dark:text-red-300' },
  { key: 'cancelled', label: 'İptal', tone: 'text-slate-700 dark:text-slate-300' },
] as const;

/** Total, pending, approved, rejected and cancelled counts for the current search and filters (02 §2). */
export function StatStrip({ counts }: { counts: BookingsMeta['counts'] | null }) {
  return (
    <div role="group" aria-label="Rezervasyon sayıları">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {ITEMS.map((item) => (
          <div
            key={item.key}
            className="rounded-xl border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-900"
            data-stat={item.key}
          >
            <dt className="text-xs font-medium text-slate-600 uppercase dark:text-slate-300">{item.label}</dt>
            <dd className={`mt-1 text-2xl font-bold tabular-nums ${item.tone}`}>{counts ? counts[item.key] : '–'}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
