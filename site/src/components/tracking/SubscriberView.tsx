import { type ReactNode, useId, useMemo, useState } from 'react';
import { formatPhone } from '../../../../contracts/phone-format';
import { nightSuffix, realStart, slotDateText, tl, trCalendarDay } from '../../lib/format';
import {
  counters,
  DEFAULT_LIST,
  facilityNames,
  filterAndSort,
  type ListOptions,
  loyaltyText,
  type PhoneListedBooking,
  type SortKey,
  type StatusFilter,
  successRate,
} from '../../lib/tracking';
import { ArrowUpDownIcon, CrownIcon, GridIcon, InfoIcon, ListIcon, RefreshIcon, SearchIcon } from '../ui/icons';
import { Button } from '../ui/light/Button';
import { PastTag, StatusBadge } from '../ui/StatusBadge';

interface Props {
  customer: { name: string; phone: string };
  bookings: PhoneListedBooking[];
  refreshing: boolean;
  onRefresh: () => void;
  onNewSearch: () => void;
  /** Details and cancelling need the full number: the page asks for it (a phone alone never opens a booking). */
  onOpen: (booking: PhoneListedBooking) => void;
}

const STATUS_OPTIONS: Array<[StatusFilter, string]> = [
  ['all', 'Tümü'],
  ['pending', 'Beklemede'],
  ['approved', 'Onaylandı'],
  ['cancelled', 'İptal Edildi'],
];
const SORT_OPTIONS: Array<[SortKey, string]> = [
  ['date', 'Tarih'],
  ['status', 'Durum'],
  ['facility', 'Saha'],
];

