import { useState } from 'react';
import { formatPhone } from '../../../../../contracts/phone';
import type { SubscriberWire } from '../../../../../contracts/subscriptions';
import { Button } from '../../ui/Button';
import { AlertIcon } from '../../ui/icons';
import { Modal } from '../../ui/Modal';
import { type Column, Table } from '../../ui/Table';
import { shortDate } from './rules';

const SHOWN = 2;

/** 1 left is urgent (red), 2 left is soon (amber); the words say it too, not the colour alone. */
export function RemainingBadge({ remaining }: { remaining: number }) {
  const urgent = remaining <= 1;
  return (
    <span
      data-remaining={remaining}
      data-level={urgent ? 'urgent' : 'soon'}
      className={`inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${
        urgent
          ? 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100'
          : 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100'
      }`}
    >
      {urgent ? 'Acil' : 'Yakında'} · {remaining} rezervasyon kaldı
    </span>
  );
}

const where = (s: SubscriberWire) => [s.facility?.name, s.slotText].filter(Boolean).join(' · ');

const RENEWAL_COLUMNS: Column<SubscriberWire>[] = [
  { label: 'Müşteri', className: 'max-w-48 font-medium break-words', cell: (s) => s.customerName },
  { label: 'İletişim', className: 'whitespace-nowrap', cell: (s) => formatPhone(s.customerPhone) },
  { label: 'Saha', className: 'break-words', cell: (s) => where(s) || '—' },
  { label: 'Kalan', cell: (s) => <RemainingBadge remaining={s.remainingBookings} /> },
  { label: 'Son rezervasyon', className: 'whitespace-nowrap', cell: (s) => shortDate(s.lastBookingDate) },
];

/** 'Yenilenmesi gereken abonelikler' (behaviour.md#management-panel): the two with the fewest left, and all of them in a modal table. */
export function RenewalCard({
  renewals,
  onDetail,
}: {
  renewals: SubscriberWire[];
  onDetail: (s: SubscriberWire) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <section
      aria-labelledby="renewals-title"
      data-renewals
      className="rounded-2xl border border-amber-300 bg-amber-50/60 p-4 dark:border-amber-800 dark:bg-amber-950/40"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="renewals-title" className="flex items-center gap-2 font-semibold text-slate-900 dark:text-slate-100">
          <AlertIcon className="h-5 w-5 text-amber-800 dark:text-amber-300" />
          Yenilenmesi gereken abonelikler
          <span className="rounded-full bg-white px-2 py-0.5 text-xs tabular-nums text-slate-900 dark:bg-slate-900 dark:text-slate-100">
            {renewals.length}
          </span>
        </h2>
        {renewals.length > 0 && (
          <Button variant="secondary" size="sm" onPress={() => setOpen(true)}>
            Tümünü gör
          </Button>
        )}
      </div>
      {renewals.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">Yenilenmesi gereken abonelik yok.</p>
      ) : (
        <ul className="mt-3 space-y-2">
          {renewals.slice(0, SHOWN).map((s) => (
            <li
              key={s.customerId}
              data-renewal={s.customerId}
              className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-900"
            >
              <div className="min-w-0">
                <p className="font-semibold break-words text-slate-900 dark:text-slate-100">{s.customerName}</p>
                <p className="text-sm break-words text-slate-700 dark:text-slate-300">{where(s)}</p>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <RemainingBadge remaining={s.remainingBookings} />
                <Button variant="ghost" size="sm" aria-label={`Detay: ${s.customerName}`} onPress={() => onDetail(s)}>
                  Detay
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Modal isOpen={open} onOpenChange={setOpen} title="Yenilenmesi gereken abonelikler" size="full">
        <Table
          look="plain"
          data-renewal-table
          columns={RENEWAL_COLUMNS}
          actions={(s) => (
            <Button
              variant="secondary"
              size="sm"
              aria-label={`Detay: ${s.customerName}`}
              onPress={() => {
                setOpen(false);
                onDetail(s);
              }}
            >
              Detay
            </Button>
          )}
          rows={renewals}
          rowKey={(s) => s.customerId}
        />
      </Modal>
    </section>
  );
}
