// 'Yeni Rezervasyon' (behaviour.md#bookings 'Staff bookings'): staff take a booking for a free hour, from Rezervasyonlar
// or from a free cell of the weekly calendar (pitch, day and hour already filled). The phone comes first: the desk
// types it while the customer speaks, and a stored customer fills the name with it.
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { istanbulToday } from '../../../../../contracts/dates';
import { lengthLabel } from '../../../../../contracts/match-length';
import { formatPhone } from '../../../../../contracts/phone';
import type { CustomerSuggestion } from '../../../../../contracts/staff-booking';
import type { BookingDetail, SameDayBookingWire } from '../../../../../contracts/wire/booking';
import type { FacilityWire } from '../../../../../contracts/wire/facility';
import type { SlotWire } from '../../../../../contracts/wire/slot';
import { client, unwrap } from '../../../lib/api';
import { ApiRequestError, messageOf } from '../../../lib/errors';
import { tl, trDate } from '../../../lib/format';
import { allStaffFacilities } from '../../../lib/staff-facilities';
import { toast } from '../../../stores/toast';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { IsoDatePicker } from '../../ui/DatePicker';
import { FormError } from '../../ui/FormError';
import { Modal } from '../../ui/Modal';
import { Radio, RadioGroup } from '../../ui/RadioGroup';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import { CustomerCombo } from './CustomerCombo';
import {
  CHANNEL_OPTIONS,
  DEPOSIT_OPTIONS,
  depositOf,
  type FieldErrors,
  freeSlots,
  initialValues,
  lengthsFrom,
  METHOD_OPTIONS,
  type NewBookingValues,
  offersLengths,
  type Prefill,
  requestOf,
  STATUS_OPTIONS,
  sameDayOf,
  serverErrors,
  spanFrom,
  totalOf,
  validate,
} from './form-model';

export const FACILITIES_FAILED = 'Sahalar yüklenemedi';
export const SLOTS_FAILED = 'Saatler yüklenemedi';

let facilitiesCache: Promise<FacilityWire[]> | null = null;
/** The staff list of pitches, read once per page (a failed read is tried again next time). */
function loadFacilities(): Promise<FacilityWire[]> {
  facilitiesCache ??= allStaffFacilities().catch((e) => {
    facilitiesCache = null;
    throw e;
  });
  return facilitiesCache;
}

type SlotsState = { status: 'idle' | 'loading' | 'error' } | { status: 'ready'; slots: SlotWire[] };

export interface NewBookingDialogProps {
  /** Open with these filled (a calendar cell), or empty ('Yeni Rezervasyon'); null: closed. */
  prefill: Prefill | null;
  onClose: () => void;
  onCreated: (booking: BookingDetail) => void;
}

