import { lazy, type ReactNode, Suspense, useId } from 'react';
import { cancelRuleText } from '../../../../contracts/cancel-window';
import { lengthLabel } from '../../../../contracts/match-length';
import { formatPhone } from '../../../../contracts/phone-format';
import { slotDateText, tl, trDateTime } from '../../lib/format';
import {
  bookingStatus,
  cancelOption,
  customerNotes,
  paymentState,
  rejectionReason,
  type TrackedBooking,
} from '../../lib/tracking';
import { slotMinutes } from '../../stores/booking/slot-time';
import { AddToCalendar } from '../booking/AddToCalendar';
import { DepositBox } from '../booking/DepositBox';
import { PushOptIn } from '../booking/PushOptIn';
import { ShareMatch } from '../booking/ShareMatch';
import { BusIcon, CalendarIcon, CopyIcon, InfoIcon, PinIcon, SearchIcon, UserIcon, WalletIcon } from '../ui/icons';
import { Button } from '../ui/light/Button';
import { Row, Section } from '../ui/Section';
import { PastTag, PaymentBadge, StatusBadge, SubscriberMark } from '../ui/StatusBadge';

// Only for a played booking that can be rated or was rated: never in this chunk's own weight (docs/behaviour.md#ratings).
const RatePitch = lazy(() => import('./RatePitch').then((m) => ({ default: m.RatePitch })));

interface Props {
  booking: TrackedBooking;
  /** The clock the 24-hour cancel rule is read against (tests pin it). */
  now?: number;
  /** The cancel window the server applies (24 h by default). */
  cancelWindowHours?: number;
  onCopy: () => void;
  onNewSearch: () => void;
  onCancel: () => void;
}

