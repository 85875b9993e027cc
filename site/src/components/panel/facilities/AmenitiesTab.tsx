import { useId } from 'react';
import { AMENITY_ICONS, AMENITY_PRESETS, type AmenityIcon } from '../../../../../contracts/facility-form';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { fieldLabel, input } from '../../ui/field';
import { TrashIcon } from '../../ui/icons';
import { Switch } from '../../ui/Switch';
import { TextField } from '../../ui/TextField';
import { GroupError, NativeField, sectionTitle, type TabProps } from './fields';
import { type CustomAmenity, errorUnder, type PickupRow, rowKey } from './form-state';
import { PlusIcon } from './icons';

/** The icon keys in words (the select shows these, the wire keeps the key). */
export const ICON_LABELS: Record<AmenityIcon, string> = {
  parking: 'Otopark',
  shower: 'Duş',
  locker: 'Soyunma odası',
  cafe: 'Kafe',
  wifi: 'Kablosuz internet',
  shield: 'Güvenlik',
  stands: 'Tribün',
  light: 'Aydınlatma',
  turf: 'Sentetik çim',
  grass: 'Doğal çim',
  ball: 'Top',
  star: 'Yıldız',
  check: 'Onay işareti',
};

/** İmkanlar: the preset amenities, custom ones, then the shuttle service (its fields only while it is on). */
export function AmenitiesTab({ form, update, errors }: TabProps) {
  const customError = errors.facilities;
  const setCustom = (key: string, patch: Partial<CustomAmenity>) =>
    update((s) => ({ ...s, custom: s.custom.map((c) => (c.key === key ? { ...c, ...patch } : c)) }));
  const t = form.transport;
  const setT = (patch: Partial<typeof t>) => update((s) => ({ ...s, transport: { ...s.transport, ...patch } }));
  const setPickup = (key: string, patch: Partial<PickupRow>) =>
    setT({ pickupPoints: t.pickupPoints.map((p) => (p.key === key ? { ...p, ...patch } : p)) });
  const presetCount = AMENITY_PRESETS.filter((p) => form.presets.includes(p.name)).length;

  return (
    <div className="space-y-6">
      <fieldset className="min-w-0">
        <legend className={sectionTitle}>Hazır İmkanlar</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {AMENITY_PRESETS.map((p) => (
            <Checkbox
              key={p.name}
              isSelected={form.presets.includes(p.name)}
              onChange={(on) =>
                update((s) => ({
                  ...s,
                  presets: on ? [...s.presets, p.name] : s.presets.filter((n) => n !== p.name),
                }))
              }
            >
              {p.name}
            </Checkbox>
          ))}
        </div>
      </fieldset>

      <fieldset className="min-w-0 space-y-3">
        <legend className={sectionTitle}>Özel İmkanlar</legend>
        {form.custom.length > 0 && (
          <ul className="space-y-3">
            {form.custom.map((c, i) => (
              <CustomRow
                key={c.key}
                row={c}
                index={i}
                error={errors[`facilities.${presetCount + i}.name`]}
                onChange={(patch) => setCustom(c.key, patch)}
                onRemove={() => update((s) => ({ ...s, custom: s.custom.filter((x) => x.key !== c.key) }))}
              />
            ))}
          </ul>
        )}
        <GroupError message={customError} />
        <Button
          variant="secondary"
          size="sm"
          onPress={() =>
            update((s) => ({ ...s, custom: [...s.custom, { key: rowKey(), name: '', available: true, icon: null }] }))
          }
        >
          <PlusIcon /> İmkan Ekle
        </Button>
      </fieldset>

      <fieldset className="min-w-0 space-y-3">
        <legend className={sectionTitle}>Servis Hizmeti</legend>
        <div className="space-y-4 rounded-xl border border-slate-200 p-4 dark:border-slate-700">
          <Switch isSelected={t.isActive} onChange={(isActive) => setT({ isActive })}>
            Servis hizmeti var
          </Switch>
          {t.isActive && (
            <div className="space-y-4" data-transport-fields>
              <div className="grid gap-4 sm:grid-cols-2">
                <NativeField
                  label="Servis Ücreti (₺)"
                  min={0}
                  step={0.01}
                  value={t.price}
                  onChange={(price) => setT({ price })}
                  error={errors['transportationService.price']}
                />
                <NativeField
                  label="Araç Kapasitesi"
                  min={0}
                  step={1}
                  value={t.capacity}
                  onChange={(capacity) => setT({ capacity })}
                  error={errorUnder(errors, 'transportationService.vehicleInfo.capacity')}
                />
              </div>
              <TextField
                label="Araç Tipi"
                value={t.vehicleType}
                onChange={(vehicleType) => setT({ vehicleType })}
                errorMessage={errors['transportationService.vehicleInfo.type']}
                placeholder="Örn. Minibüs"
              />
              <TextField
                label="Servis Açıklaması"
                multiline
                value={t.description}
                onChange={(description) => setT({ description })}
                errorMessage={errors['transportationService.description']}
              />
              <div className="space-y-3">
                <h4 className={sectionTitle}>Alış Noktaları</h4>
                <ul className="space-y-3">
                  {t.pickupPoints.map((p, i) => (
                    <li
                      key={p.key}
                      className="min-w-0 space-y-3 rounded-xl border border-slate-200 p-3 dark:border-slate-700"
                      data-pickup-row
                    >
                      <div className="flex items-end gap-2">
                        <div className="min-w-0 flex-1">
                          <TextField
                            label={`Alış Noktası ${i + 1} Adı`}
                            isRequired
                            value={p.name}
                            onChange={(name) => setPickup(p.key, { name })}
                            errorMessage={errors[`transportationService.pickupPoints.${i}.name`]}
                          />
                        </div>
                        <Button
                          variant="quiet"
                          size="icon"
                          aria-label={`Alış noktası ${i + 1} kaldır`}
                          onPress={() => setT({ pickupPoints: t.pickupPoints.filter((x) => x.key !== p.key) })}
                        >
                          <TrashIcon />
                        </Button>
                      </div>
                      <TextField
                        label="Adres"
                        value={p.address}
                        onChange={(address) => setPickup(p.key, { address })}
                        errorMessage={errors[`transportationService.pickupPoints.${i}.address`]}
                      />
                      <TextField
                        label="Açıklama"
                        value={p.description}
                        onChange={(description) => setPickup(p.key, { description })}
                        errorMessage={errors[`transportationService.pickupPoints.${i}.description`]}
                      />
                      <NativeField
                        label="Kaç dakika önce"
                        description="Maçtan kaç dakika önce alınır"
                        min={0}
                        max={240}
                        step={1}
                        value={p.minutesBefore}
                        onChange={(minutesBefore) => setPickup(p.key, { minutesBefore })}
                        error={errors[`transportationService.pickupPoints.${i}.minutesBefore`]}
                        className="max-w-48"
                      />
                    </li>
                  ))}
                </ul>
                <GroupError message={errors['transportationService.pickupPoints'] ?? errors.transportationService} />
                <Button
                  variant="secondary"
                  size="sm"
                  onPress={() =>
                    setT({
                      pickupPoints: [
                        ...t.pickupPoints,
                        {
                          key: rowKey(),
                          id: `pickup-${Date.now()}`,
                          name: '',
                          address: '',
                          description: '',
                          time: null,
                          minutesBefore: '',
                        },
                      ],
                    })
                  }
                >
                  <PlusIcon /> Alış Noktası Ekle
                </Button>
              </div>
            </div>
          )}
        </div>
      </fieldset>
    </div>
  );
}

