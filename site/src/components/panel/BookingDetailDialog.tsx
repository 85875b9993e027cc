import { msg } from '../../../../contracts/messages';
import type { InferResponseType } from 'hono/client';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { formatPhone } from '../../../../contracts/phone';
import { client, unwrap } from '../../lib/api';
import { ApiRequestError, errorText, FALLBACK_ERROR } from '../../lib/errors';
import { tl, trDate, trDateTime, trDateWithDay } from '../../lib/format';
import { bookingStatus, rejectionReason, statusLabel } from '../../lib/tracking';
import { toast } from '../../stores/toast';
import { BusIcon, CalendarIcon, CheckIcon, CrownIcon, HistoryIcon, InfoIcon, UserIcon, WalletIcon, XIcon } from '../tracking/icons';
import { Button } from '../ui/Button';
import { Modal } from '../ui/Modal';
import { TextField } from '../ui/TextField';
import { PaymentBadge, StatusBadge } from './StatusBadge';

export type BookingDetail = InferResponseType<(typeof client.api.bookings)[':id']['$get'], 200>['data'];

// Texts of 02 §2 'Booking detail dialog' and §8 'Bookings'.
export const UNKNOWN_CUSTOMER = 'Bilinmeyen Müşteri';
export const NO_FACILITY = 'Saha bilgisi yok';
export const NO_DATE = 'Tarih yok';
export const LOAD_FAILED = 'Rezervasyon bilgileri yüklenemedi';
export const APPROVE_FAILED = msg.approveFailed;
export const REJECT_FAILED = msg.rejectFailed;
/** After approve or reject the dialog shows the new status, then closes (02 §2: about 0.8 s). */
export const CLOSE_AFTER_MS = 800;

const ACTORS: Record<string, string> = { customer: 'Müşteri', staff: 'Personel', system: 'Sistem' };

/** The server's own message when it gave one, else the screen's fallback (02 §8). */
function failureText(e: unknown, fallback: string): string {
  if (e instanceof ApiRequestError) {
    const own = errorText(e.body, undefined, '');
    if (own && own !== FALLBACK_ERROR) return own;
  }
  return fallback;
}

const customerOf = (b: BookingDetail) => b.customerName?.trim() || UNKNOWN_CUSTOMER;
const dateOf = (b: BookingDetail) => b.bookingSlot?.date ?? b.date ?? null;
const timeOf = (b: BookingDetail) => {
  const start = b.bookingSlot?.startTime ?? b.startTime;
  const end = b.bookingSlot?.endTime ?? b.endTime;
  return start ? (end ? `${start}–${end}` : start) : '';
};

interface Props {
  /** Open while non-null: a booking's documentId (or its booking number). */
  documentId: string | null;
  onClose: () => void;
  /** Called with the updated booking after an approval or a rejection. */
  onChanged?: (b: BookingDetail) => void;
}

