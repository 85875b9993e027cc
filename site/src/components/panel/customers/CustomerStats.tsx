import type { CustomerListMeta } from '../../../../../contracts/customers';

const ITEMS = [
  { key: 'totalCustomers', label: 'Toplam Müşteri', tone: 'text-slate-900 dark:text-slate-100' },
  { key: 'subscriberCount', label: 'Abone', tone: 'text-amber-800 dark:text-amber-200' },
  { key: 'standardCount', label: 'Standart', tone: 'text-slate-800 dark:text-slate-200' },
  { key: 'warningCount', label: 'Uyarılı', tone: 'text-red-800 dark:text-red-300' },
  { key: 'activeCount', label: 'Aktif', tone: 'text-turf-800 dark:text-turf-300' },
] as const;

/** meta.summary over the filtered set (02 §3); zeros when the list could not be loaded (02 §8). */
export function CustomerStats({ summary, loading }: { summary: CustomerListMeta['summary'] | null; loading: boolean }) {
  return (
    <div role="group" aria-label="Müşteri sayıları">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {ITEMS.map((item) => (
          <div
            key={item.key}
            className="min-w-0 rounded-xl border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-900"
            data-stat={item.key}
          >
            <dt className="text-xs font-medium text-slate-600 uppercase dark:text-slate-300">{item.label}</dt>
            <dd className={`mt-1 text-2xl font-bold tabular-nums ${item.tone}`}>
              {summary ? summary[item.key] : loading ? '–' : 0}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
