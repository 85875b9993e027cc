import { useStore } from '@nanostores/react';
import { type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { istanbulToday } from '../../../../../contracts/dates';
import { WEEK_DAY_LABELS, WEEK_DAYS } from '../../../../../contracts/facility-form';
import {
  type CreateSubscriptionInput,
  createSubscriptionSchema,
  noWeekInRange,
  type SubscriptionConflictWire,
  type SubscriptionDateWire,
  type SubscriptionPartialWire,
  type SubscriptionSlotsWire,
  slotWarning,
  startDateRangeMessage,
  subscriptionMsg,
} from '../../../../../contracts/subscriptions';
import type { WeekDay } from '../../../../../contracts/wire/facility';
import { ApiRequestError } from '../../../lib/api';
import { messageOf } from '../../../lib/errors';
import { tl } from '../../../lib/format';
import {
  $pitches,
  $pitchesStatus,
  createSubscription,
  generateMonth,
  loadSlotView,
  loadSubscribers,
} from '../../../stores/panel-subscriptions';
import { toast } from '../../../stores/toast';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { IsoDatePicker } from '../../ui/DatePicker';
import { AlertIcon } from '../../ui/icons';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import { ErrorCard, type ErrorDetail, PartialCard } from './AvailabilityCards';
import {
  defaultWeeks,
  maxWeeks,
  shortDate,
  startBounds,
  type TimeOption,
  timeOptions,
  totalOf,
  weekOptions,
} from './rules';

interface Values {
  customerName: string;
  customerPhone: string;
  customerEmail: string;
  facility: string;
  dayOfWeek: WeekDay | '';
  timeSlot: string;
  startDate: string;
  weekCount: number;
  notes: string;
  includesTransportation: boolean;
  pickupPointId: string;
}

const EMPTY: Values = {
  customerName: '',
  customerPhone: '',
  customerEmail: '',
  facility: '',
  dayOfWeek: '',
  timeSlot: '',
  startDate: '',
  weekCount: 12,
  notes: '',
  includesTransportation: false,
  pickupPointId: '',
};

type Errors = Partial<Record<string, string>>;
type SlotState = 'idle' | 'loading' | 'generating' | 'ready' | 'failed';

/** The zod / server issue path as the form's field key ('transportationDetails.pickupPointId'). */
const keyOf = (path: readonly PropertyKey[]) => path.map(String).join('.');

function firstPerField(issues: { path: readonly PropertyKey[]; message: string }[]): Errors {
  const out: Errors = {};
  for (const i of issues) {
    const k = keyOf(i.path);
    if (!out[k]) out[k] = i.message;
  }
  return out;
}

/** The quick subscription form (02 §2, §4 'Subscription creation', §5 'Subscription form'). */
export function SubscriptionForm() {
  const pitches = useStore($pitches);
  const pitchesStatus = useStore($pitchesStatus);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [view, setView] = useState<SubscriptionSlotsWire | null>(null);
  const [slotState, setSlotState] = useState<SlotState>('idle');
  const [partial, setPartial] = useState<SubscriptionPartialWire | null>(null);
  const [failure, setFailure] = useState<ErrorDetail | null>(null);
  const lastBody = useRef<CreateSubscriptionInput | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const pitchSeq = useRef(0);

  const today = istanbulToday();
  const pitch = pitches.find((p) => p.documentId === values.facility);
  const shuttle = pitch?.transportationService?.isActive ? pitch.transportationService : null;
  const bounds = startBounds(view, today);
  const max = maxWeeks(values.startDate, values.dayOfWeek, view?.lastDate ?? null);
  const options = useMemo(() => weekOptions(max), [max]);
  const { times, warning } = useMemo(
    () =>
      slotState === 'ready' || slotState === 'failed'
        ? timeOptions(view, pitch, values.dayOfWeek, slotState === 'failed')
        : { times: [] as TimeOption[], warning: null },
    [view, pitch, values.dayOfWeek, slotState],
  );
  const time = times.find((t) => t.startTime === values.timeSlot);
  const price = time?.price ?? pitch?.hourlyPrice ?? 0;
  const fee = values.includesTransportation && shuttle ? shuttle.price : 0;
  const total = totalOf(price, fee, values.weekCount);

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  // The week count follows the range: 12 when it fits, else the most that does.
  useEffect(() => {
    setValues((v) => (options.some((o) => o.value === v.weekCount) ? v : { ...v, weekCount: defaultWeeks(max) }));
  }, [options, max]);

  // A time that the new day or pitch does not offer is cleared.
  useEffect(() => {
    if (slotState !== 'ready' && slotState !== 'failed') return;
    setValues((v) => (v.timeSlot && !times.some((t) => t.startTime === v.timeSlot) ? { ...v, timeSlot: '' } : v));
  }, [times, slotState]);

  /** The pitch's slot view; none in the next 3 months → a month is generated, then the view is read again. */
  const loadPitch = useCallback(async (ref: string) => {
    const mine = ++pitchSeq.current;
    setView(null);
    setSlotState('loading');
    const apply = (v: SubscriptionSlotsWire | null, state: SlotState) => {
      if (mine !== pitchSeq.current) return;
      setView(v);
      setSlotState(state);
      const b = startBounds(v, istanbulToday());
      setValues((cur) => ({ ...cur, startDate: b.min }));
    };
    try {
      const first = await loadSlotView(ref);
      if (first.firstDate) return apply(first, 'ready');
      if (mine !== pitchSeq.current) return;
      setSlotState('generating');
      try {
        await generateMonth(ref);
      } catch {
        toast('warning', slotWarning.generateFailed);
        return apply(first, 'ready');
      }
      apply(await loadSlotView(ref), 'ready');
    } catch {
      apply(null, 'failed');
    }
  }, []);

  function choosePitch(ref: string) {
    const next = pitches.find((p) => p.documentId === ref);
    const hasShuttle = Boolean(next?.transportationService?.isActive);
    setValues((v) => ({
      ...v,
      facility: ref,
      timeSlot: '',
      // 02 §5: switching to a pitch without a shuttle clears the choice; a pickup point is the pitch's own.
      includesTransportation: hasShuttle ? v.includesTransportation : false,
      pickupPointId: next?.transportationService?.pickupPoints.some((p) => p.id === v.pickupPointId)
        ? v.pickupPointId
        : '',
    }));
    setErrors((e) => ({ ...e, facility: undefined, timeSlot: undefined }));
    if (ref) void loadPitch(ref);
    else {
      pitchSeq.current++;
      setView(null);
      setSlotState('idle');
    }
  }

  const missing =
    !values.customerName || !values.customerPhone || !values.facility || !values.dayOfWeek || !values.timeSlot;

  function reset() {
    pitchSeq.current++;
    setValues(EMPTY);
    setErrors({});
    setFormError(null);
    setView(null);
    setSlotState('idle');
    lastBody.current = null;
  }

  async function send(body: CreateSubscriptionInput) {
    setBusy(true);
    setFailure(null);
    try {
      const answer = await createSubscription(body);
      if (answer.status === 'partial') {
        setPartial(answer);
        return;
      }
      setPartial(null);
      toast('success', answer.message);
      reset();
      void loadSubscribers();
    } catch (e) {
      setPartial(null);
      const message = messageOf(e, subscriptionMsg.createFailed);
      const details = e instanceof ApiRequestError ? e.details : {};
      if (details.errors?.length) setErrors(firstPerField(details.errors as { path: string[]; message: string }[]));
      toast('error', message);
      setFailure({
        message,
        conflictedDates: (details.conflictedDates as SubscriptionConflictWire[] | undefined) ?? [],
        nonExistentDates: (details.nonExistentDates as SubscriptionDateWire[] | undefined) ?? [],
      });
    } finally {
      setBusy(false);
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const raw = {
      customerName: values.customerName,
      customerPhone: values.customerPhone,
      customerEmail: values.customerEmail,
      facility: values.facility,
      dayOfWeek: values.dayOfWeek || undefined,
      timeSlot: values.timeSlot,
      startDate: values.startDate,
      weekCount: values.weekCount,
      notes: values.notes,
      includesTransportation: values.includesTransportation,
      transportationDetails: values.includesTransportation ? { pickupPointId: values.pickupPointId } : null,
      confirmPartial: false,
    };
    const parsed = createSubscriptionSchema.safeParse(raw);
    const found: Errors = parsed.success ? {} : firstPerField(parsed.error.issues);
    if (values.startDate && !found.startDate) {
      if (values.startDate < bounds.min || (bounds.max && values.startDate > bounds.max))
        found.startDate = startDateRangeMessage(bounds.min, bounds.max);
      else if (max < 1) found.weekCount = noWeekInRange;
    }
    const list = Object.values(found).filter(Boolean) as string[];
    if (!parsed.success || list.length > 0) {
      setErrors(found);
      setFormError(list.includes(subscriptionMsg.required) ? subscriptionMsg.required : list[0]);
      // The keyboard lands on the first field to fix.
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('input[aria-invalid="true"], select[aria-invalid="true"]')?.focus(),
      );
      return;
    }
    setErrors({});
    setFormError(null);
    lastBody.current = parsed.data;
    void send(parsed.data);
  }

  const closeFailure = useCallback(() => setFailure(null), []);
  const rangeText =
    view?.firstDate && view.lastDate
      ? `Slot aralığı: ${shortDate(view.firstDate)} – ${shortDate(view.lastDate)}`
      : values.facility && slotState === 'ready'
        ? `Bu sahada slot yok; en erken ${shortDate(bounds.min)}`
        : undefined;
  const rangeError =
    values.startDate && (values.startDate < bounds.min || (bounds.max && values.startDate > bounds.max))
      ? startDateRangeMessage(bounds.min, bounds.max)
      : null;

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
        {formError && (
          <p
            role="alert"
            data-form-error
            className="flex items-start gap-2 rounded-lg border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
          >
            <AlertIcon className="mt-0.5 h-4 w-4 shrink-0" />
            {formError}
          </p>
        )}
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
          onChange={choosePitch}
          errorMessage={errors.facility}
          description={pitchesStatus === 'error' ? 'Sahalar yüklenirken hata oluştu' : undefined}
        >
          <option value="">{pitchesStatus === 'loading' ? 'Yükleniyor…' : 'Saha seçin'}</option>
          {pitches.map((p) => (
            <option key={p.documentId} value={p.documentId}>
              {p.name}
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
      {partial && (
        <PartialCard
          answer={partial}
          busy={busy}
          onConfirm={() => lastBody.current && void send({ ...lastBody.current, confirmPartial: true })}
          onCancel={() => setPartial(null)}
        />
      )}
      {failure && <ErrorCard error={failure} onClose={closeFailure} />}
    </section>
  );
}
