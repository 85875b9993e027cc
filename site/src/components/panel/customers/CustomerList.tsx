import type { CustomerStatsRow } from '../../../../../contracts/customers';
import { customerPhoneText } from '../../../lib/export/customer-reports';
import { dottedDate } from '../../../lib/export/download';
import { Button } from '../../ui/Button';
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

/** Wide screens (≥ 1024 px): one row per customer; the row opens the panel on click, its 'Detay' button by keyboard. */
export function CustomerTable({ items, onOpen }: ListProps) {
  const th = 'px-3 py-3 font-semibold';
  return (
    <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-700 dark:bg-slate-900">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Müşteriler</caption>
        <thead className="bg-slate-50 text-xs text-slate-700 uppercase dark:bg-slate-800 dark:text-slate-300">
          <tr>
            <th scope="col" className={th}>
              Müşteri
            </th>
            <th scope="col" className={th}>
              Tip
            </th>
            <th scope="col" className={`${th} text-right`}>
              Toplam / Onaylı / İptal
            </th>
            <th scope="col" className={`${th} text-right`}>
              İptal oranı
            </th>
            <th scope="col" className={`${th} text-right`}>
              Ardışık iptal
            </th>
            <th scope="col" className={th}>
              Son rezervasyon
            </th>
            <th scope="col" className={th}>
              Uyarı
            </th>
            <th scope="col" className={th}>
              Aktiflik
            </th>
            <th scope="col" className={th}>
              <span className="sr-only">İşlem</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
          {items.map((c) => {
            const phone = customerPhoneText(c.customerPhone);
            return (
              <tr
                key={c.id}
                data-customer={c.id}
                onClick={(e) => {
                  if (!(e.target as HTMLElement).closest('button, a')) onOpen(c);
                }}
                className="cursor-pointer hover:bg-slate-50 dark:hover:bg-slate-800/60"
              >
                <td className="max-w-72 min-w-52 px-3 py-3 [overflow-wrap:anywhere]">
                  <div className="font-medium text-slate-900 dark:text-slate-100" data-name>
                    {name(c)}
                  </div>
                  {phone && (
                    <div className="whitespace-nowrap text-slate-600 tabular-nums dark:text-slate-300" data-phone>
                      {phone}
                    </div>
                  )}
                  {c.customerEmail && <div className="text-slate-600 dark:text-slate-300">{c.customerEmail}</div>}
                </td>
                <td className="px-3 py-3">
                  <TypeBadge isSubscriber={c.isSubscriber} />
                </td>
                <td className="px-3 py-3 text-right whitespace-nowrap tabular-nums">
                  {c.totalBookings} / {c.approvedBookings} / {c.cancelledBookings}
                </td>
                <td className="px-3 py-3 text-right tabular-nums">{percent(c.cancellationRate)}</td>
                <td className="px-3 py-3 text-right tabular-nums" data-consecutive>
                  {c.consecutiveCancellations}
                </td>
                <td className="px-3 py-3 whitespace-nowrap tabular-nums">{date(c.lastBookingDate)}</td>
                <td className="px-3 py-3">
                  <WarningBadge level={c.warningLevel} />
                </td>
                <td className="px-3 py-3">
                  <ActivityText status={c.activityStatus} />
                </td>
                <td className="px-3 py-3 text-right">
                  <DetailButton c={c} onOpen={onOpen} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
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
