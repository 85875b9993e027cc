import type { ReactNode } from 'react';
import { depositFor } from '../../../../../contracts/match-length';
import { tl } from '../../../lib/format';
import { TextField } from '../../ui/TextField';
import { NativeField, type TabProps } from './fields';

/**
 * 'Kapora saat başına' (docs/behaviour.md#match-length): the deposit is then per hour of the match, and the line under
 * it says what a 90-minute match pays.
 */
function DepositPerHour({ form, update }: TabProps) {
  const amount = Number(form.depositAmount.replace(',', '.')) || 0;
  // depositFor counts in kuruş.
  const ninety = depositFor({ depositPerHour: form.depositPerHour, depositAmount: Math.round(amount * 100) }, 90) / 100;
  return (
    <label className="flex cursor-pointer items-start gap-2 text-sm font-medium" data-deposit-per-hour>
      <input
        type="checkbox"
        className="mt-0.5 h-5 w-5 shrink-0 cursor-pointer accent-turf-700 dark:accent-turf-500"
        checked={form.depositPerHour}
        onChange={(e) => update((s) => ({ ...s, depositPerHour: e.target.checked }))}
      />
      <span>
        Kapora saat başına
        <span className="block font-normal text-slate-700 dark:text-slate-300" data-deposit-example>
          {form.depositPerHour
            ? `Depozito tutarı maçın her saati için alınır: 90 dakikalık bir maç ${tl(ninety)} kapora öder.`
            : `Her rezervasyon tek kapora öder: 90 dakikalık bir maç da ${tl(ninety)}.`}
        </span>
      </span>
    </label>
  );
}

/** Temel Bilgiler: name, description, address, hourly price, deposit and the images (behaviour.md#entities). */
export function BasicTab({ form, update, errors, images }: TabProps & { images: ReactNode }) {
  return (
    <div className="space-y-4">
      <TextField
        label="Saha Adı"
        isRequired
        value={form.name}
        onChange={(name) => update((s) => ({ ...s, name }))}
        errorMessage={errors.name}
        placeholder="Örn. Nilüfer Arena"
      />
      <TextField
        label="Açıklama"
        multiline
        value={form.description}
        onChange={(description) => update((s) => ({ ...s, description }))}
        errorMessage={errors.description}
      />
      <TextField
        label="Adres"
        multiline
        value={form.address}
        onChange={(address) => update((s) => ({ ...s, address }))}
        errorMessage={errors.address}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <NativeField
          label="Saat Ücreti (₺)"
          description={
            form.bookingTimeType === 'half-hourly'
              ? 'Yarım saatlik sahada bu tutar bir slotun (30 dk) ücretidir; saatlik karşılığı iki katıdır.'
              : undefined
          }
          isRequired
          min={0}
          step={0.01}
          value={form.hourlyPrice}
          onChange={(hourlyPrice) => update((s) => ({ ...s, hourlyPrice }))}
          error={errors.hourlyPrice}
        />
        <NativeField
          label="Depozito Tutarı (₺)"
          min={0}
          step={0.01}
          value={form.depositAmount}
          onChange={(depositAmount) => update((s) => ({ ...s, depositAmount }))}
          error={errors.depositAmount}
        />
      </div>
      <DepositPerHour form={form} update={update} errors={errors} />
      {images}
    </div>
  );
}
