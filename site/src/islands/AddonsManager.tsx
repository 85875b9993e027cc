import { useEffect, useState } from 'react';
import { ADDON_PRESETS, ADDON_UNIT_LABELS, ADDONS_MAX, type AddonWire } from '../../../contracts/addons';
import {
  AddonDialog,
  type AddonDraft,
  addonBody,
  addonDraftOf,
  emptyAddon,
} from '../components/panel/addons/AddonDialog';
import { FacilityPicker, LoadFailed } from '../components/panel/FacilityPicker';
import { Button } from '../components/ui/Button';
import { ChevronLeftIcon, ChevronRightIcon, PencilIcon, TrashIcon } from '../components/ui/icons';
import { Modal } from '../components/ui/Modal';
import { Switch } from '../components/ui/Switch';
import { client, unwrap } from '../lib/api';
import { ApiRequestError } from '../lib/errors';
import { tl } from '../lib/format';
import { usePanelFacility } from '../lib/panel-facility';
import { toast } from '../stores/toast';

const addonRoutes = client.api.facilities[':ref'].addons;
const card = 'min-w-0 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-700 dark:bg-slate-900';
const failure = (e: unknown, fallback: string) => (e instanceof ApiRequestError && e.message ? e.message : fallback);

type Editing = { addon: AddonWire | null; draft: AddonDraft } | null;

/**
 * Saha Servisleri: each pitch's paid add-ons (a referee, a match video, boot hire…), offered to visitors on
 * the booking form. Every change is saved at once; the public pitch page shows it at once (the edge cache is versioned).
 */
