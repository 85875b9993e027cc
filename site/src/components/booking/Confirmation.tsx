import type { Ref } from 'react';
import { lengthLabel } from '../../../../contracts/match-length';
import { depositDue, holdUntilText } from '../../lib/deposit';
import { dropConfirmation, handToTracking } from '../../lib/device-bookings';
import { slotDateText, tl } from '../../lib/format';
import { type Booking, type BookingFacility, hhmm, slotMinutes, startOver, statusLabel } from '../../stores/booking';
import { CheckIcon } from '../ui/icons';
import { Action, action } from './Action';
import { AddToCalendar } from './AddToCalendar';
import { CopyButton } from './CopyButton';
import { DepositBox } from './DepositBox';
import { PushOptIn } from './PushOptIn';
import { ShareMatch } from './ShareMatch';

export const showsDeposit = (b: Pick<Booking, 'depositAmount' | 'isSubscriber'>) =>
  b.depositAmount > 0 && !b.isSubscriber;

export function Confirmation({
  booking: b,
  facility: f,
  headingRef,
}: {
  booking: Booking;
  facility: BookingFacility;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const deposit = showsDeposit(b);
  const until = holdUntilText(b.expiresAt);
  return (
    <section aria-labelledby="booking-step-heading" data-booking-step="3" className="mx-auto max-w-3xl">
      <div className="flex items-start gap-4">
        <span
          aria-hidden="true"
          className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-turf-700 text-white"
        >
          <CheckIcon className="h-7 w-7" />
        </span>
        <div>
          <h2
            id="booking-step-heading"
            ref={headingRef}
            tabIndex={-1}
            className="scroll-mt-24 text-2xl font-bold outline-none"
          >
            Rezervasyonunuz alındı
          </h2>
          <p className="mt-1 text-slate-700 dark:text-slate-300">
            Durum: <strong>{statusLabel(b.status)}</strong>.{' '}
            {deposit
              ? 'Kapora ödemesi yapıldıktan sonra onaylanacaktır.'
              : 'Saha yetkilisi onayladığında kesinleşecektir.'}
          </p>
        </div>
      </div>

      <div className="mt-6 flex flex-wrap items-center justify-between gap-3 rounded-xl border-2 border-turf-700 bg-turf-50 p-4 dark:border-turf-600 dark:bg-turf-950">
        <div>
          <p className="text-sm font-medium text-slate-700 dark:text-slate-300" id="booking-number-label">
            Rezervasyon Numaranız
          </p>
          <p
            className="font-mono text-2xl font-bold tracking-wider text-turf-900 dark:text-turf-100"
            data-booking-number
          >
            {b.bookingNumber}
          </p>
        </div>
        <CopyButton text={b.bookingNumber} label="Rezervasyon numarasını kopyala" />
      </div>

      <dl className="mt-6 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        {[
          ['Saha', b.facility.name],
          ['Tarih', slotDateText(b)],
          ['Saat', `${hhmm(b.startTime)}–${hhmm(b.endTime)}`],
          // The match's length (docs/behaviour.md#match-length): the server's, else read from its range.
          ['Süre', lengthLabel((b as { duration?: number }).duration || slotMinutes(b))],
          ['Ad Soyad', b.customerName],
          ...(b.includesTransportation && b.transportationDetails
            ? [
                [
                  'Servis',
                  [
                    b.transportationDetails.pickupPointName,
                    b.transportationDetails.pickupTime && `Kalkış ${b.transportationDetails.pickupTime}`,
                  ]
                    .filter(Boolean)
                    .join(' · '),
                ],
              ]
            : []),
          ...(b.addons?.length
            ? [
                [
                  'Ek Hizmetler',
                  b.addons
                    .map((a) => `${a.name}${a.quantity > 1 ? ` × ${a.quantity}` : ''} (${tl(a.total)})`)
                    .join(', '),
                ],
              ]
            : []),
          ['Toplam Tutar', tl(b.totalPrice)],
        ].map(([k, v]) => (
          <div key={k} className="border-b border-slate-200 pb-2 dark:border-slate-800">
            <dt className="text-slate-600 dark:text-slate-400">{k}</dt>
            <dd className="font-semibold">{v}</dd>
          </div>
        ))}
      </dl>

      {depositDue(b) && (
        <div className="mt-6">
          <DepositBox booking={b} />
        </div>
      )}

      <ShareMatch booking={b} />
      <PushOptIn booking={b} className="mt-4" />

      <section aria-labelledby="next-steps-heading" className="mt-6">
        <h3 id="next-steps-heading" className="text-lg font-bold">
          Sonraki adımlar
        </h3>
        <ol className="mt-2 list-decimal space-y-1.5 pl-5 text-sm text-slate-800 dark:text-slate-200">
          {deposit ? (
            <li>
              {tl(b.depositAmount)} kaporayı yukarıdaki IBAN'a gönderin; açıklamaya <strong>{b.bookingNumber}</strong>{' '}
              yazın.
            </li>
          ) : (
            <li>
              {b.isSubscriber ? 'Abone olduğunuz için kapora ödemeniz gerekmez.' : 'Bu saha için kapora alınmıyor.'}
            </li>
          )}
          <li>
            Rezervasyonunuz saha yetkilisi tarafından onaylanır.{' '}
            {until && b.status === 'pending'
              ? `${until} onaylanmazsa süresi dolar ve saat yeniden açılır.`
              : `${f.autoApprovalTimeout} dakika içinde onaylanmayan rezervasyonların süresi dolar ve saat yeniden açılır.`}
          </li>
          <li>
            Durumu rezervasyon numaranızla Rezervasyon Takip sayfasından izleyebilirsiniz. Bu rezervasyon bu cihazda{' '}
            <a
              href="/rezervasyonlarim"
              className="font-semibold text-turf-800 underline underline-offset-2 dark:text-turf-300"
            >
              Rezervasyonlarım
            </a>{' '}
            listesinde de saklanır.
          </li>
          <li>
            İptal etmek isterseniz maç saatine en az 24 saat kala Rezervasyon Takip sayfasından iptal edebilirsiniz.
          </li>
        </ol>
      </section>

      <div className="mt-8 flex flex-wrap gap-3">
        <a href="/rezervasyon-takip" onClick={() => handToTracking(b.bookingNumber)} className={action('primary')}>
          Rezervasyonu Takip Et
        </a>
        <AddToCalendar booking={b} />
        <Action
          variant="secondary"
          onClick={() => {
            dropConfirmation(f.slug);
            startOver();
          }}
        >
          Yeni Rezervasyon
        </Action>
        <a href="/" className={action('ghost')}>
          Ana Sayfa
        </a>
      </div>
    </section>
  );
}
