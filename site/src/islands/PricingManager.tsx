import { type FormEvent, useEffect, useMemo, useState } from 'react';
import type { PriceRulesWire } from '../../../contracts/pricing-form';
import { FacilityPicker, LoadFailed } from '../components/panel/FacilityPicker';
import { PricePreview } from '../components/panel/pricing/PricePreview';
import { RuleDialog } from '../components/panel/pricing/RuleDialog';
import {
  checkDraft,
  draftBody,
  draftFromWire,
  emptyDraft,
  PRESETS,
  type RuleDraft,
  ruleSummary,
} from '../components/panel/pricing/rules';
import { Button } from '../components/ui/Button';
import { IsoDatePicker } from '../components/ui/DatePicker';
import { AlertIcon, ChevronLeftIcon, ChevronRightIcon, PencilIcon, TrashIcon } from '../components/ui/icons';
import { Switch } from '../components/ui/Switch';
import { client, unwrap } from '../lib/api';
import { ApiRequestError } from '../lib/errors';
import { addDays, istanbulToday } from '../lib/format';
import { usePanelFacility } from '../lib/panel-facility';
import { thisMonday } from '../lib/week';
import { toast } from '../stores/toast';

const card = 'min-w-0 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-700 dark:bg-slate-900';
const LOAD_FAILED = 'Fiyat kuralları yüklenemedi';
const SAVE_FAILED = 'Fiyat kuralları kaydedilemedi';
const APPLY_FAILED = 'Fiyatlar uygulanamadı';
/** Re-pricing reaches as far as generation: today to three months ahead (behaviour.md#slots, the server checks it too). */
const APPLY_WINDOW_DAYS = 92;

const failure = (e: unknown, fallback: string) => (e instanceof ApiRequestError && e.message ? e.message : fallback);

type Editing = { draft: RuleDraft; index: number | null } | null;

/**
 * Fiyatlandırma: a pitch's price rules as an ordered list (the order breaks priority ties), a week's preview
 * of the prices they give before anything is saved, and re-pricing the free slots already generated.
 */
