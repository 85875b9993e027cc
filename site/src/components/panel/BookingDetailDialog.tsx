import type { InferResponseType } from 'hono/client';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { msg } from '../../../../contracts/messages';
import { APPROVE_NOTE_MAX, REJECT_REASON_MAX, STAFF_NOTES_MAX } from '../../../../contracts/panel';
import { formatPhone } from '../../../../contracts/phone';
import type { BookingHistoryWire } from '../../../../contracts/wire/booking';
import { client, unwrap } from '../../lib/api';
import { ApiRequestError, errorText, FALLBACK_ERROR } from '../../lib/errors';
import { nightSuffix, realStart, slotDateText, tl, trDate, trDateTime } from '../../lib/format';
import { bookingStatus, rejectionReason, statusLabel } from '../../lib/tracking';
import { $liveEvent } from '../../stores/notifications';
import { toast } from '../../stores/toast';
import { Button } from '../ui/Button';
import { BusIcon, CalendarIcon, CheckIcon, HistoryIcon, InfoIcon, UserIcon, WalletIcon, XIcon } from '../ui/icons';
import { Modal } from '../ui/Modal';
import { Row, Section } from '../ui/Section';
import { PaymentBadge, StatusBadge, SubscriberMark } from '../ui/StatusBadge';
import { TextField } from '../ui/TextField';

export type BookingDetail = InferResponseType<(typeof client.api.bookings)[':id']['$get'], 200>['data'];

// Texts of 02 §2 'Booking detail dialog' and §8 'Bookings'.
export const UNKNOWN_CUSTOMER = 'Bilinmeyen Müşteri';
export const NO_FACILITY = 'Saha bilgisi yok';
export const NO_DATE = 'Tarih yok';
export const LOAD_FAILED = 'Rezervasyon bilgileri yüklenemedi';
export const APPROVE_FAILED = msg.approveFailed;
export const REJECT_FAILED = msg.rejectFailed;
export const CANCEL_FAILED = msg.cancelFailedStaff;
/** What an anonymised booking shows instead of the stored hash (issue 7 §5). */
export const HIDDEN_PHONE = 'Gizlendi (KVKK)';
const isHiddenPhone = (phone: string | null | undefined) => Boolean(phone?.startsWith('#'));
/** After approve or reject the dialog shows the new status, then closes (02 §2: about 0.8 s). */
export const CLOSE_AFTER_MS = 800;

const ACTORS: Record<string, string> = { customer: 'Müşteri', staff: 'Personel', system: 'Sistem' };
const HISTORY_EVENTS: Record<NonNullable<BookingHistoryWire['event']>, string> = {
  notes: msg.notesUpdatedReason,
  erased: msg.customerAnonymised,
};

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
/** The slot's start as a person reads it: the real calendar date of an after-midnight hour (its business day follows). */
const startOf = (b: BookingDetail) => ({
  date: dateOf(b)!,
  startTime: b.bookingSlot?.startTime ?? b.startTime,
  startsAt: b.startsAt,
});
const timeOf = (b: BookingDetail) => {
  const start = b.bookingSlot?.startTime ?? b.startTime;
  const end = b.bookingSlot?.endTime ?? b.endTime;
  return start ? (end ? `${start}–${end}` : start) : '';
};

