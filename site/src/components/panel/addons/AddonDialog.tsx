import { type FormEvent, useState } from 'react';
import { ADDON_UNIT_LABELS, type AddonFormValues, type AddonWire, addonInput } from '../../../../../contracts/addons';
import { client, unwrap } from '../../../lib/api';
import { ApiRequestError } from '../../../lib/errors';
import { toast } from '../../../stores/toast';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { Radio, RadioGroup } from '../../ui/RadioGroup';
import { Switch } from '../../ui/Switch';
import { TextField } from '../../ui/TextField';

export interface AddonDraft {
  name: string;
  description: string;
  price: string;
  unit: 'booking' | 'person';
  isActive: boolean;
  stockPerSlot: string;
}

export const emptyAddon = (): AddonDraft => ({
  name: '',
  description: '',
  price: '',
  unit: 'booking',
  isActive: true,
  stockPerSlot: '',
});

export const addonDraftOf = (
  a: Pick<AddonWire, 'name' | 'description' | 'price' | 'unit' | 'isActive' | 'stockPerSlot'>,
): AddonDraft => ({
  name: a.name,
  description: a.description ?? '',
  price: String(a.price).replace('.', ','),
  unit: a.unit,
  isActive: a.isActive,
  stockPerSlot: a.stockPerSlot === null ? '' : String(a.stockPerSlot),
});

/** What the draft sends: a Turkish decimal comma becomes a point, an empty stock means no cap. */
export function addonBody(d: AddonDraft): AddonFormValues {
  const price = d.price.trim().replace(/\./g, '').replace(',', '.');
  return {
    name: d.name,
    description: d.description,
    price: price === '' ? Number.NaN : Number(price),
    unit: d.unit,
    isActive: d.isActive,
    stockPerSlot: d.stockPerSlot.trim() === '' ? null : Number(d.stockPerSlot.trim()),
  };
}

interface Props {
  facilityId: number;
  /** The add-on being edited, or null for a new one (from a preset or empty). */
  editing: AddonWire | null;
  initial: AddonDraft;
  onSaved: (addon: AddonWire) => void;
  onClose: () => void;
}

/** Adds or edits one add-on; checked with the server's schema first, then the server's own answer decides. */
export function AddonDialog({ facilityId, editing, initial, onSaved, onClose }: Props) {
  const [d, setD] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<AddonDraft>) => setD((s) => ({ ...s, ...patch }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const body = addonBody(d);
    const parsed = addonInput.safeParse(body);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0] ?? 'name')] ??= issue.message;
      setErrors(next);
      return;
    }
    setBusy(true);
    try {
      const addons = client.api.facilities[':ref'].addons;
      const ref = String(facilityId);
      const saved = await unwrap(
        editing
          ? addons[':id{[0-9]+}'].$put({ param: { ref, id: String(editing.id) }, json: body })
          : addons.$post({ param: { ref }, json: body }),
      );
      toast('success', editing ? 'Hizmet güncellendi' : 'Hizmet eklendi');
      onSaved(saved);
    } catch (err) {
      // A 409 for a duplicate name points at its field: show it there too.
      const fields = (err instanceof ApiRequestError ? (err.details.errors ?? []) : []) as Array<{
        path?: string[];
        message?: string;
      }>;
      const byField = fields
        .filter((f) => f.path?.[0] && f.message)
        .map((f) => [String(f.path?.[0]), String(f.message)]);
      if (byField.length > 0) setErrors(Object.fromEntries(byField));
      toast('error', err instanceof ApiRequestError && err.message ? err.message : 'Hizmet kaydedilemedi');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      title={editing ? 'Hizmeti düzenle' : 'Hizmet ekle'}
      isOpen
      closeLabel="Pencereyi kapat"
      isDismissable={!busy}
      onOpenChange={(open) => {
        if (!open && !busy) onClose();
      }}
    >
      <form onSubmit={submit} noValidate className="min-w-0 space-y-4" data-addon-form>
        <TextField
          label="Hizmet adı"
          isRequired
          value={d.name}
          onChange={(name) => set({ name })}
          errorMessage={errors.name}
          autoFocus
        />
        <TextField
          label="Açıklama (isteğe bağlı)"
          multiline
          value={d.description}
          onChange={(description) => set({ description })}
          errorMessage={errors.description}
        />
        <div className="grid min-w-0 gap-4 sm:grid-cols-2">
          <TextField
            label="Ücret (₺)"
            isRequired
            inputMode="decimal"
            value={d.price}
            onChange={(price) => set({ price })}
            errorMessage={errors.price}
            inputClassName="tabular-nums"
          />
          <RadioGroup label="Ücret türü" value={d.unit} onChange={(v) => set({ unit: v as AddonDraft['unit'] })}>
            <Radio value="booking">{ADDON_UNIT_LABELS.booking}</Radio>
            <Radio value="person">{ADDON_UNIT_LABELS.person}</Radio>
          </RadioGroup>
        </div>
        {errors.unit && <p className="text-sm text-red-700 dark:text-red-400">{errors.unit}</p>}
        <TextField
          label="Saat başına stok (isteğe bağlı)"
          inputMode="numeric"
          value={d.stockPerSlot}
          onChange={(stockPerSlot) => set({ stockPerSlot })}
          errorMessage={errors.stockPerSlot}
          description="Aynı saatteki kaç rezervasyonun bu hizmeti alabileceği (örn. 1 hakem). Boş: sınırsız."
          inputClassName="tabular-nums"
        />
        <Switch isSelected={d.isActive} onChange={(isActive) => set({ isActive })}>
          Rezervasyon formunda sunulsun
        </Switch>
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Button variant="secondary" onPress={onClose} isDisabled={busy}>
            İptal
          </Button>
          <Button type="submit" isDisabled={busy}>
            {busy ? 'Kaydediliyor...' : editing ? 'Hizmeti güncelle' : 'Hizmeti ekle'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
