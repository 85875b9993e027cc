import type { SubscriptionSummaryWire } from '../../../../../contracts/subscriptions';
import { StatStrip } from '../StatStrip';

const ITEMS = [
  { key: 'totalSubscribers', label: 'Toplam abone' },
  { key: 'todayBookings', label: 'Bugünkü abone maçları' },
  { key: 'monthBookings', label: 'Bu ayki abone rezervasyonları' },
  { key: 'activeBookings', label: 'Aktif abone rezervasyonları' },
] as const;

/** The four counters of behaviour.md#management-panel 'Subscriptions', from the list answer's meta.summary. */
export function Counters({ summary }: { summary: SubscriptionSummaryWire | null }) {
  return (
    <StatStrip
      label="Abonelik sayıları"
      columns="grid-cols-2 lg:grid-cols-4"
      stats={ITEMS.map((item) => ({ ...item, value: summary ? summary[item.key] : null }))}
    />
  );
}
