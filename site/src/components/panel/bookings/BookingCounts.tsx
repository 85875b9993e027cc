import type { BookingsMeta } from '../../../stores/panel-bookings';
import { StatStrip } from '../StatStrip';

const ITEMS = [
  { key: 'all', label: 'Toplam', tone: 'text-slate-900 dark:text-slate-100' },
  { key: 'pending', label: 'Bekleyen', tone: 'text-amber-800 dark:text-amber-200' },
  { key: 'approved', label: 'Onaylı', tone: 'text-turf-800 dark:text-turf-300' },
  { key: 'rejected', label: 'Reddedilen', tone: 'text-red-800 dark:text-red-300' },
  { key: 'cancelled', label: 'İptal', tone: 'text-slate-700 dark:text-slate-300' },
] as const;

/** Total, pending, approved, rejected and cancelled counts for the current search and filters (behaviour.md#management-panel). */
export function BookingCounts({ counts }: { counts: BookingsMeta['counts'] | null }) {
  return (
    <StatStrip
      label="Rezervasyon sayıları"
      columns="grid-cols-2 sm:grid-cols-3 lg:grid-cols-5"
      stats={ITEMS.map((item) => ({ ...item, value: counts ? counts[item.key] : null }))}
    />
  );
}
