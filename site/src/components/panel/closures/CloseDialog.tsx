// 'Kapat' (docs/behaviour.md#closures): staff close pitches for a window in three steps. 1) the window: pitches ('Tümü'
// or some), the days (gg.aa.yyyy), whole days or two hours, the reason and the public note; 2) 'Etkilenenleri göster':
// every booking the window hits, each decided on (cancel, with the collected deposit refunded or kept, or move to a
// free start from the alternatives), or 'Tümünü iptal et'; 3) 'Kapat' and the result, one WhatsApp button a customer.
// A refusal because the bookings changed meanwhile shows the fresh preview with a line saying so.
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type {
  ClosureAlternativeWire,
  ClosureCreatedWire,
  ClosureHitWire,
  ClosurePreviewWire,
} from '../../../../../contracts/closures';
import { telHref } from '../../../../../contracts/phone-links';
import type { FacilityWire } from '../../../../../contracts/wire/facility';
import { changedPreview, closureAlternatives, createClosure, previewClosure } from '../../../lib/closures-api';
import { messageOf } from '../../../lib/errors';
import { istanbulToday } from '../../../lib/format';
import { allStaffFacilities } from '../../../lib/staff-facilities';
import { Button } from '../../ui/Button';
import { buttonBase, buttonSizes, buttonVariants } from '../../ui/button-styles';
import { Checkbox } from '../../ui/Checkbox';
import { IsoDatePicker } from '../../ui/DatePicker';
import { FormError } from '../../ui/FormError';
import { CrownIcon } from '../../ui/icons';
import { Modal } from '../../ui/Modal';
import { Radio, RadioGroup } from '../../ui/RadioGroup';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import { TimeField } from '../../ui/TimeField';
import { METHOD_OPTIONS } from '../BookingDetailDialog/payment-model';
import {
  alternativeText,
  bodyOf,
  type Choice,
  CLOSURE_NOTE_MAX,
  type ClosePrefill,
  calendarDayText,
  cancelChoice,
  closureMsg,
  decisionsOf,
  depositText,
  initialWindow,
  keepChoices,
  moveChoice,
  REASON_OPTIONS,
  rangeText,
  tlAmountText,
  validateWindow,
  type WindowErrors,
  type WindowValues,
  windowText,
} from './model';

const waLink = `${buttonBase} ${buttonSizes.sm} ${buttonVariants('native').primary}`;
const card = 'min-w-0 rounded-xl border border-slate-200 p-3 dark:border-slate-700';

export interface CloseDialogProps {
  /** Open with these filled (the calendar's day), or empty; null: closed. */
  prefill: ClosePrefill | null;
  onClose: () => void;
  /** After a closure is made (the list and the calendar read again). */
  onClosed: (created: ClosureCreatedWire) => void;
}

export function CloseDialog({ prefill, onClose, onClosed }: CloseDialogProps) {
  return (
    <Modal
      title="Saatleri kapat"
      size="lg"
      isOpen={prefill !== null}
      isDismissable={false}
      closeLabel="Pencereyi kapat"
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      {prefill && <CloseSteps prefill={prefill} onDone={onClose} onClosed={onClosed} />}
    </Modal>
  );
}

type Step =
  | { name: 'window' }
  | { name: 'preview'; preview: ClosurePreviewWire; changed: boolean }
  | { name: 'result'; created: ClosureCreatedWire };

