import { type FormEvent, useState } from 'react';
import { WEEK_DAY_LABELS, WEEK_DAYS } from '../../../../../contracts/facility-form';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { IsoDatePicker } from '../../ui/DatePicker';
import { Modal } from '../../ui/Modal';
import { Radio, RadioGroup } from '../../ui/RadioGroup';
import { Switch } from '../../ui/Switch';
import { TextField } from '../../ui/TextField';
import { TimeField } from '../../ui/TimeField';
import { checkDraft, type RuleDraft, WEEKDAYS_ONLY, WEEKEND } from './rules';

interface Props {
  /** The rule being edited, or a new one (preset or empty). */
  draft: RuleDraft;
  isNew: boolean;
  onSave: (draft: RuleDraft) => void;
  onClose: () => void;
}

const groupLabel = 'text-sm font-semibold text-slate-800 dark:text-slate-200';
const fieldErrorText = 'mt-1 text-sm text-red-700 dark:text-red-400';

/**
 * Adds or edits one price rule. It is checked with the server's own schema before it joins the list; nothing is sent
 * until the list is saved, so the preview can show the rule's effect first.
 */
export function RuleDialog({ draft: initial, isNew, onSave, onClose }: Props) {
  const [d, setD] = useState<RuleDraft>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (patch: Partial<RuleDraft>) => setD((s) => ({ ...s, ...patch }));

  function submit(e: FormEvent) {
    e.preventDefault();
    const checked = checkDraft(d);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    onSave(d);
  }

  const quickDays = (days: typeof d.days) => set({ days: [...days] });

  return (
    <Modal
      title={isNew ? 'Fiyat kuralı ekle' : 'Fiyat kuralını düzenle'}
      size="lg"
      isOpen
      closeLabel="Pencereyi kapat"
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <form onSubmit={submit} noValidate className="min-w-0 space-y-5" data-rule-form>
        <TextField
          label="Kural adı"
          isRequired
          value={d.name}
          onChange={(name) => set({ name })}
          errorMessage={errors.name}
          description="Örn. Akşam (ışıklı), Hafta sonu, Kurban Bayramı"
          autoFocus
        />

        <fieldset className="min-w-0" aria-describedby={errors.days ? 'rule-days-error' : undefined}>
          <legend className={groupLabel}>Günler</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            <Button size="sm" variant="secondary" onPress={() => quickDays([...WEEK_DAYS])}>
              Her gün
            </Button>
            <Button size="sm" variant="secondary" onPress={() => quickDays(WEEKDAYS_ONLY)}>
              Hafta içi
            </Button>
            <Button size="sm" variant="secondary" onPress={() => quickDays(WEEKEND)}>
              Hafta sonu
            </Button>
          </div>
          <div className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4">
            {WEEK_DAYS.map((day) => (
              <Checkbox
                key={day}
                isSelected={d.days.includes(day)}
                onChange={(on) => set({ days: on ? [...d.days, day] : d.days.filter((x) => x !== day) })}
              >
                {WEEK_DAY_LABELS[day]}
              </Checkbox>
            ))}
          </div>
          {errors.days && (
            <p id="rule-days-error" className={fieldErrorText}>
              {errors.days}
            </p>
          )}
        </fieldset>

        <fieldset className="min-w-0">
          <legend className={groupLabel}>Saatler</legend>
          <Switch className="mt-2" isSelected={d.allDay} onChange={(allDay) => set({ allDay })}>
            Tüm gün
          </Switch>
          {!d.allDay && (
            <div className="mt-3 flex flex-wrap items-start gap-3">
              <TimeField
                label="Başlangıç saati"
                value={d.startTime}
                onChange={(startTime) => set({ startTime })}
                className="w-36"
                errorMessage={errors.startTime}
              />
              <TimeField
                label="Bitiş saati"
                value={d.endTime}
                onChange={(endTime) => set({ endTime })}
                className="w-36"
                errorMessage={errors.endTime}
              />
            </div>
          )}
          {!d.allDay && (
            <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
              Bitiş saati dahil değildir; 00:00 gün sonu demektir, başlangıçtan önceki bir bitiş gece yarısını geçer
              (örn. 18:00–02:00).
            </p>
          )}
        </fieldset>

        <fieldset className="min-w-0">
          <legend className={groupLabel}>Tarih aralığı (isteğe bağlı)</legend>
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
            Bayram ve resmi tatiller için; tek gün için iki tarihe aynı günü girin. Boş bırakılırsa her hafta
            geçerlidir.
          </p>
          <div className="mt-3 grid gap-3 sm:grid-cols-2">
            <IsoDatePicker
              label="Başlangıç tarihi"
              value={d.dateFrom}
              onChange={(dateFrom) => set({ dateFrom })}
              errorMessage={errors.dateFrom}
            />
            <IsoDatePicker
              label="Bitiş tarihi"
              value={d.dateTo}
              onChange={(dateTo) => set({ dateTo })}
              errorMessage={errors.dateTo}
            />
          </div>
          {(d.dateFrom || d.dateTo) && (
            <Button className="mt-2" size="sm" variant="ghost" onPress={() => set({ dateFrom: '', dateTo: '' })}>
              Tarihleri temizle
            </Button>
          )}
        </fieldset>

        <div className="grid min-w-0 gap-4 sm:grid-cols-2">
          <RadioGroup
            label="Fiyat türü"
            value={d.adjustment}
            onChange={(v) => set({ adjustment: v as RuleDraft['adjustment'] })}
          >
            <Radio value="fixed">Sabit fiyat (₺)</Radio>
            <Radio value="percent">Yüzde (%)</Radio>
          </RadioGroup>
          <TextField
            label={d.adjustment === 'fixed' ? 'Saatlik fiyat (₺)' : 'Yüzde değişim'}
            isRequired
            inputMode={d.adjustment === 'fixed' ? 'decimal' : 'numeric'}
            value={d.amount}
            onChange={(amount) => set({ amount })}
            errorMessage={errors.amount}
            description={d.adjustment === 'fixed' ? undefined : 'Zam için 20, indirim için -10 yazın'}
            inputClassName="tabular-nums"
          />
        </div>

        <div className="grid min-w-0 gap-4 sm:grid-cols-2">
          <TextField
            label="Öncelik"
            inputMode="numeric"
            value={d.priority}
            onChange={(priority) => set({ priority })}
            errorMessage={errors.priority}
            description="0–100. Kurallar çakışırsa yüksek öncelikli kural geçerli olur."
            inputClassName="tabular-nums"
          />
          <div className="pt-7">
            <Switch isSelected={d.isActive} onChange={(isActive) => set({ isActive })}>
              Kural etkin
            </Switch>
          </div>
        </div>

        <TextField
          label="Not (isteğe bağlı)"
          multiline
          value={d.note}
          onChange={(note) => set({ note })}
          errorMessage={errors.note}
        />

        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onPress={onClose}>
            İptal
          </Button>
          <Button type="submit">{isNew ? 'Kuralı ekle' : 'Kuralı güncelle'}</Button>
        </div>
      </form>
    </Modal>
  );
}
