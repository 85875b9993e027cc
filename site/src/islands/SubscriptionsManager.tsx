import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState } from 'react';
import type { SubscriberWire } from '../../../contracts/subscriptions';
import { Counters } from '../components/panel/subscriptions/Counters';
import { RenewalCard } from '../components/panel/subscriptions/RenewalCard';
import { SubscriberDetail } from '../components/panel/subscriptions/SubscriberDetail';
import { SubscriberList } from '../components/panel/subscriptions/SubscriberList';
import { SubscriptionForm } from '../components/panel/subscriptions/SubscriptionForm';
import { NARROW_QUERY } from '../stores/panel-bookings';
import { $subscriberMeta, startSubscriptions } from '../stores/panel-subscriptions';

/** Abonelikler (behaviour.md#management-panel 'Subscriptions'): counters, renewals due, the quick form on the left, subscribers on the right. */
export default function SubscriptionsManager() {
  const meta = useStore($subscriberMeta);
  const [selected, setSelected] = useState<SubscriberWire | null>(null);
  const [narrow, setNarrow] = useState(false);

  useEffect(() => {
    const stop = startSubscriptions();
    const media = window.matchMedia?.(NARROW_QUERY);
    const follow = () => setNarrow(Boolean(media?.matches));
    follow();
    media?.addEventListener?.('change', follow);
    return () => {
      media?.removeEventListener?.('change', follow);
      stop();
    };
  }, []);

  const close = useCallback(() => setSelected(null), []);

  return (
    <div className="space-y-5">
      <header>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl dark:text-slate-100">Abonelikler</h1>
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          Haftalık düzenli oynayan aboneleri yönetin, yenilenmesi gerekenleri görün ve hızlıca abonelik oluşturun.
        </p>
      </header>
      <Counters summary={meta?.summary ?? null} />
      <RenewalCard renewals={meta?.renewals ?? []} onDetail={setSelected} />
      <div className="grid gap-5 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <SubscriptionForm />
        <SubscriberList narrow={narrow} onDetail={setSelected} />
      </div>
      <SubscriberDetail subscriber={selected} onClose={close} />
    </div>
  );
}
