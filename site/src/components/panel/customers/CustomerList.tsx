import type { CustomerStatsRow } from '../../../../../contracts/customers';
import { customerPhoneText } from '../../../lib/export/customer-reports';
import { dottedDate } from '../../../lib/export/download';
import { Button } from '../../ui/Button';
import { type Column, Table } from '../../ui/Table';
import { ActivityText, TypeBadge, WarningBadge } from './Badges';

interface ListProps {
  items: CustomerStatsRow[];
  onOpen: (c: CustomerStatsRow) => void;
}

const name = (c: CustomerStatsRow) => c.customerName?.trim() || 'Bilinmeyen Müşteri';
const date = (d: string | null) => (d ? dottedDate(d) : '—');
const percent = (n: number) => `%${n.toLocaleString('tr-TR')}`;

function DetailButton({ c, onOpen }: { c: CustomerStatsRow; onOpen: ListProps['onOpen'] }) {
  return (
    <Button variant="secondary" size="sm" onPress={() => onOpen(c)}>
      Detay<span className="sr-only"> {name(c)}</span>
    </Button>
  );
}

const COLUMNS: Column<CustomerStatsRow>[] = [
  {
    label: 'Müşteri',
    className: 'max-w-72 min-w-52 [overflow-wrap:anywhere]',
    cell: (c) => {
      const phone = customerPhoneText(c.customerPhone);
      return (
        <>
          <div className="font-medium text-slate-900 dark:text-slate-100" data-name>
            {name(c)}
          </div>
          {phone && (
            <div className="whitespace-nowrap text-slate-600 tabular-nums dark:text-slate-300" data-phone>
              {phone}
            </div>
          )}
          {c.customerEmail && <div className="text-slate-600 dark:text-slate-300">{c.customerEmail}</div>}
        </>
      );
    },
  },
  { label: 'Tip', cell: (c) => <TypeBadge isSubscriber={c.isSubscriber} /> },
  {
    label: 'Toplam / Onaylı / İptal',
    numeric: true,
    className: 'whitespace-nowrap',
    cell: (c) => `${c.totalBookings} / ${c.approvedBookings} / ${c.cancelledBookings}`,
  },
  { label: 'İptal oranı', numeric: true, cell: (c) => percent(c.cancellationRate) },
  {
    label: 'Ardışık iptal',
    numeric: true,
    cell: (c) => c.consecutiveCancellations,
    cellProps: () => ({ 'data-consecutive': true }),
  },
  { label: 'Son rezervasyon', className: 'whitespace-nowrap tabular-nums', cell: (c) => date(c.lastBookingDate) },
  { label: 'Uyarı', cell: (c) => <WarningBadge level={c.warningLevel} /> },
  { label: 'Aktiflik', cell: (c) => <ActivityText status={c.activityStatus} /> },
];

/** Wide screens (≥ 1024 px): one row per customer; the row opens the panel on click, its 'Detay' button by keyboard. */
export function CustomerTable({ items, onOpen }: ListProps) {
  return (
    <Table
      dense
      caption="Müşteriler"
      columns={COLUMNS}
      actions={(c) => <DetailButton c={c} onOpen={onOpen} />}
      rows={items}
      rowKey={(c) => c.id}
      rowProps={(c) => ({ 'data-customer': c.id })}
      onRowOpen={onOpen}
    />
  );
}

/** Narrow screens (< 1024 px): one card per customer. */
export function CustomerCards({ items, onOpen }: ListProps) {
  return (
    <ul aria-label="Müşteriler" className="space-y-3">
      {items.map((c) => {
        const phone = customerPhoneText(c.customerPhone);
        return (
          <li
            key={c.id}
            data-customer={c.id}
            className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-slate-900"
          >
            <div className="flex min-w-0 items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="font-semibold text-slate-900 [overflow-wrap:anywhere] dark:text-slate-100" data-name>
                  {name(c)}
                </p>
                {phone && (
                  <p className="text-sm text-slate-600 tabular-nums dark:text-slate-300" data-phone>
                    {phone}
                  </p>
                )}
                {c.customerEmail && (
                  <p className="text-sm text-slate-600 [overflow-wrap:anywhere] dark:text-slate-300">
                    {c.customerEmail}
                  </p>
                )}
              </div>
              <TypeBadge isSubscriber={c.isSubscriber} />
            </div>
            <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
              <dt className="text-slate-600 dark:text-slate-300">Rezervasyon</dt>
              <dd className="tabular-nums">
                {c.totalBookings} toplam · {c.approvedBookings} onaylı · {c.cancelledBookings} iptal
                {c.noShowBookings > 0 && <span data-no-show> · {c.noShowBookings} gelmedi</span>}
              </dd>
              <dt className="text-slate-600 dark:text-slate-300">İptal oranı</dt>
              <dd className="tabular-nums">{percent(c.cancellationRate)}</dd>
              <dt className="text-slate-600 dark:text-slate-300">Ardışık iptal</dt>
              <dd className="tabular-nums" data-consecutive>
                {c.consecutiveCancellations}
              </dd>
              <dt className="text-slate-600 dark:text-slate-300">Son rezervasyon</dt>
              <dd className="tabular-nums">{date(c.lastBookingDate)}</dd>
              <dt className="text-slate-600 dark:text-slate-300">Aktiflik</dt>
              <dd>
                <ActivityText status={c.activityStatus} />
              </dd>
            </dl>
            <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
              <WarningBadge level={c.warningLevel} />
              <DetailButton c={c} onOpen={onOpen} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
