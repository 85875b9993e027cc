import { useStore } from '@nanostores/react';
import type { FormEvent } from 'react';
import { slotDateText } from '../../lib/format';
import {
  $cancelConfirming,
  $cancelError,
  $cancelling,
  $cancelNumber,
  $duplicate,
  askCancelConfirmation,
  cancelExistingBooking,
  closeDuplicate,
  editCancelNumber,
  hhmm,
  statusLabel,
  stepBackFromConfirmation,
} from '../../stores/booking';
import { input as textBox } from '../ui/field';
import { AlertIcon } from '../ui/icons';
import { Modal } from '../ui/Modal';
import { Action } from './Action';

const input = `${textBox} font-mono uppercase`;

/**
 * 'Rezervasyon Uyarısı' (behaviour.md#public-site): the same phone already holds a live booking that day. It shows only what the owner
 * needs to recognise it (masked number, 'Barış A.'); cancelling asks for the full number and a confirmation.
 */
export function DuplicateBookingModal() {
  const dup = useStore($duplicate);
  const cancelling = useStore($cancelling);
  const cancelError = useStore($cancelError);
  const number = useStore($cancelNumber);
  const confirming = useStore($cancelConfirming);
  const e = dup?.existing;
  const rows: [string, string | undefined][] = e
    ? [
        ['Rezervasyon No', e.bookingNumberMasked],
        ['Müşteri', e.customerName],
        ['Saha', e.facility],
        ['Tarih', e.date ? slotDateText({ date: e.date, startTime: e.time ?? '', startsAt: e.startsAt }) : undefined],
        ['Saat', e.time ? `${hhmm(e.time)}${e.endTime ? `–${hhmm(e.endTime)}` : ''}` : undefined],
        ['Durum', statusLabel(e.status)],
      ]
    : [];

  const proceed = () => (confirming ? void cancelExistingBooking() : void askCancelConfirmation());
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    proceed();
  }

  return (
    <Modal
      title="Rezervasyon Uyarısı"
      role="alertdialog"
      isOpen={dup !== null}
      onOpenChange={(open) => !open && closeDuplicate()}
      isDismissable={false}
      footer={
        confirming ? (
          <>
            <Action variant="secondary" onClick={stepBackFromConfirmation} disabled={cancelling}>
              Vazgeç
            </Action>
            <Action variant="danger" onClick={proceed} pending={cancelling}>
              {cancelling ? 'İptal ediliyor…' : 'Evet, iptal et'}
            </Action>
          </>
        ) : (
          <>
            <Action variant="secondary" onClick={closeDuplicate}>
              Kapat
            </Action>
            <Action variant="danger" onClick={proceed}>
              Mevcut Rezervasyonu İptal Et
            </Action>
          </>
        )
      }
    >
      {dup && (
        <div className="space-y-4" data-duplicate>
          <p className="flex items-start gap-2 rounded-lg border-l-4 border-amber-500 bg-amber-50 p-3 font-medium text-amber-950 dark:bg-amber-950 dark:text-amber-50">
            <AlertIcon className="mt-0.5 h-5 w-5 shrink-0" />
            {dup.message}
          </p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
            {rows
              .filter(([, v]) => v)
              .map(([k, v]) => (
                <div key={k} className="contents">
                  <dt className="text-slate-600 dark:text-slate-400">{k}</dt>
                  <dd className={`font-semibold break-words ${k === 'Rezervasyon No' ? 'font-mono' : ''}`}>{v}</dd>
                </div>
              ))}
          </dl>
          <p className="text-sm text-slate-800 dark:text-slate-200">
            Aynı gün için yeni bir rezervasyon yapabilmek için önce mevcut rezervasyonunuzu{' '}
            <a href="/rezervasyon-takip" className="font-semibold text-turf-800 underline dark:text-turf-300">
              Rezervasyon Takip
            </a>{' '}
            sayfasından ya da aşağıdan, rezervasyon numaranızın tamamını girerek iptal edebilirsiniz.
          </p>
          <form id="duplicate-cancel" noValidate onSubmit={onSubmit} data-duplicate-cancel>
            <label htmlFor="duplicate-cancel-number" className="text-sm font-medium text-slate-800 dark:text-slate-200">
              Rezervasyon numaranız
            </label>
            <input
              id="duplicate-cancel-number"
              name="bookingNumber"
              value={number}
              onChange={(ev) => editCancelNumber(ev.target.value)}
              readOnly={confirming}
              autoComplete="off"
              spellCheck={false}
              placeholder={e?.bookingNumberMasked}
              aria-invalid={cancelError ? true : undefined}
              aria-describedby="duplicate-cancel-help"
              className={input}
            />
            <p id="duplicate-cancel-help" className="mt-1 text-xs text-slate-600 dark:text-slate-300">
              Onay ekranında ve Rezervasyon Takip sayfasında gördüğünüz, HSR ile başlayan 12 karakterlik numara.
            </p>
          </form>
          {confirming && !cancelError && (
            <p
              role="alert"
              className="rounded-lg border-l-4 border-red-700 bg-red-50 p-3 text-sm font-medium text-red-900 dark:bg-red-950 dark:text-red-100"
              data-cancel-confirm
            >
              {number} numaralı rezervasyonu iptal etmek istediğinize emin misiniz? Bu işlem geri alınamaz.
            </p>
          )}
          {cancelError && (
            <p
              role="alert"
              className="rounded-lg border-l-4 border-red-700 bg-red-50 p-3 text-sm font-medium text-red-900 dark:bg-red-950 dark:text-red-100"
              data-cancel-error
            >
              {cancelError}
            </p>
          )}
        </div>
      )}
    </Modal>
  );
}
