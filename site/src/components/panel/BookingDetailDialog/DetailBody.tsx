import type { ReactNode } from 'react';
import { formatPhone } from '../../../../../contracts/phone';
import { slotDateText, tl, trDateTime } from '../../../lib/format';
import { bookingStatus, rejectionReason } from '../../../lib/tracking';
import { BusIcon, CalendarIcon, CheckIcon, HistoryIcon, InfoIcon, UserIcon, WalletIcon } from '../../ui/icons';
import { Row, Section } from '../../ui/Section';
import { PaymentBadge, StatusBadge, SubscriberMark } from '../../ui/StatusBadge';
import { Anonymise } from './Anonymise';
import {
  type BookingDetail,
  type Busy,
  customerOf,
  dateOf,
  HIDDEN_PHONE,
  historyActor,
  historyTitle,
  isHiddenPhone,
  NO_DATE,
  NO_FACILITY,
  startOf,
  timeOf,
} from './model';
import { Notes } from './Notes';

interface BodyProps {
  booking: BookingDetail;
  actions: ReactNode;
  busy: Busy;
  onSaveNotes: (text: string) => Promise<boolean>;
  onAnonymise: () => void;
}

export function DetailBody({ booking: b, actions, busy, onSaveNotes, onAnonymise }: BodyProps) {
  const status = bookingStatus(b.status);
  const date = dateOf(b);
  const time = timeOf(b);
  const hidden = isHiddenPhone(b.customerPhone);
  const phone = hidden ? HIDDEN_PHONE : b.customerPhone?.trim() ? formatPhone(b.customerPhone) : null;
  const transport = b.transportationDetails;
  const facilityFee =
    b.bookingSlot?.price ?? b.totalPrice - (b.includesTransportation ? (b.transportationPrice ?? 0) : 0);
  const reason = status === 'rejected' ? rejectionReason(b) : null;
  const history = b.history ?? [];

  return (
    <div className="min-w-0 space-y-4" data-booking={b.bookingNumber}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm text-slate-600 dark:text-slate-300">Rezervasyon No</p>
          <p className="font-mono text-lg font-bold tracking-wider">{b.bookingNumber}</p>
        </div>
        <StatusBadge status={b.status} />
      </div>

      <div className="grid gap-4 sm:grid-cols-2 [&>*]:min-w-0">
        <Section
          icon={<UserIcon />}
          title="Müşteri Bilgileri"
          footer={hidden ? null : <Anonymise busy={busy} onConfirm={onAnonymise} />}
        >
          <Row label="Ad Soyad">{customerOf(b)}</Row>
          {phone && (
            <Row label="Telefon">
              {hidden ? (
                phone
              ) : (
                <a
                  href={`tel:${b.customerPhone.replace(/\s/g, '')}`}
                  className="text-turf-800 underline underline-offset-2 dark:text-turf-300"
                >
                  {phone}
                </a>
              )}
            </Row>
          )}
          {b.customerEmail && <Row label="E-posta">{b.customerEmail}</Row>}
          <Row label="Abonelik">
            <SubscriberMark isSubscriber={b.isSubscriber} />
          </Row>
        </Section>

        <Section icon={<CalendarIcon />} title="Rezervasyon Bilgileri">
          <Row label="Saha">{b.facility?.name?.trim() || NO_FACILITY}</Row>
          <Row label="Tarih">{date ? slotDateText(startOf(b)) : NO_DATE}</Row>
          {time && <Row label="Saat">{time}</Row>}
          <Row label="Oluşturulma">{trDateTime(b.createdAt) || '—'}</Row>
        </Section>

        <Section icon={<BusIcon />} title="Servis Bilgileri">
          <Row label="Servis">{b.includesTransportation ? 'İstendi' : 'İstenmedi'}</Row>
          {b.includesTransportation && (
            <>
              <Row label="Servis ücreti">{tl(b.transportationPrice)}</Row>
              {transport?.pickupPointName && <Row label="Alış noktası">{transport.pickupPointName}</Row>}
              {transport?.pickupPointAddress && <Row label="Adres">{transport.pickupPointAddress}</Row>}
              {transport?.pickupTime && <Row label="Alış saati">{transport.pickupTime}</Row>}
            </>
          )}
        </Section>

        <Section icon={<WalletIcon />} title="Ödeme Bilgileri">
          <Row label="Saha ücreti">{tl(facilityFee)}</Row>
          {b.includesTransportation && <Row label="Servis ücreti">{tl(b.transportationPrice)}</Row>}
          {/* Paid add-ons as sold. */}
          {(b.addons ?? []).map((a) => (
            <Row key={a.name} label={a.quantity > 1 ? `${a.name} × ${a.quantity}` : a.name}>
              {tl(a.total)}
            </Row>
          ))}
          {/* Subscribers pay no deposit (behaviour.md#management-panel, #constants-and-limits). */}
          {!b.isSubscriber && <Row label="Kapora">{tl(b.depositAmount)}</Row>}
          <Row label="Toplam">
            <span className="font-bold">{tl(b.totalPrice)}</span>
          </Row>
          <Row label="Ödeme durumu">
            <PaymentBadge booking={b} />
          </Row>
        </Section>
      </div>

      {(b.approvedAt || b.approvedBy) && (
        <Section icon={<CheckIcon />} title="Onay Bilgileri">
          {/* The full name, as the history shows it. */}
          <Row label="Onaylayan">{b.approvedBy?.fullName || b.approvedBy?.username || '—'}</Row>
          <Row label="Onay tarihi">{trDateTime(b.approvedAt) || '—'}</Row>
        </Section>
      )}

      <Section icon={<InfoIcon />} title="Notlar" plain>
        <Notes key={`${b.documentId}:${b.updatedAt}`} notes={b.notes} busy={busy} onSave={onSaveNotes} />
      </Section>

      {reason && (
        <div className="rounded-xl border border-red-300 bg-red-50 p-4 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
          <p className="font-semibold">Red sebebi</p>
          <p className="mt-1 whitespace-pre-line [overflow-wrap:anywhere]">{reason}</p>
        </div>
      )}
      {(status === 'cancelled' || status === 'expired') && b.cancellationReason && (
        <div className="rounded-xl border border-slate-300 bg-slate-50 p-4 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100">
          <p className="font-semibold">İptal sebebi</p>
          <p className="mt-1 whitespace-pre-line [overflow-wrap:anywhere]">{b.cancellationReason}</p>
        </div>
      )}

      {actions}

      <section
        aria-labelledby="booking-history"
        className="rounded-xl border border-slate-200 p-4 dark:border-slate-700"
      >
        <h3
          id="booking-history"
          className="flex items-center gap-2 text-sm font-semibold tracking-wide text-slate-700 uppercase dark:text-slate-300"
        >
          <span className="text-turf-700 dark:text-turf-400">
            <HistoryIcon />
          </span>
          İşlem Geçmişi
        </h3>
        {history.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">Kayıtlı işlem yok.</p>
        ) : (
          <ol className="mt-3 space-y-3">
            {history.map((h) => (
              <li
                key={h.id}
                className="min-w-0 border-l-2 border-turf-600 pl-3 text-sm [overflow-wrap:anywhere] dark:border-turf-400"
              >
                <p className="font-medium text-slate-900 dark:text-slate-100">{historyTitle(h)}</p>
                <p className="text-slate-600 dark:text-slate-300">
                  {historyActor(h)} · {trDateTime(h.createdAt)}
                </p>
                {h.reason &&
                  (!h.event || h.event === 'attendance' || h.event === 'hold_extended' || h.event === 'payment') && (
                    <p className="mt-0.5 whitespace-pre-line text-slate-800 dark:text-slate-200">{h.reason}</p>
                  )}
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