type Busy = 'approve' | 'reject' | 'cancel' | 'notes' | 'anonymise' | null;

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
  const [busy, setBusy] = useState<Busy>(null);
  const [done, setDone] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef({ onClose, onChanged });
  latest.current = { onClose, onChanged };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the dialog resets and loads when the booking it shows changes; callbacks are read through a ref
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

  // Decided or edited elsewhere (another tab, another staff member): the staff hub's notification names the booking;
  // re-read it so the dialog shows the new status and offers only what that status allows (issue 7 §3).
  const shown = useRef<{ id: number | null; done: boolean; busy: Busy }>({ id: null, done: false, busy: null });
  shown.current = { id: booking?.id ?? null, done, busy };
  useEffect(
    () =>
      $liveEvent.listen((event) => {
        const cur = shown.current;
        if (event?.type !== 'notification' || cur.id === null || cur.done || cur.busy) return;
        if (event.notification.bookingId !== cur.id || !documentId) return;
        unwrap(client.api.bookings[':id'].$get({ param: { id: documentId } }))
          .then((b) => {
            if (shown.current.id === b.id) setBooking(b);
          })
          .catch(() => {});
      }),
    [documentId],
  );

  function settled(b: BookingDetail, outcome: 'approved' | 'rejected' | 'cancelled') {
    setBooking(b);
    setDone(true);
    const real = dateOf(b) ? realStart(startOf(b)) : null;
    const description =
      `${customerOf(b)} · ${real ? trDate(real.calendarDate) : NO_DATE} ${timeOf(b)}${real ? nightSuffix(real) : ''}`.trim();
    if (outcome === 'approved') toast('success', msg.approvedTitle, description);
    else if (outcome === 'cancelled') toast('info', msg.staffCancelledTitle, description);
    else toast('info', msg.rejectedTitle, description);
    latest.current.onChanged?.(b);
    closeTimer.current = setTimeout(() => latest.current.onClose(), CLOSE_AFTER_MS);
  }

  async function approve() {
    if (!booking || busy) return;
    const note = notes.trim();
    if (note.length > APPROVE_NOTE_MAX) {
      toast('error', msg.approveNoteTooLong);
      return;
    }
    setBusy('approve');
    try {
      const b = await unwrap(
        client.api.bookings[':id'].approve.$post({
          param: { id: booking.documentId },
          json: note ? { notes: note } : {},
        }),
      );
      settled(b, 'approved');
    } catch (e) {
      toast('error', failureText(e, APPROVE_FAILED));
    } finally {
      setBusy(null);
    }
  }

  /**
   * Reject (pending or approved), or the staff cancel of an approved booking that is filed under İptal (issue 7 §3,
   * asked for after a confirmation): both carry a reason of at most REJECT_REASON_MAX characters.
   */
  async function decide(kind: 'reject' | 'cancel', text: string) {
    const why = text.trim();
    if (!booking || busy || !why) return;
    if (why.length > REJECT_REASON_MAX) {
      setReasonError(kind === 'reject' ? msg.rejectReasonTooLong : msg.staffCancelReasonTooLong);
      return;
    }
    setBusy(kind);
    setReasonError(null);
    try {
      const req = { param: { id: booking.documentId }, json: { reason: why } };
      const endpoint = client.api.bookings[':id'];
      const b = await unwrap(kind === 'reject' ? endpoint.reject.$post(req) : endpoint.cancel.$post(req));
      settled(b, kind === 'reject' ? 'rejected' : 'cancelled');
    } catch (e) {
      const text = failureText(e, kind === 'reject' ? REJECT_FAILED : CANCEL_FAILED);
      if (e instanceof ApiRequestError && e.status === 400) setReasonError(text);
      toast('error', text);
    } finally {
      setBusy(null);
    }
  }
  const reject = (text = reason) => decide('reject', text);
  const cancel = (text: string) => decide('cancel', text);

  /** PUT /api/bookings/:id (02 §7): the dialog stays open with the saved notes. */
  async function saveNotes(text: string): Promise<boolean> {
    if (!booking || busy) return false;
    setBusy('notes');
    try {
      const b = await unwrap(
        client.api.bookings[':id'].$put({ param: { id: booking.documentId }, json: { notes: text.trim() || null } }),
      );
      setBooking(b);
      toast('success', msg.notesUpdatedReason);
      latest.current.onChanged?.(b);
      return true;
    } catch (e) {
      toast('error', failureText(e, msg.notesUpdateFailed));
      return false;
    } finally {
      setBusy(null);
    }
  }

  /** KVKK (issue 7 §5): the customer's name, phone, e-mail and notes go; the booking stays. */
  async function anonymise() {
    if (!booking || busy) return;
    setBusy('anonymise');
    try {
      const b = await unwrap(client.api.bookings[':id'].anonymize.$post({ param: { id: booking.documentId } }));
      setBooking(b);
      toast('success', msg.customerAnonymised);
      latest.current.onChanged?.(b);
    } catch (e) {
      toast('error', failureText(e, msg.anonymiseFailed));
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
          <span
            aria-hidden="true"
            className="h-5 w-5 animate-spin rounded-full border-2 border-slate-300 border-t-turf-700 motion-reduce:animate-none dark:border-slate-600 dark:border-t-turf-400"
          />
          Rezervasyon bilgileri yükleniyor...
        </p>
      ) : state === 'error' || !booking ? (
        <div
          role="alert"
          className="rounded-xl border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
        >
          <p className="font-semibold">{LOAD_FAILED}</p>
          <Button variant="secondary" size="sm" className="mt-3" onPress={() => setAttempt((n) => n + 1)}>
            Tekrar Dene
          </Button>
        </div>
      ) : (
        <DetailBody
          booking={booking}
          busy={busy}
          onSaveNotes={saveNotes}
          onAnonymise={anonymise}
          actions={
            bookingStatus(booking.status) === 'approved' && !booking.isPast && !done ? (
              <CancelApproved
                key={booking.documentId}
                busy={busy}
                reasonError={reasonError}
                onCancel={(why) => cancel(why)}
              />
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

interface BodyProps {
  booking: BookingDetail;
  actions: ReactNode;
  busy: Busy;
  onSaveNotes: (text: string) => Promise<boolean>;
  onAnonymise: () => void;
}

function DetailBody({ booking: b, actions, busy, onSaveNotes, onAnonymise }: BodyProps) {
  const status = bookingStatus(b.status);
  const date = dateOf(b);
  const time = timeOf(b);
  const hidden = isHiddenPhone(b.customerPhone);
  const phone = hidden ? HIDDEN_PHONE : b.customerPhone?.trim() ? formatPhone(b.customerPhone) : null;
  const transport = b.transportationDetails;
  const pitchFee = b.bookingSlot?.price ?? b.totalPrice - (b.includesTransportation ? (b.transportationPrice ?? 0) : 0);
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
          <Row label="Saha ücreti">{tl(pitchFee)}</Row>
          {b.includesTransportation && <Row label="Servis ücreti">{tl(b.transportationPrice)}</Row>}
          {/* Paid add-ons as sold (issue 12). */}
          {(b.addons ?? []).map((a) => (
            <Row key={a.name} label={a.quantity > 1 ? `${a.name} × ${a.quantity}` : a.name}>
              {tl(a.total)}
            </Row>
          ))}
          {/* Subscribers pay no deposit (02 §1, §9). */}
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
          {/* The full name, as the history shows it (issue 7 §3). */}
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
                  {h.actorLabel || ACTORS[h.actorType] || h.actorType} · {trDateTime(h.createdAt)}
                </p>
                {h.reason && !h.event && (
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

interface ActionsProps {
  notes: string;
  onNotes: (v: string) => void;
  reason: string;
  onReason: (v: string) => void;
  reasonError: string | null;
  busy: Busy;
  onApprove: () => void;
  onReject: () => void;
}

/** Approve takes an optional note; reject needs a reason, and its button stays disabled while the reason is blank (02 §5). */
function Actions({ notes, onNotes, reason, onReason, reasonError, busy, onApprove, onReject }: ActionsProps) {
  return (
    <section
      aria-label="Onay işlemleri"
      className="grid gap-4 rounded-xl border border-slate-200 p-4 sm:grid-cols-2 dark:border-slate-700"
    >
      <div className="flex flex-col gap-3">
        <TextField
          label="Onay notu (isteğe bağlı)"
          multiline
          value={notes}
          onChange={onNotes}
          maxLength={APPROVE_NOTE_MAX}
          isDisabled={busy !== null}
          errorMessage={notes.trim().length > APPROVE_NOTE_MAX ? msg.approveNoteTooLong : null}
        />
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
          maxLength={REJECT_REASON_MAX}
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
 * An approved booking still ahead can be cancelled by staff (issue 7 §3): the reason is pre-filled with 02 §4's
 * 'Randevu iptal edildi' and a confirmation step comes first; the server files it under İptal, frees the slot and
 * refunds a paid deposit.
 */
function CancelApproved({
  busy,
  reasonError,
  onCancel,
}: {
  busy: Busy;
  reasonError: string | null;
  onCancel: (reason: string) => void;
}) {
  const [why, setWhy] = useState<string>(msg.adminCancelReason);
  const [confirming, setConfirming] = useState(false);
  return (
    <section
      aria-label="İptal işlemi"
      className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4 dark:border-slate-700"
    >
      <TextField
        label="İptal sebebi"
        multiline
        isRequired
        value={why}
        onChange={setWhy}
        maxLength={REJECT_REASON_MAX}
        isDisabled={busy !== null}
        errorMessage={reasonError}
      />
      {confirming ? (
        <div
          role="group"
          aria-label="İptali onayla"
          className="flex flex-col gap-2 rounded-lg bg-red-50 p-3 dark:bg-red-950"
        >
          <p className="text-sm font-semibold text-red-900 dark:text-red-100">
            Rezervasyon iptal edilecek ve saat boşa çıkacak. Emin misiniz?
          </p>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onPress={() => setConfirming(false)} isDisabled={busy !== null}>
              Vazgeç
            </Button>
            <Button variant="danger" onPress={() => onCancel(why)} isDisabled={busy !== null || !why.trim()}>
              <XIcon /> {busy === 'cancel' ? 'İptal ediliyor...' : 'Evet, iptal et'}
            </Button>
          </div>
        </div>
      ) : (
        <Button
          variant="danger"
          onPress={() => setConfirming(true)}
          isDisabled={busy !== null || !why.trim()}
          className="self-start"
        >
          <XIcon /> Rezervasyonu İptal Et
        </Button>
      )}
    </section>
  );
}

/** The notes with an edit mode (02 §7 PUT /bookings/{id}); at most 1000 characters. */
function Notes({
  notes,
  busy,
  onSave,
}: {
  notes: string | null;
  busy: Busy;
  onSave: (text: string) => Promise<boolean>;
}) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(notes ?? '');
  const tooLong = text.trim().length > STAFF_NOTES_MAX;
  if (!editing) {
    return (
      <div className="flex flex-col gap-2">
        {notes?.trim() ? (
          <p className="text-sm whitespace-pre-line text-slate-900 [overflow-wrap:anywhere] dark:text-slate-100">
            {notes}
          </p>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-300">Not yok.</p>
        )}
        <Button
          variant="secondary"
          size="sm"
          className="self-start"
          isDisabled={busy !== null}
          onPress={() => setEditing(true)}
        >
          Notları düzenle
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <TextField
        label="Notlar"
        multiline
        value={text}
        onChange={setText}
        maxLength={STAFF_NOTES_MAX}
        isDisabled={busy !== null}
        errorMessage={tooLong ? msg.staffNotesTooLong : null}
      />
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          isDisabled={busy !== null}
          onPress={() => {
            setText(notes ?? '');
            setEditing(false);
          }}
        >
          Vazgeç
        </Button>
        <Button
          size="sm"
          isDisabled={busy !== null || tooLong}
          onPress={async () => {
            if (await onSave(text)) setEditing(false);
          }}
        >
          {busy === 'notes' ? 'Kaydediliyor...' : 'Kaydet'}
        </Button>
      </div>
    </div>
  );
}

/** KVKK (issue 7 §5): a confirmation step, then the customer's personal data go from every booking of the phone. */
function Anonymise({ busy, onConfirm }: { busy: Busy; onConfirm: () => void }) {
  const [confirming, setConfirming] = useState(false);
  if (!confirming) {
    return (
      <Button variant="ghost" size="sm" isDisabled={busy !== null} onPress={() => setConfirming(true)}>
        Müşteri bilgilerini sil (KVKK)
      </Button>
    );
  }
  return (
    <div
      role="group"
      aria-label="Müşteri bilgilerini silmeyi onayla"
      className="flex flex-col gap-2 rounded-lg bg-red-50 p-3 dark:bg-red-950"
    >
      <p className="text-sm font-semibold text-red-900 dark:text-red-100">
        Bu müşterinin adı, telefonu, e-postası ve notları tüm rezervasyonlarından kalıcı olarak silinecek. Rezervasyon
        kayıtları ve tutarlar kalır.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" isDisabled={busy !== null} onPress={() => setConfirming(false)}>
          Vazgeç
        </Button>
        <Button variant="danger" size="sm" isDisabled={busy !== null} onPress={onConfirm}>
          {busy === 'anonymise' ? 'Siliniyor...' : 'Evet, sil'}
        </Button>
      </div>
    </div>
  );
}

/** Each history row names what happened: a status change by its two statuses, an event by itself. */
function historyTitle(h: BookingHistoryWire): string {
  if (h.event) return HISTORY_EVENTS[h.event];
  return h.fromStatus
    ? `${statusLabel(h.fromStatus)} → ${statusLabel(h.toStatus)}`
    : `Oluşturuldu: ${statusLabel(h.toStatus)}`;
}
