import { type ReactNode, useEffect, useState } from 'react';
import type { CustomerBookingWire, CustomerDetailWire } from '../../../../../contracts/customers';
import { istanbulToday } from '../../../../../contracts/dates';
import { formatPhone } from '../../../../../contracts/phone';
import { type SubscriberWire, subscriptionMsg } from '../../../../../contracts/subscriptions';
import { nightSuffix, realStart, tl, trDateTime } from '../../../lib/format';
import { loadSubscriberDetail } from '../../../stores/panel-subscriptions';
import { toast } from '../../../stores/toast';
import { Modal } from '../../ui/Modal';
import { StatusBadge } from '../../ui/StatusBadge';
import { type Column, Table } from '../../ui/Table';
import { Tab, TabList, TabPanel, Tabs } from '../../ui/Tabs';
import { CalendarFeedCard } from './CalendarFeedCard';
import { shortDate } from './rules';
import { SubscriptionMessages } from './SubscriptionMessages';

const UPCOMING = 5;
const ACTIVITIES = 5;

const isLive = (b: CustomerBookingWire) => b.status === 'pending' || b.status === 'approved';

/** The detail's figures from GET /api/bookings/customers/{id} (the latest 30 bookings and the server's stats). */
export function detailFacts(d: CustomerDetailWire, today: string) {
  const upcoming = d.bookings
    .filter((b) => b.date >= today && isLive(b))
    .sort((a, b) => (a.date + a.startTime).localeCompare(b.date + b.startTime));
  return {
    upcoming: upcoming.slice(0, UPCOMING),
    // Approved matches whose hour has passed, counted by the server over every booking (not only the latest 30).
    played: d.stats.playedBookings,
    activities: [...d.bookings].sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, ACTIVITIES),
    lastActivity: d.bookings.reduce<string | null>((m, b) => (!m || b.createdAt > m ? b.createdAt : m), null),
  };
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0 rounded-xl border border-slate-200 p-3 dark:border-slate-700">
      <dt className="text-xs font-medium text-slate-700 dark:text-slate-300">{label}</dt>
      <dd className="mt-1 font-semibold break-words">{children}</dd>
    </div>
  );
}

/** The real calendar date and time: an after-midnight hour is played the day after its business date. */
const when = (b: CustomerBookingWire) =>
  `${shortDate(realStart(b).calendarDate)} ${b.startTime}${nightSuffix(realStart(b))}`;

const BOOKING_COLUMNS: Column<CustomerBookingWire>[] = [
  { label: 'Tarih', className: 'whitespace-nowrap tabular-nums', cell: (b) => shortDate(realStart(b).calendarDate) },
  {
    label: 'Saat',
    className: 'tabular-nums',
    cell: (b) => (
      <>
        <span className="whitespace-nowrap">
          {b.startTime}–{b.endTime}
        </span>
        {nightSuffix(realStart(b))}
      </>
    ),
  },
  { label: 'Saha', className: 'break-words', cell: (b) => b.facility.name },
  { label: 'Durum', cell: (b) => <StatusBadge status={b.status} /> },
  { label: 'Tutar', className: 'whitespace-nowrap tabular-nums', cell: (b) => tl(b.totalPrice) },
  { label: 'Rezervasyon no', className: 'font-mono text-xs whitespace-nowrap', cell: (b) => b.bookingNumber },
];

