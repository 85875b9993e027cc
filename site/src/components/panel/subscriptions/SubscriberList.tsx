import { useStore } from '@nanostores/react';
import { formatPhone } from '../../../../../contracts/phone';
import { SUBSCRIBER_SEARCH_MIN, type SubscriberWire } from '../../../../../contracts/subscriptions';
import { nightSuffix, realStart } from '../../../lib/format';
import {
  $subscriberMeta,
  $subscriberStatus,
  $subscribers,
  $subscriberView,
  activeSearch,
  LIST_FAILED,
  loadSubscribers,
  setSubscriberPage,
  setSubscriberSearch,
  showAllSubscribers,
} from '../../../stores/panel-subscriptions';
import { Button } from '../../ui/Button';
import { CrownIcon } from '../../ui/icons';
import { ListError } from '../../ui/ListState';
import { SearchField } from '../../ui/SearchField';
import { Pager } from '../Pager';
import { shortDate } from './rules';

/** 'Sadık müşteri' above 10 played bookings (behaviour.md#constants-and-limits, isLoyal from the server). */
function LoyalBadge() {
  return (
    <span
      data-loyal
      className="inline-flex items-center gap-1 rounded-full border border-turf-300 bg-turf-50 px-2 py-0.5 text-xs font-semibold text-turf-900 dark:border-turf-700 dark:bg-turf-950 dark:text-turf-100"
    >
      <CrownIcon className="h-3.5 w-3.5" />
      Sadık müşteri
    </span>
  );
}

/** 'Sıradaki' as a person reads it: the real date of an after-midnight hour, with its night. */
function nextText(next: NonNullable<SubscriberWire['nextBooking']>): string {
  const start = realStart({ date: next.date, startTime: next.time, startsAt: next.startsAt });
  return `${shortDate(start.calendarDate)} ${start.time}${nightSuffix(start)}`;
}

function Row({ s, onDetail }: { s: SubscriberWire; onDetail: (s: SubscriberWire) => void }) {
  return (
    <li
      data-subscriber={s.customerId}
      className="flex flex-wrap items-start justify-between gap-3 rounded-xl border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="min-w-0 font-semibold break-all text-slate-900 dark:text-slate-100">{s.customerName}</span>
          {s.isLoyal && <LoyalBadge />}
        </p>
        <p className="text-sm text-slate-700 tabular-nums dark:text-slate-300">{formatPhone(s.customerPhone)}</p>
        <p className="text-sm break-words text-slate-700 dark:text-slate-300">
          {[s.facility?.name, s.slotText].filter(Boolean).join(' · ')}
        </p>
        <p className="text-xs text-slate-600 dark:text-slate-300">
          {s.totalBookings} rezervasyon · {s.playedBookings} oynanan · {s.remainingBookings} kalan
          {s.nextBooking ? ` · Sıradaki: ${nextText(s.nextBooking)}` : ''}
        </p>
      </div>
      <Button variant="secondary" size="sm" aria-label={`Detay: ${s.customerName}`} onPress={() => onDetail(s)}>
        Detay
      </Button>
    </li>
  );
}

/** behaviour.md#management-panel: the latest 5; a search from 2 characters shows the first 10; 'Tümünü gör' pages of 10. */
export function SubscriberList({ narrow, onDetail }: { narrow: boolean; onDetail: (s: SubscriberWire) => void }) {
  const view = useStore($subscriberView);
  const items = useStore($subscribers);
  const meta = useStore($subscriberMeta);
  const status = useStore($subscriberStatus);
  const search = activeSearch(view.search);
  const pagination = meta?.pagination;
  const heading = view.all ? 'Tüm aboneler' : search ? 'Arama sonuçları' : 'Son aboneler';

  return (
    <section aria-labelledby="subscribers-title" className="min-w-0 space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="subscribers-title" className="text-lg font-semibold text-slate-900 dark:text-slate-100">
          {heading}
        </h2>
        <Button variant="secondary" size="sm" onPress={() => void showAllSubscribers(!view.all)}>
          {view.all ? 'Son aboneleri göster' : 'Tümünü gör'}
        </Button>
      </div>
      <SearchField
        label="Abone ara"
        placeholder="Ad veya telefon"
        hint={`En az ${SUBSCRIBER_SEARCH_MIN} karakter yazın`}
        withIcon
        value={view.search}
        onChange={setSubscriberSearch}
      />
      <div aria-busy={status === 'loading'} aria-live="polite">
        {status === 'error' ? (
          <ListError compact message={LIST_FAILED} onRetry={() => void loadSubscribers()} />
        ) : status === 'loading' && items.length === 0 ? (
          <p className="py-8 text-center text-slate-700 dark:text-slate-300">Aboneler yükleniyor...</p>
        ) : items.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 p-6 text-center text-slate-700 dark:border-slate-600 dark:text-slate-300">
            {search ? 'Aramaya uyan abone bulunamadı' : 'Henüz abone yok'}
          </p>
        ) : (
          <ul className="space-y-2" data-subscriber-list>
            {items.map((s) => (
              <Row key={s.customerId} s={s} onDetail={onDetail} />
            ))}
          </ul>
        )}
      </div>
      {view.all && status !== 'error' && pagination && pagination.total > 0 && (
        <Pager
          page={view.page}
          pageCount={pagination.pageCount}
          total={pagination.total}
          noun="abone"
          narrow={narrow}
          numbers="ellipses"
          onPage={(n) => void setSubscriberPage(n)}
        />
      )}
    </section>
  );
}