export default function AddonsManager() {
  const { facilities, facilityId, setFacilityId, failed, options } = usePanelFacility();
  const [addons, setAddons] = useState<AddonWire[] | null>(null);
  const [status, setStatus] = useState<'loading' | 'idle' | 'error'>('loading');
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<AddonWire | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!facilityId) return;
    let live = true;
    setStatus('loading');
    unwrap(client.api.facilities[':ref'].addons.$get({ param: { ref: facilityId } }))
      .then((data) => {
        if (!live) return;
        setAddons(data as AddonWire[]);
        setStatus('idle');
      })
      .catch(() => live && setStatus('error'));
    return () => {
      live = false;
    };
  }, [facilityId]);

  async function run<T>(work: () => Promise<T>, fallback: string): Promise<T | undefined> {
    if (busy) return undefined;
    setBusy(true);
    try {
      return await work();
    } catch (e) {
      toast('error', failure(e, fallback));
      return undefined;
    } finally {
      setBusy(false);
    }
  }

  const toggle = (a: AddonWire, isActive: boolean) =>
    run(async () => {
      const saved = await unwrap(
        addonRoutes[':id{[0-9]+}'].$put({
          param: { ref: facilityId, id: String(a.id) },
          json: { ...addonBody(addonDraftOf(a)), isActive },
        }),
      );
      setAddons((xs) => xs?.map((x) => (x.id === a.id ? saved : x)) ?? null);
      toast('success', isActive ? `${a.name} rezervasyon formunda sunuluyor` : `${a.name} artık sunulmuyor`);
    }, 'Hizmet güncellenemedi');

  const move = (i: number, by: -1 | 1) =>
    run(async () => {
      if (!addons) return;
      const ids = addons.map((a) => a.id);
      const j = i + by;
      [ids[i], ids[j]] = [ids[j], ids[i]];
      setAddons(await unwrap(addonRoutes.order.$put({ param: { ref: facilityId }, json: { ids } })));
    }, 'Sıralama kaydedilemedi');

  const remove = (a: AddonWire) =>
    run(async () => {
      await unwrap(addonRoutes[':id{[0-9]+}'].$delete({ param: { ref: facilityId, id: String(a.id) } }));
      setAddons((xs) => xs?.filter((x) => x.id !== a.id) ?? null);
      setDeleting(null);
      toast('success', 'Hizmet silindi');
    }, 'Hizmet silinemedi');

  const full = (addons?.length ?? 0) >= ADDONS_MAX;
  const taken = new Set((addons ?? []).map((a) => a.name.toLocaleLowerCase('tr')));

  return (
    <div className="space-y-5">
      <header>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl dark:text-slate-100">Saha Servisleri</h1>
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          Hakem, maç videosu, krampon kiralama gibi ücretli hizmetleri her saha için tanımlayın; ziyaretçiler
          rezervasyon yaparken seçer.
        </p>
      </header>

      <FacilityPicker
        facilities={facilities}
        facilityId={facilityId}
        options={options}
        onChange={setFacilityId}
        isDisabled={busy}
      />

      {(failed || status === 'error') && <LoadFailed>Hizmetler yüklenemedi</LoadFailed>}

      {addons && !failed && status !== 'error' && (
        <section aria-labelledby="addons-title" className={card} aria-busy={status === 'loading'} data-addons>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="addons-title" className="text-lg font-bold text-slate-900 dark:text-slate-100">
              Hizmetler{' '}
              <span className="font-normal text-slate-700 dark:text-slate-300">
                ({addons.length}/{ADDONS_MAX})
              </span>
            </h2>
            <Button size="sm" isDisabled={full} onPress={() => setEditing({ addon: null, draft: emptyAddon() })}>
              Hizmet ekle
            </Button>
          </div>
          <div className="mt-3 flex flex-wrap gap-2" role="group" aria-label="Hazır hizmetler">
            {ADDON_PRESETS.filter((p) => !taken.has(p.name.toLocaleLowerCase('tr'))).map((p) => (
              <Button
                key={p.name}
                size="sm"
                variant="secondary"
                isDisabled={full}
                onPress={() =>
                  setEditing({
                    addon: null,
                    draft: {
                      ...emptyAddon(),
                      name: p.name,
                      description: p.description,
                      price: String(p.price),
                      unit: p.unit,
                    },
                  })
                }
              >
                + {p.name}
              </Button>
            ))}
          </div>
          {addons.length === 0 ? (
            <p className="mt-4 text-sm text-slate-700 dark:text-slate-300" data-no-addons>
              Bu saha için henüz hizmet yok. Yukarıdaki hazır hizmetlerden başlayabilirsiniz.
            </p>
          ) : (
            <ol className="mt-4 space-y-2">
              {addons.map((a, i) => (
                <li
                  key={a.id}
                  className="flex min-w-0 flex-wrap items-center gap-3 rounded-xl border border-slate-200 p-3 dark:border-slate-700"
                  data-addon-row={a.name}
                >
                  <div className="min-w-0 flex-1 basis-48">
                    <p className="font-semibold [overflow-wrap:anywhere] text-slate-900 dark:text-slate-100">
                      {a.name}
                    </p>
                    <p className="text-sm text-slate-700 dark:text-slate-300">
                      <span className="font-semibold tabular-nums text-turf-800 dark:text-turf-300">{tl(a.price)}</span>{' '}
                      {ADDON_UNIT_LABELS[a.unit]}
                      {a.stockPerSlot !== null && ` · saat başına ${a.stockPerSlot} adet`}
                    </p>
                    {a.description && (
                      <p className="text-sm [overflow-wrap:anywhere] text-slate-700 dark:text-slate-300">
                        {a.description}
                      </p>
                    )}
                  </div>
                  <Switch isSelected={a.isActive} isDisabled={busy} onChange={(on) => toggle(a, on)}>
                    <span>Sunuluyor</span>
                    <span className="sr-only">: {a.name}</span>
                  </Switch>
                  <div className="flex gap-1">
                    <Button
                      size="iconSm"
                      variant="quiet"
                      aria-label={`${a.name}: yukarı taşı`}
                      isDisabled={busy || i === 0}
                      onPress={() => move(i, -1)}
                    >
                      <ChevronLeftIcon className="h-4 w-4 rotate-90" />
                    </Button>
                    <Button
                      size="iconSm"
                      variant="quiet"
                      aria-label={`${a.name}: aşağı taşı`}
                      isDisabled={busy || i === addons.length - 1}
                      onPress={() => move(i, 1)}
                    >
                      <ChevronRightIcon className="h-4 w-4 rotate-90" />
                    </Button>
                    <Button
                      size="iconSm"
                      variant="quiet"
                      aria-label={`${a.name}: düzenle`}
                      onPress={() => setEditing({ addon: a, draft: addonDraftOf(a) })}
                    >
                      <PencilIcon />
                    </Button>
                    <Button size="iconSm" variant="quiet" aria-label={`${a.name}: sil`} onPress={() => setDeleting(a)}>
                      <TrashIcon />
                    </Button>
                  </div>
                </li>
              ))}
            </ol>
          )}
        </section>
      )}

      {editing && facilityId && (
        <AddonDialog
          facilityId={Number(facilityId)}
          editing={editing.addon}
          initial={editing.draft}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setAddons((xs) =>
              editing.addon ? (xs?.map((x) => (x.id === saved.id ? saved : x)) ?? null) : [...(xs ?? []), saved],
            );
            setEditing(null);
          }}
        />
      )}

      {deleting && (
        <Modal
          title="Hizmeti sil"
          role="alertdialog"
          isOpen
          closeLabel="Pencereyi kapat"
          onOpenChange={(open) => {
            if (!open && !busy) setDeleting(null);
          }}
        >
          <p className="[overflow-wrap:anywhere]">
            <strong>{deleting.name}</strong> silinecek ve rezervasyon formunda artık sunulmayacak. Geçmiş rezervasyonlar
            etkilenmez.
          </p>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onPress={() => setDeleting(null)} isDisabled={busy}>
              Vazgeç
            </Button>
            <Button variant="danger" onPress={() => remove(deleting)} isDisabled={busy}>
              Sil
            </Button>
          </div>
        </Modal>
      )}
    </div>
  );
}
