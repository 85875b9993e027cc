import { lengthLabel, MATCH_LENGTH_CHOICES } from '../../../../../contracts/match-length';
import { slotLengthOf } from '../../../../../contracts/slot-plan';
import { Radio, RadioGroup } from '../../ui/RadioGroup';
import { Switch } from '../../ui/Switch';
import { TextField } from '../../ui/TextField';
import { GroupError, NativeField, sectionTitle, type TabProps } from './fields';

const box = 'h-5 w-5 shrink-0 cursor-pointer accent-turf-700 dark:accent-turf-500';

/**
 * 'Maç süreleri' (docs/behaviour.md#match-length): the lengths a booking may have, those that are whole multiples of the
 * pitch's slot (a length chosen before that no longer fits stays shown, to be taken off), and on a half-hourly pitch
 * whether a match may start on the half hour.
 */
function MatchLengths({ form, update, errors }: TabProps) {
  const slot = slotLengthOf(form.bookingTimeType);
  const shown = MATCH_LENGTH_CHOICES.filter((m) => m % slot === 0 || form.matchLengths.includes(m));
  const toggle = (m: number, on: boolean) =>
    update((s) => ({
      ...s,
      matchLengths: on
        ? [...new Set([...s.matchLengths, m])].sort((a, b) => a - b)
        : s.matchLengths.filter((x) => x !== m),
    }));
  const error = errors.matchLengths ?? Object.entries(errors).find(([k]) => k.startsWith('matchLengths.'))?.[1];
  return (
    <>
      <fieldset
        className="min-w-0 space-y-3"
        data-match-lengths
        aria-describedby={error ? 'match-lengths-error' : undefined}
      >
        <legend className={sectionTitle}>Maç süreleri</legend>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Bir rezervasyonun kaplayabileceği süreler; oyuncu boş bir başlangıçtan sığanlar arasından seçer. Fiyat,
          kaplanan slotların fiyatlarının toplamıdır.
        </p>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {shown.map((m) => (
            <label key={m} className="inline-flex min-h-11 cursor-pointer items-center gap-2 text-sm font-medium">
              <input
                type="checkbox"
                className={box}
                checked={form.matchLengths.includes(m)}
                onChange={(e) => toggle(m, e.target.checked)}
                aria-invalid={error ? true : undefined}
              />
              {lengthLabel(m)}
              {m % slot !== 0 && <span className="font-normal text-red-700 dark:text-red-400">(bu slota uymuyor)</span>}
            </label>
          ))}
        </div>
        <GroupError id="match-lengths-error" message={error} />
      </fieldset>
      {form.bookingTimeType === 'half-hourly' && (
        <label className="flex cursor-pointer items-start gap-2 text-sm font-medium">
          <input
            type="checkbox"
            className={`${box} mt-0.5`}
            checked={form.halfHourStarts}
            onChange={(e) => update((s) => ({ ...s, halfHourStarts: e.target.checked }))}
          />
          <span>
            Buçuklu başlangıçlara izin ver
            <span className="block font-normal text-slate-700 dark:text-slate-300">
              Kapalıyken maçlar yalnızca{' '}
              {form.startTimeOffset === 'half_hour' ? 'buçuklu saatlerde (…:30)' : 'tam saatlerde (…:00)'} başlar.
            </span>
          </span>
        </label>
      )}
    </>
  );
}

/** Ayarlar: slot length and start, the match lengths, the approval timeout, priority, SEO texts and whether the pitch is open to booking. */
export function SettingsTab({ form, update, errors }: TabProps) {
  return (
    <div className="space-y-5">
      <RadioGroup
        label="Rezervasyon Süresi"
        value={form.bookingTimeType}
        onChange={(v) =>
          update((s) => {
            const bookingTimeType = v as typeof s.bookingTimeType;
            // A pitch offering just its one slot keeps doing so with the new slot (60 → 30 dk, 30 → 60 dk).
            const oneSlot = s.matchLengths.length === 1 && s.matchLengths[0] === slotLengthOf(s.bookingTimeType);
            return { ...s, bookingTimeType, ...(oneSlot ? { matchLengths: [slotLengthOf(bookingTimeType)] } : {}) };
          })
        }
      >
        <Radio value="hourly">Saatlik</Radio>
        <Radio value="half-hourly">Yarım saatlik</Radio>
      </RadioGroup>
      <GroupError message={errors.bookingTimeType} />
      <RadioGroup
        label="Slot Başlangıcı"
        value={form.startTimeOffset}
        onChange={(v) => update((s) => ({ ...s, startTimeOffset: v as typeof s.startTimeOffset }))}
      >
        <Radio value="full_hour">Tam saat</Radio>
        <Radio value="half_hour">Buçuklu</Radio>
      </RadioGroup>
      <GroupError message={errors.startTimeOffset} />
      <MatchLengths form={form} update={update} errors={errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <NativeField
          label="Otomatik İptal Süresi (dakika)"
          description="Rezervasyon onaylanmazsa otomatik iptal süresi"
          min={15}
          max={1440}
          step={1}
          value={form.autoApprovalTimeout}
          onChange={(autoApprovalTimeout) => update((s) => ({ ...s, autoApprovalTimeout }))}
          error={errors.autoApprovalTimeout}
        />
        <NativeField
          label="Öncelik"
          description="0 ile 100 arası; yüksek olan listede önce gelir"
          min={0}
          max={100}
          step={1}
          value={form.priority}
          onChange={(priority) => update((s) => ({ ...s, priority }))}
          error={errors.priority}
        />
      </div>
      <fieldset className="min-w-0 space-y-4">
        <legend className={sectionTitle}>Arama Motoru (SEO)</legend>
        <TextField
          label="SEO Başlığı"
          value={form.seoTitle}
          onChange={(seoTitle) => update((s) => ({ ...s, seoTitle }))}
          errorMessage={errors.seoTitle}
        />
        <TextField
          label="SEO Açıklaması"
          multiline
          value={form.seoDescription}
          onChange={(seoDescription) => update((s) => ({ ...s, seoDescription }))}
          errorMessage={errors.seoDescription}
        />
        <TextField
          label="SEO Anahtar Kelimeleri"
          value={form.seoKeywords}
          onChange={(seoKeywords) => update((s) => ({ ...s, seoKeywords }))}
          errorMessage={errors.seoKeywords}
          description="Virgülle ayırın"
        />
      </fieldset>
      <Switch isSelected={form.isActive} onChange={(isActive) => update((s) => ({ ...s, isActive }))}>
        Saha aktif (rezervasyona açık)
      </Switch>
    </div>
  );
}