function CloseSteps({
  prefill,
  onDone,
  onClosed,
}: {
  prefill: ClosePrefill;
  onDone: () => void;
  onClosed: (c: ClosureCreatedWire) => void;
}) {
  const today = istanbulToday();
  const [values, setValues] = useState<WindowValues>(() => initialWindow(today, prefill));
  const [step, setStep] = useState<Step>({ name: 'window' });
  const [choices, setChoices] = useState<Record<string, Choice | undefined>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const top = useRef<HTMLParagraphElement>(null);

  // Each step starts at its top, read out: the dialog scrolls on a phone.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of step moves focus
  useEffect(() => {
    top.current?.focus();
  }, [step.name]);

  async function showPreview() {
    setBusy(true);
    setError(null);
    try {
      const preview = await previewClosure(bodyOf(values));
      setChoices((c) => keepChoices(preview.hits, c));
      setStep({ name: 'preview', preview, changed: false });
    } catch (e) {
      setError(messageOf(e, 'Etkilenenler yüklenemedi'));
    } finally {
      setBusy(false);
    }
  }

  async function confirm(preview: ClosurePreviewWire) {
    const { decisions, missing } = decisionsOf(preview.hits, choices);
    if (missing.length > 0) {
      setError(closureMsg.decisionRequired);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const created = await createClosure({ ...bodyOf(values), decisions });
      setStep({ name: 'result', created });
      onClosed(created);
    } catch (e) {
      const fresh = changedPreview(e);
      if (fresh) {
        setChoices((c) => keepChoices(fresh.hits, c));
        setStep({ name: 'preview', preview: fresh, changed: true });
      } else setError(messageOf(e, 'Kapanış kaydedilemedi'));
    } finally {
      setBusy(false);
    }
  }

  const stepNo = step.name === 'window' ? 1 : step.name === 'preview' ? 2 : 3;
  const stepName = { window: 'Zaman aralığı', preview: 'Etkilenenler', result: 'Sonuç' }[step.name];
  return (
    <div className="flex flex-col gap-4" data-close-step={step.name}>
      <p ref={top} tabIndex={-1} className="text-sm font-semibold text-slate-700 outline-none dark:text-slate-300">
        Adım {stepNo} / 3: {stepName}
      </p>
      {step.name === 'window' && (
        <WindowStep
          values={values}
          onChange={setValues}
          busy={busy}
          error={error}
          onSubmit={() => void showPreview()}
          onCancel={onDone}
        />
      )}
      {step.name === 'preview' && (
        <PreviewStep
          values={values}
          preview={step.preview}
          changed={step.changed}
          choices={choices}
          onChoices={setChoices}
          busy={busy}
          error={error}
          onBack={() => {
            setError(null);
            setStep({ name: 'window' });
          }}
          onConfirm={() => void confirm(step.preview)}
        />
      )}
      {step.name === 'result' && <ResultStep created={step.created} onDone={onDone} />}
    </div>
  );
}

let facilitiesCache: Promise<FacilityWire[]> | null = null;
function loadFacilities(): Promise<FacilityWire[]> {
  facilitiesCache ??= allStaffFacilities().catch((e) => {
    facilitiesCache = null;
    throw e;
  });
  return facilitiesCache;
}