/** The single booking view of behaviour.md#public-site: every field the tracking page promises, read-only, with copy, new search and cancel. */
export function BookingDetails({ booking: b, now, cancelWindowHours = 24, onCopy, onNewSearch, onCancel }: Props) {
  const cancelHint = useId();
  const reason = rejectionReason(b);
  const notes = customerNotes(b.notes);
  const status = bookingStatus(b.status);
  const phone =
    'customerPhoneMasked' in b
      ? b.customerPhoneMasked
      : 'customerPhone' in b && b.customerPhone
        ? formatPhone(b.customerPhone)
        : null;
  const awaitingDeposit = status === 'pending' && paymentState(b) === 'awaiting';
  const cancel = cancelOption(b, now, cancelWindowHours);

  return (
    <article
      aria-labelledby="booking-number"
      className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-700 dark:bg-slate-900"
      data-booking={b.bookingNumber}
    >
      <header className="flex flex-wrap items-start justify-between gap-4 border-b border-slate-200 bg-slate-50 p-5 sm:p-6 dark:border-slate-700 dark:bg-slate-800/60">
        <div>
          <p className="text-sm font-medium text-slate-600 dark:text-slate-300">Rezervasyon No</p>
          <div className="mt-1 flex items-center gap-2">
            <h2 id="booking-number" className="font-mono text-2xl font-bold tracking-wider">
              {b.bookingNumber}
            </h2>
            <Button variant="ghost" size="sm" onPress={onCopy} aria-label="Rezervasyon numarasını kopyala">
              <CopyIcon />
              <span className="hidden sm:inline">Kopyala</span>
            </Button>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <StatusBadge status={b.status} />
          <PaymentBadge booking={b} />
          {b.isPast && <PastTag />}
        </div>
      </header>

      <div className="grid gap-4 p-5 sm:grid-cols-2 sm:p-6">
        <Section icon={<UserIcon />} title="Müşteri">
          <Row label="Ad Soyad">{b.customerName}</Row>
          {phone && <Row label="Telefon">{phone}</Row>}
          <Row label="Abonelik">
            <SubscriberMark isSubscriber={b.isSubscriber} />
          </Row>
        </Section>

        <Section icon={<PinIcon />} title="Saha">
          <Row label="Saha">{b.facility.name}</Row>
          {b.facility.address && <Row label="Adres">{b.facility.address}</Row>}
          {b.facility.phone && (
            <Row label="Telefon">
              <a
                className="font-medium text-turf-800 underline underline-offset-2 dark:text-turf-300"
                href={`tel:${b.facility.phone.replace(/\s/g, '')}`}
              >
                {b.facility.phone}
              </a>
            </Row>
          )}
        </Section>

        <Section icon={<CalendarIcon />} title="Tarih ve Saat">
          <Row label="Tarih">{slotDateText(b)}</Row>
          <Row label="Başlangıç">{b.startTime}</Row>
          <Row label="Bitiş">{b.endTime}</Row>
          {/* The match's length (docs/behaviour.md#match-length): the server's, else read from its range. */}
          <Row label="Süre">{lengthLabel((b as { duration?: number }).duration || slotMinutes(b))}</Row>
        </Section>

        <Section icon={<WalletIcon />} title="Ücret">
          <Row label="Toplam ücret">
            <span className="font-semibold">{tl(b.totalPrice)}</span>
            {b.includesTransportation && (
              <span className="block text-xs text-slate-600 dark:text-slate-300">
                Ulaşım ücreti ({tl(b.transportationPrice)}) dahil
              </span>
            )}
          </Row>
          {(b.addons ?? []).length > 0 && (
            <Row label="Ek hizmetler">
              <ul data-tracking-addons>
                {b.addons.map((a) => (
                  <li key={a.name} className="[overflow-wrap:anywhere]">
                    {a.name}
                    {a.quantity > 1 ? ` × ${a.quantity}` : ''} ({tl(a.total)})
                  </li>
                ))}
              </ul>
            </Row>
          )}
          <Row label="Kapora">
            {tl(b.depositAmount)}
            {b.isSubscriber && (
              <span className="block text-xs text-slate-600 dark:text-slate-300">Abonelerden kapora alınmaz</span>
            )}
          </Row>
        </Section>

        {b.transportationDetails && (
          <Section icon={<BusIcon />} title="Ulaşım">
            {b.transportationDetails.pickupPointName && (
              <Row label="Alış noktası">{b.transportationDetails.pickupPointName}</Row>
            )}
            {b.transportationDetails.pickupPointAddress && (
              <Row label="Adres">{b.transportationDetails.pickupPointAddress}</Row>
            )}
            {b.transportationDetails.pickupTime && <Row label="Alış saati">{b.transportationDetails.pickupTime}</Row>}
          </Section>
        )}

        <Section icon={<InfoIcon />} title="Kayıt">
          <Row label="Oluşturulma">{trDateTime(b.createdAt) || '—'}</Row>
          <Row label="Onaylanma">{trDateTime(b.approvedAt) || '—'}</Row>
          {notes && <Row label="Not">{notes}</Row>}
        </Section>
      </div>

      {(reason || (status === 'cancelled' && b.cancellationReason) || awaitingDeposit) && (
        <div className="space-y-3 px-5 pb-5 sm:px-6 sm:pb-6">
          {reason && (
            <Notice tone="danger" title="Red nedeni">
              {reason}
            </Notice>
          )}
          {status === 'cancelled' && b.cancellationReason && (
            <Notice tone="neutral" title="İptal nedeni">
              {b.cancellationReason}
            </Notice>
          )}
          {awaitingDeposit && (
            <>
              <p className="text-sm font-medium" data-deposit-note>
                Rezervasyonunuz {tl(b.depositAmount)} kapora ödendikten sonra onaylanır.
              </p>
              <DepositBox booking={b} now={now} />
            </>
          )}
        </div>
      )}

      {b.rating && (
        <Suspense fallback={null}>
          <div className="mx-5 mb-5 sm:mx-6 sm:mb-6">
            <RatePitch bookingNumber={b.bookingNumber} facilityName={b.facility.name} rating={b.rating} />
          </div>
        </Suspense>
      )}
      <ShareMatch booking={b} className="mx-5 mb-5 sm:mx-6 sm:mb-6" />
      <PushOptIn booking={b} className="mx-5 mb-5 sm:mx-6 sm:mb-6" />

      <footer className="flex flex-col-reverse gap-3 border-t border-slate-200 p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6 dark:border-slate-700">
        <Button variant="secondary" onPress={onNewSearch}>
          <SearchIcon /> Yeni Arama
        </Button>
        <AddToCalendar booking={b} />
        {cancel.kind !== 'hidden' && (
          <div className="flex flex-col gap-1 sm:max-w-sm sm:items-end">
            <Button
              variant="danger"
              onPress={onCancel}
              isDisabled={cancel.kind === 'too-late'}
              aria-describedby={cancelHint}
            >
              Rezervasyonu İptal Et
            </Button>
            <p
              id={cancelHint}
              className={`text-xs sm:text-right ${cancel.kind === 'too-late' ? 'font-medium text-red-800 dark:text-red-200' : 'text-slate-600 dark:text-slate-300'}`}
              data-cancel-hint
            >
              {cancel.kind === 'too-late' ? cancel.reason : cancelRuleText(cancelWindowHours)}
            </p>
          </div>
        )}
      </footer>
    </article>
  );
}

const noticeTone = {
  danger: 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100',
  neutral: 'border-slate-300 bg-slate-50 text-slate-900 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100',
  info: 'border-sky-300 bg-sky-50 text-sky-950 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-50',
};

function Notice({ tone, title, children }: { tone: keyof typeof noticeTone; title: string; children: ReactNode }) {
  return (
    <div className={`rounded-xl border p-4 text-sm ${noticeTone[tone]}`}>
      <p className="font-semibold">{title}</p>
      <p className="mt-1 whitespace-pre-line">{children}</p>
    </div>
  );
}