/** The subscriber detail modal (behaviour.md#management-panel): Genel, Rezervasyonlar and Geçmiş. A failure closes it with a toast. */
export function SubscriberDetail({ subscriber, onClose }: { subscriber: SubscriberWire | null; onClose: () => void }) {
  const [detail, setDetail] = useState<CustomerDetailWire | null>(null);
  const [feedVersion, setFeedVersion] = useState(0);
  const id = subscriber?.customerId ?? null;

  useEffect(() => {
    setDetail(null);
    if (id === null) return;
    let live = true;
    loadSubscriberDetail(id).then(
      (d) => live && setDetail(d),
      () => {
        if (!live) return;
        toast('error', subscriptionMsg.detailFailed);
        onClose();
      },
    );
    return () => {
      live = false;
    };
  }, [id, onClose]);

  const facts = detail ? detailFacts(detail, istanbulToday()) : null;

  return (
    <Modal
      isOpen={subscriber !== null}
      onOpenChange={(open) => !open && onClose()}
      title={subscriber ? `Abone: ${subscriber.customerName}` : 'Abone'}
      size="lg"
    >
      {!detail || !facts ? (
        <p aria-busy="true" className="py-8 text-center text-slate-700 dark:text-slate-300">
          Abone bilgileri yükleniyor...
        </p>
      ) : (
        <div className="space-y-3" data-subscriber-detail>
          <p className="text-sm break-all text-slate-700 dark:text-slate-300">
            {formatPhone(detail.customerInfo.phone)}
            {detail.customerInfo.email ? ` · ${detail.customerInfo.email}` : ''}
          </p>
          <Tabs>
            <TabList aria-label="Abone ayrıntıları">
              <Tab id="overview">Genel</Tab>
              <Tab id="bookings">Rezervasyonlar</Tab>
              <Tab id="history">Geçmiş</Tab>
            </TabList>
            <TabPanel id="overview" className="mt-4 space-y-4">
              <dl className="grid grid-cols-1 gap-2 sm:grid-cols-2">
                <Fact label="Abonelik başlangıcı">
                  {shortDate(subscriber?.firstBookingDate ?? detail.customerInfo.firstBookingDate)}
                </Fact>
                <Fact label="Son etkinlik">{facts.lastActivity ? trDateTime(facts.lastActivity) : '—'}</Fact>
                <Fact label="Toplam iptal">{detail.stats.cancelledBookings}</Fact>
                <Fact label="Ardışık iptal">{detail.stats.consecutiveCancellations}</Fact>
              </dl>
              <div>
                <h3 className="font-semibold">Sıradaki rezervasyonlar</h3>
                {facts.upcoming.length === 0 ? (
                  <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">Yaklaşan rezervasyon yok.</p>
                ) : (
                  <ul className="mt-2 space-y-1 text-sm" data-upcoming>
                    {facts.upcoming.map((b) => (
                      <li key={b.documentId} className="flex flex-wrap items-center gap-2">
                        <span className="tabular-nums">{when(b)}</span>
                        <span className="break-words">{b.facility.name}</span>
                        <StatusBadge status={b.status} />
                      </li>
                    ))}
                  </ul>
                )}
              </div>
              {subscriber?.recurringGroupId && (
                <>
                  <CalendarFeedCard
                    groupId={subscriber.recurringGroupId}
                    onChange={() => setFeedVersion((v) => v + 1)}
                  />
                  <SubscriptionMessages groupId={subscriber.recurringGroupId} version={feedVersion} />
                </>
              )}
            </TabPanel>
            <TabPanel id="bookings" className="mt-4">
              {detail.bookings.length === 0 ? (
                <p className="text-sm text-slate-700 dark:text-slate-300">Rezervasyon bulunamadı.</p>
              ) : (
                <Table
                  look="plain"
                  data-detail-bookings
                  columns={BOOKING_COLUMNS}
                  rows={detail.bookings}
                  rowKey={(b) => b.documentId}
                />
              )}
            </TabPanel>
            <TabPanel id="history" className="mt-4 space-y-4">
              <dl className="grid grid-cols-1 gap-2 sm:grid-cols-2">
                <Fact label="Oynanan maç">{facts.played}</Fact>
                <Fact label="İptal oranı">%{detail.stats.cancellationRate}</Fact>
              </dl>
              <div>
                <h3 className="font-semibold">Son etkinlikler</h3>
                {facts.activities.length === 0 ? (
                  <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">Etkinlik yok.</p>
                ) : (
                  <ul className="mt-2 space-y-1 text-sm" data-activities>
                    {facts.activities.map((b) => (
                      <li key={b.documentId} className="flex flex-wrap items-center gap-2">
                        <span className="tabular-nums">{trDateTime(b.createdAt)}</span>
                        <span className="break-words">
                          {b.facility.name} · {when(b)}
                        </span>
                        <StatusBadge status={b.status} />
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            </TabPanel>
          </Tabs>
        </div>
      )}
    </Modal>
  );
}