function WindowStep({
  values: v,
  onChange,
  busy,
  error,
  onSubmit,
  onCancel,
}: {
  values: WindowValues;
  onChange: (v: WindowValues) => void;
  busy: boolean;
  error: string | null;
  onSubmit: () => void;
  onCancel: () => void;
}) {
  const [facilities, setFacilities] = useState<FacilityWire[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [errors, setErrors] = useState<WindowErrors>({});
  const form = useRef<HTMLFormElement>(null);
  const today = istanbulToday();

  useEffect(() => {
    loadFacilities().then(
      (list) => setFacilities(list.filter((f) => f.isActive)),
      () => setFailed(true),
    );
  }, []);

  const set = <K extends keyof WindowValues>(key: K, value: WindowValues[K]) => {
    onChange({ ...v, [key]: value });
    if (key in errors) setErrors(({ [key as keyof WindowErrors]: _, ...rest }) => rest);
  };
  const ids = facilities?.map((f) => f.documentId) ?? [];
  const all = ids.length > 0 && ids.every((id) => v.facilities.includes(id));
  const some = !all && v.facilities.length > 0;

  function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const found = validateWindow(v);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      requestAnimationFrame(() =>
        form.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid] input')?.focus(),
      );
      return;
    }
    onSubmit();
  }

  return (
    <form ref={form} onSubmit={submit} noValidate className="flex flex-col gap-4" data-close-window>
      <fieldset className="min-w-0" aria-describedby={errors.facilities ? 'close-facilities-error' : undefined}>
        <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">Sahalar</legend>
        {failed && <FormError message="Sahalar yüklenemedi" />}
        {!facilities && !failed && <p className="mt-1 text-sm">Yükleniyor…</p>}
        {facilities && (
          <div className="mt-2 flex flex-col gap-2">
            <Checkbox
              isSelected={all}
              isIndeterminate={some}
              isDisabled={busy || facilities.length === 0}
              onChange={(on) => set('facilities', on ? ids : [])}
            >
              Tümü
            </Checkbox>
            <ul className="grid gap-2 pl-6 sm:grid-cols-2">
              {facilities.map((f) => (
                <li key={f.documentId} className="min-w-0">
                  <Checkbox
                    isSelected={v.facilities.includes(f.documentId)}
                    isDisabled={busy}
                    className="max-w-full [overflow-wrap:anywhere]"
                    onChange={(on) =>
                      set(
                        'facilities',
                        on
                          ? ids.filter((id) => id === f.documentId || v.facilities.includes(id))
                          : v.facilities.filter((id) => id !== f.documentId),
                      )
                    }
                  >
                    {f.name}
                  </Checkbox>
                </li>
              ))}
            </ul>
          </div>
        )}
        {errors.facilities && (
          <p id="close-facilities-error" className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
            {errors.facilities}
          </p>
        )}
      </fieldset>

      <div className="grid gap-3 sm:grid-cols-2 [&>*]:min-w-0">
        <IsoDatePicker
          label="Başlangıç tarihi"
          value={v.from}
          min={today}
          onChange={(d) => onChange({ ...v, from: d, to: d && (!v.to || v.to < d) ? d : v.to })}
          errorMessage={errors.from}
          isDisabled={busy}
        />
        <IsoDatePicker
          label="Bitiş tarihi"
          value={v.to}
          min={v.from || today}
          onChange={(d) => set('to', d)}
          errorMessage={errors.to}
          isDisabled={busy}
        />
      </div>

      <Checkbox isSelected={v.wholeDay} isDisabled={busy} onChange={(on) => set('wholeDay', on)}>
        Tüm gün
      </Checkbox>
      {!v.wholeDay && (
        <div className="grid grid-cols-2 gap-3 [&>*]:min-w-0">
          <TimeField
            label="Başlangıç saati"
            value={v.startTime}
            onChange={(t) => set('startTime', t)}
            errorMessage={errors.startTime}
            isDisabled={busy}
          />
          <TimeField
            label="Bitiş saati"
            value={v.endTime}
            onChange={(t) => set('endTime', t)}
            errorMessage={errors.endTime}
            isDisabled={busy}
          />
        </div>
      )}

      <Select
        label="Neden"
        value={v.reason}
        onChange={(r) => set('reason', r)}
        options={REASON_OPTIONS}
        isDisabled={busy}
      />
      <TextField
        label="Oyunculara görünen not (isteğe bağlı)"
        multiline
        value={v.note}
        onChange={(n) => set('note', n)}
        maxLength={CLOSURE_NOTE_MAX}
        errorMessage={errors.note}
        description={`Saha sayfasında ve oyunculara giden mesajlarda görünür. ${v.note.length} / ${CLOSURE_NOTE_MAX}`}
        inputClassName="[overflow-wrap:anywhere]"
        isDisabled={busy}
      />

      <FormError message={error} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onPress={onCancel} isDisabled={busy}>
          Vazgeç
        </Button>
        <Button type="submit" isDisabled={busy || !facilities}>
          {busy ? 'Yükleniyor…' : 'Etkilenenleri göster'}
        </Button>
      </div>
    </form>
  );
}

