import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { Button as RACButton } from 'react-aria-components/Button';
import { ModalOverlay, Modal as RACModal } from 'react-aria-components/Modal';
import { APPROVAL_RATE_GOOD } from '../../../../../contracts/customer-risk';
import { type CustomerStatsRow, customerMsg } from '../../../../../contracts/customers';
import { WEEK_DAY_LABELS } from '../../../../../contracts/facility-form';
import { customerPhoneText, customerTypeText } from '../../../lib/export/customer-reports';
import { dottedDate } from '../../../lib/export/download';
import { nightSuffix, realStart, tl } from '../../../lib/format';
import { $customerHistory, loadCustomerHistory } from '../../../stores/panel-customers';
import { Button } from '../../ui/Button';
import { Dialog, Heading } from '../../ui/Dialog';
import { focusRing } from '../../ui/focus';
import { XIcon } from '../../ui/icons';
import { StatusBadge } from '../../ui/StatusBadge';
import { type Key, Tab, TabList, TabPanel, Tabs } from '../../ui/Tabs';
import { WarningBadge } from './Badges';

const date = (d: string | null | undefined) => (d ? dottedDate(d) : '—');
const percent = (n: number) => `%${n.toLocaleString('tr-TR')}`;

function Facts({ children }: { children: ReactNode }) {
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm [&>dd]:[overflow-wrap:anywhere] [&>dt]:text-slate-600 dark:[&>dt]:text-slate-300">
      {children}
    </dl>
  );
}

function General({ c }: { c: CustomerStatsRow }) {
  const phone = customerPhoneText(c.customerPhone);
  return (
    <div className="space-y-5">
      <section aria-labelledby="customer-contact">
        <h3 id="customer-contact" className="mb-2 font-semibold">
          İletişim
        </h3>
        <Facts>
          {phone && (
            <>
              <dt>Telefon</dt>
              <dd className="tabular-nums" data-phone>
                {phone}
              </dd>
            </>
          )}
          <dt>E-posta</dt>
          <dd>{c.customerEmail || '—'}</dd>
          <dt>Müşteri tipi</dt>
          <dd>{customerTypeText(c)}</dd>
        </Facts>
      </section>
      <section aria-labelledby="customer-dates">
        <h3 id="customer-dates" className="mb-2 font-semibold">
          Rezervasyon bilgileri
        </h3>
        <Facts>
          <dt>İlk rezervasyon</dt>
          <dd className="tabular-nums">{date(c.firstBookingDate)}</dd>
          <dt>Son rezervasyon</dt>
          <dd className="tabular-nums">{date(c.lastBookingDate)}</dd>
          <dt>Son oynanan maç</dt>
          <dd className="tabular-nums">{date(c.lastActualBookingDate)}</dd>
          <dt>Favori saha</dt>
          <dd>{c.favoriteFacility || '—'}</dd>
          <dt>Favori gün</dt>
          <dd>{c.favoriteDay ? WEEK_DAY_LABELS[c.favoriteDay] : '—'}</dd>
          <dt>Favori saat</dt>
          <dd className="tabular-nums">{c.favoriteHour || '—'}</dd>
          <dt>Aylık ortalama</dt>
          <dd className="tabular-nums">{c.averageBookingsPerMonth.toLocaleString('tr-TR')} rezervasyon</dd>
          <dt>Oynanan maç</dt>
          <dd className="tabular-nums" data-played>
            {c.playedBookings}
          </dd>
          <dt>Gelmedi</dt>
          <dd className="tabular-nums" data-no-show>
            {c.noShowBookings ?? 0}
          </dd>
          <dt>Gerçekleşen harcama</dt>
          <dd className="tabular-nums" data-spent>
            {tl(c.totalSpent)}
          </dd>
          <dt>Planlanan harcama</dt>
          <dd className="tabular-nums" data-planned>
            {tl(c.plannedSpent)}
          </dd>
        </Facts>
      </section>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" isDisabled aria-describedby="customer-message-soon">
          Mesaj Gönder
        </Button>
        <span
          id="customer-message-soon"
          className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800 dark:bg-slate-800 dark:text-slate-100"
        >
          {customerMsg.messageSoon}
        </span>
      </div>
    </div>
  );
}