function CustomRow({
  row,
  index,
  error,
  onChange,
  onRemove,
}: {
  row: CustomAmenity;
  index: number;
  error?: string;
  onChange: (patch: Partial<CustomAmenity>) => void;
  onRemove: () => void;
}) {
  const selectId = useId();
  return (
    <li
      className="grid min-w-0 gap-3 rounded-xl border border-slate-200 p-3 sm:grid-cols-[minmax(0,1fr)_10rem] dark:border-slate-700"
      data-custom-amenity
    >
      <TextField
        label={`İmkan ${index + 1} Adı`}
        isRequired
        value={row.name}
        onChange={(name) => onChange({ name })}
        errorMessage={error}
      />
      <div>
        <label htmlFor={selectId} className={fieldLabel}>
          Simge
        </label>
        <select
          id={selectId}
          value={row.icon ?? ''}
          onChange={(e) => onChange({ icon: (e.target.value || null) as AmenityIcon | null })}
          className={input}
        >
          <option value="">Simge yok</option>
          {AMENITY_ICONS.map((icon) => (
            <option key={icon} value={icon}>
              {ICON_LABELS[icon]}
            </option>
          ))}
        </select>
      </div>
      <div className="flex items-center justify-between gap-2 sm:col-span-2">
        <Checkbox isSelected={row.available} onChange={(available) => onChange({ available })}>
          Mevcut
        </Checkbox>
        <Button variant="ghost" size="sm" aria-label={`İmkan ${index + 1} kaldır`} onPress={onRemove}>
          <TrashIcon /> Kaldır
        </Button>
      </div>
    </li>
  );
}