function PreviewStep({
  values,
  preview,
  changed,
  choices,
  onChoices,
  busy,
  error,
  onBack,
  onConfirm,
}: {
  values: WindowValues;
  preview: ClosurePreviewWire;
  changed: boolean;
  choices: Record<string, Choice | undefined>;
  onChoices: (c: Record<string, Choice | undefined>) => void;
  busy: boolean;
  error: string | null;
  onBack: () => void;
  onConfirm: () => void;
}) {
  const { hits } = preview;
  const names = preview.window.facilities.map((f) => f.name).join(', ');
  return (
    <div className="flex flex-col gap-4" data-close-preview>
      {changed && (
        <p
          role="alert"
          data-close-changed
          className="rounded-lg border-l-4 border-amber-600 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-950 dark:bg-amber-950 dark:text-amber-50"
        >
          {closureMsg.changed}
        </p>
      )}
      <div className="text-sm [overflow-wrap:anywhere]">
        <p className="font-semibold">{names}</p>
        <p>{windowText(preview.window)}</p>
        <p data-close-slot-count={preview.slotCount}>
          {preview.slotCount} saat kapanacak
          {preview.waitlisted > 0 ? ` · bekleme listesindeki ${preview.waitlisted} kayıt sona erecek` : ''}.
        </p>
      </div>

      {hits.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 px-4 py-4 text-sm dark:border-slate-700">
          Bu aralıkta etkilenen rezervasyon yok.
        </p>
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm font-semibold">{hits.length} rezervasyon etkileniyor: her biri için karar verin.</p>
            <Button
              variant="secondary"
              size="sm"
              isDisabled={busy}
              onPress={() =>
                onChoices(
                  Object.fromEntries(
                    hits.map((h) => {
                      const c = choices[h.booking];
                      return [h.booking, c?.action === 'cancel' ? c : cancelChoice(h)];
                    }),
                  ),
                )
              }
            >
              Tümünü iptal et
            </Button>
          </div>
          <ul className="flex flex-col gap-3" aria-label="Etkilenen rezervasyonlar">
            {hits.map((h) => (
              <HitRow
                key={h.booking}
                hit={h}
                values={values}
                choice={choices[h.booking]}
                busy={busy}
                onChoice={(c) => onChoices({ ...choices, [h.booking]: c })}
              />
            ))}
          </ul>
        </>
      )}

      <FormError message={error} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onPress={onBack} isDisabled={busy}>
          Geri
        </Button>
        <Button variant="danger" onPress={onConfirm} isDisabled={busy}>
          {busy ? 'Kapatılıyor…' : 'Kapat'}
        </Button>
      </div>
    </div>
  );
}

function HitRow({
  hit: h,
  values,
  choice,
  busy,
  onChoice,
}: {
  hit: ClosureHitWire;
  values: WindowValues;
  choice: Choice | undefined;
  busy: boolean;
  onChoice: (c: Choice) => void;
}) {
  return (
    <li className={card} data-close-hit={h.booking}>
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <p className="min-w-0 font-semibold [overflow-wrap:anywhere]">{h.customerName}</p>
        {h.isSubscription && (
          <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-900 dark:text-amber-50">
            <CrownIcon className="h-3.5 w-3.5" /> Abone
          </span>
        )}
      </div>
      <p className="text-sm">
        <a
          href={telHref(h.customerPhone)}
          className="font-medium text-turf-800 underline underline-offset-2 tabular-nums dark:text-turf-300"
        >
          {h.customerPhone}
        </a>
      </p>
      <p className="text-sm [overflow-wrap:anywhere]">
        {h.facility.name} · {calendarDayText(h)} · {rangeText(h)}
        {h.status === 'pending' ? ' · Beklemede' : ''}
      </p>
      <p className="text-sm">{depositText(h)}</p>

      <div className="mt-3 flex flex-col gap-3">
        <RadioGroup
          label="Karar"
          value={choice?.action ?? null}
          isDisabled={busy}
          onChange={(a) => onChoice(a === 'move' ? moveChoice(h) : cancelChoice(h))}
        >
          <Radio value="cancel">İptal et</Radio>
          <Radio value="move">Taşı</Radio>
        </RadioGroup>
        {choice?.action === 'cancel' && h.collectedKurus > 0 && (
          <div className="flex flex-col gap-3 rounded-lg bg-amber-50 p-3 text-amber-950 dark:bg-amber-950 dark:text-amber-50">
            <RadioGroup
              label={`Alınan ${tlAmountText(h.collectedKurus)} ne olacak?`}
              value={choice.deposit}
              isDisabled={busy}
              onChange={(d) => onChoice({ ...choice, deposit: d as 'refund' | 'keep' })}
            >
              <Radio value="refund">İade et</Radio>
              <Radio value="keep">Tut</Radio>
            </RadioGroup>
            {choice.deposit === 'refund' && (
              <Select
                label="İade yöntemi"
                value={choice.method}
                onChange={(m) => onChoice({ ...choice, method: m })}
                options={METHOD_OPTIONS}
                isDisabled={busy}
              />
            )}
          </div>
        )}
        {choice?.action === 'move' && (
          <MovePicker hit={h} values={values} choice={choice} busy={busy} onChoice={onChoice} />
        )}
      </div>
    </li>
  );
}

