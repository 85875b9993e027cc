import type { ReactNode } from 'react';
import { TextField } from '../../ui/TextField';
import { NativeField, type TabProps } from './fields';

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
      {images}
    </div>
  );
}