/** The booking detail dialog of 02 §2: every section, and approve / reject while the booking is pending. */
export function BookingDetailDialog({ documentId, onClose, onChanged }: Props) {
  const [booking, setBooking] = useState<BookingDetail | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [attempt, setAttempt] = useState(0);
  const [notes, setNotes] = useState('');
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'approve' | 'reject' | null>(null);
  const [done, setDone] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef({ onClose, onChanged });
  latest.current = { onClose, onChanged };

  useEffect(() => {
    clearTimeout(closeTimer.current);
    setNotes('');
    setReason('');
    setReasonError(null);
    setBusy(null);
    setDone(false);
    if (!documentId) {
      setBooking(null);
      return;
    }
    let live = true;
    setState('loading');
    unwrap(client.api.bookings[':id'].$get({ param: { id: documentId } }))
      .then((b) => {
        if (!live) return;
        setBooking(b);
        setState('ready');
      })
      .catch(() => {
        if (live) setState('error');
      });
    return () => {
      live = false;
    };
  }, [documentId, attempt]);

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  function settled(b: BookingDetail, approved: boolean) {
    setBooking(b);
    setDone(true);
    const description = `${customerOf(b)} · ${dateOf(b) ? trDate(dateOf(b)!) : NO_DATE} ${timeOf(b)}`.trim();
    if (approved) toast('success', msg.approvedTitle, description);
    else toast('info', msg.rejectedTitle, description);
    latest.current.onChanged?.(b);
    closeTimer.current = setTimeout(() => latest.current.onClose(), CLOSE_AFTER_MS);
  }

  async function approve() {
    if (!booking || busy) return;
    setBusy('approve');
    try {
      const note = notes.trim();
      const b = await unwrap(client.api.bookings[':id'].approve.$post({ param: { id: booking.documentId }, json: note ? { notes: note } : {} }));
      settled(b, true);
    } catch (e) {
      toast('error', failureText(e, APPROVE_FAILED));
    } finally {
      setBusy(null);
    }
  }

  async function reject(text = reason) {
    const why = text.trim();
    if (!booking || busy || !why) return;
    setBusy('reject');
    setReasonError(null);
    try {
      const b = await unwrap(client.api.bookings[':id'].reject.$post({ param: { id: booking.documentId }, json: { reason: why } }));
      settled(b, false);
    } catch (e) {
      const text = failureText(e, REJECT_FAILED);
      if (e instanceof ApiRequestError && e.status === 400) setReasonError(text);
      toast('error', text);
    } finally {
      setBusy(null);
    }
  }

  const open = documentId !== null;
  return (
    <Modal
      title="Rezervasyon Detayı"
      size="lg"
      isOpen={open}
      isDismissable={!busy}
      onOpenChange={(next) => {
        if (!next && !busy) onClose();
      }}
    >
      {state === 'loading' || (!booking && state !== 'error') ? (
        <p role="status" className="flex items-center gap-3 py-8 text-slate-700 dark:text-slate-300">
          <span aria-hidden="true" className="h-5 w-5 animate-spin rounded-full border-2 border-slate-300 border-t-turf-700 motion-reduce:animate-none dark:border-slate-600 dark:border-t-turf-400" />
          Rezervasyon bilgileri yükleniyor...
        </p>
      ) : state === 'error' || !booking ? (
        <div role="alert" className="rounded-xl border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
          <p className="font-semibold">{LOAD_FAILED}</p>
          <Button variant="secondary" size="sm" className="mt-3" onPress={() => setAttempt((n) => n + 1)}>Tekrar Dene</Button>
        </div>
      ) : (
        <DetailBody
          booking={booking}
          actions={
            bookingStatus(booking.status) === 'approved' && !booking.isPast && !done ? (
              <CancelApproved busy={busy} reasonError={reasonError} onCancel={(why) => reject(why)} />
            ) : bookingStatus(booking.status) === 'pending' && !done ? (
              <Actions
                notes={notes}
                onNotes={setNotes}
                reason={reason}
                onReason={(v) => {
                  setReason(v);
                  setReasonError(null);
                }}
                reasonError={reasonError}
                busy={busy}
                onApprove={approve}
                onReject={() => reject()}
              />
            ) : null
          }
        />
      )}
    </Modal>
  );
}

