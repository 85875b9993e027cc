import { type FormEvent, useId, useState } from 'react';
import { istanbulToday } from '../../../../../contracts/dates';
import { client, unwrap } from '../../../lib/api';
import { ApiRequestError, errorText, FALLBACK_ERROR } from '../../../lib/errors';
import { toast } from '../../../stores/toast';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { dateFromIso, IsoDatePicker } from '../../ui/DatePicker';
import { AlertIcon, CheckIcon } from '../../ui/icons';
import { Modal } from '../../ui/Modal';
import { PREVIEW_TITLE, SlotPreview } from './SlotPreviewDialog';

// Texts of behaviour.md#management-panel 'Slot generation modal', #error-messages and behaviour.md#slots.
export const GENERATION_TITLE = 'Slot Oluştur';
export const OVERWRITE_LABEL = 'Mevcut slotların üzerine yaz';
export const OVERWRITE_WARNING = "Mevcut slot'lar silinecek ve yenileri oluşturulacak. Bu işlem geri alınamaz.";
/** What the server really does (behaviour.md#slots): a slot holding a pending or approved booking is never replaced. */
export const OVERWRITE_KEEPS_BOOKED = 'Rezervasyonu olan slotlar korunur.';
export const GENERATION_FAILED = 'Slot oluşturulurken hata oluştu';
/** A date typed outside the window (the calendar offers none): said under the field, and nothing is sent. */
export const OUTSIDE_WINDOW = 'Tarih bugün ile 3 ay sonrası arasında olmalı';
/** The generation window of behaviour.md#slots: today to three months ahead. */
export const GENERATION_MONTHS = 3;

/** The server's own message when it gave one, else the screen's fallback (behaviour.md#error-messages). */
function failureText(e: unknown): string {
  if (e instanceof ApiRequestError) {
    const own = errorText(e.body, undefined, '');
    if (own && own !== FALLBACK_ERROR) return own;
  }
  return GENERATION_FAILED;
}

/** Today in Istanbul and three calendar months later, YYYY-MM-DD. */
export function generationWindow(now = Date.now()) {
  const min = istanbulToday(now);
  const max = dateFromIso(min)!.add({ months: GENERATION_MONTHS }).toString();
  return { min, max };
}

interface Props {
  facility: { id: number; slug: string; name: string };
  onClose: () => void;
  onGenerated?: (result: { startDate: string; endDate: string }) => void;
}

type Step = { kind: 'form' } | { kind: 'success' | 'preview'; message: string; startDate: string; endDate: string };

/**
 * 'Slot Oluştur' for one pitch (behaviour.md#management-panel): a date range and the overwrite option, then the server's answer, then the
 * preview of the generated range. Mounted only while open; Escape, İptal and the close button call onClose.
 */
export function SlotGenerationDialog({ facility, onClose, onGenerated }: Props) {
  const [{ min, max }] = useState(() => generationWindow());
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const [overwrite, setOverwrite] = useState(false);
  const [busy, setBusy] = useState(false);
  const [step, setStep] = useState<Step>({ kind: 'form' });
  const warningId = useId();
  const outside = (d: string) => Boolean(d) && (d < min || d > max);
  const startError = outside(startDate) ? OUTSIDE_WINDOW : null;
  const endError = outside(endDate) ? OUTSIDE_WINDOW : null;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy || !startDate || !endDate || startDate > endDate || startError || endError) return;
    setBusy(true);
    try {
      const data = await unwrap(
        client.api.facilities[':ref']['generate-slots'].$post({
          param: { ref: String(facility.id) },
          json: { startDate, endDate, overwrite },
        }),
      );
      toast('success', data.message);
      setStep({ kind: 'success', message: data.message, startDate, endDate });
      onGenerated?.({ startDate, endDate });
    } catch (err) {
      toast('error', failureText(err));
    } finally {
      setBusy(false);
    }
  }

  const close = () => {
    if (!busy) onClose();
  };

  return (
    <Modal
      title={step.kind === 'preview' ? PREVIEW_TITLE : GENERATION_TITLE}
      size={step.kind === 'preview' ? 'lg' : 'md'}
      isOpen
      closeLabel="Pencereyi kapat"
      isDismissable={!busy}
      isKeyboardDismissDisabled={busy}
      onOpenChange={(open) => {
        if (!open) close();
      }}
    >
      <p
        className="-mt-2 mb-4 text-sm font-medium text-slate-700 [overflow-wrap:anywhere] dark:text-slate-300"
        data-facility-name
      >
        {facility.name}
      </p>

      {step.kind === 'form' ? (
        <form onSubmit={submit} className="min-w-0 space-y-4" noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            <IsoDatePicker
              label="Başlangıç tarihi"
              value={startDate}
              min={min}
              max={max}
              errorMessage={startError}
              validationBehavior="aria"
              isDisabled={busy}
              onChange={(v) => {
                setStartDate(v);
                if (v && endDate && endDate < v) setEndDate('');
              }}
            />
            <IsoDatePicker
              label="Bitiş tarihi"
              value={endDate}
              min={startDate && startDate > min ? startDate : min}
              max={max}
              errorMessage={endError}
              validationBehavior="aria"
              isDisabled={busy}
              onChange={setEndDate}
            />
          </div>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Slotlar bugünden itibaren en fazla 3 ay ileriye kadar oluşturulabilir.
          </p>
          <Checkbox
            isSelected={overwrite}
            onChange={setOverwrite}
            isDisabled={busy}
            aria-describedby={overwrite ? warningId : undefined}
          >
            {OVERWRITE_LABEL}
          </Checkbox>
          {overwrite && (
            <div
              id={warningId}
              role="alert"
              className="flex gap-2 rounded-xl border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
            >
              <AlertIcon className="mt-0.5 h-4 w-4 shrink-0" />
              <div className="min-w-0">
                <p className="font-semibold">{OVERWRITE_WARNING}</p>
                <p className="mt-1">{OVERWRITE_KEEPS_BOOKED}</p>
              </div>
            </div>
          )}
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onPress={close} isDisabled={busy}>
              İptal
            </Button>
            <Button type="submit" isDisabled={!startDate || !endDate || busy}>
              {busy ? 'Oluşturuluyor...' : GENERATION_TITLE}
            </Button>
          </div>
        </form>
      ) : step.kind === 'success' ? (
        <div className="min-w-0 space-y-4">
          <div
            role="status"
            className="flex gap-2 rounded-xl border border-turf-300 bg-turf-50 p-4 text-turf-950 dark:border-turf-800 dark:bg-turf-950 dark:text-turf-100"
            data-generation-result
          >
            <CheckIcon className="mt-0.5 h-5 w-5 shrink-0" strokeWidth={2.5} />
            <p className="min-w-0 [overflow-wrap:anywhere]">{step.message}</p>
          </div>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onPress={onClose}>
              Kapat
            </Button>
            <Button autoFocus onPress={() => setStep({ ...step, kind: 'preview' })}>
              Önizle
            </Button>
          </div>
        </div>
      ) : (
        <div className="min-w-0">
          <SlotPreview autoFocus facility={facility} startDate={step.startDate} endDate={step.endDate} />
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onPress={onClose}>
              Kapat
            </Button>
          </div>
        </div>
      )}
    </Modal>
  );
}
