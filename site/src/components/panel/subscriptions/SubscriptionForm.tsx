import { useStore } from '@nanostores/react';
import { type FormEvent, useEffect, useMemo, useRef } from 'react';
import { istanbulToday } from '../../../../../contracts/dates';
import { WEEK_DAY_LABELS, WEEK_DAYS } from '../../../../../contracts/facility-form';
import { slotWarning } from '../../../../../contracts/subscriptions';
import type { WeekDay } from '../../../../../contracts/wire/facility';
import { tl } from '../../../lib/format';
import { $facilities, $facilitiesStatus, FACILITIES_FAILED } from '../../../stores/panel-subscriptions';
import {
  $subscriptionForm,
  chooseFacility,
  closeFailure,
  confirmPartial,
  dismissPartial,
  formFacts,
  resetSubscriptionForm,
  setSubscriptionField as set,
  submitSubscription,
} from '../../../stores/subscription-form';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { IsoDatePicker } from '../../ui/DatePicker';
import { FormError } from '../../ui/FormError';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import { ErrorCard, PartialCard } from './AvailabilityCards';

/** The quick subscription form (behaviour.md#management-panel, #states-and-transitions 'Subscription creation', #validation 'Subscription form'); its rules are its store's. */
export function SubscriptionForm() {
  const facilities = useStore($facilities);
  const facilitiesStatus = useStore($facilitiesStatus);
  const form = useStore($subscriptionForm);
  const { values, errors, formError, busy, slotState, partial, failure } = form;
  const formRef = useRef<HTMLFormElement>(null);
  const today = istanbulToday();
  const { shuttle, bounds, options, times, warning, price, fee, total, missing, rangeText, rangeError } = useMemo(
    () => formFacts(form, facilities, today),
    [form, facilities, today],
  );

  // A form left and opened again starts empty.
  useEffect(() => resetSubscriptionForm, []);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (submitSubscription()) return;
    // The keyboard lands on the first field to fix.
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>('input[aria-invalid="true"], select[aria-invalid="true"]')?.focus(),
    );
  }

  return (
    <section aria-labelledby="subscription-form-title" className="min-w-0 space-y-4">
      <form
        ref={formRef}
        noValidate
        onSubmit={submit}
        aria-labelledby="subscription-form-title"
        data-subscription-form
        className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900"
      >
        <h2 id="subscription-form-title" className="text-lg font-semibold text-slate-900 dark:text-slate-100">
          Hızlı abonelik
        </h2>
        <FormError message={formError} />
        <TextField
          label="Ad soyad"
          isRequired
          value={values.customerName}
          onChange={(v) => set('customerName', v)}
          errorMessage={errors.customerName}
          autoComplete="off"
        />
        <TextField
          label="Telefon"
          isRequired
          type="tel"
          inputMode="tel"
          placeholder="05551234567"
          value={values.customerPhone}
          onChange={(v) => set('customerPhone', v)}
          errorMessage={errors.customerPhone}
        />
        <TextField
          label="E-posta (isteğe bağlı)"
          type="email"
          value={values.customerEmail}
          onChange={(v) => set('customerEmail', v)}
          errorMessage={errors.customerEmail}
        />
        <Select
          label="Saha"
          isRequired
          value={values.facility}
          onChange={chooseFacility}
          errorMessage={errors.facility}
          description={facilitiesStatus === 'error' ? FACILITIES_FAILED : undefined}
        >
          <option value="">{facilitiesStatus === 'loading' ? 'Yükleniyor…' : 'Saha seçin'}</option>
          {facilities.map((f) => (
            <option key={f.documentId} value={f.documentId}>
              {f.name}
            </option>
          ))}
        </Select>
        {slotState === 'generating' && (
          <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
            {slotWarning.generating}
          </p>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <Select
            label="Gün"
            isRequired
            value={values.dayOfWeek}
            onChange={(v) => set('dayOfWeek', v as WeekDay | '')}
            errorMessage={errors.dayOfWeek}
          >
            <option value="">Gün seçin</option>
            {WEEK_DAYS.map((d) => (
              <option key={d} value={d}>
                {WEEK_DAY_LABELS[d]}
              </option>
            ))}
          </Select>
          <Select
            label="Saat"
            isRequired
            value={values.timeSlot}
            onChange={(v) => set('timeSlot', v)}
            isDisabled={times.length === 0}
            errorMessage={errors.timeSlot}
            description={warning ?? undefined}
          >
            <option value="">
              {slotState === 'loading' || slotState === 'generating'
                ? 'Saatler yükleniyor…'
                : !values.facility || !values.dayOfWeek
                  ? 'Önce saha ve gün seçin'
                  : 'Saat seçin'}
            </option>
            {times.map((t) => (
              <option key={t.startTime} value={t.startTime}>
                {t.startTime}
                {t.freeWeeks === 0 ? ' (dolu)' : ''}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <IsoDatePicker
            label="Başlangıç tarihi"
            isRequired
            value={values.startDate}
            onChange={(v) => set('startDate', v)}
            min={bounds.min}
            max={bounds.max ?? undefined}
            description={rangeText}
            errorMessage={errors.startDate ?? rangeError}
          />
          <Select
            label="Süre"
            value={String(values.weekCount)}
            onChange={(v) => set('weekCount', Number(v))}
            errorMessage={errors.weekCount}
            isDisabled={options.length === 0}
          >
            {options.length === 0 && <option value={String(values.weekCount)}>Uygun hafta yok</option>}
            {options.map((o) => (
              <option key={o.value} value={String(o.value)}>
                {o.label}
              </option>
            ))}
          </Select>
        </div>
        {shuttle && (
          <div className="space-y-3 rounded-xl border border-slate-200 p-3 dark:border-slate-700">
            <Checkbox
              isSelected={values.includesTransportation}
              onChange={(on) => {
                set('includesTransportation', on);
                if (!on) set('pickupPointId', '');
              }}
            >
              Servis dahil ({tl(shuttle.price)} / rezervasyon)
            </Checkbox>
            {values.includesTransportation && (
              <Select
                label="Alınış noktası"
                isRequired
                value={values.pickupPointId}
                onChange={(v) => set('pickupPointId', v)}
                errorMessage={errors['transportationDetails.pickupPointId'] ?? errors.includesTransportation}
              >
                <option value="">Alınış noktası seçin</option>
                {shuttle.pickupPoints.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </Select>
            )}
          </div>
        )}
        <TextField
          label="Notlar (isteğe bağlı)"
          multiline
          value={values.notes}
          onChange={(v) => set('notes', v)}
          errorMessage={errors.notes}
        />
        <div
          data-total
          className="rounded-xl bg-slate-50 p-3 text-sm text-slate-800 dark:bg-slate-800 dark:text-slate-100"
        >
          <p className="flex flex-wrap items-baseline justify-between gap-2">
            <span>Toplam tutar</span>
            <strong className="text-lg tabular-nums" data-total-amount>
              {tl(total)}
            </strong>
          </p>
          <p className="text-xs text-slate-700 dark:text-slate-300">
            {values.weekCount} hafta × ({tl(price)} saha{fee ? ` + ${tl(fee)} servis` : ''}) · Abonelerden kapora
            alınmaz
          </p>
        </div>
        <Button type="submit" isDisabled={busy || missing} className="w-full">
          {busy ? 'Oluşturuluyor…' : 'Abonelik oluştur'}
        </Button>
      </form>
      {partial && <PartialCard answer={partial} busy={busy} onConfirm={confirmPartial} onCancel={dismissPartial} />}
      {failure && <ErrorCard error={failure} onClose={closeFailure} />}
    </section>
  );
}
