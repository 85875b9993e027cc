import { Radio, RadioGroup } from '../../ui/RadioGroup';
import { Switch } from '../../ui/Switch';
import { TextField } from '../../ui/TextField';
import { GroupError, NativeField, sectionTitle, type TabProps } from './fields';

/** Ayarlar: slot length and start, the approval timeout, priority, SEO texts and whether the pitch is open to booking. */
export function SettingsTab({ form, update, errors }: TabProps) {
  return (
    <div className="space-y-5">
      <RadioGroup
        label="Rezervasyon Süresi"
        value={form.bookingTimeType}
        onChange={(v) => update((s) => ({ ...s, bookingTimeType: v as typeof s.bookingTimeType }))}
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
