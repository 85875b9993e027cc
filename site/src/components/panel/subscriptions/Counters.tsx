import type { SubscriptionSummaryWire } from '../../../../../contracts/subscriptions';

const ITEMS = [
  { key: 'totalSubscribers', label: 'Toplam abone' },
  { key: 'todayBookings', label: 'Bugünkü abone maçları' },
  { key: 'monthBookings', label: 'Bu ayki abone rezervasyonları' },
  { key: 'activeBookings', label: 'Aktif abone rezervasyonları' },
] as const;

/** The four counters of 02 §2 'Subscriptions', from the list answer's meta.summary. */
export function Counters({ summary }: { summary: SubscriptionSummaryWire | null }) {
  return (
    <div role="group" aria-label="Abonelik sayıları">
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {ITEMS.map((item) => (
          <div
            key={item.key}
            data-stat={item.key}
            className="min-w-0 rounded-xl border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-900"
          >
            <dt className="text-xs font-medium text-slate-700 dark:text-slate-300">{item.label}</dt>
            <dd className="mt-1 text-2xl font-bold text-slate-900 tabular-nums dark:text-slate-100">
              {summary ? summary[item.key] : '–'}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
