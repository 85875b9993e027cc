import { useState } from 'react';
import { trDateTime } from '../../../lib/format';
import { bookingStatus } from '../../../lib/tracking';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { WalletIcon } from '../../ui/icons';
import { Select } from '../../ui/Select';
import { PaymentBadge } from '../../ui/StatusBadge';
import { TextField } from '../../ui/TextField';
import type { BookingDetail, Busy } from './model';
import {
  amountError,
  defaultAmount,
  held,
  KIND_OPTIONS,
  METHOD_OPTIONS,
  PAYMENT_KIND_LABELS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_NOTE_MAX,
  type PaymentKind,
  type PaymentMethod,
  type PaymentRow,
  parseAmount,
  REVERSE_REASON_MAX,
  reverseReasonError,
  tlText,
} from './payment-model';

export interface PaymentInput {
  kind: PaymentKind;
  amount: number;
  method: PaymentMethod | null;
  note: string | null;
  approve?: boolean;
}

interface Props {
  booking: BookingDetail;
  busy: Busy;
  onRecord: (input: PaymentInput) => Promise<boolean>;
  onReverse: (paymentId: number, reason: string) => Promise<boolean>;
}

/**
 * 'Ödemeler' (behaviour.md#bookings 'Payments'): every money row of the booking, collected and still due, the derived
 * payment status, a waiting refund-or-keep decision, 'Ödeme ekle' and 'Geri al' per row. Rows are never edited.
 */
export function Payments({ booking: b, busy, onRecord, onReverse }: Props) {
  const [adding, setAdding] = useState<PaymentKind | null>(null);
  const byId = new Map(b.payments.map((p) => [p.id, p]));
  const decision = b.depositDecision;
  return (
    <section
      aria-labelledby="booking-payments"
      className="min-w-0 rounded-xl border border-slate-200 p-4 dark:border-slate-700"
      data-payments
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3
          id="booking-payments"
          className="flex items-center gap-2 text-sm font-semibold tracking-wide text-slate-700 uppercase dark:text-slate-300"
        >
          <span className="text-turf-700 dark:text-turf-400">
            <WalletIcon />
          </span>
          Ödemeler
        </h3>
        <PaymentBadge booking={b} />
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-slate-600 dark:text-slate-300">Toplam</dt>
          <dd className="font-semibold">{tlText(b.totalPrice)}</dd>
        </div>
        <div>
          <dt className="text-slate-600 dark:text-slate-300">Alınan</dt>
          <dd className="font-semibold" data-collected>
            {tlText(b.collected)}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600 dark:text-slate-300">Kalan</dt>
          <dd className="font-semibold" data-balance-due>
            {tlText(b.balanceDue)}
          </dd>
        </div>
      </dl>

      {decision && (
        <div
          role="alert"
          className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
          data-deposit-decision={decision.suggested}
        >
          <p className="font-semibold">Alınan {tlText(decision.amount)} için karar bekleniyor: iade mi, tutma mı?</p>
          <p className="mt-1">{decision.reason}</p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Button
              size="sm"
              variant={decision.suggested === 'refund' ? 'primary' : 'secondary'}
              onPress={() => setAdding('refund')}
              isDisabled={busy !== null}
            >
              İade et
            </Button>
            <Button
              size="sm"
              variant={decision.suggested === 'keep' ? 'primary' : 'secondary'}
              onPress={() => setAdding('kept')}
              isDisabled={busy !== null}
            >
              Kaporayı tut
            </Button>
          </div>
        </div>
      )}

      {b.payments.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">Henüz ödeme kaydı yok.</p>
      ) : (
        <ol className="mt-3 space-y-2" aria-label="Ödeme kayıtları">
          {b.payments.map((p) => (
            <PaymentLine
              key={p.id}
              row={p}
              reverses={p.reversesId !== null ? byId.get(p.reversesId) : undefined}
              busy={busy}
              onReverse={onReverse}
            />
          ))}
        </ol>
      )}

      {adding ? (
        <AddPayment
          key={adding}
          booking={b}
          initialKind={adding}
          busy={busy}
          onCancel={() => setAdding(null)}
          onSubmit={async (input) => {
            const ok = await onRecord(input);
            if (ok) setAdding(null);
          }}
        />
      ) : (
        <Button
          variant="secondary"
          size="sm"
          className="mt-3"
          onPress={() => setAdding(b.balanceDue > 0 ? (b.collected > 0 ? 'balance' : 'deposit') : 'refund')}
          isDisabled={busy !== null}
        >
          Ödeme ekle
        </Button>
      )}
    </section>
  );
}

