import { useStore } from '@nanostores/react';
import { memo } from 'react';
import { Input, Label, SearchField, ToggleButton } from 'react-aria-components';
import {
  $bookingFilters,
  clearBookingFilters,
  clearDates,
  setBookingSearch,
  setDateFrom,
  setDateTo,
  setSubscribersOnly,
  setTransportOnly,
} from '../../../stores/panel-bookings';
import { BusIcon, CrownIcon, SearchIcon, XIcon } from '../../ui/icons';
import { Button } from '../../ui/Button';
import { IsoDatePicker } from '../../ui/DatePicker';

const field =
  'mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-sm text-slate-900 outline-none placeholder:text-slate-500 focus:border-turf-700 focus:ring-2 focus:ring-turf-600/40 dark:border-slate-500 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400 dark:[color-scheme:dark]';
const label = 'text-sm font-medium text-slate-800 dark:text-slate-200';
const toggle =
  'inline-flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm font-semibold outline-none transition focus-visible:ring-4 focus-visible:ring-turf-600/40 ' +
  'border-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800 ' +
  'data-selected:border-turf-700 data-selected:bg-turf-50 data-selected:text-turf-900 dark:data-selected:border-turf-400 dark:data-selected:bg-turf-950 dark:data-selected:text-turf-100';

/** Search, the Aboneler / Servisli toggles and the date range of 02 §2 'Bookings management'. */
export const FilterBar = memo(function FilterBar() {
  const f = useStore($bookingFilters);
  const anyFilter = Boolean(f.q.trim() || f.subscribers || f.transport || f.from || f.to);

  return (
    <div className="grid min-w-0 gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm lg:grid-cols-[minmax(0,2fr)_auto_minmax(0,2fr)] lg:items-end dark:border-slate-700 dark:bg-slate-900">
      <SearchField value={f.q} onChange={setBookingSearch} aria-describedby="booking-search-hint" className="block">
        <Label className={label}>Ara</Label>
        <div className="relative">
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3 mt-0.5 h-4 w-4 -translate-y-1/2 text-slate-600 dark:text-slate-300" />
          <Input placeholder="Ad, telefon veya rezervasyon no" className={`${field} pl-9 [&::-webkit-search-cancel-button]:hidden`} />
        </div>
        <span id="booking-search-hint" className="sr-only">Müşteri adı, telefon numarası veya rezervasyon numarasına göre arar.</span>
      </SearchField>

      <div role="group" aria-label="Filtreler" className="flex flex-wrap gap-2">
        <ToggleButton isSelected={f.subscribers} onChange={setSubscribersOnly} className={toggle}>
          <CrownIcon /> Aboneler
        </ToggleButton>
        <ToggleButton isSelected={f.transport} onChange={setTransportOnly} className={toggle}>
          <BusIcon /> Servisli
        </ToggleButton>
      </div>

      <DateRange />

      {anyFilter && (
        <div className="lg:col-span-3">
          <Button variant="ghost" size="sm" onPress={clearBookingFilters}>Tüm filtreleri temizle</Button>
        </div>
      )}
    </div>
  );
});

/** The date range, re-rendered only when one of its ends changes (not on every search keystroke). */
const DateRange = memo(function DateRange() {
  const f = useStore($bookingFilters, { keys: ['from', 'to'] });
  return (
    <div role="group" aria-label="Tarih aralığı" className="flex min-w-0 flex-wrap items-end gap-2">
      {/* dd.mm.yyyy in every browser (issue 7 §3); the store and the address keep YYYY-MM-DD. */}
      <IsoDatePicker label="Başlangıç tarihi" className="min-w-40 flex-1" value={f.from} max={f.to} onChange={(v) => void setDateFrom(v)} />
      <IsoDatePicker label="Bitiş tarihi" className="min-w-40 flex-1" value={f.to} min={f.from} onChange={(v) => void setDateTo(v)} />
      <Button variant="secondary" onPress={clearDates} isDisabled={!f.from && !f.to} aria-label="Tarih aralığını temizle">
        <XIcon /> Temizle
      </Button>
    </div>
  );
});