export default function PricingManager() {
  const { facilities, facilityId, setFacilityId, failed, options } = usePanelFacility();
  const [saved, setSaved] = useState<PriceRulesWire | null>(null);
  const [drafts, setDrafts] = useState<RuleDraft[]>([]);
  const [status, setStatus] = useState<'idle' | 'loading' | 'error'>('loading');
  const [saving, setSaving] = useState(false);
  const [editing, setEditing] = useState<Editing>(null);
  const [monday, setMonday] = useState(() => thisMonday());

  useEffect(() => {
    if (!facilityId) return;
    let live = true;
    setStatus('loading');
    fetchRules(facilityId)
      .then((data) => {
        if (!live) return;
        setSaved(data);
        setDrafts(data.rules.map(draftFromWire));
        setStatus('idle');
      })
      .catch(() => live && setStatus('error'));
    return () => {
      live = false;
    };
  }, [facilityId]);

  const dirty = useMemo(() => {
    if (!saved) return false;
    const now = JSON.stringify(drafts.map(draftBody));
    const before = JSON.stringify(saved.rules.map(draftFromWire).map(draftBody));
    return now !== before;
  }, [drafts, saved]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  async function save() {
    if (!saved || saving) return;
    setSaving(true);
    try {
      const data = await unwrap(
        client.api.facilities[':ref']['price-rules'].$put({
          param: { ref: String(saved.facility.id) },
          json: { rules: drafts.map(draftBody) },
        }),
      );
      setSaved(data);
      setDrafts(data.rules.map(draftFromWire));
      toast('success', 'Fiyat kuralları kaydedildi', 'Yeni oluşturulan slotlar bu fiyatlarla oluşturulur.');
    } catch (e) {
      toast('error', failure(e, SAVE_FAILED));
    } finally {
      setSaving(false);
    }
  }

  const move = (i: number, by: -1 | 1) =>
    setDrafts((ds) => {
      const j = i + by;
      if (j < 0 || j >= ds.length) return ds;
      const next = [...ds];
      [next[i], next[j]] = [next[j], next[i]];
      return next;
    });

  return (
    <div className="space-y-5">
      <header>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl dark:text-slate-100">Fiyatlandırma</h1>
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          Saate, güne ve tarihe göre fiyat kuralları tanımlayın; kaydetmeden önce haftanın fiyatlarını önizleyin.
        </p>
      </header>

      <FacilityPicker
        facilities={facilities}
        facilityId={facilityId}
        options={options}
        onChange={(v) => {
          if (dirty && !window.confirm('Kaydedilmemiş değişiklikler silinecek. Devam edilsin mi?')) return;
          setFacilityId(v);
        }}
        isDisabled={saving}
      />

      {(failed || status === 'error') && <LoadFailed>{LOAD_FAILED}</LoadFailed>}

      {saved && !failed && status !== 'error' && (
        <>
          <section
            aria-labelledby="price-rules-title"
            className={card}
            aria-busy={status === 'loading'}
            data-price-rules
          >
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 id="price-rules-title" className="text-lg font-bold text-slate-900 dark:text-slate-100">
                Fiyat kuralları
              </h2>
              <Button size="sm" onPress={() => setEditing({ draft: emptyDraft(), index: null })}>
                Kural ekle
              </Button>
            </div>
            <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
              Bir saate birden çok kural uyarsa önceliği yüksek olan, eşitse tarihli olan, o da eşitse listede üstte
              olan geçerlidir. Kurala uymayan saatler saat ücretiyle satılır.
            </p>
            <div className="mt-3 flex flex-wrap gap-2" aria-label="Hazır kurallar" role="group">
              {PRESETS.map((p) => (
                <Button
                  key={p.label}
                  size="sm"
                  variant="secondary"
                  onPress={() => setEditing({ draft: p.make(), index: null })}
                >
                  + {p.label}
                </Button>
              ))}
            </div>
            {drafts.length === 0 ? (
              <p className="mt-4 text-sm text-slate-700 dark:text-slate-300" data-no-rules>
                Bu saha için kural yok: her saat {saved.facility.hourlyPrice.toLocaleString('tr-TR')} ₺ saat ücretiyle
                satılır.
              </p>
            ) : (
              <ol className="mt-4 space-y-2">
                {drafts.map((d, i) => {
                  const checked = checkDraft(d);
                  const summary = 'rule' in checked ? ruleSummary(checked.rule) : 'Geçersiz kural';
                  const name = d.name.trim() || 'Adsız kural';
                  return (
                    <li
                      key={d.key}
                      className="flex min-w-0 flex-wrap items-center gap-3 rounded-xl border border-slate-200 p-3 dark:border-slate-700"
                      data-rule-row={name}
                    >
                      <div className="min-w-0 flex-1 basis-48">
                        <p className="font-semibold [overflow-wrap:anywhere] text-slate-900 dark:text-slate-100">
                          {name}
                          {Number(d.priority) > 0 && (
                            <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800 dark:bg-slate-800 dark:text-slate-200">
                              Öncelik {d.priority}
                            </span>
                          )}
                        </p>
                        <p className="text-sm [overflow-wrap:anywhere] text-slate-700 dark:text-slate-300">{summary}</p>
                      </div>
                      <Switch
                        isSelected={d.isActive}
                        onChange={(isActive) => setDrafts((ds) => ds.map((x, j) => (j === i ? { ...x, isActive } : x)))}
                      >
                        <span>Etkin</span>
                        <span className="sr-only">: {name}</span>
                      </Switch>
                      <div className="flex gap-1">
                        <Button
                          size="iconSm"
                          variant="quiet"
                          aria-label={`${name}: yukarı taşı`}
                          isDisabled={i === 0}
                          onPress={() => move(i, -1)}
                        >
                          <ChevronLeftIcon className="h-4 w-4 rotate-90" />
                        </Button>
                        <Button
                          size="iconSm"
                          variant="quiet"
                          aria-label={`${name}: aşağı taşı`}
                          isDisabled={i === drafts.length - 1}
                          onPress={() => move(i, 1)}
                        >
                          <ChevronRightIcon className="h-4 w-4 rotate-90" />
                        </Button>
                        <Button
                          size="iconSm"
                          variant="quiet"
                          aria-label={`${name}: düzenle`}
                          onPress={() => setEditing({ draft: d, index: i })}
                        >
                          <PencilIcon />
                        </Button>
                        <Button
                          size="iconSm"
                          variant="quiet"
                          aria-label={`${name}: sil`}
                          onPress={() => setDrafts((ds) => ds.filter((_, j) => j !== i))}
                        >
                          <TrashIcon />
                        </Button>
                      </div>
                    </li>
                  );
                })}
              </ol>
            )}
            <div className="mt-4 flex flex-wrap items-center justify-end gap-3">
              {dirty && (
                <p
                  role="status"
                  className="mr-auto flex items-center gap-2 text-sm font-medium text-amber-900 dark:text-amber-200"
                >
                  <AlertIcon className="h-4 w-4 shrink-0" />
                  Kaydedilmemiş değişiklikler var
                </p>
              )}
              <Button
                variant="secondary"
                isDisabled={!dirty || saving}
                onPress={() => setDrafts(saved.rules.map(draftFromWire))}
              >
                Değişiklikleri geri al
              </Button>
              <Button isDisabled={!dirty || saving} onPress={save}>
                {saving ? 'Kaydediliyor...' : 'Kuralları kaydet'}
              </Button>
            </div>
          </section>

          <PricePreview facility={saved.facility} drafts={drafts} monday={monday} onWeek={setMonday} />

          <ApplyCard facilityId={saved.facility.id} blocked={dirty || saving} />
        </>
      )}

      {editing && (
        <RuleDialog
          draft={editing.draft}
          isNew={editing.index === null}
          onClose={() => setEditing(null)}
          onSave={(draft) => {
            setDrafts((ds) =>
              editing.index === null ? [...ds, draft] : ds.map((x, j) => (j === editing.index ? draft : x)),
            );
            setEditing(null);
          }}
        />
      )}
    </div>
  );
}

async function fetchRules(id: string): Promise<PriceRulesWire> {
  return (await unwrap(client.api.facilities[':ref']['price-rules'].$get({ param: { ref: id } }))) as PriceRulesWire;
}

/** Re-prices the free slots of a range already generated; booked and past slots keep their price (the server's rule). */
function ApplyCard({ facilityId, blocked }: { facilityId: number; blocked: boolean }) {
  const today = istanbulToday();
  const max = addDays(today, APPLY_WINDOW_DAYS);
  const [from, setFrom] = useState(today);
  const [to, setTo] = useState(addDays(today, 30));
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<string | null>(null);
  const outside = (d: string) => Boolean(d) && (d < today || d > max);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy || blocked || !from || !to || from > to || outside(from) || outside(to)) return;
    setBusy(true);
    setResult(null);
    try {
      const data = await unwrap(
        client.api.facilities[':ref']['price-rules'].apply.$post({
          param: { ref: String(facilityId) },
          json: { startDate: from, endDate: to },
        }),
      );
      setResult(data.message);
      toast('success', data.message);
    } catch (err) {
      toast('error', failure(err, APPLY_FAILED));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="apply-title" className={card} data-apply-prices>
      <h2 id="apply-title" className="text-lg font-bold text-slate-900 dark:text-slate-100">
        Oluşturulmuş slotlara uygula
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        Kurallar bundan sonra oluşturulan slotlara kendiliğinden uygulanır. Daha önce oluşturulmuş boş slotların
        fiyatını güncellemek için bir tarih aralığı seçin. Rezervasyonu olan ve geçmiş slotların fiyatı değişmez.
      </p>
      <form onSubmit={submit} noValidate className="mt-4 grid min-w-0 gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <IsoDatePicker
          label="Başlangıç tarihi"
          value={from}
          min={today}
          max={max}
          onChange={setFrom}
          errorMessage={outside(from) ? 'Tarih bugün ile 3 ay sonrası arasında olmalı' : null}
          validationBehavior="aria"
        />
        <IsoDatePicker
          label="Bitiş tarihi"
          value={to}
          min={from || today}
          max={max}
          onChange={setTo}
          errorMessage={
            outside(to)
              ? 'Tarih bugün ile 3 ay sonrası arasında olmalı'
              : from && to && to < from
                ? 'Bitiş tarihi başlangıç tarihinden önce olamaz'
                : null
          }
          validationBehavior="aria"
        />
        <Button type="submit" isDisabled={busy || blocked || !from || !to}>
          {busy ? 'Uygulanıyor...' : 'Fiyatları uygula'}
        </Button>
      </form>
      {blocked && (
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">Uygulamadan önce kuralları kaydedin.</p>
      )}
      {result && (
        <p
          role="status"
          className="mt-3 rounded-xl border border-turf-300 bg-turf-50 p-3 text-sm [overflow-wrap:anywhere] text-turf-950 dark:border-turf-800 dark:bg-turf-950 dark:text-turf-100"
          data-apply-result
        >
          {result}
        </p>
      )}
    </section>
  );
}
