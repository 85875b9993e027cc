import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { FacilityWire } from '../../../contracts/wire/facility';
import { DeleteFacilityDialog } from '../components/panel/facilities/DeleteFacilityDialog';
import { type CardAction, FacilityCard } from '../components/panel/facilities/FacilityCard';
import { FacilityFormDialog } from '../components/panel/facilities/FacilityFormDialog';
import { PlusIcon } from '../components/panel/facilities/icons';
import { SlotGenerationDialog } from '../components/panel/facilities/SlotGenerationDialog';
import { StatStrip } from '../components/panel/StatStrip';
import { Button } from '../components/ui/Button';
import { ListState } from '../components/ui/ListState';
import { Radio, RadioGroup } from '../components/ui/RadioGroup';
import { SearchField } from '../components/ui/SearchField';
import {
  $facilities,
  $facilitiesStatus,
  $facilityCounts,
  $facilitySearch,
  $facilityStatusFilter,
  $visibleFacilities,
  LIST_FAILED,
  loadFacilities,
  resetFacilityFilters,
  STATUS_FILTERS,
  type StatusFilter,
  setFacilityActive,
} from '../stores/panel-facilities';

type Open =
  | { kind: 'create' }
  | { kind: 'edit'; facility: FacilityWire }
  | { kind: 'delete'; facility: FacilityWire }
  | { kind: 'slots'; facility: FacilityWire }
  | null;

const SUMMARY = [
  { key: 'total', label: 'Toplam', tone: 'text-slate-900 dark:text-slate-100' },
  { key: 'active', label: 'Aktif', tone: 'text-turf-800 dark:text-turf-300' },
  { key: 'inactive', label: 'Pasif', tone: 'text-slate-700 dark:text-slate-300' },
] as const;

/** Pitch administration (behaviour.md#management-panel 'Saha Yönetimi'): counts, search and status filter, the card grid and its dialogs. */
export default function FacilitiesManager({
  holdTimeoutDefault,
}: {
  /** The hold a new pitch starts with (set on /yonetim/ayarlar), read by the page on the server. */
  holdTimeoutDefault?: number;
}) {
  const all = useStore($facilities);
  const visible = useStore($visibleFacilities);
  const counts = useStore($facilityCounts);
  const status = useStore($facilitiesStatus);
  const search = useStore($facilitySearch);
  const filter = useStore($facilityStatusFilter);
  const [open, setOpen] = useState<Open>(null);

  useEffect(() => {
    resetFacilityFilters();
    void loadFacilities();
  }, []);

  function act(f: FacilityWire, action: CardAction) {
    if (action === 'toggle') void setFacilityActive(f, !f.isActive);
    else if (action === 'edit') setOpen({ kind: 'edit', facility: f });
    else if (action === 'delete') setOpen({ kind: 'delete', facility: f });
    else setOpen({ kind: 'slots', facility: f });
  }

  const filtering = Boolean(search.trim()) || filter !== 'all';
  const loaded = status === 'ready' || (status === 'loading' && all.length > 0);

  return (
    <div className="min-w-0 space-y-5">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl dark:text-slate-100">Saha Yönetimi</h1>
          <p className="mt-1 text-slate-700 dark:text-slate-300" aria-live="polite" data-count>
            {loaded ? `${visible.length} saha bulundu` : '\u00a0'}
          </p>
        </div>
        <Button onPress={() => setOpen({ kind: 'create' })}>
          <PlusIcon /> Yeni Saha
        </Button>
      </header>

      <StatStrip
        label="Saha sayıları"
        columns="grid-cols-3"
        stats={SUMMARY.map((item) => ({ ...item, value: loaded ? counts[item.key] : null }))}
      />

      <div className="grid min-w-0 gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end dark:border-slate-700 dark:bg-slate-900">
        <SearchField
          label="Ara"
          value={search}
          onChange={(v) => $facilitySearch.set(v)}
          placeholder="Saha adı veya adres"
          hint="Saha adı, adresi veya açıklamasına göre arar."
          withIcon
          size="sm"
        />
        <RadioGroup label="Durum" value={filter} onChange={(v) => $facilityStatusFilter.set(v as StatusFilter)}>
          {STATUS_FILTERS.map((s) => (
            <Radio key={s.id} value={s.id}>
              {s.label}
            </Radio>
          ))}
        </RadioGroup>
      </div>

      <ListState
        busy={status === 'loading'}
        error={status === 'error' ? LIST_FAILED : null}
        onRetry={() => void loadFacilities()}
        loading={loaded ? null : 'Sahalar yükleniyor...'}
        empty={
          all.length === 0 ? (
            <div className="flex flex-col items-center gap-4 rounded-2xl border border-dashed border-slate-300 p-10 text-center dark:border-slate-600">
              <p className="font-semibold text-slate-800 dark:text-slate-200">Henüz saha eklenmemiş</p>
              <Button onPress={() => setOpen({ kind: 'create' })}>
                <PlusIcon /> İlk Sahanızı Ekleyin
              </Button>
            </div>
          ) : (
            visible.length === 0 && (
              <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-300 p-10 text-center dark:border-slate-600">
                <p className="font-semibold text-slate-800 dark:text-slate-200">Saha bulunamadı</p>
                {filtering && (
                  <Button variant="ghost" size="sm" onPress={resetFacilityFilters}>
                    Filtreleri temizle
                  </Button>
                )}
              </div>
            )
          )
        }
      >
        <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3">
          {visible.map((f) => (
            <li key={f.documentId} className="min-w-0">
              <FacilityCard facility={f} onAction={(a) => act(f, a)} />
            </li>
          ))}
        </ul>
      </ListState>

      {(open?.kind === 'create' || open?.kind === 'edit') && (
        <FacilityFormDialog
          editing={open.kind === 'edit' ? open.facility : null}
          holdTimeoutDefault={holdTimeoutDefault}
          onClose={() => setOpen(null)}
          onSaved={() => {
            setOpen(null);
            void loadFacilities();
          }}
        />
      )}
      {open?.kind === 'delete' && <DeleteFacilityDialog facility={open.facility} onClose={() => setOpen(null)} />}
      {open?.kind === 'slots' && (
        <SlotGenerationDialog
          facility={{ id: open.facility.id, slug: open.facility.slug, name: open.facility.name }}
          onClose={() => setOpen(null)}
        />
      )}
    </div>
  );
}
