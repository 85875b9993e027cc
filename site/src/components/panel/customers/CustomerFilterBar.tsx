import { useStore } from '@nanostores/react';
import { ACTIVITY_LABELS, ACTIVITY_STATUSES } from '../../../../../contracts/customer-risk';
import { CUSTOMER_SORT_LABELS, CUSTOMER_SORTS } from '../../../../../contracts/customers';
import {
  $customerErrors,
  $customerFilters,
  type CustomerFilters,
  clearCustomerFilters,
  hasActiveFilters,
  setActivityStatus,
  setCustomerSearch,
  setCustomerType,
  setDateFrom,
  setDateTo,
  setQuickRange,
  setSort,
  setSortOrder,
  setTransportation,
  setTypedFilter,
  setWarningsOnly,
} from '../../../stores/panel-customers';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import { DateRangeFields, FilterSearch } from '../FilterFields';

const TYPES = [
  { value: '', label: 'Tümü' },
  { value: 'subscriber', label: 'Abone' },
  { value: 'standard', label: 'Standart' },
] as const;
const ACTIVITIES = [
  { value: '' as const, label: 'Tümü' },
  ...ACTIVITY_STATUSES.map((s) => ({ value: s, label: ACTIVITY_LABELS[s] })),
];
const SORTS = CUSTOMER_SORTS.map((s) => ({ value: s, label: CUSTOMER_SORT_LABELS[s] }));
const ORDERS = [
  { value: 'desc', label: 'Azalan' },
  { value: 'asc', label: 'Artan' },
] as const;

type TypedKey = 'minBookings' | 'maxBookings' | 'minCancellationRate' | 'maxCancellationRate';

function NumberBox({ name, label, f }: { name: TypedKey; label: string; f: CustomerFilters }) {
  const errors = useStore($customerErrors);
  return (
    <TextField
      label={label}
      value={f[name]}
      onChange={(v) => setTypedFilter(name, v)}
      inputMode={name.endsWith('Bookings') ? 'numeric' : 'decimal'}
      autoComplete="off"
      errorMessage={errors[name] ?? null}
      inputClassName="tabular-nums text-sm"
    />
  );
}

/** Search, type, warnings, transport, dates with quick ranges, counts, rates, activity and sort (behaviour.md#management-panel, #validation). */
export function CustomerFilterBar() {
  const f = useStore($customerFilters);
  return (
    <section
      aria-label="Filtreler"
      className="grid min-w-0 gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="grid min-w-0 gap-3 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
        <FilterSearch
          value={f.search}
          onChange={setCustomerSearch}
          placeholder="Ad, telefon veya e-posta"
          hint="Müşteri adı, telefon numarası veya e-posta adresine göre arar."
        />
        <Select label="Müşteri tipi" value={f.customerType} options={TYPES} onChange={(v) => void setCustomerType(v)} />
        <Select
          label="Aktiflik"
          value={f.activityStatus}
          options={ACTIVITIES}
          onChange={(v) => void setActivityStatus(v)}
        />
      </div>

      <div className="flex flex-wrap gap-x-6 gap-y-2">
        <Checkbox isSelected={f.warningsOnly} onChange={(v) => void setWarningsOnly(v)}>
          Sadece uyarılı müşteriler
        </Checkbox>
        <Checkbox isSelected={f.hasTransportation} onChange={(v) => void setTransportation(v)}>
          Servis kullananlar
        </Checkbox>
      </div>

      <fieldset className="min-w-0">
        <legend className="text-sm font-semibold text-slate-900 dark:text-slate-100">Rezervasyon tarihi</legend>
        <DateRangeFields className="mt-1" from={f.dateFrom} to={f.dateTo} onFrom={setDateFrom} onTo={setDateTo}>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" onPress={() => void setQuickRange(7)}>
              Son 7 gün
            </Button>
            <Button variant="secondary" size="sm" onPress={() => void setQuickRange(30)}>
              Son 30 gün
            </Button>
          </div>
        </DateRangeFields>
      </fieldset>

      <div className="grid min-w-0 grid-cols-2 gap-3 lg:grid-cols-4">
        <NumberBox name="minBookings" label="En az rezervasyon" f={f} />
        <NumberBox name="maxBookings" label="En çok rezervasyon" f={f} />
        <NumberBox name="minCancellationRate" label="En düşük iptal oranı (%)" f={f} />
        <NumberBox name="maxCancellationRate" label="En yüksek iptal oranı (%)" f={f} />
      </div>

      <div className="grid min-w-0 grid-cols-2 items-end gap-3 lg:grid-cols-4">
        <Select label="Sıralama" value={f.sortBy} options={SORTS} onChange={(v) => void setSort(v)} />
        <Select label="Sıralama yönü" value={f.sortOrder} options={ORDERS} onChange={(v) => void setSortOrder(v)} />
        {hasActiveFilters(f) && (
          <div className="col-span-2 lg:col-span-1">
            <Button variant="ghost" size="sm" onPress={() => void clearCustomerFilters()}>
              Filtreleri temizle
            </Button>
          </div>
        )}
      </div>
    </section>
  );
}
