// The bookings a forced delete of a pitch would cancel (docs/behaviour.md#management-panel 'Pitches'): who to call,
// when they play (the real calendar date after midnight) and the deposit, before staff confirm.
import { PAYMENT_STATUS_LABELS } from '../../../../../contracts/payments';
import { telHref, whatsappHref } from '../../../../../contracts/phone-links';
import type { ActiveBookingWire } from '../../../../../contracts/wire/active-bookings';
import { tl, trDayMonth } from '../../../lib/format';
import { PhoneIcon } from '../../ui/icons';

/** A WhatsApp link with a prepared Turkish message telling the customer their booking is cancelled. */
export function whatsappLink(b: ActiveBookingWire, facilityName: string): string {
  const first = b.customerName.trim().split(/\s+/)[0] ?? '';
  const money = b.collected > 0 ? ` Ödediğiniz ${tl(b.collected)} kapora için sizinle ayrıca görüşeceğiz.` : '';
  const text =
    `Merhaba ${first}, ${trDayMonth(b.calendarDate)} saat ${b.startTime} ${facilityName} rezervasyonunuz ` +
    `(${b.bookingNumber}) saha hizmet dışı kaldığı için iptal edilmiştir.${money} Anlayışınız için teşekkür ederiz.`;
  return whatsappHref(b.customerPhone ?? '', text);
}

/** 'Kapora ₺300 · alınan ₺300 · Kapora Alındı', or what a booking without a deposit shows. */
function moneyText(b: ActiveBookingWire): string {
  const parts = [b.depositAmount > 0 ? `Kapora ${tl(b.depositAmount)}` : 'Kapora yok'];
  if (b.collected > 0) parts.push(`alınan ${tl(b.collected)}`);
  parts.push(PAYMENT_STATUS_LABELS[b.paymentStatus] ?? b.paymentStatus);
  return parts.join(' · ');
}

export function ActiveBookingsList({
  bookings,
  facilityName,
}: {
  bookings: ActiveBookingWire[];
  facilityName: string;
}) {
  return (
    <ul
      className="mt-3 max-h-72 space-y-2 overflow-y-auto overscroll-contain pr-1"
      aria-label="İptal edilecek rezervasyonlar"
      data-active-bookings
    >
      {bookings.map((b) => (
        <li
          key={b.documentId}
          className="rounded-lg border border-slate-200 bg-white p-3 text-sm text-slate-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
          data-active-booking
        >
          <p className="flex flex-wrap items-baseline justify-between gap-x-2 font-semibold [overflow-wrap:anywhere]">
            <span>{b.customerName}</span>
            <span className="font-mono text-xs font-normal text-slate-600 dark:text-slate-300">{b.bookingNumber}</span>
          </p>
          <p className="mt-1">
            {trDayMonth(b.calendarDate)} · {b.startTime}–{b.endTime}
            {b.status === 'pending' ? ' · Onay bekliyor' : ''}
          </p>
          <p className="mt-1 text-slate-700 dark:text-slate-300">{moneyText(b)}</p>
          {b.customerPhone ? (
            <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
              <a
                href={telHref(b.customerPhone)}
                className="inline-flex items-center gap-1 font-medium text-turf-800 underline underline-offset-2 dark:text-turf-300"
              >
                <PhoneIcon className="h-4 w-4" /> {b.customerPhone}
              </a>
              <a
                href={whatsappLink(b, facilityName)}
                target="_blank"
                rel="noopener noreferrer"
                className="font-medium text-turf-800 underline underline-offset-2 dark:text-turf-300"
                data-whatsapp
              >
                WhatsApp ile bildir
              </a>
            </p>
          ) : (
            <p className="mt-2 text-slate-600 dark:text-slate-400">Telefon silinmiş (KVKK)</p>
          )}
        </li>
      ))}
    </ul>
  );
}