function History({ id }: { id: number }) {
  const state = useStore($customerHistory)[id];
  // behaviour.md#error-messages: a history failure is silent.
  if (!state || state.status === 'failed') return null;
  if (state.status === 'loading')
    return (
      <p role="status" className="py-6 text-center text-slate-700 dark:text-slate-300">
        Geçmiş yükleniyor...
      </p>
    );
  const { bookings, stats } = state.detail;
  if (bookings.length === 0)
    return <p className="py-6 text-center text-slate-700 dark:text-slate-300">{customerMsg.historyEmpty}</p>;
  return (
    <div className="space-y-5">
      {stats.topFacilities.length > 0 && (
        <section aria-labelledby="customer-usage">
          <h3 id="customer-usage" className="mb-2 font-semibold">
            En çok kullanılan sahalar
          </h3>
          <ol className="space-y-1 text-sm" data-usage>
            {stats.topFacilities.map((f) => (
              <li key={f.name} className="flex min-w-0 justify-between gap-3">
                <span className="min-w-0 [overflow-wrap:anywhere]">{f.name}</span>
                <span className="shrink-0 tabular-nums">{f.count} rezervasyon</span>
              </li>
            ))}
          </ol>
        </section>
      )}
      <section aria-labelledby="customer-bookings">
        <h3 id="customer-bookings" className="mb-2 font-semibold">
          Son rezervasyonlar
        </h3>
        <ul className="divide-y divide-slate-200 text-sm dark:divide-slate-700">
          {bookings.map((b) => (
            <li key={b.documentId} className="flex min-w-0 flex-wrap items-center justify-between gap-2 py-2">
              <div className="min-w-0">
                <a
                  href={`/rezervasyon-takip?q=${encodeURIComponent(b.bookingNumber)}`}
                  className={`rounded font-mono font-semibold text-turf-800 underline dark:text-turf-300 ${focusRing}`}
                  data-history-booking={b.bookingNumber}
                >
                  {b.bookingNumber}
                </a>
                <div className="text-slate-700 [overflow-wrap:anywhere] dark:text-slate-300">
                  {dottedDate(realStart(b).calendarDate)} {b.startTime}–{b.endTime}
                  {nightSuffix(realStart(b))} · {b.facility.name}
                </div>
              </div>
              <div className="flex items-center gap-2">
                <span className="tabular-nums">{tl(b.totalPrice)}</span>
                <StatusBadge status={b.status} />
              </div>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

function Analysis({ c }: { c: CustomerStatsRow }) {
  const good = c.approvalRate >= APPROVAL_RATE_GOOD;
  return (
    <Facts>
      <dt>Müşteri puanı</dt>
      <dd className="font-semibold tabular-nums" data-score>
        {c.score}
      </dd>
      <dt>Başarı oranı</dt>
      <dd className="tabular-nums">{percent(c.successRate)}</dd>
      <dt>Onay oranı</dt>
      <dd className="tabular-nums">
        <span
          className={
            good ? 'font-semibold text-turf-800 dark:text-turf-300' : 'font-semibold text-red-800 dark:text-red-300'
          }
          data-approval={good ? 'good' : 'low'}
        >
          <span aria-hidden="true">{good ? '↑' : '↓'} </span>
          {percent(c.approvalRate)}
          <span className="sr-only">{good ? ' (iyi)' : ' (düşük)'}</span>
        </span>
      </dd>
      <dt>İptal oranı</dt>
      <dd className="tabular-nums">{percent(c.cancellationRate)}</dd>
      <dt>Ardışık iptal</dt>
      <dd className="tabular-nums">{c.consecutiveCancellations}</dd>
      <dt>Risk</dt>
      <dd className="font-semibold" data-risk>
        {c.riskLabel}
      </dd>
      <dt>Uyarı seviyesi</dt>
      <dd>
        <WarningBadge level={c.warningLevel} />
      </dd>
    </Facts>
  );
}

const closeButton =
  'inline-flex cursor-pointer items-center justify-center rounded-lg px-3 py-1.5 text-sm font-semibold text-slate-800 transition ' +
  `hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800 ${focusRing}`;

/** The customer's side panel (behaviour.md#management-panel): Genel, Geçmiş (fetched on first opening) and Analiz; a modal dialog at the right. */
export function CustomerSheet({ customer, onClose }: { customer: CustomerStatsRow | null; onClose: () => void }) {
  return (
    <ModalOverlay
      isOpen={customer !== null}
      onOpenChange={(open) => !open && onClose()}
      isDismissable
      className="fixed inset-0 z-50 flex justify-end bg-black/60"
    >
      <RACModal className="h-full w-full max-w-xl overflow-y-auto bg-white p-5 text-slate-900 shadow-xl sm:p-6 dark:bg-slate-900 dark:text-slate-100">
        <Dialog>
          {({ close }) =>
            customer && (
              <>
                <div className="flex items-start justify-between gap-4">
                  <Heading slot="title" className="min-w-0 text-xl font-bold [overflow-wrap:anywhere]">
                    {customer.customerName?.trim() || 'Bilinmeyen Müşteri'}
                  </Heading>
                  <RACButton aria-label="Kapat" onPress={close} className={closeButton}>
                    <XIcon strokeWidth={2.5} />
                  </RACButton>
                </div>
                <Tabs
                  className="mt-4"
                  defaultSelectedKey="general"
                  onSelectionChange={(key: Key) => {
                    if (key === 'history') void loadCustomerHistory(customer.id);
                  }}
                >
                  <TabList aria-label="Müşteri bilgileri">
                    <Tab id="general">Genel</Tab>
                    <Tab id="history">Geçmiş</Tab>
                    <Tab id="analysis">Analiz</Tab>
                  </TabList>
                  <TabPanel id="general" className="mt-4">
                    <General c={customer} />
                  </TabPanel>
                  <TabPanel id="history" className="mt-4">
                    <History id={customer.id} />
                  </TabPanel>
                  <TabPanel id="analysis" className="mt-4">
                    <Analysis c={customer} />
                  </TabPanel>
                </Tabs>
              </>
            )
          }
        </Dialog>
      </RACModal>
    </ModalOverlay>
  );
}