export function NewBookingDialog({ prefill, onClose, onCreated }: NewBookingDialogProps) {
  return (
    <Modal
      title="Yeni Rezervasyon"
      size="lg"
      isOpen={prefill !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      {prefill && <NewBookingForm prefill={prefill} onDone={onClose} onCreated={onCreated} />}
    </Modal>
  );
}

function NewBookingForm({
  prefill,
  onDone,
  onCreated,
}: {
  prefill: Prefill;
  onDone: () => void;
  onCreated: (b: BookingDetail) => void;
}) {
  const today = istanbulToday();
  const [values, setValues] = useState<NewBookingValues>(() => initialValues(prefill, today));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sameDay, setSameDay] = useState<SameDayBookingWire | null>(null);
  const [busy, setBusy] = useState(false);
  const [facilities, setFacilities] = useState<FacilityWire[] | null>(null);
  const [facilitiesFailed, setFacilitiesFailed] = useState(false);
  const [slots, setSlots] = useState<SlotsState>({ status: 'idle' });
  /** Bumped to read the hours again (a slot taken meanwhile). */
  const [slotsRound, setSlotsRound] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  const set = <K extends keyof NewBookingValues>(key: K, value: NewBookingValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => {
      if (!(key in e)) return e;
      const { [key]: _, ...rest } = e;
      return rest;
    });
  };

  useEffect(() => {
    loadFacilities().then(
      (list) => {
        setFacilities(list);
        // One pitch, or the first active one, is the natural choice when the form opens empty.
        setValues((v) => (v.facility ? v : { ...v, facility: list.find((f) => f.isActive)?.documentId ?? '' }));
      },
      () => setFacilitiesFailed(true),
    );
  }, []);

  const facility = facilities?.find((f) => f.documentId === values.facility) ?? null;

  useEffect(() => {
    if (!facility || !values.date || slotsRound < 0) return;
    const ctl = new AbortController();
    setSlots({ status: 'loading' });
    unwrap(
      client.api.facilities[':ref'].slots.$get(
        { param: { ref: facility.slug }, query: { date: values.date, fresh: '1' } },
        { init: { signal: ctl.signal } },
      ),
    ).then(
      (answer) => setSlots({ status: 'ready', slots: (answer as unknown as { slots: SlotWire[] }).slots }),
      () => {
        if (!ctl.signal.aborted) setSlots({ status: 'error' });
      },
    );
    return () => ctl.abort();
  }, [facility, values.date, slotsRound]);

  const free = useMemo(() => (slots.status === 'ready' ? freeSlots(slots.slots) : []), [slots]);
  const slot = free.find((s) => s.documentId === values.slot) ?? null;
  // Match length (docs/behaviour.md#match-length): the lengths that fit from the hour; the one chosen while it still
  // fits, else the shortest that does.
  const day = slots.status === 'ready' ? slots.slots : [];
  const asksLength = offersLengths(facility);
  const fits = slot ? lengthsFrom(facility, day, slot.documentId) : [];
  const duration = values.duration !== null && fits.includes(values.duration) ? values.duration : (fits[0] ?? null);
  const span = slot ? spanFrom(facility, day, slot.documentId, duration) : [];
  const total = totalOf(values, facility, slot, span);
  const deposit = depositOf(values, facility, duration);

  function pick(c: CustomerSuggestion) {
    setValues((v) => ({ ...v, customerName: c.name, customerPhone: formatPhone(c.phone) }));
    setErrors(({ customerName: _n, customerPhone: _p, ...rest }) => rest);
  }

  function focusFirstError() {
    requestAnimationFrame(() =>
      formRef.current
        ?.querySelector<HTMLElement>('[aria-invalid="true"], input[aria-invalid="true"], select[aria-invalid="true"]')
        ?.focus(),
    );
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const found = validate(values, facility);
    if (sameDay && !values.overrideReason.trim())
      found.sameDayOverrideReason ??= 'Aynı gün kuralını aşmak için bir gerekçe yazın';
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return focusFirstError();
    setBusy(true);
    try {
      const booking = (await unwrap(
        client.api.bookings.staff.$post({ json: requestOf({ ...values, duration }) as never }),
      )) as BookingDetail | undefined;
      if (!booking) throw new Error();
      toast('success', 'Rezervasyon oluşturuldu', `Rezervasyon no: ${booking.bookingNumber}`, 10_000);
      onCreated(booking);
      onDone();
    } catch (err) {
      const existing = sameDayOf(err);
      if (existing) {
        setSameDay(existing);
        setFormError(null);
        return;
      }
      const byField = serverErrors(err);
      setErrors(byField);
      setFormError(messageOf(err, 'Rezervasyon oluşturulamadı'));
      if (Object.keys(byField).length > 0) focusFirstError();
      // A slot taken meanwhile: the hour list is read again and the hour chosen anew.
      if (err instanceof ApiRequestError && err.status === 409) {
        set('slot', '');
        setSlotsRound((n) => n + 1);
      }
    } finally {
      setBusy(false);
    }
  }

  const slotPlaceholder =
    !facility || !values.date
      ? 'Önce saha ve tarih seçin'
      : slots.status === 'loading'
        ? 'Saatler yükleniyor…'
        : free.length === 0
          ? 'Bu gün boş saat yok'
          : 'Saat seçin';
  const range = span.length ? `${span[0].startTime.slice(0, 5)}–${span[span.length - 1].endTime.slice(0, 5)}` : '';

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="space-y-4" data-new-booking-form>
      <FormError message={formError} />
      <div className={`grid gap-4 ${asksLength ? 'sm:grid-cols-2 lg:grid-cols-4' : 'sm:grid-cols-3'}`}>
        <Select
          label="Saha"
          isRequired
          value={values.facility}
          onChange={(v) => {
            set('facility', v);
            set('slot', '');
          }}
          errorMessage={errors.facility}
          description={facilitiesFailed ? FACILITIES_FAILED : undefined}
        >
          <option value="">{facilities ? 'Saha seçin' : 'Yükleniyor…'}</option>
          {(facilities ?? [])
            .filter((f) => f.isActive || f.documentId === values.facility)
            .map((f) => (
              <option key={f.documentId} value={f.documentId}>
                {f.name}
              </option>
            ))}
        </Select>
        <IsoDatePicker
          label="Tarih"
          isRequired
          value={values.date}
          min={today}
          onChange={(v) => {
            set('date', v ?? '');
            set('slot', '');
          }}
        />
        <Select
          label="Saat"
          isRequired
          value={values.slot}
          onChange={(v) => set('slot', v)}
          isDisabled={free.length === 0}
          errorMessage={errors.bookingSlot}
          description={slots.status === 'error' ? SLOTS_FAILED : undefined}
        >
          <option value="">{slotPlaceholder}</option>
          {free.map((s) => (
            <option key={s.documentId} value={s.documentId}>
              {`${s.startTime.slice(0, 5)}–${s.endTime.slice(0, 5)} · ${tl(s.price)}`}
            </option>
          ))}
        </Select>
        {asksLength && (
          <Select
            label="Süre"
            value={duration === null ? '' : String(duration)}
            onChange={(v) => set('duration', v ? Number(v) : null)}
            isDisabled={fits.length === 0}
            errorMessage={errors.duration}
            description={slot && range ? range : undefined}
          >
            {fits.length === 0 && <option value="">{slot ? 'Bu saatten maç başlamaz' : 'Önce saat seçin'}</option>}
            {fits.map((m) => (
              <option key={m} value={m}>
                {lengthLabel(m)}
              </option>
            ))}
          </Select>
        )}
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <CustomerCombo
          name="customerPhone"
          label="Telefon"
          type="tel"
          placeholder="0555 123 45 67"
          autoFocus
          value={values.customerPhone}
          onChange={(v) => set('customerPhone', v)}
          onPick={pick}
          errorMessage={errors.customerPhone}
          description="Kayıtlı müşteriler yazdıkça önerilir"
        />
        <CustomerCombo
          name="customerName"
          label="Ad soyad"
          value={values.customerName}
          onChange={(v) => set('customerName', v)}
          onPick={pick}
          errorMessage={errors.customerName}
        />
      </div>

      <RadioGroup
        label="Kaynak"
        value={values.channel}
        onChange={(v) => set('channel', v as NewBookingValues['channel'])}
        isInvalid={Boolean(errors.channel)}
      >
        {CHANNEL_OPTIONS.map((o) => (
          <Radio key={o.value} value={o.value}>
            {o.label}
          </Radio>
        ))}
      </RadioGroup>

      <div className="grid gap-4 sm:grid-cols-2">
        <RadioGroup label="Onay" value={values.status} onChange={(v) => set('status', v as NewBookingValues['status'])}>
          {STATUS_OPTIONS.map((o) => (
            <Radio key={o.value} value={o.value}>
              {o.label}
            </Radio>
          ))}
        </RadioGroup>
        <RadioGroup
          label={`Kapora${facility && facility.depositAmount > 0 ? ` (${tl(facility.depositAmount)})` : ''}`}
          value={values.depositMode}
          onChange={(v) => set('depositMode', v as NewBookingValues['depositMode'])}
        >
          {DEPOSIT_OPTIONS.map((o) => (
            <Radio key={o.value} value={o.value}>
              {o.label}
            </Radio>
          ))}
        </RadioGroup>
      </div>

      {values.depositMode === 'received' && (
        <div className="grid gap-4 sm:grid-cols-2" data-deposit-received>
          <TextField
            label="Alınan tutar (₺)"
            isRequired
            inputMode="decimal"
            value={values.depositAmount}
            onChange={(v) => set('depositAmount', v)}
            errorMessage={errors['deposit.amount']}
            placeholder={facility ? String(facility.depositAmount) : undefined}
            inputClassName="tabular-nums"
          />
          <Select
            label="Ödeme yöntemi"
            isRequired
            value={values.depositMethod}
            onChange={(v) => set('depositMethod', v as NewBookingValues['depositMethod'])}
            options={METHOD_OPTIONS}
            errorMessage={errors['deposit.method']}
          />
        </div>
      )}

      {facility?.transportationService.isActive && (
        <div className="space-y-3 rounded-xl border border-slate-200 p-3 dark:border-slate-700">
          <Checkbox
            isSelected={values.includesTransportation}
            onChange={(on) => {
              set('includesTransportation', on);
              if (!on) set('pickupPointId', '');
            }}
          >
            Servis ({tl(facility.transportationService.price)})
          </Checkbox>
          {values.includesTransportation && facility.transportationService.pickupPoints.length > 0 && (
            <Select
              label="Alınış noktası"
              isRequired
              value={values.pickupPointId}
              onChange={(v) => set('pickupPointId', v)}
              errorMessage={errors['transportationDetails.pickupPointId'] ?? errors.includesTransportation}
            >
              <option value="">Alınış noktası seçin</option>
              {facility.transportationService.pickupPoints.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </Select>
          )}
        </div>
      )}

      {facility && facility.addons.length > 0 && (
        <fieldset className="min-w-0 space-y-2 rounded-xl border border-slate-200 p-3 dark:border-slate-700">
          <legend className="px-1 text-sm font-medium text-slate-800 dark:text-slate-200">Ek hizmetler</legend>
          {facility.addons.map((a, i) =>
            a.unit === 'booking' ? (
              <Checkbox
                key={a.id}
                isSelected={(values.addons[a.id] ?? 0) > 0}
                onChange={(on) => set('addons', { ...values.addons, [a.id]: on ? 1 : 0 })}
              >
                {a.name} ({tl(a.price)})
              </Checkbox>
            ) : (
              <TextField
                key={a.id}
                label={`${a.name} (${tl(a.price)} / kişi) adet`}
                inputMode="numeric"
                value={values.addons[a.id] ? String(values.addons[a.id]) : ''}
                onChange={(v) => {
                  const n = Number.parseInt(v.replace(/\D/g, ''), 10);
                  set('addons', { ...values.addons, [a.id]: Number.isFinite(n) ? n : 0 });
                }}
                errorMessage={errors[`addons.${i}.quantity`]}
                inputClassName="tabular-nums"
              />
            ),
          )}
        </fieldset>
      )}

      <TextField
        label="Notlar (isteğe bağlı)"
        multiline
        value={values.notes}
        onChange={(v) => set('notes', v)}
        errorMessage={errors.notes}
      />

      {sameDay && (
        <div
          role="alert"
          data-same-day
          className="space-y-3 rounded-xl border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
        >
          <p className="font-semibold">
            Bu telefonun aynı gün {sameDay.status === 'approved' ? 'onaylı' : 'onay bekleyen'} bir rezervasyonu var
          </p>
          <p>
            {sameDay.facility} · {trDate(sameDay.date)} {sameDay.time}–{sameDay.endTime} · {sameDay.customerName} ·{' '}
            {sameDay.bookingNumberMasked}
          </p>
          <TextField
            label="Aynı gün kuralını aşma gerekçesi"
            isRequired
            value={values.overrideReason}
            onChange={(v) => set('overrideReason', v)}
            errorMessage={errors.sameDayOverrideReason}
            description="Gerekçe rezervasyonun geçmişine yazılır; denetim kaydı kuralın gerekçeyle aşıldığını gösterir."
          />
        </div>
      )}

      <div
        data-new-booking-total
        className="flex flex-wrap items-baseline justify-between gap-2 rounded-xl bg-slate-50 p-3 text-sm text-slate-800 dark:bg-slate-800 dark:text-slate-100"
      >
        <span>
          Toplam <strong className="text-base tabular-nums">{tl(total)}</strong>
        </span>
        <span className="text-slate-700 dark:text-slate-300">
          Kapora {values.depositMode === 'waived' ? 'alınmayacak' : tl(deposit)}
        </span>
      </div>

      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onPress={onDone}>
          Vazgeç
        </Button>
        <Button type="submit" isDisabled={busy} data-new-booking-submit>
          {busy ? 'Kaydediliyor…' : sameDay ? 'Gerekçeyle kaydet' : 'Kaydet'}
        </Button>
      </div>
    </form>
  );
}