function MovePicker({
  hit: h,
  values,
  choice,
  busy,
  onChoice,
}: {
  hit: ClosureHitWire;
  values: WindowValues;
  choice: Extract<Choice, { action: 'move' }>;
  busy: boolean;
  onChoice: (c: Choice) => void;
}) {
  const [state, setState] = useState<
    { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; items: ClosureAlternativeWire[] }
  >({ status: 'loading' });

  // biome-ignore lint/correctness/useExhaustiveDependencies: read again for another date only; the window is fixed in this step
  useEffect(() => {
    if (!choice.date) return;
    let live = true;
    setState({ status: 'loading' });
    closureAlternatives({ ...bodyOf(values), booking: h.booking, date: choice.date }).then(
      (items) => live && setState({ status: 'ready', items }),
      (e) => live && setState({ status: 'error', message: messageOf(e, 'Boş saatler yüklenemedi') }),
    );
    return () => {
      live = false;
    };
  }, [choice.date, h.booking]);

  return (
    <div className="flex flex-col gap-3 rounded-lg bg-slate-50 p-3 dark:bg-slate-800" data-close-move>
      <IsoDatePicker
        label="Taşınacak gün"
        value={choice.date}
        min={istanbulToday()}
        isDisabled={busy}
        onChange={(d) => onChoice({ ...choice, date: d, toSlot: null })}
      />
      {state.status === 'loading' && <p className="text-sm">Boş saatler yükleniyor…</p>}
      {state.status === 'error' && <FormError message={state.message} />}
      {state.status === 'ready' &&
        (state.items.length === 0 ? (
          <p className="text-sm">Bu gün uygun boş saat yok: başka bir gün seçin.</p>
        ) : (
          <RadioGroup
            label="Boş saatler"
            value={choice.toSlot}
            isDisabled={busy}
            onChange={(slot) => onChoice({ ...choice, toSlot: slot })}
            className="[&_label]:max-w-full [&_label]:[overflow-wrap:anywhere]"
          >
            {state.items.map((a) => (
              <Radio key={a.slot} value={a.slot}>
                {alternativeText(a)}
              </Radio>
            ))}
          </RadioGroup>
        ))}
    </div>
  );
}

function ResultStep({ created, onDone }: { created: ClosureCreatedWire; onDone: () => void }) {
  const { closure, outcomes } = created;
  return (
    <div className="flex flex-col gap-4" data-close-result>
      <p
        role="status"
        className="rounded-lg border-l-4 border-turf-700 bg-turf-50 px-4 py-3 text-sm font-medium text-turf-950 dark:bg-turf-950 dark:text-turf-50"
      >
        Kapanış kaydedildi: {closure.slotCount} saat kapatıldı
        {outcomes.length > 0 ? `, ${outcomes.length} rezervasyon için karar uygulandı` : ''}.
      </p>
      {outcomes.length > 0 && (
        <>
          <p className="text-sm">Müşterilere bildirim gönderildi. Ayrıca WhatsApp ile haber verebilirsiniz:</p>
          <ul className="flex flex-col gap-3" aria-label="Etkilenen müşteriler">
            {outcomes.map((o) => (
              <li key={o.hit.booking} className={card} data-close-outcome={o.action}>
                <p className="font-semibold [overflow-wrap:anywhere]">{o.hit.customerName}</p>
                <p className="text-sm [overflow-wrap:anywhere]">
                  {o.action === 'move' && o.movedTo
                    ? `Taşındı: ${o.movedTo.facility.name} · ${calendarDayText(o.movedTo)} · ${rangeText(o.movedTo)}`
                    : `İptal edildi: ${o.hit.facility.name} · ${calendarDayText(o.hit)} · ${rangeText(o.hit)}`}
                </p>
                {o.whatsappUrl ? (
                  <a
                    href={o.whatsappUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    className={`mt-2 ${waLink}`}
                    data-close-whatsapp
                  >
                    WhatsApp ile bildir
                    <span className="sr-only"> ({o.hit.customerName}, yeni sekmede açılır)</span>
                  </a>
                ) : (
                  <p className="mt-2 text-sm">Telefon numarası yok.</p>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      <div className="flex justify-end">
        <Button onPress={onDone}>Bitti</Button>
      </div>
    </div>
  );
}