function DetailBody({ booking: b, actions }: { booking: BookingDetail; actions: ReactNode }) {
  const status = bookingStatus(b.status);
  const date = dateOf(b);
  const time = timeOf(b);
  const phone = b.customerPhone?.trim() ? formatPhone(b.customerPhone) : null;
  const transport = b.transportationDetails;
  const pitchFee = b.bookingSlot?.price ?? b.totalPrice - (b.includesTransportation ? b.transportationPrice ?? 0 : 0);
  const reason = status === 'rejected' ? rejectionReason(b) : null;
  const history = b.history ?? [];

  return (
    <div className="space-y-4" data-booking={b.bookingNumber}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="text-sm text-slate-600 dark:text-slate-300">Rezervasyon No</p>
          <p className="font-mono text-lg font-bold tracking-wider">{b.bookingNumber}</p>
        </div>
        <StatusBadge status={b.status} />
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <Section icon={<UserIcon />} title="Müşteri Bilgileri">
          <Row label="Ad Soyad">{customerOf(b)}</Row>
          {phone && (
            <Row label="Telefon">
              <a href={`tel:${b.customerPhone.replace(/\s/g, '')}`} className="text-turf-800 underline underline-offset-2 dark:text-turf-300">{phone}</a>
            </Row>
          )}
          {b.customerEmail && <Row label="E-posta">{b.customerEmail}</Row>}
          <Row label="Abonelik">
            {b.isSubscriber ? (
              <span className="inline-flex items-center gap-1 text-amber-900 dark:text-amber-200"><CrownIcon /> Abone</span>
            ) : (
              'Abone değil'
            )}
          </Row>
        </Section>

        <Section icon={<CalendarIcon />} title="Rezervasyon Bilgileri">
          <Row label="Saha">{b.facility?.name?.trim() || NO_FACILITY}</Row>
          <Row label="Tarih">{date ? trDateWithDay(date) : NO_DATE}</Row>
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
          <Row label="Saha ücreti">{tl(pitchFee)}</Row>
          {b.includesTransportation && <Row label="Servis ücreti">{tl(b.transportationPrice)}</Row>}
          {/* Subscribers pay no deposit (02 §1, §9). */}
          {!b.isSubscriber && <Row label="Kapora">{tl(b.depositAmount)}</Row>}
          <Row label="Toplam">
            <span className="font-bold">{tl(b.totalPrice)}</span>
          </Row>
          <Row label="Ödeme durumu"><PaymentBadge status={b.paymentStatus} /></Row>
        </Section>
      </div>

      {(b.approvedAt || b.approvedBy) && (
        <Section icon={<CheckIcon />} title="Onay Bilgileri">
          <Row label="Onaylayan">{b.approvedBy?.username || '—'}</Row>
          <Row label="Onay tarihi">{trDateTime(b.approvedAt) || '—'}</Row>
        </Section>
      )}

      {b.notes?.trim() && (
        <Section icon={<InfoIcon />} title="Notlar" plain>
          <p className="text-sm whitespace-pre-line text-slate-900 dark:text-slate-100">{b.notes}</p>
        </Section>
      )}

      {reason && (
        <div className="rounded-xl border border-red-300 bg-red-50 p-4 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
          <p className="font-semibold">Red sebebi</p>
          <p className="mt-1 whitespace-pre-line">{reason}</p>
        </div>
      )}
      {(status === 'cancelled' || status === 'expired') && b.cancellationReason && (
        <div className="rounded-xl border border-slate-300 bg-slate-50 p-4 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100">
          <p className="font-semibold">İptal sebebi</p>
          <p className="mt-1 whitespace-pre-line">{b.cancellationReason}</p>
        </div>
      )}

      {actions}

      <section aria-labelledby="booking-history" className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
        <h3 id="booking-history" className="flex items-center gap-2 text-sm font-semibold tracking-wide text-slate-700 uppercase dark:text-slate-300">
          <span className="text-turf-700 dark:text-turf-400"><HistoryIcon /></span>
          İşlem Geçmişi
        </h3>
        {history.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">Kayıtlı işlem yok.</p>
        ) : (
          <ol className="mt-3 space-y-3">
            {history.map((h) => (
              <li key={h.id} className="border-l-2 border-turf-600 pl-3 text-sm dark:border-turf-400">
                <p className="font-medium text-slate-900 dark:text-slate-100">
                  {h.fromStatus ? `${statusLabel(h.fromStatus)} → ${statusLabel(h.toStatus)}` : `Oluşturuldu: ${statusLabel(h.toStatus)}`}
                </p>
                <p className="text-slate-600 dark:text-slate-300">
                  {h.actorLabel || ACTORS[h.actorType] || h.actorType} · {trDateTime(h.createdAt)}
                </p>
                {h.reason && <p className="mt-0.5 whitespace-pre-line text-slate-800 dark:text-slate-200">{h.reason}</p>}
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

interface ActionsProps {
  notes: string;
  onNotes: (v: string) => void;
  reason: string;
  onReason: (v: string) => void;
  reasonError: string | null;
  busy: 'approve' | 'reject' | null;
  onApprove: () => void;
  onReject: () => void;
}

/** Approve takes an optional note; reject needs a reason, and its button stays disabled while the reason is blank (02 §5). */
function Actions({ notes, onNotes, reason, onReason, reasonError, busy, onApprove, onReject }: ActionsProps) {
  return (
    <section aria-label="Onay işlemleri" className="grid gap-4 rounded-xl border border-slate-200 p-4 sm:grid-cols-2 dark:border-slate-700">
      <div className="flex flex-col gap-3">
        <TextField label="Onay notu (isteğe bağlı)" multiline value={notes} onChange={onNotes} maxLength={500} isDisabled={busy !== null} />
        <Button onPress={onApprove} isDisabled={busy !== null} className="self-start">
          <CheckIcon /> {busy === 'approve' ? 'Onaylanıyor...' : 'Onayla'}
        </Button>
      </div>
      <div className="flex flex-col gap-3">
        <TextField
          label="Red sebebi"
          multiline
          isRequired
          value={reason}
          onChange={onReason}
          maxLength={500}
          isDisabled={busy !== null}
          errorMessage={reasonError}
          description="Reddetmek için sebep yazın."
        />
        <Button variant="danger" onPress={onReject} isDisabled={busy !== null || !reason.trim()} className="self-start">
          <XIcon /> {busy === 'reject' ? 'Reddediliyor...' : 'Reddet'}
        </Button>
      </div>
    </section>
  );
}

/**
 * An approved booking still ahead can be cancelled by staff: a reject with the default reason 'Randevu iptal edildi'
 * (02 §4), which frees the slot and refunds a paid deposit on the server.
 */
function CancelApproved({ busy, reasonError, onCancel }: { busy: 'approve' | 'reject' | null; reasonError: string | null; onCancel: (reason: string) => void }) {
  const [why, setWhy] = useState<string>(msg.adminCancelReason);
  return (
    <section aria-label="İptal işlemi" className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4 dark:border-slate-700">
      <TextField label="İptal sebebi" multiline isRequired value={why} onChange={setWhy} maxLength={500} isDisabled={busy !== null} errorMessage={reasonError} />
      <Button variant="danger" onPress={() => onCancel(why)} isDisabled={busy !== null || !why.trim()} className="self-start">
        <XIcon /> {busy === 'reject' ? 'İptal ediliyor...' : 'Rezervasyonu İptal Et'}
      </Button>
    </section>
  );
}

/** A titled block; its children are Rows of a description list unless `plain`. */
function Section({ icon, title, children, plain = false }: { icon: ReactNode; title: string; children: ReactNode; plain?: boolean }) {
  return (
    <section className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
      <h3 className="flex items-center gap-2 text-sm font-semibold tracking-wide text-slate-700 uppercase dark:text-slate-300">
        <span className="text-turf-700 dark:text-turf-400">{icon}</span>
        {title}
      </h3>
      {plain ? <div className="mt-3">{children}</div> : <dl className="mt-3 space-y-2">{children}</dl>}
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7.5rem_1fr] gap-2 text-sm">
      <dt className="text-slate-600 dark:text-slate-300">{label}</dt>
      <dd className="font-medium break-words text-slate-900 dark:text-slate-100">{children}</dd>
    </div>
  );
}
