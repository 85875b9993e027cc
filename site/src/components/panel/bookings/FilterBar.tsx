import { useStore } from '@nanostores/react';
import { memo } from 'react';
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
import { Button } from '../../ui/Button';
import { BusIcon, CrownIcon, XIcon } from '../../ui/icons';
import { ToggleButton } from '../../ui/ToggleButton';
import { DateRangeFields, FilterSearch } from '../FilterFields';

/** Search, the Aboneler / Servisli toggles and the date range of behaviour.md#management-panel 'Bookings management'. */
export const FilterBar = memo(function FilterBar() {
  const f = useStore($bookingFilters);
  const anyFilter = Boolean(f.q.trim() || f.subscribers || f.transport || f.from || f.to);

  return (
    <div className="grid min-w-0 gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm lg:grid-cols-[minmax(0,2fr)_auto_minmax(0,2fr)] lg:items-end dark:border-slate-700 dark:bg-slate-900">
      <FilterSearch
        value={f.q}
        onChange={setBookingSearch}
        placeholder="Ad, telefon veya rezervasyon no"
        hintId="booking-search-hint"
        hint="Müşteri adı, telefon numarası veya rezervasyon numarasına göre arar."
      />

      <div role="group" aria-label="Filtreler" className="flex flex-wrap gap-2">
        <ToggleButton isSelected={f.subscribers} onChange={setSubscribersOnly}>
          <CrownIcon /> Aboneler
        </ToggleButton>
        <ToggleButton isSelected={f.transport} onChange={setTransportOnly}>
          <BusIcon /> Servisli
        </ToggleButton>
      </div>

      <DateRange />

      {anyFilter && (
        <div className="lg:col-span-3">
          <Button variant="ghost" size="sm" onPress={clearBookingFilters}>
            Tüm filtreleri temizle
          </Button>
        </div>
      )}
    </div>
  );
});

/** The date range, re-rendered only when one of its ends changes (not on every search keystroke). */
const DateRange = memo(function DateRange() {
  const f = useStore($bookingFilters, { keys: ['from', 'to'] });
  return (
    <DateRangeFields
      role="group"
      aria-label="Tarih aralığı"
      from={f.from}
      to={f.to}
      onFrom={setDateFrom}
      onTo={setDateTo}
    >
      <Button
        variant="secondary"
        onPress={clearDates}
        isDisabled={!f.from && !f.to}
        aria-label="Tarih aralığını temizle"
      >
        <XIcon /> Temizle
      </Button>
    </DateRangeFields>
  );
});
