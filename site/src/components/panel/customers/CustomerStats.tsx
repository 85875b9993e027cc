import type { CustomerListMeta } from '../../../../../contracts/customers';
import { StatStrip } from '../StatStrip';

const ITEMS = [
  { key: 'totalCustomers', label: 'Toplam Müşteri', tone: 'text-slate-900 dark:text-slate-100' },
  { key: 'subscriberCount', label: 'Abone', tone: 'text-amber-800 dark:text-amber-200' },
  { key: 'standardCount', label: 'Standart', tone: 'text-slate-800 dark:text-slate-200' },
  { key: 'warningCount', label: 'Uyarılı', tone: 'text-red-800 dark:text-red-300' },
  { key: 'activeCount', label: 'Aktif', tone: 'text-turf-800 dark:text-turf-300' },
] as const;

/** meta.summary over the filtered set (behaviour.md#entities); zeros when the list could not be loaded (behaviour.md#error-messages). */
export function CustomerStats({ summary, loading }: { summary: CustomerListMeta['summary'] | null; loading: boolean }) {
  return (
    <StatStrip
      label="Müşteri sayıları"
      columns="grid-cols-2 sm:grid-cols-3 lg:grid-cols-5"
      stats={ITEMS.map((item) => ({ ...item, value: summary ? summary[item.key] : loading ? null : 0 }))}
    />
  );
}
