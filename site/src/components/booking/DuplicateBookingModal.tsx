import { useStore } from '@nanostores/react';
import { trDateWithDay } from '../../lib/format';
import { $cancelError, $cancelling, $duplicate, cancelExistingBooking, closeDuplicate, statusLabel } from '../../stores/booking';
import { Action } from './Action';
import { BookingDialog } from './BookingDialog';
import { AlertIcon } from './icons';
import { hhmm } from './SlotCalendar';

/** 'Rezervasyon Uyarısı' (01 §2): the same phone already holds a live booking that day. */
export function DuplicateBookingModal() {
  const dup = useStore($duplicate);
  const cancelling = useStore($cancelling);
  const cancelError = useStore($cancelError);
  const e = dup?.existing;
  const rows: [string, string | undefined][] = e
    ? [
        ['Rezervasyon No', e.bookingNumber],
        ['Müşteri', e.customerName],
        ['Saha', e.facility],
        ['Tarih', e.date ? trDateWithDay(e.date) : undefined],
        ['Saat', e.time ? `${hhmm(e.time)}${e.endTime ? `–${hhmm(e.endTime)}` : ''}` : undefined],
        ['Durum', statusLabel(e.status)],
      ]
    : [];
  return (
    <BookingDialog
      title="Rezervasyon Uyarısı"
      role="alertdialog"
      isOpen={dup !== null}
      onOpenChange={(open) => !open && closeDuplicate()}
      isDismissable={false}
      footer={
        <>
          <Action variant="secondary" onClick={closeDuplicate}>
            Kapat
          </Action>
          <Action variant="danger" onClick={() => void cancelExistingBooking()} pending={cancelling}>
            {cancelling ? 'İptal ediliyor…' : 'Mevcut Rezervasyonu İptal Et'}
          </Action>
        </>
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
                  <dd className={`font-semibold ${k === 'Rezervasyon No' ? 'font-mono' : ''}`}>{v}</dd>
                </div>
              ))}
          </dl>
          <p className="text-sm text-slate-800 dark:text-slate-200">
            Aynı gün için yeni bir rezervasyon yapabilmek için önce mevcut rezervasyonunuzu{' '}
            <a href={`/rezervasyon-takip?q=${encodeURIComponent(dup.existing.bookingNumber)}`} className="font-semibold text-turf-800 underline dark:text-turf-300">
              Rezervasyon Takip
            </a>{' '}
            sayfasından iptal etmeniz gerekir. Dilerseniz aşağıdaki düğmeyle buradan da iptal edebilirsiniz.
          </p>
          {cancelError && (
            <p role="alert" className="rounded-lg border-l-4 border-red-700 bg-red-50 p-3 text-sm font-medium text-red-900 dark:bg-red-950 dark:text-red-100">
              {cancelError}
            </p>
          )}
        </div>
      )}
    </BookingDialog>
  );
}
