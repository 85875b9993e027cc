import { useState } from 'react';
import { Button } from '../../ui/Button';
import { CheckIcon } from '../../ui/icons';
import { Radio, RadioGroup } from '../../ui/RadioGroup';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import type { BookingDetail, Busy } from './model';
import {
  amountError,
  decisionFor,
  held,
  METHOD_OPTIONS,
  type PaymentMethod,
  parseAmount,
  ruleText,
  tlText,
} from './payment-model';

/**
 * 'Kapora geldi mi?': approving a booking whose deposit is due asks whether it arrived (behaviour.md#bookings
 * 'Payments'): received, with the amount prefilled to the deposit and how it came, or approve without recording.
 */
export function DepositQuestion({
  booking: b,
  busy,
  onApprove,
  onCancel,
}: {
  booking: BookingDetail;
  busy: Busy;
  onApprove: (deposit: { amount: number; method: PaymentMethod } | null) => void;
  onCancel: () => void;
}) {
  const [amount, setAmount] = useState(String(b.depositAmount).replace('.', ','));
  const [method, setMethod] = useState<PaymentMethod>('transfer');
  const [error, setError] = useState<string | null>(null);
  return (
    <section
      aria-label="Kapora geldi mi?"
      className="flex flex-col gap-3 rounded-xl border border-turf-300 bg-turf-50 p-4 dark:border-turf-700 dark:bg-turf-950"
      data-deposit-question
    >
      <p className="font-semibold">Kapora geldi mi?</p>
      <p className="text-sm text-slate-700 dark:text-slate-200">
        Bu rezervasyon için {tlText(b.depositAmount)} kapora bekleniyor. Geldiyse tutarı ve nasıl geldiğini kaydedin.
      </p>
      <div className="grid gap-3 sm:grid-cols-2 [&>*]:min-w-0">
        <TextField
          label="Alınan kapora (₺)"
          inputMode="decimal"
          value={amount}
          onChange={(v) => {
            setAmount(v);
            setError(null);
          }}
          errorMessage={error}
          isDisabled={busy !== null}
        />
        <Select
          label="Ödeme yöntemi"
          value={method}
          onChange={setMethod}
          options={METHOD_OPTIONS}
          isDisabled={busy !== null}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          isDisabled={busy !== null}
          onPress={() => {
            const problem = amountError(amount);
            if (problem) {
              setError(problem);
              return;
            }
            onApprove({ amount: parseAmount(amount)!, method });
          }}
        >
          <CheckIcon /> {busy === 'approve' ? 'Onaylanıyor...' : 'Kapora alındı, onayla'}
        </Button>
        <Button variant="secondary" isDisabled={busy !== null} onPress={() => onApprove(null)}>
          Kaydetmeden onayla
        </Button>
        <Button variant="secondary" isDisabled={busy !== null} onPress={onCancel}>
          Vazgeç
        </Button>
      </div>
    </section>
  );
}

export interface DepositChoiceValue {
  action: 'refund' | 'keep';
  method: PaymentMethod;
}

/** The rule's default for a reject or cancel about to happen: its suggestion, refunds by transfer. */
export const defaultChoice = (b: BookingDetail, kind: 'reject' | 'cancel'): DepositChoiceValue => ({
  action: decisionFor(b, kind).suggested,
  method: 'transfer',
});

/**
 * Money collected on a booking being rejected or cancelled: refund it (how) or keep it, the rule's suggestion
 * preselected and the rule said in words. Nothing is marked refunded unless staff choose it here or later.
 */
export function DepositChoice({
  booking: b,
  kind,
  value,
  onChange,
  busy,
}: {
  booking: BookingDetail;
  kind: 'reject' | 'cancel';
  value: DepositChoiceValue;
  onChange: (v: DepositChoiceValue) => void;
  busy: Busy;
}) {
  const suggestion = decisionFor(b, kind);
  return (
    <section
      aria-label="Alınan kapora"
      className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
      data-deposit-choice={value.action}
    >
      <RadioGroup
        label={`Alınan ${tlText(held(b))} ne olacak?`}
        value={value.action}
        onChange={(v) => onChange({ ...value, action: v as DepositChoiceValue['action'] })}
        isDisabled={busy !== null}
      >
        <Radio value="refund">İade et</Radio>
        <Radio value="keep">Kaporayı tut</Radio>
      </RadioGroup>
      {value.action === 'refund' && (
        <Select
          label="İade yöntemi"
          value={value.method}
          onChange={(m) => onChange({ ...value, method: m })}
          options={METHOD_OPTIONS}
          isDisabled={busy !== null}
        />
      )}
      <p className="text-sm">
        Öneri: {suggestion.suggested === 'keep' ? 'kaporayı tutmak' : 'iade etmek'} — {suggestion.reason}.{' '}
        {ruleText(b.depositKeepHours)}
      </p>
    </section>
  );
}
