import { useEffect, useRef, useState } from 'react';
import { msg } from '../../../../../contracts/messages';
import { APPROVE_NOTE_MAX, REJECT_REASON_MAX } from '../../../../../contracts/panel';
import { client, unwrap } from '../../../lib/api';
import { ApiRequestError } from '../../../lib/errors';
import { nightSuffix, realStart, trDate } from '../../../lib/format';
import { bookingStatus } from '../../../lib/tracking';
import { $liveEvent } from '../../../stores/notifications';
import { toast } from '../../../stores/toast';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { Attendance } from './Attendance';
import { useActionRunner } from './action-runner';
import { CustomerMessages } from './CustomerMessages';
import { Actions, CancelApproved } from './Decisions';
import { DepositChoice, type DepositChoiceValue, DepositQuestion, defaultChoice } from './Deposit';
import { DetailBody } from './DetailBody';
import { HoldTimer } from './HoldTimer';
import {
  APPROVE_FAILED,
  type BookingAction,
  type BookingDetail,
  type Busy,
  CANCEL_FAILED,
  CLOSE_AFTER_MS,
  customerOf,
  dateOf,
  LOAD_FAILED,
  NO_DATE,
  REJECT_FAILED,
  startOf,
  timeOf,
} from './model';
import { type PaymentInput, Payments } from './Payments';
import { depositDue, held, type PaymentMethod } from './payment-model';

export {
  APPROVE_FAILED,
  type BookingDetail,
  CANCEL_FAILED,
  CLOSE_AFTER_MS,
  HIDDEN_PHONE,
  LOAD_FAILED,
  NO_DATE,
  NO_FACILITY,
  REJECT_FAILED,
  UNKNOWN_CUSTOMER,
} from './model';

interface Props {
  /** Open while non-null: a booking's documentId (or its booking number). */
  documentId: string | null;
  onClose: () => void;
  /** Called with the updated booking after an approval or a rejection. */
  onChanged?: (b: BookingDetail) => void;
}

