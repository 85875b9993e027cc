import { useId } from 'react';
import { Button } from '../../ui/Button';
import { TrashIcon } from '../../ui/icons';
import { TextField } from '../../ui/TextField';
import { GroupError, sectionTitle, type TabProps } from './fields';
import { errorUnder, rowKey } from './form-state';
import { PlusIcon } from './icons';

/** İletişim & Ödeme: phones (always at least one box), e-mail, IBAN, bank, recipient and the map link (behaviour.md#entities). */
export function ContactTab({ form, update, errors }: TabProps) {
  const phonesError = errorUnder(errors, 'phoneNumbers');
  const errorId = useId();
  return (
    <div className="space-y-5">
      <fieldset className="min-w-0 space-y-2" aria-describedby={phonesError ? errorId : undefined}>
        <legend className={sectionTitle}>Telefon Numaraları</legend>
        <ul className="space-y-2">
          {form.phones.map((p, i) => (
            <li key={p.key} className="flex min-w-0 items-end gap-2" data-phone-row>
              <div className="min-w-0 flex-1">
                <TextField
                  label={`Telefon ${i + 1}`}
                  type="tel"
                  value={p.value}
                  isInvalid={Boolean(errors[`phoneNumbers.${i}`] || (phonesError && p.value.trim()))}
                  onChange={(value) =>
                    update((s) => ({ ...s, phones: s.phones.map((q) => (q.key === p.key ? { ...q, value } : q)) }))
                  }
                  placeholder="0532 123 45 67"
                />
              </div>
              <Button
                variant="quiet"
                size="icon"
                aria-label={`Telefon ${i + 1} numarasını kaldır`}
                isDisabled={form.phones.length <= 1}
                onPress={() => update((s) => ({ ...s, phones: s.phones.filter((q) => q.key !== p.key) }))}
              >
                <TrashIcon />
              </Button>
            </li>
          ))}
        </ul>
        <GroupError id={errorId} message={phonesError} />
        <Button
          variant="secondary"
          size="sm"
          onPress={() => update((s) => ({ ...s, phones: [...s.phones, { key: rowKey(), value: '' }] }))}
        >
          <PlusIcon /> Telefon Ekle
        </Button>
      </fieldset>

      <TextField
        label="E-posta"
        type="email"
        value={form.email}
        onChange={(email) => update((s) => ({ ...s, email }))}
        errorMessage={errors.email}
      />

      <fieldset className="min-w-0 space-y-4">
        <legend className={sectionTitle}>Ödeme Bilgileri</legend>
        <TextField
          label="IBAN"
          value={form.depositIban}
          onChange={(depositIban) => update((s) => ({ ...s, depositIban }))}
          errorMessage={errors.depositIban}
          placeholder="TR00 0000 0000 0000 0000 0000 00"
          inputClassName="tabular-nums"
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Banka Adı"
            value={form.bankName}
            onChange={(bankName) => update((s) => ({ ...s, bankName }))}
            errorMessage={errors.bankName}
          />
          <TextField
            label="Alıcı Adı"
            value={form.recipientName}
            onChange={(recipientName) => update((s) => ({ ...s, recipientName }))}
            errorMessage={errors.recipientName}
          />
        </div>
      </fieldset>

      <TextField
        label="Google Haritalar Konumu"
        multiline
        value={form.googleMapsLocation}
        onChange={(googleMapsLocation) => update((s) => ({ ...s, googleMapsLocation }))}
        errorMessage={errors.googleMapsLocation}
        description="Google Haritalar bağlantısını veya yerleştirme kodunu yapıştırın."
      />
    </div>
  );
}