function PaymentLine({
  row: p,
  reverses,
  busy,
  onReverse,
}: {
  row: PaymentRow;
  reverses: PaymentRow | undefined;
  busy: Busy;
  onReverse: Props['onReverse'];
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const title = reverses ? `Geri alma: ${PAYMENT_KIND_LABELS[reverses.kind]}` : PAYMENT_KIND_LABELS[p.kind];
  return (
    <li
      className="min-w-0 rounded-lg border border-slate-200 p-2 text-sm [overflow-wrap:anywhere] dark:border-slate-700"
      data-payment-row={p.kind}
      data-reversed={p.reversed || undefined}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <p className={`font-medium ${p.reversed ? 'text-slate-500 line-through dark:text-slate-400' : ''}`}>
          {title} · {tlText(p.amount)}
          {p.method ? ` · ${PAYMENT_METHOD_LABELS[p.method]}` : ''}
        </p>
        {p.reversed && <span className="text-xs font-semibold text-slate-600 dark:text-slate-300">Geri alındı</span>}
      </div>
      <p className="text-slate-600 dark:text-slate-300">
        {p.staffName} · {trDateTime(p.at)}
      </p>
      {p.note && <p className="mt-0.5 whitespace-pre-line text-slate-800 dark:text-slate-200">{p.note}</p>}
      {!p.reversed && p.reversesId === null && !open && (
        <Button variant="secondary" size="sm" className="mt-1" onPress={() => setOpen(true)} isDisabled={busy !== null}>
          Geri al
        </Button>
      )}
      {open && (
        <div role="group" aria-label="Ödeme kaydını geri al" className="mt-2 flex flex-col gap-2">
          <TextField
            label="Geri alma gerekçesi"
            isRequired
            value={reason}
            onChange={(v) => {
              setReason(v);
              setError(null);
            }}
            maxLength={REVERSE_REASON_MAX}
            errorMessage={error}
            isDisabled={busy !== null}
          />
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" onPress={() => setOpen(false)} isDisabled={busy !== null}>
              Vazgeç
            </Button>
            <Button
              variant="danger"
              size="sm"
              isDisabled={busy !== null}
              onPress={async () => {
                const e = reverseReasonError(reason);
                if (e) {
                  setError(e);
                  return;
                }
                if (await onReverse(p.id, reason.trim())) setOpen(false);
              }}
            >
              {busy === 'payment' ? 'Geri alınıyor...' : 'Kaydı geri al'}
            </Button>
          </div>
        </div>
      )}
    </li>
  );
}

function AddPayment({
  booking: b,
  initialKind,
  busy,
  onCancel,
  onSubmit,
}: {
  booking: BookingDetail;
  initialKind: PaymentKind;
  busy: Busy;
  onCancel: () => void;
  onSubmit: (input: PaymentInput) => Promise<void>;
}) {
  const [kind, setKind] = useState<PaymentKind>(initialKind);
  const [amount, setAmount] = useState(() => amountText(defaultAmount(b, initialKind)));
  const [method, setMethod] = useState<PaymentMethod>('transfer');
  const [note, setNote] = useState('');
  const pending = bookingStatus(b.status) === 'pending';
  const [approve, setApprove] = useState(pending);
  const [error, setError] = useState<string | null>(null);
  const receipt = kind === 'deposit' || kind === 'balance';
  return (
    <form
      aria-label="Ödeme ekle"
      className="mt-3 flex flex-col gap-3 rounded-lg bg-slate-50 p-3 dark:bg-slate-800"
      onSubmit={async (e) => {
        e.preventDefault();
        const problem = amountError(amount);
        if (problem) {
          setError(problem);
          return;
        }
        await onSubmit({
          kind,
          amount: parseAmount(amount)!,
          method: kind === 'kept' ? null : method,
          note: note.trim() || null,
          approve: pending && receipt && approve ? true : undefined,
        });
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2 [&>*]:min-w-0">
        <Select
          label="Tür"
          value={kind}
          onChange={(k) => {
            setKind(k);
            setAmount(amountText(defaultAmount(b, k)));
            setError(null);
          }}
          options={KIND_OPTIONS}
          isDisabled={busy !== null}
        />
        <TextField
          label="Tutar (₺)"
          inputMode="decimal"
          value={amount}
          onChange={(v) => {
            setAmount(v);
            setError(null);
          }}
          errorMessage={error}
          isRequired
          isDisabled={busy !== null}
          description={kind === 'refund' || kind === 'kept' ? `En fazla ${tlText(held(b))}` : undefined}
        />
        {kind !== 'kept' && (
          <Select
            label="Ödeme yöntemi"
            value={method}
            onChange={setMethod}
            options={METHOD_OPTIONS}
            isDisabled={busy !== null}
          />
        )}
        <TextField
          label="Not (isteğe bağlı)"
          value={note}
          onChange={setNote}
          maxLength={PAYMENT_NOTE_MAX}
          isDisabled={busy !== null}
        />
      </div>
      {pending && receipt && (
        <Checkbox isSelected={approve} onChange={setApprove} isDisabled={busy !== null}>
          Kaydet ve onayla
        </Checkbox>
      )}
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onPress={onCancel} isDisabled={busy !== null}>
          Vazgeç
        </Button>
        <Button type="submit" size="sm" isDisabled={busy !== null}>
          {busy === 'payment' ? 'Kaydediliyor...' : pending && receipt && approve ? 'Kaydet ve onayla' : 'Kaydet'}
        </Button>
      </div>
    </form>
  );
}

/** An amount as the field shows it: '500', '1250,50'. */
const amountText = (tl: number) => (tl > 0 ? String(Math.round(tl * 100) / 100).replace('.', ',') : '');