/** The subscriber view of behaviour.md#public-site: header, figures, filters, grid/list and sorting over the subscriber's own bookings. */
export function SubscriberView({ customer, bookings, refreshing, onRefresh, onNewSearch, onOpen }: Props) {
  const [options, setOptions] = useState<ListOptions>(DEFAULT_LIST);
  const [view, setView] = useState<'grid' | 'list'>('grid');
  const set = (patch: Partial<ListOptions>) => setOptions((o) => ({ ...o, ...patch }));
  const id = useId();

  const count = useMemo(() => counters(bookings), [bookings]);
  const rate = successRate(bookings);
  const loyalty = loyaltyText(bookings);
  const facilities = useMemo(() => facilityNames(bookings), [bookings]);
  const shown = useMemo(() => filterAndSort(bookings, options), [bookings, options]);
  const filtered = options.status !== 'all' || options.facility !== 'all';

  return (
    <section aria-labelledby={`${id}-name`} className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-700 dark:bg-slate-900">
        <div className="flex items-center gap-4">
          <span
            aria-hidden="true"
            className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-turf-700 text-lg font-bold text-white"
          >
            {/* A letter, never half of an emoji. */}
            {customer.name.match(/\p{L}/u)?.[0].toLocaleUpperCase('tr')}
          </span>
          <div>
            <h2 id={`${id}-name`} className="flex flex-wrap items-center gap-2 text-xl font-bold">
              {customer.name}
              <span className="inline-flex items-center gap-1 rounded-full border border-amber-300 bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
                <CrownIcon className="h-3.5 w-3.5" /> Abone
              </span>
            </h2>
            <p className="text-sm text-slate-700 dark:text-slate-300">{formatPhone(customer.phone)}</p>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onPress={onRefresh} isDisabled={refreshing}>
            <RefreshIcon className={`h-4 w-4 ${refreshing ? 'animate-spin motion-reduce:animate-none' : ''}`} />
            {refreshing ? 'Yenileniyor...' : 'Yenile'}
          </Button>
          <Button variant="ghost" onPress={onNewSearch}>
            <SearchIcon /> Yeni Arama
          </Button>
        </div>
      </div>

      <p className="flex items-center gap-2 rounded-xl border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-950 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-50">
        <InfoIcon /> Sadece abone rezervasyonlarınız görüntülenir
      </p>

      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        <Stat label="Başarı oranı" value={`%${rate}`} hint="Onaylı / toplam" emphasis />
        <Stat label="Toplam" value={count.total} />
        <Stat label="Onaylı" value={count.approved} />
        <Stat label="Bekleyen" value={count.pending} />
        <Stat label="İptal / Red" value={count.cancelled} />
        <Stat label="Abonelik süresi" value={loyalty} />
      </dl>

      <div
        className="flex flex-wrap items-end gap-3 rounded-2xl border border-slate-200 bg-slate-50 p-4 dark:border-slate-700 dark:bg-slate-900"
        role="group"
        aria-label="Filtre ve sıralama"
      >
        <Select label="Durum" value={options.status} onChange={(v) => set({ status: v as StatusFilter })}>
          {STATUS_OPTIONS.map(([v, l]) => (
            <option key={v} value={v}>
              {l}
            </option>
          ))}
        </Select>
        {facilities.length > 1 && (
          <Select label="Saha" value={options.facility} onChange={(v) => set({ facility: v })}>
            <option value="all">Tüm sahalar</option>
            {facilities.map((f) => (
              <option key={f} value={f}>
                {f}
              </option>
            ))}
          </Select>
        )}
        <Select label="Sırala" value={options.sort} onChange={(v) => set({ sort: v as SortKey })}>
          {SORT_OPTIONS.map(([v, l]) => (
            <option key={v} value={v}>
              {l}
            </option>
          ))}
        </Select>
        <Button
          variant="secondary"
          onPress={() => set({ dir: options.dir === 'asc' ? 'desc' : 'asc' })}
          aria-label={`Sıralama yönü: ${options.dir === 'asc' ? 'artan' : 'azalan'}`}
        >
          <ArrowUpDownIcon /> {options.dir === 'asc' ? 'Artan' : 'Azalan'}
        </Button>
        <div
          className="ml-auto flex rounded-lg border border-slate-300 bg-white p-0.5 dark:border-slate-600 dark:bg-slate-800"
          role="group"
          aria-label="Görünüm"
        >
          <ViewButton pressed={view === 'grid'} onPress={() => setView('grid')} label="Izgara">
            <GridIcon />
          </ViewButton>
          <ViewButton pressed={view === 'list'} onPress={() => setView('list')} label="Liste">
            <ListIcon />
          </ViewButton>
        </div>
      </div>

      <p className="text-sm text-slate-700 dark:text-slate-300" aria-live="polite">
        {shown.length} rezervasyon gösteriliyor
      </p>

      {shown.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 p-8 text-center dark:border-slate-600">
          <p className="font-medium">Filtreye uygun rezervasyon bulunamadı.</p>
          {filtered && (
            <Button className="mt-4" variant="secondary" onPress={() => set({ status: 'all', facility: 'all' })}>
              Filtreleri temizle
            </Button>
          )}
        </div>
      ) : (
        <ul
          className={
            view === 'grid'
              ? 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3'
              : 'divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 dark:divide-slate-700 dark:border-slate-700'
          }
          data-view={view}
        >
          {shown.map((b) => (
            <li key={b.documentId} data-booking={b.bookingNumberMasked}>
              {view === 'grid' ? <Card booking={b} onOpen={onOpen} /> : <Line booking={b} onOpen={onOpen} />}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Stat({
  label,
  value,
  hint,
  emphasis,
}: {
  label: string;
  value: ReactNode;
  hint?: string;
  emphasis?: boolean;
}) {
  return (
    <div
      className={`rounded-xl border p-4 ${emphasis ? 'border-turf-300 bg-turf-50 dark:border-turf-800 dark:bg-turf-950' : 'border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900'}`}
    >
      <dt className="text-xs font-medium text-slate-700 dark:text-slate-300">{label}</dt>
      <dd className="mt-1 text-2xl font-bold">{value}</dd>
      {hint && <dd className="text-xs text-slate-600 dark:text-slate-300">{hint}</dd>}
    </div>
  );
}

function Select({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex flex-col">
      <label htmlFor={id} className="text-xs font-medium text-slate-700 dark:text-slate-300">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="mt-1 rounded-lg border border-slate-400 bg-white px-3 py-2 text-sm text-slate-900 dark:border-slate-500 dark:bg-slate-800 dark:text-slate-100"
      >
        {children}
      </select>
    </div>
  );
}

function ViewButton({
  pressed,
  onPress,
  label,
  children,
}: {
  pressed: boolean;
  onPress: () => void;
  label: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onPress}
      className={`flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium ${pressed ? 'bg-turf-700 text-white' : 'text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-700'}`}
    >
      {children}
      <span>{label}</span>
    </button>
  );
}

function Card({ booking: b, onOpen }: { booking: PhoneListedBooking; onOpen: (b: PhoneListedBooking) => void }) {
  return (
    <div className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-slate-900">
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge status={b.status} />
        {b.isPast && <PastTag />}
      </div>
      <h3 className="mt-3 font-semibold">{slotDateText(b)}</h3>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {b.startTime} – {b.endTime} · {b.facility.name}
      </p>
      <div className="mt-auto flex items-end justify-between gap-2 pt-4">
        <div>
          <p className="text-lg font-bold">{tl(b.totalPrice)}</p>
          <p className="font-mono text-xs text-slate-600 dark:text-slate-300">{b.bookingNumberMasked}</p>
        </div>
        <DetailsButton booking={b} onOpen={onOpen} />
      </div>
    </div>
  );
}

/** 'Ayrıntılar' asks for the full booking number before it shows anything. */
function DetailsButton({
  booking: b,
  onOpen,
}: {
  booking: PhoneListedBooking;
  onOpen: (b: PhoneListedBooking) => void;
}) {
  return (
    <Button variant="secondary" size="sm" onPress={() => onOpen(b)} aria-label={`Ayrıntılar, ${b.bookingNumberMasked}`}>
      Ayrıntılar
    </Button>
  );
}

function Line({ booking: b, onOpen }: { booking: PhoneListedBooking; onOpen: (b: PhoneListedBooking) => void }) {
  return (
    <div className="flex flex-col gap-2 bg-white px-4 py-3 sm:flex-row sm:items-center sm:gap-4 dark:bg-slate-900">
      <div className="min-w-0 flex-1">
        <h3 className="font-semibold">
          {trCalendarDay(realStart(b).calendarDate)} · {b.startTime} – {b.endTime}
          {nightSuffix(realStart(b))}
        </h3>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {b.facility.name} · <span className="font-mono text-xs">{b.bookingNumberMasked}</span>
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge status={b.status} />
        {b.isPast && <PastTag />}
      </div>
      <div className="flex items-center justify-between gap-3 sm:justify-end">
        <span className="font-semibold sm:w-20 sm:text-right">{tl(b.totalPrice)}</span>
        <DetailsButton booking={b} onOpen={onOpen} />
      </div>
    </div>
  );
}
