import { formatPhone } from '../../../../../contracts/phone';
import { nightSuffix, realStart, tl, trDate } from '../../../lib/format';
import type { BookingListItem } from '../../../stores/panel-bookings';
import { Button } from '../../ui/Button';
import { BusIcon, CrownIcon } from '../../ui/icons';
import { StatusBadge } from '../../ui/StatusBadge';
import { type Column, Table } from '../../ui/Table';

// Fallback texts of behaviour.md#management-panel 'Booking detail dialog', used on the list as well.
const customer = (b: BookingListItem) => b.customerName?.trim() || 'Bilinmeyen Müşteri';
const facilityName = (b: BookingListItem) => b.facility?.name?.trim() || 'Saha bilgisi yok';
// The real calendar date: an after-midnight hour is played the day after its business date, which follows as context.
const day = (b: BookingListItem) =>
  b.date && b.startTime ? trDate(realStart(b).calendarDate) : b.date ? trDate(b.date) : 'Tarih yok';
const time = (b: BookingListItem) =>
  b.startTime ? `${b.startTime}–${b.endTime}${b.date ? nightSuffix(realStart(b)) : ''}` : '';
// An anonymised customer's phone is a hash: never shown.
const phone = (b: BookingListItem) =>
  b.customerPhone?.startsWith('#') ? 'Gizlendi (KVKK)' : b.customerPhone?.trim() ? formatPhone(b.customerPhone) : null;

interface ListProps {
  items: BookingListItem[];
  onOpen: (b: BookingListItem) => void;
}

function Marks({ b }: { b: BookingListItem }) {
  return (
    <>
      {b.isSubscriber && (
        <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          <CrownIcon className="h-3 w-3" /> Abone
        </span>
      )}
      {b.isPast && (
        <span className="inline-flex items-center rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800 dark:bg-slate-800 dark:text-slate-200">
          Geçmiş
        </span>
      )}
      {b.includesTransportation && (
        <span className="inline-flex items-center gap-1 rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-900 dark:bg-sky-950 dark:text-sky-100">
          <BusIcon className="h-3 w-3" /> Servis
        </span>
      )}
    </>
  );
}

function DetailButton({ b, onOpen }: { b: BookingListItem; onOpen: ListProps['onOpen'] }) {
  return (
    <Button variant="secondary" size="sm" onPress={() => onOpen(b)}>
      Detay<span className="sr-only"> {b.bookingNumber}</span>
    </Button>
  );
}

const COLUMNS: Column<BookingListItem>[] = [
  { label: 'Rezervasyon No', className: 'font-mono font-semibold whitespace-nowrap', cell: (b) => b.bookingNumber },
  {
    label: 'Müşteri',
    className: 'max-w-64 [overflow-wrap:anywhere]',
    cell: (b) => (
      <>
        <div className="font-medium text-slate-900 dark:text-slate-100">{customer(b)}</div>
        {phone(b) && <div className="text-slate-600 dark:text-slate-300">{phone(b)}</div>}
        <div className="mt-1 flex flex-wrap gap-1">
          <Marks b={b} />
        </div>
      </>
    ),
  },
  { label: 'Saha', className: 'max-w-48 [overflow-wrap:anywhere]', cell: facilityName },
  {
    label: 'Tarih / Saat',
    className: 'whitespace-nowrap',
    cell: (b) => (
      <>
        <div>{day(b)}</div>
        <div className="text-slate-600 dark:text-slate-300">{time(b)}</div>
      </>
    ),
  },
  { label: 'Tutar', numeric: true, className: 'font-semibold whitespace-nowrap', cell: (b) => tl(b.totalPrice) },
  { label: 'Durum', cell: (b) => <StatusBadge status={b.status} /> },
];

/** Wide screens (≥ 768 px): one row per booking; the row opens the dialog on click, its 'Detay' button by keyboard. */
export function BookingTable({ items, onOpen }: ListProps) {
  return (
    <Table
      caption="Rezervasyonlar"
      columns={COLUMNS}
      actions={(b) => <DetailButton b={b} onOpen={onOpen} />}
      rows={items}
      rowKey={(b) => b.documentId}
      rowProps={(b) => ({ 'data-booking': b.bookingNumber })}
      onRowOpen={onOpen}
    />
  );
}

/** Narrow screens (< 768 px): one card per booking. */
export function BookingCards({ items, onOpen }: ListProps) {
  return (
    <ul aria-label="Rezervasyonlar" className="space-y-3">
      {items.map((b) => (
        <li
          key={b.documentId}
          data-booking={b.bookingNumber}
          className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-slate-900"
        >
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="font-semibold text-slate-900 [overflow-wrap:anywhere] dark:text-slate-100">{customer(b)}</p>
              {phone(b) && <p className="text-sm text-slate-600 dark:text-slate-300">{phone(b)}</p>}
            </div>
            <StatusBadge status={b.status} />
          </div>
          <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm [&>dd]:[overflow-wrap:anywhere]">
            <dt className="text-slate-600 dark:text-slate-300">No</dt>
            <dd className="font-mono font-semibold">{b.bookingNumber}</dd>
            <dt className="text-slate-600 dark:text-slate-300">Saha</dt>
            <dd>{facilityName(b)}</dd>
            <dt className="text-slate-600 dark:text-slate-300">Tarih</dt>
            <dd>
              {day(b)} {time(b)}
            </dd>
            <dt className="text-slate-600 dark:text-slate-300">Tutar</dt>
            <dd className="font-semibold tabular-nums">{tl(b.totalPrice)}</dd>
          </dl>
          <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
            <div className="flex flex-wrap gap-1">
              <Marks b={b} />
            </div>
            <DetailButton b={b} onOpen={onOpen} />
          </div>
        </li>
      ))}
    </ul>
  );
}