/** The booking detail dialog of behaviour.md#management-panel: every section, and approve / reject while the booking is pending. */
export function BookingDetailDialog({ documentId, onClose, onChanged }: Props) {
  const [booking, setBooking] = useState<BookingDetail | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [attempt, setAttempt] = useState(0);
  const [notes, setNotes] = useState('');
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const { busy, run, reset } = useActionRunner<BookingAction>();
  const [done, setDone] = useState(false);
  // 'Kapora geldi mi?' is open; the refund-or-keep choice staff made (null: the rule's suggestion).
  const [asking, setAsking] = useState(false);
  const [depositChoice, setDepositChoice] = useState<DepositChoiceValue | null>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef({ onClose, onChanged });
  latest.current = { onClose, onChanged };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the dialog resets and loads when the booking it shows changes; callbacks are read through a ref
  useEffect(() => {
    clearTimeout(closeTimer.current);
    setNotes('');
    setReason('');
    setReasonError(null);
    reset();
    setDone(false);
    setAsking(false);
    setDepositChoice(null);
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
  // re-read it so the dialog shows the new status and offers only what that status allows.
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

  async function approve(deposit: { amount: number; method: PaymentMethod } | null = null) {
    if (!booking || busy) return;
    const note = notes.trim();
    if (note.length > APPROVE_NOTE_MAX) {
      toast('error', msg.approveNoteTooLong);
      return;
    }
    const id = booking.documentId;
    await run(
      'approve',
      async () =>
        settled(
          await unwrap(
            client.api.bookings[':id'].approve.$post({
              param: { id },
              json: { ...(note ? { notes: note } : {}), ...(deposit ? { deposit } : {}) },
            }),
          ),
          'approved',
        ),
      APPROVE_FAILED,
    );
  }

  /**
   * Reject (pending or approved), or the staff cancel of an approved booking that is filed under İptal (* asked for after a confirmation): both carry a reason of at most REJECT_REASON_MAX characters.
   */
  async function decide(kind: 'reject' | 'cancel', text: string) {
    const why = text.trim();
    if (!booking || busy || !why) return;
    if (why.length > REJECT_REASON_MAX) {
      setReasonError(kind === 'reject' ? msg.rejectReasonTooLong : msg.staffCancelReasonTooLong);
      return;
    }
    setReasonError(null);
    // Money collected: the refund-or-keep choice goes with the decision (behaviour.md#bookings 'Payments').
    const deposit = held(booking) > 0 ? (depositChoice ?? defaultChoice(booking, kind)) : undefined;
    const req = { param: { id: booking.documentId }, json: { reason: why, ...(deposit ? { deposit } : {}) } };
    const endpoint = client.api.bookings[':id'];
    await run(
      kind,
      async () =>
        kind === 'reject'
          ? settled(await unwrap(endpoint.reject.$post(req)), 'rejected')
          : settled(await unwrap(endpoint.cancel.$post(req)), 'cancelled'),
      kind === 'reject' ? REJECT_FAILED : CANCEL_FAILED,
      (e, message) => {
        if (e instanceof ApiRequestError && e.status === 400) setReasonError(message);
      },
    );
  }
  const reject = (text = reason) => decide('reject', text);
  const cancel = (text: string) => decide('cancel', text);

  /** A payment row, or with `approve` the kapora and the approval in one step; the dialog stays open. */
  async function recordPayment(input: PaymentInput): Promise<boolean> {
    if (!booking || busy) return false;
    const req = { param: { id: booking.documentId }, json: input };
    return run(
      'payment',
      async () =>
        changed(
          await unwrap(client.api.bookings[':id'].payments.$post(req)),
          input.approve ? msg.approvedTitle : 'Ödeme kaydedildi',
        ),
      'Ödeme kaydedilemedi',
    );
  }

  /** A wrong row is reversed by another, with a reason. */
  async function reversePayment(paymentId: number, why: string): Promise<boolean> {
    if (!booking || busy) return false;
    const req = { param: { id: booking.documentId, paymentId: String(paymentId) }, json: { reason: why } };
    return run(
      'payment',
      async () =>
        changed(
          await unwrap(client.api.bookings[':id'].payments[':paymentId'].reverse.$post(req)),
          'Ödeme kaydı geri alındı',
        ),
      'Ödeme kaydı geri alınamadı',
    );
  }

  /** A change that keeps the dialog open: the new booking is shown and the screen behind hears of it. */
  function changed(b: BookingDetail, message: string) {
    setBooking(b);
    toast('success', message);
    latest.current.onChanged?.(b);
  }

  /** PUT /api/bookings/:id (api.md): the dialog stays open with the saved notes. */
  async function saveNotes(text: string): Promise<boolean> {
    if (!booking || busy) return false;
    const req = { param: { id: booking.documentId }, json: { notes: text.trim() || null } };
    return run(
      'notes',
      async () => changed(await unwrap(client.api.bookings[':id'].$put(req)), msg.notesUpdatedReason),
      msg.notesUpdateFailed,
    );
  }

  /** KVKK: the customer's name, phone, e-mail and notes go; the booking stays. */
  async function anonymise() {
    if (!booking || busy) return;
    const req = { param: { id: booking.documentId } };
    await run(
      'anonymise',
      async () => changed(await unwrap(client.api.bookings[':id'].anonymize.$post(req)), msg.customerAnonymised),
      msg.anonymiseFailed,
    );
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
            <>
              <HoldTimer booking={booking} onChanged={changed} />
              <Payments booking={booking} busy={busy} onRecord={recordPayment} onReverse={reversePayment} />
              {!done && asking && bookingStatus(booking.status) === 'pending' && (
                <DepositQuestion
                  booking={booking}
                  busy={busy}
                  onApprove={(deposit) => approve(deposit)}
                  onCancel={() => setAsking(false)}
                />
              )}
              {!done && held(booking) > 0 && ['pending', 'approved'].includes(bookingStatus(booking.status)) && (
                <DepositChoice
                  booking={booking}
                  kind={bookingStatus(booking.status) === 'pending' ? 'reject' : 'cancel'}
                  value={
                    depositChoice ??
                    defaultChoice(booking, bookingStatus(booking.status) === 'pending' ? 'reject' : 'cancel')
                  }
                  onChange={setDepositChoice}
                  busy={busy}
                />
              )}
              <Attendance booking={booking} onChanged={changed} />
              <CustomerMessages booking={booking} onOpened={changed} />
              {bookingStatus(booking.status) === 'approved' && !booking.isPast && !done ? (
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
                  onApprove={() => (depositDue(booking) ? setAsking(true) : approve())}
                  onReject={() => reject()}
                />
              ) : null}
            </>
          }
        />
      )}
    </Modal>
  );
}
